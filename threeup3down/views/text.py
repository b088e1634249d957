"""The table as lines of text: what a terminal, a chat bot or an environment's
``render`` shows one seat.

>>> from threeup3down import GameState, Rules, observe
>>> state = GameState.from_notation("play 0 7r|-|-/8b,9g|-|- - 8g *", Rules(players=2))
>>> print(render_view(observe(state, 1)).splitlines()[0])
--- Turn 1: player 0 to move (player 1) ---
"""

from __future__ import annotations

from threeup3down.core.cards import format_cards
from threeup3down.core.i18n import translation
from threeup3down.core.phase import Phase
from threeup3down.views.observation import Observation

__all__ = ["render_view"]


def render_view(view: Observation, *, locale: str | None = None) -> str:
    """The table as the observing seat sees it, as lines of text in the language of ``locale``.

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,1b,1b/5b,6b|9r|3g,1r,1r 4r 8g *", Rules(players=2))
    >>> from threeup3down import observe
    >>> print(render_view(observe(state, 0)))
    --- Turn 1: your move (player 0) ---
    Player 1: 2 cards in hand | 3UP 9r | 3DOWN 3
    Draw pile 1 | out of game 70 | discard pile 8g
    You: 3UP 8b | 3DOWN 3
    Your hand: 7r 9g
    >>> print(render_view(observe(state, 0), locale="te").splitlines()[-1])
    మీ చేతిలో: 7r 9g

    Cards every player saw go into another hand, and not leave it, are named:

    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,6r,7b/5b,6b|9r|3g,10g,10b 4r 8g * known=-/6b", Rules(players=2))
    >>> render_view(observe(state, 0)).splitlines()[1]
    'Player 1: 2 cards in hand (known: 6b) | 3UP 9r | 3DOWN 3'
    """
    catalog = translation(locale)
    _, ngettext = catalog.gettext, catalog.ngettext
    me = view.player
    if view.phase is Phase.SETUP:
        heading = _("--- Setup: choose your 3UP cards ---")
    elif view.is_to_move:
        heading = _("--- Turn %(turn)s: your move (player %(player)s) ---")
    else:
        heading = _("--- Turn %(turn)s: player %(current)s to move (player %(player)s) ---")
    lines = [heading % {"turn": view.turn + 1, "player": me, "current": view.current_player}]
    for number, seat in enumerate(view.seats):
        if number == me:
            continue
        hand = ngettext("%(count)s card in hand", "%(count)s cards in hand", seat.hand_size) % {"count": seat.hand_size}
        if seat.known:
            hand = _("%(hand)s (known: %(cards)s)") % {"hand": hand, "cards": " ".join(map(str, seat.known))}
        text = _("Player %(player)s: %(hand)s | 3UP %(up)s | 3DOWN %(down)s")
        if number in view.finished:
            text = _("Player %(player)s: %(hand)s | 3UP %(up)s | 3DOWN %(down)s (out)")
        lines.append(text % {"player": number, "hand": hand, "up": format_cards(seat.up), "down": seat.down_size})
    pile = " ".join(map(str, view.discard_pile[-6:])) or _("empty")
    if len(view.discard_pile) > 6:
        pile = _("... %(cards)s (%(count)s cards)") % {"cards": pile, "count": len(view.discard_pile)}
    table = _("Draw pile %(draw)s | out of game %(out)s | discard pile %(pile)s")
    if view.direction < 0:
        table = _("Draw pile %(draw)s | out of game %(out)s | discard pile %(pile)s | play runs against seat order")
    lines.append(table % {"draw": view.draw_pile_size, "out": len(view.out_of_game), "pile": pile})
    own = view.seats[me]
    lines.append(_("You: 3UP %(up)s | 3DOWN %(down)s") % {"up": format_cards(own.up), "down": own.down_size})
    label = _("Your %(count)s cards: %(cards)s") if view.phase is Phase.SETUP else _("Your hand: %(cards)s")
    lines.append(label % {"count": len(view.hand), "cards": " ".join(map(str, view.hand)) or _("empty")})
    if view.owed_plays and view.is_to_move:
        owed = ngettext("You owe %(owed)s more play.", "You owe %(owed)s more plays.", view.owed_plays)
        lines.append(owed % {"owed": view.owed_plays})
    return "\n".join(lines)
