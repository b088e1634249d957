"""Deprecated: moved to :mod:`threeup3down.core.state` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.core.phase import Phase as Phase
from threeup3down.core.state import *  # noqa: F403

moved(__name__)
