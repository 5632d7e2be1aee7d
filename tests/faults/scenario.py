"""One fault run: own PostgreSQL and Redis, ``plateau serve --workers 2``, players, faults, audit.

The faults, at fixed fractions of the run so every run injects all of them:

1. SIGKILL of one worker (it must be replaced; the server keeps answering);
2. Redis stopped, then restarted (served from PostgreSQL meanwhile: ``degraded``);
3. PostgreSQL stopped with ``-m immediate`` (a crash), then restarted
   (503 problem+json with ``Retry-After`` meanwhile; commands succeed again
   within ``RECOVERY_LIMIT`` seconds of its return);
4. SIGTERM of the server (graceful: it exits within its shutdown timeout),
   then a restart on the same port.

``run(seconds)`` returns a report (figures, timeline, problems); a run is
clean when ``report["problems"]`` is empty.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.faults.cluster import Postgres, Redis, Server, wait_until
from tests.faults.load import Load, audit
from tests.servers import free_port

RECOVERY_LIMIT = 5.0
SHUTDOWN_TIMEOUT = 5
WORKERS = 2


def server_env(pg: Postgres, redis: Redis, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PLATEAU_DATABASE_URL": pg.url,
        "PLATEAU_REDIS_URL": redis.url,
        "PLATEAU_REDIS_PREFIX": "faults:",
        "PLATEAU_SSE_HEARTBEAT": "2",
        "PLATEAU_POOL_TIMEOUT": "2",
        "PLATEAU_SHUTDOWN_TIMEOUT": str(SHUTDOWN_TIMEOUT),
        "PLATEAU_DRAIN_SECONDS": "0.5",
        "PLATEAU_LOG_LEVEL": "info",
        **extra,
    }


def log_problems(text: str) -> list[str]:
    """A 500 or an unhandled error anywhere in the server's log is a bug."""
    problems = []
    for line in text.splitlines():
        if "Traceback" in line:
            problems.append(f"traceback in the server log: {line[:300]}")
            continue
        if not line.startswith("{"):
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("status") == 500 or (
            entry.get("level") == "error"
            and str(entry.get("logger", "")).startswith("plateau")
            and entry.get("status") is None
        ):
            problems.append(f"server log: {line[:300]}")
    return problems[:20]


def resources(server: Server, pg: Postgres) -> dict[str, Any]:
    """Memory, descriptors and database connections of each worker."""
    per: dict[str, Any] = {}
    rows = pg.psql(
        "SELECT application_name, count(*) FROM pg_stat_activity"
        " WHERE datname = 'plateau' GROUP BY 1",
    )
    connections = {str(name): int(str(n)) for name, n in rows}
    for pid in server.worker_pids():
        try:
            with open(f"/proc/{pid}/statm") as fh:
                rss = int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            fds = len(os.listdir(f"/proc/{pid}/fd"))
        except OSError:
            continue
        per[str(pid)] = {
            "rss_mib": round(rss / 2**20, 1),
            "fds": fds,
            "db_connections": connections.get(f"plateau/{pid}", 0),
        }
    return per


class Timeline:
    def __init__(self) -> None:
        self.t0 = time.monotonic()
        self.entries: list[str] = []

    def note(self, text: str) -> None:
        line = f"{time.monotonic() - self.t0:6.1f}s {text}"
        self.entries.append(line)
        print(f"faults: {line}", flush=True)


async def _ready_status(base: str) -> tuple[int, str]:
    async with httpx.AsyncClient(timeout=3) as http:
        r = await http.get(f"{base}/health/ready")
        return r.status_code, r.json().get("status", "?")


