"""Reads that cost what a cache hit should (issue 18): ``If-None-Match`` answers
304; with the shared cache (PostgreSQL + Redis) a state, summary or
legal-commands read that hits it asks the store nothing; ``GET /games`` reads
a page's seeds in one query."""

from __future__ import annotations

import uuid
from collections import Counter
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import AsyncTestClient

from domain import Outcome, Standing
from service.app import create_app
from service.store import open_store
from service.store.base import GameUpdate
from tests.service.conftest import settings_for
from tests.service.helpers import auth, forget_in_process, legal, on_app_loop, start_game, summary


class CountingStore:
    """The real store, counting the calls made to it."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return attr(*args, **kwargs)

        return counted


async def _play_one(client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]) -> None:
    seat = (await summary(client, game_id))["to_act"][0]
    body = await legal(client, game_id, tokens[seat])
    r = await client.post(
        f"/games/{game_id}/commands", json=body["commands"][0], headers=auth(tokens[seat])
    )
    assert r.status_code == 201, r.text


async def test_if_none_match_answers_304_until_the_game_moves(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    seat = sorted(tokens)[0]
    for path, headers in (
        (f"/games/{game_id}/state", {}),
        (f"/games/{game_id}/state", auth(tokens[seat])),
        (f"/games/{game_id}", {}),
    ):
        first = await client.get(path, headers=headers)
        assert first.status_code == 200
        etag = first.headers["etag"]
        again = await client.get(path, headers={**headers, "If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag
        other = await client.get(path, headers={**headers, "If-None-Match": '"999999"'})
        assert other.status_code == 200 and other.json() == first.json()
    before = (await client.get(f"/games/{game_id}/state")).headers["etag"]
    await _play_one(client, game_id, tokens)
    after = await client.get(f"/games/{game_id}/state", headers={"If-None-Match": before})
    assert after.status_code == 200 and after.headers["etag"] != before


async def test_a_waiting_game_summary_is_never_304(client: AsyncTestClient[Any]) -> None:
    r = await client.post("/games", json={"ruleset": "arkantis"})
    game = r.json()
    first = await client.get(f"/games/{game['game_id']}")
    seat = game["seats"][0]["seat"]
    await client.post(f"/games/{game['game_id']}/seats/{seat}", json={"player_name": "Ann"})
    again = await client.get(
        f"/games/{game['game_id']}", headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 200
    assert again.json()["seats"][0]["player_name"] == "Ann"


@pytest.fixture
async def counted(request: pytest.FixtureRequest, tmp_path: Any) -> Any:
    """PostgreSQL + Redis in a schema of its own (the games made here are not
    real plays: other suites reading the shared database must not see them)."""
    settings = settings_for("postgres+redis", request, tmp_path)
    schema = f"fast_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(settings.database_url, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
    url = f"{settings.database_url}?options=-csearch_path%3D{schema}"
    store = open_store(url)
    await store.open()
    counting = CountingStore(store)
    try:
        app = create_app(msgspec.structs.replace(settings, database_url=url), store=counting)
        async with AsyncTestClient(app) as client:
            yield client, counting
    finally:
        await store.close()
        with psycopg.connect(settings.database_url, autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.mark.backend  # its fixture asks for the servers by name, unseen by collection
async def test_cache_hits_ask_the_store_nothing(counted: Any) -> None:
    client, store = counted
    # Éclats: its first-listed move never ends it (about one ArkantiS game in 200 ends)
    game_id, tokens = await start_game(client, "eclats_des_cites")
    await _play_one(client, game_id, tokens)  # the command writes the head and the state
    seat = sorted(tokens)[0]
    reads = [
        (f"/games/{game_id}/state", {}),
        (f"/games/{game_id}/state", auth(tokens[seat])),
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}/legal-commands", auth(tokens[seat])),
    ]
    first = [(await client.get(p, headers=h)).json() for p, h in reads]  # tokens now known
    store.calls.clear()
    second = [(await client.get(p, headers=h)).json() for p, h in reads]
    assert second == first
    assert sum(store.calls.values()) == 0, store.calls
    # The state gone from the cache: rebuilt from the store, the same answer.
    on_app_loop(client, client.app.state.cache.delete, game_id)
    forget_in_process(client)
    assert (await client.get(reads[0][0])).json() == first[0]
    assert store.calls["read"] >= 1


@pytest.mark.backend  # its fixture asks for the servers by name, unseen by collection
async def test_list_games_reads_the_seeds_of_a_page_at_once(counted: Any) -> None:
    client, store = counted
    outcome = msgspec.to_builtins(
        Outcome(
            standings=(
                Standing(seat="seat_0", rank=1, score=3),
                Standing(seat="seat_1", rank=2, score=1),
            ),
            winners=("seat_0",),
            decided_by="score",
        )
    )
    ids = []
    for _ in range(3):
        game_id, _ = await start_game(client)
        game = await store.get_game(game_id)
        await store._store.append(
            game_id,
            game.version,
            [],  # no event: only the row says finished (the feed test reads this database)
            update=GameUpdate(status="finished", to_act=[], outcome=outcome, winners=["seat_0"]),
        )
        ids.append(game_id)
    client.app.state.games.repository._seeds.clear()
    store.calls.clear()
    page = (await client.get("/games", params={"status": "finished"})).json()
    assert {g["game_id"] for g in page["games"]} >= set(ids)
    assert all(g["seed"] for g in page["games"])
    assert store.calls["get_seed"] == 0 and store.calls["get_seeds"] == 1, store.calls
