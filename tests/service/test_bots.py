"""Bot seats over HTTP, on both configurations: a person plays a bot to the end;
a game of bots only finishes by itself; bad bot requests are 4xx and change nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.service.helpers import assert_problem, auth, create_game, legal, summary

RULESET = "eclats_des_cites"  # ~70 commands a game: the cheapest full game over HTTP


async def wait_for(
    client: AsyncTestClient[Any], game_id: str, pred: Any, seconds: float = 60
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        s = await summary(client, game_id)
        if pred(s):
            return s
        assert loop.time() < deadline, (
            f"gave up waiting: {s['status']} v{s['version']} {s['to_act']}"
        )
        await asyncio.sleep(0.02)


async def contiguous(client: AsyncTestClient[Any], game_id: str) -> list[dict[str, Any]]:
    r = await client.get(f"/games/{game_id}/events")
    assert r.status_code == 200
    events = r.json()["events"]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    return list(events)


async def test_a_person_plays_a_bot_to_the_end(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client, RULESET)
    game_id = game["game_id"]
    r = await client.post(f"/games/{game_id}/seats/seat_1", json={"bot": "greedy"})
    assert r.status_code == 201 and r.json() == {"seat": "seat_1", "token": None}
    r = await client.post(f"/games/{game_id}/seats/seat_0", json={"player_name": "Ann"})
    token = r.json()["token"]
    s = await summary(client, game_id)
    assert [(x["seat"], x["bot"]) for x in s["seats"]] == [("seat_0", None), ("seat_1", "greedy")]
    mine = 0
    while True:
        s = await wait_for(
            client, game_id, lambda s: s["status"] == "finished" or "seat_0" in s["to_act"]
        )
        if s["status"] == "finished":
            break
        commands = (await legal(client, game_id, token))["commands"]
        r = await client.post(
            f"/games/{game_id}/commands", json=commands[0], headers={
                **auth(token), "If-Match": f'"{s["version"]}"', "Idempotency-Key": f"m{mine}"},
        )  # fmt: skip
        assert r.status_code in (201, 412), (
            r.text
        )  # 412: only if the bot was faster (never our turn)
        mine += 1
    events = await contiguous(client, game_id)
    seats = {e["event"].get("seat") for e in events}
    assert mine > 0 and s["outcome"] is not None and len(events) == s["version"]
    assert seats  # the log has moves of both sides
    bot_moves = [e for e in events if e["event"]["type"].startswith(RULESET)]
    assert len(bot_moves) > mine


async def test_a_game_of_bots_only_finishes(client: AsyncTestClient[Any]) -> None:
    r = await client.post(
        "/games", json={"ruleset": RULESET, "bots": {"seat_0": "random", "seat_1": "greedy"}}
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["game_id"]
    s = await wait_for(client, game_id, lambda s: s["status"] == "finished")
    assert [x["bot"] for x in s["seats"]] == ["random", "greedy"]
    assert len(await contiguous(client, game_id)) == s["version"]


async def test_bad_bot_requests_change_nothing(client: AsyncTestClient[Any]) -> None:
    r = await client.post("/games", json={"ruleset": RULESET, "bots": {"seat_9": "greedy"}})
    assert_problem(r, 422, "unknown_bot_seat")
    r = await client.post("/games", json={"ruleset": RULESET, "bots": {"seat_0": "genius"}})
    assert_problem(r, 400, "invalid_request")
    game = await create_game(client, RULESET)
    r = await client.post(f"/games/{game['game_id']}/seats/seat_0", json={"bot": "clever"})
    assert_problem(r, 400, "invalid_request")
    player = (await client.post("/players", json={"name": "Ann"})).json()
    r = await client.post(
        f"/games/{game['game_id']}/seats/seat_0",
        json={"bot": "random"},
        headers=auth(player["token"]),
    )
    assert_problem(r, 422, "bot_with_token")
    s = await summary(client, game["game_id"])
    assert [x["claimed"] for x in s["seats"]] == [False, False]


async def test_pending_bot_turns_resume_after_a_restart(settings: Settings) -> None:
    """A process that stopped before playing its bots leaves a game waiting on a
    bot; the next process's start-up sweep resumes it and plays it out."""
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as c:
        # This process "crashes" before any bot move (it runs no bot runner).
        r = await c.post(
            "/games", json={"ruleset": RULESET, "bots": {"seat_0": "greedy", "seat_1": "random"}}
        )
        game_id = r.json()["game_id"]
        await asyncio.sleep(0.3)
        stuck = await summary(c, game_id)
        assert stuck["status"] == "active" and stuck["to_act"]
    async with AsyncTestClient(create_app(settings)) as c:
        s = await wait_for(c, game_id, lambda s: s["status"] == "finished")
        assert s["version"] > stuck["version"]
        assert len(await contiguous(c, game_id)) == s["version"]
