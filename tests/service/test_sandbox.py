"""Sandbox mode: fixed seeds for client tests, never in production."""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from domain.audit import sha256_hex
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import settings_for
from tests.service.helpers import assert_problem, auth, legal


async def seeded_game(client: AsyncTestClient[Any], seed: str) -> list[Any]:
    """Create a seeded Tours game, claim its seats and play 12 first-listed commands."""
    r = await client.post("/games", json={"ruleset": "tours_arc_en_ciel", "seed": seed})
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["seed_sha256"] == sha256_hex(seed)
    tokens = {}
    for s in game["seats"]:
        claimed = await client.post(
            f"/games/{game['game_id']}/seats/{s['seat']}", json={"player_name": s["seat"]}
        )
        tokens[s["seat"]] = claimed.json()["token"]
    for _ in range(12):
        summary = (await client.get(f"/games/{game['game_id']}")).json()
        if summary["status"] != "active":
            break
        seat = summary["to_act"][0]
        command = (await legal(client, game["game_id"], tokens[seat]))["commands"][0]
        r = await client.post(
            f"/games/{game['game_id']}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
    events = (await client.get(f"/games/{game['game_id']}/events")).json()["events"]
    return [e["event"] for e in events]


@pytest.mark.parametrize("config", ["sqlite+memory", "postgres+redis"])
async def test_a_seeded_game_plays_the_same_every_time(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    settings = settings_for(config, request, tmp_path, sandbox=True)
    async with AsyncTestClient(create_app(settings)) as client:
        ready = (await client.get("/health/ready")).json()
        assert ready["sandbox"] is True
        first = await seeded_game(client, "fixed-dice")
        second = await seeded_game(client, "fixed-dice")
        other = await seeded_game(client, "other-dice")
    assert first == second
    assert len(first) > 12
    assert first != other  # the seed decides the shuffles and rolls


async def test_a_seed_is_refused_outside_the_sandbox(client: AsyncTestClient[Any]) -> None:
    ready = (await client.get("/health/ready")).json()
    assert ready["sandbox"] is False
    r = await client.post("/games", json={"ruleset": "arkantis", "seed": "x"})
    assert_problem(r, 422, "sandbox_only")
    games = (await client.get("/games", params={"limit": 200})).json()["games"]
    assert all(g["seed_sha256"] != sha256_hex("x") for g in games)


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"PLATEAU_SANDBOX": "1", "PLATEAU_ENV": "production"}, "PLATEAU_ENV=production"),
        (
            {"PLATEAU_SANDBOX": "1", "PLATEAU_DATABASE_URL": "postgresql://db.example/plateau"},
            "db.example",
        ),
        (
            {"PLATEAU_SANDBOX": "1", "PLATEAU_REDIS_URL": "redis://10.0.0.7:6379/0"},
            "10.0.0.7",
        ),
        ({"PLATEAU_SANDBOX": "maybe"}, "0 or 1"),
    ],
)
def test_sandbox_is_refused_with_a_production_configuration(
    env: dict[str, str], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        Settings.from_env(env)


LOCAL_PG = "postgresql://postgres@127.0.0.1:5432/postgres"


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        # PLATEAU_ENV is read trimmed and in any case.
        ({"PLATEAU_ENV": "Production "}, "PLATEAU_ENV=production"),
        ({"PLATEAU_ENV": " PROD"}, "PLATEAU_ENV=prod"),
        # libpq's query parameters override the URL's authority.
        ({"PLATEAU_DATABASE_URL": f"{LOCAL_PG}?host=db.example"}, "db.example"),
        ({"PLATEAU_DATABASE_URL": f"{LOCAL_PG}?hostaddr=10.0.0.7"}, "10.0.0.7"),
        ({"PLATEAU_DATABASE_URL": "postgresql://127.0.0.1,db.example/x"}, "db.example"),
        ({"PLATEAU_DATABASE_URL": "postgres://127.0.0.1@db.example/x"}, "db.example"),
        ({"PLATEAU_DATABASE_URL": f"{LOCAL_PG}?service=prod"}, "connection service 'prod'"),
        # No host: a Unix socket, or PGHOST / PGHOSTADDR / PGSERVICE, as libpq reads them.
        ({"PLATEAU_DATABASE_URL": "postgresql:///plateau"}, "Unix socket"),
        ({"PLATEAU_DATABASE_URL": "postgresql://127.0.0.1,/plateau"}, "Unix socket"),
        ({"PLATEAU_DATABASE_URL": "postgresql://h,[::1]/x?hostaddr=127.0.0.1"}, "hostaddr"),
        ({"PLATEAU_DATABASE_URL": "postgresql://%2Frun%2Fpg/plateau"}, "/run/pg"),
        ({"PLATEAU_DATABASE_URL": "postgresql:///plateau", "PGHOST": "db.example"}, "db.example"),
        ({"PLATEAU_DATABASE_URL": LOCAL_PG, "PGHOSTADDR": "10.0.0.8"}, "10.0.0.8"),
        ({"PLATEAU_DATABASE_URL": "postgresql:///x", "PGSERVICE": "main"}, "service 'main'"),
        # Redis, as redis-py reads it.
        ({"PLATEAU_REDIS_URL": "redis://?host=cache.example"}, "cache.example"),
        ({"PLATEAU_REDIS_URL": "unix:///run/redis.sock"}, "Unix socket"),
        ({"PLATEAU_REDIS_URL": "rediss://[2001:db8::1]:6380/0"}, "2001:db8::1"),
    ],
)
def test_sandbox_guard_reads_urls_as_their_drivers_do(env: dict[str, str], reason: str) -> None:
    """Each of these once passed the guard (issue 29): a URL parsed by its
    authority alone, or PLATEAU_ENV compared untrimmed."""
    with pytest.raises(ValueError, match=re.escape(reason)):
        Settings.from_env({"PLATEAU_SANDBOX": "1", **env})
    # Without sandbox mode, the same configuration starts.
    assert Settings.from_env(env).sandbox is False


def test_sandbox_on_this_machine_is_allowed() -> None:
    env = {
        "PLATEAU_SANDBOX": "1",
        "PLATEAU_DATABASE_URL": "postgresql://postgres@127.0.0.1:5432/postgres",
        "PLATEAU_REDIS_URL": "redis://localhost:6379/0",
    }
    assert Settings.from_env(env).sandbox is True
    assert Settings.from_env({}).sandbox is False
    for database, redis in (
        ("postgresql://localhost:5433/x?host=127.0.0.2&hostaddr=127.0.0.1", "redis://[::1]"),
        ("postgresql://127.0.0.1,[::1]/x", "redis://127.0.0.1:6380/1?host=10.0.0.1"),
        ("postgresql://db.example,[::1]/x?hostaddr=127.0.0.1,", "redis://localhost"),
        ("sqlite:///tmp/plateau.db", "redis://"),  # redis-py's default: localhost
    ):
        env = {"PLATEAU_SANDBOX": "1", "PLATEAU_DATABASE_URL": database}
        env |= {"PLATEAU_REDIS_URL": redis, "PLATEAU_ENV": " Development"}
        assert Settings.from_env(env).sandbox is True, env
