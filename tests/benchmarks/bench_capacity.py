"""Capacity at human pace (issue 33; opt-in: ``scripts/bench --capacity``).

    scripts/bench --capacity [--games 100,250,500,1000,1500,2000] [--window 30] [--think 10]
                             [--profile] [--all-steps] [--set NAME=VALUE]

``plateau serve --workers 2`` with its default settings, except the limits per
client address (the load comes from one address: ``PLATEAU_MAX_REQUESTS_PER_ADDRESS``,
``PLATEAU_MAX_STREAMS_PER_ADDRESS``, ``PLATEAU_QUOTA_GAMES``,
``PLATEAU_QUOTA_PLAYERS``, ``PLATEAU_BOT_GAMES_PER_ADDRESS`` raised), on a
scratch database and Redis prefix. For each N, one asyncio process (raw
streams, HTTP/1.1 keep-alive, no client library) holds:

* N ArkantiS games, each with its player on its own connection, who every
  ``--think`` seconds (a random phase first) reads ``legal-commands`` for a
  seat of theirs to act and posts one of the listed commands at random with
  ``If-Match``; 1 game in 20 has a bot seat (``greedy``, the service's bot
  runner plays it);
* 2 spectators per game, each on its own connection, following
  ``GET /games/{id}/events/stream``.

Measured over a window after one think time of warm-up: the command's answer
time (POST only) and the delivery time of a person's move to each spectator
(the stream's receipt of the event whose ``id`` is the version the command
answered, minus the client's receipt of that answer: it can be below 0), and
the CPU each process group used. The largest N with command p99 < 50 ms and
delivery p99 < 150 ms passes. Steps run on one server, one after the other
(the previous step's games stay in the database, idle). A PNG of p99 against N
goes to ``bench-results/capacity.png`` (``--plot``; matplotlib, an optional bench
dependency); the whole ``scripts/bench`` run writes ``docs/capacity.png``, the plot the
docs show, so a diagnostic run does not replace it. Each step also says the buffers
PostgreSQL's checkpoints wrote during its window and the checkpoints started
(``pg_stat_bgwriter``): thousands of buffers written under a step lengthen its
commands' tail.

``--profile``: then, on a fresh server, ``py-spy record`` (raw stacks, 100 Hz)
samples one worker for ``--profile-seconds`` while ``play.lua`` plays
commands (8 players), and again while it holds ``--idle-streams`` idle
streams (no move); the stacks are summarised by where the time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg

from tests.benchmarks import write_report
from tests.benchmarks.bench_suite import (
    BIN,
    LOGS,
    PER_ADDRESS,
    ROOT,
    cpu_seconds,
    cpu_used,
    migrate,
    pct,
    play,
    scratch,
)
from tests.servers import Served, served

COMMAND_P99_MS = 50.0
DELIVERY_P99_MS = 150.0


def raise_open_files() -> int:
    """The open-file soft limit raised to the hard one (the server inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# --- a minimal HTTP/1.1 client on asyncio streams ---------------------------------


class Conn:
    """One keep-alive connection; one request at a time."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=2**20)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def _send(self, method: str, path: str, headers: dict[str, str], body: bytes) -> None:
        assert self.writer is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        for k, v in headers.items():
            head += f"{k}: {v}\r\n"
        if body or method == "POST":
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)

    async def _head(self) -> tuple[int, dict[str, str]]:
        assert self.reader is not None
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        return status, headers

    async def _chunk(self) -> bytes:
        assert self.reader is not None
        size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
        data = await self.reader.readexactly(size + 2)
        return data[:-2]

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> tuple[int, bytes]:
        if self.writer is None:
            await self.open()
        assert self.reader is not None
        self._send(method, path, headers or {}, body)
        status, h = await self._head()
        if "content-length" in h:
            data = await self.reader.readexactly(int(h["content-length"]))
        elif h.get("transfer-encoding") == "chunked":
            parts = []
            while chunk := await self._chunk():
                parts.append(chunk)
            data = b"".join(parts)
        else:
            data = await self.reader.read()
        if h.get("connection") == "close":
            self.close()
        return status, data

    async def stream(self, path: str, on_id: Any, on_open: Any = None) -> None:
        """Follow an SSE stream: ``on_id(id)`` at each message's end (``on_open()``
        once its head has come)."""
        if self.writer is None:
            await self.open()
        assert self.reader is not None
        self._send("GET", path, {"Accept": "text/event-stream"}, b"")
        status, h = await self._head()
        if status != 200:
            raise RuntimeError(f"stream answered {status}")
        if on_open is not None:
            on_open()
        chunked = h.get("transfer-encoding") == "chunked"
        buffer = b""
        current: str | None = None
        while True:
            data = await self._chunk() if chunked else await self.reader.read(65536)
            if not data:
                return
            buffer += data
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                if line.startswith(b"id:"):
                    current = line[3:].strip().decode()
                elif not line.strip(b"\r") and current is not None:
                    on_id(current)
                    current = None


# --- the load ----------------------------------------------------------------------


class Sample:
    def __init__(self) -> None:
        self.measuring = False
        self.command_ms: list[float] = []
        self.delivery_ms: list[float] = []
        self.moves = 0
        self.errors: Counter[str] = Counter()
        self.stream_failures = 0


class Game:
    def __init__(self, host: str, port: int, bot: bool, sample: Sample) -> None:
        self.conn = Conn(host, port)
        self.host, self.port = host, port
        self.bot = bot
        self.sample = sample
        self.game_id = ""
        self.tokens: dict[str, str] = {}
        self.version = 0
        self.to_act: list[str] = []
        self.answered: dict[int, float] = {}
        self.received: dict[int, list[float]] = {}
        self.spectators: list[Conn] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def setup(self) -> None:
        status, body = await self.conn.request("POST", "/games", body=b'{"ruleset":"arkantis"}')
        if status != 201:
            raise RuntimeError(f"create: {status} {body[:200]!r}")
        game = json.loads(body)
        self.game_id = game["game_id"]
        seats = [s["seat"] for s in game["seats"]]
        for i, seat in enumerate(seats):
            if self.bot and i == len(seats) - 1:
                claim = b'{"bot":"greedy"}'
            else:
                claim = json.dumps({"player_name": f"p{i}"}).encode()
            status, body = await self.conn.request(
                "POST", f"/games/{self.game_id}/seats/{seat}", body=claim
            )
            if status != 201:
                raise RuntimeError(f"claim: {status} {body[:200]!r}")
            token = json.loads(body)["token"]
            if token:
                self.tokens[seat] = token
        await self.refresh()

    async def refresh(self) -> None:
        status, body = await self.conn.request("GET", f"/games/{self.game_id}")
        summary = json.loads(body)
        self.version = summary["version"]
        self.to_act = summary["to_act"] if summary["status"] == "active" else []

    def on_id(self, event_id: str) -> None:
        version = int(event_id)
        now = time.perf_counter()
        answered = self.answered.get(version)
        if answered is not None:
            if self.sample.measuring:
                self.sample.delivery_ms.append((now - answered) * 1000)
        else:
            self.received.setdefault(version, []).append(now)

    async def spectate(self) -> None:
        conn = Conn(self.host, self.port)
        self.spectators.append(conn)
        try:
            await conn.stream(
                f"/games/{self.game_id}/events/stream?after={self.version}", self.on_id
            )
        except (OSError, RuntimeError, asyncio.IncompleteReadError):
            self.sample.stream_failures += 1

    async def move(self) -> None:
        mine = [s for s in self.to_act if s in self.tokens]
        if not mine:
            await self.refresh()  # a bot's turn: was it played?
            mine = [s for s in self.to_act if s in self.tokens]
            if not mine:
                return
        seat = random.choice(mine)
        auth = {"Authorization": f"Bearer {self.tokens[seat]}"}
        status, body = await self.conn.request("GET", f"/games/{self.game_id}/legal-commands", auth)
        if status != 200:
            self.sample.errors[f"legal {status}"] += 1
            return await self.refresh()
        legal = json.loads(body)
        if not legal["commands"]:
            return await self.refresh()
        command = json.dumps(random.choice(legal["commands"])).encode()
        started = time.perf_counter()
        status, body = await self.conn.request(
            "POST",
            f"/games/{self.game_id}/commands",
            {**auth, "If-Match": f'"{legal["version"]}"'},
            command,
        )
        done = time.perf_counter()
        if status != 201:
            self.sample.errors[f"command {status}"] += 1
            return await self.refresh()
        answer = json.loads(body)
        self.version = answer["version"]
        self.to_act = answer["to_act"] if answer["status"] == "active" else []
        self.answered[self.version] = done
        if self.sample.measuring:
            self.sample.command_ms.append((done - started) * 1000)
            self.sample.moves += 1
            for got in self.received.pop(self.version, []):
                self.sample.delivery_ms.append((got - done) * 1000)
        self.received.clear()

    async def play(self, think: float) -> None:
        """A move every ``think`` seconds, on a grid of this game's own random phase:
        a move that starts late (the load generator's loop held up) does not move the
        next ones, or every stall would gather the games it delayed into a clump that
        came back every ``think`` seconds, timed as the server's tail."""
        loop = asyncio.get_running_loop()
        due = loop.time() + random.uniform(0, think)
        while True:
            await asyncio.sleep(max(0.0, due - loop.time()))
            try:
                await self.move()
            except (OSError, asyncio.IncompleteReadError, KeyError, ValueError) as exc:
                self.sample.errors[type(exc).__name__] += 1
                self.conn.close()
            due += think
            while due < loop.time():  # more than ``think`` late: the next slot of the grid
                due += think

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.conn.close()
        for conn in self.spectators:
            conn.close()


PLOT = "bench-results/capacity.png"
"""Where ``--capacity`` alone plots (``docs/capacity.png`` is the whole run's)."""


def checkpoints(database_url: str | None) -> dict[str, int] | None:
    """PostgreSQL's checkpointer counters, cluster-wide (``pg_stat_checkpointer`` from
    PostgreSQL 17, ``pg_stat_bgwriter`` before), or None when they cannot be read."""
    if not database_url:
        return None
    queries = (
        "SELECT num_timed, num_requested, buffers_written FROM pg_stat_checkpointer",
        "SELECT checkpoints_timed, checkpoints_req, buffers_checkpoint FROM pg_stat_bgwriter",
    )
    for query in queries:
        try:
            with psycopg.connect(database_url, autocommit=True, connect_timeout=5) as conn:
                row = conn.execute(query).fetchone()
        except psycopg.Error:
            continue
        if row is not None:
            return {"timed": int(row[0]), "requested": int(row[1]), "buffers": int(row[2])}
    return None


def checkpointed(before: dict[str, int] | None, after: dict[str, int] | None) -> dict[str, int]:
    """The checkpoints started and the buffers checkpoints wrote between two
    ``checkpoints`` reads, as PostgreSQL's statistics report them (a checkpoint under
    way reports its writes as it goes, a few seconds late)."""
    if before is None or after is None:
        return {}
    return {
        "checkpoints": after["timed"] + after["requested"] - before["timed"] - before["requested"],
        "buffers_written": after["buffers"] - before["buffers"],
    }


async def step(
    server: Served,
    n: int,
    think: float,
    window: float,
    spectators: int,
    *,
    database_url: str | None = None,
) -> dict[str, Any]:
    sample = Sample()
    host, port = "127.0.0.1", server.port
    games = [Game(host, port, i % 20 == 19, sample) for i in range(n)]
    gate = asyncio.Semaphore(32)

    async def setup(game: Game) -> None:
        async with gate:
            await game.setup()

    t0 = time.perf_counter()
    await asyncio.gather(*(setup(g) for g in games))
    setup_s = time.perf_counter() - t0
    for g in games:
        g.tasks += [asyncio.create_task(g.spectate()) for _ in range(spectators)]
    await asyncio.sleep(2)  # the streams open
    # The load generator's own collector off while it measures: with 6,000
    # connections its full collections took up to 78 ms each (22 in a 2,000-game
    # step, 3.6 s in all), and every answer or event arriving meanwhile was timed
    # late by that much. Before the games start playing: this collection stops the
    # loop for up to a second, and done after, it held every game whose first move
    # fell in that second and released them together, a clump of about 90 moves
    # that then came back every think period (a burst of 50 ms commands every 10 s).
    # The server under test keeps its own settings.
    gc.collect()
    gc.freeze()
    gc.disable()
    for g in games:
        g.tasks.append(asyncio.create_task(g.play(think)))
    await asyncio.sleep(think)  # warm-up: every game moved once
    # Read off the loop: a walk through /proc holds it for tens of milliseconds.
    before = await asyncio.to_thread(cpu_seconds, server.pid)
    pg_before = await asyncio.to_thread(checkpoints, database_url)
    mine = resource.getrusage(resource.RUSAGE_SELF)
    sample.measuring = True
    await asyncio.sleep(window)
    sample.measuring = False
    pg_after = await asyncio.to_thread(checkpoints, database_url)
    gc.enable()
    gc.unfreeze()
    after = await asyncio.to_thread(cpu_seconds, server.pid)
    mine_after = resource.getrusage(resource.RUSAGE_SELF)
    for g in games:
        g.stop()
    await asyncio.sleep(0.5)
    used = cpu_used(before, after)
    used["client"] = (mine_after.ru_utime + mine_after.ru_stime) - (mine.ru_utime + mine.ru_stime)
    cmd, delivery = sample.command_ms, sample.delivery_ms
    c99, d99 = pct(cmd, 0.99), pct(delivery, 0.99)
    result: dict[str, Any] = {
        "games": n,
        "connections": n * (1 + spectators),
        "setup_s": round(setup_s, 1),
        "moves_per_s": round(sample.moves / window, 1),
        "command_p50_ms": pct(cmd, 0.5),
        "command_p99_ms": pct(cmd, 0.99),
        "delivery_p50_ms": pct(delivery, 0.5),
        "delivery_p99_ms": pct(delivery, 0.99),
        "deliveries": len(delivery),
        "deliveries_expected": sample.moves * spectators,
        "errors": dict(sample.errors),
        "stream_failures": sample.stream_failures,
        # Share of the machine's cores each group kept busy during the window.
        "cores_busy": {k: round(v / window, 2) for k, v in used.items()},
        # The server's CPU per move (its workers and leader), spectators' deliveries
        # and the bots' moves included: what a person's move costs at this pace.
        "server_ms_per_move": round(1000 * used["server"] / sample.moves, 2)
        if sample.moves
        else None,
        # What PostgreSQL's checkpoints wrote during the window (cluster-wide).
        "postgres_checkpoints": checkpointed(pg_before, pg_after),
    }
    result["passes"] = bool(
        c99 is not None
        and d99 is not None
        and c99 < COMMAND_P99_MS
        and d99 < DELIVERY_P99_MS
        and len(delivery) >= 0.95 * sample.moves * spectators
    )
    return result


def collapsed(result: dict[str, Any]) -> bool:
    """A step past which larger ones only take longer to fail: the command's
    median over a second, or under half the moves delivered."""
    p50: float | None = result["command_p50_ms"]
    delivered: int = result["deliveries"]
    expected: int = result["deliveries_expected"]
    return (p50 is not None and p50 > 1000) or delivered < 0.5 * expected


def plot(steps: list[dict[str, Any]], path: Path, title: str) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is missing (scripts/bench installs it): no plot", file=sys.stderr)
        return None
    ns = [s["games"] for s in steps]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(ns, [s["command_p99_ms"] for s in steps], "o-", label="command p99")
    ax.plot(ns, [s["delivery_p99_ms"] for s in steps], "s-", label="delivery p99 (to spectators)")
    ax.axhline(COMMAND_P99_MS, color="C0", ls=":", lw=1, label="command goal 50 ms")
    ax.axhline(DELIVERY_P99_MS, color="C1", ls=":", lw=1, label="delivery goal 150 ms")
    ax.set_xlabel("concurrent games (1 move / 10 s each, 2 SSE spectators each)")
    ax.set_ylabel("ms")
    ax.set_yscale("log")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


# --- the profile ---------------------------------------------------------------------


def workers_of(server: Served) -> list[int]:
    """The server's worker processes (granian's children of the leader)."""
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(server.pid)], capture_output=True, text=True
    )
    return [int(p) for p in out.stdout.split()]


