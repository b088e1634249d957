"""``.. table-svg::``: a picture of the table, drawn from a position at build time.

The picture is :mod:`threeup3down.views.svg` of a position written in position
notation (or a fresh deal), so it always shows what the library does now;
no image file is checked in. Examples::

    .. table-svg:: play 0 7r,9g|-|-/8b|-|- 5b 8g *
       :seat: 0
       :moves: 9g
       :caption: Player 0 beats the 8 with a 9 and draws back up to three.

    .. table-svg::
       :seed: 4
       :rules: players=3 chosen_faces=true

Options:

``:rules:``
    :class:`~threeup3down.Rules` fields as ``name=value`` pairs separated by
    spaces or commas (``players=3 deck=literal places=true``). The number of
    players defaults to the number of seats the position writes.
``:seed:``
    Draw a fresh deal from this seed instead of a position.
``:moves:``
    Moves in move notation, separated by spaces, made from the position; the
    last one is highlighted.
``:seat:``
    Draw the table as this seat sees it (an observation). Without it the
    whole state is drawn, every hidden card shown and marked.
``:caption:``
    A caption under the picture.

The SVG is inlined into HTML output; other builders show the caption only.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from threeup3down import GameState, Rules, ThreeUpError, apply, new_game, parse_move
from threeup3down.formats.codec import decode_fields
from threeup3down.views.observation import observe
from threeup3down.views.svg import LastMove, observation_svg, state_svg

__all__ = ["TableSvg", "parse_rules", "setup", "table_svg"]

_PAIR = re.compile(r"([a-z_]+)=([^\s,]+)")


def parse_rules(text: str, seats: int | None) -> Rules:
    """The :class:`Rules` written as ``name=value`` pairs; ``seats`` is the default player count.

    Values that look like integers or booleans are read as such, the rest as
    strings (enumeration values such as ``literal``).
    """
    values: dict[str, object] = {}
    rest = _PAIR.sub("", text).replace(",", " ").strip()
    if rest:
        raise ValueError(f"cannot read {rest!r}: write rules as name=value pairs")
    for name, raw in _PAIR.findall(text):
        value: object = raw
        if re.fullmatch(r"-?\d+", raw):
            value = int(raw)
        elif raw in ("true", "false"):
            value = raw == "true"
        values[name] = value
    if seats is not None:
        values.setdefault("players", seats)
    return decode_fields(values, Rules, "rules")


def table_svg(
    position: str | None,
    *,
    rules: str = "",
    seed: int | None = None,
    moves: str = "",
    seat: int | None = None,
) -> str:
    """The SVG the directive inlines (raises :class:`ValueError` on a bad option)."""
    if (position is None) == (seed is None):
        raise ValueError("give either a position or :seed:")
    if position is not None:
        seats = position.split()[2].count("/") + 1 if len(position.split()) > 2 else None
        state: GameState = GameState.from_notation(position, parse_rules(rules, seats))
    else:
        assert seed is not None
        state = new_game(parse_rules(rules, None), seed=seed)
    last_move = None
    for text in moves.split():
        move = parse_move(text)
        last_move = LastMove(state.current_player, move)
        state = apply(state, move)
    if seat is None:
        return state_svg(state, last_move=last_move)
    return observation_svg(observe(state, seat), last_move=last_move)


class TableSvg(SphinxDirective):
    """``.. table-svg:: [position]``: the table drawn as SVG."""

    optional_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "rules": directives.unchanged,
        "seed": directives.nonnegative_int,
        "moves": directives.unchanged,
        "seat": directives.nonnegative_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            svg = table_svg(
                self.arguments[0] if self.arguments else None,
                rules=self.options.get("rules", ""),
                seed=self.options.get("seed"),
                moves=self.options.get("moves", ""),
                seat=self.options.get("seat"),
            )
        except (ThreeUpError, ValueError) as error:
            raise self.error(f"table-svg: {error}") from None
        container = nodes.container(classes=["table-svg"])
        self.set_source_info(container)
        container += nodes.raw("", svg, format="html")
        caption = self.options.get("caption")
        if caption:
            text, messages = self.state.inline_text(caption, self.lineno)
            container += nodes.paragraph("", "", *text, classes=["table-svg-caption"])
            container += messages
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("table-svg", TableSvg)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
