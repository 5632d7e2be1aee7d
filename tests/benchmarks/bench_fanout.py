"""SSE fan-out (issue 33; opt-in: ``scripts/bench --fanout``, and part of ``scripts/bench --all``).

    scripts/bench --fanout [--streams 250,500,1000,2000,4000,8000] [--moves 10]
                           [--games 1000] [--per-game 5] [--spread-seconds 10]

``plateau serve --workers 2`` with its default settings, except the limits per
client address (one address opens every stream: ``PER_ADDRESS`` of
``bench_capacity``), on a scratch database and Redis prefix; then its floor,
``tests/benchmarks/fanout_floor_app.py`` (a raw ASGI app: a Redis ``PUBLISH``
per move, one pattern subscription per worker, one queue per stream) under
granian with ``plateau serve``'s settings (2 workers, HTTP/1.1, the asyncio
loop, the same backpressure), measured the same way by the same client. One
asyncio process (raw streams, no client library) opens every stream and
makes every move; the open-file limit is raised to the hard one first.

* **Spread**: ``--games`` ArkantiS games with ``--per-game`` spectator streams
  each; one move per game, the moves spread evenly over ``--spread-seconds``:
  the delivery p50/p99 (the stream's receipt of the event whose ``id`` is the
  version the command answered, minus the client's receipt of that answer; it
  can be below 0). The workers' memory (``Rss`` and ``Pss`` of
  ``/proc/{pid}/smaps_rollup``, summed over the workers) is read after the
  games are set up and again once every stream is open (idle): the difference
  divided by the streams is the memory per open stream.
* **One game, stepped**: for each N of ``--streams``, N streams of one game,
  then ``--moves`` moves one after the other (each once every stream has it,
  or after 5 s): delivery p50/p99/max. The steps stop after the first whose
  p99 passes ``DELIVERY_P99_MS`` (150 ms): the last N under it, halved, is
  the streams per worker before delivery degrades (the open sockets each
  worker holds are counted from ``/proc``: the kernel shares them unevenly).

A stream refused (503 ``too_many_streams``, or no answer) is counted, never
retried: the default caps are part of what is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import time
import uuid
from collections import Counter
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from tests.benchmarks import write_report
from tests.benchmarks.bench_capacity import Conn, Game, Sample, raise_open_files
from tests.benchmarks.bench_suite import (
    BIN,
    LOGS,
    LOOP,
    PER_ADDRESS,
    cpu_seconds,
    cpu_used,
    migrate,
    pct,
    scratch,
)
from tests.servers import Served, free_port, served

DELIVERY_P99_MS = 150.0
SETTLE_S = 5.0
"""Seconds a move's delivery is waited for before the next (a missing one is counted)."""
OPENING = 200
"""Streams being opened at once (connect, request, head)."""


# --- what the client sees ------------------------------------------------------------


class Tracker:
    """Every stream's receipts and every move's answer, by (game, version)."""

    def __init__(self) -> None:
        self.answered: dict[tuple[str, int], float] = {}
        self.receipts: dict[tuple[str, int], list[float]] = {}
        self.opened = 0
        self.refused: Counter[str] = Counter()
        self.ended = 0

    def got(self, game_id: str, event_id: str) -> None:
        self.receipts.setdefault((game_id, int(event_id)), []).append(time.perf_counter())

    def deliveries(self, keys: list[tuple[str, int]]) -> list[float]:
        return [
            (t - self.answered[k]) * 1000
            for k in keys
            if k in self.answered
            for t in self.receipts.get(k, ())
        ]


