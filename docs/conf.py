"""Sphinx configuration for the threeup3down documentation.

Build (warnings are errors, every reference must resolve)::

    python -m sphinx -W --keep-going -n -b html docs docs/_build/html
    python -m sphinx -W --keep-going -n -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import threeup3down

# The local extensions: apilinks (references to exported names, the table of
# exports), rulespec (rule and decision directives, the rule-coverage table),
# table_svg (pictures of positions, drawn at build time).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "threeup3down"
author = "The threeup3down developers"
copyright = "2026, The threeup3down developers"
release = threeup3down.__version__
version = release
rules_version = threeup3down.RULES_VERSION
# |release| is Sphinx's own; |rules_version| is the rules version the engine implements.
rst_prolog = f".. |rules_version| replace:: {rules_version}\n"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "myst_parser",
    "apilinks",
    "rulespec",
    "table_svg",
    "speed_table",
    "matplotlib.sphinxext.plot_directive",  # the extra [plot]
]

# Figures drawn at build time from stored data (docs/_data): PNG only, no source link.
plot_formats = [("png", 100)]
plot_html_show_source_link = False
plot_html_show_formats = False

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]

# Every cross-reference must resolve (-n). There is no intersphinx (the build
# needs no network), so names from the standard library, which appear in type
# hints and docstrings, are rendered as plain text instead of links.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", rf"(?:{'|'.join(sorted(sys.stdlib_module_names))})(?:\..+)?"),
    # The learning frameworks of the adapters, and the kernel's JAX, have no intersphinx either.
    (r"py:.*", r"(?:numpy|np|npt|gymnasium|pettingzoo|pyspiel|open_spiel|jax)\b.*"),
    # Nor has the table server's web framework and its HTTP server.
    (r"py:.*", r"(?:starlette|uvicorn)\b.*"),
    # A private class in a signature (a protocol of what a function reads) is plain text.
    (r"py:class", r"threeup3down\.(?:\w+\.)*_\w+"),
]

# -- API reference -------------------------------------------------------------
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"

autosummary_generate = True
python_use_unqualified_type_names = True

# -- Markdown (the changelog) --------------------------------------------------
myst_heading_anchors = 3

# -- Doctests (sphinx -b doctest) ----------------------------------------------
# Every ">>>" block of the pages is a test. The examples of docstrings are run
# by pytest (--doctest-modules) in their module's namespace; apilinks marks
# them to be skipped here.
doctest_test_doctest_blocks = "default"
# Exception details are compared (Sphinx ignores them by default): an example
# that shows an error shows its exact message.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# -- HTML ----------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"threeup3down {release} (rules version {rules_version})"
html_static_path = ["_static"]
html_css_files = ["rules.css", "layout.css"]
html_sidebars = {
    "**": ["about.html", "searchfield.html", "navigation.html", "relations.html"],
    # The rules page is long: its sidebar lists its sections and every rule.
    "rules": ["about.html", "searchfield.html", "localtoc.html", "relations.html"],
}
html_theme_options = {
    "description": "The rules engine for the card game 3UP 3DOWN",
    "fixed_sidebar": True,
    "page_width": "1180px",
    "sidebar_width": "240px",
    "sidebar_includehidden": False,  # the pages for maintainers stay out of the menu
}
