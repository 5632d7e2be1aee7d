"""Two processes of the real server share nothing but PostgreSQL and Redis.

``plateau serve --workers 2`` runs on loopback against the per-run database;
many clients send commands for the same turn at once: at most one command is
decided on each version (the winners chain, each decided on the version the
previous one produced, and only the first can carry the ``If-Match`` they all
named), the log stays gap-free, and a live stream sees events committed by any
worker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import served


@pytest.fixture
def server(
    service_postgres_url: str, redis_url: str, redis_prefix: str, tmp_path: Path
) -> Iterator[str]:
    env = {
        "PLATEAU_DATABASE_URL": service_postgres_url,
        "PLATEAU_REDIS_URL": redis_url,
        "PLATEAU_REDIS_PREFIX": f"{redis_prefix}mp:",
        "PLATEAU_SSE_HEARTBEAT": "60",
    }
    with served(tmp_path / "server.log", env=env, workers=2) as plateau:
        yield plateau.base


async def start(client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    r = await client.post("/games", json={"ruleset": "arkantis"})
    game_id = r.json()["game_id"]
    tokens = {}
    for seat in ("seat_0", "seat_1"):
        r = await client.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game_id, tokens


async def test_concurrent_commands_across_processes(server: str) -> None:
    limits = httpx.Limits(max_connections=40, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=server, timeout=30, limits=limits) as client:
        game_id, tokens = await start(client)
        for _round in range(4):
            summary = (await client.get(f"/games/{game_id}")).json()
            seat = summary["to_act"][0]
            h = {"Authorization": f"Bearer {tokens[seat]}"}
            commands = (await client.get(f"/games/{game_id}/legal-commands", headers=h)).json()[
                "commands"
            ]
            turn = [c for c in commands if not c["type"].endswith(("buy_card", "swap_duplicate"))]
            # 24 clients: half race with If-Match on the same command, half
            # without it on different commands of the same turn.
            requests = [
                client.post(
                    f"/games/{game_id}/commands",
                    json=turn[0],
                    headers={**h, "If-Match": f'"{summary["version"]}"'},
                )
                for _ in range(12)
            ] + [
                client.post(f"/games/{game_id}/commands", json=turn[i % len(turn)], headers=h)
                for i in range(12)
            ]
            results = await asyncio.gather(*requests)
            statuses = [r.status_code for r in results]
            assert statuses.count(201) >= 1, statuses
            winners = []  # (decided on, produced, sent with If-Match)
            for i, r in enumerate(results):
                if r.status_code == 201:
                    body = r.json()
                    produced = body["version"]
                    winners.append((produced - len(body["events"]), produced, i < 12))
                else:
                    assert r.status_code in (409, 412, 422), r.text
                    assert r.headers["content-type"].startswith("application/problem+json")
            winners.sort()
            # Exactly one command is decided on each version: the first winner
            # on the version every client read, each later one (re-decided
            # without If-Match) on the version its predecessor produced.
            expected = summary["version"]
            for decided_on, produced, _ in winners:
                assert decided_on == expected, winners
                assert produced > decided_on, winners
                expected = produced
            # Every If-Match named the version the clients read: only the
            # first winner can carry it.
            assert all(not with_if_match for _, _, with_if_match in winners[1:]), winners
            log = (await client.get(f"/games/{game_id}/events")).json()
            versions = [e["version"] for e in log["events"]]
            assert versions == list(range(1, log["last_version"] + 1)), "gap-free, no duplicate"
            if (await client.get(f"/games/{game_id}")).json()["status"] != "active":
                break


async def test_live_stream_sees_commands_from_any_worker(server: str) -> None:
    async with httpx.AsyncClient(base_url=server, timeout=30) as client:
        game_id, tokens = await start(client)
        summary = (await client.get(f"/games/{game_id}")).json()
        version = summary["version"]
        seat = summary["to_act"][0]
        h = {"Authorization": f"Bearer {tokens[seat]}"}
        received: list[dict[str, str]] = []

        async def listen() -> None:
            params = {"access_token": tokens["seat_0"], "after": version, "timeout": 20}
            async with client.stream("GET", f"/games/{game_id}/events/stream", params=params) as r:
                assert r.status_code == 200
                current: dict[str, str] = {}
                async for line in r.aiter_lines():
                    if not line:
                        if "id" in current:
                            received.append(current)
                            return
                        current = {}
                        continue
                    key, _, value = line.partition(":")
                    current[key] = value.strip()

        listener = asyncio.create_task(listen())
        await asyncio.sleep(0.5)
        # Several fresh connections: with two workers, the command lands on either.
        commands = (await client.get(f"/games/{game_id}/legal-commands", headers=h)).json()[
            "commands"
        ]
        async with httpx.AsyncClient(base_url=server, timeout=30) as other:
            r = await other.post(f"/games/{game_id}/commands", json=commands[0], headers=h)
            assert r.status_code == 201, r.text
        await asyncio.wait_for(listener, 15)  # well under the 60 s heartbeat poll
        assert received and received[0]["id"] == str(version + 1)
