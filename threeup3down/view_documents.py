"""Deprecated: moved to :mod:`threeup3down.formats.view_documents` in 0.4.0; this path goes in 0.5.0."""

from threeup3down._deprecated import moved
from threeup3down.formats.view_documents import *  # noqa: F403

moved(__name__)