class Streams:
    """Open SSE streams, each on its own connection, followed until closed."""

    def __init__(self, port: int, tracker: Tracker) -> None:
        self.port, self.tracker = port, tracker
        self.conns: list[Conn] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self, paths: list[tuple[str, str]], within: float = 180.0) -> float:
        """Open one stream per (game, path); seconds until every one answered or failed."""
        gate = asyncio.Semaphore(OPENING)
        tracker = self.tracker
        target = tracker.opened + sum(tracker.refused.values()) + len(paths)

        async def follow(game_id: str, path: str) -> None:
            conn = Conn("127.0.0.1", self.port)
            self.conns.append(conn)
            opened = asyncio.Event()

            def on_open() -> None:
                tracker.opened += 1
                opened.set()
                gate.release()

            await gate.acquire()
            try:
                await conn.stream(path, lambda i: tracker.got(game_id, i), on_open)
                tracker.ended += 1
            except (OSError, asyncio.IncompleteReadError) as exc:
                tracker.refused[type(exc).__name__] += 1
            except RuntimeError as exc:  # an answer other than 200
                tracker.refused[str(exc)] += 1
            finally:
                if not opened.is_set():
                    gate.release()

        started = time.perf_counter()
        self.tasks += [asyncio.create_task(follow(g, p)) for g, p in paths]
        deadline = started + within
        while (
            tracker.opened + sum(tracker.refused.values()) < target
            and time.perf_counter() < deadline
        ):
            await asyncio.sleep(0.1)
        took = time.perf_counter() - started
        await asyncio.sleep(1.0)  # the last heads' streams joined their channel
        return took

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for conn in self.conns:
            conn.close()
        self.conns, self.tasks = [], []


# --- the two servers -----------------------------------------------------------------


class Target:
    """Games to follow and moves to make, on Plateau or on the floor."""

    name = ""

    def __init__(self, server: Served) -> None:
        self.server = server
        self.conn = Conn("127.0.0.1", server.port)

    async def games(self, n: int) -> list[str]:
        raise NotImplementedError

    def path(self, game_id: str) -> str:
        raise NotImplementedError

    async def move(self, game_id: str, tracker: Tracker) -> tuple[str, int] | None:
        """One move of ``game_id``: its (game, version) key, its answer's time in the tracker."""
        raise NotImplementedError

    def close(self) -> None:
        self.conn.close()


class PlateauTarget(Target):
    name = "plateau"

    def __init__(self, server: Served) -> None:
        super().__init__(server)
        self.state: dict[str, Game] = {}
        self.sample = Sample()

    async def games(self, n: int) -> list[str]:
        made = [Game("127.0.0.1", self.server.port, False, self.sample) for _ in range(n)]
        gate = asyncio.Semaphore(16)

        async def setup(game: Game) -> None:
            async with gate:
                await game.setup()

        await asyncio.gather(*(setup(g) for g in made))
        for g in made:
            self.state[g.game_id] = g
        return [g.game_id for g in made]

    def path(self, game_id: str) -> str:
        return f"/games/{game_id}/events/stream?after={self.state[game_id].version}"

    async def move(self, game_id: str, tracker: Tracker) -> tuple[str, int] | None:
        game = self.state[game_id]
        before = game.version
        try:
            await game.move()
        except (OSError, asyncio.IncompleteReadError):  # its idle keep-alive was closed
            game.conn.close()
            await game.move()
        if game.version == before:
            return None
        key = (game_id, game.version)
        tracker.answered[key] = game.answered[game.version]
        return key

    def close(self) -> None:
        super().close()
        for game in self.state.values():
            game.conn.close()


class FloorTarget(Target):
    name = "floor"

    def __init__(self, server: Served) -> None:
        super().__init__(server)
        self.versions: dict[str, int] = {}
        self.conns: dict[str, Conn] = {}

    async def games(self, n: int) -> list[str]:
        made = [uuid.uuid4().hex for _ in range(n)]
        for g in made:
            self.versions[g] = 0
        return made

    def path(self, game_id: str) -> str:
        return f"/games/{game_id}/events/stream"

    async def move(self, game_id: str, tracker: Tracker) -> tuple[str, int] | None:
        conn = self.conns.get(game_id)
        if conn is None:
            conn = self.conns[game_id] = Conn("127.0.0.1", self.server.port)
        version = self.versions[game_id] = self.versions[game_id] + 3
        path = f"/games/{game_id}/moves/{version}"
        try:
            status, _ = await conn.request("POST", path)
        except (OSError, asyncio.IncompleteReadError):  # its idle keep-alive was closed
            conn.close()
            status, _ = await conn.request("POST", path)
        done = time.perf_counter()
        if status != 201:
            return None
        key = (game_id, version)
        tracker.answered[key] = done
        return key

    def close(self) -> None:
        super().close()
        for conn in self.conns.values():
            conn.close()


