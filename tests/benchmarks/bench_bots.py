"""Bot strength and speed, per ruleset (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_bots [--games 200] [--playouts 30]
        [--rollout-depth 15] [--ruleset NAME] [--pairing greedy:random] [--out bench-results/bots.json]

For each ruleset and pairing ``A:B`` it plays ``--games`` two-seat games (the
default options), A in the first seat in even games and in the second seat in
odd ones, each game from its own seed, and reports A's win rate (a shared win
counts half), the number of games each level won, and each level's mean and
95th-percentile time per move (the ratio of A's to B's time per move is the
price of its strength). Everything is deterministic given the seeds and a
playout budget, so a run is reproducible; the time is this machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from domain import RULESETS, new_game, play
from domain.bots import Budget, choose

MAX_COMMANDS = 20_000


def match(name: str, a: str, b: str, games: int, budget: Budget) -> dict[str, Any]:
    rs = RULESETS[name]
    seats = rs.seats(rs.Options())
    assert len(seats) == 2
    score = 0.0
    won = {a: 0, b: 0, "shared": 0}
    times: dict[str, list[float]] = {a: [], b: []}
    lengths: list[int] = []
    started = time.perf_counter()
    for g in range(games):
        first, second = (a, b) if g % 2 == 0 else (b, a)
        level = {seats[0]: first, seats[1]: second}
        side = {seats[0]: "A" if g % 2 == 0 else "B", seats[1]: "B" if g % 2 == 0 else "A"}
        secret = f"bench-bots-{name}-{g}"
        state, log = new_game(rs, seed=secret)
        n = 0
        while rs.outcome(state) is None and n < MAX_COMMANDS:
            seat = rs.to_act(state)[0]
            legal = rs.legal_commands(state, seat)
            t0 = time.perf_counter()
            command = choose(rs, level[seat], rs.view(state, seat), legal, seat, f"{g}:{n}", budget)
            times[level[seat]].append(time.perf_counter() - t0)
            state, _ = play(rs, state, log, seat, command, seed=secret)
            n += 1
        lengths.append(n)
        outcome = rs.outcome(state)
        winners = [] if outcome is None else list(outcome.winners)
        a_seats = [s for s in seats if side[s] == "A"]
        if len(winners) == 1:
            if winners[0] in a_seats:
                score += 1
                won[a] += 1
            else:
                won[b] += 1
        elif winners:
            score += 0.5
            won["shared"] += 1
    return {
        "ruleset": name,
        "pairing": f"{a}:{b}",
        "games": games,
        "win_rate": round(score / games, 3),
        "won": won,
        "ms_per_move": {k: _ms(v) for k, v in times.items()},
        "mean_commands_per_game": round(sum(lengths) / len(lengths), 1),
        "seconds": round(time.perf_counter() - started, 1),
    }


def _ms(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"mean": 0.0, "p95": 0.0}
    ordered = sorted(samples)
    return {
        "mean": round(1000 * sum(ordered) / len(ordered), 2),
        "p95": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="per pairing and ruleset")
    parser.add_argument("--playouts", type=int, default=30, help="MCTS playouts per move")
    parser.add_argument("--rollout-depth", type=int, default=15)
    parser.add_argument("--ruleset", action="append", help="only these (repeatable)")
    parser.add_argument(
        "--pairing", action="append", help="A:B (default greedy:random, mcts:greedy)"
    )
    parser.add_argument("--out", default="bench-results/bots.json")
    args = parser.parse_args(argv)
    names = args.ruleset or sorted(RULESETS)
    pairings = [tuple(p.split(":")) for p in (args.pairing or ["greedy:random", "mcts:greedy"])]
    budget = Budget(playouts=args.playouts, rollout_depth=args.rollout_depth)
    results = []
    for name in names:
        for a, b in pairings:
            r = match(name, a, b, args.games, budget)
            results.append(r)
            print(
                f"{name:<20} {a}:{b:<8} win rate {r['win_rate']:.3f} {r['won']}  "
                f"ms/move {r['ms_per_move']}  ({r['mean_commands_per_game']} commands/game,"
                f" {r['seconds']} s)",
                flush=True,
            )
    report = {
        "benchmark": "bots",
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "budget": {"playouts": budget.playouts, "rollout_depth": budget.rollout_depth},
        "results": results,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
