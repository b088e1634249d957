"""Pictures of the table: well-formed SVG that shows what a seat sees and nothing it does not."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import play, position
from tests.playouts import state_after, tables
from threeup3down import Card, ChooseUp, GameState, Rules, new_game, parse_move
from threeup3down.views.observation import Observation, observe
from threeup3down.views.svg import LastMove, load_ipython_extension, observation_svg, state_svg, to_svg

SVG = "{http://www.w3.org/2000/svg}"
CARD_TOKEN = re.compile(r"(?<![\w#.+-])(?:10|[1-9]|C\+1|C\+2|C)[grb](?![\w+])")
"""Card notation standing alone (not inside a colour code such as ``#1b2540``)."""

# Every card seat 0 sees is a number from 2 to 9; every card hidden from it is
# a 1, a 10 or a Clear kind, so none of their marks may appear in its picture.
DISTINCT = (
    "play 0 2g,3r,5b,5g|4g,6r,9b|1g,10b,C+2g"
    "/1r,10r,C+1r,Cg|7g,8r,8b|1b,10g,C+1b"
    " Cr,C+1g,1r 2r,3g,6b *"
)


def parse(svg: str) -> ET.Element:
    """The SVG's root element (fails if the markup is not well-formed XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def seat_group(root: ET.Element, seat: int) -> ET.Element:
    """The group that draws one seat."""
    (group,) = [
        g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "seat" and g.get("data-seat") == str(seat)
    ]
    return group


def faces(element: ET.Element, zone: str) -> list[Card]:
    """The face-up cards drawn in ``element`` for a zone, in drawing order."""
    return [
        Card.parse(g.get("data-card", ""))
        for g in element.iter(f"{SVG}g")
        if g.get("data-zone") == zone and g.get("data-card") is not None
    ]


def zone_count(element: ET.Element, zone: str) -> int:
    """How many cards, face up or down, are drawn in ``element`` for a zone."""
    return sum(1 for g in element.iter(f"{SVG}g") if g.get("data-zone") == zone)


def texts(element: ET.Element) -> list[str]:
    """Every text node under ``element``."""
    return [node.text for node in element.iter() if node.text]


def tokens(svg: str) -> Counter[Card]:
    """Every card named anywhere in the markup, once per mention."""
    return Counter(Card.parse(token) for token in CARD_TOKEN.findall(svg))


def seen_by(view: Observation) -> set[Card]:
    """Every card the observer may see, or knows to be in another hand (F4, T3)."""
    cards = {*view.hand, *view.discard_pile, *view.out_of_game}
    for seat in view.seats:
        cards.update(seat.up)
        cards.update(seat.known)
    return cards


def shown_views(rules: Rules, seed: int, steps: int) -> Iterator[Observation]:
    """Every seat's observation of a random game after ``steps`` moves."""
    state = state_after(rules, seed, steps)
    for seat in range(rules.players):
        yield observe(state, seat)


def test_the_picture_is_well_formed_self_contained_svg() -> None:
    """The markup parses as XML, has a size and a title, and refers to nothing outside it."""
    svg = observation_svg(observe(position(DISTINCT), 0))
    root = parse(svg)
    assert root.get("width") and root.get("height") and root.get("viewBox")
    assert root.find(f"{SVG}title") is not None
    assert "href" not in svg and "url(" not in svg and "<script" not in svg


@pytest.mark.spec("S2", "S3", "F3")
def test_own_hand_every_3up_card_and_the_counts_are_drawn() -> None:
    """Seat 0 sees its hand and both seats' 3UP cards face up, and every count."""
    view = observe(position(DISTINCT), 0)
    root = parse(observation_svg(view))
    own, other = seat_group(root, 0), seat_group(root, 1)
    assert faces(own, "hand") == list(view.hand)
    assert faces(own, "up") == list(view.seats[0].up)
    assert faces(other, "up") == list(view.seats[1].up)
    assert zone_count(own, "down") == zone_count(other, "down") == 3
    assert "hand 4 · 3UP 3 · 3DOWN 3" in texts(own)
    assert "hand 4 · 3UP 3 · 3DOWN 3" in texts(other)
    every = texts(root)
    assert "Discard pile: 3 cards" in every and "3 cards" in every  # three cards to draw
    assert str(len(view.out_of_game)) in every
    assert faces(root, "discard") == list(view.discard_pile)


@pytest.mark.spec("S2", "F3")
def test_no_hidden_card_appears_anywhere_in_the_markup() -> None:
    """The other hand, every 3DOWN card and the draw pile leave no trace: no notation, kind or name."""
    svg = observation_svg(observe(position(DISTINCT), 0))
    named = tokens(svg)
    assert named and all(2 <= card.rank <= 9 for card in named)
    for mark in ("C+", "CLEAR", "Clear", "GREEN_", "RED_", "BLUE_"):
        assert mark not in svg, mark
    words = " ".join(texts(parse(svg)))
    for mark in ("10", "+1", "+2"):
        assert mark not in words, mark


@pytest.mark.spec("S3")
def test_a_setup_choice_by_another_seat_stays_hidden() -> None:
    """During setup a seat sees another's 3UP choice only as backs, even when it is the last move."""
    state = new_game(Rules(players=2), seed=3)
    choice = ChooseUp(state.seats[0].hand[:3])
    after = play(state, str(choice))
    svg = observation_svg(observe(after, 1), last_move=LastMove(0, choice))
    root = parse(svg)
    assert zone_count(seat_group(root, 0), "up") == 3 and not faces(seat_group(root, 0), "up")
    assert set(tokens(svg)) <= set(after.seats[1].hand)
    assert "player 0 chose 3UP cards" in " ".join(texts(root))
    shown_to_chooser = observation_svg(observe(after, 0), last_move=LastMove(0, choice))
    assert faces(seat_group(parse(shown_to_chooser), 0), "up") == list(choice.cards)


@pytest.mark.spec("S2", "S3", "F3", "F4", "O5", "O6")
@given(tables(), st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_random_pictures_name_only_cards_their_seat_sees(
    rules: Rules, seed: int, steps: int
) -> None:
    """In any position, each seat's picture is valid XML naming only cards it may see."""
    for view in shown_views(rules, seed, steps):
        svg = observation_svg(view)
        root = parse(svg)
        assert set(tokens(svg)) <= seen_by(view)
        own = seat_group(root, view.player)
        assert Counter(faces(own, "hand")) == Counter(view.hand)
        for number, seat in enumerate(view.seats):
            group = seat_group(root, number)
            assert faces(group, "known") == ([] if number == view.player else list(seat.known))
            assert faces(group, "up") == list(seat.up)
            assert zone_count(group, "up") == seat.up_size
            assert zone_count(group, "down") == seat.down_size
            assert f"hand {seat.hand_size} · 3UP {seat.up_size} · 3DOWN {seat.down_size}" in texts(
                group
            )


PICK_UP = "play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *"
"""Seat 0 cannot beat the 9r, so it picks up the pile, 2r and 9r, in sight of seat 1 (T3)."""


def known_faces(root: ET.Element) -> list[ET.Element]:
    """Every face drawn as a known card, in drawing order."""
    return [g for g in root.iter(f"{SVG}g") if "known" in (g.get("class") or "").split()]


@pytest.mark.spec("T3", "F4")
def test_cards_seen_going_into_another_hand_are_drawn_face_up_and_marked() -> None:
    """After seat 0 picks up the pile, seat 1's picture shows the 2r and 9r in seat 0's hand,
    marked as known, with the two other cards as backs."""
    after = play(position(PICK_UP), "pick")
    view = observe(after, 1)
    assert view.seats[0].known == (Card.RED_2, Card.RED_9)
    root = parse(observation_svg(view))
    other = seat_group(root, 0)
    assert faces(other, "known") == [Card.RED_2, Card.RED_9]
    assert [g.get("data-card") for g in known_faces(root)] == ["2r", "9r"]
    titles = [g.findtext(f"{SVG}title") for g in known_faces(root)]
    assert titles == ["known to be in this hand: red 2 (2r)", "known to be in this hand: red 9 (9r)"]
    assert sum(1 for g in other.iter(f"{SVG}g") if g.get("class") == "back") == 2
    assert "× 4 in hand, 2 known" in texts(other)
    assert set(tokens(observation_svg(view))) <= seen_by(view)
    assert not {Card.BLUE_3, Card.GREEN_8} & set(tokens(observation_svg(view)))  # still unseen


@pytest.mark.spec("T3")
def test_a_hand_of_known_cards_only_is_all_face_up() -> None:
    """A seat whose hand is the pile it picked up shows every card of it, and says so."""
    after = play(position("play 0 -|3b|1g,1r,1b/7r|-|- - 2r,9r *"), "pick")
    root = parse(observation_svg(observe(after, 1)))
    other = seat_group(root, 0)
    assert faces(other, "known") == [Card.RED_2, Card.RED_9]
    assert not [g for g in other.iter(f"{SVG}g") if g.get("class") == "back" and not g.get("data-zone")]
    assert "all 2 cards in hand known" in texts(other)


def test_no_known_card_is_drawn_when_none_is_known() -> None:
    """Before the pick-up, and in the picker's own picture, no card is drawn as known."""
    before = position(PICK_UP)
    assert not any(seat.known for seat in observe(before, 1).seats)
    svg = observation_svg(observe(before, 1))
    assert not known_faces(parse(svg)) and "known" not in svg
    own = parse(observation_svg(observe(play(before, "pick"), 0)))
    assert not known_faces(own)
    assert faces(seat_group(own, 0), "hand") == [Card.RED_2, Card.BLUE_3, Card.GREEN_8, Card.RED_9]


def test_every_card_shows_its_kind_and_colour_in_words() -> None:
    """Colour is never the only cue: each face names the card, its colour and (for Clears) its kind."""
    root = parse(state_svg(position(DISTINCT)))
    drawn = [g for g in root.iter(f"{SVG}g") if g.get("data-card")]
    assert len(drawn) == 4 + 3 + 3 + 4 + 3 + 3 + 3  # hands, 3UP, 3DOWN, discard
    for group in drawn:
        card = Card.parse(group.get("data-card", ""))
        words = texts(group)
        assert str(card) in words
        assert card.colour.name.lower() in " ".join(words)
        if card.rank.is_clear:
            assert "CLEAR" in words


def test_the_debugging_picture_shows_every_hidden_card_marked() -> None:
    """The full state draws other hands and 3DOWN cards face up, 3DOWN marked as face down."""
    state = position(DISTINCT)
    root = parse(state_svg(state))
    for number, seat in enumerate(state.seats):
        group = seat_group(root, number)
        assert faces(group, "hand") == list(seat.hand)
        assert faces(group, "down") == list(seat.down)
    hidden = [g for g in root.iter(f"{SVG}g") if "hidden-face" in (g.get("class") or "")]
    assert len(hidden) == 6
    assert "next: 1r" in texts(root)  # the top of the draw pile


def test_the_last_play_is_outlined_on_the_discard_pile() -> None:
    """A play that is still on top of the pile is outlined, its seat marked, and named in words."""
    state = position("play 1 2g,9r|-|-/8r,8b,4g|-|- 5g 3g,6b *")
    after = play(state, "8r,8b")
    root = parse(observation_svg(observe(after, 0), last_move=LastMove(1, parse_move("8r,8b"))))
    outlines = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "last-play"]
    assert len(outlines) == 1
    assert "Last move: player 1 played 8r 8b" in texts(root)
    plain = parse(observation_svg(observe(after, 0)))
    assert not [r for r in plain.iter(f"{SVG}rect") if r.get("class") == "last-play"]


def test_whose_turn_direction_and_owed_plays_are_written() -> None:
    """The status names the player to move, a reversed direction and the extra plays owed."""
    state = position("play 1 2g,9r|-|-/8r,4g|-|- 5g 3g * owed=2 dir=-", reverse_on_one=True)
    words = " ".join(texts(parse(observation_svg(observe(state, 0)))))
    assert "player 1 to move" in words
    assert "reversed, against seat order" in words
    assert "Player 1 owes 2 extra plays" in words


def test_a_finished_game_names_the_winner() -> None:
    """Once the game is over the picture says who won."""
    state = position("over 1 5r|-|-/-|-|- - - * fin=1")
    words = texts(parse(observation_svg(observe(state, 0))))
    assert "Game over: player 1 wins" in words


@pytest.mark.parametrize("players", [2, 3, 4, 6, 12])
def test_seat_panels_do_not_overlap(players: int) -> None:
    """Seats around the table never cover each other, from 2 to 12 players."""
    rules = Rules(players=players, decks=2 if players > 6 else 1)
    root = parse(observation_svg(observe(new_game(rules, seed=1), players - 1)))
    boxes = []
    for number in range(players):
        group = seat_group(root, number)
        x, y = map(float, re.findall(r"-?[\d.]+", group.get("transform", ""))[:2])
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        boxes.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_notebooks_show_the_picture() -> None:
    """``%load_ext threeup3down.views.svg`` gives IPython the picture of states and observations."""

    class Formatter:
        def __init__(self) -> None:
            self.printers: dict[type, Callable[[object], str]] = {}

        def for_type(self, kind: type, printer: Callable[[object], str]) -> None:
            self.printers[kind] = printer

    class DisplayFormatter:
        def __init__(self) -> None:
            self.formatters = {"image/svg+xml": Formatter()}

    class Shell:
        def __init__(self) -> None:
            self.display_formatter = DisplayFormatter()

    shell = Shell()
    load_ipython_extension(shell)
    printers = shell.display_formatter.formatters["image/svg+xml"].printers
    state = position(DISTINCT)
    view = observe(state, 1)
    assert printers[GameState](state) == state_svg(state) == to_svg(state)
    assert printers[Observation](view) == observation_svg(view) == to_svg(view)


def test_pictures_of_one_observation_are_identical() -> None:
    """Two states that differ only in cards hidden from a seat draw the same picture for it."""
    state: GameState = position(DISTINCT)
    swapped = position(
        "play 0 2g,3r,5b,5g|4g,6r,9b|1r,10r,C+1r"
        "/1g,10b,C+2g,Cg|7g,8r,8b|C+1g,1r,Cr"
        " 1b,10g,C+1b 2r,3g,6b *"
    )
    assert observation_svg(observe(state, 0)) == observation_svg(observe(swapped, 0))
