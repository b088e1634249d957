"""Events told in the players' languages, for logs, the demo and terminal play.

>>> from threeup3down import GameState, Rules, parse_move
>>> from threeup3down.views.events import apply_with_events
>>> state = GameState.from_notation("play 0 7r,C+1g|-|-/8b|-|- 5b,6g 8g *", Rules(players=2))
>>> _, events = apply_with_events(state, parse_move("C+1g"))
>>> for event in events:
...     print(describe(event))
Player 0 plays C+1g.
The pile (8g,C+1g) is cleared by a Clear +1.
Player 0 owes 1 more play.
>>> print(describe(events[1], locale="hy"))
Կույտը (8g,C+1g) մաքրվում է Clear +1 քարտով։
"""

from __future__ import annotations

from typing import assert_never

from threeup3down.core.cards import Card, format_cards
from threeup3down.core.i18n import N_, translation
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

__all__ = ["describe", "ordinal"]

_CAUSES = {
    ClearCause.CLEAR: N_("The pile (%(cards)s) is cleared by a Clear."),
    ClearCause.CLEAR_PLUS_1: N_("The pile (%(cards)s) is cleared by a Clear +1."),
    ClearCause.CLEAR_PLUS_2: N_("The pile (%(cards)s) is cleared by a Clear +2."),
    ClearCause.THREE_OF_A_KIND: N_("The pile (%(cards)s) is cleared by three of a kind."),
}


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards in card notation, comma-separated as positions write them (``8g,C+1g``)."""
    return format_cards(cards)


def describe(event: Event, *, you: int | None = None, locale: str | None = None) -> str:
    """One sentence telling what ``event`` says happened, in the language of ``locale``.

    With ``you``, that seat is spoken to as "you" (for the person playing it).
    Cards are named in card notation in every language; a language without a
    catalog reads in English (:mod:`threeup3down.core.i18n`).

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

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
    >>> describe(CardsPlayed(player=0, cards=(Card.RED_7,), source=Zone.UP), locale="km")
    'អ្នកលេង 0 លេង 7r ពីសន្លឹកបៀ 3UP របស់ពួកគេ។'

    Picking up the empty pile a Clear +1 left is declining its play (C2):

    >>> from threeup3down.views.events import PilePickedUp
    >>> describe(PilePickedUp(player=1, cards=()))
    'Player 1 declines the extra play of the Clear +1.'

    .. versionchanged:: 0.5.0
       A declined Clear +1 play is told as such, not as picking up 0 cards.
    """
    catalog = translation(locale)
    _, ngettext = catalog.gettext, catalog.ngettext

    def person(player: int | None) -> str:
        """A seat named inside a sentence: ``player 2``, or ``you``."""
        return _("you") if player == you else _("player %(player)s") % {"player": player}

    match event:
        case UpCardsChosen(player=player, receiver=receiver, cards=cards):
            shown = _cards(cards) if cards else ""
            if receiver != player:
                text = (
                    _("You choose player %(receiver)s's 3UP cards: %(cards)s.") if player == you
                    else _("Player %(player)s chooses your 3UP cards: %(cards)s.") if receiver == you
                    else _("Player %(player)s chooses player %(receiver)s's 3UP cards: %(cards)s.")
                ) if cards else (
                    _("You choose player %(receiver)s's 3UP cards.") if player == you
                    else _("Player %(player)s chooses your 3UP cards.") if receiver == you
                    else _("Player %(player)s chooses player %(receiver)s's 3UP cards.")
                )
            elif cards:
                text = _("You choose your 3UP cards: %(cards)s.") if player == you else _(
                    "Player %(player)s chooses their 3UP cards: %(cards)s.")
            else:
                text = _("You choose your 3UP cards.") if player == you else _(
                    "Player %(player)s chooses their 3UP cards.")
            return text % {"player": player, "receiver": receiver, "cards": shown}
        case UpCardsRevealed(up=up):
            shown = "; ".join(
                _("%(seat)s: %(cards)s") % {"seat": person(seat), "cards": _cards(cards)}
                for seat, cards in enumerate(up)
            )
            return _("The 3UP cards are turned face up (%(cards)s).") % {"cards": shown}
        case PilesSwapped(sources=sources):
            moves = ", ".join(
                _("%(seat)s gets %(source)s's") % {"seat": seat, "source": source}
                for seat, source in enumerate(sources)
            )
            return _("The 3UP/3DOWN piles change hands: %(moves)s.") % {"moves": moves}
        case CardsPlayed(player=player, cards=cards, source=source):
            if source is Zone.HAND:
                text = _("You play %(cards)s.") if player == you else _("Player %(player)s plays %(cards)s.")
            elif source is Zone.UP:
                text = _("You play %(cards)s from your 3UP cards.") if player == you else _(
                    "Player %(player)s plays %(cards)s from their 3UP cards.")
            else:
                text = _("You play %(cards)s from 3DOWN.") if player == you else _(
                    "Player %(player)s plays %(cards)s from 3DOWN.")
            return text % {"player": player, "cards": _cards(cards)}
        case DownCardTurned(player=player, position=position, card=card, played=played):
            if card is None and played:
                text = _("You turn over 3DOWN card %(position)s: a card.") if player == you else _(
                    "Player %(player)s turns over 3DOWN card %(position)s: a card.")
            elif card is None:
                text = _("You turn over 3DOWN card %(position)s: a card, which cannot be played.") if (
                    player == you) else _(
                    "Player %(player)s turns over 3DOWN card %(position)s: a card, which cannot be played.")
            elif played:
                text = _("You turn over 3DOWN card %(position)s: %(card)s.") if player == you else _(
                    "Player %(player)s turns over 3DOWN card %(position)s: %(card)s.")
            else:
                text = _("You turn over 3DOWN card %(position)s: %(card)s, which cannot be played.") if (
                    player == you) else _(
                    "Player %(player)s turns over 3DOWN card %(position)s: %(card)s, which cannot be played.")
            return text % {"player": player, "position": position, "card": str(card)}
        case PileCleared(cards=cards, cause=cause):
            return _(_CAUSES[cause]) % {"cards": _cards(cards)}
        case PilePickedUp(player=player, cards=()):  # C2: only a declined Clear +1 play picks up nothing
            text = _("You decline the extra play of the Clear +1.") if player == you else _(
                "Player %(player)s declines the extra play of the Clear +1.")
            return text % {"player": player}
        case PilePickedUp(player=player, cards=cards):
            count = len(cards)
            text = ngettext("You pick up the pile (%(count)s card).", "You pick up the pile (%(count)s cards).", count) if (
                player == you) else ngettext(
                "Player %(player)s picks up the pile (%(count)s card).",
                "Player %(player)s picks up the pile (%(count)s cards).", count)
            return text % {"player": player, "count": count}
        case CardsDrawn(player=player, count=count, cards=cards, kind=kind):
            shown = _cards(cards) if cards else ""
            if kind is DrawKind.TAKE:
                text = ngettext("You draw %(count)s card instead of playing", "You draw %(count)s cards instead of playing", count) if (
                    player == you) else ngettext(
                    "Player %(player)s draws %(count)s card instead of playing",
                    "Player %(player)s draws %(count)s cards instead of playing", count)
            else:
                text = ngettext("You draw %(count)s card", "You draw %(count)s cards", count) if player == you else ngettext(
                    "Player %(player)s draws %(count)s card", "Player %(player)s draws %(count)s cards", count)
            ending = _("%(sentence)s: %(cards)s.") if cards else _("%(sentence)s.")
            return ending % {"sentence": text % {"player": player, "count": count}, "cards": shown}
        case DirectionReversed(direction=direction):
            if direction > 0:
                return _("A 1 reverses the direction: play now passes in seat order.")
            return _("A 1 reverses the direction: play now passes against seat order.")
        case ExtraPlaysOwed(player=player, owed=owed):
            text = ngettext("You owe %(owed)s more play.", "You owe %(owed)s more plays.", owed) if player == you else ngettext(
                "Player %(player)s owes %(owed)s more play.", "Player %(player)s owes %(owed)s more plays.", owed)
            return text % {"player": player, "owed": owed}
        case SwapOffered(player=player):
            text = _("Four cards of one colour: you may swap a hand card with a 3UP card.") if player == you else _(
                "Four cards of one colour: player %(player)s may swap a hand card with a 3UP card.")
            return text % {"player": player}
        case CardsSwapped(player=player, hand_card=hand_card, up_card=up_card):
            text = _("You swap %(hand_card)s from the hand for 3UP %(up_card)s.") if player == you else _(
                "Player %(player)s swaps %(hand_card)s from the hand for 3UP %(up_card)s.")
            return text % {"player": player, "hand_card": str(hand_card), "up_card": str(up_card)}
        case SwapDeclined(player=player):
            text = _("You keep your cards.") if player == you else _("Player %(player)s keeps their cards.")
            return text % {"player": player}
        case PlayerOut(player=player, place=place):
            text = _("You have no cards left: %(place)s place.") if player == you else _(
                "Player %(player)s has no cards left: %(place)s place.")
            return text % {"player": player, "place": ordinal(place, locale=locale)}
        case GameOver(winner=winner, places=places, stalemate=stalemate):
            if stalemate:
                return _("The turn limit is reached: the game ends in a stalemate.")
            if winner is None:
                return _("Game over. Nobody wins.")
            text = _("Game over. You win") if winner == you else _("Game over. Player %(player)s wins")
            won = text % {"player": winner}
            if len(places) <= 1:
                return _("%(sentence)s.") % {"sentence": won}
            order = ", ".join(map(str, places))
            return _("%(sentence)s (places: %(places)s).") % {"sentence": won, "places": order}
        case NextPlayer(player=player):
            return _("Your move.") if player == you else _("Player %(player)s to move.") % {"player": player}
        case _:
            assert_never(event)


def ordinal(number: int, *, locale: str | None = None) -> str:
    """A place as a player reads it: ``1st``, ``2nd``, ... in English.

    .. versionadded:: 0.4.0

    >>> ordinal(2), ordinal(11), ordinal(23), ordinal(2, locale="vi")
    ('2nd', '11th', '23rd', 'thứ 2')
    """
    _ = translation(locale).gettext
    if number % 100 in (11, 12, 13):
        return _("%(number)sth") % {"number": number}
    suffix = {1: N_("%(number)sst"), 2: N_("%(number)snd"), 3: N_("%(number)srd")}.get(number % 10, N_("%(number)sth"))
    return _(suffix) % {"number": number}
