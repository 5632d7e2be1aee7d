"""Measure decide+evolve throughput on one core (not a test).

    .venv/bin/python -m tests.domain.tours_arc_en_ciel.bench

Plays 60 random games (2, 3, 4 and 8 players, variants on in half of them, with
the busy policy of ``make_golden``) once to record their commands, then times
replaying every command through ``decide`` and folding its events (the work
the service does per command), three times, and prints the best run in wall
time and in CPU time: on a shared machine the CPU-time figure is the one that
says what one core does. ``tests/benchmarks/bench_domain.py`` measures every
ruleset with uniformly random default games.
"""

from __future__ import annotations

import random
import time
from typing import Any

from domain import Rng, SetupContext, fold
from domain.tours_arc_en_ciel.options import ToursOptions
from tests.domain.tours_arc_en_ciel.helpers import RS
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


def replay(games: list[tuple[Any, list[Any], list[tuple[str, Any]]]]) -> int:
    total = 0
    for seed, setup, commands in games:
        log = list(setup)
        state = fold(RS, log)
        for seat, command in commands:
            events = RS.decide(state, seat, command, Rng(seed, len(log)))
            state = fold(RS, events, state)
            log.extend(events)
        total += len(commands)
    return total


def main() -> None:
    games = record()
    wall = cpu = 0.0
    for _ in range(3):
        start, start_cpu = time.perf_counter(), time.process_time()
        total = replay(games)
        wall = max(wall, total / (time.perf_counter() - start))
        cpu = max(cpu, total / (time.process_time() - start_cpu))
    print(f"{total} commands, best of 3: {wall:,.0f} decide+evolve per second (wall), "
          f"{cpu:,.0f} per CPU second")  # fmt: skip


if __name__ == "__main__":
    main()
