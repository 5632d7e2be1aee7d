"""Bot strength and speed, per ruleset (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_bots [--games 200] [--playouts 30]
        [--rollout-depth N] [--ruleset NAME] [--pairing greedy:random]
        [--shard K/N] [--out bench-results/bots.json]
    .venv/bin/python -m tests.benchmarks.bench_bots --merge shard0.json shard1.json ... --out bots.json

For each ruleset and pairing ``A:B`` it plays ``--games`` two-seat games (the
default options), A in the first seat in even games and in the second seat in
odd ones, each game from its own seed, and reports A's win rate (a shared win
counts half), the number of games each level won, and each level's mean and
95th-percentile time per move, wall-clock and CPU (the ratio of A's to B's time
per move is the price of its strength; on a busy machine the CPU time is the
steadier figure). Everything is deterministic given the seeds and a playout
budget, so a run is reproducible and ``--shard K/N`` (the games ``g % N == K``)
lets N processes share a run whose reports ``--merge`` sums exactly. The report
is rewritten after every game, so an interrupted run keeps the games it played.
The time is this machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from domain import RULESETS, new_game, play
from domain.bots import Budget, choose

MAX_COMMANDS = 20_000


def match(
    name: str,
    a: str,
    b: str,
    games: int,
    budget: Budget,
    shard: tuple[int, int] = (0, 1),
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """A's results over games ``0..games-1`` (only those ``g % n == k`` for shard ``(k, n)``)."""
    rs = RULESETS[name]
    seats = rs.seats(rs.Options())
    assert len(seats) == 2
    score = 0.0
    won = {a: 0, b: 0, "shared": 0}
    times: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    lengths: list[int] = []
    started = time.perf_counter()
    indices = range(shard[0], games, shard[1])
    if not indices:
        raise ValueError(f"shard {shard[0]}/{shard[1]} of {games} games has no game")
    played = 0
    summary: dict[str, Any] = {}
    for g in indices:
        played += 1
        first, second = (a, b) if g % 2 == 0 else (b, a)
        level = {seats[0]: first, seats[1]: second}
        side = {seats[0]: "A" if g % 2 == 0 else "B", seats[1]: "B" if g % 2 == 0 else "A"}
        secret = f"bench-bots-{name}-{g}"
        state, log = new_game(rs, seed=secret)
        n = 0
        while rs.outcome(state) is None and n < MAX_COMMANDS:
            seat = rs.to_act(state)[0]
            legal = rs.legal_commands(state, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            command = choose(rs, level[seat], rs.view(state, seat), legal, seat, f"{g}:{n}", budget)
            times[level[seat]].append(time.perf_counter() - t0)
            cpu[level[seat]].append(time.process_time() - c0)
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
        print(
            f"  {name} game {g}: {winners} A={a_seats} ({n} commands)", file=sys.stderr, flush=True
        )
        summary = _summary(
            name, f"{a}:{b}", score, won, times, cpu, lengths, time.perf_counter() - started, played
        )
        if on_game is not None:
            on_game(summary)
    return summary


def _summary(
    name: str,
    pairing: str,
    score: float,
    won: dict[str, int],
    times: dict[str, list[float]],
    cpu: dict[str, list[float]],
    lengths: list[int],
    seconds: float,
    games: int,
) -> dict[str, Any]:
    return {
        "ruleset": name,
        "pairing": pairing,
        "games": games,
        "win_rate": round(score / games, 3),
        "score": score,
        "won": won,
        "ms_per_move": {k: _ms(v) for k, v in times.items()},
        "cpu_ms_per_move": {k: _ms(v) for k, v in cpu.items()},
        "mean_commands_per_game": round(sum(lengths) / len(lengths), 1),
        "seconds": round(seconds, 1),
        "samples": {"seconds_per_move": times, "cpu_seconds_per_move": cpu, "commands": lengths},
    }


def merge(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Results of shards (``--shard``) of one run, summed per ruleset and pairing."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for report in reports:
        for r in report["results"]:
            key = (r["ruleset"], r["pairing"])
            acc = out.setdefault(
                key,
                {
                    "score": 0.0,
                    "won": {},
                    "times": {},
                    "cpu": {},
                    "lengths": [],
                    "s": 0.0,
                    "games": 0,
                },
            )
            acc["score"] += r["score"]
            acc["games"] += r["games"]
            acc["s"] += r["seconds"]
            acc["lengths"] += r["samples"]["commands"]
            for k, v in r["won"].items():
                acc["won"][k] = acc["won"].get(k, 0) + v
            for k, v in r["samples"]["seconds_per_move"].items():
                acc["times"].setdefault(k, []).extend(v)
            for k, v in r["samples"]["cpu_seconds_per_move"].items():
                acc["cpu"].setdefault(k, []).extend(v)
    return [
        _summary(
            name,
            pairing,
            acc["score"],
            acc["won"],
            acc["times"],
            acc["cpu"],
            acc["lengths"],
            acc["s"],
            acc["games"],
        )
        for (name, pairing), acc in out.items()
    ]


def _print(r: dict[str, Any]) -> None:
    print(
        f"{r['ruleset']:<20} {r['pairing']:<14} {r['games']} games, win rate {r['win_rate']:.3f}"
        f" {r['won']}  ms/move {r['ms_per_move']}  ({r['mean_commands_per_game']} commands/game,"
        f" {r['seconds']} s)",
        flush=True,
    )


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
    parser.add_argument(
        "--rollout-depth", type=int, default=None, help="default: each game's ROLLOUT_DEPTH"
    )
    parser.add_argument("--ruleset", action="append", help="only these (repeatable)")
    parser.add_argument(
        "--pairing", action="append", help="A:B (default greedy:random, mcts:greedy)"
    )
    parser.add_argument(
        "--shard", default="0/1", help="K/N: only games g with g %% N == K (run N in parallel)"
    )
    parser.add_argument(
        "--merge", nargs="+", metavar="JSON", help="sum the reports of a run's shards into --out"
    )
    parser.add_argument("--out", default="bench-results/bots.json")
    args = parser.parse_args(argv)
    if args.merge:
        reports = [json.loads(Path(f).read_text()) for f in args.merge]
        merged = {**reports[0], "shard": None, "results": merge(reports)}
        Path(args.out).write_text(json.dumps(merged, indent=2) + "\n")
        for r in merged["results"]:
            _print(r)
        return 0
    k, n = (int(x) for x in args.shard.split("/"))
    names = args.ruleset or sorted(RULESETS)
    pairings = [tuple(p.split(":")) for p in (args.pairing or ["greedy:random", "mcts:greedy"])]
    budget = Budget(playouts=args.playouts, rollout_depth=args.rollout_depth)
    results: list[dict[str, Any]] = []
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)

    def write(partial: dict[str, Any] | None = None) -> None:
        """The report so far (rewritten after every game: an interrupted run keeps its games)."""
        done = results if partial is None else [*results, partial]
        out.write_text(json.dumps(report(args, budget, done), indent=2) + "\n")

    for name in names:
        for a, b in pairings:
            r = match(name, a, b, args.games, budget, (k, n), write)
            results.append(r)
            _print(r)
    write()
    print(f"written to {out}")
    return 0


def report(
    args: argparse.Namespace, budget: Budget, results: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "benchmark": "bots",
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "budget": {"playouts": budget.playouts, "rollout_depth": budget.rollout_depth},
        "shard": args.shard,
        "results": results,
    }


if __name__ == "__main__":
    raise SystemExit(main())
