"""Traceability: the rules specification, the tests and the engine's refusals agree.

* every rule the specification (``docs/rules.rst``) declares is cited by at
  least one test marker ``@pytest.mark.spec(...)``;
* no test cites an ID the specification does not declare;
* every :class:`~threeup3down.IllegalMoveError` the package can raise carries,
  as a string literal, the ID of a rule of the specification (checked over
  the source with :mod:`ast`, so over every code path, not only those a game
  happens to reach), and the specification's refusal table lists exactly the
  rules the code cites;
* every public name has a doctest, and every public module is in the API
  reference.

The markers and the specification are read by ``docs/_ext/spec_markers.py``,
the same reader that builds the coverage table of the documentation.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import inspect
import pkgutil
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

import threeup3down
from tests.extras import OPTIONAL_PACKAGES, REQUIRED
from threeup3down._deprecated import MOVED
from threeup3down import (
    ChooseUp,
    ClearTwoDraw,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    GameState,
    IllegalMoveError,
    Move,
    PickUp,
    Play,
    Rules,
    Source,
    Swap,
    apply,
    legal_moves,
    new_game,
)

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PACKAGE = ROOT / "threeup3down"
SPEC = ROOT / "docs" / "rules.rst"
API_PAGE = ROOT / "docs" / "api.rst"
INTERNALS_PAGE = ROOT / "docs" / "internals.rst"


def _load_reader() -> ModuleType:
    """``docs/_ext/spec_markers.py``, which is not a package module."""
    spec = importlib.util.spec_from_file_location(
        "spec_markers", ROOT / "docs" / "_ext" / "spec_markers.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reader = _load_reader()


def spec_rules() -> dict[str, str]:
    """The rules the specification declares: ID -> title."""
    rules: dict[str, str] = reader.rules_in(SPEC.read_text(encoding="utf-8"))
    return rules


def citations(tests: Path = TESTS) -> dict[str, list[str]]:
    """Every marked test under ``tests`` -> the IDs it cites."""
    markers: dict[str, list[str]] = reader.spec_markers(tests)
    return markers


def unknown_citations(markers: dict[str, list[str]], rules: dict[str, str]) -> dict[str, list[str]]:
    """The tests that cite IDs missing from ``rules``, with those IDs."""
    unknown = {
        test_id: [rule for rule in ids if rule not in rules] for test_id, ids in markers.items()
    }
    return {test_id: ids for test_id, ids in unknown.items() if ids}


def uncited_rules(markers: dict[str, list[str]], rules: dict[str, str]) -> list[str]:
    """The rules of ``rules`` that no test cites."""
    cited = {rule for ids in markers.values() for rule in ids}
    return [rule for rule in rules if rule not in cited]


# ------------------------------------------------------------ spec <-> tests


def test_the_specification_declares_every_rule_once() -> None:
    """The spec page declares D1-D3, S1-S6, T1-T4, P1-P4, C1-C7, F1-F5, W1 and O1-O11, each once."""
    text = SPEC.read_text(encoding="utf-8")
    declared = re.findall(r"^\.\. rule:: +(\S+)", text, flags=re.MULTILINE)
    expected = (
        [f"D{n}" for n in range(1, 4)]
        + [f"S{n}" for n in range(1, 7)]
        + [f"T{n}" for n in range(1, 5)]
        + [f"P{n}" for n in range(1, 5)]
        + [f"C{n}" for n in range(1, 8)]
        + [f"F{n}" for n in range(1, 6)]
        + ["W1"]
        + [f"O{n}" for n in range(1, 12)]
    )
    assert declared == expected
    assert all(spec_rules().values()), "every rule has a :title:"


def test_every_rule_of_the_specification_is_cited_by_a_test() -> None:
    """Each rule ID of the spec page is cited by at least one @pytest.mark.spec marker."""
    assert uncited_rules(citations(), spec_rules()) == []


def test_no_test_cites_a_rule_missing_from_the_specification() -> None:
    """Every ID a test cites is declared in the spec page."""
    assert unknown_citations(citations(), spec_rules()) == {}


def test_a_citation_of_an_undeclared_rule_is_reported(tmp_path: Path) -> None:
    """The check above catches an unknown ID in each place a marker can sit."""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_example.py").write_text(
        "import pytest\n"
        "pytestmark = [pytest.mark.spec('P2')]\n"
        "@pytest.mark.spec('Z9')\n"
        "def test_function() -> None: ...\n"
        "@pytest.mark.spec('P3')\n"
        "class TestGroup:\n"
        "    pytestmark = pytest.mark.spec('Q1')\n"
        "    def test_method(self) -> None: ...\n"
        "@pytest.mark.parametrize('n', [pytest.param(1, marks=pytest.mark.spec('X5'))])\n"
        "def test_parametrized(n: int) -> None: ...\n"
        "NAME = 'P1'\n"
        "@pytest.mark.spec(NAME)\n"
        "def test_not_a_literal() -> None: ...\n"
        "def test_module_mark_only() -> None: ...\n"
        "def helper() -> None: ...\n",
        encoding="utf-8",
    )
    markers = citations(tests)
    assert markers == {
        "tests/test_example.py::test_function": ["P2", "Z9"],
        "tests/test_example.py::TestGroup::test_method": ["P2", "P3", "Q1"],
        "tests/test_example.py::test_parametrized": ["P2", "X5"],
        "tests/test_example.py::test_not_a_literal": ["P2", "<not a string: NAME>"],
        "tests/test_example.py::test_module_mark_only": ["P2"],
    }
    assert unknown_citations(markers, spec_rules()) == {
        "tests/test_example.py::test_function": ["Z9"],
        "tests/test_example.py::TestGroup::test_method": ["Q1"],
        "tests/test_example.py::test_parametrized": ["X5"],
        "tests/test_example.py::test_not_a_literal": ["<not a string: NAME>"],
    }
    assert "W1" in uncited_rules(markers, spec_rules())


# --------------------------------------------------- refusals <-> the spec


def package_modules() -> Iterator[tuple[Path, ast.Module]]:
    """Every source file of the package, parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _name(node: ast.expr) -> str | None:
    """The name a call's function is written as: ``f`` or ``x.f``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    """The argument given for parameter ``keyword`` at ``position`` of ``call``."""
    for given in call.keywords:
        if given.arg == keyword:
            return given.value
    if position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args):
        return call.args[position]
    return None


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _enclosing_function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.FunctionDef | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef):
            return node
    return None


def refusal_helpers() -> dict[str, int]:
    """Functions that build an IllegalMoveError from a parameter: name -> that parameter's position.

    In the engine this is ``_refuse(state, move, why, rule)``; the rule IDs are
    then checked at the helper's call sites.
    """
    helpers: dict[str, int] = {}
    for _, tree in package_modules():
        parents = _parents(tree)
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and _name(call.func) == "IllegalMoveError"):
                continue
            rule = _argument(call, 99, "rule")
            function = _enclosing_function(call, parents)
            if isinstance(rule, ast.Name) and function is not None:
                parameters = [argument.arg for argument in function.args.args]
                if rule.id in parameters:
                    helpers[function.name] = parameters.index(rule.id)
    return helpers


def cited_refusals() -> dict[str, list[str]]:
    """Every rule an IllegalMoveError of the package can cite -> where ("file:line").

    Raises AssertionError for any construction whose rule is not a string
    literal, or that the other checks cannot see.
    """
    helpers = refusal_helpers()
    cited: dict[str, list[str]] = {}
    for path, tree in package_modules():
        parents = _parents(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name == "IllegalMoveError":
                rule = _argument(node, 99, "rule")
                function = _enclosing_function(node, parents)
                if function is not None and function.name in helpers:
                    continue  # the rule is the helper's parameter, checked at its calls
            elif name in helpers:
                rule = _argument(node, helpers[name], "rule")
            else:
                continue
            where = f"{path.name}:{node.lineno}"
            if rule is not None and _passed_on(rule, node, parents):
                continue  # re-raised with the rule of a refusal already checked here
            assert isinstance(rule, ast.Constant) and isinstance(rule.value, str), (
                f"{where}: the rule of an IllegalMoveError must be a string literal"
            )
            cited.setdefault(rule.value, []).append(where)
    return cited


def _passed_on(rule: ast.expr, node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``rule`` is ``error.rule`` inside ``except IllegalMoveError as error``."""
    if not (
        isinstance(rule, ast.Attribute)
        and rule.attr == "rule"
        and isinstance(rule.value, ast.Name)
    ):
        return False
    while node in parents:
        node = parents[node]
        if (
            isinstance(node, ast.ExceptHandler)
            and node.name == rule.value.id
            and node.type is not None
            and _name(node.type) == "IllegalMoveError"
        ):
            return True
    return False


