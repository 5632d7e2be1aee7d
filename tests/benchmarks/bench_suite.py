"""Every figure of issue 18 with its floor, measured in one run (opt-in: ``scripts/bench``).

    scripts/bench [--seconds 10] [--rounds 1] [--scale] [--no-fanout] [--no-capacity]
                  [--capacity-args "--profile"] [--out bench-results/suite.json]

Starts its own servers on free loopback ports (their logs in ``bench-results/logs/``),
against a scratch PostgreSQL database and a scratch Redis prefix (both dropped
at the end):

* floors: a Litestar hello app under granian with ``plateau serve``'s settings
  (``tests/benchmarks/hello_app.py``), driven by ``wrk`` (32 connections) like
  the reads; ``pgbench`` with 8 clients running a one-event append transaction
  (lock the game row, bump its version, insert one event) on a scratch database;
  and, for reference, pgbench running the service's own append statement
  (``plateau_append``: three events and the command record, as a command
  writes them) on a migrated scratch database: PostgreSQL's own ceiling for
  the service's real write, with no Python anywhere;
* reads (``wrk``, 32 connections, 1 worker): cached ``GET /games/{id}/state``
  as a spectator, ``GET /games/{id}``;
* commands over HTTP, 8 players: ``wrk`` with ``tests/benchmarks/play.lua``,
  8 threads of one connection each, each playing whole games (``legal-commands``
  then ``POST commands`` with ``If-Match``, the next seat from the answer), on
  2 workers and on 1 worker, with the CPU each process group used per command
  (the server's workers, PostgreSQL, Redis, wrk, the rest of the machine); the
  same script against the hello app shows the generator's own ceiling;
* the stack floor of a move (issue 33): ``tests/benchmarks/floor_app.py``, a
  raw ASGI app under granian with ``plateau serve``'s settings doing exactly
  Plateau's I/O per move (the ``legal-commands`` Redis round trip; for the
  command the head read, the one ``plateau_append`` statement, the cache write
  that publishes) and nothing else, driven by the same ``play.lua`` loop, on
  2 workers and 1; Plateau's commands/s is printed as a ratio of it, with the
  sizes of Plateau's head, state and ``legal-commands`` answer sampled first;
* what the words cost (issue 30): the same commands against the same server with
  its words switched off (``tests/benchmarks/wordless/sitecustomize.py``: no
  labels, steps, sentences or last move), alternated with it; ``--words``: only
  that, both servers side by side, with the words also timed inside the server
  with words (``tests/benchmarks/words_timed/sitecustomize.py``);
* the SSE fan-out (``tests/benchmarks/bench_fanout.py``; ``--no-fanout``: not run);
* capacity at human pace, the steps of N games and the py-spy profiles of a command
  and of idle streams (``tests/benchmarks/bench_capacity.py``, with ``--capacity-args``,
  by default ``--profile``; ``--no-capacity``: not run), then whether issue 33's two
  goals (commands at 0.6 of the floor or more with p99 < 25 ms, and 2,000 games) were
  both met in this run;
* the engines (``tests/benchmarks/bench_domain.py``, one core each), and the Python
  work of an ArkantiS move part by part (``tests/benchmarks/bench_move.py``: the engine,
  the words and the encodings a move costs in microseconds, with no I/O), and a move's
  CPU request by request in one process, Plateau beside the stack floor, with the
  PostgreSQL and Redis CPU each one's I/O makes (``tests/benchmarks/bench_request.py``);
* ``--scale``: the database seeded with COPY first (10,000 finished games,
  1,000,000 events), the same figures again.

Only the limits per client address are raised (``PER_ADDRESS``: one address drives
the load). Prints the ratios and writes everything as JSON. The machine is shared:
compare ratios of one run, not absolute figures of different runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import psycopg

from tests.benchmarks import write_report
from tests.benchmarks.bench_domain import bench as bench_engine
from tests.benchmarks.bench_move import bench as bench_move
from tests.servers import Served, free_port, group_members, served

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
LOGS = ROOT / "bench-results" / "logs"
"""The servers' logs (each run overwrites its own), named when a server fails to start."""
LOOP = "uvloop"
"""The floors' event loop: ``plateau serve``'s (``service.cli``)."""
WARMUP = 5.0
"""Seconds of the same play before a command figure is measured (``--warmup``): a server
just started has cold caches (a game's words are made once per command and language,
then shared by every game), which an operator's long-running server does not; the
cold start's cost is what ``--warmup 0`` measures."""


