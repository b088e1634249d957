"""Optional rules about the deal and setup: O5 pile swap, O6 chosen faces, O8 shorter
game, O9 first player, O11 two decks.

Setup positions use a deck of exactly the cards they name (``custom_cards``), so
nothing needs to lie out of the game.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from tests.helpers import moves, play, position, refusal
from threeup3down.core.deal import deal_from
from threeup3down import (
    Card,
    Colour,
    Deck,
    FirstPlayer,
    GameState,
    NotationError,
    Phase,
    PileSwapSeats,
    Rank,
    Rules,
    RulesError,
    Seat,
    ThreeUpError,
    apply,
    legal_moves,
    new_game,
    parse_cards,
    standard_deck,
)

GREEN = "2g,3g,4g,5g,6g,7g|-|9g,8g,10g"
RED = "2r,3r,4r,5r,6r,7r|-|8r,10r,9r"
BLUE = "2b,3b,4b,5b,6b,7b|-|10b,9b,8b"


def dealt(text: str, **rules: Any) -> GameState:
    """The setup position ``text``, dealt from a deck of exactly the cards it names."""
    fields = text.split()
    zones = re.split(r"[/|]", fields[2]) + [fields[3]]
    cards = tuple(card for zone in zones for card in parse_cards(zone))
    return position(text, custom_cards=cards, **rules)


def seat(text: str) -> Seat:
    """The seat written ``hand|3UP|3DOWN``."""
    hand, up, down = (parse_cards(zone) for zone in text.split("|"))
    return Seat(hand=hand, up=up, down=down)


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of ``state``, wherever it lies."""
    cards: Counter[Card] = Counter(state.draw_pile + state.discard_pile + state.out_of_game)
    for place in state.seats:
        cards.update(place.hand + place.up + place.down)
    return cards


def end_setup(state: GameState) -> GameState:
    """``state`` after every seat still to choose takes its first listed 3UP choice."""
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    return state


class TestPileSwap:
    """O5: "after setup, players swap their 3UP/3DOWN piles at random"."""

    @pytest.mark.spec("O5")
    def test_two_players_swap_piles(self) -> None:
        """Seat 0 receives seat 1's 3UP and 3DOWN cards and the other way round; hands stay."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - - perm=1,0", pile_swap=True)
        chosen = play(state, "up:2g,3g,4g")
        assert chosen.seats[0] == seat("5g,6g,7g|2g,3g,4g|9g,8g,10g")
        after = play(chosen, "up:5r,6r,7r")
        assert after.phase is Phase.PLAY and after.current_player == 0
        assert after.seats == (seat("5g,6g,7g|5r,6r,7r|8r,10r,9r"), seat("2r,3r,4r|2g,3g,4g|9g,8g,10g"))
        assert after.pile_swap == ()

    @pytest.mark.spec("O5")
    def test_three_players_follow_the_permutation(self) -> None:
        """perm=2,0,1: seat 0 gets seat 2's piles, seat 1 seat 0's, seat 2 seat 1's; 3DOWN order kept."""
        state = dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - - perm=2,0,1", pile_swap=True)
        after = play(state, "up:2g,3g,4g", "up:2r,3r,4r", "up:2b,3b,4b")
        assert after.seats == (
            seat("5g,6g,7g|2b,3b,4b|10b,9b,8b"),
            seat("5r,6r,7r|2g,3g,4g|9g,8g,10g"),
            seat("5b,6b,7b|2r,3r,4r|8r,10r,9r"),
        )

    @pytest.mark.spec("O5")
    def test_off_by_default(self) -> None:
        """Without O5 every player keeps the piles they set up."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - -")
        after = play(state, "up:2g,3g,4g", "up:5r,6r,7r")
        assert after.seats == (seat("5g,6g,7g|2g,3g,4g|9g,8g,10g"), seat("2r,3r,4r|5r,6r,7r|8r,10r,9r"))
        assert new_game(Rules(players=4), seed=1).pile_swap == ()

    @pytest.mark.spec("O5", "S3")
    def test_choices_unchanged_by_the_swap(self) -> None:
        """A player still chooses from their own six cards: 20 ways to choose 3 of 6 numbers."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - - perm=1,0", pile_swap=True)
        assert moves(state) == moves(dealt(f"setup 0 {GREEN}/{RED} 1g,1r - -"))
        assert len(moves(state)) == 20

    @pytest.mark.spec("O5")
    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_random_swap_gives_every_seat_another_seats_piles(self, players: int) -> None:
        """The swap drawn at the deal is a permutation with no seat keeping its own piles."""
        for seed in range(30):
            order = new_game(Rules(players=players, pile_swap=True), seed=seed).pile_swap
            assert sorted(order) == list(range(players))
            assert all(receiver != giver for receiver, giver in enumerate(order))

    @pytest.mark.spec("O5")
    def test_random_swap_from_the_seed(self) -> None:
        """The same seed draws the same swap; with three players both possible swaps occur."""
        rules = Rules(players=3, pile_swap=True)
        assert new_game(rules, seed=9).pile_swap == new_game(rules, seed=9).pile_swap
        seen = {new_game(rules, seed=seed).pile_swap for seed in range(40)}
        assert seen == {(1, 2, 0), (2, 0, 1)}

    @pytest.mark.spec("O5")
    def test_swap_applied_to_a_dealt_game(self) -> None:
        """In a dealt game each seat ends setup holding the piles of the seat its swap names."""
        state = new_game(Rules(players=4, pile_swap=True), seed=3)
        downs = [place.down for place in state.seats]
        after = end_setup(state)
        assert [place.down for place in after.seats] == [downs[giver] for giver in state.pile_swap]


