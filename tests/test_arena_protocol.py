"""The bot protocol over standard input and output: the messages, their schemas, and each fault's policy."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import jsonschema
import pytest
import referencing

from tests.subprocesses import ROOT
from threeup3down import BotClockExceeded, BotFailed, BotProtocolError, Move, Observation, Rules, new_game, observe
from threeup3down.arena import POLICIES, Clock, ProcessBot, protocol_schema
from threeup3down.arena.protocol import MAX_LINE, REFUSALS
from threeup3down.bots import LowestCardBot, RandomBot, play_game
from threeup3down.formats.serialization import json_schema
from threeup3down.simulation import simulate

MISBEHAVING = str(ROOT / "tests" / "protocol_bots.py")
FIRST_MOVE = str(ROOT / "examples" / "bots" / "first_move.py")
TABLE = Rules(players=2)


def misbehaving(behaviour: str, clock: str = "5+1") -> ProcessBot:
    return ProcessBot([sys.executable, MISBEHAVING, behaviour], clock=Clock.parse(clock))


def play_one_decision(bot: ProcessBot) -> None:
    view = observe(new_game(TABLE, seed=1), 0)
    bot.choose(view, random.Random(0))


def test_a_protocol_bot_plays_whole_games_and_is_ended(no_bot_left: object) -> None:
    """The Python example bot plays its first legal move in every game, and close() ends it."""
    bot = ProcessBot([sys.executable, FIRST_MOVE])
    first = FirstMove()
    for seed in range(3):  # the lowest-card bot draws nothing from rng, which the arena's seeds use
        game = new_game(TABLE, seed=seed)
        assert play_game(game, [bot, LowestCardBot()], random.Random(seed)) == play_game(
            game, [first, LowestCardBot()], random.Random(seed))
    assert bot.name == "first-move" and bot.pid is not None
    bot.close()
    assert bot.pid is None


class FirstMove:
    """The example bot's play, in this process."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves()[0]


def test_every_message_matches_its_schema(tmp_path: Path) -> None:
    """What the arena sends and the example bot answers is valid against the shipped schemas."""
    log = tmp_path / "messages.jsonl"
    script = tmp_path / "logging_bot.py"
    script.write_text(
        "import json, sys\n"
        f"log = open({str(log)!r}, 'w')\n"
        "def send(message):\n"
        "    log.write(json.dumps(message) + '\\n'); print(json.dumps(message), flush=True)\n"
        "send({'type': 'hello', 'protocol': 1, 'bot': 'logger'})\n"
        "first = True\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'decide':\n"
        "        moves = message['legal_moves']\n"
        "        send({'type': 'move', 'move': 'nonsense' if first else moves[0]})\n"
        "        first = False\n"
        "    elif message['type'] == 'refused':\n"
        "        send({'type': 'move', 'move': moves[0]})\n"
    )
    bot = ProcessBot([sys.executable, str(script)])
    play_game(new_game(TABLE, seed=2), [bot, RandomBot()], random.Random(2))
    bot.close()
    registry = referencing.Registry().with_resources([
        ("urn:threeup3down:documents:1", referencing.Resource.from_contents(json_schema())),
        ("urn:threeup3down:bot-protocol:1", referencing.Resource.from_contents(protocol_schema())),
    ])
    validator = jsonschema.Draft202012Validator(protocol_schema(), registry=registry)
    kinds = set()
    for line in log.read_text().splitlines():
        message = json.loads(line)
        validator.validate(message)
        kinds.add(message["type"])
    assert kinds == {"hello", "decide", "move", "refused", "bye"}


def test_an_illegal_answer_is_refused_with_the_rule_and_may_be_answered_again(
    tmp_path: Path, no_bot_left: object
) -> None:
    """Picking up the pile in setup is refused citing S3, and the bot's next answer counts."""
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as stderr:
        bot = ProcessBot(["sh", "-c", f'exec "{sys.executable}" "{MISBEHAVING}" illegal-once 2>"{errors}"'])
        play_one_decision(bot)
        bot.close()
    refusal = json.loads(errors.read_text())
    assert refusal["rule"] == "S3" and refusal["tries_left"] == REFUSALS - 1
    assert "cannot pick up the discard pile during setup" in refusal["error"]


