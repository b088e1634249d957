"""Documents: JSON for every value (with its JSON Schema), game records as JSON
or text.

Every reader is strict and linear in the size of its input, and refuses
what it cannot read with a :class:`~threeup3down.DocumentError`,
:class:`~threeup3down.NotationError` or :class:`~threeup3down.RecordError`
naming the problem.
"""

__all__: list[str] = []
