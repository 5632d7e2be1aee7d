"""A worker starts and restarts while PostgreSQL (and Redis) are away.

``plateau serve --workers 2`` on the fault suite's own PostgreSQL and Redis
(``cluster.py``): a worker (re)started during an outage must serve (``/health/live``
200, ``/health/ready`` 503, 503 ``store_unavailable`` with ``Retry-After`` on
what needs the store) and recover by itself when the servers come back,
never exit (granian gives up on a worker that dies again within seconds).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.faults.cluster import Postgres, Redis, Server, SetupError, wait_until
from tests.faults.scenario import log_problems, server_env
from tests.servers import free_port

RECOVERY = 30.0
"""Seconds the servers' return may take to be seen (a bound against a hang)."""


class Cluster:
    def __init__(self) -> None:
        self.logdir = Path(tempfile.mkdtemp(prefix="plateau-outages-"))
        self.pg = Postgres()
        self.redis = Redis()
        self.server: Server | None = None

    def serve(self, *, ready_path: str) -> Server:
        self.server = Server(
            server_env(self.pg, self.redis), free_port(), 2, self.logdir, name="outage"
        )
        self.server.start(ready_path=ready_path)
        return self.server

    def destroy(self) -> None:
        if self.server is not None:
            self.server.destroy()
        self.redis.stop()
        self.pg.destroy()
        shutil.rmtree(self.logdir, ignore_errors=True)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    made = Cluster()
    try:
        yield made
    finally:
        made.destroy()


def fresh() -> httpx.Client:
    """A client whose every request opens its own connection (any worker may answer)."""
    return httpx.Client(timeout=10, limits=httpx.Limits(max_keepalive_connections=0))


def assert_store_down(base: str) -> None:
    """Each worker lives and says the store is down; what needs the store is
    503 (a game's summary may still come from Redis: not asked here)."""
    with fresh() as http:
        for _ in range(6):
            live = http.get(f"{base}/health/live")
            assert live.status_code == 200, live.text
            ready = http.get(f"{base}/health/ready")
            assert ready.status_code == 503, ready.text
            assert ready.json()["store"] == "down" and ready.json()["status"] == "unavailable"
            for r in (
                http.get(f"{base}/games"),
                http.post(f"{base}/games", json={"ruleset": "arkantis"}),
                http.post(f"{base}/players", json={"name": "Ann"}),
            ):
                assert r.status_code == 503, r.text
                assert r.json()["code"] == "store_unavailable"
                assert r.headers["content-type"].startswith("application/problem+json")
                assert int(r.headers["retry-after"]) >= 1


def wait_ready(base: str) -> dict[str, str]:
    """Until ``/health/ready`` answers 200 on fresh connections (both workers, likely)."""
    seen: dict[str, str] = {}

    def ready() -> bool:
        with fresh() as http:
            answers = [http.get(f"{base}/health/ready") for _ in range(4)]
        seen.update(answers[-1].json())
        return all(a.status_code == 200 for a in answers)

    wait_until(ready, RECOVERY, "/health/ready to answer 200 again", interval=0.25)
    return seen


def store_up(base: str) -> dict[str, float]:
    """``plateau_store_up`` of each live worker, by pid (``/metrics``)."""
    text = httpx.get(f"{base}/metrics", timeout=5).text
    return {
        pid: float(value)
        for pid, value in re.findall(r'^plateau_store_up\{pid="(\d+)"\} (\S+)$', text, re.M)
    }


def wait_store_up(server: Server, pids: set[int], value: float) -> None:
    """Until ``plateau_store_up`` is ``value`` for each of ``pids`` (a killed
    worker's gauge may linger until its process is reaped: not looked at)."""
    wanted = {str(p): value for p in pids}
    seen: dict[str, float] = {}

    def done() -> bool:
        seen.clear()
        seen.update(store_up(server.base))
        return all(seen.get(p) == v for p, v in wanted.items())

    try:
        wait_until(done, RECOVERY, f"plateau_store_up {wanted}")
    except SetupError as exc:
        raise AssertionError(f"{exc}; last seen {seen}\n{server.log_tail()}") from exc


