"""The idempotency purge running inside the app (SQLite; the PostgreSQL purge
is covered by tests/store/test_retention.py): a retry inside the retention
window replays the first answer while purges run; past the retention the
record is gone."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from service.store.sqlite import SqliteEventStore


async def play_once(
    client: AsyncTestClient[Any], key: str
) -> tuple[str, str, dict[str, str], Any, Any]:
    game_id = (await client.post("/games", json={"ruleset": "arkantis"})).json()["game_id"]
    tokens = {}
    for seat in ("seat_0", "seat_1"):
        r = await client.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
        tokens[seat] = r.json()["token"]
    seat = (await client.get(f"/games/{game_id}")).json()["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    command = (await client.get(f"/games/{game_id}/legal-commands", headers=auth)).json()[
        "commands"
    ][0]
    first = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**auth, "Idempotency-Key": key}
    )
    assert first.status_code == 201, first.text
    return game_id, seat, auth, command, first.json()


async def recorded(tmp_path: Path, game_id: str, seat: str, key: str) -> bool:
    """Whether the key is still recorded, read through a store of the test's own
    on the same file (the app's store belongs to the app's event loop)."""
    store = SqliteEventStore(tmp_path / "p.db")
    await store.open()
    try:
        return await store.get_command(game_id, seat, key) is not None
    finally:
        await store.close()


async def test_a_retry_inside_the_retention_replays_while_purges_run(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/p.db", idempotency_retention=3600, purge_interval=0.1
    )
    async with AsyncTestClient(create_app(settings)) as client:
        game_id, seat, auth, command, answer = await play_once(client, "k-1")
        await asyncio.sleep(0.5)  # several purges ran
        assert await recorded(tmp_path, game_id, seat, "k-1")
        retry = await client.post(
            f"/games/{game_id}/commands", json=command, headers={**auth, "Idempotency-Key": "k-1"}
        )
        assert retry.status_code == 201 and retry.json() == answer
        version = (await client.get(f"/games/{game_id}")).json()["version"]
        assert version == answer["version"]  # nothing appended twice


async def test_records_past_the_retention_are_purged(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/p.db", idempotency_retention=0, purge_interval=0.1
    )
    async with AsyncTestClient(create_app(settings)) as client:
        game_id, seat, _, _, _ = await play_once(client, "k-2")
        for _ in range(100):
            if not await recorded(tmp_path, game_id, seat, "k-2"):
                break
            await asyncio.sleep(0.05)
        assert not await recorded(tmp_path, game_id, seat, "k-2")
        metrics = (await client.get("/metrics")).text
        assert "plateau_idempotency_purged_total" in metrics


async def test_only_a_keyed_command_keeps_its_answer(tmp_path: Path) -> None:
    """A command's answer and body hash are recorded for a replay of its key only:
    without a key nothing can replay it, so its record keeps neither (a move's
    answer is a kilobyte or more for the database to parse and write)."""
    # Sandbox, chosen seed: about 1 random deal in 200 ends at its first move; two are played.
    settings = Settings(database_url=f"sqlite:///{tmp_path}/p.db", sandbox=True)
    async with AsyncTestClient(create_app(settings)) as client:
        body = {"ruleset": "arkantis", "seed": "idempotency-keyed"}
        game_id = (await client.post("/games", json=body)).json()["game_id"]
        tokens = {}
        for seat in ("seat_0", "seat_1"):
            r = await client.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
            tokens[seat] = r.json()["token"]
        answers = []
        for key in ("k-3", None):
            seat = (await client.get(f"/games/{game_id}")).json()["to_act"][0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = await client.get(f"/games/{game_id}/legal-commands", headers=headers)
            if key is not None:
                headers["Idempotency-Key"] = key
            r = await client.post(
                f"/games/{game_id}/commands", json=legal.json()["commands"][0], headers=headers
            )
            assert r.status_code == 201, r.text
            answers.append(r.content)
    with sqlite3.connect(tmp_path / "p.db") as conn:
        rows = conn.execute(
            "SELECT idempotency_key, request_hash IS NOT NULL, response FROM commands"
            " WHERE game_id = ? ORDER BY idempotency_key IS NULL",
            (game_id,),
        ).fetchall()
    assert rows == [("k-3", 1, answers[0]), (None, 0, b"")]
    assert len(answers[1]) > 500  # what is no longer written for each move
