"""Golden playthroughs of Éclats des Cités: generate and replay.

Each file in ``tests/data/eclats_des_cites/`` holds one complete seeded game:
the options, the seed, the setup events, and every (seat, command) with the
events it produced. ``test_golden.py`` replays the commands through
``decide`` with ``Rng(seed, version)`` and compares every event exactly.

Regenerate (only after a deliberate rules change, then review the diff)::

    .venv/bin/python -m tests.domain.eclats_des_cites.golden
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec

from domain import Rng, SeatedPlayer, SetupContext, fold
from domain.eclats_des_cites import RULESET as RS
from domain.eclats_des_cites.state import EclatsOptions

DATA = Path(__file__).resolve().parents[2] / "data" / "eclats_des_cites"

GAMES: dict[str, tuple[int, str]] = {
    "two_players": (2, "golden-2"),
    "three_players": (3, "golden-3"),
    "four_players": (4, "golden-4"),
    "five_players": (5, "golden-5"),
}


class Step(msgspec.Struct, kw_only=True):
    seat: str
    command: Any
    events: list[Any]


class Golden(msgspec.Struct, kw_only=True):
    options: EclatsOptions
    seed: str
    ruleset_version: int
    setup: list[Any]
    steps: list[Step]
    outcome: Any


def play(n: int, seed: str) -> Golden:
    """One game where each seat picks uniformly among its legal commands."""
    options = EclatsOptions(seat_count=n)
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RS.seats(options)))
    log = RS.setup(options, ctx, Rng(seed, 0))
    setup = list(log)
    state = fold(RS, log)
    policy = random.Random(seed)
    steps: list[Step] = []
    while RS.outcome(state) is None:
        seat = RS.to_act(state)[0]
        command = policy.choice(RS.legal_commands(state, seat))
        events = RS.decide(state, seat, command, Rng(seed, len(log)))
        log.extend(events)
        state = fold(RS, events, state)
        steps.append(Step(seat=seat, command=command, events=events))
    return Golden(
        options=options,
        seed=seed,
        ruleset_version=RS.version,
        setup=setup,
        steps=steps,
        outcome=RS.outcome(state),
    )


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, (n, seed) in GAMES.items():
        game = play(n, seed)
        raw = msgspec.json.format(msgspec.json.encode(game), indent=1)
        (DATA / f"{name}.json").write_bytes(raw + b"\n")
        print(name, len(game.steps), "commands", game.outcome)


if __name__ == "__main__":
    main()
