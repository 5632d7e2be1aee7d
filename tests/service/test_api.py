"""Every endpoint and every error code of the HTTP contract, on both configurations."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import settings_for
from tests.service.helpers import assert_problem, auth, create_game, legal, start_game, summary


def other_seat(tokens: dict[str, str], seat: str) -> str:
    return next(s for s in tokens if s != seat)


async def turn_command(
    client: AsyncTestClient[Any],
    game_id: str,
    tokens: dict[str, str],
    *,
    keeps_running: bool = False,
) -> tuple[str, dict[str, Any]]:
    """(seat to act, one of its legal commands that the other seats may not play).

    ``keeps_running``: a command after which the game still runs, for callers
    that play on or race it. ArkantiS's pass then: a first token removal
    finishes about one game in 200 (no seat can act after it, both pass
    automatically), a first pass never does (the other seat plays on)."""
    s = await summary(client, game_id)
    seat = s["to_act"][0]
    mine = (await legal(client, game_id, tokens[seat]))["commands"]
    others = [
        c
        for o in tokens
        if o != seat
        for c in (await legal(client, game_id, tokens[o]))["commands"]
    ]
    candidates = [c for c in mine if c not in others]
    if keeps_running:
        return seat, next(c for c in candidates if c["type"] == "arkantis.pass_turn")
    return seat, candidates[0]


# --------------------------------------------------------------------- health


async def test_health_live_and_ready(client: AsyncTestClient[Any], config: str) -> None:
    r = await client.get("/health/live")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    r = await client.get("/health/ready")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["store"] == "ok"
    assert body["cache"] == ("memory" if config == "sqlite+memory" else "ok")


async def test_ready_is_degraded_but_serving_when_redis_is_down(tmp_path: Any) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/p.db", redis_url="redis://127.0.0.1:1/0"
    )
    async with AsyncTestClient(create_app(settings)) as client:
        r = await client.get("/health/ready")
        assert r.status_code == 200
        assert r.json()["status"] == "degraded" and r.json()["cache"] == "down"
        # Every request still succeeds from the store.
        game_id, tokens = await start_game(client)
        seat, command = await turn_command(client, game_id, tokens)
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
        r = await client.get(f"/games/{game_id}/state", headers=auth(tokens[seat]))
        assert (
            r.status_code == 200
            and r.json()["version"] == (await summary(client, game_id))["version"]
        )


async def test_ready_answers_503_when_the_store_is_down(
    tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    settings = Settings(database_url="postgresql://postgres@127.0.0.1:1/nowhere")
    from service.store import open_store

    store = open_store(settings.database_url)  # never opened: nothing listens there
    from service.cache.memory import MemoryStateCache
    from service.cache.notifier import MemoryNotifier

    app = create_app(settings, store=store, cache=MemoryStateCache(), notifier=MemoryNotifier())
    async with AsyncTestClient(app) as client:
        r = await client.get("/health/ready")
        assert r.status_code == 503
        assert r.json()["store"] == "down" and r.json()["status"] == "unavailable"
        r = await client.get("/health/live")
        assert r.status_code == 200


# --------------------------------------------------------------------- rulesets


async def test_rulesets_list_and_detail(client: AsyncTestClient[Any]) -> None:
    r = await client.get("/rulesets")
    assert r.status_code == 200
    listed = r.json()
    assert {x["name"] for x in listed} == set(RULESETS)
    for item in listed:
        assert set(item) == {"name", "title", "min_seats", "max_seats"}
        d = await client.get(f"/rulesets/{item['name']}")
        assert d.status_code == 200
        detail = d.json()
        rs = RULESETS[item["name"]]
        assert detail["name"] == rs.name and detail["default_seats"] == list(rs.seats(rs.Options()))
        assert detail["components"] and detail["options_schema"]
        assert all(
            t.startswith(rs.name + ".") for t in detail["command_types"] + detail["event_types"]
        )
    assert_problem(await client.get("/rulesets/no_such_game"), 404, "not_found")


# --------------------------------------------------------------------- games


async def test_create_default_game(client: AsyncTestClient[Any]) -> None:
    for name, rs in RULESETS.items():
        r = await client.post("/games", json={"ruleset": name})
        assert r.status_code == 201, r.text
        game = r.json()
        assert r.headers["location"] == f"/games/{game['game_id']}"
        assert game["status"] == "waiting" and game["version"] == 0 and game["to_act"] == []
        assert [s["seat"] for s in game["seats"]] == list(rs.seats(rs.Options()))
        assert len(game["seats"]) == max(rs.min_seats, 2) or len(game["seats"]) >= rs.min_seats
        assert all(
            s
            == {
                "seat": s["seat"],
                "player_name": None,
                "player_id": None,
                "claimed": False,
                "bot": None,
            }
            for s in game["seats"]
        )
        assert game["seed"] is None and len(game["seed_sha256"]) == 64
        assert game["outcome"] is None
        assert set(game) == {
            "game_id",
            "ruleset",
            "options",
            "status",
            "version",
            "seats",
            "to_act",
            "outcome",
            "seed_sha256",
            "seed",
            "created_at",
            "updated_at",
            "last_move",  # null before the first move (issue 30)
            "imported",
            "imported_in_play",
            "forked_from",  # null: no fork (issue 32)
            "tokens",  # only a position's game answers them (docs/positions.md)
        }
        assert (game["imported"], game["imported_in_play"]) == (False, False)
        assert game["forked_from"] is None and game["tokens"] is None


async def test_create_game_errors(client: AsyncTestClient[Any]) -> None:
    assert_problem(
        await client.post(
            "/games", content=b"{not json", headers={"content-type": "application/json"}
        ),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post("/games", json={"ruleset": "no_such_game"}), 400, "invalid_request"
    )
    assert_problem(await client.post("/games", json={"ruleset": 7}), 400, "invalid_request")
    assert_problem(
        await client.post("/games", json={"ruleset": "arkantis", "bogus": 1}),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post(
            "/games", json={"ruleset": "arkantis", "options": {"player_count": "two"}}
        ),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post("/games", json={"ruleset": "arkantis", "options": {"nope": True}}),
        400,
        "invalid_request",
    )
    # A value of the right type that the rules refuse: the ruleset's own code.
    assert_problem(
        await client.post("/games", json={"ruleset": "arkantis", "options": {"player_count": 9}}),
        422,
        "invalid_player_count",
    )


async def test_get_game_and_unknown_game(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client)
    r = await client.get(f"/games/{game['game_id']}")
    assert r.status_code == 200 and r.json()["game_id"] == game["game_id"]
    assert r.headers["etag"] == '"0"'
    assert_problem(await client.get("/games/doesnotexist"), 404, "not_found")
    for path in ("state", "legal-commands", "events"):
        assert_problem(await client.get(f"/games/doesnotexist/{path}"), 404, "not_found")
    assert_problem(
        await client.post("/games/doesnotexist/seats/seat_0", json={"player_name": "x"}),
        404,
        "not_found",
    )


async def test_list_games_filters_and_pages(client: AsyncTestClient[Any]) -> None:
    r = await client.post("/players", json={"name": "Lister"})
    player = r.json()
    ids = []
    for _ in range(5):
        game = await create_game(client)
        ids.append(game["game_id"])
        r = await client.post(
            f"/games/{game['game_id']}/seats/seat_0", json={}, headers=auth(player["token"])
        )
        assert r.status_code == 201, r.text
    seen: list[str] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"player_id": player["player_id"], "limit": 2}
        if cursor:
            params["cursor"] = cursor
        r = await client.get("/games", params=params)
        assert r.status_code == 200, r.text
        page = r.json()
        assert len(page["games"]) <= 2
        seen += [g["game_id"] for g in page["games"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == list(reversed(ids)), "newest first, every game exactly once"
    r = await client.get("/games", params={"player_id": player["player_id"], "status": "active"})
    assert r.json()["games"] == []
    r = await client.get("/games", params={"ruleset": "arkantis", "status": "waiting", "limit": 1})
    assert r.json()["games"][0]["ruleset"] == "arkantis"
    assert_problem(await client.get("/games", params={"limit": 0}), 400, "invalid_request")
    assert_problem(
        await client.get("/games", params={"status": "sleeping"}), 400, "invalid_request"
    )
    assert_problem(
        await client.get("/games", params={"cursor": "garbage!!"}), 400, "invalid_request"
    )


# --------------------------------------------------------------------- seats


async def test_claim_seats_starts_the_game(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client)
    gid = game["game_id"]
    r = await client.post(f"/games/{gid}/seats/seat_0", json={"player_name": "Alice"})
    assert r.status_code == 201
    claim = r.json()
    assert set(claim) == {"seat", "token"} and claim["seat"] == "seat_0"
    assert r.headers["cache-control"] == "private, no-store"
    s = await summary(client, gid)
    assert (
        s["status"] == "waiting"
        and s["seats"][0]["claimed"]
        and s["seats"][0]["player_name"] == "Alice"
    )
    assert_problem(
        await client.post(f"/games/{gid}/seats/seat_0", json={"player_name": "Eve"}),
        409,
        "seat_taken",
    )
    assert_problem(
        await client.post(f"/games/{gid}/seats/seat_9", json={"player_name": "Eve"}),
        404,
        "not_found",
    )
    assert_problem(
        await client.post(f"/games/{gid}/seats/seat_1", json={"player_name": 3}),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post(f"/games/{gid}/seats/seat_1", json={}, headers=auth("pt.nobody.secret")),
        401,
        "unauthenticated",
    )
    # Nothing above changed the game.
    assert (await summary(client, gid))["seats"][1]["claimed"] is False
    r = await client.post(f"/games/{gid}/seats/seat_1", json={"player_name": "Bob"})
    assert r.status_code == 201
    s = await summary(client, gid)
    assert s["status"] == "active" and s["version"] > 0 and len(s["to_act"]) == 1
    assert_problem(
        await client.post(f"/games/{gid}/seats/seat_1", json={"player_name": "Eve"}),
        409,
        "game_not_active",
    )


async def test_concurrent_claims_of_one_seat_have_one_winner(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client)
    gid = game["game_id"]
    results = await asyncio.gather(
        *(
            client.post(f"/games/{gid}/seats/seat_0", json={"player_name": f"P{i}"})
            for i in range(8)
        )
    )
    assert sorted(r.status_code for r in results) == [201] + [409] * 7


# --------------------------------------------------------------------- players


async def test_players_and_history(client: AsyncTestClient[Any]) -> None:
    r = await client.post("/players", json={"name": "Ada"})
    assert r.status_code == 201
    ada = r.json()
    assert r.headers["location"] == f"/players/{ada['player_id']}"
    assert ada["token"].startswith("pt.")
    assert_problem(await client.post("/players", json={}), 400, "invalid_request")
    assert_problem(await client.post("/players", json={"name": ""}), 400, "invalid_request")
    assert_problem(await client.get("/players/nobody"), 404, "not_found")
    game = await create_game(client)
    r = await client.post(
        f"/games/{game['game_id']}/seats/seat_1", json={}, headers=auth(ada["token"])
    )
    assert r.status_code == 201
    s = await summary(client, game["game_id"])
    assert s["seats"][1] == {
        "seat": "seat_1",
        "player_name": "Ada",
        "player_id": ada["player_id"],
        "claimed": True,
        "bot": None,
    }
    r = await client.get(f"/players/{ada['player_id']}")
    detail = r.json()
    assert detail["name"] == "Ada" and detail["games"][0]["game_id"] == game["game_id"]
    assert detail["games"][0]["seat"] == "seat_1" and detail["games"][0]["status"] == "waiting"
    # A player token works on game endpoints once it holds exactly one seat.
    await client.post(f"/games/{game['game_id']}/seats/seat_0", json={"player_name": "Bo"})
    r = await client.get(f"/games/{game['game_id']}/legal-commands", headers=auth(ada["token"]))
    assert r.status_code == 200 and r.json()["seat"] == "seat_1"


# --------------------------------------------------------------------- state, legal commands, auth


async def test_state_views_etag_and_past_versions(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client)
    assert_problem(await client.get(f"/games/{game['game_id']}/state"), 409, "game_not_active")
    game_id, tokens = await start_game(client)
    s = await summary(client, game_id)
    spectator = await client.get(f"/games/{game_id}/state")
    assert spectator.status_code == 200
    assert spectator.json()["seat"] is None and spectator.json()["version"] == s["version"]
    assert spectator.headers["etag"] == f'"{s["version"]}"'
    assert spectator.headers["cache-control"] == "private, no-store"
    mine = await client.get(f"/games/{game_id}/state", headers=auth(tokens["seat_0"]))
    assert mine.json()["seat"] == "seat_0" and mine.json()["view"] != spectator.json()["view"]
    past = await client.get(
        f"/games/{game_id}/state", params={"version": 1}, headers=auth(tokens["seat_0"])
    )
    assert past.status_code == 200 and past.json()["version"] == 1 and past.headers["etag"] == '"1"'
    assert_problem(
        await client.get(f"/games/{game_id}/state", params={"version": s["version"] + 1}),
        404,
        "not_found",
    )
    assert_problem(
        await client.get(f"/games/{game_id}/state", params={"version": 0}), 400, "invalid_request"
    )
    assert_problem(
        await client.get(f"/games/{game_id}/state", params={"version": "x"}), 400, "invalid_request"
    )


async def test_auth_errors(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    other_id, other_tokens = await start_game(client)
    url = f"/games/{game_id}/legal-commands"
    assert_problem(await client.get(url), 401, "unauthenticated")
    assert_problem(
        await client.get(url, headers={"Authorization": "Basic abc"}), 401, "unauthenticated"
    )
    assert_problem(await client.get(url, headers=auth("garbage")), 401, "unauthenticated")
    assert_problem(
        await client.get(url, headers=auth(f"st.{game_id}.wrongsecret")), 401, "unauthenticated"
    )
    assert_problem(await client.get(url, headers=auth(other_tokens["seat_0"])), 403, "forbidden")
    assert_problem(
        await client.get(f"/games/{game_id}/state", headers=auth(other_tokens["seat_0"])),
        403,
        "forbidden",
    )
    assert_problem(
        await client.get(f"/games/{game_id}/events", headers=auth(other_tokens["seat_0"])),
        403,
        "forbidden",
    )
    seat, command = await turn_command(client, game_id, tokens)
    assert_problem(
        await client.post(f"/games/{game_id}/commands", json=command), 401, "unauthenticated"
    )
    assert_problem(
        await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(other_tokens[seat])
        ),
        403,
        "forbidden",
    )
    r = await client.post("/players", json={"name": "Outsider"})
    assert_problem(await client.get(url, headers=auth(r.json()["token"])), 403, "forbidden")
    assert (await summary(client, game_id))["version"] == (await summary(client, other_id))[
        "version"
    ]


async def test_legal_commands_are_the_seats_own(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    s = await summary(client, game_id)
    active = s["to_act"][0]
    body = await legal(client, game_id, tokens[active])
    assert body["version"] == s["version"] and body["seat"] == active and body["commands"]
    assert all(c["type"].startswith("arkantis.") for c in body["commands"])


# --------------------------------------------------------------------- commands


async def test_play_a_command(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    before = await summary(client, game_id)
    seat, command = await turn_command(client, game_id, tokens)
    r = await client.post(f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat]))
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"version", "events", "status", "to_act", "last_move"} and body["events"]
    assert body["version"] == before["version"] + len(body["events"])
    after = await summary(client, game_id)
    assert (body["status"], body["to_act"]) == (after["status"], after["to_act"])
    assert r.headers["etag"] == f'"{body["version"]}"'
    log = (
        await client.get(
            f"/games/{game_id}/events",
            params={"after": before["version"]},
            headers=auth(tokens[seat]),
        )
    ).json()
    assert [e["event"] for e in log["events"]] == body["events"]
    assert [e["version"] for e in log["events"]] == list(
        range(before["version"] + 1, body["version"] + 1)
    )


async def test_command_errors_change_nothing(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    seat, command = await turn_command(client, game_id, tokens)
    url = f"/games/{game_id}/commands"
    other = other_seat(tokens, seat)
    version = (await summary(client, game_id))["version"]
    hdr = {"content-type": "application/json", **auth(tokens[seat])}
    assert_problem(await client.post(url, content=b"{oops", headers=hdr), 400, "invalid_request")
    assert_problem(
        await client.post(url, json={"type": "arkantis.nope"}, headers=auth(tokens[seat])),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post(url, json={"no_type": 1}, headers=auth(tokens[seat])),
        400,
        "invalid_request",
    )
    assert_problem(
        await client.post(url, json=[command], headers=auth(tokens[seat])), 400, "invalid_request"
    )
    bad = dict(command)
    bad[next(k for k in command if k != "type")] = {"deep": ["wrong"]}
    assert_problem(
        await client.post(url, json=bad, headers=auth(tokens[seat])), 400, "invalid_request"
    )
    assert_problem(
        await client.post(url, json={**command, "extra": 1}, headers=auth(tokens[seat])),
        400,
        "invalid_request",
    )
    # A well-formed command of another game's ruleset.
    for name in (n for n in RULESETS if n != "arkantis"):
        other_id, other_tokens = await start_game(client, name)
        other_seat_ = (await summary(client, other_id))["to_act"][0]
        foreign = (await legal(client, other_id, other_tokens[other_seat_]))["commands"][0]
        assert_problem(
            await client.post(url, json=foreign, headers=auth(tokens[seat])),
            422,
            "command_not_in_ruleset",
        )
    # Out of turn: the ruleset's code.
    assert_problem(
        await client.post(url, json=command, headers=auth(tokens[other])), 422, "not_your_turn"
    )
    # Stale and malformed If-Match.
    assert_problem(
        await client.post(
            url, json=command, headers={**auth(tokens[seat]), "If-Match": f'"{version - 1}"'}
        ),
        412,
        "stale_version",
    )
    assert_problem(
        await client.post(url, json=command, headers={**auth(tokens[seat]), "If-Match": "soon"}),
        400,
        "invalid_request",
    )
    assert (await summary(client, game_id))["version"] == version
    r = await client.post(
        url, json=command, headers={**auth(tokens[seat]), "If-Match": f'"{version}"'}
    )
    assert r.status_code == 201, r.text


async def test_game_not_active(client: AsyncTestClient[Any]) -> None:
    game = await create_game(client)
    r = await client.post(f"/games/{game['game_id']}/seats/seat_0", json={"player_name": "A"})
    token = r.json()["token"]
    r = await client.post(
        f"/games/{game['game_id']}/commands",
        json={"type": "arkantis.pass_turn"},
        headers=auth(token),
    )
    assert_problem(r, 409, "game_not_active")


async def test_idempotency_key(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    seat, command = await turn_command(client, game_id, tokens, keeps_running=True)
    url = f"/games/{game_id}/commands"
    headers = {**auth(tokens[seat]), "Idempotency-Key": "k-1"}
    first = await client.post(url, json=command, headers=headers)
    assert first.status_code == 201
    version = (await summary(client, game_id))["version"]
    again = await client.post(url, json=command, headers=headers)
    assert again.status_code == 201 and again.json() == first.json()
    assert (await summary(client, game_id))["version"] == version, "a replay appends nothing"
    next_seat = (await summary(client, game_id))["to_act"][0]
    other_command = next(
        c for c in (await legal(client, game_id, tokens[next_seat]))["commands"] if c != command
    )
    assert_problem(
        await client.post(url, json=other_command, headers=headers), 422, "idempotency_key_reused"
    )
    assert (await summary(client, game_id))["version"] == version


async def test_concurrent_commands_have_one_winner(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    settings = settings_for(config, request, tmp_path, command_retries=1)
    async with AsyncTestClient(create_app(settings)) as client:
        game_id, tokens = await start_game(client)
        seat, command = await turn_command(client, game_id, tokens, keeps_running=True)
        version = (await summary(client, game_id))["version"]
        url = f"/games/{game_id}/commands"
        results = await asyncio.gather(
            *(
                client.post(
                    url, json=command, headers={**auth(tokens[seat]), "If-Match": f'"{version}"'}
                )
                for _ in range(6)
            )
        )
        codes = sorted(r.status_code for r in results)
        assert codes.count(201) == 1, codes
        for r in results:
            if r.status_code != 201:
                assert r.json()["code"] in {"stale_version", "version_conflict"}, r.text
        log = (await client.get(f"/games/{game_id}/events")).json()
        assert [e["version"] for e in log["events"]] == list(range(1, log["last_version"] + 1))


class RacingStore:
    """The real store, with another writer that always appends first.

    Each ``append`` first lets a competing writer (the same real database, as
    a second replica would) append the same batch at the same version, so the
    service's own append meets a genuine VersionConflict from the database.
    """

    def __init__(self, store: Any) -> None:
        self._store = store
        self.races = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def append(self, game_id: str, expected_version: int, events: Any, **kwargs: Any) -> int:
        self.races += 1
        await self._store.append(game_id, expected_version, events, update=kwargs["update"])
        return int(await self._store.append(game_id, expected_version, events, **kwargs))


async def test_version_conflict_after_retries(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    """Without If-Match a command that keeps losing the race answers 409
    version_conflict after ``command_retries`` attempts, and writes nothing of its own."""
    from service.cache import make_cache
    from service.cache.notifier import MemoryNotifier
    from service.store import open_store

    settings = settings_for(config, request, tmp_path, command_retries=1)
    store = open_store(settings.database_url)
    await store.open()
    racing = RacingStore(store)
    cache = make_cache(settings.redis_url, settings.redis_prefix)
    await cache.open()
    try:
        app = create_app(settings, store=racing, cache=cache, notifier=MemoryNotifier())
        async with AsyncTestClient(app) as client:
            game_id, tokens = await start_game(client)
            seat, command = await turn_command(client, game_id, tokens)
            r = await client.post(
                f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
            )
            assert_problem(r, 409, "version_conflict")
            assert racing.races >= 1
            log = (await client.get(f"/games/{game_id}/events")).json()
            assert [e["version"] for e in log["events"]] == list(range(1, log["last_version"] + 1))
    finally:
        await cache.close()
        await store.close()


async def test_body_size_limit(config: str, request: pytest.FixtureRequest, tmp_path: Any) -> None:
    settings = settings_for(config, request, tmp_path, max_body_bytes=1024)
    async with AsyncTestClient(create_app(settings)) as client:
        r = await client.post(
            "/players",
            content=b'{"name": "' + b"x" * 4000 + b'"}',
            headers={"content-type": "application/json"},
        )
        assert_problem(r, 413, "payload_too_large")


async def test_unknown_route_and_method(client: AsyncTestClient[Any]) -> None:
    assert_problem(await client.get("/nowhere"), 404, "not_found")
    r = await client.delete("/games")
    assert_problem(r, 405, "method_not_allowed")
    assert "allow" in r.headers


# --------------------------------------------------------------------- events and redaction


async def test_events_are_redacted_per_seat_until_the_end(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    seen = {}
    for viewer, headers in (("spectator", {}), *((s, auth(t)) for s, t in tokens.items())):
        r = await client.get(f"/games/{game_id}/events", headers=headers)
        assert r.status_code == 200 and r.headers["cache-control"] == "private, no-store"
        body = r.json()
        assert body["last_version"] == len(body["events"])
        assert all(
            set(e) == {"version", "recorded_at", "event", "seat", "move", "text", "message"}
            for e in body["events"]
        )
        seen[viewer] = body["events"]
    # ArkantiS deals private hands: each seat sees its own cards only.
    for seat in tokens:
        dealt = [e["event"] for e in seen[seat] if e["event"]["type"] == "arkantis.cards_dealt"]
        for event in dealt:
            assert (event["card_ids"] is not None) == (event["seat"] == seat), event
    assert all(
        e["event"]["card_ids"] is None
        for e in seen["spectator"]
        if e["event"]["type"] == "arkantis.cards_dealt"
    )
    page = (await client.get(f"/games/{game_id}/events", params={"after": 2, "limit": 3})).json()
    assert [e["version"] for e in page["events"]] == [3, 4, 5]
    assert_problem(
        await client.get(f"/games/{game_id}/events", params={"limit": 0}), 400, "invalid_request"
    )
    assert_problem(
        await client.get(f"/games/{game_id}/events", params={"after": -1}), 400, "invalid_request"
    )


async def test_event_stream_auth_errors(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    other_id, other_tokens = await start_game(client)
    url = f"/games/{game_id}/events/stream"
    assert_problem(
        await client.get(url, params={"access_token": "garbage"}), 401, "unauthenticated"
    )
    assert_problem(
        await client.get(url, params={"access_token": other_tokens["seat_0"]}), 403, "forbidden"
    )
    assert_problem(await client.get(url, headers={"Last-Event-ID": "x"}), 400, "invalid_request")
    assert_problem(await client.get("/games/nope/events/stream"), 404, "not_found")


# --------------------------------------------------------------------- seed


async def test_seed_hash_is_published_and_seed_hidden(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    s = await summary(client, game_id)
    assert s["seed"] is None and len(s["seed_sha256"]) == 64
    for token in tokens.values():
        for path in ("state", "events", "legal-commands"):
            r = await client.get(f"/games/{game_id}/{path}", headers=auth(token))
            assert s["seed_sha256"] not in r.text
    assert hashlib.sha256(b"").hexdigest() != s["seed_sha256"]