def py_spy(pid: int, seconds: float, out: Path) -> Path:
    exe = BIN / "py-spy"
    if not exe.exists():
        raise SystemExit("py-spy is missing (scripts/bench installs it)")
    subprocess.run(
        [str(exe), "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "100"]
        + ["-f", "raw", "-o", str(out), "--nonblocking", "--threads"],
        check=True,
        capture_output=True,
    )
    return out


CATEGORIES = (
    ("psycopg (PostgreSQL driver)", ("psycopg",)),
    ("redis-py", ("redis/",)),
    ("granian / ASGI glue", ("granian",)),
    ("litestar", ("litestar",)),
    ("msgspec / json", ("msgspec", "json/")),
    ("rules engine (domain/)", ("domain/",)),
    ("service: streams (SSE)", ("service/api/stream", "sse", "notif")),
    ("service: commands & games", ("service/games",)),
    ("service: hot path & middleware", ("service/api/middleware",)),
    ("service: cache & store", ("service/cache", "service/store")),
    ("service: other", ("service/",)),
    ("asyncio event loop", ("asyncio/",)),
)


WAITING = ("EpollSelector.select", "select (selectors", "MPServer._spawn_asgi")
"""Leaves of a loop waiting for I/O: the standard loop's ``select``, and under uvloop
the granian worker's ``run_until_complete`` (py-spy without ``--native`` sees no
frame below it: libuv's wait, and uvloop's own C code, which it cannot tell apart)."""


def summarise(raws: list[Path], top: int = 12) -> dict[str, Any]:
    """Where the samples went (every worker's, merged), each stack headed by its
    thread (``py-spy --threads``). The worker's main thread runs the event loop and
    all the Python code: its samples are counted, first the share spent in the
    loop's wait, then, of the busy ones, by category (the innermost frame whose file
    matches, so a driver's time is not counted as the service's), the hottest leaf
    functions and the service's functions (inclusive). The other threads (granian's
    Rust runtime, the bots' pool) are counted apart: without ``--native`` py-spy
    takes a Rust thread parked in a condition wait or spinning in ``sched_yield`` for
    a busy one (their CPU, read from /proc, is a few percent of the worker's), and an
    earlier summary that merged them showed "granian's Rust side" as 38% of the time."""
    leaves: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    categories: Counter[str] = Counter()
    total = idle = others = 0
    for raw in raws:
        for line in raw.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if not count.isdigit():
                continue
            n = int(count)
            thread, *frames = stack.split(";")
            if "MainThread" not in thread:
                others += n
                continue
            total += n
            leaf = frames[-1] if frames else ""
            if leaf.startswith(WAITING):
                idle += n
                continue
            leaves[leaf or "(no Python frame)"] += n
            for f in set(frames):
                if ("service/" in f or "domain/" in f) and "service/cli" not in f:
                    inclusive[f] += n
            for frame in reversed(frames):
                name = next((c for c, keys in CATEGORIES if any(k in frame for k in keys)), None)
                if name is not None and not frame.startswith(("cmd_serve", "main (service/cli")):
                    categories[name] += n
                    break
            else:
                categories["the interpreter and the standard library"] += n
    busy = total - idle

    def share(n: int) -> float:
        return round(100 * n / max(1, busy), 1)

    return {
        "main_thread_samples": total,
        "other_threads_samples": others,
        "busy_samples": busy,
        "waiting_pct_of_samples": round(100 * idle / max(1, total), 1),
        "busy_by_category_pct": {k: share(v) for k, v in categories.most_common()},
        "busy_top_leaves_pct": {k: share(v) for k, v in leaves.most_common(top)},
        "busy_top_service_inclusive_pct": {k: share(v) for k, v in inclusive.most_common(top)},
    }


class IdleStreams:
    """``count`` streams of one game from its current version: nothing to send
    but heartbeats."""

    def __init__(self, port: int, count: int, game: Game) -> None:
        self.conns = [Conn("127.0.0.1", port) for _ in range(count)]
        self.path = f"/games/{game.game_id}/events/stream?after={game.version}"
        self.opened = self.failures = 0
        self.tasks: list[asyncio.Task[None]] = []

    def _opened(self) -> None:
        self.opened += 1

    async def _follow(self, c: Conn) -> None:
        try:
            await c.stream(self.path, lambda _id: None, self._opened)
        except (OSError, RuntimeError, asyncio.IncompleteReadError):
            self.failures += 1

    async def open(self, within: float = 120.0) -> None:
        self.tasks = [asyncio.create_task(self._follow(c)) for c in self.conns]
        deadline = time.perf_counter() + within
        while self.opened + self.failures < len(self.conns) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        await asyncio.sleep(1)

    def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        for c in self.conns:
            c.close()


def spy_all(server: Served, seconds: float, name: str) -> list[Path]:
    """``py-spy record`` on every worker at once, raw stacks (one file each)."""
    from concurrent.futures import ThreadPoolExecutor

    pids = workers_of(server)
    with ThreadPoolExecutor(len(pids)) as pool:
        futures = [
            pool.submit(py_spy, pid, seconds, LOGS / f"profile-{name}-{pid}.txt") for pid in pids
        ]
        return [f.result() for f in futures]


def profile(env: dict[str, str], seconds: float, idle: int, idle_seconds: float) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    out: dict[str, Any] = {}
    with served(LOGS / "capacity-profile.log", env=env, workers=2) as server:
        # Both workers up and warm (the ready probe answers when one is: the
        # other may still be importing, which is not what is profiled).
        time.sleep(5)
        play(server.base, 3, 8)
        with ThreadPoolExecutor(1) as pool:
            spy = pool.submit(spy_all, server, seconds, "commands")
            played = play(server.base, seconds + 2, 8)
            out["commands"] = summarise(spy.result())
        moves = len(played["command_ms"])
        out["commands"]["commands_per_s"] = round(moves / (seconds + 2), 1)

        async def streams() -> dict[str, Any]:
            setup = Game("127.0.0.1", server.port, False, Sample())
            await setup.setup()
            streams = IdleStreams(server.port, idle, setup)
            await streams.open()  # every stream open before the profile starts
            before = cpu_seconds(server.pid)
            raws = await asyncio.to_thread(spy_all, server, idle_seconds, "idle-streams")
            used = cpu_used(before, cpu_seconds(server.pid))
            streams.close()
            setup.conn.close()
            return {
                **summarise(raws),
                "streams": idle,
                "streams_opened": streams.opened,
                "seconds": idle_seconds,
                "stream_failures": streams.failures,
                # The workers' CPU for these idle streams (heartbeats, head
                # checks, timers), per stream and minute.
                "server_cpu_ms_per_stream_minute": round(
                    used["server"] * 1000 / idle / (idle_seconds / 60), 3
                ),
            }

        out["idle_streams"] = asyncio.run(streams())
    return out


# --- the run -------------------------------------------------------------------------


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Plateau capacity at human pace (issue 33)")
    parser.add_argument(
        "--games",
        default="100,250,500,1000,1500,2000",
        help="the steps of N, comma-separated (stopped after a step that collapsed)",
    )
    parser.add_argument(
        "--all-steps", action="store_true", help="run every step, even past a collapse"
    )
    parser.add_argument("--think", type=float, default=10.0, help="seconds between a game's moves")
    parser.add_argument("--window", type=float, default=30.0, help="seconds measured per step")
    parser.add_argument("--spectators", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="py-spy a command and idle streams")
    parser.add_argument("--profile-seconds", type=float, default=10.0)
    parser.add_argument("--idle-streams", type=int, default=1000)
    parser.add_argument("--idle-seconds", type=float, default=35.0, help="two heartbeats and more")
    parser.add_argument("--no-steps", action="store_true", help="only the profile")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a diagnostic: a setting changed (the run then no longer measures the defaults)",
    )
    parser.add_argument("--out", default="bench-results/capacity.json")
    parser.add_argument(
        "--plot",
        default=None,
        help="the PNG of p99 against N (default bench-results/capacity.png; the whole"
        " scripts/bench run writes docs/capacity.png)",
    )
    return parser


