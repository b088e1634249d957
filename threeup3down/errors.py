"""Deprecated: moved to :mod:`threeup3down.core.errors` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.core.errors import *  # noqa: F403

moved(__name__)
