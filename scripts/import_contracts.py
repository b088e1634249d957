"""An import-linter contract type: no module imports another subpackage's private names.

A name whose first character is an underscore (``_deal``, ``_CACHE``) is a
module's own business; its subpackage may share it between its modules, but
no other subpackage may import it (``from threeup3down.core.engine import
_plays``) or reach it through a module imported whole
(``engine._plays``). Configured in ``pyproject.toml``::

    [tool.importlinter]
    contract_types = ["private_names: scripts.import_contracts.PrivateNamesContract"]

    [[tool.importlinter.contracts]]
    name = "No private name is imported across subpackages"
    type = "private_names"
    containers = ["threeup3down"]

The subpackage of a module is the child of a container it lies in (a module
directly in a container is a subpackage of its own). Every module of the
graph under a container is read with :mod:`ast`, so imports inside functions
count as well.
"""

from __future__ import annotations

import ast
import importlib.util

import grimp
from importlinter import Contract, ContractCheck, fields, output

__all__ = ["PrivateNamesContract", "private_imports"]


class PrivateNamesContract(Contract):
    """Fails if a module imports a private name from a module of another subpackage."""

    type_name = "private_names"

    containers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        containers: list[str] = self.containers  # type: ignore[assignment]
        found: list[str] = []
        for container in containers:
            for module in sorted(graph.find_descendants(container) | {container}):
                found += private_imports(module, container)
        return ContractCheck(kept=not found, metadata={"imports": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["imports"]:
            output.print_error(f"- {line}", bold=False)
            output.new_line()


def private_imports(module: str, container: str) -> list[str]:
    """Each private name ``module`` takes from a module of another subpackage of
    ``container``, as ``"importer:line imports imported.name"``."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return []
    with open(spec.origin, encoding="utf-8") as file:
        tree = ast.parse(file.read(), filename=spec.origin)
    package = module if spec.submodule_search_locations is not None else module.rpartition(".")[0]
    home = _subpackage(module, container)
    found = []
    aliases: dict[str, str] = {}  # a module imported whole, by the name it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, package)
            for alias in node.names:
                imported = f"{source}.{alias.name}"
                if importlib.util.find_spec(source) is not None and _is_module(imported):
                    aliases[alias.asname or alias.name] = imported
                elif _is_private(alias.name) and _foreign(source, home, container):
                    found.append(f"{module}:{node.lineno} imports {source}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            whole = aliases.get(node.value.id)
            if whole is not None and _is_private(node.attr) and _foreign(whole, home, container):
                found.append(f"{module}:{node.lineno} reads {whole}.{node.attr}")
    return found


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` reads from, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
    return f"{base}.{node.module}" if node.module else base


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _subpackage(module: str, container: str) -> str:
    """The child of ``container`` that ``module`` lies in (or is)."""
    rest = module[len(container) + 1 :].split(".")[0] if module != container else ""
    return f"{container}.{rest}" if rest else container


def _foreign(source: str, home: str, container: str) -> bool:
    """Whether ``source`` lies in ``container`` but outside the subpackage ``home``."""
    inside = source == container or source.startswith(container + ".")
    return inside and _subpackage(source, container) != home
