"""The spectator's view: what every seat sees, and nothing any seat may not (S2, S3, F3, F4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import play, position
from tests.playouts import cards_in, random_game, state_after, tables
from tests.test_observation import reshuffle_hidden
from threeup3down import Card, Rules, ThreeUpError, apply_with_events, events_for
from threeup3down import Observation, new_game, observe, parse_move
from threeup3down.core.phase import Phase
from threeup3down.views.events import CardsDrawn, DownCardTurned, UpCardsChosen
from threeup3down.views.spectator import SpectatorView, public_events, spectate
from threeup3down.views.svg import LastMove, spectator_svg, to_svg

NO_SEAT = -1
"""The seat number the observation tests' helpers take for "no seat": every hand is another's."""


@pytest.mark.spec("S2", "S3", "F3", "F4", "O5")
@given(tables(), st.integers(0, 2**32 - 1), st.integers(0, 300), st.data())
def test_states_differing_in_any_hidden_card_look_the_same_to_a_spectator(
    rules: Rules, seed: int, steps: int, data: st.DataObject
) -> None:
    """Permuting every card some seat may not see leaves the spectator's view, and its picture, unchanged."""
    state = state_after(rules, seed, steps)
    other = reshuffle_hidden(state, NO_SEAT, data)
    assert spectate(other) == spectate(state)
    assert spectator_svg(spectate(other)) == spectator_svg(spectate(state))


@pytest.mark.spec("S2", "S3")
@given(tables(), st.integers(0, 2**32 - 1), st.integers(0, 300))
def test_a_spectator_sees_exactly_what_every_seat_sees(rules: Rules, seed: int, steps: int) -> None:
    """The view's cards are the 3UP cards (after setup), the known cards and the piles; no hand."""
    state = state_after(rules, seed, steps)
    public: Counter[Card] = Counter(state.discard_pile + state.out_of_game)
    for seat in state.seats:
        public.update(seat.known + (() if state.phase is Phase.SETUP else seat.up))
    assert Counter(cards_in(spectate(state))) == public


@pytest.mark.spec("S2", "S3", "F3")
@given(tables(), st.integers(0, 2**32 - 1))
def test_the_view_is_every_observation_less_the_observer(rules: Rules, seed: int) -> None:
    """Once setup is over, each seat's observation shows every seat as the spectator sees it."""
    for state in random_game(rules, seed, seed)[0][::7]:
        view = spectate(state)
        for player in range(rules.players):
            seen = observe(state, player)
            public = {
                field.name: getattr(seen, field.name)
                for field in attrs.fields(SpectatorView)
                if field.name != "seats"
            }
            assert attrs.asdict(view, recurse=False, filter=lambda a, _: a.name != "seats") == public
            if state.phase is not Phase.SETUP:
                assert view.seats == seen.seats


def test_the_view_has_every_field_of_an_observation_but_the_observer_s_seat_and_hand() -> None:
    """A field added to what a seat is shown is shown to a spectator too, unless it is
    the observer's own: same names, in the same order, with the same types and defaults."""
    def public(cls: type) -> list[tuple[str, object, object]]:
        return [
            (field.name, field.type, field.default)
            for field in attrs.fields(cls)
            if field.name not in ("player", "hand")
        ]

    assert public(SpectatorView) == public(Observation)


def test_a_spectator_sees_that_a_clear_one_may_be_declined() -> None:
    """C2 with the optional reading: the offer to decline is public, as in every observation."""
    state = position("play 0 C+1r,7g|9r|4g,1b,2b/8b,6b|3r|5r,1g,2g - 5b *", clear_one_optional=True)
    after = play(state, "C+1r")
    assert after.may_decline and spectate(after).may_decline
    assert spectate(after).may_decline == observe(after, 1).may_decline


@pytest.mark.spec("S3", "F4", "T4")
@given(tables(), st.integers(0, 2**32 - 1))
def test_public_events_hide_what_only_the_seat_concerned_sees(rules: Rules, seed: int) -> None:
    """Each public event is the event as a seat other than its player sees it."""
    states, moves = random_game(rules, seed, seed)
    for state, move in zip(states, moves):
        _, events = apply_with_events(state, move)
        for event, public in zip(events, public_events(events)):
            player = getattr(event, "player", 0)
            assert public == events_for((event,), (player + 1) % rules.players)[0]
            if isinstance(public, (CardsDrawn, UpCardsChosen)):
                assert public.cards == ()
            if isinstance(public, DownCardTurned) and not public.played:
                assert public.card is None


def test_setup_choices_stay_hidden_from_a_spectator_until_every_seat_has_chosen() -> None:
    """S3: no 3UP card is shown while setup lasts; all are once it ends."""
    state = new_game(Rules(players=2), seed=1)
    chosen = play(state, "up:" + ",".join(map(str, state.seats[0].hand[:3])))
    assert [seat.up for seat in spectate(chosen).seats] == [(), ()]
    assert [seat.up_size for seat in spectate(chosen).seats] == [3, 0]
    done = play(chosen, "up:" + ",".join(map(str, chosen.seats[1].hand[:3])))
    assert [seat.up for seat in spectate(done).seats] == [seat.up for seat in done.seats]


def test_the_picture_shows_no_hand_card_but_the_known_ones() -> None:
    """F4, T3: a picked-up pile is drawn face up in that hand; the rest of every hand face down."""
    after = play(position("play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *"), "pick")
    root = ET.fromstring(spectator_svg(spectate(after)))
    faces = sorted(g.get("data-card", "") for g in root.iter("{http://www.w3.org/2000/svg}g")
                   if g.get("data-card"))
    assert faces == ["2r", "9r"]
    assert "spectator" in (root.findtext("{http://www.w3.org/2000/svg}title") or "")


def test_a_last_move_of_setup_is_described_without_its_cards() -> None:
    """S3: the status line says a seat chose, not what."""
    state = new_game(Rules(players=2), seed=1)
    move = parse_move("up:" + ",".join(map(str, state.seats[0].hand[:3])))
    picture = to_svg(spectate(play(state, str(move))), last_move=LastMove(player=0, move=move))
    assert "player 0 chose 3UP cards" in picture
    assert str(state.seats[0].hand[0]) not in picture.split("Last move")[1][:40]


def test_wrong_arguments_are_refused_with_the_library_s_error() -> None:
    """A spectator's view is made from a state only; its picture only from a view."""
    state = new_game(Rules(players=2), seed=1)
    with pytest.raises(ThreeUpError, match="spectate needs a GameState, not an Observation"):
        spectate(observe(state, 0))  # type: ignore[arg-type]
    with pytest.raises(ThreeUpError, match="spectator_svg draws a SpectatorView"):
        spectator_svg(state)  # type: ignore[arg-type]
    with pytest.raises(ThreeUpError, match="public_events needs an iterable of events, not an int"):
        public_events(3)  # type: ignore[arg-type]


def test_the_repr_names_the_phase_and_who_decides() -> None:
    """The repr is one line and shows no card."""
    over = position("over 1 8b|-|-/-|-|- - - * fin=1")
    assert repr(spectate(over)) == "<SpectatorView: over, player 1 won>"
    assert spectate(over).is_over and spectate(over).winner == 1
    playing = position("play 1 7r,9g|-|-/8b|-|- - 8g *")
    assert repr(spectate(playing)) == "<SpectatorView: play, turn 1, player 1 to move>"
    assert spectate(playing).top_card is Card.GREEN_8 and not spectate(playing).is_stalemate
    assert repr(spectate(new_game(Rules(players=3), seed=4))) == (
        "<SpectatorView: setup, player 0 to choose 3UP cards>"
    )
