"""A writer that dies between its commit and the head's rewrite (issue 18,
found by the two-replica test behind nginx): readers of the shared head see
the committed version within ``HEAD_HOLD``, not after ``HEAD_TTL``.

Two apps share PostgreSQL and Redis, as two replicas do. The writer's store
commits each append for real and then raises, as if the process were killed
right after PostgreSQL answered: its command never caches the new state nor
rewrites the head, nor publishes the move. The other app, asked by the seat,
must catch up from the store once the held head expires.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.games.repository import HEAD_HOLD, HEAD_TTL
from service.settings import Settings
from service.store import open_store
from tests.service.conftest import settings_for
from tests.service.helpers import auth, legal, on_app_loop, start_game, summary

pytestmark = pytest.mark.backend


class Killed(Exception):
    """The writer's process is gone right after its commit."""


class DyingStore:
    """The real store; once ``armed``, an append commits and then raises ``Killed``."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.armed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def append(self, *args: Any, **kwargs: Any) -> int:
        version = int(await self._store.append(*args, **kwargs))
        if self.armed:
            raise Killed(version)
        return version


@pytest.fixture
def shared(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    return settings_for("postgres+redis", request, tmp_path)


@pytest.fixture
async def writer_and_reader(
    shared: Settings,
) -> AsyncIterator[tuple[AsyncTestClient[Any], DyingStore, AsyncTestClient[Any]]]:
    store = open_store(shared.database_url)
    await store.open()
    dying = DyingStore(store)
    try:
        async with (
            AsyncTestClient(create_app(shared, store=dying, bot_runner=False)) as writer,
            AsyncTestClient(create_app(shared, bot_runner=False)) as reader,
        ):
            yield writer, dying, reader
    finally:
        await store.close()


def _until_redis_answers(client: AsyncTestClient[Any], within: float = 15.0) -> None:
    """Wait until ``client``'s app has Redis answering. On a loaded host its first ping
    can time out as it starts; it then serves from the store for a second, and a
    writer in that second holds no head: the scenario below needs the hold."""
    cache = client.app.state.cache
    deadline = time.monotonic() + within
    while not cache.healthy:
        assert time.monotonic() < deadline, "Redis did not answer the app"
        time.sleep(0.25)
        on_app_loop(client, cache.get, "no-such-game")  # tried again once the retry is due


async def test_a_writer_killed_after_its_commit_is_caught_up_within_the_hold(
    writer_and_reader: tuple[AsyncTestClient[Any], DyingStore, AsyncTestClient[Any]],
) -> None:
    assert HEAD_HOLD * 5 <= HEAD_TTL  # else this test could not tell them apart
    writer, dying, reader = writer_and_reader
    for client in (writer, reader):
        _until_redis_answers(client)
    game_id, tokens = await start_game(writer, "eclats_des_cites")
    seat = (await summary(writer, game_id))["to_act"][0]
    body = await legal(writer, game_id, tokens[seat])
    played = await writer.post(
        f"/games/{game_id}/commands", json=body["commands"][0], headers=auth(tokens[seat])
    )
    assert played.status_code == 201, played.text
    before = played.json()["version"]
    state = await reader.get(f"/games/{game_id}/state", headers=auth(tokens[seat]))
    assert state.json()["version"] == before  # the head, cached by the writer's command

    seat = (await summary(writer, game_id))["to_act"][0]
    command = (await legal(writer, game_id, tokens[seat]))["commands"][0]
    dying.armed = True
    games = writer.app.state.games.commands
    with pytest.raises(Killed) as killed:
        on_app_loop(
            writer,
            lambda: games.submit(
                game_id,
                tokens[seat],
                msgspec.json.encode(command),
                if_match=None,
                idempotency_key=None,
            ),
        )
    killed_at = time.monotonic()
    committed = int(killed.value.args[0])
    assert committed > before
    head, _ = on_app_loop(reader, reader.app.state.cache.get_with_head, game_id)
    assert head is not None and head[0] == before, "the head was not rewritten: the crash"

    # The seat reads through the head: the previous version at first, the
    # committed one once the held head has expired, and never anything else.
    seen = []
    while True:
        r = await reader.get(f"/games/{game_id}/state", headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        seen.append(r.json()["version"])
        assert seen[-1] in (before, committed), seen
        if seen[-1] == committed:
            break
        assert time.monotonic() - killed_at < HEAD_HOLD + 2, "still the previous version"
        await asyncio.sleep(0.05)
    # A command now starts from the committed version: versions stay contiguous.
    dying.armed = False
    seat = (await summary(reader, game_id))["to_act"][0]
    body = await legal(reader, game_id, tokens[seat])
    assert body["version"] == committed
    r = await reader.post(
        f"/games/{game_id}/commands",
        json=body["commands"][0],
        headers={**auth(tokens[seat]), "If-Match": f'"{committed}"'},
    )
    assert r.status_code == 201, r.text
    log = (await reader.get(f"/games/{game_id}/events")).json()
    assert [e["version"] for e in log["events"]] == list(range(1, log["last_version"] + 1))