def migrate(env: dict[str, str]) -> None:
    """``plateau migrate`` on the scratch database of ``env``."""
    subprocess.run(
        [str(BIN / "plateau"), "migrate"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL
    )


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def with_db(url: str, name: str) -> str:
    head, _, _ = url.rpartition("/")
    return f"{head}/{name}"


def cpu_seconds(server_group: int) -> dict[int, tuple[str, float]]:
    """CPU seconds used so far by each process of this machine, with its group:
    the server under test (its process group), PostgreSQL, Redis, the rest."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, tuple[str, float]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:  # gone meanwhile
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == server_group:
            group = "server"
        elif comm == "postgres" or comm.startswith("postgres:"):
            group = "postgres"
        elif comm.startswith("redis-server"):
            group = "redis"
        else:
            group = "other"
        out[int(entry)] = (group, (int(fields[11]) + int(fields[12])) / tick)
    return out


def cpu_used(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> dict[str, float]:
    """CPU seconds per group between two ``cpu_seconds`` samples, over the
    processes alive at the second (a process gone meanwhile is not counted)."""
    used = {"server": 0.0, "postgres": 0.0, "redis": 0.0, "other": 0.0}
    for pid, (group, seconds) in after.items():
        used[group] += seconds - before.get(pid, (group, 0.0))[1]
    return used


@dataclass
class Scratch:
    """A scratch PostgreSQL database and Redis prefix for one benchmark run, and the
    environment of a Plateau using them (``scratch``); ``drop`` removes both."""

    admin: str
    env: dict[str, str]
    dbname: str
    redis_url: str
    prefix: str

    def drop(self) -> None:
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.dbname}" WITH (FORCE)')
        try:
            import redis

            r = redis.Redis.from_url(self.redis_url)
            keys = list(r.scan_iter(match=self.prefix + "*"))
            if keys:
                r.delete(*keys)
        except Exception as exc:  # best effort
            print(f"redis cleanup: {exc}", file=sys.stderr)


def scratch(label: str, settings: dict[str, str] | None = None) -> Scratch:
    """Create ``plateau_<label>_<pid>`` on ``PLATEAU_TEST_DATABASE_URL``'s server (and
    name a Redis prefix on ``PLATEAU_TEST_REDIS_URL``): this process's environment
    pointed at them, with ``settings`` on top."""
    admin = os.environ.get(
        "PLATEAU_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
    )
    redis_url = os.environ.get("PLATEAU_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    dbname = f"plateau_{label}_{os.getpid()}"
    prefix = f"plateau-{label}-{os.getpid()}:"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{dbname}"')
    env = {
        **os.environ,
        **(settings or {}),
        "PLATEAU_DATABASE_URL": with_db(admin, dbname),
        "PLATEAU_REDIS_URL": redis_url,
        "PLATEAU_REDIS_PREFIX": prefix,
    }
    return Scratch(admin, env, dbname, redis_url, prefix)


def plateau_server(env: dict[str, str], workers: int) -> AbstractContextManager[Served]:
    return served(LOGS / f"plateau-{workers}w.log", env=env, workers=workers)


def hello_server(workers: int) -> AbstractContextManager[Served]:
    port = free_port()
    argv = [
        str(BIN / "granian"),
        "--interface",
        "asgi",
        "--loop",
        LOOP,
        "--workers",
        str(workers),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "tests.benchmarks.hello_app:app",
    ]
    return served(LOGS / "hello.log", command=argv, port=port, ready_path="/hello")


def floor_server(env: dict[str, str], workers: int) -> AbstractContextManager[Served]:
    """``floor_app`` under granian with ``plateau serve``'s settings (ASGI,
    HTTP/1.1, its loop, the same backpressure)."""
    port = free_port()
    argv = [str(BIN / "granian"), "--interface", "asgi", "--http", "1", "--loop", LOOP]
    argv += ["--backpressure", "10000", "--workers", str(workers)]
    argv += ["--host", "127.0.0.1", "--port", str(port), "tests.benchmarks.floor_app:app"]
    return served(
        LOGS / f"floor-{workers}w.log", command=argv, port=port, ready_path="/hello", env=env
    )


def floor_commands(
    env: dict[str, str], workers: int, seconds: float, n: int, warmup: float = WARMUP
) -> dict[str, Any]:
    """The floor app played by ``play.lua`` like Plateau (the same figures, after the
    same warm-up)."""
    with floor_server(env, workers) as server:
        if warmup > 0:
            play(server.base, warmup, n)
        before = cpu_seconds(server.pid)
        played = play(server.base, seconds, n)
        after = cpu_seconds(server.pid)
    return _played(played, cpu_used(before, after), workers, seconds, n)


def answer_sizes(base: str, redis_url: str, prefix: str, moves: int = 600) -> dict[str, str]:
    """The mean sizes of a seat's ``legal-commands`` answer, of a command's answer and
    of the move it publishes (what follows the version in the message on the game's
    channel, heard on ``redis_url`` under ``prefix``) over ArkantiS games played as
    ``play.lua`` plays them (a listed command at random, the seats to act next from
    the command's answer), for ``moves`` moves, as the floor's settings
    (``FLOOR_LEGAL_BYTES``, ``FLOOR_ANSWER_BYTES``, ``FLOOR_MOVE_BYTES``). The floor's
    answers are sent and parsed by the players as often as Plateau's, and its moves
    published and heard by every worker as often. Until
    2026-12-07 the legal answer was one fresh game's first (4 to 20 KB from one run
    to the next; the mean is about 11 KB) and the command's was its own 70 bytes,
    without the events and the move in words that Plateau's carries."""
    import redis

    rng = random.Random(17)
    sizes: list[int] = []
    answers: list[int] = []
    published: list[int] = []
    heard = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    heard.psubscribe(f"{prefix}game:*")

    def hear(wait: float) -> None:
        message = heard.get_message(timeout=wait)
        while message is not None:
            move = message["data"].partition(b" ")[2]
            if move:  # a claim publishes its version alone
                published.append(len(move))
            message = heard.get_message(timeout=0)

    with heard, httpx.Client(base_url=base, timeout=30) as c:
        while len(sizes) < moves:
            gid, tokens = setup_game(base)
            to_act = c.get(f"/games/{gid}").json()["to_act"]
            while to_act and len(sizes) < moves:
                auth = {"Authorization": f"Bearer {tokens[rng.choice(to_act)]}"}
                answer = c.get(f"/games/{gid}/legal-commands", headers=auth)
                sizes.append(len(answer.content))
                listed = answer.json()
                if not listed["commands"]:
                    break
                done = c.post(
                    f"/games/{gid}/commands",
                    json=rng.choice(listed["commands"]),
                    headers={**auth, "If-Match": f'"{listed["version"]}"'},
                )
                if done.status_code != 201:
                    to_act = c.get(f"/games/{gid}").json()["to_act"]
                    continue
                answers.append(len(done.content))
                hear(1.0)  # published before the command answered
                to_act = done.json()["to_act"]
    if not published:
        raise SystemExit(f"no move heard on {prefix}game:* (is Plateau on {redis_url}?)")
    return {
        "FLOOR_LEGAL_BYTES": str(round(sum(sizes) / len(sizes))),
        "FLOOR_ANSWER_BYTES": str(round(sum(answers) / max(1, len(answers)))),
        "FLOOR_MOVE_BYTES": str(round(sum(published) / len(published))),
    }


