"""A person's latency beside bots-only games (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_bot_latency [--processes 1]
        [--workers 2] [--games 6] [--seconds 30]

Serves ``plateau serve --workers W`` (SQLite, ``PLATEAU_BOT_PROCESSES`` =
``--processes``), starts ``--games`` bots-only ``mcts`` games of Tours, and
meanwhile plays a game of Éclats as two people (one request after another,
20 per second at most), timing ``GET /health/live`` and each command. Prints
one JSON line: the person's p50/p99/max, and the bots' events per second.
The figures in docs/bots.md come from it (and from the previous runner, in
a thread, for comparison). The time is this machine's.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import httpx

from tests.servers import served


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[int(q * (len(ordered) - 1))] * 1000, 1)


def person(http: httpx.Client) -> tuple[str, dict[str, str]]:
    game_id = http.post("/games", json={"ruleset": "eclats_des_cites"}).json()["game_id"]
    tokens = {}
    for seat in ("seat_0", "seat_1"):
        r = http.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
        tokens[seat] = r.json()["token"]
    return game_id, tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="plateau-bot-latency-"))
    env = {
        "PLATEAU_DATABASE_URL": f"sqlite:///{tmp}/bench.db",
        "PLATEAU_BOT_PROCESSES": str(args.processes),
        "PLATEAU_BOT_GAMES_PER_ADDRESS": "0",  # one address drives the whole load
        "PLATEAU_QUOTA_GAMES": "0",
        "PLATEAU_QUOTA_PLAYERS": "0",
    }
    bots = {"fire": "mcts", "ice": "mcts"}
    with served(tmp / "server.log", env=env, workers=args.workers) as server:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            games = [
                http.post("/games", json={"ruleset": "tours_arc_en_ciel", "bots": bots}).json()
                for _ in range(args.games)
            ]
            ids = [g["game_id"] for g in games]
            time.sleep(3)  # the thinking processes start
            before = sum(http.get(f"/games/{g}").json()["version"] for g in ids)
            game_id, tokens = person(http)
            live: list[float] = []
            commands: list[float] = []
            started = time.monotonic()
            while time.monotonic() - started < args.seconds:
                t = time.perf_counter()
                http.get("/health/live")
                live.append(time.perf_counter() - t)
                summary = http.get(f"/games/{game_id}").json()
                if summary["status"] == "finished":
                    game_id, tokens = person(http)
                    continue
                auth = {"Authorization": f"Bearer {tokens[summary['to_act'][0]]}"}
                legal = http.get(f"/games/{game_id}/legal-commands", headers=auth).json()
                t = time.perf_counter()
                http.post(f"/games/{game_id}/commands", json=legal["commands"][0], headers=auth)
                commands.append(time.perf_counter() - t)
                time.sleep(0.05)
            after = sum(http.get(f"/games/{g}").json()["version"] for g in ids)
    print(
        json.dumps(
            {
                "processes": args.processes,
                "workers": args.workers,
                "bots_only_games": args.games,
                "bot_events_per_s": round((after - before) / args.seconds, 1),
                "live_ms": [quantile(live, 0.5), quantile(live, 0.99), quantile(live, 1)],
                "command_ms": [
                    quantile(commands, 0.5),
                    quantile(commands, 0.99),
                    quantile(commands, 1),
                ],
                "commands": len(commands),
            }
        )
    )


if __name__ == "__main__":
    main()
