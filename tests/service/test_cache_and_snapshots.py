"""The cache is an optimisation only, and snapshots bound a cold load."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import AsyncTestClient

from domain import RULESETS, fold
from service.app import create_app
from service.settings import Settings
from tests.service.helpers import (
    auth,
    forget_answers,
    forget_in_process,
    legal,
    on_app_loop,
    start_game,
    summary,
)


async def play(
    client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str], commands: int
) -> None:
    for _ in range(commands):
        s = await summary(client, game_id)
        if s["status"] != "active":
            return
        seat = s["to_act"][0]
        command = (await legal(client, game_id, tokens[seat]))["commands"][-1]
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text


async def state_json(client: AsyncTestClient[Any], game_id: str) -> Any:
    r = await client.get(f"/games/{game_id}/state")
    assert r.status_code == 200
    return r.json()


async def test_snapshots_bound_a_cold_load(
    client: AsyncTestClient[Any], settings: Settings
) -> None:
    game_id, tokens = await start_game(client)
    await play(client, game_id, tokens, 12)
    store = client.app.state.store
    version = (await summary(client, game_id))["version"]
    assert version > 2 * settings.snapshot_every
    snapshot = await store.load_snapshot(game_id)
    assert snapshot is not None
    tail = await store.read(game_id, after=snapshot.version)
    assert len(tail) < settings.snapshot_every, "a cold load folds fewer than N events"
    # The snapshot is exactly the fold of the events up to its version.
    rs = RULESETS["arkantis"]
    events = [
        msgspec.json.decode(msgspec.json.encode(e.data), type=rs.Event)
        for e in await store.read(game_id)
    ]
    assert msgspec.msgpack.encode(fold(rs, events[: snapshot.version])) == snapshot.state
    # Cold load (cache emptied): the same state.
    before = await state_json(client, game_id)
    on_app_loop(client, client.app.state.cache.delete, game_id)
    forget_in_process(client)
    assert on_app_loop(client, client.app.state.cache.get, game_id) is None
    assert await state_json(client, game_id) == before


async def test_a_stale_or_broken_cache_entry_is_never_served(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    early = (await summary(client, game_id))["version"]
    cache = client.app.state.cache
    await state_json(client, game_id)  # a read caches the state it loaded
    cached = on_app_loop(client, cache.get, game_id)
    assert cached is not None and cached[0] == early
    await play(client, game_id, tokens, 3)
    expected = await state_json(client, game_id)
    version = (await summary(client, game_id))["version"]
    assert version > early
    # An entry for an older version is ignored.
    on_app_loop(client, cache.delete, game_id)
    on_app_loop(client, cache.put, game_id, cached[0], cached[1])
    forget_in_process(client)
    assert await state_json(client, game_id) == expected
    # An undecodable entry at the current version is discarded, not a 500.
    on_app_loop(client, cache.delete, game_id)
    on_app_loop(client, cache.put, game_id, version, b"\x00not a state")
    forget_in_process(client)
    assert await state_json(client, game_id) == expected


async def test_a_kept_decoded_state_is_served_only_at_its_version(
    client: AsyncTestClient[Any],
) -> None:
    game_id, tokens = await start_game(client)
    await play(client, game_id, tokens, 2)
    repository = client.app.state.games.repository
    version = (await summary(client, game_id))["version"]
    kept = repository.kept_state(game_id)
    assert kept is not None and kept[0] == version  # the command's new state, kept
    loaded = on_app_loop(client, repository.load, game_id)
    assert loaded.version == version and loaded.state is kept[1]  # not decoded again
    # Another process moved the game on: a state kept at an older version is never
    # served, the cached one is decoded (and kept in its place).
    expected = await state_json(client, game_id)
    older = kept
    await play(client, game_id, tokens, 1)
    newer = await state_json(client, game_id)
    assert newer != expected
    repository._decoded[game_id] = older
    forget_answers(client)
    loaded = on_app_loop(client, repository.load, game_id)
    assert loaded.version > older[0] and loaded.state is not older[1]
    assert await state_json(client, game_id) == newer
    now_kept = repository.kept_state(game_id)
    assert now_kept is not None and now_kept[0] == loaded.version


async def test_cors_preflight_for_configured_origins(tmp_path: Any) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/c.db", cors_origins=("https://play.example",)
    )
    async with AsyncTestClient(create_app(settings)) as client:
        r = await client.options(
            "/games",
            headers={"Origin": "https://play.example", "Access-Control-Request-Method": "POST"},
        )
        assert r.status_code in (200, 204)
        assert r.headers["access-control-allow-origin"] == "https://play.example"
        r = await client.get("/rulesets", headers={"Origin": "https://play.example"})
        assert r.headers["access-control-allow-origin"] == "https://play.example"
        r = await client.get("/rulesets", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in r.headers
