"""Events told in plain English, for logs, the demo and terminal play.

>>> from threeup3down import GameState, Rules, parse_move
>>> from threeup3down.views.events import apply_with_events
>>> state = GameState.from_notation("play 0 7r,C+1g|-|-/8b|-|- 5b,6g 8g *", Rules(players=2))
>>> _, events = apply_with_events(state, parse_move("C+1g"))
>>> for event in events:
...     print(describe(event))
Player 0 plays C+1g.
The pile (8g,C+1g) is cleared by a Clear +1.
Player 0 owes 1 more play.
"""

from __future__ import annotations

from typing import assert_never

from threeup3down.core.cards import Card, format_cards
from threeup3down.views.events import (
    CardsDrawn,
    CardsPlayed,
    CardsSwapped,
    ClearCause,
    DirectionReversed,
    DownCardTurned,
    DrawKind,
    Event,
    ExtraPlaysOwed,
    GameOver,
    NextPlayer,
    PileCleared,
    PilePickedUp,
    PilesSwapped,
    PlayerOut,
    SwapDeclined,
    SwapOffered,
    UpCardsChosen,
    UpCardsRevealed,
    Zone,
)

__all__ = ["describe"]

_CAUSES = {
    ClearCause.CLEAR: "a Clear",
    ClearCause.CLEAR_PLUS_1: "a Clear +1",
    ClearCause.CLEAR_PLUS_2: "a Clear +2",
    ClearCause.THREE_OF_A_KIND: "three of a kind",
}
_SECOND_PERSON = {"has": "have"}
_SOURCES = {Zone.HAND: "", Zone.UP: " from their 3UP cards", Zone.DOWN: " from 3DOWN"}


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards in card notation, comma-separated as positions write them (``8g,C+1g``)."""
    return format_cards(cards)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def describe(event: Event, *, you: int | None = None) -> str:
    """One sentence telling what ``event`` says happened.

    With ``you``, that seat is spoken to as "you" (for the person playing it).

    .. versionchanged:: 0.2.0
       The ``you`` argument.

    >>> from threeup3down.views.events import CardsPlayed, PlayerOut, Zone
    >>> from threeup3down import Card
    >>> describe(PlayerOut(player=2, place=1))
    'Player 2 has no cards left: 1st place.'
    >>> describe(PlayerOut(player=2, place=1), you=2)
    'You have no cards left: 1st place.'
    >>> describe(CardsPlayed(player=0, cards=(Card.RED_7,), source=Zone.UP), you=0)
    'You play 7r from your 3UP cards.'
    """
    def who(player: int, verb: str) -> str:
        """``Player 2 plays`` or, for ``you``, ``You play``."""
        if player != you:
            return f"Player {player} {verb}"
        return f"You {_SECOND_PERSON.get(verb, verb.removesuffix('s'))}"

    def their(player: int) -> str:
        return "your" if player == you else "their"

    match event:
        case UpCardsChosen(player=player, receiver=receiver, cards=cards):
            whose = their(player) if receiver == player else f"player {receiver}'s"
            whose = "your" if receiver == you and receiver != player else whose
            shown = f": {_cards(cards)}" if cards else ""
            return f"{who(player, 'chooses')} {whose} 3UP cards{shown}."
        case UpCardsRevealed(up=up):
            shown = "; ".join(
                f"{'you' if seat == you else f'player {seat}'}: {_cards(cards)}"
                for seat, cards in enumerate(up)
            )
            return f"The 3UP cards are turned face up ({shown})."
        case PilesSwapped(sources=sources):
            moves = ", ".join(f"{seat} gets {source}'s" for seat, source in enumerate(sources))
            return f"The 3UP/3DOWN piles change hands: {moves}."
        case CardsPlayed(player=player, cards=cards, source=source):
            where = _SOURCES[source].replace("their", their(player))
            return f"{who(player, 'plays')} {_cards(cards)}{where}."
        case DownCardTurned(player=player, position=position, card=card, played=played):
            shown = str(card) if card is not None else "a card"
            outcome = "" if played else ", which cannot be played"
            return f"{who(player, 'turns')} over 3DOWN card {position}: {shown}{outcome}."
        case PileCleared(cards=cards, cause=cause):
            return f"The pile ({_cards(cards)}) is cleared by {_CAUSES[cause]}."
        case PilePickedUp(player=player, cards=cards):
            return f"{who(player, 'picks')} up the pile ({_plural(len(cards), 'card')})."
        case CardsDrawn(player=player, count=count, cards=cards, kind=kind):
            shown = f": {_cards(cards)}" if cards else ""
            why = " instead of playing" if kind is DrawKind.TAKE else ""
            return f"{who(player, 'draws')} {_plural(count, 'card')}{why}{shown}."
        case DirectionReversed(direction=direction):
            way = "in seat order" if direction > 0 else "against seat order"
            return f"A 1 reverses the direction: play now passes {way}."
        case ExtraPlaysOwed(player=player, owed=owed):
            return f"{who(player, 'owes')} {owed} more {'play' if owed == 1 else 'plays'}."
        case SwapOffered(player=player):
            swapper = "you" if player == you else f"player {player}"
            return f"Four cards of one colour: {swapper} may swap a hand card with a 3UP card."
        case CardsSwapped(player=player, hand_card=hand_card, up_card=up_card):
            return f"{who(player, 'swaps')} {hand_card} from the hand for 3UP {up_card}."
        case SwapDeclined(player=player):
            return f"{who(player, 'keeps')} {their(player)} cards."
        case PlayerOut(player=player, place=place):
            return f"{who(player, 'has')} no cards left: {_ordinal(place)} place."
        case GameOver(winner=winner, places=places, stalemate=stalemate):
            if stalemate:
                return "The turn limit is reached: the game ends in a stalemate."
            order = ", ".join(map(str, places))
            return f"Game over. {who(winner, 'wins') if winner is not None else 'Nobody wins'}" + (f" (places: {order})." if len(places) > 1 else ".")
        case NextPlayer(player=player):
            return "Your move." if player == you else f"Player {player} to move."
        case _:
            assert_never(event)


def _ordinal(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix}"
