"""Directives for the rules specification, and its generated rule-coverage table.

``.. rule:: P2`` (with ``:title:``) states a rule under its stable ID. The
anchor is the ID itself (``rules.html#P2``) and ``:rule:`P2``` links to it.

``.. decision:: Rules.clear_two_draw`` marks where the sources disagree or are
silent and the library decides; the optional argument names the
:class:`~threeup3down.Rules` field that offers the alternative (linked to its
documentation).

``.. rule-coverage::`` renders, for every rule of the specification, the tests
that cite it with ``@pytest.mark.spec(...)``. The tests are read with
:mod:`ast` at build time (see ``spec_markers.py``); a test citing an ID that
the specification does not declare is a build warning, so an error under
``-W``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.std import GenericObject, StandardDomain
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from spec_markers import rule_sort_key, rules_in, spec_markers

logger = logging.getLogger(__name__)

SPEC_DOCUMENT = "rules"
"""The document that declares the rules."""


class Rule(GenericObject):
    """``.. rule:: ID`` with ``:title:``: one rule of the specification."""

    option_spec: ClassVar[dict[str, Any]] = {
        **GenericObject.option_spec,
        "title": directives.unchanged_required,
    }

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> str:
        rule_id = sig.strip()
        signode += addnodes.desc_name(rule_id, rule_id)
        title = self.options.get("title")
        if title:
            signode += addnodes.desc_annotation(title, f" {title}")
        signode["rule-id"] = rule_id
        signode["rule-title"] = title or ""
        return rule_id

    def add_target_and_index(self, name: str, sig: str, signode: addnodes.desc_signature) -> None:
        signode["ids"].append(name)
        self.state.document.note_explicit_target(signode)
        self.indexnode["entries"].append(("single", f"{name} (rule)", name, "", None))
        std = self.env.get_domain("std")
        assert isinstance(std, StandardDomain)
        std.note_object(self.objtype, name, name, location=signode)

    # Each rule is an entry of the page's table of contents: "P2 Equal or higher".
    def _object_hierarchy_parts(self, sig_node: addnodes.desc_signature) -> tuple[str, ...]:
        return (sig_node["rule-id"],)

    def _toc_entry_name(self, sig_node: addnodes.desc_signature) -> str:
        return f"{sig_node['rule-id']} {sig_node['rule-title']}".strip()


class Decision(SphinxDirective):
    """``.. decision:: [variant]``: a choice the library makes where the sources do not."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        admonition = nodes.admonition(classes=["decision"])
        self.set_source_info(admonition)
        title = nodes.title("", "Decision")
        if self.arguments:
            text = self.arguments[0]
            if re.fullmatch(r"Rules\.\w+", text):
                text = f":attr:`{text} <threeup3down.{text}>`"
            variant, messages = self.state.inline_text(text, self.lineno)
            title += nodes.Text(" — variant ")
            title += variant
            admonition += messages
        admonition += title
        self.state.nested_parse(self.content, self.content_offset, admonition)
        return [admonition]


class RuleCoverage(SphinxDirective):
    """``.. rule-coverage::``: rule ID -> the tests that cite it."""

    def run(self) -> list[nodes.Node]:
        root = Path(self.env.srcdir).parent
        spec_path = Path(self.env.doc2path(SPEC_DOCUMENT))
        tests = root / "tests"
        self.env.note_dependency(str(spec_path))
        for path in (tests, *tests.rglob("*")):
            if path.is_dir() or path.name.startswith("test_"):
                self.env.note_dependency(str(path))  # a folder changes when a file is added
        rules = rules_in(spec_path.read_text(encoding="utf-8"))
        citations: dict[str, list[str]] = defaultdict(list)
        for test_id, ids in spec_markers(tests).items():
            for rule_id in ids:
                citations[rule_id].append(test_id)
                if rule_id not in rules:
                    logger.warning(
                        "%s cites %s, which the rules specification does not declare",
                        test_id,
                        rule_id,
                        location=self.get_location(),
                    )
        covered = sum(1 for rule_id in rules if citations.get(rule_id))
        summary = nodes.paragraph(
            "", f"{covered} of {len(rules)} rules are cited by at least one test."
        )
        return [summary, self._table(rules, citations)]

    def _table(self, rules: dict[str, str], citations: dict[str, list[str]]) -> nodes.table:
        table = nodes.table(classes=["rule-coverage", "colwidths-given"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (18, 7, 75):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(nodes.Text("Rule"), nodes.Text("Tests"), nodes.Text("Cited by"))
        group += head
        body = nodes.tbody()
        for rule_id in sorted(rules, key=rule_sort_key):
            tests = citations.get(rule_id, [])
            body += _row(
                self._rule_link(rule_id, rules[rule_id]),
                nodes.Text(str(len(tests))),
                _test_list(tests) if tests else nodes.emphasis("", "none yet"),
            )
        group += body
        return table

    def _rule_link(self, rule_id: str, title: str) -> nodes.Node:
        reference = addnodes.pending_xref(
            "",
            nodes.inline("", rule_id, classes=["xref", "std", "std-rule"]),
            refdomain="std",
            reftype="rule",
            reftarget=rule_id,
            refexplicit=True,
            refwarn=True,
            refdoc=self.env.docname,
        )
        paragraph = nodes.paragraph()
        paragraph += reference
        if title:
            paragraph += nodes.Text(f" {title}")
        return paragraph


def _row(*cells: nodes.Node) -> nodes.row:
    row = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += content if isinstance(content, nodes.Element) and not isinstance(
            content, nodes.Inline
        ) else nodes.paragraph("", "", content)
        row += entry
    return row


def _test_list(tests: list[str]) -> nodes.bullet_list:
    items = nodes.bullet_list(classes=["simple"])
    for test_id in tests:
        items += nodes.list_item("", nodes.paragraph("", "", nodes.literal(test_id, test_id)))
    return items


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_object_type("rule", "rule", objname="rule")
    app.add_directive_to_domain("std", "rule", Rule, override=True)
    app.add_directive("decision", Decision)
    app.add_directive("rule-coverage", RuleCoverage)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
