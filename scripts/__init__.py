"""Maintenance scripts: regenerate golden data, explore small games exhaustively.

Run them from the repository root, e.g. ``python scripts/make_golden.py``. The
tests import their functions (``from scripts.make_golden import ...``).
"""