def test_every_refusal_cites_a_rule_of_the_specification() -> None:
    """Each IllegalMoveError the package builds names, as a literal, a rule the spec declares."""
    cited = cited_refusals()
    assert cited, "the engine refuses moves"
    assert {rule: places for rule, places in cited.items() if rule not in spec_rules()} == {}


def test_illegal_move_errors_have_no_other_construction_path() -> None:
    """IllegalMoveError is built only by direct calls (checked above) and by unpickling.

    Anything else (a subclass, the class passed around as a value, a refusal
    helper passed around, an error's rule changed afterwards) would escape
    the check of the rule IDs.
    """
    helpers = refusal_helpers()
    problems = []
    for path, tree in package_modules():
        parents = _parents(tree)
        for node in ast.walk(tree):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.ClassDef) and any(
                _name(base) == "IllegalMoveError" for base in node.bases
            ):
                problems.append(f"{where}: subclass {node.name} of IllegalMoveError")
            if isinstance(node, ast.Attribute) and node.attr == "rule" and isinstance(
                node.ctx, ast.Store
            ):
                function = _enclosing_function(node, parents)
                if not (path.name == "errors.py" and function is not None):
                    problems.append(f"{where}: an error's rule is assigned")
            name = node.id if isinstance(node, ast.Name) else None
            if name not in ("IllegalMoveError", *helpers):
                continue
            parent = parents[node]
            if isinstance(parent, ast.Call) and parent.func is node:
                continue  # a construction or helper call: checked by the test above
            if name == "IllegalMoveError" and (
                _is_caught(node, parents) or _in_annotation(node, parents)
            ):
                continue
            function = _enclosing_function(node, parents)
            if path.name == "errors.py" and function is not None and function.name.startswith(
                "_rebuild"
            ):
                continue  # unpickling restores an error that was already checked
            problems.append(f"{where}: {name} used other than by calling it")
    assert problems == []