def floor_server(env: dict[str, str], workers: int) -> AbstractContextManager[Served]:
    """``fanout_floor_app`` under granian with ``plateau serve``'s settings."""
    port = free_port()
    argv = [str(BIN / "granian"), "--interface", "asgi", "--http", "1", "--loop", LOOP]
    argv += ["--backpressure", "10000", "--workers", str(workers)]
    argv += ["--host", "127.0.0.1", "--port", str(port), "tests.benchmarks.fanout_floor_app:app"]
    return served(
        LOGS / f"fanout-floor-{workers}w.log", command=argv, port=port, ready_path="/hello", env=env
    )


# --- the workers, from /proc ---------------------------------------------------------


def workers(server: Served) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(server.pid)], capture_output=True, text=True
    )
    return [int(p) for p in out.stdout.split()]


def memory_kb(pids: list[int]) -> dict[str, int]:
    """``Rss`` and ``Pss`` (kB) of ``pids``, summed (``/proc/{pid}/smaps_rollup``)."""
    total = {"rss_kb": 0, "pss_kb": 0}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    name, _, rest = line.partition(":")
                    if name in ("Rss", "Pss"):
                        total[f"{name.lower()}_kb"] += int(rest.split()[0])
        except OSError:
            continue
    return total


def sockets(pids: list[int]) -> list[int]:
    """The open sockets of each of ``pids`` (its connections, its pools)."""
    counts = []
    for pid in pids:
        n = 0
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                        n += 1
                except OSError:
                    continue
        except OSError:
            pass
        counts.append(n)
    return counts


# --- the scenarios -------------------------------------------------------------------


def summary(delivery: list[float]) -> dict[str, Any]:
    return {
        "delivery_p50_ms": pct(delivery, 0.5),
        "delivery_p99_ms": pct(delivery, 0.99),
        "delivery_max_ms": round(max(delivery), 2) if delivery else None,
    }


async def wait_delivered(tracker: Tracker, key: tuple[str, int], expected: int) -> None:
    deadline = time.perf_counter() + SETTLE_S
    while len(tracker.receipts.get(key, ())) < expected and time.perf_counter() < deadline:
        await asyncio.sleep(0.005)