def cached_sizes(redis_url: str, prefix: str) -> dict[str, str]:
    """The median cached head and state of the games Plateau played (the floor
    writes as many bytes per move)."""
    import redis

    r = redis.Redis.from_url(redis_url)
    heads: list[int] = []
    states: list[int] = []
    for kind, sizes in (("head", heads), ("state", states)):
        for key in r.scan_iter(match=f"{prefix}{kind}:*", count=500):
            sizes.append(int(r.hstrlen(key, "s")))
            if len(sizes) >= 200:
                break
    r.close()
    return {
        "FLOOR_HEAD_BYTES": str(sorted(heads)[len(heads) // 2] if heads else 300),
        "FLOOR_STATE_BYTES": str(sorted(states)[len(states) // 2] if states else 3000),
    }


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def wrk(
    url: str, seconds: float, headers: dict[str, str] | None = None, connections: int = 32
) -> dict[str, Any]:
    argv = ["wrk", "-t2", f"-c{connections}", f"-d{max(1, int(seconds))}s", "--latency"]
    for k, v in (headers or {}).items():
        argv += ["-H", f"{k}: {v}"]
    out = subprocess.run(argv + [url], capture_output=True, text=True, timeout=seconds + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    lat = {}
    for q in ("50", "99"):
        m = re.search(rf"\s{q}%\s+([\d.]+)(us|ms|s)\b", out)
        lat[f"p{q}_ms"] = round(float(m.group(1)) * _UNITS[m.group(2)], 2) if m else None
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"req_per_s": round(rps), **lat, "non_2xx": int(non2xx.group(1)) if non2xx else 0}


PGBENCH_SCHEMA = """
DROP TABLE IF EXISTS b_events; DROP TABLE IF EXISTS b_games;
CREATE TABLE b_games (game_id int PRIMARY KEY, version int NOT NULL, updated_at timestamptz);
CREATE TABLE b_events (game_id int NOT NULL, version int NOT NULL,
  position bigint GENERATED ALWAYS AS IDENTITY, data jsonb NOT NULL, recorded_at timestamptz,
  PRIMARY KEY (game_id, version));
CREATE UNIQUE INDEX b_events_position ON b_events (position);
INSERT INTO b_games SELECT g, 0, now() FROM generate_series(1, 1000) g;
"""

PGBENCH_SCRIPT = """\\set g random(1, 1000)
BEGIN;
UPDATE b_games SET version = version + 1, updated_at = now() WHERE game_id = :g;
INSERT INTO b_events (game_id, version, data, recorded_at)
  SELECT :g, version, '{"type": "bench.moved", "cell": "r1c1"}', now() FROM b_games WHERE game_id = :g;
END;
"""


def run_pgbench(
    url: str, script_text: str, seconds: float, clients_n: int
) -> tuple[int, float | None]:
    """pgbench running ``script_text`` on ``url`` (``clients_n`` clients, 2
    threads): (tps, mean latency in ms); a failure stops the suite with
    pgbench's words."""
    script = Path(f"/tmp/plateau-pgbench-{os.getpid()}.sql")
    script.write_text(script_text)
    try:
        out = subprocess.run(
            ["pgbench", "-n", "-c", str(clients_n), "-j", "2", "-T", str(max(1, int(seconds)))]
            + ["-f", str(script), url],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
        )
    finally:
        script.unlink()
    tps = re.search(r"tps = ([\d.]+)", out.stdout)
    if tps is None:
        raise SystemExit(f"pgbench failed: {out.stderr}")
    lat = re.search(r"latency average = ([\d.]+) ms", out.stdout)
    return round(float(tps.group(1))), float(lat.group(1)) if lat else None


def pgbench(admin_url: str, seconds: float, clients_n: int = 8) -> dict[str, Any]:
    name = f"plateau_pgbench_{os.getpid()}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = with_db(admin_url, name)
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(PGBENCH_SCHEMA)
        tps, latency = run_pgbench(url, PGBENCH_SCRIPT, seconds, clients_n)
        return {"tps": tps, "clients": clients_n, "latency_avg_ms": latency}
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


SERVICE_APPEND_SCRIPT = """\\set g random(1, 1000)
SELECT plateau_append('g' || :g, v, v + 3, 'active', '["seat_1"]', NULL, '[]', now(),
  md5(random()::text), 'seat_0', NULL, md5(random()::text),
  '{"type": "arkantis.remove_two_tokens", "cells": ["r1c1", "r2c3"]}', 201,
  '\\x7b2276657273696f6e223a337d'::bytea,
  '[{"type": "arkantis.tokens_removed", "schema_version": 1,
     "data": {"seat": "seat_0", "cells": ["r1c1", "r2c3"]}},
    {"type": "arkantis.turn_ended", "schema_version": 1, "data": {"seat": "seat_0"}},
    {"type": "arkantis.turn_started", "schema_version": 1, "data": {"seat": "seat_1"}}]')
FROM (SELECT version AS v FROM games WHERE game_id = 'g' || :g) s;
"""
"""The service's own append (``plateau_append``, migration 0004) as a command
writes it: three events, the command record, the games row."""


def pgbench_service_append(
    admin_url: str, env: dict[str, str], seconds: float, clients_n: int = 8
) -> dict[str, Any]:
    """pgbench running the service's own append statement on a scratch database
    migrated by ``plateau migrate``: what PostgreSQL alone allows for the
    service's real write, with no Python anywhere."""
    with append_database(admin_url, env, "service") as url:
        tps, _ = run_pgbench(url, SERVICE_APPEND_SCRIPT, seconds, clients_n)
    return {"tps": tps, "clients": clients_n, "events_per_append": 3}


@contextmanager
def append_database(admin_url: str, env: dict[str, str], label: str) -> Iterator[str]:
    """A scratch database migrated by ``plateau migrate`` with 1,000 active
    games (each pgbench client picks one at random); dropped after."""
    name = f"plateau_pgbench_{label}_{os.getpid()}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = with_db(admin_url, name)
    try:
        subprocess.run(
            [str(BIN / "plateau"), "migrate"],
            env={**env, "PLATEAU_DATABASE_URL": url},
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO games (game_id, ruleset, options, status, version, seed_sha256,"
                " created_at, updated_at) SELECT 'g' || g, 'arkantis', '{}', 'active', 0, 'x',"
                " now(), now() FROM generate_series(1, 1000) g"
            )
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


APPEND_SCALING_CLIENTS = (8, 32, 64)
"""pgbench clients for the append's scaling (issue 33): the service's append with
its advisory lock (the feed's marker; the allocation lock is gone since
migration 0009), beside the same statement without it."""


def unlocked_append(definition: str) -> str:
    """``plateau_append``'s definition (``pg_get_functiondef``) as
    ``plateau_append_unlocked``: the same statement without its advisory locks
    (the feed's marker: what the append would cost if the feed's order were
    kept another way)."""
    body = re.sub(
        r"^\s*PERFORM pg_advisory_[a-z_]+\((?:[^;]|\n)*?\);\s*$", "", definition, flags=re.M
    )
    if "pg_advisory" in body:
        raise SystemExit("plateau_append changed: its advisory locks were not all found")
    return body.replace("public.plateau_append(", "public.plateau_append_unlocked(", 1)


def append_scaling(admin_url: str, env: dict[str, str], seconds: float) -> dict[str, Any]:
    """pgbench running the service's append at 8, 32 and 64 clients, with and
    without its advisory lock, on one scratch database (``append_database``)."""
    rows: list[dict[str, Any]] = []
    with append_database(admin_url, env, "scaling") as url:
        with psycopg.connect(url, autocommit=True) as conn:
            row = conn.execute("SELECT pg_get_functiondef('plateau_append'::regproc)").fetchone()
            assert row is not None
            conn.execute(unlocked_append(row[0]))
        unlocked = SERVICE_APPEND_SCRIPT.replace("plateau_append(", "plateau_append_unlocked(")
        for clients_n in APPEND_SCALING_CLIENTS:
            locked_tps, locked_ms = run_pgbench(url, SERVICE_APPEND_SCRIPT, seconds, clients_n)
            free_tps, free_ms = run_pgbench(url, unlocked, seconds, clients_n)
            rows.append(
                {
                    "clients": clients_n,
                    "locked_tps": locked_tps,
                    "locked_latency_ms": locked_ms,
                    "unlocked_tps": free_tps,
                    "unlocked_latency_ms": free_ms,
                    "locked_vs_unlocked": round(locked_tps / max(1, free_tps), 3),
                }
            )
            print(
                f"  append at {clients_n} clients: {locked_tps} tps with the feed's marker,"
                f" {free_tps} without ({rows[-1]['locked_vs_unlocked']} x)",
                flush=True,
            )
    return {"events_per_append": 3, "rows": rows}


def setup_game(base: str, ruleset: str = "arkantis") -> tuple[str, dict[str, str]]:
    with httpx.Client(base_url=base, timeout=30) as c:
        game = c.post("/games", json={"ruleset": ruleset}).json()
        gid = game["game_id"]
        tokens = {}
        for s in game["seats"]:
            tokens[s["seat"]] = c.post(
                f"/games/{gid}/seats/{s['seat']}", json={"player_name": s["seat"]}
            ).json()["token"]
        c.get(f"/games/{gid}/state").raise_for_status()  # warm the cache
    return gid, tokens


PLAY_SCRIPT = ROOT / "tests" / "benchmarks" / "play.lua"
PER_ADDRESS = {
    "PLATEAU_MAX_REQUESTS_PER_ADDRESS": "100000",
    "PLATEAU_MAX_STREAMS_PER_ADDRESS": "100000",
    "PLATEAU_QUOTA_GAMES": "0",
    "PLATEAU_QUOTA_PLAYERS": "0",
    "PLATEAU_BOT_GAMES_PER_ADDRESS": "0",
}
"""The only settings a benchmark changes: the limits per client address (one address
drives the whole load; with the default quotas of 120 games and 60 players an hour,
the players would loop on 429s after a few games)."""
WORDLESS = {"PYTHONPATH": str(ROOT / "tests" / "benchmarks" / "wordless")}
"""``plateau serve`` without its words (``wordless/sitecustomize.py``): the same-run
reference for what the words cost (issue 30)."""


def play(
    base: str, seconds: float, players: int, mode: str = "arkantis", pace: float | None = None
) -> dict[str, Any]:
    """``wrk`` running ``play.lua`` (``players`` threads of one connection each):
    what its ``done`` reports, plus the CPU seconds wrk itself used. ``pace``: moves
    per second in all (shared by the players), else as fast as the server answers."""
    argv = ["wrk", f"-t{players}", f"-c{players}", f"-d{max(1, int(seconds))}s"]
    argv += ["-s", str(PLAY_SCRIPT), base, "--", mode]
    if pace is not None:
        argv.append(str(pace / players))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = next((x for x in out.stdout.splitlines() if x.startswith("PLATEAU-PLAY ")), None)
    if line is None:
        raise SystemExit(f"wrk {mode} failed: {out.stderr or out.stdout}")
    report: dict[str, Any] = json.loads(line.split(" ", 1)[1])
    report["cpu_s"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return report


def commands(
    env: dict[str, str],
    workers: int,
    seconds: float,
    n: int,
    *,
    words: bool = True,
    warmup: float = WARMUP,
) -> dict[str, Any]:
    """Plateau's commands (``words=False``: the same server with its words switched off),
    measured after ``warmup`` seconds of the same play (not counted)."""
    with plateau_server(env if words else {**env, **WORDLESS}, workers) as server:
        if warmup > 0:
            play(server.base, warmup, n)
        before = cpu_seconds(server.pid)
        played = play(server.base, seconds, n)
        after = cpu_seconds(server.pid)
    if played.get("setup_refused"):
        raise SystemExit(
            f"{played['setup_refused']} creations, claims or reads were refused during the"
            f" command benchmark (a limit per address? see {LOGS / f'plateau-{workers}w.log'})"
        )
    return _played(played, cpu_used(before, after), workers, seconds, n)


def _played(
    played: dict[str, Any], used: dict[str, float], workers: int, seconds: float, n: int
) -> dict[str, Any]:
    cmd, legal = played["command_ms"], played["legal_ms"]
    used["clients"] = played["cpu_s"]  # wrk, an exited child: measured apart
    done = max(1, len(cmd))
    return {
        # Where the machine's CPU went, per command played (ms): the server's
        # workers, PostgreSQL, Redis, the client processes, everything else.
        "cpu_ms_per_command": {k: round(v * 1000 / done, 3) for k, v in used.items()},
        "workers": workers,
        "clients": n,
        "commands_per_s": round(len(cmd) / seconds, 1),
        "command_p50_ms": pct(cmd, 0.5),
        "command_p99_ms": pct(cmd, 0.99),
        "legal_p50_ms": pct(legal, 0.5),
        "legal_p99_ms": pct(legal, 0.99),
        "rejected": played["rejected"],
        "errors": played["errors"],
    }


def seed_scale(url: str, games: int = 10_000, events_per_game: int = 100) -> dict[str, Any]:
    """COPY ``games`` finished ArkantiS games of ``events_per_game`` events each."""
    import random

    import msgspec

    from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold

    rs = RULESETS["arkantis"]
    options = rs.Options()
    seats = rs.seats(options)
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
    log = list(rs.setup(options, ctx, Rng("scale", 0)))
    state = fold(rs, log)
    rnd = random.Random(1)
    while rs.outcome(state) is None:
        seat = rs.to_act(state)[0]
        new = rs.decide(
            state, seat, rnd.choice(rs.legal_commands(state, seat)), Rng("scale", len(log))
        )
        state = fold(rs, new, state)
        log.extend(new)
    final = rs.outcome(state)
    assert final is not None
    outcome = msgspec.json.encode(final).decode()
    winners = json.dumps(list(final.winners))
    opts = msgspec.json.encode(options).decode()
    datas = [(type(e).__struct_config__.tag, msgspec.json.encode(e).decode()) for e in log]
    t0 = time.perf_counter()
    now = datetime.now(UTC).isoformat()
    with psycopg.connect(url) as conn:
        ids = [uuid.uuid4().hex for _ in range(games)]
        with conn.cursor() as cur:
            with cur.copy(
                "COPY games (game_id, ruleset, options, status, version, to_act, outcome, winners,"
                " seed_sha256, created_at, updated_at, finished_at) FROM STDIN"
            ) as cp:
                for gid in ids:
                    cp.write_row(
                        (
                            gid,
                            "arkantis",
                            opts,
                            "finished",
                            events_per_game,
                            "[]",
                            outcome,
                            winners,
                            "0" * 64,
                            now,
                            now,
                            now,
                        )
                    )
            with cur.copy(
                "COPY seats (game_id, seat, seat_order, player_name, claimed_at) FROM STDIN"
            ) as cp:
                for gid in ids:
                    for i, s in enumerate(seats):
                        cp.write_row((gid, s, i, s, now))
            with cur.copy("COPY game_secrets (game_id, seed) FROM STDIN") as cp:
                for gid in ids:
                    cp.write_row((gid, "scale"))
            with cur.copy(
                "COPY events (game_id, version, type, data, recorded_at) FROM STDIN"
            ) as cp:
                for gid in ids:
                    for v in range(1, events_per_game + 1):
                        t, d = datas[(v - 1) % len(datas)]
                        cp.write_row((gid, v, t, d, now))
        conn.commit()
        conn.execute("ANALYZE")
    return {
        "games": games,
        "events": games * events_per_game,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def run_plateau(
    env: dict[str, str], seconds: float, n_clients: int, rounds: int = 1, warmup: float = WARMUP
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    with plateau_server(env, 1) as server:
        base = server.base
        gid, _ = setup_game(base)
        out["state_spectator_1w"] = wrk(f"{base}/games/{gid}/state", seconds)
        out["summary_1w"] = wrk(f"{base}/games/{gid}", seconds)
        # A full page in both runs (newest first: the same 50 new games over an
        # empty or a seeded database), so the scaled / empty ratio compares
        # pages of one size, not a page of 1 game with a page of 50.
        with httpx.Client(base_url=base, timeout=30) as c:
            for _ in range(50):
                c.post("/games", json={"ruleset": "arkantis"}).raise_for_status()
        out["list_games_1w"] = wrk(f"{base}/games?limit=50", seconds / 2)
        sizes = answer_sizes(base, env["PLATEAU_REDIS_URL"], env["PLATEAU_REDIS_PREFIX"])
    # Plateau and its floor alternate (the machine is shared: its load moves
    # within minutes); each figure is the round of median commands/s.
    runs: dict[str, list[dict[str, Any]]] = {}
    for r in range(rounds):
        for w in (2, 1):
            runs.setdefault(f"commands_{w}w", []).append(
                commands(env, w, seconds, n_clients, warmup=warmup)
            )
            runs.setdefault(f"wordless_{w}w", []).append(
                commands(env, w, seconds, n_clients, words=False, warmup=warmup)
            )
            if r == 0 and w == 2:
                sizes.update(cached_sizes(env["PLATEAU_REDIS_URL"], env["PLATEAU_REDIS_PREFIX"]))
            runs.setdefault(f"floor_{w}w", []).append(
                floor_commands({**env, **sizes}, w, seconds, n_clients, warmup)
            )
    for key, done in runs.items():
        ordered = sorted(done, key=lambda x: x["commands_per_s"])
        out[key] = {
            **ordered[len(ordered) // 2],
            "rounds_commands_per_s": [x["commands_per_s"] for x in done],
        }
    out["floor_sizes"] = {k.lower(): int(v) for k, v in sizes.items()}
    return out


WORDS_TIMED = ROOT / "tests" / "benchmarks" / "words_timed"
"""``plateau serve`` with its words timed from inside (``words_timed/sitecustomize.py``)."""


def words_timers(group: int, prefix: Path) -> dict[str, Any]:
    """The words' CPU timers of every worker of the server whose process group is
    ``group``, summed: asked for with SIGUSR1, read from ``{prefix}-{pid}.json``."""
    workers = [pid for pid in group_members(group) if pid != group]
    paths = [Path(f"{prefix}-{pid}.json") for pid in workers]
    for path in paths:
        path.unlink(missing_ok=True)
    for pid in workers:
        os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while not all(path.exists() for path in paths):
        if time.monotonic() > deadline:
            raise SystemExit(f"the words' timers were not written: {paths}")
        time.sleep(0.05)
    out: dict[str, Any] = {"timers": {}, "main_thread_cpu_s": 0.0}
    for path in paths:
        said = json.loads(path.read_text())
        out["main_thread_cpu_s"] += said["main_thread_cpu_s"]
        for name, (spent, calls) in said["timers"].items():
            total = out["timers"].setdefault(name, [0, 0])
            total[0] += spent
            total[1] += calls
    return out


def words_share(before: dict[str, Any], after: dict[str, Any], moves: int) -> dict[str, Any]:
    """What the words took of their own server's worker CPU over one window, from
    ``words_timers`` at both ends: microseconds per move for each part, and the share
    of the workers' main threads; ``implied`` is the ratio a server without them would
    show if nothing else changed (1 / (1 - share))."""

    def spent(name: str) -> float:
        return float(after["timers"].get(name, [0, 0])[0] - before["timers"].get(name, [0, 0])[0])

    main = (after["main_thread_cpu_s"] - before["main_thread_cpu_s"]) * 1e9
    own = spent("labels") + spent("in_words") - spent("view_after")
    share = own / max(1.0, main)
    moves = max(1, moves)
    return {
        "labels_us_per_move": round(spent("labels") / moves / 1000, 1),
        "last_move_us_per_move": round((spent("in_words") - spent("view_after")) / moves / 1000, 1),
        "view_after_us_per_move": round(spent("view_after") / moves / 1000, 1),
        "main_thread_us_per_move": round(main / moves / 1000, 1),
        "share": round(share, 4),
        "implied": round(1 / max(0.01, 1 - share), 3),
    }


def side_by_side(
    env: dict[str, str],
    workers: int,
    seconds: float,
    n: int,
    warmup: float = WARMUP,
    pace: float | None = None,
    words_first: bool = True,
) -> dict[str, Any]:
    """Plateau with its words and without them, both running at once (each on
    ``workers`` workers, each driven by its own ``play.lua`` with ``n`` players) and
    measured over the same window: a shared machine's neighbours slow both alike, so
    the ratio of their CPU per move holds where two runs a minute apart differ by 20%.
    Each server's CPU is its own process group's; the clients' is not split."""
    from concurrent.futures import ThreadPoolExecutor

    timers = LOGS / f"words-{workers}w-timers"
    plain_timers = LOGS / f"wordless-{workers}w-timers"
    timed = {**env, "PYTHONPATH": str(WORDS_TIMED), "PLATEAU_BENCH_TIMERS": str(timers)}
    # The server without words runs the same timers (around nothing), so both pay
    # their clock reads alike.
    plain_timed = {
        **timed,
        "PLATEAU_BENCH_TIMERS": str(plain_timers),
        "PLATEAU_BENCH_WORDLESS": "1",
    }
    with ExitStack() as stack:
        # Started in turn, the second one first on odd rounds (``words_first``).
        starts = [
            ("words", LOGS / f"words-{workers}w.log", timed),
            ("wordless", LOGS / f"wordless-{workers}w.log", plain_timed),
        ]
        servers = {
            name: stack.enter_context(served(log, env=environ, workers=workers))
            for name, log, environ in (starts if words_first else starts[::-1])
        }
        said, plain = servers["words"], servers["wordless"]
        pool = stack.enter_context(ThreadPoolExecutor(2))
        if warmup > 0:
            list(pool.map(lambda server: play(server.base, warmup, n, pace=pace), (said, plain)))
        timed_before = words_timers(said.pid, timers)
        before = {s.pid: cpu_seconds(s.pid) for s in (said, plain)}
        runs = list(
            pool.map(lambda server: play(server.base, seconds, n, pace=pace), (said, plain))
        )
        after = {s.pid: cpu_seconds(s.pid) for s in (said, plain)}
        timed_after = words_timers(said.pid, timers)
    out: dict[str, Any] = {}
    for name, server, played in (("words", said, runs[0]), ("wordless", plain, runs[1])):
        if played.get("setup_refused"):
            raise SystemExit(f"{played['setup_refused']} setup requests were refused ({name})")
        out[name] = _played(
            played, cpu_used(before[server.pid], after[server.pid]), workers, seconds, n
        )
    out["words_inside"] = words_share(timed_before, timed_after, len(runs[0]["command_ms"]))
    out["words_started_first"] = words_first
    out["words_server_cpu"] = round(
        out["words"]["cpu_ms_per_command"]["server"]
        / max(0.001, out["wordless"]["cpu_ms_per_command"]["server"]),
        3,
    )
    return out


def words_only(
    seconds: float,
    n_clients: int,
    rounds: int,
    out_path: str,
    warmup: float = WARMUP,
    pace: float | None = None,
) -> int:
    """``--words``: only what the words cost (issue 30), Plateau with and without them
    side by side (``side_by_side``), one worker each (the two servers then have a core
    each; two workers each would be four on two cores, and their ratio moves by 40%
    from round to round), ``rounds`` times, the server with words started first in
    even rounds and second in odd ones (the order moved the ratio by about 0.07: use an
    even number of rounds); the ratio reported is the rounds' median. ``pace``: moves per second per server, the same for both (a server that answers
    fewer moves per second also batches less: its CPU per move rises with no code of its
    own), else each as fast as it answers."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is needed (scripts/bench installs it)")
    made = scratch("bench", PER_ADDRESS)
    env = made.env
    report: dict[str, Any] = {
        "benchmark": "words",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus, {platform.node()}",
        "seconds": seconds,
        "warmup_seconds": warmup,
        "method": "side by side: both servers at once, each with its own play.lua players",
        "pace_moves_per_s": pace,
        "rounds": [],
    }
    try:
        migrate(env)
        for r in range(rounds):
            done: dict[str, Any] = {}
            pair = done["1w"] = side_by_side(
                env, 1, seconds, n_clients, warmup, pace, words_first=r % 2 == 0
            )
            inside = pair["words_inside"]
            print(
                f"round {r + 1}, one worker each: server CPU per move"
                f" {pair['words']['cpu_ms_per_command']['server']} ms with words,"
                f" {pair['wordless']['cpu_ms_per_command']['server']} without:"
                f" {pair['words_server_cpu']} (goal <= 1.1);"
                f" {pair['words']['commands_per_s']} and"
                f" {pair['wordless']['commands_per_s']} commands/s;"
                f" timed inside: {inside['labels_us_per_move']} + {inside['last_move_us_per_move']}"
                f" us per move of {inside['main_thread_us_per_move']},"
                f" {round(inside['share'] * 100, 1)}% (implies {inside['implied']})",
                flush=True,
            )
            report["rounds"].append(done)
    finally:
        made.drop()
    values = sorted(x["1w"]["words_server_cpu"] for x in report["rounds"])
    report["words_server_cpu_1w"] = round(statistics.median(values), 3)
    shares = sorted(x["1w"]["words_inside"]["implied"] for x in report["rounds"])
    report["words_inside_implied_1w"] = round(statistics.median(shares), 3)
    out = write_report(out_path.replace("suite.json", "words.json"), report)
    print(
        f"median of {rounds} rounds, server CPU per move with words / without, side by side:"
        f" {report['words_server_cpu_1w']} (goal <= 1.1); every round: {values}"
    )
    print(
        "median of the words' own CPU timed inside the same server, as the ratio it"
        f" implies: {report['words_inside_implied_1w']}; every round: {shares}"
    )
    print(f"written to {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Plateau benchmark suite (issue 18)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--engine-seconds", type=float, default=3.0)
    parser.add_argument(
        "--warmup",
        type=float,
        default=WARMUP,
        help="seconds of play before each command figure, not counted (0: a cold server)",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="Plateau's commands and the stack floor, alternated"
    )
    parser.add_argument(
        "--scale", action="store_true", help="also with 10,000 finished games and 1,000,000 events"
    )
    parser.add_argument(
        "--no-fanout", action="store_true", help="without the SSE fan-out part (bench_fanout.py)"
    )
    parser.add_argument(
        "--fanout-args",
        default="",
        help="the fan-out part's own arguments, quoted (scripts/bench --fanout --help)",
    )
    parser.add_argument(
        "--words",
        action="store_true",
        help="only what the words cost: commands with and without them, alternated --rounds times",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help="with --words: moves per second per server (both at the same load), else as fast"
        " as each answers",
    )
    parser.add_argument(
        "--no-capacity",
        action="store_true",
        help="without capacity at human pace and its profiles (bench_capacity.py)",
    )
    parser.add_argument(
        "--capacity-args",
        default="--profile",
        help="the capacity part's own arguments, quoted (scripts/bench --capacity --help)",
    )
    parser.add_argument("--out", default="bench-results/suite.json")
    args = parser.parse_args(argv)
    if args.words:
        return words_only(args.seconds, args.clients, args.rounds, args.out, args.warmup, args.pace)
    if shutil.which("wrk") is None or shutil.which("pgbench") is None:
        raise SystemExit("wrk and pgbench are needed (scripts/bench installs them)")
    made = scratch("bench", PER_ADDRESS)
    admin, env = made.admin, made.env
    report: dict[str, Any] = {
        "benchmark": "suite",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus, {platform.node()}",
        "python": sys.version.split()[0],
        "seconds": args.seconds,
        "warmup_seconds": args.warmup,
        "conditions": "PostgreSQL and Redis on loopback, granian, wrk -t2 -c32, "
        f"wrk -t{args.clients} -c{args.clients} with play.lua for commands; the machine is shared",
    }
    try:
        with hello_server(1) as hello:
            report["hello_1w"] = wrk(f"{hello.base}/hello", args.seconds)
            ceiling = play(hello.base, args.seconds, args.clients, "ceiling")
            report["client_ceiling_1w"] = {
                "get_post_pairs_per_s": round(ceiling["answers"] / 2 / args.seconds, 1)
            }
        report["pgbench_append"] = pgbench(admin, args.seconds, args.clients)
        report["pgbench_service_append"] = pgbench_service_append(
            admin, env, args.seconds, args.clients
        )
        report["append_scaling"] = append_scaling(admin, env, args.seconds)
        migrate(env)
        report["empty"] = run_plateau(env, args.seconds, args.clients, args.rounds, args.warmup)
        if args.scale:
            report["scale_seed"] = seed_scale(env["PLATEAU_DATABASE_URL"])
            report["scaled"] = run_plateau(
                env, args.seconds, args.clients, args.rounds, args.warmup
            )
        if not args.no_fanout:
            from tests.benchmarks import bench_fanout
            from tests.benchmarks.bench_capacity import raise_open_files

            raise_open_files()
            fanout_args = bench_fanout.arguments().parse_args(args.fanout_args.split())
            report["fanout"] = bench_fanout.run(env, fanout_args)
            report["fanout"]["args"] = vars(fanout_args)
        if not args.no_capacity:
            from tests.benchmarks import bench_capacity

            capacity_args = bench_capacity.arguments().parse_args(args.capacity_args.split())
            if capacity_args.plot is None:  # the whole run's plot is the one the docs show
                capacity_args.plot = "docs/capacity.png"
            report["capacity"] = bench_capacity.run(env, capacity_args)
            report["capacity"]["args"] = vars(capacity_args)
        report["engines"] = [
            bench_engine(n, args.engine_seconds, 1)
            for n in ("arkantis", "eclats_des_cites", "petits_dragons", "tours_arc_en_ciel")
        ]
        report["move_parts"] = bench_move("arkantis", 40, 1)
        from tests.benchmarks.bench_request import bench as bench_request  # imports this module

        report["request_parts"] = bench_request(100, 1)
    finally:
        made.drop()
    report["ratios"] = ratios(report)
    out = write_report(args.out, report)
    print_report(report)
    print(f"written to {out}")
    return 0


def ratios(r: dict[str, Any]) -> dict[str, Any]:
    hello = r["hello_1w"]["req_per_s"]
    tps = r["pgbench_append"]["tps"]
    out: dict[str, Any] = {}
    out["service_append_vs_pgbench"] = round(r["pgbench_service_append"]["tps"] / tps, 3)
    for label in ("empty", "scaled"):
        if label not in r:
            continue
        p = r[label]
        out[label] = {
            "state_vs_hello": round(p["state_spectator_1w"]["req_per_s"] / hello, 3),
            "summary_vs_hello": round(p["summary_1w"]["req_per_s"] / hello, 3),
            "commands_2w_vs_pgbench": round(p["commands_2w"]["commands_per_s"] / tps, 3),
            "commands_1w_vs_pgbench": round(p["commands_1w"]["commands_per_s"] / tps, 3),
            "commands_2w_vs_floor": round(
                p["commands_2w"]["commands_per_s"] / max(1.0, p["floor_2w"]["commands_per_s"]), 3
            ),
            "commands_1w_vs_floor": round(
                p["commands_1w"]["commands_per_s"] / max(1.0, p["floor_1w"]["commands_per_s"]), 3
            ),
            # The same ratio by the CPU the server's workers used per move
            # (the floor's over Plateau's): less moved by the machine's other load.
            "server_cpu_floor_vs_commands_2w": round(
                p["floor_2w"]["cpu_ms_per_command"]["server"]
                / max(0.001, p["commands_2w"]["cpu_ms_per_command"]["server"]),
                3,
            ),
            # What the words cost (issue 30: within 10%): the server's CPU per
            # move with its words over the same server without them, same run.
            **{
                f"words_server_cpu_{w}": round(
                    p[f"commands_{w}"]["cpu_ms_per_command"]["server"]
                    / max(0.001, p[f"wordless_{w}"]["cpu_ms_per_command"]["server"]),
                    3,
                )
                for w in ("2w", "1w")
            },
            "words_commands_2w": round(
                p["commands_2w"]["commands_per_s"] / max(1.0, p["wordless_2w"]["commands_per_s"]),
                3,
            ),
            "client_ceiling_vs_commands_2w": round(
                r["client_ceiling_1w"]["get_post_pairs_per_s"]
                / max(1.0, p["commands_2w"]["commands_per_s"]),
                1,
            ),
        }
    if "fanout" in r:
        from tests.benchmarks.bench_fanout import ratios as fanout_ratios

        out["fanout"] = fanout_ratios(r["fanout"])
    if "capacity" in r:
        # Issue 33's two goals, met in the same run or not: commands at 0.6 of the
        # stack floor or more with p99 < 25 ms (2 workers), and 2,000 games or more
        # at human pace.
        c2, f2 = r["empty"]["commands_2w"], r["empty"]["floor_2w"]
        floor_met = (
            c2["commands_per_s"] >= 0.6 * f2["commands_per_s"]
            and c2["command_p99_ms"] is not None
            and c2["command_p99_ms"] < 25
        )
        largest = r["capacity"].get("largest_passing_n")
        out["issue_33_goals"] = {
            "commands_vs_floor_2w": out["empty"]["commands_2w_vs_floor"],
            "command_p99_ms_2w": c2["command_p99_ms"],
            "floor_goal_met": floor_met,
            "largest_passing_n": largest,
            "capacity_goal_met": largest is not None and largest >= 2000,
            "both_met": floor_met and largest is not None and largest >= 2000,
        }
    if "scaled" in r:
        e, s = r["empty"], r["scaled"]
        out["scaled_vs_empty"] = {
            "state": round(
                s["state_spectator_1w"]["req_per_s"] / e["state_spectator_1w"]["req_per_s"], 3
            ),
            "summary": round(s["summary_1w"]["req_per_s"] / e["summary_1w"]["req_per_s"], 3),
            "list_games": round(
                s["list_games_1w"]["req_per_s"] / e["list_games_1w"]["req_per_s"], 3
            ),
            "commands_2w": round(
                s["commands_2w"]["commands_per_s"] / e["commands_2w"]["commands_per_s"], 3
            ),
        }
    return out


def host_line(r: dict[str, Any]) -> str:
    """The host's own speed, said beside the goals' verdict: the 2-core hosts this
    suite runs on have been 2 to 3 times apart in one day (docs/performance.md), and
    the absolute goal (2,000 games) moves with them where the ratios do not."""
    parts = []
    if r.get("hello_1w"):
        parts.append(f"hello {r['hello_1w']['req_per_s']:.0f} req/s")
    if r.get("pgbench_append"):
        parts.append(f"pgbench's one-event append {r['pgbench_append']['tps']:.0f} tps")
    arkantis = next((e for e in r.get("engines", []) if e["ruleset"] == "arkantis"), None)
    if arkantis is not None:
        parts.append(f"the ArkantiS engine {arkantis['decide_evolve_per_s']} decisions/s")
    return (
        ", ".join(parts) + " (at normal speed on 2026-12-07: about 24,000, 4,200 to 6,900"
        " and 25,000; 2 to 3 times less on that day's slow hosts)"
    )


def print_report(r: dict[str, Any]) -> None:
    print(f"\n{r['date']}  {r['machine']}  ({r['conditions']})")
    print(
        f"floor: hello {r['hello_1w']['req_per_s']} req/s (p99 {r['hello_1w']['p99_ms']} ms); "
        f"pgbench append {r['pgbench_append']['tps']} tps at {r['pgbench_append']['clients']} clients; "
        f"client ceiling {r['client_ceiling_1w']['get_post_pairs_per_s']} GET+POST pairs/s"
    )
    print(
        f"PostgreSQL alone, pgbench running the service's own append (3 events, the command"
        f" record): {r['pgbench_service_append']['tps']} tps,"
        f" {r['ratios']['service_append_vs_pgbench']} x the floor's one-event append"
    )
    for label in ("empty", "scaled"):
        if label not in r:
            continue
        p, q = r[label], r["ratios"][label]
        print(f"[{label}]")
        print(
            f"  state (spectator, cached) {p['state_spectator_1w']['req_per_s']} req/s  ratio {q['state_vs_hello']} (goal 0.5)"
        )
        print(
            f"  summary GET /games/id     {p['summary_1w']['req_per_s']} req/s  ratio {q['summary_vs_hello']}"
        )
        print(f"  GET /games?limit=50       {p['list_games_1w']['req_per_s']} req/s")
        for w in ("2w", "1w"):
            c = p[f"commands_{w}"]
            print(
                f"  commands {w}: {c['commands_per_s']}/s p50 {c['command_p50_ms']} p99 {c['command_p99_ms']} ms"
                f"  ratio {q[f'commands_{w}_vs_pgbench']} (goal 0.25, p99 < 25 ms);"
                f" legal-commands p50 {c['legal_p50_ms']} p99 {c['legal_p99_ms']} ms (goal p99 < 10)"
            )
            f = p[f"floor_{w}"]
            print(
                f"  stack floor {w} (floor_app.py, Plateau's I/O only): {f['commands_per_s']}/s"
                f" p50 {f['command_p50_ms']} p99 {f['command_p99_ms']} ms, legal p99"
                f" {f['legal_p99_ms']} ms; Plateau / floor {q[f'commands_{w}_vs_floor']}"
                f" (goal 0.6, p99 < 25 ms); rounds {c['rounds_commands_per_s']}"
                f" against {f['rounds_commands_per_s']}"
            )
        print(
            f"  the clients alone go {q['client_ceiling_vs_commands_2w']}x the 2-worker command rate"
        )
        for w in ("2w", "1w"):
            c = p[f"wordless_{w}"]
            print(
                f"  without words {w}: {c['commands_per_s']}/s p99 {c['command_p99_ms']} ms,"
                f" server CPU {c['cpu_ms_per_command']['server']} ms per move; with words /"
                f" without: server CPU {q[f'words_server_cpu_{w}']} (goal <= 1.1)"
                + (f", commands/s {q['words_commands_2w']}" if w == "2w" else "")
            )
        print(
            "  server CPU per move, the floor's / Plateau's (2 workers):"
            f" {q['server_cpu_floor_vs_commands_2w']}"
        )
        for w in ("2w", "1w"):
            cpu = p[f"commands_{w}"]["cpu_ms_per_command"]
            print(f"  CPU ms per command, {w}: " + ", ".join(f"{k} {v}" for k, v in cpu.items()))
            cpu = p[f"floor_{w}"]["cpu_ms_per_command"]
            print(f"  CPU ms per floor move, {w}: " + ", ".join(f"{k} {v}" for k, v in cpu.items()))
    if "scaled_vs_empty" in r["ratios"]:
        print(f"scaled / empty: {r['ratios']['scaled_vs_empty']} (goal >= 0.8)")
    if "fanout" in r:
        from tests.benchmarks.bench_fanout import print_report as print_fanout

        print_fanout(r["fanout"])
    if "capacity" in r:
        from tests.benchmarks.bench_capacity import print_summary

        print_summary(r["capacity"])
        g = r["ratios"]["issue_33_goals"]
        print(
            f"issue 33 in this run: commands / floor (2 workers) {g['commands_vs_floor_2w']},"
            f" p99 {g['command_p99_ms_2w']} ms: {'met' if g['floor_goal_met'] else 'not met'};"
            f" largest N passing {g['largest_passing_n']}:"
            f" {'met' if g['capacity_goal_met'] else 'not met'}; both"
            f" {'met' if g['both_met'] else 'not met'}"
        )
        print(f"  on this host: {host_line(r)}")
    for e in r.get("engines", []):
        print(
            f"  engine {e['ruleset']:<18} decide+evolve {e['decide_evolve_per_s']}/s (goal 20000)"
            f"  legal_commands {e['legal_commands_per_s']}/s"
        )
    move = r.get("move_parts")
    if move:
        parts = sorted(move["us_per_move"].items(), key=lambda kv: -kv[1])
        print(
            f"  an ArkantiS move's Python work (no I/O): {move['total_us_per_move']} us; "
            + ", ".join(f"{k} {v}" for k, v in parts[:6])
        )
    if r.get("request_parts"):
        from tests.benchmarks.bench_request import print_report as print_requests

        print_requests(r["request_parts"])


if __name__ == "__main__":
    raise SystemExit(main())
