"""Deprecated: moved to :mod:`threeup3down.cli.terminal` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.cli.terminal import *  # noqa: F403
from threeup3down.views.text import render_view as render_view

moved(__name__)
