"""A strong rule-based bot: :class:`~threeup3down.bots.heuristic.HeuristicBot`.

Its strategy, rule by rule (the docs page :doc:`/howto/opponents` gives the
reasons and the measured strength):

1. **Setup (S3).** Keep the strongest three cards as 3UP cards: each card
   counts its rank, with 3 points more for a 10 and 8 for each extra copy of
   a number (3UP cards are played when the hand is empty, against whatever
   pile is left, and a pair goes in one play); a Clear +1 or Clear +2 counts
   8 points more than its rank (20 and 21: played from 3UP, its extra plays
   come from the 3UP and 3DOWN cards too), a plain Clear 3 less (8, below a
   9: it stays in hand, where it spares a pick-up before the end). With chosen
   faces (O6) the chosen cards go to the next player, and a pile swap (O5)
   moves each pile to another seat: when the chosen cards will end on an
   opponent's pile it gives the weakest three away (keeping the strongest in
   hand), every Clear counted by its rank alone.
2. **Early draw (C2, C3).** Always draw when offered: the cards would be
   drawn at the end of the turn anyway, and they give the owed play a choice.
3. **Shedding.** Play the lowest number it can, every copy of it at once
   (multiples), keeping high numbers and Clear kinds for later.
4. **Big piles (two or more opponents).** On a pile of six cards or more,
   play the lowest number of 8 or more that it holds, if any: the next
   player is then likely to pick the big pile up.
5. **Owed plays (C2, C3, C5).** On the empty pile of an owed play it sheds its
   lowest number (the second owed play of a Clear +2 must beat the first, so
   the first stays low).
6. **Clears.** A Clear is spent only when no number can be played (a 10 goes
   first), and then the plain Clear before the Clear +1 and Clear +2.
7. **3DOWN (F3).** The 3DOWN cards are unknown to everyone, so any is as good:
   it turns over the first.
8. **Draw instead (O2).** It takes a card instead of playing when every play
   it has would spend a 10 or a Clear on a small pile (under six cards).
9. **Same-colour swap (O7).** It swaps when that puts a stronger card on
   3UP (the swap whose 3UP card gains the most), and keeps the cards otherwise.
10. **Leave the opponent a top they cannot beat (one opponent).** Each number
    it may play costs a point per rank above its lowest playable number, and
    gains half a point per card of the pile the opponent would pick up, times
    the chance that they cannot beat it (T3, F4). That chance is read from
    what everyone knows: none if they hold a known card (picked up, or a 3UP
    card when they play from 3UP) that beats it, and otherwise the share of
    unseen cards below it, once per card they may play from.
11. **Keep the pile for the opponent (one opponent).** Three equal numbers in
    a row clear the pile (C4) and hand the opponent an empty pile to start
    afresh on: such a play costs half a point per card it clears.

Rules it does not follow were measured and lost games against
:class:`~threeup3down.bots.LowestCardBot`: playing high to block a player
close to going out (or to make a 3DOWN flip fail), clearing a big pile rather
than spending a 10, preferring the Clear kinds that give extra plays, and
playing single cards of a pair.

It uses no randomness: ``rng`` is ignored, so it is deterministic.

>>> import random
>>> from threeup3down import GameState, Rules, observe
>>> state = GameState.from_notation("play 0 4g,7g,7r,10b|-|-/9b|-|- - 5r *", Rules(players=2))
>>> str(HeuristicBot().choose(observe(state, 0), random.Random(0)))
'7g,7r'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from threeup3down.core.cards import Card, Rank
from threeup3down.core.moves import ChooseUp, DeclineSwap, Draw, DrawInstead, Move, Play, Swap
from threeup3down.views.observation import Observation

__all__ = ["HeuristicBot"]

_BIG_PILE = 6
"""Rule 4: a pile this large is worth a high card, so the next player picks it up."""
_HIGH = Rank.EIGHT
"""Rule 4: the lowest number that counts as high."""
_PAIR_BONUS = 8
"""Rule 1: points for each extra copy of a number among the 3UP cards."""
_TEN_BONUS = 3
"""Rule 1: points for each 10 among the 3UP cards."""
_EXTRA_PLAY_BONUS = 8
"""Rule 1: points for each Clear +1 or Clear +2 among the 3UP cards."""
_PLAIN_CLEAR_PENALTY = 3
"""Rule 1: points taken off for each plain Clear among the 3UP cards."""
_PILE_WEIGHT = 0.5
"""Rule 10: points per card of the pile the opponent is expected to pick up;
a rank above the lowest playable one costs one point."""
_CLEAR_COST = 0.5
"""Rule 11: points per card of a pile cleared by three equal numbers in a row."""
_MULTIPLE_BONUS = 0.001
"""Rule 3: among plays of one number, the one with more copies."""


class HeuristicBot:
    """Plays the written-down strategy of :mod:`threeup3down.bots.heuristic`.

    .. versionchanged:: 0.3.0
       Setup tells the Clear kinds apart and reads the pile swap (O5); with
       one opponent left it weighs each number it may play.

    >>> import random
    >>> from threeup3down import GameState, Rules, observe
    >>> state = GameState.from_notation("play 0 6g,10b,Cb|-|-/9b|-|- - 7r *", Rules(players=2))
    >>> str(HeuristicBot().choose(observe(state, 0), random.Random(0)))
    '10b'
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move the strategy picks among ``observation.legal_moves()``."""
        moves = observation.legal_moves()
        if len(moves) == 1:
            return moves[0]
        first = moves[0]
        if isinstance(first, ChooseUp):
            return _choose_up(observation, moves)
        if isinstance(first, Draw):
            return first  # rule 2
        if observation.swap_offered:
            return _swap_or_keep(moves)
        plays = [move for move in moves if isinstance(move, Play)]
        if not plays:
            return first  # rule 7: the first 3DOWN card (or the pick-up that is forced)
        play = _best_play(observation, plays)
        if DrawInstead() in moves and _takes_instead(observation, play):
            return DrawInstead()
        return play


def _keep_value(cards: Sequence[Card], *, mine: bool = True) -> int:
    """Rule 1: how good ``cards`` are as 3UP cards: high ranks, 10s and pairs;
    on its own 3UP cards also the Clears that give extra plays, rather than
    the plain Clear that it keeps in hand."""
    ranks = Counter(card.rank for card in cards)
    pairs = sum(count - 1 for rank, count in ranks.items() if not rank.is_clear)
    value = sum(int(card.rank) for card in cards) + _PAIR_BONUS * pairs + _TEN_BONUS * ranks[Rank.TEN]
    if mine:
        extra_plays = ranks[Rank.CLEAR_PLUS_1] + ranks[Rank.CLEAR_PLUS_2]
        value += _EXTRA_PLAY_BONUS * extra_plays - _PLAIN_CLEAR_PENALTY * ranks[Rank.CLEAR]
    return value


def _choose_up(observation: Observation, moves: Sequence[Move]) -> Move:
    """Rule 1: the best 3UP cards when they end on its own pile, else the worst.

    With chosen faces (O6) they go on the next player's pile; a pile swap (O5)
    then moves every pile to another seat, so its own pile goes to an
    opponent, and the next player's comes to it only with two players.
    """
    mine = not observation.rules.chosen_faces
    if observation.pile_swap_pending:
        mine = not mine and len(observation.seats) == 2
    sign = 1 if mine else -1
    choices = [move for move in moves if isinstance(move, ChooseUp)]
    return max(choices, key=lambda move: sign * _keep_value(move.cards, mine=mine))


def _swap_or_keep(moves: Sequence[Move]) -> Move:
    """Rule 9: the swap that most raises the 3UP card, if any raises it."""
    swaps = [move for move in moves if isinstance(move, Swap)]
    best = max(swaps, key=lambda swap: swap.hand_card.rank - swap.up_card.rank, default=None)
    if best is None or best.hand_card.rank <= best.up_card.rank:
        return DeclineSwap()
    return best


def _lowest(plays: Sequence[Play]) -> Play:
    """The lowest number, as many copies as possible."""
    return min(plays, key=lambda play: (play.cards[0].rank, -len(play.cards)))


def _best_play(observation: Observation, plays: Sequence[Play]) -> Play:
    """Rules 3-6, 10 and 11: the play the strategy prefers among ``plays``."""
    numbers = [play for play in plays if not play.cards[0].rank.is_clear]
    if not numbers:
        return min(plays, key=lambda play: play.cards[0].rank)  # rule 6
    pile = observation.discard_pile
    if observation.owed_plays and not pile:
        return _lowest(numbers)  # rule 5
    if len(observation.seats) - len(observation.finished) == 2 and len(numbers) > 1:
        return _two_player_play(observation, numbers)  # rules 10 and 11
    if len(pile) >= _BIG_PILE:
        high = [play for play in numbers if play.cards[0].rank >= _HIGH]
        if high:
            return _lowest(high)  # rule 4
    return _lowest(numbers)  # rule 3


def _two_player_play(observation: Observation, numbers: Sequence[Play]) -> Play:
    """Rules 10 and 11: with one opponent, weigh each number's cost against the
    pile it may leave them to pick up, and keep the pile for them rather than clear it."""
    pile = observation.discard_pile
    lowest = min(play.cards[0].rank for play in numbers)
    ends_turn = observation.owed_plays <= 1
    unseen = _unseen_below(observation)
    best, best_score = numbers[0], -1e9
    for play in numbers:
        rank = play.cards[0].rank
        size = len(play.cards)
        score = lowest - rank + _MULTIPLE_BONUS * size  # rule 3: low and wide
        if _completes_run(pile, rank, size):
            score -= _CLEAR_COST * len(pile)  # rule 11
        elif ends_turn:
            score += _PILE_WEIGHT * _stuck_chance(observation, rank, unseen) * (len(pile) + size)
        if score > best_score:
            best, best_score = play, score
    return best


def _completes_run(pile: tuple[Card, ...], rank: Rank, size: int) -> bool:
    """Whether ``size`` cards of ``rank`` make three or more equal numbers in a row (C4)."""
    run = 0
    for card in reversed(pile):
        if card.rank is not rank:
            break
        run += 1
    return run + size >= 3


def _unseen_below(observation: Observation) -> tuple[int, ...]:
    """Rule 10: for each rank value r, how many unseen cards rank below r; the last
    entry counts every unseen card.

    Unseen cards are the deck less the observer's hand, every 3UP card, the
    discard and out-of-game piles and the cards known to be in some hand: they
    are the draw pile, the 3DOWN cards and the unknown part of other hands.
    """
    deck = observation.rules.rank_counts
    counts = [0, *(deck[rank] for rank in Rank)]  # by rank value; index 0 unused
    for group in (observation.hand, observation.discard_pile, observation.out_of_game):
        for card in group:
            counts[card.rank] -= 1
    for seat in observation.seats:
        for card in seat.up:
            counts[card.rank] -= 1
        for card in seat.known:
            counts[card.rank] -= 1
    below = [0]
    for count in counts:
        below.append(below[-1] + max(count, 0))
    return tuple(below)


def _next_seat(observation: Observation) -> int:
    """The seat that plays after the observer (S6, O3), skipping seats that are out."""
    players = len(observation.seats)
    seat = (observation.player + observation.direction) % players
    while seat in observation.finished:
        seat = (seat + observation.direction) % players
    return seat


def _stuck_chance(observation: Observation, rank: Rank, unseen: tuple[int, ...]) -> float:
    """Rule 10: the chance that the next player cannot play on a top of ``rank`` (T3, F4).

    A card of theirs that everyone knows (picked up, or a 3UP card when they
    play from 3UP) and ranks ``rank`` or more means they can; every other card
    they may play from is taken as an unseen card, below ``rank`` with the
    share of unseen cards below it.
    """
    seat = observation.seats[_next_seat(observation)]
    total = unseen[-1]
    below = unseen[rank] / total if total else 0.0
    if seat.hand_size:
        if any(card.rank >= rank for card in seat.known):
            return 0.0
        return below ** (seat.hand_size - len(seat.known))
    if observation.draw_pile_size:
        return 0.0  # F1: not yet on their 3UP cards
    if seat.up:
        return 0.0 if any(card.rank >= rank for card in seat.up) else 1.0
    return below if seat.down_size else 0.0


def _takes_instead(observation: Observation, play: Play) -> bool:
    """Rule 8: take a card rather than spend a 10 or a Clear on a small pile."""
    return play.cards[0].rank >= Rank.TEN and len(observation.discard_pile) < _BIG_PILE