class TestPileSwapAmongSome:
    """O5 read as GH words it, "choose players at random to swap their piles": with
    Rules.pile_swap_seats = PileSwapSeats.SOME two or more seats swap among themselves and the
    others keep their own piles; the default, PileSwapSeats.EVERY, moves every seat's piles."""

    SOME = PileSwapSeats.SOME

    @pytest.mark.spec("O5")
    def test_a_seat_may_keep_its_piles(self) -> None:
        """perm=1,0,2: seats 0 and 1 exchange piles and seat 2 keeps its own."""
        state = dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - - perm=1,0,2", pile_swap=True, pile_swap_seats=self.SOME)
        after = play(state, "up:2g,3g,4g", "up:2r,3r,4r", "up:2b,3b,4b")
        assert after.seats == (
            seat("5g,6g,7g|2r,3r,4r|8r,10r,9r"),
            seat("5r,6r,7r|2g,3g,4g|9g,8g,10g"),
            seat("5b,6b,7b|2b,3b,4b|10b,9b,8b"),
        )

    @pytest.mark.spec("O5")
    def test_the_default_moves_every_seat(self) -> None:
        """Under the default reading the same permutation, which leaves seat 2 its piles, is refused."""
        with pytest.raises(NotationError, match="must give every seat another seat's piles"):
            dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - - perm=1,0,2", pile_swap=True)
        assert Rules(pile_swap=True).pile_swap_seats is PileSwapSeats.EVERY

    @pytest.mark.spec("O5")
    def test_nobody_swapping_is_no_swap(self) -> None:
        """Two or more seats swap: the permutation that moves nobody is refused."""
        with pytest.raises(NotationError, match="must give two or more seats another seat's piles"):
            dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - - perm=0,1,2", pile_swap=True, pile_swap_seats=self.SOME)

    @pytest.mark.spec("O5")
    def test_random_swaps_among_some_seats(self) -> None:
        """With three players the deal draws each of the five permutations but the identity, from the seed."""
        rules = Rules(players=3, pile_swap=True, pile_swap_seats=self.SOME)
        assert new_game(rules, seed=9).pile_swap == new_game(rules, seed=9).pile_swap
        seen = {new_game(rules, seed=seed).pile_swap for seed in range(80)}
        assert seen == {(1, 2, 0), (2, 0, 1), (1, 0, 2), (2, 1, 0), (0, 2, 1)}

    @pytest.mark.spec("O5")
    def test_two_players_can_only_exchange(self) -> None:
        """At a table of two the only swap among two or more seats is the exchange, as by default."""
        rules = Rules(players=2, pile_swap=True, pile_swap_seats=self.SOME)
        assert {new_game(rules, seed=seed).pile_swap for seed in range(20)} == {(1, 0)}

    @pytest.mark.spec("O5")
    def test_needs_the_pile_swap(self) -> None:
        """Choosing which seats swap without the pile swap is refused, naming both fields."""
        with pytest.raises(RulesError) as error:
            Rules(pile_swap_seats=self.SOME)
        assert set(error.value.fields) == {"pile_swap_seats", "pile_swap"}

    @pytest.mark.spec("O5")
    def test_dealing_a_given_swap(self) -> None:
        """deal_from takes a swap among some seats under SOME, and refuses one that moves nobody."""
        rules = Rules(players=3, pile_swap=True, pile_swap_seats=self.SOME)
        assert deal_from(rules, rules.deck_cards(), pile_swap=(0, 2, 1)).pile_swap == (0, 2, 1)
        with pytest.raises(ThreeUpError, match=r"two or more seats one another's piles \(O5\)"):
            deal_from(rules, rules.deck_cards(), pile_swap=(0, 1, 2))