@pytest.mark.parametrize(
    ("behaviour", "policy", "says"),
    [
        ("crash", "crash", "exited (status 3) instead of sending its move"),
        ("garbage", "refused", f"gave {REFUSALS} answers that are no legal move"),
        ("illegal", "refused", "S3: cannot pick up the discard pile during setup"),
        ("flood", "flood", f"wrote a line longer than {MAX_LINE} bytes"),
        ("old", "handshake", "hello protocol must be 1, the protocol version this arena speaks, not 0"),
    ],
)
def test_each_fault_fails_the_decision_by_its_policy(
    behaviour: str, policy: str, says: str, no_bot_left: object
) -> None:
    """A crash, garbage, illegal moves, a flood and a wrong version each raise
    BotProtocolError naming the fault, and the process is ended."""
    bot = misbehaving(behaviour)
    with pytest.raises(BotProtocolError) as raised:
        play_one_decision(bot)
    assert raised.value.policy == policy and policy in POLICIES
    assert says in str(raised.value)
    assert bot.pid is None


@pytest.mark.parametrize("behaviour", ["hang", "spawns", "slow"])
def test_a_bot_that_runs_out_of_its_clock_is_killed(behaviour: str, no_bot_left: object) -> None:
    """A bot that never answers, or answers later than its clock allows, is
    killed with every process it started."""
    bot = misbehaving(behaviour, clock="0.2+0")
    with pytest.raises(BotClockExceeded) as raised:
        play_one_decision(bot)
    assert raised.value.policy == "clock" and "ran out of its clock (0.2+0)" in str(raised.value)


def test_a_bot_that_never_greets_is_ended(monkeypatch: pytest.MonkeyPatch, no_bot_left: object) -> None:
    """No hello within the handshake time is a handshake fault."""
    monkeypatch.setattr("threeup3down.arena.process_bot.HANDSHAKE_TIME", 0.2)
    with pytest.raises(BotProtocolError, match="sent no hello within 0.2 s") as raised:
        play_one_decision(misbehaving("silent"))
    assert raised.value.policy == "handshake"


def test_a_command_that_cannot_start_is_a_crash() -> None:
    """A program that does not exist is reported, not raised as OSError."""
    with pytest.raises(BotProtocolError, match="could not be started") as raised:
        play_one_decision(ProcessBot(["/no/such/bot"]))
    assert raised.value.policy == "crash"


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_reports_a_protocol_fault_and_ends_every_bot(workers: int, no_bot_left: object) -> None:
    """In simulate a fault is a BotFailed naming the game, seat and bot, its
    cause the protocol error; no bot process is left, on any executor."""
    with pytest.raises(BotFailed) as raised:
        simulate(TABLE, ["random", misbehaving("crash")], 4, seed=1, workers=workers)
    assert raised.value.seat == 1 and raised.value.bot == "ProcessBot"
    assert "exited (status 3)" in str(raised.value)


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_plays_a_protocol_bot_on_worker_processes(workers: int, no_bot_left: object) -> None:
    """A ProcessBot pickles as its command: each worker starts its own, and the
    results are the same as the in-process bot's."""
    bot = ProcessBot([sys.executable, FIRST_MOVE])
    over_pipes = simulate(TABLE, [bot, "lowest"], 6, seed=3, workers=workers, batch_size=2)
    in_process = simulate(TABLE, [FirstMove(), "lowest"], 6, seed=3, workers=1)
    assert over_pipes.seat_places == in_process.seat_places


def test_a_clock_runs_per_game_with_its_increment() -> None:
    """The clock a decision is sent is the game's base, less what the bot took, plus the increments."""
    clock = Clock.parse("1+0.5").start()
    assert clock.after(0.25).after(0.25) == type(clock)(1.5, 0.5)
    assert clock.after(3.0).remaining == 0.5  # never below nothing, then the increment


def test_a_bad_command_or_clock_is_refused() -> None:
    """A command is a list of strings; a clock has a positive base."""
    with pytest.raises(BotProtocolError, match="a bot's command is a list of strings"):
        ProcessBot("python3 bot.py")
    with pytest.raises(Exception, match="more than 0 seconds a game"):
        Clock.parse("0+1")
