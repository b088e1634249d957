"""Fast construction of frozen values, derived from their attrs declaration (internal).

attrs writes the ``__init__`` of a frozen class from its field list: one call
of ``object.__setattr__`` per field, since the class refuses plain stores.
The engine makes a state and a seat on almost every move, and those calls are
most of what making one costs. :func:`builder` derives from the same field
list a function that makes the same value in a quarter of the time: it fills
a *twin* of the class (a plain class with the same slots over the same base,
which accepts plain stores) field by field, then gives the instance the class
itself. CPython allows that ``__class__`` assignment because the two lay out
alike. The result is exactly what the constructor makes: same type, fields,
equality, hash, pickling and frozenness (``tests/test_builders.py`` checks
each).

The class must be a slotted attrs class whose base is :class:`Slotted`
(whose one slot, ``__weakref__``, keeps weak references working and lets a
twin lay out alike), with nothing for ``__init__`` to run beyond storing the
fields: no converters, validators, factories or ``__attrs_post_init__``.
:func:`builder` refuses any other class.

>>> import attrs
>>> @attrs.frozen
... class Point(Slotted):
...     x: int
...     y: int = 0
>>> make_point = builder(Point)
>>> make_point(1, y=2) == Point(1, 2), make_point(3)
(True, Point(x=3, y=0))
>>> replacer(Point)(make_point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

__all__ = ["Slotted", "builder", "replacer"]

P = ParamSpec("P")
T = TypeVar("T")


class Slotted:
    """The base of the classes :func:`builder` makes: it holds the slot for weak
    references, so that a class and its twin add the same slots to the same base.

    >>> import weakref
    >>> from threeup3down import Seat
    >>> seat = Seat()
    >>> isinstance(seat, Slotted), weakref.ref(seat)() is seat
    (True, True)
    """

    __slots__ = ("__weakref__",)


def builder(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes ``cls(...)`` from the same arguments (the fields, by
    position or keyword, with their defaults), without attrs' per-field calls.

    >>> import attrs
    >>> @attrs.frozen
    ... class Checked(Slotted):
    ...     x: int = attrs.field(converter=int)
    >>> builder(Checked)
    Traceback (most recent call last):
    ...
    TypeError: Checked.x has a converter or validator: build it with its constructor
    """
    fields = _buildable_fields(cls)
    names = [field.name for field in fields]
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]  # attrs made the class slotted
    caches = [slot for slot in slots if slot not in names]  # attrs' cached hash: None until hashed
    twin = type(f"{cls.__name__}Twin", (Slotted,), {"__slots__": slots})
    defaults = {f"_default_{field.name}": field.default for field in fields if field.default is not attrs.NOTHING}
    parameters = ", ".join(
        name if field.default is attrs.NOTHING else f"{name}=_default_{name}"
        for name, field in zip(names, fields)
    )
    body = "".join(f"    value.{name} = {name}\n" for name in names)
    body += "".join(f"    value.{slot} = None\n" for slot in caches)
    source = (
        f"def make_{cls.__name__.lower()}({parameters}):\n"
        "    value = _twin()\n"
        f"{body}"
        "    value.__class__ = _cls\n"
        "    return value\n"
    )
    return _compiled(
        cls, f"make_{cls.__name__.lower()}", source, {"_twin": twin, "_cls": cls, **defaults},
        f"``{cls.__name__}(...)``, built through its twin (threeup3down.core._builders).",
    )


def replacer(cls: type[T]) -> Callable[..., T]:
    """A function that makes ``attrs.evolve(value, **changes)`` for a ``value``
    of ``cls``: its fields, some replaced by keyword, without attrs' per-field
    calls (``evolve`` reads each field by name and calls the constructor).

    >>> import attrs
    >>> @attrs.frozen
    ... class Pair(Slotted):
    ...     left: int
    ...     right: int
    >>> replacer(Pair)(Pair(1, 2), left=0)
    Pair(left=0, right=2)
    >>> replacer(Pair)(Pair(1, 2), middle=0)
    Traceback (most recent call last):
    ...
    TypeError: replace_pair() got an unexpected keyword argument 'middle'
    """
    make = builder(cls)
    names = [field.name for field in _buildable_fields(cls)]
    parameters = ", ".join(f"{name}=_keep" for name in names)
    arguments = ", ".join(f"value.{name} if {name} is _keep else {name}" for name in names)
    source = f"def replace_{cls.__name__.lower()}(value, /, *, {parameters}):\n    return _make({arguments})\n"
    return _compiled(
        cls, f"replace_{cls.__name__.lower()}", source, {"_make": make, "_keep": _KEEP},
        f"``attrs.evolve`` of a ``{cls.__name__}``, built through its twin (threeup3down.core._builders).",
    )


_KEEP = object()
"""The default of every parameter of a replacer: keep the field's value."""


def _buildable_fields(cls: object) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of ``cls``, refusing a class whose constructor does more than store them."""
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise TypeError(f"{cls!r} is not an attrs class")
    if cls.__bases__ != (Slotted,) or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} must be a slotted attrs class whose base is Slotted")
    if getattr(cls, "__attrs_post_init__", None) is not None:
        raise TypeError(f"{cls.__name__} has __attrs_post_init__: build it with its constructor")
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
    for field in fields:
        if field.converter is not None or field.validator is not None:
            raise TypeError(
                f"{cls.__name__}.{field.name} has a converter or validator: build it with its constructor"
            )
        if isinstance(field.default, attrs.Factory) or not field.init:  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name} has no plain default: build it with its constructor")
    return fields


def _compiled(cls: object, name: str, source: str, namespace: dict[str, object], doc: str) -> Callable[..., T]:
    """The function ``name`` that ``source`` defines, compiled in ``namespace``;
    its source is kept where tracebacks and debuggers find it."""
    assert isinstance(cls, type)
    filename = f"<{name} of {cls.__module__}.{cls.__qualname__}>"
    exec(compile(source, filename, "exec"), namespace)
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    made = namespace[name]
    assert callable(made)
    made.__doc__ = doc
    made.__module__ = cls.__module__
    return made
