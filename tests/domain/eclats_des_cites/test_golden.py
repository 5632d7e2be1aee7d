"""Replay the golden playthroughs in tests/data/eclats_des_cites/ (see make_golden.py)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain import Outcome, Rng, SeatedPlayer, SetupContext, fold
from domain.eclats_des_cites import RULESET as RS
from domain.eclats_des_cites.commands import EclatsCommand
from domain.eclats_des_cites.events import EclatsEvent
from domain.eclats_des_cites.options import EclatsOptions

DATA = Path(__file__).resolve().parents[2] / "data" / "eclats_des_cites"
FILES = sorted(DATA.glob("*.json"))


class GoldenStep(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    seat: str
    command: EclatsCommand
    events: list[EclatsEvent]


class GoldenGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    options: EclatsOptions
    seed: str
    ruleset_version: int
    setup: list[EclatsEvent]
    steps: list[GoldenStep]
    outcome: Outcome


def load(path: Path) -> GoldenGame:
    return msgspec.json.decode(path.read_bytes(), type=GoldenGame)


def test_there_are_golden_games_for_every_seat_count() -> None:
    assert sorted(load(p).options.seat_count for p in FILES) == [2, 3, 4, 5]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_exactly(path: Path) -> None:
    game = load(path)
    assert game.ruleset_version == RS.version
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RS.seats(game.options)))
    log = RS.setup(game.options, context, Rng(game.seed, 0))
    assert log == game.setup
    state = fold(RS, log)
    for number, step in enumerate(game.steps):
        assert step.command in RS.legal_commands(state, step.seat), f"step {number}"
        events = RS.decide(state, step.seat, step.command, Rng(game.seed, len(log)))
        assert events == step.events, f"step {number} of {path.name}"
        log.extend(events)
        state = fold(RS, events, state)
    assert msgspec.json.encode(fold(RS, log)) == msgspec.json.encode(state)
    assert RS.outcome(state) == game.outcome
    assert RS.to_act(state) == []
