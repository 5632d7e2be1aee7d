"""Two server processes (``plateau serve --workers 2`` on PostgreSQL and Redis)
share one bots-only game: both runners sweep it and race for its turns, yet
every bot move is applied once, at the version it was decided at."""

from __future__ import annotations

import asyncio
import time

import httpx
import psycopg

from tests.service.test_multiprocess import server as server  # the fixture


async def test_two_processes_apply_each_bot_move_once(
    server: str,
    service_postgres_url: str,
) -> None:
    async with httpx.AsyncClient(base_url=server, timeout=30) as client:
        r = await client.post(
            "/games",
            json={"ruleset": "eclats_des_cites", "bots": {"seat_0": "mcts", "seat_1": "greedy"}},
        )
        assert r.status_code == 201, r.text
        game_id = r.json()["game_id"]
        deadline = time.monotonic() + 180
        while True:
            s = (await client.get(f"/games/{game_id}")).json()
            if s["status"] == "finished":
                break
            assert time.monotonic() < deadline, s
            await asyncio.sleep(0.2)
        events = (await client.get(f"/games/{game_id}/events")).json()["events"]
    assert [e["version"] for e in events] == list(range(1, s["version"] + 1))
    with psycopg.connect(service_postgres_url) as conn:
        commands = conn.execute(
            "SELECT command_id, idempotency_key FROM commands WHERE game_id = %s", (game_id,)
        ).fetchall()
        first: dict[str, int] = dict(
            conn.execute(
                "SELECT command_id, min(version) FROM events WHERE game_id = %s"
                " AND command_id IS NOT NULL GROUP BY command_id",
                (game_id,),
            ).fetchall()
        )
    assert commands and len(commands) == len(first)
    keys = [key for _, key in commands]
    assert len(set(keys)) == len(keys)
    for command_id, key in commands:
        _, game, version, _seat = key.split(":")
        assert game == game_id and first[command_id] == int(version) + 1


def test_plateau_bot_plays_a_game_against_a_server_bot(server: str) -> None:
    """``plateau bot --ruleset R --vs L``: creates the game, plays its seat over HTTP
    (state, legal commands, If-Match, Idempotency-Key, the SSE stream) to the end."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    plateau = Path(sys.executable).with_name("plateau")
    done = subprocess.run(
        [str(plateau), "bot", "--base", server, "--ruleset", "eclats_des_cites", "--vs", "greedy",
         "--level", "random"],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    result = json.loads(done.stdout)
    assert result["seat"] == "seat_0" and result["outcome"]["winners"]
    summary = httpx.get(f"{server}/games/{result['game_id']}").json()
    assert summary["status"] == "finished"
    assert [s["bot"] for s in summary["seats"]] == [None, "greedy"]
