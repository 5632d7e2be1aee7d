"""Measure decide+evolve throughput on one core (not a test).

    .venv/bin/python -m tests.domain.arkantis.throughput

Records 60 random games (the conformance policy of support.py, 2-4 players, all
layout sources), clears the board caches, then times replaying every command
through decide + evolve from setup (CPU time of this process).
"""

from __future__ import annotations

import random
import time
from typing import Any

from domain.arkantis import RULESET, shapes
from domain.kernel import Rng, SeatedPlayer, SetupContext
from tests.domain.arkantis.support import _explicit, choose


def record(count: int = 60) -> list[tuple[Any, str, list[tuple[str, Any]]]]:
    rnd = random.Random(5)
    games = []
    for g in range(count):
        kind, players = g % 3, 2 + (g // 3) % 3
        if kind == 0:
            opts = RULESET.Options(player_count=players)
        elif kind == 1:
            opts = RULESET.Options(player_count=players, tournament_mode=True)
        else:
            opts = RULESET.Options(
                player_count=players, explicit_layout=_explicit(rnd.sample(range(1, 8), 7))
            )
        seed = f"bench-{g}"
        state, log = _setup(opts, seed)
        commands = []
        seats = RULESET.seats(opts)
        while RULESET.outcome(state) is None:
            movers = [s for s in seats if RULESET.legal_commands(state, s)]
            seat = RULESET.to_act(state)[0] if rnd.random() < 0.8 else rnd.choice(movers)
            command = choose(rnd, state, seat, RULESET.legal_commands(state, seat))
            events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
            for event in events:
                state = RULESET.evolve(state, event)
            log.extend(events)
            commands.append((seat, command))
        games.append((opts, seed, commands))
    return games


def _setup(opts: Any, seed: str) -> tuple[Any, list[Any]]:
    seats = RULESET.seats(opts)
    log = list(
        RULESET.setup(
            opts, SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats)), Rng(seed, 0)
        )
    )
    state = None
    for event in log:
        state = RULESET.evolve(state, event)
    return state, log


def main() -> None:
    games = record()
    for cache in (
        shapes.board_actions,
        shapes.board_moves,
        shapes._analyse,
        shapes.card_type_of_mask,
    ):
        cache.cache_clear()
    total = sum(len(c) for _, _, c in games)
    start = time.process_time()
    for opts, seed, commands in games:
        state, log = _setup(opts, seed)
        for seat, command in commands:
            events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
            log.extend(events)
            for event in events:
                state = RULESET.evolve(state, event)
    elapsed = time.process_time() - start
    print(
        f"{total} commands in {elapsed:.2f} s CPU: {total / elapsed:,.0f} decide+evolve per second"
    )


if __name__ == "__main__":
    main()
