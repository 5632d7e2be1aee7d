"""Rules-engine throughput, per ruleset (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_domain [--seconds 5] [--out bench-results/domain.json]

For each ruleset it plays random games (uniformly random legal commands,
fresh games as they end) on one core and reports:

* ``decide_evolve_per_s``: ``decide`` + folding its events with ``evolve``,
  commands per second (legal_commands time excluded);
* ``legal_commands_per_s``: ``legal_commands`` calls per second for the seat
  to act, in the same positions;
* ``events_per_command`` and ``mean_legal``: what those numbers are made of.

The results are printed and written as JSON with the machine's description.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from typing import Any

from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold
from tests.benchmarks import write_report


def bench(name: str, seconds: float, seed: int) -> dict[str, Any]:
    rs = RULESETS[name]
    rnd = random.Random(seed)
    decide_time = legal_time = 0.0
    commands = events = legal_calls = legal_total = games = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        options = rs.Options()
        seats = rs.seats(options)
        ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
        secret = f"bench-{games}"
        log = list(rs.setup(options, ctx, Rng(secret, 0)))
        state = fold(rs, log)
        games += 1
        for _ in range(50_000):
            to_act = rs.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            t0 = time.perf_counter()
            legal = rs.legal_commands(state, seat)
            t1 = time.perf_counter()
            legal_time += t1 - t0
            legal_calls += 1
            legal_total += len(legal)
            command = rnd.choice(legal)
            t2 = time.perf_counter()
            new_events = rs.decide(state, seat, command, Rng(secret, len(log)))
            for event in new_events:
                state = rs.evolve(state, event)
            decide_time += time.perf_counter() - t2
            log.extend(new_events)
            commands += 1
            events += len(new_events)
            if time.perf_counter() >= deadline:
                break
    return {
        "ruleset": name,
        "games_started": games,
        "commands": commands,
        "decide_evolve_per_s": round(commands / decide_time) if decide_time else None,
        "events_per_command": round(events / commands, 2) if commands else None,
        "legal_commands_per_s": round(legal_calls / legal_time) if legal_time else None,
        "mean_legal": round(legal_total / legal_calls, 1) if legal_calls else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="only these (repeatable)")
    parser.add_argument("--out", default="bench-results/domain.json")
    args = parser.parse_args(argv)
    names = args.ruleset or sorted(RULESETS)
    results = [bench(n, args.seconds, args.seed) for n in names]
    report = {
        "benchmark": "domain",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "seconds_per_ruleset": args.seconds,
        "results": results,
    }
    for r in results:
        print(
            f"{r['ruleset']:<20} decide+evolve {r['decide_evolve_per_s']:>8}/s   "
            f"legal_commands {r['legal_commands_per_s']:>8}/s   "
            f"({r['commands']} commands, {r['events_per_command']} events/command, "
            f"{r['mean_legal']} legal on average)"
        )
    print(f"written to {write_report(args.out, report)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