def _is_caught(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` is (part of) the type of an ``except`` clause or an isinstance check."""
    while node in parents:
        parent = parents[node]
        if isinstance(parent, ast.ExceptHandler) and parent.type is node:
            return True
        if isinstance(parent, ast.Call) and _name(parent.func) in ("isinstance", "issubclass"):
            return node in parent.args[1:]
        if not isinstance(parent, ast.Tuple):
            return False
        node = parent
    return False


def _in_annotation(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` is part of a type annotation."""
    while node in parents:
        parent = parents[node]
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.returns is node:
            return True
        if isinstance(parent, ast.arg) and parent.annotation is node:
            return True
        if isinstance(parent, ast.AnnAssign) and parent.annotation is node:
            return True
        if not isinstance(parent, (ast.BinOp, ast.Subscript, ast.Tuple, ast.Attribute)):
            return False
        node = parent
    return False


def refusal_table() -> set[str]:
    """The rule IDs in the spec page's refusal table (its ``refusals`` section)."""
    text = SPEC.read_text(encoding="utf-8")
    section = text.split(".. _refusals:", 1)[1].split("\n.. _", 1)[0]
    return set(re.findall(r":rule:`([A-Z][0-9]+)`", section))


def test_the_refusal_table_lists_exactly_the_rules_the_engine_cites() -> None:
    """The spec's refusal table and the refusals in the code name the same rules."""
    assert refusal_table() == set(cited_refusals())


def _candidate_moves(state: GameState) -> Iterator[Move]:
    """Moves worth trying in ``state``: the legal ones and many that are not."""
    seat = state.seats[state.current_player]
    yield from legal_moves(state)
    yield from (PickUp(), Draw(), DrawInstead(), DeclineSwap())
    yield from (FlipDown(position) for position in range(4))
    cards = sorted(set(seat.hand + seat.up + state.draw_pile[-3:]))
    for card in cards[:6]:
        yield Play((card,))
        yield Play((card,), Source.UP)
        yield Swap(card, card)
    if len(cards) >= 2:
        yield Play((cards[0], cards[-1]))
        yield Play((cards[-1], cards[-1]))
        yield ChooseUp(tuple(cards[:2]))
    if len(cards) >= 3:
        yield ChooseUp(tuple(cards[:3]))


TABLES: dict[str, Callable[[int], Rules]] = {
    "base": lambda players: Rules(players=players, turn_limit=150),
    "take,reverse": lambda players: Rules(
        players=players, turn_limit=150, draw_instead=True, reverse_on_one=True
    ),
    "swap,places": lambda players: Rules(
        players=players, turn_limit=150, same_colour_swap=True, places=True
    ),
    "faces,pile-swap,each": lambda players: Rules(
        players=players,
        turn_limit=150,
        chosen_faces=True,
        pile_swap=True,
        clear_two_draw=ClearTwoDraw.EACH,
    ),
}


@pytest.mark.parametrize("table", TABLES)
def test_refusals_met_in_play_cite_rules_of_the_specification(table: str) -> None:
    """In random games, every refused move cites a spec rule, first in its message; legal moves pass.

    Once a game is over, every move is refused under W1.
    """
    rules_declared = spec_rules()
    rng = random.Random(3)
    refused: set[str] = set()
    for seed in range(6):
        state = new_game(TABLES[table](2 + seed % 3), seed=seed)
        while not state.is_over:
            legal = set(legal_moves(state))
            for move in _candidate_moves(state):
                try:
                    apply(state, move)
                except IllegalMoveError as error:
                    assert move not in legal, f"{move} is listed but refused in {state}"
                    assert error.rule in rules_declared, f"{move} in {state}: {error}"
                    assert str(error).startswith(f"{error.rule}: ")
                    refused.add(error.rule)
            state = apply(state, rng.choice(legal_moves(state)))
        for move in _candidate_moves(state):
            with pytest.raises(IllegalMoveError) as raised:
                apply(state, move)
            assert raised.value.rule == "W1"
    assert refused <= set(cited_refusals())


# ----------------------------------------------- documentation of the API


def public_module_names() -> list[str]:
    """The names of the package's public modules, in its subpackages (the
    deprecated paths of 0.3 left out)."""
    names = [info.name for info in pkgutil.walk_packages(threeup3down.__path__, "threeup3down.")]
    return sorted(
        name
        for name in names
        if not any(part.startswith("_") for part in name.split(".")) and name not in MOVED
    )


def public_modules() -> list[ModuleType]:
    """The package's public modules that import here (those needing a missing extra are left out)."""
    modules = []
    for name in public_module_names():
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as error:
            if REQUIRED or (error.name or "").split(".")[0] not in OPTIONAL_PACKAGES:
                raise
    return modules


def names_without_doctest() -> list[str]:
    """Public functions, classes and methods whose docstring shows no example.

    Public means listed in the ``__all__`` of the module that defines it. A
    method counts as shown when its class's example calls it.
    """
    finder = doctest.DocTestFinder(recurse=False)

    def examples(value: object, name: str, module: ModuleType) -> str:
        tests = finder.find(value, name, module=module, globs={})
        return "\n".join(example.source for test in tests for example in test.examples)

    missing = []
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if getattr(value, "__module__", None) != module.__name__:
                continue
            if not (inspect.isclass(value) or inspect.isfunction(value)):
                continue
            shown = examples(value, name, module)
            if not shown:
                missing.append(f"{module.__name__}.{name}")
            if not inspect.isclass(value):
                continue
            for attribute, member in vars(value).items():
                function = getattr(member, "__func__", member)
                if attribute.startswith("_") or not inspect.isfunction(function):
                    continue
                if not examples(function, attribute, module) and f".{attribute}(" not in shown:
                    missing.append(f"{module.__name__}.{name}.{attribute}")
    return missing


def test_every_public_function_and_class_has_a_doctest() -> None:
    """Each public function, class and method shows an example in its docstring."""
    assert names_without_doctest() == []


def listed_modules(page: Path) -> set[str]:
    """The modules an API page lists, one line each."""
    return set(re.findall(r"^   (threeup3down\.[\w.]+)$", page.read_text(encoding="utf-8"), re.M))


def test_every_public_module_is_in_the_api_reference() -> None:
    """Every public module of the package is listed once: on docs/api.rst (the
    modules a program imports) or on docs/internals.rst (the rest, by layer)."""
    users, maintainers = listed_modules(API_PAGE), listed_modules(INTERNALS_PAGE)
    assert users & maintainers == set()
    assert set(public_module_names()) - (users | maintainers) == set()


def test_the_api_reference_lists_every_module_the_guides_import() -> None:
    """A module that the README, the tutorial, a how-to or an example imports from
    is on the users' page, docs/api.rst, not only among the internals."""
    guides = [ROOT / "README.md", ROOT / "docs" / "tutorial.rst",
              *sorted((ROOT / "docs" / "howto").glob("*.rst")), *sorted((ROOT / "examples").glob("*.py"))]
    imported = {
        name
        for guide in guides
        for name in re.findall(r"(?:from|import) (threeup3down\.[\w.]+)", guide.read_text(encoding="utf-8"))
    }
    assert imported, "the guides import modules of the package"
    assert imported - listed_modules(API_PAGE) == set()
