"""Deprecated: moved to :mod:`threeup3down.cli.simulate` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.cli.simulate import *  # noqa: F403
from threeup3down.simulation.executors import ray_executor as ray_executor

moved(__name__)
