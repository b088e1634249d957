"""Deprecated: moved to :mod:`threeup3down.core.state` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.core.state import format_position as format_position
from threeup3down.core.state import parse_position as parse_position

moved(__name__)
