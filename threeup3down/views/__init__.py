"""What a seat may know, and what it is shown: observations, events, narration,
the table as text and as SVG pictures.

Every view is made from the core's states and moves; nothing here changes a
game. :func:`~threeup3down.observe` gives one seat's
:class:`~threeup3down.Observation`, :func:`~threeup3down.apply_with_events`
the events of a move, and :func:`~threeup3down.events_for` hides from them
what a seat may not see.
"""

__all__: list[str] = []
