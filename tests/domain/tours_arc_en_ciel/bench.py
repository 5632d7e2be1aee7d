"""Measure decide+evolve throughput on one core (not a test).

    .venv/bin/python -m tests.domain.tours_arc_en_ciel.bench

Plays 60 random games (2, 3, 4 and 8 players, variants on in half of them, with
the busy policy of ``make_golden``) once
to record their commands, then times replaying every command through
``decide`` and folding its events (the work the service does per command).
"""

from __future__ import annotations

import random
import time
from typing import Any

from domain import Rng, SetupContext, fold
from domain.tours_arc_en_ciel import RULESET as RS
from domain.tours_arc_en_ciel.options import ToursOptions
from tests.domain.tours_arc_en_ciel.make_golden import choose

HOUSES = (["fire", "ice"], ["fire", "ice", "light"], ["fire", "ice", "moon", "light"],
          ["bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"])  # fmt: skip


def record(games: int = 60) -> list[tuple[Any, list[Any], list[tuple[str, Any]]]]:
    pick = random.Random(0)
    out = []
    for g in range(games):
        variants = g % 2 == 1
        houses = HOUSES[g % len(HOUSES)]
        options = ToursOptions(
            houses=list(houses), natural_1_loses=variants, natural_20_wins=variants,  # type: ignore[arg-type]
            start_pair_invulnerability=variants, enemy_start_pair_share=variants,
            two_player_recycle=variants and len(houses) == 2,
        )  # fmt: skip
        setup = RS.setup(options, SetupContext(), Rng(str(g), 0))
        log = list(setup)
        state = fold(RS, log)
        commands = []
        while RS.outcome(state) is None:
            seat = RS.to_act(state)[0]
            command = choose(pick, state, seat, RS.legal_commands(state, seat))
            events = RS.decide(state, seat, command, Rng(str(g), len(log)))
            log.extend(events)
            state = fold(RS, events, state)
            commands.append((seat, command))
        out.append((str(g), setup, commands))
    return out


def main() -> None:
    games = record()
    total = 0
    start = time.perf_counter()
    for seed, setup, commands in games:
        log = list(setup)
        state = fold(RS, log)
        for seat, command in commands:
            events = RS.decide(state, seat, command, Rng(seed, len(log)))
            state = fold(RS, events, state)
            log.extend(events)
        total += len(commands)
    elapsed = time.perf_counter() - start
    print(f"{total} commands in {elapsed:.2f}s: {total / elapsed:,.0f} decide+evolve per second")


if __name__ == "__main__":
    main()
