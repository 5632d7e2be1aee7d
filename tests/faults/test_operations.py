"""What an operator relies on, on real ``plateau serve`` processes (SQLite, fast):
a killed worker is replaced while the others answer; SIGTERM drains (readiness
503, streams end with ``retry:``) and exits in bounded time; ``/metrics`` sums
every worker; request ids are echoed and in the logs; the SSE cap and the
rate limits (shared through Redis) answer problem+json with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.faults.cluster import Redis, Server, wait_until
from tests.servers import free_port


def start_server(tmp_path: Path, name: str = "s", workers: int = 2, **env: str) -> Server:
    import os

    server = Server(
        {
            **os.environ,
            "PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/{name}.db",
            "PLATEAU_SSE_HEARTBEAT": "1",
            **env,
        },
        free_port(),
        workers,
        tmp_path,
        name,
    )
    server.start()
    return server


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.destroy()


def new_game(base: str) -> tuple[str, dict[str, str]]:
    with httpx.Client(base_url=base, timeout=10) as http:
        game_id = http.post("/games", json={"ruleset": "arkantis"}).json()["game_id"]
        tokens = {}
        for seat in ("seat_0", "seat_1"):
            r = http.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
            assert r.status_code == 201, r.text
            tokens[seat] = r.json()["token"]
    return game_id, tokens


async def test_a_killed_worker_is_replaced_while_the_other_serves(
    tmp_path: Path, servers: list[Server]
) -> None:
    server = start_server(tmp_path)
    servers.append(server)
    answered: list[tuple[float, int]] = []
    failed: list[float] = []
    stop = asyncio.Event()

    async def client() -> None:
        limits = httpx.Limits(max_keepalive_connections=0)  # each request on a fresh connection
        async with httpx.AsyncClient(base_url=server.base, timeout=5, limits=limits) as http:
            while not stop.is_set():
                try:
                    r = await http.get("/rulesets")
                    answered.append((time.monotonic(), r.status_code))
                except httpx.TransportError:
                    failed.append(time.monotonic())
                await asyncio.sleep(0.01)

    tasks = [asyncio.create_task(client()) for _ in range(6)]
    await asyncio.sleep(1.0)
    killed = server.kill_worker()
    at = time.monotonic()
    await asyncio.to_thread(
        wait_until,
        lambda: server.replacements({killed}) is not None,
        20,
        "a replacement worker",
    )
    replaced = time.monotonic()
    await asyncio.sleep(1.0)
    stop.set()
    await asyncio.gather(*tasks)
    assert server.alive(), server.log_tail()
    assert all(status == 200 for _, status in answered)
    # The surviving worker answered all along: no second without answers after the kill.
    after = [t for t, _ in answered if t > at]
    assert after, "nothing answered after the SIGKILL"
    gaps = [b - a for a, b in zip([at, *after], after, strict=False)]
    assert max(gaps) < 1.0, f"a {max(gaps):.2f} s silence after the SIGKILL"
    # Only requests in flight on the dead worker may fail (a handful, not a stream).
    assert len(failed) <= 6, f"{len(failed)} requests failed"
    assert any(t > replaced for t, _ in answered)
    assert "Respawning worker" in server.log_text()


@pytest.mark.parametrize("loop", ["uvloop", "asyncio"])
async def test_sigterm_drains_ends_streams_with_retry_and_exits_in_time(
    tmp_path: Path, servers: list[Server], loop: str
) -> None:
    server = start_server(
        tmp_path,
        workers=1,
        PLATEAU_DRAIN_SECONDS="1.5",
        PLATEAU_SHUTDOWN_TIMEOUT="3",
        PLATEAU_LOOP=loop,
    )
    servers.append(server)
    # uvloop's signal handlers cannot be read back: the drain is chained through
    # granian's shutdown event (lifecycle.capture_worker_signal); the standard
    # loop's are read back and called after the drain.
    assert f"loop {loop}" in server.log_text(), server.log_tail()
    game_id, tokens = new_game(server.base)
    lines: list[str] = []
    opened = asyncio.Event()

    async def listen() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            params = {"access_token": tokens["seat_0"]}
            async with http.stream("GET", f"/games/{game_id}/events/stream", params=params) as r:
                assert r.status_code == 200
                opened.set()
                async for line in r.aiter_lines():
                    lines.append(line)

    listener = asyncio.create_task(listen())
    await asyncio.wait_for(opened.wait(), 10)
    await asyncio.sleep(0.3)
    assert server.proc is not None
    started = time.monotonic()
    server.proc.send_signal(15)
    await asyncio.wait_for(listener, 5)  # the stream ends at once, not at the exit
    assert "retry: 1000" in lines, lines[-5:]
    async with httpx.AsyncClient(base_url=server.base, timeout=2) as http:
        r = await http.get("/health/ready")
        assert r.status_code == 503 and r.json()["status"] == "draining", r.text
        r = await http.get(f"/games/{game_id}/events/stream", params={"timeout": 0})
        assert r.status_code == 503 and r.json()["code"] == "draining"
        assert r.headers["content-type"].startswith("application/problem+json")
        assert "retry-after" in r.headers
        r = await http.get(f"/games/{game_id}")  # still served while draining
        assert r.status_code == 200
    await asyncio.to_thread(server.proc.wait, 15)
    took = time.monotonic() - started
    assert took < 1.5 + 3 + 3, f"exit took {took:.1f} s"
    assert server.proc.returncode == 0, server.log_tail()


async def test_metrics_sum_every_worker_and_request_ids_are_logged(
    tmp_path: Path, servers: list[Server]
) -> None:
    server = start_server(tmp_path)
    servers.append(server)
    limits = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=server.base, timeout=10, limits=limits) as http:
        results = await asyncio.gather(
            *(http.get("/rulesets", headers={"X-Request-ID": f"probe-{i}"}) for i in range(40))
        )
        assert [r.headers["x-request-id"] for r in results] == [f"probe-{i}" for i in range(40)]
        made = await http.get("/rulesets", headers={"X-Request-ID": "bad id with spaces"})
        assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"])
        await asyncio.sleep(6)  # one sampling period: every worker wrote its gauges
        scrapes = [await http.get("/metrics") for _ in range(6)]
    for scrape in scrapes:
        assert scrape.status_code == 200
        assert scrape.headers["content-type"].startswith("text/plain")
        text = scrape.text
        match = re.search(
            r'^plateau_http_requests_total\{method="GET",route="/rulesets",status="200"\} (\S+)$',
            text,
            re.M,
        )
        assert match and float(match.group(1)) == 41.0, text[:2000]
        pids = set(re.findall(r'^plateau_process_open_fds\{pid="(\d+)"\}', text, re.M))
        assert pids == {str(p) for p in server.worker_pids()}, (pids, server.worker_pids())
        assert "plateau_http_request_duration_seconds_bucket" in text
    # Both workers served some of the 41 (each writes its own log lines).
    logged = [
        json.loads(line)
        for line in server.log_text().splitlines()
        if line.startswith("{") and '"plateau.access"' in line
    ]
    probes = [e for e in logged if str(e.get("request_id", "")).startswith("probe-")]
    assert {e["request_id"] for e in probes} == {f"probe-{i}" for i in range(40)}
    assert all(e["route"] == "/rulesets" and e["status"] == 200 for e in probes)


async def test_stream_cap_answers_503_with_retry_after(
    tmp_path: Path, servers: list[Server]
) -> None:
    server = start_server(tmp_path, workers=1, PLATEAU_MAX_STREAMS="1")
    servers.append(server)
    game_id, tokens = new_game(server.base)
    async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
        path = f"/games/{game_id}/events/stream"
        async with http.stream("GET", path, params={"timeout": 5}) as first:
            assert first.status_code == 200
            second = await http.get(path, params={"timeout": 0})
            assert second.status_code == 503
            assert second.json()["code"] == "too_many_streams"
            assert second.headers["content-type"].startswith("application/problem+json")
            assert int(second.headers["retry-after"]) >= 1
        # The first one closed: once the server sees it gone (at its next
        # heartbeat write, 1 s here), a stream is served again.
        statuses = []
        for _ in range(30):
            again = await http.get(path, params={"timeout": 0})
            statuses.append(again.status_code)
            if again.status_code == 200:
                break
            await asyncio.sleep(0.2)
        assert statuses[-1] == 200, statuses


async def test_rate_limits_are_shared_across_replicas_through_redis(
    tmp_path: Path, servers: list[Server]
) -> None:
    redis = Redis()
    redis.start()
    try:
        env = {
            "PLATEAU_REDIS_URL": redis.url,
            "PLATEAU_RATE_LIMIT_ADDRESS": "6",
            "PLATEAU_RATE_LIMIT_TOKEN": "3",
            "PLATEAU_RATE_LIMIT_WINDOW": "60",
        }
        a = start_server(tmp_path, "a", workers=1, **env)
        servers.append(a)
        b = start_server(tmp_path, "b", workers=1, **env)
        servers.append(b)
        async with httpx.AsyncClient(timeout=10) as http:
            # The window may roll over between two requests: retry the whole check once.
            for _attempt in range(2):
                await asyncio.to_thread(redis_flush, redis)
                statuses = []
                for i in range(6):
                    base = (a if i % 2 else b).base
                    statuses.append((await http.get(f"{base}/rulesets")).status_code)
                refused = await http.get(f"{a.base}/rulesets")
                if statuses == [200] * 6 and refused.status_code == 429:
                    break
            assert statuses == [200] * 6
            assert refused.status_code == 429, refused.text
            problem = refused.json()
            assert problem["code"] == "rate_limited"
            assert refused.headers["content-type"].startswith("application/problem+json")
            assert 1 <= int(refused.headers["retry-after"]) <= 61
            # Health and metrics are never limited (probes must keep working).
            assert (await http.get(f"{b.base}/health/live")).status_code == 200
            # Per token: 3 requests with one token across both replicas.
            await asyncio.to_thread(redis_flush, redis)
            auth = {"Authorization": "Bearer some-token"}
            codes = [
                (await http.get(f"{(a if i % 2 else b).base}/rulesets", headers=auth)).status_code
                for i in range(4)
            ]
            assert codes[:3] == [200, 200, 200] and codes[3] == 429, codes
    finally:
        redis.stop()


def redis_flush(redis: Redis) -> None:
    import redis as redis_py

    client = redis_py.Redis.from_url(redis.url)
    client.flushall()
    client.close()
