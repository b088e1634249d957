"""Information-set Monte Carlo search: :class:`~threeup3down.bots.ismcts.ISMCTSBot`
and :class:`~threeup3down.bots.ismcts.CheatingBot`.

:class:`ISMCTSBot` is single-observer information-set Monte Carlo tree search
(SO-ISMCTS, Algorithm 3 of Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", *IEEE Transactions on Computational Intelligence
and AI in Games* 4(2), 2012) with its tree cut to the root and a strong
simulation policy, which is what wins at the budgets a game allows:

* **Determinization.** Every iteration deals the cards the bot cannot see at
  random with :func:`~threeup3down.sample_state`, which honours what every
  player knows (a picked-up pile stays in the hand that took it), and shuffles
  the draw pile: the chance of every draw is sampled with the deal.
* **Every root move on every deal.** The iteration plays each of the bot's
  legal moves in that same deal (common random numbers): the moves are
  compared on identical cards, so a difference in their results comes from the
  move, not from the luck of the deal.
* **Policy rollouts.** After the move, every seat (the bot included) plays on
  as ``rollout`` plays, by default :class:`~threeup3down.bots.heuristic.HeuristicBot`,
  each from its own observation of the deal, until the game ends or
  ``rollout_moves`` decisions have been made. This is the rollout algorithm of
  Tesauro and Galperin ("On-line Policy Improvement using Monte-Carlo
  Search", NIPS 9, 1997) and Bertsekas, Tsitsiklis and Wu ("Rollout
  Algorithms for Combinatorial Optimization", *Journal of Heuristics* 3,
  1997): the move that does best when the policy plays on afterwards is at
  least as good as the policy's own move, up to sampling error.
* **Reward.** 1 if the bot wins, else 0, for any number of players; a rollout
  cut short scores the bot's share ``exp(-0.35 × cards held)`` of all seats'.
* **Choice.** The rollout policy's own move, unless another move leads it
  clearly: its mean lead over the policy's move, deal by deal (a paired
  comparison, which common random numbers make sharp), exceeds
  ``confidence`` standard errors (default: 2 with two or more opponents
  left, 0 against one); of such moves, the one with the largest lead. At
  four players the policy's move is nearly always at least as good, and
  following a lead that is chance lost games; against one opponent the
  test cost games, and the highest total is played.
* **Close decisions** (optional). Given ``close_deals``, with two or more
  opponents left, the search stops after half its budget when no other move
  leads the policy's, and goes on to ``close_deals`` deals in all when one
  does: the deals go to the decisions the test may change. Against one
  opponent, and searching by time, it changes nothing.
* **Place and hand prior** (optional, with two or more opponents left).
  Given ``place_share``, a rollout the bot loses scores up to that share by
  its place among the losers (by cards held when the game ends). Given
  ``hand_prior=True``, the opponents' unknown hand cards are dealt with the
  weights by rank of how often the heuristic keeps that rank in hand, against
  uniformly (measured by ``benchmarks/hand_ranks.py``: more low cards and
  Clears, fewer 8s to 10s). Both are off by default: neither won clearly
  more games (see the docs).
* **Equivalent moves once.** Plays of the same numbers from the same place
  differ only in colour, which no rule reads unless the same-colour swap
  (O7) is on, and turning over one unseen 3DOWN card or another is the same
  chance (F3): such moves are searched once.

Setup (the 3UP cards, S3) follows the rollout policy, and a decision with one
legal move is played at once. The budget is a number of iterations (deals),
reproducible since all randomness comes from the ``rng`` given to
:meth:`ISMCTSBot.choose`, or a time in seconds (not reproducible: how many
iterations fit depends on the machine).

:class:`CheatingBot` runs the same search on the true state instead of
random deals: it sees every card and the order of the draw pile, and is the
upper bound for experiments. With ``hands_only=True`` it sees every hand
only, and deals the draw pile and the 3DOWN cards at random: what knowing
the opponents' hands is worth to the search.

>>> import random
>>> from threeup3down import Rules, new_game, observe
>>> view = observe(new_game(Rules(players=2), seed=1), 0)
>>> bot = ISMCTSBot(iterations=4)
>>> bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from itertools import islice

import attrs

from threeup3down.core.cards import Card, Rank, sort_cards
from threeup3down.core.engine import apply, legal_moves
from threeup3down.core.errors import BotError, ThreeUpError
from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.protocol import Bot
from threeup3down.core.moves import FlipDown, Move, Play
from threeup3down.views.observation import Observation, observe, sample_state
from threeup3down.core.rules import Rules
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState, Seat

__all__ = ["CheatingBot", "ISMCTSBot", "RolloutPolicy"]

_SHARPNESS = 0.35
"""How steeply a cut-off rollout's reward falls with the cards a seat still holds."""


