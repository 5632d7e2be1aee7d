"""Golden playthroughs of Éclats des Cités: generate and replay.

Each file in ``tests/data/eclats_des_cites/`` holds one complete seeded game:
the options, the seed, the setup events, and every (seat, command) with the
events it produced. ``test_golden.py`` replays the commands through
``decide`` with ``Rng(seed, version)`` and compares every event exactly.

Regenerate (only after a deliberate rules change, then review the diff)::

    .venv/bin/python -m tests.domain.eclats_des_cites.make_golden [DIRECTORY]
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec

from domain.eclats_des_cites import RULESET as RS
from domain.eclats_des_cites.options import EclatsOptions
from tests.domain import golden

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


def uniform(rnd: random.Random, state: Any, seat: str, commands: list[Any]) -> Any:
    """Each seat picks uniformly among its legal commands."""
    return rnd.choice(commands)


def record(options: EclatsOptions, seed: str, game: golden.Playthrough) -> Golden:
    return Golden(
        options=options,
        seed=seed,
        ruleset_version=RS.version,
        setup=game.setup,
        steps=[Step(seat=s, command=c, events=e) for s, c, e in game.steps],
        outcome=game.outcome,
    )


def main() -> None:
    out = golden.out_dir(DATA)
    for name, (n, seed) in GAMES.items():
        options = EclatsOptions(seat_count=n)
        game = golden.play_out(RS, options, seed, uniform)
        golden.write(out, name, record(options, seed, game), game)


if __name__ == "__main__":
    main()