def play_a_move(base: str) -> str:
    """A new game, both seats claimed, one command accepted: the store serves."""
    with fresh() as http:
        r = http.post(f"{base}/games", json={"ruleset": "eclats_des_cites"})
        assert r.status_code == 201, r.text
        game_id = str(r.json()["game_id"])
        tokens = {}
        for seat in ("seat_0", "seat_1"):
            r = http.post(f"{base}/games/{game_id}/seats/{seat}", json={"player_name": seat})
            assert r.status_code == 201, r.text
            tokens[seat] = r.json()["token"]
        seat = http.get(f"{base}/games/{game_id}").json()["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        command = http.get(f"{base}/games/{game_id}/legal-commands", headers=auth).json()
        r = http.post(f"{base}/games/{game_id}/commands", json=command["commands"][0], headers=auth)
        assert r.status_code == 201, r.text
    return game_id


def test_a_server_starts_without_postgres_and_redis_and_recovers(cluster: Cluster) -> None:
    cluster.pg.init()  # a new cluster: its schema is migrated only once it is back
    cluster.pg.stop()
    server = cluster.serve(ready_path="/health/live")  # no database, no Redis
    wait_until(lambda: len(server.worker_pids()) == 2, 60, "2 workers")
    workers = server.worker_pids()
    assert_store_down(server.base)
    # The workers that started without a database keep serving (none exited).
    assert server.alive() and server.worker_pids() == workers, server.log_tail()
    assert "Respawning" not in server.log_text()

    cluster.pg.start()
    cluster.redis.start()
    seen = wait_ready(server.base)
    assert seen["store"] == "ok"
    wait_until(
        lambda: httpx.get(f"{server.base}/health/ready", timeout=5).json()["cache"] == "ok",
        RECOVERY,
        "the cache to be seen again",
    )
    play_a_move(server.base)
    assert server.worker_pids() == workers
    assert not log_problems(server.log_text()), log_problems(server.log_text())


def test_a_worker_killed_during_an_outage_comes_back_serving_503_then_recovers(
    cluster: Cluster,
) -> None:
    cluster.pg.init()
    cluster.redis.start()
    server = cluster.serve(ready_path="/health/ready")
    game_id = play_a_move(server.base)

    cluster.pg.stop(immediate=True)
    wait_until(
        lambda: httpx.get(f"{server.base}/health/ready", timeout=5).status_code == 503,
        RECOVERY,
        "/health/ready to answer 503",
    )
    # Every worker killed and replaced during the outage: only the replacements,
    # started without a database, can answer now.
    before = set(server.worker_pids())
    for pid in sorted(before):
        os.kill(pid, signal.SIGKILL)
    wait_until(
        lambda: server.replacements(before) is not None, 60, "both killed workers to be replaced"
    )
    replacements = server.replacements(before) or set()
    wait_until(
        lambda: httpx.get(f"{server.base}/health/live", timeout=5).status_code == 200,
        60,
        "the replacements to answer",
    )
    assert_store_down(server.base)
    wait_store_up(server, replacements, 0.0)
    assert server.alive(), server.log_tail()
    assert set(server.worker_pids()) == replacements, (replacements, server.log_tail())

    cluster.pg.start()
    wait_ready(server.base)
    # Each replacement retries on its own: the four answers above may all have
    # come from one. Each worker's own gauge says when its store answers.
    wait_store_up(server, replacements, 1.0)
    with fresh() as http:
        for _ in range(6):
            assert http.get(f"{server.base}/games/{game_id}").status_code == 200
    play_a_move(server.base)
    assert set(server.worker_pids()) == replacements
    assert not log_problems(server.log_text()), log_problems(server.log_text())
