"""The package's exported names: where they are documented, and their index.

Every public name is documented once, in its own module (``threeup3down.core.cards.Card``).
Docstrings and pages may refer to it by the name users import
(``threeup3down.Card``, ``threeup3down.Rules.places``): when such a reference
finds no target, this extension looks the name up on the package and retries
with the module that defines it.

The examples in docstrings are run by ``pytest --doctest-modules``, in their
module's namespace; the ``doctest`` builder skips them (on the reference
pages they would lack that namespace) and runs the pages' own examples.

``.. package-exports::`` renders a table of every name in
``threeup3down.__all__``: the name, linked to its documentation, the module
that defines it, and the first line of its docstring.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from typing import Any, TypeVar

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

PACKAGE = "threeup3down"


def canonical_name(target: str) -> str | None:
    """Where ``target``, a dotted name under the package, is documented; None if elsewhere.

    ``threeup3down.Rules.places`` -> ``threeup3down.core.rules.Rules.places``;
    ``threeup3down.views.events.apply`` (imported there) -> ``threeup3down.core.engine.apply``.
    At the package level only the names of ``__all__`` count.
    """
    from threeup3down._deprecated import MOVED

    parts = target.split(".")
    if parts[0] != PACKAGE:
        return None
    for split in range(len(parts), 0, -1):
        if ".".join(parts[:split]) in MOVED:
            return None  # the module paths of 0.3 are not documented: refer to where things are
        try:
            module = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        break
    else:
        return None
    rest = parts[split:]
    if not rest or not hasattr(module, rest[0]):
        return None
    if module.__name__ == PACKAGE and rest[0] not in getattr(module, "__all__", ()):
        return None
    value = getattr(module, rest[0])
    home = _home_module(module, rest[0], value)
    qualname = getattr(value, "__qualname__", rest[0]) if _is_definition(value) else rest[0]
    canonical = ".".join([home, qualname, *rest[1:]])
    return canonical if canonical != target else None


def _is_definition(value: object) -> bool:
    """Whether ``value`` knows where it was defined (a class or a function)."""
    return inspect.isclass(value) or inspect.isroutine(value)


def _home_module(module: Any, name: str, value: object) -> str:
    """The package module that defines ``value`` (found as ``module.name``)."""
    home = getattr(value, "__module__", None) if _is_definition(value) else None
    if isinstance(home, str) and home.startswith(PACKAGE):
        return home
    if module.__name__ != PACKAGE:
        return str(module.__name__)
    return _defining_module(module, name)


def _is_type_variable(target: str, context: str | None) -> bool:
    """Whether ``target`` (read in module ``context``) names a :class:`typing.TypeVar`."""
    from threeup3down._deprecated import MOVED

    for dotted in (target, f"{context}.{target}" if context else target):
        module_name, _, name = dotted.rpartition(".")
        if not module_name.startswith(PACKAGE) or module_name in MOVED:
            continue
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if isinstance(getattr(module, name, None), TypeVar):
            return True
    return False


def resolve(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.TextElement
) -> nodes.Element | None:
    """``missing-reference``: retry a reference at the module that documents its target.

    The target is read as the reference's own module would read it (a docstring
    of ``threeup3down.views.events`` saying ``apply``), then as a package export.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    context = node.get("py:module")
    if _is_type_variable(target, context):
        return contnode  # a TypeVar has no page of its own: its name is plain text
    candidates = [target]
    if context and not target.startswith(PACKAGE + "."):
        candidates.insert(0, f"{context}.{target}")
    if not target.startswith(PACKAGE + "."):
        candidates.append(f"{PACKAGE}.{target}")
    domain = env.get_domain("py")
    for candidate in candidates:
        canonical = canonical_name(candidate)
        if canonical is None:
            continue
        retry = node.deepcopy()
        retry["reftarget"] = canonical
        retry["refspecific"] = False
        found = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], canonical, retry, contnode
        )
        if found is not None:
            return found
    return None


class PackageExports(SphinxDirective):
    """``.. package-exports::``: a table of the names ``import threeup3down`` offers."""

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(PACKAGE)
        table = nodes.table(classes=["package-exports"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (25, 20, 55):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(nodes.Text("Name"), nodes.Text("Module"), nodes.Text("Summary"))
        group += head
        body = nodes.tbody()
        problems: list[nodes.Node] = []
        for name in sorted(package.__all__, key=str.lower):
            value = getattr(package, name)
            module = getattr(value, "__module__", None)
            if not isinstance(module, str) or not module.startswith(PACKAGE):
                module = _defining_module(package, name)
            target = f"{module}.{name}"
            link = pending_xref(
                "",
                nodes.literal(name, name),
                refdomain="py",
                reftype="obj",
                reftarget=target,
                refexplicit=True,
                refwarn=True,
                refdoc=self.env.docname,
            )
            module_link = pending_xref(
                "",
                nodes.literal(module, module.removeprefix(PACKAGE + ".")),
                refdomain="py",
                reftype="mod",
                reftarget=module,
                refexplicit=True,
                refwarn=True,
                refdoc=self.env.docname,
            )
            summary, messages = self.state.inline_text(_summary(value, module, name), self.lineno)
            body += _row(link, module_link, *summary)
            problems += messages
        group += body
        return [table, *problems]


def _defining_module(package: Any, name: str) -> str:
    """The module whose ``__all__`` offers ``name`` (for values without
    ``__module__``): a module of the package, not a subpackage that gathers names."""
    from threeup3down._deprecated import MOVED

    for module_name in sorted(sys.modules):
        module = sys.modules[module_name]
        if (
            module_name.startswith(f"{package.__name__}.")
            and module_name not in MOVED
            and not hasattr(module, "__path__")
            and name in getattr(module, "__all__", ())
        ):
            return module_name
    raise LookupError(f"{PACKAGE}.{name} is defined in no submodule listing it in __all__")


def _summary(value: object, module: str, name: str) -> str:
    """The first line of the docstring of ``name``: its own, or the one under its assignment."""
    if inspect.isclass(value) or inspect.isroutine(value):
        doc = inspect.getdoc(value) or ""
    else:
        attr_docs = ModuleAnalyzer.for_module(module).find_attr_docs()
        doc = "\n".join(attr_docs.get(("", name), []))
    lines = doc.strip().splitlines()
    return lines[0] if lines else ""


def _row(name: nodes.Node, module: nodes.Node, *summary: nodes.Node) -> nodes.row:
    row = nodes.row()
    for content in (name,), (module,), summary:
        row += nodes.entry("", nodes.paragraph("", "", *content))
    return row


def skip_docstring_doctests(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: leave the examples of docstrings to pytest (see above)."""
    for block in doctree.findall(nodes.doctest_block):
        if ":docstring of " in (block.source or ""):
            block["skipif"] = "True"


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    app.connect("doctree-read", skip_docstring_doctests)
    app.add_directive("package-exports", PackageExports)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