async def _until(predicate, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def inject_faults(
    seconds: float, load: Load, server: Server, pg: Postgres, redis: Redis, tl: Timeline
) -> dict[str, Any]:
    """The four faults, one after the other, each phase lasting its share of
    ``seconds`` (measured from the end of the previous step, so a slow machine
    stretches the run instead of squeezing a phase); returns what was measured."""
    found: dict[str, Any] = {}
    problems: list[str] = found.setdefault("problems", [])
    unit = seconds / 60  # the phases below add up to about 60 units
    loop = asyncio.get_running_loop()

    def successes_since(t: float) -> int:
        return sum(1 for s in load.stats.successes if s > t)

    await asyncio.sleep(6 * unit)  # warm-up: every player has a game

    # 1. SIGKILL of a worker.
    killed = server.kill_worker()
    at = time.monotonic()
    tl.note(f"SIGKILL worker {killed}")
    try:
        await loop.run_in_executor(
            None,
            lambda: wait_until(
                lambda: server.replacements({killed}) is not None,
                20,
                "the killed worker to be replaced",
            ),
        )
        tl.note(f"worker replaced: {server.worker_pids()}")
    except Exception as exc:
        problems.append(str(exc))
    if not server.alive():
        problems.append("the server died with its worker")
    await asyncio.sleep(6 * unit)
    if successes_since(at) == 0:
        problems.append("no command acknowledged after the SIGKILL of a worker")

    # 2. Redis down, then back.
    redis.stop()
    at = time.monotonic()
    tl.note("Redis stopped")
    await asyncio.sleep(1.5)
    status = await _ready_status(server.base)
    found["ready_without_redis"] = list(status)
    if status != (200, "degraded"):
        problems.append(f"/health/ready with Redis down: {status}, expected 200 degraded")
    await asyncio.sleep(max(0.0, 8 * unit - 1.5))
    if not await _until(lambda: successes_since(at) > 0, 10):
        problems.append("no command succeeded while Redis was down")
    tl.note(f"{successes_since(at)} commands acknowledged without Redis")
    redis.start()
    tl.note("Redis restarted")
    await asyncio.sleep(6 * unit)

    # 3. PostgreSQL crash, then back.
    await loop.run_in_executor(None, lambda: pg.stop(immediate=True))
    tl.note("PostgreSQL stopped -m immediate")
    await asyncio.sleep(1.5)
    status = await _ready_status(server.base)
    found["ready_without_postgres"] = list(status)
    if status[0] != 503:
        problems.append(f"/health/ready with PostgreSQL down: {status}, expected 503")
    await asyncio.sleep(max(0.0, 6 * unit - 1.5))
    await loop.run_in_executor(None, pg.start)
    back = time.monotonic()
    tl.note("PostgreSQL restarted")
    await _until(lambda: successes_since(back) > 0, RECOVERY_LIMIT + 5)
    first = next((t for t in load.stats.successes if t > back), None)
    recovery = None if first is None else round(first - back, 2)
    found["recovery_seconds"] = recovery
    tl.note(f"first command acknowledged {recovery} s after PostgreSQL's return")
    if recovery is None or recovery > RECOVERY_LIMIT:
        problems.append(
            f"commands did not succeed within {RECOVERY_LIMIT} s of PostgreSQL's return ({recovery})"
        )
    await asyncio.sleep(8 * unit)

    # 4. SIGTERM (graceful), then a restart.
    tl.note("SIGTERM to the server")
    took = await loop.run_in_executor(None, lambda: server.terminate(timeout=SHUTDOWN_TIMEOUT + 15))
    found["shutdown_seconds"] = round(took, 2)
    tl.note(f"server exited in {took:.2f} s")
    if took > SHUTDOWN_TIMEOUT + 5:
        problems.append(f"graceful shutdown took {took:.1f} s (timeout {SHUTDOWN_TIMEOUT} s)")
    await loop.run_in_executor(None, server.start)
    at = time.monotonic()
    tl.note(f"server restarted: workers {server.worker_pids()}")
    await asyncio.sleep(8 * unit)
    if successes_since(at) == 0:
        problems.append("no command acknowledged after the restart")
    return found


async def run(
    seconds: float = 60, clients: int = 12, seed: int = 0, soak_minutes: float = 0
) -> dict[str, Any]:
    logdir = Path(tempfile.mkdtemp(prefix="plateau-faults-"))
    tl = Timeline()
    pg = Postgres()
    redis = Redis()
    server: Server | None = None
    report: dict[str, Any] = {"logs": str(logdir)}
    problems: list[str] = []
    try:
        await asyncio.to_thread(pg.init)
        redis.start()
        tl.note(f"PostgreSQL on {pg.port}, Redis on {redis.port}")
        server = Server(server_env(pg, redis), free_port(), WORKERS, logdir)
        await asyncio.to_thread(server.start)
        tl.note(f"plateau serve on {server.port}, workers {server.worker_pids()}")
        load = Load(server.base, clients=clients, seed=seed)
        load.start()
        found = await inject_faults(seconds, load, server, pg, redis, tl)
        problems += found.pop("problems")
        report.update(found)
        if soak_minutes > 0:
            await asyncio.sleep(30)  # warm-up after the restart
            report["resources_start"] = await asyncio.to_thread(resources, server, pg)
            tl.note(f"soak start: {report['resources_start']}")
            await asyncio.sleep(max(0.0, soak_minutes * 60 - 30))
            report["resources_end"] = await asyncio.to_thread(resources, server, pg)
            tl.note(f"soak end: {report['resources_end']}")
        tl.note("stopping the players")
        await load.stop()
        tl.note("auditing")
        figures = await asyncio.to_thread(audit, pg.url, server.base, load)
        problems += figures.pop("problems")
        problems += load.stats.violations
        problems += log_problems(server.log_text())
        report.update(figures)
        report["statuses"] = dict(sorted(load.stats.statuses.items()))
        report["requests_sent"] = load.stats.sent
        report["transport_errors"] = load.stats.transport_errors
        report["retries"] = load.stats.retries
        report["gave_up"] = load.stats.gave_up
    finally:
        if server is not None:
            server.destroy()
        redis.stop()
        await asyncio.to_thread(pg.destroy)
    report["problems"] = problems
    report["timeline"] = tl.entries
    report["seconds"] = round(time.monotonic() - tl.t0, 1)
    return report