async def spread(target: Target, games: int, per_game: int, seconds: float) -> dict[str, Any]:
    """``per_game`` streams on each of ``games`` games, one move per game over ``seconds``;
    the workers' memory before and after the streams opened."""
    server = target.server
    pids = workers(server)
    t0 = time.perf_counter()
    ids = await target.games(games)
    setup_s = time.perf_counter() - t0
    await asyncio.sleep(2.0)
    before = memory_kb(pids)
    tracker = Tracker()
    streams = Streams(server.port, tracker)
    paths = [(g, target.path(g)) for g in ids for _ in range(per_game)]
    open_s = await streams.open(paths)
    await asyncio.sleep(2.0)
    after = memory_kb(pids)
    held = sockets(pids)
    cpu0 = cpu_seconds(server.pid)
    mine0 = resource.getrusage(resource.RUSAGE_SELF)
    gap = seconds / max(1, games)
    started = time.perf_counter()
    keys: list[tuple[str, int]] = []

    async def one(i: int, game_id: str) -> None:
        await asyncio.sleep(max(0.0, started + i * gap - time.perf_counter()))
        key = await target.move(game_id, tracker)
        if key is not None:
            keys.append(key)

    await asyncio.gather(*(one(i, g) for i, g in enumerate(ids)))
    deadline = time.perf_counter() + SETTLE_S
    while (
        sum(len(tracker.receipts.get(k, ())) for k in keys) < len(keys) * per_game
        and time.perf_counter() < deadline
    ):
        await asyncio.sleep(0.05)
    window = time.perf_counter() - started
    used = cpu_used(cpu0, cpu_seconds(server.pid))
    mine = resource.getrusage(resource.RUSAGE_SELF)
    client = (mine.ru_utime + mine.ru_stime) - (mine0.ru_utime + mine0.ru_stime)
    streams.close()
    delivery = tracker.deliveries(keys)
    opened = tracker.opened
    grown = {k: after[k] - before[k] for k in after}
    return {
        "games": games,
        "streams_per_game": per_game,
        "streams_asked": len(paths),
        "streams_opened": opened,
        "streams_refused": dict(tracker.refused),
        "setup_s": round(setup_s, 1),
        "open_s": round(open_s, 1),
        "sockets_per_worker": held,
        "moves": len(keys),
        "moves_per_s": round(len(keys) / seconds, 1),
        **summary(delivery),
        "deliveries": len(delivery),
        "deliveries_expected": len(keys) * opened // max(1, games),
        "cores_busy": {
            **{k: round(v / window, 2) for k, v in used.items()},
            "client": round(client / window, 2),
        },
        "memory_before_kb": before,
        "memory_after_kb": after,
        "memory_per_stream_kb": {
            k.replace("_kb", ""): round(v / max(1, opened), 1) for k, v in grown.items()
        },
    }


async def one_game(target: Target, n: int, moves: int) -> dict[str, Any]:
    """``n`` streams of one new game, then ``moves`` moves one after the other."""
    server = target.server
    (game_id,) = await target.games(1)
    tracker = Tracker()
    streams = Streams(server.port, tracker)
    open_s = await streams.open([(game_id, target.path(game_id))] * n)
    held = sockets(workers(server))
    opened = tracker.opened
    cpu0 = cpu_seconds(server.pid)
    keys = []
    for _ in range(moves):
        key = await target.move(game_id, tracker)
        if key is None:
            continue
        keys.append(key)
        await wait_delivered(tracker, key, opened)
        await asyncio.sleep(0.2)
    used = cpu_used(cpu0, cpu_seconds(server.pid))
    streams.close()
    delivery = tracker.deliveries(keys)
    per_move = [tracker.deliveries([k]) for k in keys]
    return {
        "streams_asked": n,
        "streams_opened": opened,
        "streams_refused": dict(tracker.refused),
        "open_s": round(open_s, 1),
        "sockets_per_worker": held,
        "moves": len(keys),
        **summary(delivery),
        # The last stream's receipt, per move: the whole fan-out's time.
        "last_stream_p50_ms": pct([max(d) for d in per_move if d], 0.5),
        "deliveries": len(delivery),
        "deliveries_expected": len(keys) * opened,
        "server_cpu_ms_per_move": round(used["server"] * 1000 / max(1, len(keys)), 1),
    }


async def profile(target: Target, n: int, seconds: float) -> dict[str, Any]:
    """``py-spy`` on every worker while one game with ``n`` streams moves, each move
    once every stream has it: where a worker's time goes in the fan-out."""
    from tests.benchmarks.bench_capacity import spy_all, summarise

    server = target.server
    (game_id,) = await target.games(1)
    tracker = Tracker()
    streams = Streams(server.port, tracker)
    await streams.open([(game_id, target.path(game_id))] * n)
    opened = tracker.opened
    spy = asyncio.create_task(asyncio.to_thread(spy_all, server, seconds, f"fanout-{n}"))
    keys = []
    while not spy.done():
        key = await target.move(game_id, tracker)
        if key is None:  # the game ended: another
            streams.close()
            (game_id,) = await target.games(1)
            await streams.open([(game_id, target.path(game_id))] * n)
            continue
        keys.append(key)
        await wait_delivered(tracker, key, opened)
    raws = await spy
    streams.close()
    delivery = tracker.deliveries(keys)
    return {"streams": opened, "moves": len(keys), **summary(delivery), **summarise(raws)}


