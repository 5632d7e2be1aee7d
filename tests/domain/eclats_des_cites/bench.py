"""Measure decide+evolve throughput on one core (not a test).

    .venv/bin/python -m tests.domain.eclats_des_cites.bench

Plays 60 random games (2-5 players) once to record their commands, then
times replaying every command through ``decide`` and folding its events.
"""

from __future__ import annotations

import random
import time
from typing import Any

from domain import Rng, SetupContext, fold
from domain.eclats_des_cites import RULESET as RS
from domain.eclats_des_cites.options import EclatsOptions


def record(games: int = 60) -> list[tuple[EclatsOptions, str, list[tuple[str, Any]]]]:
    pick = random.Random(0)
    out = []
    for g in range(games):
        options = EclatsOptions(seat_count=2 + g % 4)
        log = RS.setup(options, SetupContext(), Rng(str(g), 0))
        state = fold(RS, log)
        commands = []
        while RS.outcome(state) is None:
            seat = RS.to_act(state)[0]
            command = pick.choice(RS.legal_commands(state, seat))
            events = RS.decide(state, seat, command, Rng(str(g), len(log)))
            log.extend(events)
            state = fold(RS, events, state)
            commands.append((seat, command))
        out.append((options, str(g), commands))
    return out


def main() -> None:
    games = record()
    decide, evolve = RS.decide, RS.evolve
    count = events_total = 0
    start = time.perf_counter()
    for options, seed, commands in games:
        log = RS.setup(options, SetupContext(), Rng(seed, 0))
        state = fold(RS, log)
        version = len(log)
        for seat, command in commands:
            events = decide(state, seat, command, Rng(seed, version))
            for event in events:
                state = evolve(state, event)
            version += len(events)
            count += 1
            events_total += len(events)
    elapsed = time.perf_counter() - start
    print(
        f"{count} commands ({events_total} events) in {elapsed:.3f}s: "
        f"{count / elapsed:,.0f} decide+evolve per second"
    )


if __name__ == "__main__":
    main()
