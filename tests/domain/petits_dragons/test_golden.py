"""Replay the golden playthroughs (see make_golden.py for how they are generated)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from domain.kernel import Outcome, Rng, SeatedPlayer, SetupContext, fold
from domain.petits_dragons import RULESET
from domain.petits_dragons.options import PetitsDragonsOptions

DATA = Path(__file__).resolve().parents[2] / "data" / "petits_dragons"
FILES = sorted(DATA.glob("*.json"))


def test_there_are_golden_files() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough(path: Path) -> None:
    record = json.loads(path.read_text())
    options = msgspec.convert(record["options"], PetitsDragonsOptions)
    seed = record["seed"]
    RULESET.validate_options(options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RULESET.seats(options)))
    log = list(RULESET.setup(options, context, Rng(seed, 0)))
    state = fold(RULESET, log)
    for entry in record["commands"]:
        command = msgspec.convert(entry["command"], RULESET.Command)
        assert command in RULESET.legal_commands(state, entry["seat"])
        events = RULESET.decide(state, entry["seat"], command, Rng(seed, len(log)))
        state = fold(RULESET, events, state)
        log.extend(events)
    assert msgspec.to_builtins(log) == record["events"]
    decoded = [msgspec.convert(e, RULESET.Event) for e in record["events"]]
    assert msgspec.json.encode(fold(RULESET, decoded)) == msgspec.json.encode(state)
    outcome = RULESET.outcome(state)
    assert outcome == msgspec.convert(record["outcome"], Outcome)
    assert RULESET.to_act(state) == []