class TestChosenFaces:
    """O6: players choose, from their own six cards, the 3UP cards of the next player."""

    @pytest.mark.spec("O6")
    def test_choice_goes_to_the_next_seat(self) -> None:
        """Seat 0's choice becomes seat 1's 3UP cards; seat 0 keeps the other three in hand."""
        state = dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - -", chosen_faces=True)
        after = play(state, "up:2g,3g,4g")
        assert after.seats[0] == seat("5g,6g,7g|-|9g,8g,10g")
        assert after.seats[1] == seat(f"{RED.split('|')[0]}|2g,3g,4g|8r,10r,9r")
        assert after.current_player == 1

    @pytest.mark.spec("O6")
    def test_last_seat_chooses_for_the_first(self) -> None:
        """Seat 2 chooses for seat 0, and play begins with every seat holding another's choice."""
        state = dealt(f"setup 0 {GREEN}/{RED}/{BLUE} 1g - -", chosen_faces=True)
        after = play(state, "up:2g,3g,4g", "up:5r,6r,7r", "up:2b,3b,4b")
        assert after.phase is Phase.PLAY
        assert after.seats == (
            seat("5g,6g,7g|2b,3b,4b|9g,8g,10g"),
            seat("2r,3r,4r|2g,3g,4g|8r,10r,9r"),
            seat("5b,6b,7b|5r,6r,7r|10b,9b,8b"),
        )

    @pytest.mark.spec("O6", "S3")
    def test_same_choices_and_refusals(self) -> None:
        """The 3UP choices are the same 20 as without O6; other cards or counts cite S3."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - -", chosen_faces=True)
        assert moves(state) == moves(dealt(f"setup 0 {GREEN}/{RED} 1g,1r - -"))
        assert refusal(state, "up:2r,3r,4r") == "S3"
        assert refusal(state, "up:2g,3g") == "S3"
        assert refusal(state, "2g") == "S3"

    @pytest.mark.spec("O6", "O5")
    def test_with_pile_swap(self) -> None:
        """With two players, chosen faces then a pile swap hand each player the cards they chose."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - - perm=1,0", chosen_faces=True, pile_swap=True)
        after = play(state, "up:2g,3g,4g", "up:5r,6r,7r")
        assert after.seats == (seat("5g,6g,7g|2g,3g,4g|8r,10r,9r"), seat("2r,3r,4r|5r,6r,7r|9g,8g,10g"))


class TestShorterGame:
    """O8: "for 2–4 players, cards of one or two colours may be left out of the deck"."""

    @pytest.mark.spec("O8", "D2")
    def test_one_colour_left_out(self) -> None:
        """Without red, the deck is the 28 green and 28 blue cards."""
        deck = Rules(players=2, omitted_colours=frozenset({Colour.RED})).deck_cards()
        assert len(deck) == 56
        assert Counter(card.colour for card in deck) == {Colour.GREEN: 28, Colour.BLUE: 28}

    @pytest.mark.spec("O8", "D2")
    def test_two_colours_left_out(self) -> None:
        """Green alone: three each of 3, 6, 9, two of every other number, Clear and Clear +1, the Clear +2."""
        deck = Rules(players=3, omitted_colours=frozenset({Colour.RED, Colour.BLUE})).deck_cards()
        counts = Counter(card.rank for card in deck)
        assert len(deck) == 28 and {card.colour for card in deck} == {Colour.GREEN}
        assert [counts[Rank(number)] for number in range(1, 11)] == [2, 2, 3, 2, 2, 3, 2, 2, 3, 2]
        assert (counts[Rank.CLEAR], counts[Rank.CLEAR_PLUS_1], counts[Rank.CLEAR_PLUS_2]) == (2, 2, 1)

    @pytest.mark.spec("O8")
    def test_without_green_there_is_no_clear_plus_2(self) -> None:
        """The only Clear +2 is green, so leaving green out removes it."""
        deck = Rules(players=4, omitted_colours=frozenset({Colour.GREEN})).deck_cards()
        assert len(deck) == 56 and Card.GREEN_CLEAR_PLUS_2 not in deck

    @pytest.mark.spec("O8", "S2", "S4")
    def test_dealt_game_holds_only_the_colours_kept(self) -> None:
        """A dealt game has all 56 cards of the kept colours and no red card."""
        rules = Rules(players=4, omitted_colours=frozenset({Colour.RED}))
        state = new_game(rules, seed=5)
        assert sum(all_cards(state).values()) == 56 and len(state.draw_pile) == 56 - 36
        assert all(card.colour is not Colour.RED for card in all_cards(state))

    @pytest.mark.spec("O8", "D1")
    def test_positions_use_the_shorter_deck(self) -> None:
        """A position's unnamed cards are only those kept; a red card is refused."""
        state = position("play 0 7g,7b,9b|-|-/8g|-|- - 5b *", omitted_colours=frozenset({Colour.RED}))
        assert len(state.out_of_game) == 56 - 5
        assert moves(state) == ["7g", "7g,7b", "9b"]
        with pytest.raises(NotationError, match="more cards than the deck holds: 7r"):
            position("play 0 7r,9b|-|-/8g|-|- - 5b *", omitted_colours=frozenset({Colour.RED}))


