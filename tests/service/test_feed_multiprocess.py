"""The global feed under concurrent writers on two workers: a reader that
resumes from its last position sees every event exactly once."""

from __future__ import annotations

import asyncio
import json
import random

import httpx

from tests.service.test_multiprocess import server, start

__all__ = ["server"]  # the fixture: `plateau serve --workers 2` on PostgreSQL + Redis


async def play(client: httpx.AsyncClient, game_id: str, tokens: dict[str, str], n: int) -> None:
    rnd = random.Random(game_id)
    for _ in range(n):
        summary = (await client.get(f"/games/{game_id}")).json()
        if summary["status"] != "active":
            return
        seat = summary["to_act"][0]
        h = {"Authorization": f"Bearer {tokens[seat]}"}
        commands = (await client.get(f"/games/{game_id}/legal-commands", headers=h)).json()
        r = await client.post(
            f"/games/{game_id}/commands", json=rnd.choice(commands["commands"]), headers=h
        )
        assert r.status_code == 201, r.text


async def test_a_resuming_feed_reader_sees_every_event_exactly_once(server: str) -> None:
    async with httpx.AsyncClient(base_url=server, timeout=30) as client:
        start_position = (await client.get("/events", params={"limit": 1000})).json()
        after = start_position["last_position"]
        while True:  # skip what other tests left in this database
            page = (await client.get("/events", params={"after": after, "limit": 1000})).json()
            if not page["events"]:
                break
            after = page["last_position"]
        origin = after
        games = [await start(client) for _ in range(4)]
        seen: list[tuple[str, int, int]] = []
        writers_done = asyncio.Event()

        async def reader() -> None:
            position = origin
            while True:
                done = writers_done.is_set()
                page = (await client.get("/events", params={"after": position, "limit": 7})).json()
                for e in page["events"]:
                    seen.append((e["game_id"], e["version"], e["position"]))
                position = page["last_position"]
                if done and not page["events"]:
                    return
                await asyncio.sleep(0.01)

        async def writers() -> None:
            await asyncio.gather(*(play(client, g, t, 25) for g, t in games))
            writers_done.set()

        await asyncio.gather(reader(), writers())
        positions = [p for _, _, p in seen]
        assert positions == sorted(positions) and len(set(positions)) == len(positions)
        for game_id, _ in games:
            log = (await client.get(f"/games/{game_id}/events")).json()
            mine = [v for g, v, _ in seen if g == game_id]
            assert mine == [e["version"] for e in log["events"]], game_id


async def test_the_documented_projection_counts_games_from_the_feed_alone(server: str) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    async with httpx.AsyncClient(base_url=server, timeout=30) as client:
        game_id, tokens = await start(client)
        await play(client, game_id, tokens, 3)
    result = subprocess.run(
        [sys.executable, str(root / "docs/examples/feed_projection.py"), "--base", server],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout)
    async with httpx.AsyncClient(base_url=server, timeout=30) as client:
        listed = (await client.get("/games", params={"ruleset": "arkantis", "limit": 200})).json()
    started = [g for g in listed["games"] if g["version"] > 0]
    assert table["arkantis"]["started"] == len(started)
    assert table["arkantis"]["finished"] == sum(g["status"] == "finished" for g in started)
