"""Golden playthroughs: replay recorded commands and compare every event exactly.

Regenerate with ``.venv/bin/python -m tests.domain.tours_arc_en_ciel.make_golden``
(only after a deliberate rule change; review the diff).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import Rng, SetupContext
from domain.kernel import fold
from domain.tours_arc_en_ciel import RULESET
from domain.tours_arc_en_ciel.options import ToursOptions

DATA = Path(__file__).resolve().parents[2] / "data" / "tours_arc_en_ciel"
FILES = sorted(DATA.glob("*.json"))


class Step(msgspec.Struct):
    seat: str
    command: RULESET.Command  # type: ignore[name-defined]
    events: int


class Golden(msgspec.Struct):
    options: ToursOptions
    seed: str
    last_winner_seat: str | None
    setup_events: int
    steps: list[Step]
    events: list[RULESET.Event]  # type: ignore[name-defined]


def test_there_are_golden_files() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_playthrough(path: Path) -> None:
    game = msgspec.json.decode(path.read_bytes(), type=Golden)
    rs = RULESET
    context = SetupContext(last_winner_seat=game.last_winner_seat)
    log: list[Any] = list(rs.setup(game.options, context, Rng(game.seed, 0)))
    assert log == game.events[: game.setup_events]
    state = fold(rs, log)
    for n, step in enumerate(game.steps):
        assert step.command in rs.legal_commands(state, step.seat), f"step {n} not listed"
        events = rs.decide(state, step.seat, step.command, Rng(game.seed, len(log)))
        expected = game.events[len(log) : len(log) + step.events]
        assert events == expected, f"step {n}: {step.command}"
        state = fold(rs, events, state)
        log.extend(events)
    assert log == game.events
    assert msgspec.json.encode(fold(rs, game.events)) == msgspec.json.encode(state)
    outcome = rs.outcome(state)
    assert outcome is not None and rs.to_act(state) == []
    assert outcome.winners[0] == game.options.houses[game.events[-1].winner_seat]
