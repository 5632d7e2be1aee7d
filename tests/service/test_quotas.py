"""Per-address quotas and the lifetime of waiting games.

One client address may create ``PLATEAU_QUOTA_GAMES`` games and
``PLATEAU_QUOTA_PLAYERS`` players per ``PLATEAU_QUOTA_WINDOW``, and have
``PLATEAU_BOT_GAMES_PER_ADDRESS`` bots-only games in play: beyond, 429
``quota_exceeded`` with ``Retry-After``, and nothing is created. The address
is the rate limiter's (``X-Forwarded-For`` only from a trusted proxy). A game
still waiting for players ``PLATEAU_WAITING_GAME_TTL`` after its creation
leaves the lobby (deleted).
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.service.conftest import settings_for
from tests.service.helpers import assert_problem, start_game, summary

RULESET = "eclats_des_cites"
BOTS_ONLY = {"seat_0": "random", "seat_1": "random"}


def someone() -> dict[str, str]:
    """The headers of a new client behind the trusted proxy (its own address)."""
    return {"X-Forwarded-For": f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"}


def quota_settings(
    config: str, request: pytest.FixtureRequest, tmp_path: Any, **quotas: Any
) -> Settings:
    # The test client's peer is "testclient": a trusted proxy here, so each
    # test speaks for addresses of its own (the API tests share one database).
    return settings_for(config, request, tmp_path, trusted_proxies=("testclient",), **quotas)


def assert_quota(r: Any, quota: str, limit: int, *, window: int | None = None) -> int:
    assert_problem(r, 429, "quota_exceeded")
    details = r.json()["details"]
    assert details["quota"] == quota and details["limit"] == limit
    assert "location" not in r.headers
    retry_after = int(r.headers["retry-after"])
    if window is not None:
        assert details["window"] == window and 1 <= retry_after <= window
    return retry_after


async def test_games_per_address(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    settings = quota_settings(config, request, tmp_path, quota_games=3, quota_window=600)
    async with AsyncTestClient(create_app(settings)) as client:
        ann, bob = someone(), someone()
        for _ in range(3):
            r = await client.post("/games", json={"ruleset": RULESET}, headers=ann)
            assert r.status_code == 201, r.text
        r = await client.post("/games", json={"ruleset": RULESET}, headers=ann)
        assert_quota(r, "games", 3, window=600)
        r = await client.post("/games", json={"ruleset": RULESET}, headers=bob)
        assert r.status_code == 201, r.text  # another address has its own quota


async def test_players_per_address(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    settings = quota_settings(config, request, tmp_path, quota_players=2, quota_window=3600)
    async with AsyncTestClient(create_app(settings)) as client:
        ann, bob = someone(), someone()
        tokens = []
        for i in range(2):
            r = await client.post("/players", json={"name": f"Ann {i}"}, headers=ann)
            assert r.status_code == 201, r.text
            tokens.append(r.json()["token"])
        r = await client.post("/players", json={"name": "Ann 3"}, headers=ann)
        assert_quota(r, "players", 2, window=3600)
        assert (await client.post("/players", json={"name": "Bob"}, headers=bob)).status_code == 201
        # The players made before the refusal still play.
        game = (await client.post("/games", json={"ruleset": RULESET}, headers=bob)).json()
        r = await client.post(
            f"/games/{game['game_id']}/seats/seat_0",
            headers={**ann, "Authorization": f"Bearer {tokens[0]}"},
        )
        assert r.status_code == 201, r.text


async def test_the_address_is_the_forwarded_one_only_behind_a_trusted_proxy(
    tmp_path: Any,
) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/p.db", quota_games=2, trusted_proxies=("10.9.9.9",)
    )
    async with AsyncTestClient(create_app(settings)) as client:
        # The peer ("testclient") is no trusted proxy: its X-Forwarded-For is
        # ignored, so a client cannot pose as many.
        statuses = [
            (await client.post("/games", json={"ruleset": RULESET}, headers=someone())).status_code
            for _ in range(3)
        ]
    assert statuses == [201, 201, 429]


async def test_bots_only_games_in_play_per_address(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    settings = quota_settings(config, request, tmp_path, bot_games_per_address=1)
    ann, bob = someone(), someone()
    # No bot runner: the bots-only game stays in play.
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        r = await client.post("/games", json={"ruleset": RULESET, "bots": BOTS_ONLY}, headers=ann)
        assert r.status_code == 201, r.text
        first = r.json()["game_id"]
        r = await client.post("/games", json={"ruleset": RULESET, "bots": BOTS_ONLY}, headers=ann)
        assert assert_quota(r, "bot_games", 1) >= 1
        # A game with a person at the table is no bots-only game.
        r = await client.post(
            "/games", json={"ruleset": RULESET, "bots": {"seat_1": "mcts"}}, headers=ann
        )
        assert r.status_code == 201, r.text
        # Nor is a bots-only game made seat by seat: the claim that completes it is refused.
        game = (await client.post("/games", json={"ruleset": RULESET}, headers=bob)).json()
        path = f"/games/{game['game_id']}/seats"
        r = await client.post(f"{path}/seat_0", json={"bot": "random"}, headers=ann)
        assert r.status_code == 201, r.text
        r = await client.post(f"{path}/seat_1", json={"bot": "random"}, headers=ann)
        assert_quota(r, "bot_games", 1)
        s = await summary(client, game["game_id"])
        assert s["status"] == "waiting" and [x["claimed"] for x in s["seats"]] == [True, False]
        # From another address it is allowed, and charged to that address.
        r = await client.post(f"{path}/seat_1", json={"bot": "random"}, headers=bob)
        assert r.status_code == 201, r.text
        r = await client.post("/games", json={"ruleset": RULESET, "bots": BOTS_ONLY}, headers=bob)
        assert_quota(r, "bot_games", 1)
    # With a bot runner the games are played out: the address may start another.
    async with AsyncTestClient(create_app(settings)) as client:
        for _ in range(600):
            if (await summary(client, first))["status"] == "finished":
                break
            await asyncio.sleep(0.1)
        assert (await summary(client, first))["status"] == "finished"
        r = await client.post("/games", json={"ruleset": RULESET, "bots": BOTS_ONLY}, headers=ann)
        assert r.status_code == 201, r.text


async def test_waiting_games_leave_the_lobby_after_their_ttl(tmp_path: Any) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/p.db", waiting_game_ttl=2, purge_interval=0.2
    )
    async with AsyncTestClient(create_app(settings)) as client:
        empty = (await client.post("/games", json={"ruleset": RULESET})).json()["game_id"]
        half = (await client.post("/games", json={"ruleset": RULESET})).json()["game_id"]
        r = await client.post(f"/games/{half}/seats/seat_0", json={"player_name": "Ann"})
        assert r.status_code == 201
        playing, tokens = await start_game(client, RULESET)
        gone: list[int] = []
        for _ in range(100):
            gone = [(await client.get(f"/games/{g}")).status_code for g in (empty, half)]
            if gone == [404, 404]:
                break
            await asyncio.sleep(0.1)
        assert gone == [404, 404]
        lobby = (await client.get("/games", params={"status": "waiting"})).json()["games"]
        assert not {empty, half} & {g["game_id"] for g in lobby}
        r = await client.post(f"/games/{half}/seats/seat_1", json={"player_name": "Bob"})
        assert_problem(r, 404, "not_found")
        # A game in play stays, whatever its age.
        assert (await summary(client, playing))["status"] == "active"
        assert tokens
