"""Replay the golden playthroughs of tests/data/arkantis/ (see make_golden.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.arkantis import RULESET
from domain.kernel import Outcome, Rng, fold

DATA = Path(__file__).resolve().parents[2] / "data" / "arkantis"
FILES = sorted(DATA.glob("*.json"))


def test_golden_files_exist() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough(path: Path) -> None:
    game = msgspec.json.decode(path.read_bytes())
    options = msgspec.convert(game["options"], RULESET.Options)
    seed = game["seed"]
    expected = [msgspec.convert(e, RULESET.Event) for e in game["events"]]
    RULESET.validate_options(options)
    log: list[Any] = list(RULESET.setup(options, _context(options), Rng(seed, 0)))
    assert log == expected[: len(log)]
    state = fold(RULESET, log)
    for seat, raw in game["commands"]:
        command = msgspec.convert(raw, RULESET.Command)
        assert command in RULESET.legal_commands(state, seat)
        events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
        assert events == expected[len(log) : len(log) + len(events)]
        log.extend(events)
        state = fold(RULESET, events, state)
    assert len(log) == len(expected)
    assert msgspec.json.encode(fold(RULESET, expected)) == msgspec.json.encode(state)
    assert RULESET.outcome(state) == msgspec.convert(game["outcome"], Outcome)
    assert state.status == "finished"


def _context(options: Any) -> Any:
    from domain.kernel import SeatedPlayer, SetupContext

    return SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RULESET.seats(options)))