def run(env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    """The steps (and the profile, with ``--profile``) on a migrated scratch database
    (``env``), as a report; the plot written to ``args.plot``. ``scripts/bench`` runs it
    in its own run too (``--capacity-args``)."""
    if args.profile and shutil.which("wrk") is None:
        raise SystemExit("wrk is needed for the profile (scripts/bench installs it)")
    files = raise_open_files()
    env = dict(env)
    changed = dict(x.split("=", 1) for x in args.set)
    env.update(changed)
    load = os.getloadavg()
    report: dict[str, Any] = {
        "benchmark": "capacity",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_before": [round(x, 1) for x in load],
        "cpus": os.cpu_count(),
        "open_files": files,
        "server": "plateau serve --workers 2, default settings but " + ", ".join(PER_ADDRESS),
        "settings_changed": changed,
        "think_s": args.think,
        "window_s": args.window,
        "spectators_per_game": args.spectators,
        "bot_games": "1 in 20 (greedy)",
        "goal": {"command_p99_ms": COMMAND_P99_MS, "delivery_p99_ms": DELIVERY_P99_MS},
        "steps": [],
    }
    if not args.no_steps:
        with served(LOGS / "capacity.log", env=env, workers=2) as server:
            for n in (int(x) for x in args.games.split(",")):
                result = asyncio.run(
                    step(
                        server,
                        n,
                        args.think,
                        args.window,
                        args.spectators,
                        database_url=env.get("PLATEAU_DATABASE_URL"),
                    )
                )
                report["steps"].append(result)
                print(json.dumps(result), flush=True)
                if collapsed(result) and not args.all_steps:
                    print(f"N = {n} collapsed: the larger steps are not run", flush=True)
                    break
    if args.profile:
        report["profile"] = profile(env, args.profile_seconds, args.idle_streams, args.idle_seconds)
    passing = [s["games"] for s in report["steps"] if s["passes"]]
    report["largest_passing_n"] = max(passing) if passing else None
    if report["steps"]:
        title = (
            f"Plateau, 2 workers, {report['date']} (load {report['load_before'][0]} before: "
            "a shared machine)"
        )
        png = plot(report["steps"], ROOT / (args.plot or PLOT), title)
        report["plot"] = str(png) if png else None
    return report


def _checkpoint_note(done: dict[str, int] | None) -> str:
    """The step line's ending when checkpoints wrote buffers in the window: ", PostgreSQL
    checkpoints wrote B buffers", then ", N started" if any began (a checkpoint is spread
    over most of ``checkpoint_timeout``: one is usually under way, writing a few buffers
    a second, and its end flushes them to disk)."""
    if not done or not done.get("buffers_written"):
        return ""
    started = done.get("checkpoints", 0)
    return f", PostgreSQL checkpoints wrote {done['buffers_written']} buffers" + (
        f", {started} started" if started else ""
    )


def print_summary(report: dict[str, Any]) -> None:
    """The steps and the profiles' headlines, as ``scripts/bench`` prints them."""
    print(
        f"capacity at human pace ({report['spectators_per_game']} spectators a game, a move"
        f" every {report['think_s']:g} s, {report['window_s']:g} s measured a step; goal"
        f" command p99 < {COMMAND_P99_MS:g} ms, delivery p99 < {DELIVERY_P99_MS:g} ms):"
    )
    for s in report["steps"]:
        print(
            f"  N={s['games']}: {s['moves_per_s']} moves/s, command p50 {s['command_p50_ms']}"
            f" p99 {s['command_p99_ms']} ms, delivery p50 {s['delivery_p50_ms']}"
            f" p99 {s['delivery_p99_ms']} ms, server {s['server_ms_per_move']} ms CPU a move,"
            f" cores {s['cores_busy']}, {'passes' if s['passes'] else 'fails'}"
            + _checkpoint_note(s.get("postgres_checkpoints"))
        )
    print(f"  largest N passing: {report['largest_passing_n']} (goal 2000)")
    for name, part in report.get("profile", {}).items():
        top = ", ".join(f"{k} {v}%" for k, v in list(part["busy_by_category_pct"].items())[:6])
        print(
            f"  profile, {name}: {part['waiting_pct_of_samples']}% of the samples waiting;"
            f" of the busy ones {top}"
        )


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)
    made = scratch("capacity", PER_ADDRESS)
    try:
        migrate(made.env)
        report = run(made.env, args)
    finally:
        made.drop()
    out = write_report(args.out, report)
    print(f"largest N passing: {report['largest_passing_n']}; written to {out}")
    if "profile" in report:
        print(json.dumps(report["profile"], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
