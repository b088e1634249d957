"""Read rule IDs out of the rules specification and out of the test suite.

Plain standard library, so that both the docs build (the coverage table) and
``tests/test_traceability.py`` (the checks) read the same markers the same way.

A test cites rules with the pytest marker ``spec``::

    @pytest.mark.spec("P2", "P3")
    def test_a_higher_number_may_be_played() -> None: ...

The marker may also sit on a class (it applies to every test in it), in a
module's or class's ``pytestmark`` (a mark or a list of marks), or in
``pytest.param(..., marks=...)`` inside a test's decorators. The test files
are parsed, never imported. An argument that is not a string literal is
reported as the pseudo-ID ``<not a string: ...>``, which no specification
declares, so the checks refuse it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["rule_sort_key", "rules_in", "spec_markers"]

_RULE = re.compile(
    r"^\.\. rule:: +(?P<id>\S+)[ \t]*\n(?:[ \t]+:title: +(?P<title>.+)\n)?", re.MULTILINE
)
"""A rule's directive in the reStructuredText of the rules specification."""

_SECTIONS = "DSTPCFWO"
"""The order of the rule sections in the specification."""


def rules_in(text: str) -> dict[str, str]:
    """The rules declared in reStructuredText ``text``: ID -> title, in order.

    A rule is declared as::

        .. rule:: P2
           :title: Equal or higher
    """
    return {match["id"]: (match["title"] or "").strip() for match in _RULE.finditer(text)}


def rule_sort_key(rule_id: str) -> tuple[int, int, str]:
    """Sort rule IDs as the specification orders them: D, S, T, P, C, F, W, O, then by number."""
    section = _SECTIONS.find(rule_id[:1])
    number = rule_id[1:]
    return (
        section if section >= 0 else len(_SECTIONS),
        int(number) if number.isdigit() else 0,
        rule_id,
    )


def spec_markers(tests: Path) -> dict[str, list[str]]:
    """Every test under ``tests`` that cites rule IDs: test ID -> cited IDs.

    Test IDs are written as pytest writes them, relative to the parent of
    ``tests``: ``tests/spec/test_play.py::TestMultiples::test_three_sevens``.
    """
    cited: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        module = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        prefix = path.relative_to(tests.parent).as_posix()
        for test_id, ids in _tests_in(module.body, prefix, _pytestmark(module.body)):
            if ids:
                cited[test_id] = ids
    return cited


def _tests_in(
    body: list[ast.stmt], prefix: str, inherited: list[str]
) -> Iterator[tuple[str, list[str]]]:
    """The tests defined in ``body`` with the IDs each cites (its own and inherited)."""
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            marks = inherited + _decorator_ids(node.decorator_list) + _pytestmark(node.body)
            yield from _tests_in(node.body, f"{prefix}::{node.name}", marks)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
            "test"
        ):
            ids = inherited + _decorator_ids(node.decorator_list)
            yield f"{prefix}::{node.name}", list(dict.fromkeys(ids))


def _pytestmark(body: list[ast.stmt]) -> list[str]:
    """The IDs cited by a ``pytestmark = ...`` assignment in ``body``."""
    ids: list[str] = []
    for node in body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        if value is not None and any(
            isinstance(target, ast.Name) and target.id == "pytestmark" for target in targets
        ):
            ids += _ids_in(value)
    return ids


def _decorator_ids(decorators: list[ast.expr]) -> list[str]:
    ids: list[str] = []
    for decorator in decorators:
        ids += _ids_in(decorator)
    return ids


def _ids_in(node: ast.AST) -> list[str]:
    """The IDs of every ``<...>.mark.spec("ID", ...)`` call within ``node``."""
    ids: list[str] = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and _is_spec_mark(call.func):
            ids += _string_arguments(call.args)
    return ids


def _is_spec_mark(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "spec"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def _string_arguments(arguments: Iterable[ast.expr]) -> list[str]:
    return [
        argument.value
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
        else f"<not a string: {ast.unparse(argument)}>"
        for argument in arguments
    ]
