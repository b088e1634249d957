"""The module paths of 0.3 still import for one release, warn, and offer the same names."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.extras import OPTIONAL_PACKAGES, REQUIRED
from tests.subprocesses import child_environment
from threeup3down._deprecated import MOVED

NAMES_0_3 = {
    "threeup3down.cards": ("Card", "Colour", "Rank", "format_cards", "literal_deck", "parse_cards", "sort_cards", "standard_deck"),
    "threeup3down.codec": ("JsonValue", "decode", "encode", "json_type"),
    "threeup3down.deal": ("deal_from", "new_game", "random_pile_swap"),
    "threeup3down.encoding": ("ActionCodec", "observation_fields", "observation_shape", "observation_tensor", "place_reward", "rewards"),
    "threeup3down.engine": ("apply", "is_legal", "legal_moves"),
    "threeup3down.errors": ("BotError", "DocumentError", "IllegalMoveError", "MatchError", "NotationError", "RecordError", "RulesError", "SimulationCancelled", "SimulationError", "ThreeUpError"),
    "threeup3down.events": ("CardsDrawn", "CardsPlayed", "CardsSwapped", "ClearCause", "DirectionReversed", "DownCardTurned", "DrawKind", "Event", "ExtraPlaysOwed", "GameOver", "NextPlayer", "PileCleared", "PilePickedUp", "PilesSwapped", "PlayerOut", "SwapDeclined", "SwapOffered", "UpCardsChosen", "UpCardsRevealed", "Zone", "apply_with_events", "events_for"),
    "threeup3down.gymnasium": ("ENVIRONMENT_ID", "OPPONENTS", "SingleSeatEnv"),
    "threeup3down.heuristic": ("HeuristicBot",),
    "threeup3down.ismcts": ("CheatingBot", "ISMCTSBot", "RolloutPolicy"),
    "threeup3down.limits": ("MAX_INPUT_SIZE", "size_problem"),
    "threeup3down.moves": ("ChooseUp", "DeclineSwap", "Draw", "DrawInstead", "FlipDown", "Move", "PickUp", "Play", "Source", "Swap", "parse_move"),
    "threeup3down.narration": ("describe",),
    "threeup3down.notation": ("format_position", "parse_position"),
    "threeup3down.observation": ("Observation", "SeatView", "observe", "sample_state", "up_receiver"),
    "threeup3down.openspiel": ("ThreeUpGame", "ThreeUpObserver", "ThreeUpState", "max_game_length", "resampler", "rules_from_parameters"),
    "threeup3down.pettingzoo": ("ThreeUpEnv", "env", "raw_env"),
    "threeup3down.record_text": ("format_record", "format_rules", "parse_record", "parse_rules"),
    "threeup3down.records": ("GameRecord", "game_result", "record_game", "replay"),
    "threeup3down.rules": ("RULES_VERSION", "ClearTwoDraw", "Deck", "EarlyDraw", "FirstPlayer", "Rules", "ScoreScope"),
    "threeup3down.scoring": ("Match", "card_points", "score"),
    "threeup3down.serialization": ("CARDS", "EVENT", "EVENTS", "FORMAT_VERSION", "MATCH", "MOVE", "OBSERVATION", "RECORD", "RULES", "STATE", "Document", "Format", "from_dict", "from_json", "json_schema", "to_dict", "to_json"),
    "threeup3down.simulation_cli": ("DESCRIPTION", "add_arguments", "format_summary", "ray_executor", "run"),
    "threeup3down.state": ("GameState", "Phase", "Seat"),
    "threeup3down.svg": ("LastMove", "observation_svg", "state_svg", "to_svg"),
    "threeup3down.terminal": ("play_in_terminal", "render_view"),
    "threeup3down.validation": ("position_problems",),
    "threeup3down.view_documents": ("EVENT_TYPES", "check_observation", "decode_event", "decode_events", "encode_event", "sorted_observation"),
}
"""The ``__all__`` of each module of 0.3.0 that moved."""

KEPT_0_3 = {
    "threeup3down.bots": ("BOT_NAMES", "AnyBot", "Bot", "Chooser", "LowestCardBot", "MovesBot", "RandomBot", "StateBot", "chooser", "decide", "make_bot", "play_game", "playout"),
    "threeup3down.simulation": ("Rate", "SimulationResult", "game_seed", "read_records", "simulate", "tally_games", "wilson_interval"),
    "threeup3down.cli": ("main", "table_line"),
}
"""The ``__all__`` of each module of 0.3.0 whose path is now a subpackage's."""


ROOT = Path(__file__).resolve().parent.parent


def _import_fresh(name: str) -> tuple[object, list[warnings.WarningMessage]]:
    """The deprecated module ``name`` imported anew (no other module imports it),
    and the warnings the import raised."""
    sys.modules.pop(name, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            __import__(name)  # as an import statement does, so the warning points here
        except ModuleNotFoundError as error:
            if REQUIRED or (error.name or "").split(".")[0] not in OPTIONAL_PACKAGES:
                raise
            pytest.skip(f"{name} needs an extra: {error.name} is missing")
    return sys.modules[name], caught


def test_every_moved_module_is_listed() -> None:
    """MOVED names exactly the modules of 0.3.0 whose path moved."""
    assert set(MOVED) == set(NAMES_0_3)


@pytest.mark.parametrize("old", sorted(NAMES_0_3))
def test_an_old_path_warns_and_offers_the_same_names(old: str) -> None:
    """Importing a module path of 0.3 raises one DeprecationWarning naming where it
    went, and every name its 0.3.0 ``__all__`` listed is there, the very object
    that the new module (or the package) offers."""
    module, caught = _import_fresh(old)
    moved = [warning for warning in caught if issubclass(warning.category, DeprecationWarning)]
    assert len(moved) == 1
    assert MOVED[old] in str(moved[0].message) and "0.5.0" in str(moved[0].message)
    assert moved[0].filename == __file__  # it points at the import, not at the library
    new = importlib.import_module(MOVED[old])
    for name in NAMES_0_3[old]:
        value = getattr(module, name)
        assert value is getattr(new, name, None) or value is _defined_elsewhere(name)


def _defined_elsewhere(name: str) -> object:
    """A name an old module offered that now lives in another new module."""
    homes = {
        "Phase": "threeup3down.core.phase",
        "render_view": "threeup3down.views.text",
        "ray_executor": "threeup3down.simulation.executors",
    }
    return getattr(importlib.import_module(homes[name]), name)


@pytest.mark.parametrize("path", sorted(KEPT_0_3))
def test_a_path_that_became_a_subpackage_offers_its_names(path: str) -> None:
    """``threeup3down.bots``, ``.simulation`` and ``.cli`` still offer every name of
    0.3.0, and import without a warning (in a process of their own: importing a
    package afresh here would leave this one's modules unlike the rest)."""
    names = ", ".join(KEPT_0_3[path])
    subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", f"from {path} import {names}"],
        check=True, env=child_environment(), cwd=ROOT,
    )
