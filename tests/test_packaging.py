"""The package's metadata: what an index shows, and extras split by purpose."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import threeup3down

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_core_depends_on_attrs_only() -> None:
    """attrs is the only runtime dependency; everything else is an optional extra."""
    assert [re.split(r"[<>=!~ ]", dependency)[0] for dependency in PROJECT["dependencies"]] == ["attrs"]


def test_dev_is_the_union_of_the_other_extras() -> None:
    """dev installs every other extra, and nothing of its own."""
    extras = PROJECT["optional-dependencies"]
    others = sorted(set(extras) - {"dev"})
    assert {"test", "docs", "web"} <= set(others)
    [union] = extras["dev"]
    assert union.startswith("threeup3down[") and sorted(union[13:-1].split(",")) == others


def test_the_readme_lists_every_extra() -> None:
    """The README's table of extras names each extra of pyproject.toml once, ``dev`` included."""
    extras = set(PROJECT["optional-dependencies"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1] for line in readme.splitlines() if re.match(r"\| `", line)]
    listed = [name for row in rows for name in re.findall(r"`([a-z0-9]+)`", row)]
    listed += re.findall(r"`(dev)` is all of them", readme)
    assert sorted(listed) == sorted(extras)


def test_the_index_shows_a_description_authors_classifiers_and_keywords() -> None:
    """Development status, supported Pythons, typed and games are classified; the version is the package's."""
    classifiers = PROJECT["classifiers"]
    assert any(item.startswith("Development Status :: ") for item in classifiers)
    minimum = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {minimum}" in classifiers
    assert {"Typing :: Typed", "Topic :: Games/Entertainment"} <= set(classifiers)
    assert PROJECT["description"] and PROJECT["authors"] and PROJECT["keywords"]
    assert PROJECT["version"] == threeup3down.__version__


def test_the_changelog_has_a_dated_section_for_this_version() -> None:
    """CHANGELOG.md has an empty-or-not Unreleased section, then a dated section for this version, linked below."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = re.escape(threeup3down.__version__)
    assert re.search(r"^## \[Unreleased\]$", text, re.MULTILINE)
    assert re.search(rf"^## \[{version}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.MULTILINE)
    assert re.search(rf"^\[{version}\]: ", text, re.MULTILINE)
    assert re.search(r"^\[Unreleased\]: ", text, re.MULTILINE)


def test_the_rules_page_states_the_rules_version_the_engine_reports() -> None:
    """docs/rules.rst names the same rules version as RULES_VERSION."""
    rules_page = (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    assert f"**Rules version {threeup3down.RULES_VERSION}.**" in rules_page


def test_the_install_commands_let_mypy_find_the_types() -> None:
    """The README's, CONTRIBUTING's and CI's editable installs are strict ones, whose
    links mypy follows (the default install's import hook it cannot see), and CI
    type-checks a user's file from outside the repository against that install."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for text in (readme, contributing, ci):
        installs = re.findall(r"pip install (?:--quiet )?-e \S+.*", text)
        assert installs and all("--config-settings editable_mode=strict" in line for line in installs), installs
    assert 'cp tests/data/user_typecheck.py "$user_dir/"' in ci
    assert '(cd "$user_dir" && python -m mypy --strict --no-incremental user_typecheck.py)' in ci
    assert ci.index("editable_mode=strict") < ci.index("user_typecheck.py")
    assert "from threeup3down import" in (ROOT / "tests" / "data" / "user_typecheck.py").read_text(encoding="utf-8")