class TestFirstPlayer:
    """O9: the first player is a fixed seat, the dealer's left, or random (S5)."""

    @pytest.mark.spec("O9", "S5")
    def test_fixed_seat(self) -> None:
        """With first_seat=2, seat 2 opens play once every seat has chosen."""
        state = new_game(Rules(players=3, first_seat=2), seed=1)
        assert state.first_player == 2
        after = end_setup(state)
        assert after.phase is Phase.PLAY and after.current_player == 2

    @pytest.mark.spec("O9", "S5")
    def test_default_is_seat_zero(self) -> None:
        """By default seat 0 opens play."""
        assert end_setup(new_game(Rules(players=3), seed=1)).current_player == 0

    @pytest.mark.spec("O9")
    def test_position_flag(self) -> None:
        """A setup position's first=1 flag names who opens play after the last choice."""
        state = dealt(f"setup 0 {GREEN}/{RED} 1g,1r - - first=1")
        after = play(state, "up:2g,3g,4g", "up:5r,6r,7r")
        assert after.current_player == 1 and after.first_player == 1

    @pytest.mark.spec("O9")
    @pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 0)])
    def test_dealers_left(self, dealer: int, first: int) -> None:
        """The seat after the dealer opens, wrapping from the last seat to seat 0."""
        rules = Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT, dealer=dealer, first_seat=2)
        state = new_game(rules, seed=1)
        assert state.first_player == first
        assert end_setup(state).current_player == first

    @pytest.mark.spec("O9")
    def test_random_from_the_seed(self) -> None:
        """A random first player is fixed by the seed, and every seat gets its turn over seeds."""
        rules = Rules(players=4, first_player=FirstPlayer.RANDOM, first_seat=3)
        assert new_game(rules, seed=8).first_player == new_game(rules, seed=8).first_player
        assert {new_game(rules, seed=seed).first_player for seed in range(40)} == {0, 1, 2, 3}


class TestTwoDecks:
    """O11: "two decks for 7 to 12 players"."""

    @pytest.mark.spec("O11", "D1")
    def test_deck_is_doubled(self) -> None:
        """Two decks hold every card twice: 168 standard cards, or 148 literal ones."""
        deck = Rules(players=7, decks=2).deck_cards()
        assert len(deck) == 168
        assert Counter(deck) == Counter(standard_deck() * 2)
        assert deck.count(Card.GREEN_CLEAR_PLUS_2) == 2
        assert len(Rules(players=7, decks=2, deck=Deck.LITERAL).deck_cards()) == 148

    @pytest.mark.spec("O11", "S2", "S3", "S4")
    @pytest.mark.parametrize(("players", "left"), [(7, 105), (12, 60)])
    def test_deal(self, players: int, left: int) -> None:
        """Each of 7 (or 12) players is dealt 3 + 6 cards; 168 - 63 = 105 (or 168 - 108 = 60) remain."""
        state = new_game(Rules(players=players, decks=2), seed=2)
        assert [(len(place.hand), len(place.down)) for place in state.seats] == [(6, 3)] * players
        assert len(state.draw_pile) == left
        assert all_cards(state) == Counter(standard_deck() * 2)

    @pytest.mark.spec("O11", "P1", "C4", "S6")
    def test_four_of_one_kind(self) -> None:
        """Four green 9s exist only with two decks; seat 6 may play one to four of them, then seat 0 plays."""
        seats = [f"{number}g|-|-" for number in range(1, 7)] + ["9g,9g,9g,9g,10r|-|-"]
        state = position(f"play 6 {'/'.join(seats)} - 8b *", decks=2)
        assert moves(state) == ["9g", "9g,9g", "9g,9g,9g", "9g,9g,9g,9g", "10r"]
        after = play(state, "9g,9g,9g,9g")
        assert after.discard_pile == () and after.current_player == 0
        with pytest.raises(NotationError):
            position("play 0 9g,9g,9g,9g|-|-/8r|-|- - 8b *")
