"""The table as lines of text: what a terminal, a chat bot or an environment's
``render`` shows one seat.

>>> from threeup3down import GameState, Rules, observe
>>> state = GameState.from_notation("play 0 7r|-|-/8b,9g|-|- - 8g *", Rules(players=2))
>>> print(render_view(observe(state, 1)).splitlines()[0])
--- Turn 1: player 0 to move (player 1) ---
"""

from __future__ import annotations

from threeup3down.core.cards import format_cards
from threeup3down.core.phase import Phase
from threeup3down.views.observation import Observation

__all__ = ["render_view"]


def render_view(view: Observation) -> str:
    """The table as the observing seat sees it, as lines of text.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,1b,1b/5b,6b|9r|3g,1r,1r 4r 8g *", Rules(players=2))
    >>> from threeup3down import observe
    >>> print(render_view(observe(state, 0)))
    --- Turn 1: your move (player 0) ---
    Player 1: 2 cards in hand | 3UP 9r | 3DOWN 3
    Draw pile 1 | out of game 70 | discard pile 8g
    You: 3UP 8b | 3DOWN 3
    Your hand: 7r 9g

    Cards every player saw go into another hand, and not leave it, are named:

    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,6r,7b/5b,6b|9r|3g,10g,10b 4r 8g * known=-/6b", Rules(players=2))
    >>> render_view(observe(state, 0)).splitlines()[1]
    'Player 1: 2 cards in hand (known: 6b) | 3UP 9r | 3DOWN 3'
    """
    me = view.player
    if view.phase is Phase.SETUP:
        heading = "--- Setup: choose your 3UP cards ---"
    else:
        whose = "your move" if view.is_to_move else f"player {view.current_player} to move"
        heading = f"--- Turn {view.turn + 1}: {whose} (player {me}) ---"
    lines = [heading]
    for number, seat in enumerate(view.seats):
        if number == me:
            continue
        status = " (out)" if number in view.finished else ""
        known = f" (known: {' '.join(map(str, seat.known))})" if seat.known else ""
        lines.append(
            f"Player {number}: {_count(seat.hand_size, 'card')} in hand{known} | 3UP {format_cards(seat.up)}"
            f" | 3DOWN {seat.down_size}{status}"
        )
    pile = " ".join(map(str, view.discard_pile[-6:])) or "empty"
    if len(view.discard_pile) > 6:
        pile = f"... {pile} ({len(view.discard_pile)} cards)"
    direction = "" if view.direction > 0 else " | play runs against seat order"
    lines.append(
        f"Draw pile {view.draw_pile_size} | out of game {len(view.out_of_game)}"
        f" | discard pile {pile}{direction}"
    )
    own = view.seats[me]
    lines.append(f"You: 3UP {format_cards(own.up)} | 3DOWN {own.down_size}")
    label = f"Your {len(view.hand)} cards" if view.phase is Phase.SETUP else "Your hand"
    lines.append(f"{label}: {' '.join(map(str, view.hand)) or 'empty'}")
    if view.owed_plays and view.is_to_move:
        lines.append(f"You owe {view.owed_plays} more {'play' if view.owed_plays == 1 else 'plays'}.")
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