def degraded(step: dict[str, Any]) -> bool:
    p99 = step["delivery_p99_ms"]
    return (
        p99 is None
        or p99 > DELIVERY_P99_MS
        or step["deliveries"] < 0.99 * step["deliveries_expected"]
        or step["streams_opened"] < step["streams_asked"]
    )


async def scenarios(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    try:
        if args.no_steps:
            out["profile"] = await profile(target, args.profile_streams, args.profile_seconds)
            print(target.name, "profile", json.dumps(out["profile"], indent=1), flush=True)
            return out
        out["spread"] = await spread(target, args.games, args.per_game, args.spread_seconds)
        print(target.name, "spread", json.dumps(out["spread"]), flush=True)
        out["one_game"] = []
        for n in (int(x) for x in args.streams.split(",")):
            step = await one_game(target, n, args.moves)
            step["degraded"] = degraded(step)
            out["one_game"].append(step)
            print(target.name, "one game", json.dumps(step), flush=True)
            if step["degraded"]:
                break
            await asyncio.sleep(1.0)
        held = [s["streams_asked"] for s in out["one_game"] if not s["degraded"]]
        out["largest_one_game_streams_within_goal"] = max(held) if held else None
        if args.profile:
            out["profile"] = await profile(target, args.profile_streams, args.profile_seconds)
            print(target.name, "profile", json.dumps(out["profile"], indent=1), flush=True)
    finally:
        target.close()
    return out


def run(
    env: dict[str, str], args: argparse.Namespace, which: tuple[str, ...] = ("plateau", "floor")
) -> dict[str, Any]:
    """Both servers' figures (Plateau's on a migrated database in ``env``)."""
    report: dict[str, Any] = {}
    if "plateau" in which:
        plateau_env = {**env, **PER_ADDRESS}
        with served(LOGS / "fanout-plateau.log", env=plateau_env, workers=2) as server:
            time.sleep(3)  # both workers up (the probe answers when one is)
            report["plateau"] = asyncio.run(scenarios(PlateauTarget(server), args))
    if "floor" in which:
        with floor_server(env, 2) as server:
            time.sleep(1)
            report["floor"] = asyncio.run(scenarios(FloorTarget(server), args))
    return report


def ratios(report: dict[str, Any]) -> dict[str, Any]:
    """Plateau's figures beside the floor's (the floor's / Plateau's for throughputs,
    Plateau's / the floor's for times and memory)."""
    p, f = report.get("plateau"), report.get("floor")
    if not p or not f or "spread" not in p or "spread" not in f:
        return {}

    def over(a: float | None, b: float | None) -> float | None:
        return round(a / b, 2) if a is not None and b else None

    out: dict[str, Any] = {
        "spread_delivery_p99_x_floor": over(
            p["spread"]["delivery_p99_ms"], f["spread"]["delivery_p99_ms"]
        ),
        "memory_per_stream_pss_x_floor": over(
            p["spread"]["memory_per_stream_kb"]["pss"], f["spread"]["memory_per_stream_kb"]["pss"]
        ),
        "largest_one_game_streams": {
            "plateau": p["largest_one_game_streams_within_goal"],
            "floor": f["largest_one_game_streams_within_goal"],
        },
    }
    floor_steps = {s["streams_asked"]: s for s in f["one_game"]}
    for s in p["one_game"]:
        fs = floor_steps.get(s["streams_asked"])
        if fs is not None:
            out[f"one_game_{s['streams_asked']}_p99_x_floor"] = over(
                s["delivery_p99_ms"], fs["delivery_p99_ms"]
            )
    return out


def print_report(report: dict[str, Any]) -> None:
    """The fan-out's figures, one line each, Plateau's beside the floor's."""
    print("[SSE fan-out] (2 workers; goal: delivery p99 < 150 ms)")
    for name in ("plateau", "floor"):
        r = report.get(name)
        if not r or "spread" not in r:
            continue
        s = r["spread"]
        print(
            f"  {name:<7} spread: {s['streams_opened']} of {s['streams_asked']} streams over"
            f" {s['games']} games, {s['moves']} moves: delivery p50 {s['delivery_p50_ms']}"
            f" p99 {s['delivery_p99_ms']} ms ({s['deliveries']} of {s['deliveries_expected']});"
            f" memory per open stream: Pss {s['memory_per_stream_kb']['pss']} kB,"
            f" Rss {s['memory_per_stream_kb']['rss']} kB"
        )
        for g in r["one_game"]:
            print(
                f"  {name:<7} one game, {g['streams_opened']} of {g['streams_asked']} streams"
                f" (sockets per worker {g['sockets_per_worker']}): delivery p50"
                f" {g['delivery_p50_ms']} p99 {g['delivery_p99_ms']} max {g['delivery_max_ms']} ms"
                f" ({g['deliveries']} of {g['deliveries_expected']}),"
                f" server CPU {g['server_cpu_ms_per_move']} ms per move"
                + ("  DEGRADED" if g["degraded"] else "")
            )
        print(
            f"  {name:<7} largest one-game stream count within the goal:"
            f" {r['largest_one_game_streams_within_goal']}"
        )
    if report.get("ratios"):
        print(f"  ratios: {json.dumps(report['ratios'])}")


def arguments() -> argparse.ArgumentParser:
    """The fan-out's arguments (``bench_suite`` runs it with their defaults)."""
    parser = argparse.ArgumentParser(description="Plateau SSE fan-out (issue 33)")
    parser.add_argument(
        "--streams",
        default="250,500,1000,2000,4000,8000",
        help="streams of one game, stepped (stopped after the first step past the goal)",
    )
    parser.add_argument("--moves", type=int, default=10, help="moves per one-game step")
    parser.add_argument("--games", type=int, default=1000, help="games of the spread part")
    parser.add_argument("--per-game", type=int, default=5, help="streams per game, spread part")
    parser.add_argument(
        "--spread-seconds", type=float, default=10.0, help="the spread part's moves over this"
    )
    parser.add_argument("--only", choices=("plateau", "floor"), default=None)
    parser.add_argument(
        "--profile", action="store_true", help="then py-spy the workers during one game's fan-out"
    )
    parser.add_argument("--profile-streams", type=int, default=1000)
    parser.add_argument("--profile-seconds", type=float, default=10.0)
    parser.add_argument("--no-steps", action="store_true", help="only the profile")
    parser.add_argument("--out", default="bench-results/fanout.json")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = arguments()
    args = parser.parse_args(argv)
    files = raise_open_files()
    made = scratch("fanout")
    env = made.env
    report: dict[str, Any] = {
        "benchmark": "fanout",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_before": [round(x, 1) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "open_files": files,
        "server": "plateau serve --workers 2, default settings but " + ", ".join(PER_ADDRESS),
        "floor": "tests/benchmarks/fanout_floor_app.py under granian, 2 workers",
        "goal": {"delivery_p99_ms": DELIVERY_P99_MS},
        "args": vars(args),
    }
    try:
        migrate(env)
        which = (args.only,) if args.only else ("plateau", "floor")
        report.update(run(env, args, which))
    finally:
        made.drop()
    report["load_after"] = [round(x, 1) for x in os.getloadavg()]
    report["ratios"] = ratios(report)
    out = write_report(args.out, report)
    print_report(report)
    print(f"written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
