"""Deprecated: moved to :mod:`threeup3down.core.validation` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.core.validation import *  # noqa: F403

moved(__name__)
