"""threeup3down: the rules engine for the card game 3UP 3DOWN.

The heart of the library is an immutable state-transition API:
:func:`legal_moves` lists what the player to move may do, and :func:`apply`
returns the next state without changing its input.

>>> from threeup3down import Rules, new_game, legal_moves, apply
>>> state = new_game(Rules(players=2), seed=1)
>>> while not state.is_over:
...     state = apply(state, legal_moves(state)[0])
>>> state.winner in (0, 1) or state.is_stalemate
True
"""

from threeup3down.core.cards import (
    Card,
    Colour,
    Rank,
    format_cards,
    literal_deck,
    parse_cards,
    standard_deck,
)
from threeup3down.core.deal import new_game
from threeup3down.core.engine import apply, is_legal, legal_moves
from threeup3down.views.events import Event, apply_with_events, events_for
from threeup3down.core.errors import (
    BotClockExceeded,
    BotError,
    BotExceptionText,
    BotFailed,
    BotProtocolError,
    BotTimedOut,
    DocumentError,
    IllegalMoveError,
    LocaleError,
    MatchError,
    NotationError,
    RecordError,
    RulesError,
    SimulationCancelled,
    SimulationError,
    SimulationInterrupted,
    TableError,
    ThreeUpError,
)
from threeup3down.core.moves import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    Move,
    PickUp,
    Play,
    Source,
    Swap,
    parse_move,
)
from threeup3down.views.observation import Observation, SeatView, observe, sample_state
from threeup3down.views.spectator import SpectatorView, public_events, spectate
from threeup3down.formats.record_text import format_record, parse_record
from threeup3down.formats.records import GameRecord, record_game, replay
from threeup3down.core.rules import (
    RULES_VERSION,
    ClearTwoDraw,
    Deck,
    EarlyDraw,
    FirstPlayer,
    PileSwapSeats,
    Rules,
    ScoreScope,
)
from threeup3down.formats.serialization import from_dict, from_json, to_dict, to_json
from threeup3down.core.scoring import Match, card_points, score
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState, Seat

__all__ = [
    "RULES_VERSION",
    "BotClockExceeded",
    "BotError",
    "BotExceptionText",
    "BotFailed",
    "BotProtocolError",
    "BotTimedOut",
    "Card",
    "ChooseUp",
    "ClearTwoDraw",
    "Colour",
    "Deck",
    "DeclineSwap",
    "DocumentError",
    "Draw",
    "DrawInstead",
    "EarlyDraw",
    "Event",
    "FirstPlayer",
    "FlipDown",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "LocaleError",
    "Match",
    "MatchError",
    "Move",
    "NotationError",
    "Observation",
    "Phase",
    "PileSwapSeats",
    "PickUp",
    "Play",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "ScoreScope",
    "Seat",
    "SeatView",
    "SimulationCancelled",
    "SimulationError",
    "SimulationInterrupted",
    "Source",
    "SpectatorView",
    "Swap",
    "TableError",
    "ThreeUpError",
    "apply",
    "apply_with_events",
    "card_points",
    "events_for",
    "format_cards",
    "format_record",
    "from_dict",
    "from_json",
    "is_legal",
    "legal_moves",
    "literal_deck",
    "new_game",
    "observe",
    "parse_cards",
    "parse_move",
    "parse_record",
    "public_events",
    "record_game",
    "replay",
    "sample_state",
    "score",
    "spectate",
    "standard_deck",
    "to_dict",
    "to_json",
]

__version__ = "0.4.0"
"""The package version (SemVer); :data:`RULES_VERSION` is the version of the rules it implements."""
