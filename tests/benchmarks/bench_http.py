"""HTTP throughput and latency of command handling (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_http [--seconds 20] [--clients 16]
        [--workers 2] [--ruleset arkantis] [--out bench-results/http.json]

Starts ``plateau serve`` on a free loopback port (the store and cache come
from ``PLATEAU_DATABASE_URL`` / ``PLATEAU_REDIS_URL`` as for the service;
unset: a fresh SQLite file in a temporary directory, its log beside it), then ``--clients``
concurrent clients each play random games of ``--ruleset`` (legal-commands,
then one command with If-Match) for ``--seconds``. Reports commands per
second and the latency percentiles of ``POST /commands`` and of
``GET /legal-commands``, with the conditions, and writes them as JSON.
Only loopback traffic; bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.servers import served


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


async def player(
    base: str, ruleset: str, deadline: float, seed: int, stats: dict[str, list[float]]
) -> None:
    rnd = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.monotonic() < deadline:
            game = (await client.post("/games", json={"ruleset": ruleset})).json()
            tokens = {}
            for seat in (s["seat"] for s in game["seats"]):
                r = await client.post(
                    f"/games/{game['game_id']}/seats/{seat}", json={"player_name": seat}
                )
                tokens[seat] = r.json()["token"]
            while time.monotonic() < deadline:
                summary = (await client.get(f"/games/{game['game_id']}")).json()
                if summary["status"] != "active":
                    break
                seat = rnd.choice(summary["to_act"])
                headers = {"Authorization": f"Bearer {tokens[seat]}"}
                t0 = time.perf_counter()
                legal = (
                    await client.get(f"/games/{game['game_id']}/legal-commands", headers=headers)
                ).json()
                stats["legal"].append(time.perf_counter() - t0)
                command = rnd.choice(legal["commands"])
                t1 = time.perf_counter()
                r = await client.post(
                    f"/games/{game['game_id']}/commands",
                    json=command,
                    headers={**headers, "If-Match": f'"{legal["version"]}"'},
                )
                stats["command"].append(time.perf_counter() - t1)
                if r.status_code != 201:
                    stats["rejected"].append(1.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Plateau HTTP benchmark")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ruleset", default="arkantis")
    parser.add_argument("--out", default="bench-results/http.json")
    args = parser.parse_args(argv)

    tmp = tempfile.mkdtemp(prefix="plateau-bench-")
    env = dict(os.environ)
    env.setdefault("PLATEAU_DATABASE_URL", f"sqlite:///{tmp}/bench.db")
    with served(Path(tmp) / "server.log", env=env, workers=args.workers) as server:
        base = server.base
        stats: dict[str, list[float]] = {"command": [], "legal": [], "rejected": []}
        deadline = time.monotonic() + args.seconds

        async def run() -> None:
            await asyncio.gather(
                *(player(base, args.ruleset, deadline, i, stats) for i in range(args.clients))
            )

        started = time.monotonic()
        asyncio.run(run())
        elapsed = time.monotonic() - started
    report: dict[str, Any] = {
        "benchmark": "http",
        "ruleset": args.ruleset,
        "store": env["PLATEAU_DATABASE_URL"].split(":", 1)[0],
        "cache": "redis" if env.get("PLATEAU_REDIS_URL") else "memory",
        "workers": args.workers,
        "clients": args.clients,
        "seconds": round(elapsed, 1),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": sys.version.split()[0],
        "commands": len(stats["command"]),
        "commands_per_s": round(len(stats["command"]) / elapsed, 1),
        "rejected": len(stats["rejected"]),
        "command_ms": {
            q: percentile(stats["command"], p)
            for q, p in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
        },
        "legal_commands_ms": {
            q: percentile(stats["legal"], p)
            for q, p in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
        },
        "note": "client and server share the machine; the clients' own CPU time counts against the server",
    }
    print(json.dumps(report, indent=2))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