_HAND_PRIOR: dict[Rank, float] = {
    Rank.ONE: 1.10, Rank.TWO: 1.10, Rank.THREE: 1.10, Rank.FOUR: 1.02, Rank.FIVE: 1.03,
    Rank.SIX: 0.94, Rank.SEVEN: 0.86, Rank.EIGHT: 0.80, Rank.NINE: 0.75, Rank.TEN: 0.74,
    Rank.CLEAR: 1.18, Rank.CLEAR_PLUS_1: 1.27, Rank.CLEAR_PLUS_2: 1.40,
}
"""How much more often each rank is in a heuristic's unknown hand cards than
among the cards its opponent cannot see, at four players (1,000 games of
``benchmarks/hand_ranks.py``): the weights :attr:`ISMCTSBot.hand_prior` deals with."""


RolloutPolicy = Bot
"""What plays the rollouts: any fair :class:`~threeup3down.bots.Bot`.

.. deprecated:: 0.4.0
   Use :class:`~threeup3down.bots.Bot`, the protocol it always was.
"""


class _Search:
    """Budget and rollouts shared by :class:`ISMCTSBot` and :class:`CheatingBot`."""

    DEFAULT_ITERATIONS = 8
    """The budget when none is given, in iterations per move (one deal each)."""

    CONFIDENCE = 2.0
    """The default test with two or more opponents left (standard errors)."""

    def _confidence(self, seats: int, finished: int) -> float:
        """The test of a clear lead at a table of ``seats`` with ``finished`` out."""
        if self.confidence is not None:
            return self.confidence
        return self.CONFIDENCE if _two_or_more_opponents(seats, finished) else 0.0

    def _close_deals(self, seats: int, finished: int) -> int | None:
        """The deals of a close decision at a table of ``seats`` with ``finished``
        out: :attr:`close_deals` with two or more opponents left, else ``None``."""
        return self.close_deals if _two_or_more_opponents(seats, finished) and self.seconds is None else None

    def _place_share(self, seats: int, finished: int) -> float:
        """The share of a lost rollout's reward its place earns at a table of
        ``seats`` with ``finished`` out: :attr:`place_share` with two or more
        opponents left, else 0."""
        return self.place_share if _two_or_more_opponents(seats, finished) else 0.0

    def __init__(
        self,
        iterations: int | None = None,
        *,
        seconds: float | None = None,
        rollout: RolloutPolicy | None = None,
        rollout_moves: int | None = None,
        confidence: float | None = None,
        close_deals: int | None = None,
        place_share: float = 0.0,
    ) -> None:
        if seconds is None and iterations is None:
            iterations = self.DEFAULT_ITERATIONS
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise ThreeUpError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ThreeUpError(f"seconds must be a positive time, not {seconds!r}")
        if rollout_moves is not None and (not isinstance(rollout_moves, int) or rollout_moves < 1):
            raise ThreeUpError(
                f"rollout_moves must be a whole number of at least 1, or None, not {rollout_moves!r}"
            )
        if confidence is not None and (
            not isinstance(confidence, int | float) or isinstance(confidence, bool) or not confidence >= 0
        ):
            raise ThreeUpError(f"confidence must be a number of standard errors, 0 or more, not {confidence!r}")
        if close_deals is not None and (
            not isinstance(close_deals, int) or isinstance(close_deals, bool) or close_deals < 1
        ):
            raise ThreeUpError(f"close_deals must be a whole number of at least 1, or None, not {close_deals!r}")
        if not isinstance(place_share, int | float) or isinstance(place_share, bool) or not 0 <= place_share < 1:
            raise ThreeUpError(f"place_share must be a number from 0 up to (not including) 1, not {place_share!r}")
        self.iterations = iterations
        """The budget in iterations per move (one deal each), or ``None`` to search by time."""
        self.seconds = seconds
        """The time per decision, if it searches by time (then :attr:`iterations` is a cap)."""
        self.rollout: RolloutPolicy = rollout if rollout is not None else HeuristicBot()
        """The policy every seat follows after the move searched (and in setup)."""
        self.rollout_moves = rollout_moves
        """Decisions a rollout plays before it scores the position (``None``: to the end)."""
        self.confidence = None if confidence is None else float(confidence)
        """How many standard errors another move must lead the policy's by to be
        played; ``None``: :data:`CONFIDENCE` with two or more opponents left, 0
        against one."""
        self.close_deals = close_deals
        """With two or more opponents left and a budget in iterations: the
        search stops after half of :attr:`iterations` when no other move leads
        the policy's, and otherwise goes on to ``close_deals`` deals in all
        (``None``: always :attr:`iterations`)."""
        self.place_share = float(place_share)
        """With two or more opponents left: what a rollout the bot loses scores
        at best, by its place among the seats still in (by cards held when the
        game ends): the full share for the place after the winner's, none for
        the last (0, the default: a loss scores 0 whatever the place)."""
        self.last_iterations = 0
        """How many iterations the last search made (0 when the move was forced)."""

    def _search(
        self,
        player: int,
        moves: Sequence[Move],
        preferred: Move,
        deal: Callable[[], GameState],
        rng: random.Random,
        confidence: float,
        close_deals: int | None = None,
        place_share: float = 0.0,
    ) -> Move:
        """The policy's move, unless another beats it clearly over the deals searched
        (with ``close_deals``, a close decision searched longer, see :attr:`close_deals`)."""
        order = [preferred, *(move for move in moves if move != preferred)]
        if len(order) == 1:
            return preferred
        rewards: list[list[float]] = [[] for _ in order]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        goals: list[int | None] = [self.iterations]
        if close_deals is not None and self.iterations is not None:
            goals = [(self.iterations + 1) // 2, close_deals]  # close decisions go on
        done = 0
        for stage, goal in enumerate(goals):
            if stage and not _leads(rewards):
                break
            while (goal is None or done < goal) and (deadline is None or done == 0 or time.perf_counter() < deadline):
                state = deal()
                for index, move in enumerate(order):
                    rewards[index].append(self._rollout(apply(state, move), player, rng, place_share))
                done += 1
        self.last_iterations = done
        return order[_clear_winner(rewards, confidence)]

    def _rollout(self, state: GameState, player: int, rng: random.Random, place_share: float = 0.0) -> float:
        """Play on with the rollout policy; the reward of ``player`` in [0, 1]
        (a loss scoring up to ``place_share`` by its place)."""
        limit = self.rollout_moves
        made = 0
        while not state.is_over and (limit is None or made < limit):
            moves = legal_moves(state)
            if len(moves) == 1:
                move = moves[0]
            else:
                move = self.rollout.choose(observe(state, state.current_player), rng)
            state = apply(state, move)
            made += 1
        return _reward(state, player, place_share)


def _two_or_more_opponents(seats: int, finished: int) -> bool:
    """Whether a table of ``seats`` with ``finished`` out leaves the player two
    or more opponents: where the search's options for larger tables act.

    >>> _two_or_more_opponents(4, 1), _two_or_more_opponents(4, 2)
    (True, False)
    """
    return seats - finished > 2


def _clear_winner(rewards: Sequence[Sequence[float]], confidence: float) -> int:
    """The index of the move to play: 0 (the policy's move) unless another move's
    mean lead over it, deal by deal, exceeds ``confidence`` standard errors
    (then the move with the largest lead).

    >>> _clear_winner([[0, 0, 0, 1], [1, 1, 1, 1]], 2.0)  # a lead of 0.75, error 0.22
    1
    >>> _clear_winner([[0, 1, 0, 1], [1, 0, 1, 1]], 2.0)  # 0.25 ahead, but by chance
    0
    """
    best, best_lead = 0, 0.0
    base = rewards[0]
    for index in range(1, len(rewards)):
        leads = [reward - first for reward, first in zip(rewards[index], base)]
        count = len(leads)
        lead = sum(leads) / count
        spread = sum((value - lead) ** 2 for value in leads) / count
        if lead > best_lead and lead > confidence * math.sqrt(spread / count):
            best, best_lead = index, lead
    return best


def _leads(rewards: Sequence[Sequence[float]]) -> bool:
    """Whether any move's total reward exceeds that of the policy's move (the first).

    >>> _leads([[0, 1], [1, 0], [0, 0]]), _leads([[0, 1], [1, 1]])
    (False, True)
    """
    base = sum(rewards[0])
    return any(sum(other) > base for other in rewards[1:])


def _distinct(moves: Sequence[Move], preferred: Move, rules: Rules, flips_alike: bool) -> list[Move]:
    """``moves`` less those that play out exactly as an earlier one, ``preferred`` first.

    Plays of the same numbers from the same place differ only in colour, which
    no rule reads unless the same-colour swap (O7) is on; and when no one has
    seen the 3DOWN cards (``flips_alike``), turning over one or another is
    the same chance (F3).

    >>> from threeup3down import parse_move
    >>> moves = [parse_move(text) for text in ("7g", "7r", "7g,7r", "9b")]
    >>> [str(move) for move in _distinct(moves, moves[1], Rules(players=2), True)]
    ['7r', '7g,7r', '9b']
    """
    kept: dict[object, Move] = {}
    for move in (preferred, *moves):
        key: object = move
        if isinstance(move, Play) and not rules.colour_matters:
            key = (move.source, tuple(card.rank for card in move.cards))
        elif isinstance(move, FlipDown) and flips_alike:
            key = FlipDown
        kept.setdefault(key, move)
    return list(kept.values())


def _reward(state: GameState, player: int, place_share: float = 0.0) -> float:
    """1 for a win; a loss ``place_share`` times the share of the other losers
    holding more cards (ties count half); a cut-off game by the cards every seat holds.

    >>> from threeup3down import GameState
    >>> over = GameState.from_notation("over 0 -|-|-/5g,7r|-|-/3b|-|-/4g,6g,8g|-|- - - * fin=0", Rules(players=4))
    >>> [_reward(over, seat, 0.5) for seat in range(4)]
    [1.0, 0.25, 0.5, 0.0]
    """
    if state.winner is not None:
        if state.winner == player:
            return 1.0
        if not place_share:
            return 0.0
        held = state.seats[player].card_count
        others = [seat.card_count for number, seat in enumerate(state.seats) if number not in (player, state.winner)]
        if not others:
            return 0.0
        beaten = sum(1.0 if count > held else 0.5 if count == held else 0.0 for count in others)
        return place_share * beaten / len(others)
    weights = [math.exp(-_SHARPNESS * seat.card_count) for seat in state.seats]
    return weights[player] / sum(weights)


def _with_hand_prior(state: GameState, player: int, rng: random.Random) -> GameState:
    """``state`` dealt again: the other seats' unknown hand cards drawn from every
    card ``player`` cannot see with the weights of :data:`_HAND_PRIOR`, the rest
    shuffled into the 3DOWN cards and the draw pile, each place keeping its count.

    >>> from threeup3down import GameState
    >>> state = GameState.from_notation("play 0 3r|-|-/5g|-|- 9b - *", Rules(players=2))
    >>> again = _with_hand_prior(state, 0, random.Random(1))
    >>> again.seats[0] == state.seats[0], sorted(again.seats[1].hand + again.draw_pile)
    (True, [Card.GREEN_5, Card.BLUE_9])
    """
    pool = list(state.draw_pile)
    wanted = []
    for number, seat in enumerate(state.seats):
        pool.extend(seat.down)
        if number != player:
            unknown = list(seat.hand)
            for card in seat.known:
                unknown.remove(card)
            pool.extend(unknown)
            wanted.append(len(unknown))
    # Weighted sampling without replacement (Efraimidis and Spirakis, 2006): the
    # cards with the largest keys u ** (1 / weight) go to the hands.
    keyed = sorted(pool, key=lambda card: rng.random() ** (1.0 / _HAND_PRIOR[card.rank]), reverse=True)
    to_hands, counts = iter(keyed[: sum(wanted)]), iter(wanted)
    hands = [
        seat.hand if number == player else sort_cards(seat.known + tuple(islice(to_hands, next(counts))))
        for number, seat in enumerate(state.seats)
    ]
    return _with_unseen_shuffled(state, hands, keyed[sum(wanted) :], rng)


def _with_unseen_shuffled(
    state: GameState, hands: Sequence[tuple[Card, ...]], unseen: list[Card], rng: random.Random
) -> GameState:
    """``state`` with ``hands`` and the cards ``unseen`` shuffled (in place) and
    dealt to the 3DOWN cards, seat by seat, and then to the draw pile, each
    place keeping its count.

    >>> from threeup3down import GameState
    >>> state = GameState.from_notation("play 0 3r|-|5g,9b/5b|-|- - 4g *", Rules(players=2))
    >>> hands = [seat.hand for seat in state.seats]
    >>> again = _with_unseen_shuffled(state, hands, list(state.seats[0].down), random.Random(1))
    >>> again.seats[0].down, again.seats[1].down == ()
    ((Card.BLUE_9, Card.GREEN_5), True)
    """
    rng.shuffle(unseen)
    dealt = iter(unseen)
    seats = tuple(
        Seat(hand=hand, up=seat.up, down=tuple(islice(dealt, len(seat.down))), known=seat.known)
        for hand, seat in zip(hands, state.seats, strict=True)
    )
    return attrs.evolve(state, seats=seats, draw_pile=tuple(dealt))


def _hands_only_deal(state: GameState, rng: random.Random) -> GameState:
    """``state`` with its draw pile and every 3DOWN card shuffled together and
    dealt again, each place keeping its count: what a player who saw every
    hand still could not know (:attr:`CheatingBot.hands_only`).

    >>> from threeup3down import GameState
    >>> state = GameState.from_notation("play 0 3r|-|5g,9b/5b|-|- 7r 4g *", Rules(players=2))
    >>> again = _hands_only_deal(state, random.Random(0))
    >>> again.seats[0].down, again.draw_pile, [seat.hand for seat in again.seats]
    ((Card.RED_7, Card.BLUE_9), (Card.GREEN_5,), [(Card.RED_3,), (Card.BLUE_5,)])
    """
    unseen = [*state.draw_pile, *(card for seat in state.seats for card in seat.down)]
    return _with_unseen_shuffled(state, [seat.hand for seat in state.seats], unseen, rng)


class ISMCTSBot(_Search):
    """Information-set search over deals drawn with :func:`~threeup3down.sample_state`.

    Give it ``iterations`` (its budget in iterations per move, one deal each; default 8) or ``seconds`` per
    decision; ``rollout`` (default :class:`~threeup3down.bots.heuristic.HeuristicBot`)
    plays every seat after the move searched, for at most ``rollout_moves``
    decisions (default: to the end of the game). It plays another move than the
    policy's only when that move's mean lead over it exceeds ``confidence``
    standard errors (default: 2 with two or more opponents left, 0 against one).
    With ``close_deals`` and two or more opponents left, it stops after half
    its budget unless another move leads the policy's, and then searches
    ``close_deals`` deals in all. With two or more opponents left,
    ``place_share`` scores a lost rollout by its place and ``hand_prior``
    deals the opponents' unknown hand cards with the heuristic's ranks.

    .. versionchanged:: 0.3.0
       Searches at the root only, with the heuristic's rollouts to the end,
       and keeps the rollout policy's move unless another leads it clearly
       (``confidence``); ``close_deals``, ``place_share`` and ``hand_prior``.

    >>> import random
    >>> from threeup3down import GameState, Rules, observe
    >>> state = GameState.from_notation("play 0 4g,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(ISMCTSBot(iterations=4).choose(observe(state, 0), random.Random(1)))
    'Cb'
    >>> ISMCTSBot(iterations=0)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: iterations must be a whole number of at least 1, not 0
    >>> bot = ISMCTSBot(place_share=0.2, hand_prior=True)
    >>> bot.place_share, bot.hand_prior
    (0.2, True)
    >>> ISMCTSBot(place_share=1.5)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: place_share must be a number from 0 up to (not including) 1, not 1.5

    Here seat 0 loses whatever it plays: on its 3 seat 1 goes out with its 8;
    its 9 seat 1 picks up, and seat 2 goes out with its own 8. No move leads,
    so with two opponents and ``close_deals`` the search stops at half its budget.

    >>> three = GameState.from_notation("play 0 3r,9b|-|-/8g|-|-/8b|-|- - - *", Rules(players=3))
    >>> bot = ISMCTSBot(iterations=8, close_deals=20)
    >>> str(bot.choose(observe(three, 0), random.Random(1))), bot.last_iterations
    ('3r', 4)
    """

    def __init__(
        self,
        iterations: int | None = None,
        *,
        seconds: float | None = None,
        rollout: RolloutPolicy | None = None,
        rollout_moves: int | None = None,
        confidence: float | None = None,
        close_deals: int | None = None,
        place_share: float = 0.0,
        hand_prior: bool = False,
    ) -> None:
        super().__init__(
            iterations,
            seconds=seconds,
            rollout=rollout,
            rollout_moves=rollout_moves,
            confidence=confidence,
            close_deals=close_deals,
            place_share=place_share,
        )
        if not isinstance(hand_prior, bool):
            raise ThreeUpError(f"hand_prior must be True or False, not {hand_prior!r}")
        self.hand_prior = hand_prior
        """With two or more opponents left: deal the other seats' unknown hand
        cards with the ranks the heuristic keeps more often weighted up (off by
        default: every unseen card equally likely anywhere)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move whose rollouts won most (in setup, the rollout policy's choice)."""
        moves = observation.legal_moves()
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        preferred = self.rollout.choose(observation, rng)
        if observation.phase is Phase.SETUP:
            return preferred
        distinct = _distinct(moves, preferred, observation.rules, flips_alike=True)
        player = observation.player
        if self.hand_prior and _two_or_more_opponents(len(observation.seats), len(observation.finished)):

            def deal() -> GameState:
                return _with_hand_prior(sample_state(observation, rng), player, rng)

        else:

            def deal() -> GameState:
                return sample_state(observation, rng)

        return self._search(
            observation.player,
            distinct,
            preferred,
            deal,
            rng,
            self._confidence(len(observation.seats), len(observation.finished)),
            self._close_deals(len(observation.seats), len(observation.finished)),
            self._place_share(len(observation.seats), len(observation.finished)),
        )


class CheatingBot(_Search):
    """The same search on the true state: it sees every card (an upper bound),
    or with ``hands_only=True`` every hand.

    With ``hands_only=True`` it sees every hand but neither the order of the
    draw pile nor any 3DOWN card (its own included): each iteration shuffles
    those and deals them again. That is the most that reading the opponents'
    hands, by any inference from their play, could tell a fair player; the
    rest of the cheating bot's edge comes from the cards no player can know.

    .. versionchanged:: 0.3.0
       ``hands_only``, and the search and options of :class:`ISMCTSBot`.

    >>> import random
    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 4g,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(CheatingBot(iterations=4).choose_state(state, random.Random(1)))
    'Cb'
    >>> CheatingBot(hands_only=True).hands_only
    True
    """

    def __init__(
        self,
        iterations: int | None = None,
        *,
        seconds: float | None = None,
        rollout: RolloutPolicy | None = None,
        rollout_moves: int | None = None,
        confidence: float | None = None,
        close_deals: int | None = None,
        place_share: float = 0.0,
        hands_only: bool = False,
    ) -> None:
        super().__init__(
            iterations,
            seconds=seconds,
            rollout=rollout,
            rollout_moves=rollout_moves,
            confidence=confidence,
            close_deals=close_deals,
            place_share=place_share,
        )
        if not isinstance(hands_only, bool):
            raise ThreeUpError(f"hands_only must be True or False, not {hands_only!r}")
        self.hands_only = hands_only
        """See every hand but deal the draw pile and the 3DOWN cards at random
        (off by default: it sees every card and the draw pile's order)."""

    def choose_state(self, state: GameState, rng: random.Random) -> Move:
        """The move whose rollouts from ``state`` itself won most.

        It needs the full state: given an :class:`~threeup3down.Observation`, which
        hides the cards it would read, it raises :class:`~threeup3down.core.errors.BotError`.

        >>> from threeup3down import Rules, new_game, observe
        >>> CheatingBot().choose_state(observe(new_game(Rules(players=2), seed=1), 0), random.Random(0))
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.BotError: the cheating bot sees the full GameState, not an Observation: ask it with decide(bot, state, rng)
        """
        if not isinstance(state, GameState):
            raise BotError(
                f"the cheating bot sees the full GameState, not an {type(state).__name__}:"
                " ask it with decide(bot, state, rng)"
            )
        moves = legal_moves(state)
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        preferred = self.rollout.choose(observe(state, state.current_player), rng)
        if state.phase is Phase.SETUP:
            return preferred
        distinct = _distinct(moves, preferred, state.rules, flips_alike=self.hands_only)
        confidence = self._confidence(len(state.seats), len(state.finished))
        close_deals = self._close_deals(len(state.seats), len(state.finished))
        place_share = self._place_share(len(state.seats), len(state.finished))
        if self.hands_only:

            def deal() -> GameState:
                return _hands_only_deal(state, rng)

        else:

            def deal() -> GameState:
                return state

        return self._search(state.current_player, distinct, preferred, deal, rng, confidence, close_deals, place_share)
