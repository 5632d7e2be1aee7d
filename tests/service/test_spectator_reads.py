"""Spectator views from memory (issue 18): ``service.api.middleware.hot`` and
``AnswerCache.spectator_hit``, on PostgreSQL + Redis.

A spectator's ``GET /games/{id}/state`` at the latest version is answered
from the process's memory, with no round trip, while the process can vouch
for it: it has heard every move since (a live Redis subscription), heard of
no later version, and checked it less than ``SPECTATOR_MAX_AGE`` ago. These
tests show the answer is the controller's own, byte for byte; that another
process's move reaches a spectator (and nothing goes backwards); that a lost
subscription, a stale entry or the embedded backend (which cannot hear other
processes) vouches for nothing; and that a seat, a query or an ``Origin``
still go through the framework.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import redis
from litestar.testing import AsyncTestClient

import service.games.answers
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import settings_for
from tests.service.helpers import asgi_request, assert_problem, auth, legal, start_game, summary
from tests.service.test_round_trips import Relay, relays

__all__ = ["relays"]  # the fixture, shared with the round-trip test

pytestmark = pytest.mark.backend


@pytest.fixture
def shared(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """PostgreSQL + Redis settings that two apps (two "processes") share."""
    return settings_for("postgres+redis", request, tmp_path)


@pytest.fixture
async def two(shared: Settings) -> AsyncIterator[tuple[AsyncTestClient[Any], AsyncTestClient[Any]]]:
    async with (
        AsyncTestClient(create_app(shared, bot_runner=False)) as watcher,
        AsyncTestClient(create_app(shared, bot_runner=False)) as player,
    ):
        for client in (watcher, player):
            await until(lambda c=client: c.app.state.games.notifier.hearing() is not None)
        yield watcher, player


async def until(condition: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        await asyncio.sleep(0.01)


async def play_one(client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]) -> int:
    """The seat to act plays its first legal command; the new version."""
    seat = (await summary(client, game_id))["to_act"][0]
    body = await legal(client, game_id, tokens[seat])
    r = await client.post(
        f"/games/{game_id}/commands",
        json=body["commands"][0],
        headers={**auth(tokens[seat]), "If-Match": f'"{body["version"]}"'},
    )
    assert r.status_code == 201, r.text
    return int(r.json()["version"])


async def test_the_answer_from_memory_is_the_controllers(
    two: tuple[AsyncTestClient[Any], AsyncTestClient[Any]],
) -> None:
    watcher, _ = two
    game_id, _tokens = await start_game(watcher)
    games = watcher.app.state.games.answers  # the answers this process vouches for
    first = await watcher.get(f"/games/{game_id}/state")
    assert first.status_code == 200
    version = int(first.json()["version"])
    assert games.spectator_hit(game_id) == (version, first.content)  # vouched for
    fast = await watcher.get(f"/games/{game_id}/state")
    # The same version asked explicitly goes through the controller.
    slow = await watcher.get(f"/games/{game_id}/state", params={"version": version})
    for r in (fast, slow):
        assert r.status_code == 200
        assert r.content == first.content
        headers = {k: v for k, v in r.headers.items() if k != "x-request-id"}
        assert headers == {
            "etag": f'"{version}"',
            "cache-control": "private, no-store",
            "content-type": "application/json",
            "content-length": str(len(first.content)),
            "content-language": "en",
            "vary": "Accept-Language",
        }
        assert len(r.headers["x-request-id"]) == 32  # the edge still runs
    # Conditional reads: the same 304, from memory and from the controller.
    for extra in ({}, {"version": str(version)}):
        r = await watcher.get(
            f"/games/{game_id}/state", params=extra, headers={"If-None-Match": f'W/"{version}"'}
        )
        assert r.status_code == 304 and r.content == b""
        assert r.headers["etag"] == f'"{version}"'
        r = await watcher.get(
            f"/games/{game_id}/state", params=extra, headers={"If-None-Match": '"1", "0"'}
        )
        assert r.status_code == 200 and r.content == first.content


async def test_a_hit_costs_no_round_trip(relays: tuple[Relay, Relay, Settings]) -> None:
    postgres, redis, settings = relays
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        await until(lambda: client.app.state.games.notifier.hearing() is not None)
        game_id, _ = await start_game(client)
        r = await client.get(f"/games/{game_id}/state")  # checked against the shared head
        assert r.status_code == 200
        await asyncio.sleep(0.05)
        before = postgres.trips, redis.trips
        for _ in range(20):
            again = await client.get(f"/games/{game_id}/state")
            assert again.content == r.content
        await asyncio.sleep(0.05)
        assert (postgres.trips, redis.trips) == before


async def test_another_process_move_reaches_the_spectator_and_nothing_goes_back(
    two: tuple[AsyncTestClient[Any], AsyncTestClient[Any]],
) -> None:
    watcher, player = two
    # Éclats: no first-listed move ends it early (a few ArkantiS games end within 12)
    game_id, tokens = await start_game(player, "eclats_des_cites")
    seen = []
    for _ in range(5):
        r = await watcher.get(f"/games/{game_id}/state")
        seen.append(int(r.json()["version"]))
        moved_to = await play_one(player, game_id, tokens)
        # Heard through Redis within the pub/sub delivery time: poll for it.
        deadline = time.monotonic() + 5
        while True:
            r = await watcher.get(f"/games/{game_id}/state")
            version = int(r.json()["version"])
            assert version >= seen[-1], "a spectator saw the game go back"
            seen.append(version)
            if version == moved_to:
                break
            assert time.monotonic() < deadline, f"the move to {moved_to} was never seen"
            await asyncio.sleep(0.005)
    assert seen == sorted(seen)


async def test_a_lost_subscription_vouches_for_nothing_it_knew(
    two: tuple[AsyncTestClient[Any], AsyncTestClient[Any]], shared: Settings
) -> None:
    watcher, _ = two
    game_id, _ = await start_game(watcher)
    games = watcher.app.state.games.answers  # the answers this process vouches for
    notifier = games.notifier
    await watcher.get(f"/games/{game_id}/state")
    assert games.spectator_hit(game_id) is not None
    token = notifier.hearing()
    # Redis drops the subscriptions of this prefix (as a restart or a network cut would).
    with redis.Redis.from_url(shared.redis_url or "") as admin:
        named = f"{shared.redis_prefix}notifier"
        killed = [c["id"] for c in admin.client_list("pubsub") if c.get("name") == named]
        assert killed, "no subscription of this prefix"
        for client_id in killed:
            admin.client_kill_filter(_id=client_id)
    await until(lambda: notifier.hearing() != token)
    assert games.spectator_hit(game_id) is None
    await until(lambda: notifier.hearing() is not None)  # subscribed again
    assert notifier.hearing() != token
    assert games.spectator_hit(game_id) is None  # what was known before is void
    await watcher.get(f"/games/{game_id}/state")  # read from the shared head again
    assert games.spectator_hit(game_id) is not None


async def test_an_entry_is_checked_again_after_its_max_age(
    two: tuple[AsyncTestClient[Any], AsyncTestClient[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher, _ = two
    game_id, _ = await start_game(watcher)
    games = watcher.app.state.games.answers  # the answers this process vouches for
    await watcher.get(f"/games/{game_id}/state")
    assert games.spectator_hit(game_id) is not None
    monkeypatch.setattr(service.games.answers, "SPECTATOR_MAX_AGE", 0.05)
    await asyncio.sleep(0.1)
    assert games.spectator_hit(game_id) is None


async def test_seats_queries_and_origins_go_through_the_framework(
    two: tuple[AsyncTestClient[Any], AsyncTestClient[Any]],
) -> None:
    watcher, _ = two
    game_id, tokens = await start_game(watcher)  # ArkantiS: hands are hidden
    spectator = await watcher.get(f"/games/{game_id}/state")
    assert watcher.app.state.games.answers.spectator_hit(game_id) is not None
    for seat, token in tokens.items():
        mine = await watcher.get(f"/games/{game_id}/state", headers=auth(token))
        assert mine.status_code == 200 and mine.json()["seat"] == seat
        assert mine.content != spectator.content  # the seat's own hand, not the spectator's
    bad = await watcher.get(f"/games/{game_id}/state", headers=auth("nope"))
    assert_problem(bad, 401, "unauthenticated")
    unknown = await watcher.get(f"/games/{game_id}/state", params={"limt": "1"})
    assert_problem(unknown, 400, "invalid_request")
    # (through the ASGI interface itself: httpx folds repeated header lines into one)
    status, body = await raw_get(
        watcher, f"/games/{game_id}/state", [("if-none-match", '"1"'), ("if-none-match", '"2"')]
    )
    assert (status, json.loads(body)["code"]) == (400, "invalid_request")
    status, body = await raw_get(watcher, f"/games/{game_id}/state", [])
    assert (status, body) == (200, spectator.content)  # the same request, once: from memory
    nul = await watcher.get(f"/games/{game_id}/state", headers={"If-None-Match": '"1"\x00'})
    assert_problem(nul, 400, "invalid_request")
    origin = await watcher.get(f"/games/{game_id}/state", headers={"Origin": "http://x.test"})
    assert origin.status_code == 200 and origin.content == spectator.content
    missing = await watcher.get("/games/0123456789abcdef0123456789abcdef/state")
    assert_problem(missing, 404, "not_found")


async def raw_get(
    client: AsyncTestClient[Any], path: str, headers: list[tuple[str, str]]
) -> tuple[int, bytes]:
    return await asgi_request(client, "GET", path, headers)


async def test_the_embedded_backend_vouches_for_nothing(tmp_path: Path) -> None:
    """One process without Redis cannot hear others sharing its SQLite file."""
    settings = Settings(database_url=f"sqlite:///{tmp_path}/plateau.db")
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        game_id, _ = await start_game(client)
        for _ in range(2):
            assert (await client.get(f"/games/{game_id}/state")).status_code == 200
        assert client.app.state.games.notifier.hearing() is None
        assert client.app.state.games.answers.spectator_hit(game_id) is None
