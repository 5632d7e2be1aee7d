"""What a command and a cached read cost in round trips (issue 18), on
PostgreSQL + Redis: a TCP relay between the service and each server counts a
round trip each time the server answers after the service sent something.

A command is one PostgreSQL round trip (one statement, ``plateau_append()``;
no connection check, no idempotency query, no bot look-up for a game without
bots) and two Redis ones (the head read, then the cache write that also
publishes the move); a cache hit is none. Counts,
not timings: they do not depend on the machine's load."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from litestar.testing import AsyncTestClient

import service.api.lifespan
import service.games.auth
import service.store.postgres
from service.app import create_app
from service.games.repository import HEAD_HOLD
from service.settings import Settings
from tests.service.helpers import UNBOUNDED, auth, legal, start_game, summary


class Relay:
    """A TCP relay to ``host:port`` on a loopback port of its own, in a thread."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.trips = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Relay:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        # Its connections' tasks ended before the loop stops: a pipe coroutine
        # left pending would be finalized later, warning in another test.
        asyncio.run_coroutine_threadsafe(self._end_tasks(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _end_tasks(self) -> None:
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, client_r: Any, client_w: Any) -> None:
        server_r, server_w = await asyncio.open_connection(*self.target)
        last = [""]

        async def pipe(reader: Any, writer: Any, side: str) -> None:
            try:
                while data := await reader.read(65536):
                    if side == "server" and last[0] == "client":
                        self.trips += 1
                    last[0] = side
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                writer.close()

        await asyncio.gather(pipe(client_r, server_w, "client"), pipe(server_r, client_w, "server"))


def relayed(url: str, port: int) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))


@pytest.fixture
def relays(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Relay, Relay, Settings]]:
    # The app's upkeep pings the store every SAMPLE_EVERY s (metrics): on a slow
    # machine one could fall inside a counted request. Not during these tests.
    monkeypatch.setattr(service.api.lifespan, "SAMPLE_EVERY", 3600.0)
    pg_url = request.getfixturevalue("service_postgres_url")
    redis_url = request.getfixturevalue("redis_url")
    pg, rd = urlsplit(pg_url), urlsplit(redis_url)
    with (
        Relay(pg.hostname or "127.0.0.1", pg.port or 5432) as postgres,
        Relay(rd.hostname or "127.0.0.1", rd.port or 6379) as redis,
    ):
        settings = Settings(
            database_url=relayed(pg_url, postgres.port),
            redis_url=relayed(redis_url, redis.port),
            redis_prefix=f"{request.getfixturevalue('redis_prefix')}{uuid.uuid4().hex[:8]}:",
            **UNBOUNDED,
        )
        yield postgres, redis, settings


@pytest.mark.backend  # its fixture asks for the servers by name, unseen by collection
async def test_a_command_is_one_postgres_round_trip_and_cache_hits_none(
    relays: tuple[Relay, Relay, Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres, redis, settings = relays
    monkeypatch.setattr(service.games.auth, "TOKEN_TTL", 3600.0)  # a slow machine keeps its tokens
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        # Éclats: no first-listed move ends it early (a few ArkantiS games end within 12)
        game_id, tokens = await start_game(client, "eclats_des_cites")

        async def cost(call: Any) -> tuple[int, int, Any]:
            before = postgres.trips, redis.trips
            response = await call
            await asyncio.sleep(0.05)  # the relays have passed every answer on
            return postgres.trips - before[0], redis.trips - before[1], response

        accepted: Any = None
        headers: dict[str, str] = {}
        body: dict[str, Any] = {}
        for n in range(4):
            seat = (await summary(client, game_id))["to_act"][0]
            body = await legal(client, game_id, tokens[seat])  # the token is known from here
            headers = {**auth(tokens[seat]), "If-Match": f'"{body["version"]}"'}
            if n % 2:
                headers["Idempotency-Key"] = f"key-{n}"
            pg_trips, redis_trips, r = await cost(
                client.post(f"/games/{game_id}/commands", json=body["commands"][0], headers=headers)
            )
            assert r.status_code == 201, r.text
            accepted = r.json()
            # the games row and state from the shared head; one write to each server
            # (the new state cached and the move published in one Redis command)
            assert pg_trips == 1, (n, pg_trips)
            assert redis_trips == 2, (n, redis_trips)
            for path, who in (
                (f"/games/{game_id}/state", {}),
                (f"/games/{game_id}/state", auth(tokens[seat])),
                (f"/games/{game_id}", {}),
                (f"/games/{game_id}/legal-commands", auth(tokens[seat])),
            ):
                pg_trips, redis_trips, r = await cost(client.get(path, headers=who))
                assert r.status_code == 200, r.text
                assert (pg_trips, redis_trips) == (0, 1), (path, pg_trips, redis_trips)

        # a retry of the last command (its If-Match stale by now): the store is
        # asked for the version (the head might lag), then for the key
        pg_trips, _, r = await cost(
            client.post(f"/games/{game_id}/commands", json=body["commands"][0], headers=headers)
        )
        assert r.status_code == 201 and r.json() == accepted, r.text
        assert pg_trips == 2, pg_trips


@pytest.mark.backend
async def test_a_game_is_made_in_one_round_trip_and_each_claim_in_one(
    relays: tuple[Relay, Relay, Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The creation is one pipeline (its three inserts, one implicit transaction);
    a claim is one statement that returns the game it leaves (``plateau_claim_game()``,
    migrations 0010 and 0011), the last one with the setup's events: they had been
    transactions of five, six and ten round trips. A claim starts from the row its
    process wrote last (the creation's, the previous claim's read-back), so it
    reads nothing first (it had: a round trip more). On Redis the last claim caches
    the started game and announces it in one command (two before)."""
    postgres, redis, settings = relays
    # A pooled connection's first lending checks it (a round trip of its own): which
    # request meets a fresh connection depends on the machine, so none is checked.
    monkeypatch.setattr(service.store.postgres, "_CHECK_IDLE", 1e12)
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:

        async def cost(call: Any) -> tuple[int, int, Any]:
            before = postgres.trips, redis.trips
            response = await call
            await asyncio.sleep(0.05)  # the relays have passed every answer on
            return postgres.trips - before[0], redis.trips - before[1], response

        warm = False  # the first game's Redis calls open connections and load scripts
        for ruleset in ("arkantis", "tours_arc_en_ciel", "arkantis"):
            trips, _, r = await cost(client.post("/games", json={"ruleset": ruleset}))
            assert r.status_code == 201, r.text
            assert trips == 1, (ruleset, trips)
            game = r.json()
            seats = [s["seat"] for s in game["seats"]]
            for i, seat in enumerate(seats):
                trips, redis_trips, r = await cost(
                    client.post(
                        f"/games/{game['game_id']}/seats/{seat}", json={"player_name": f"P{i}"}
                    )
                )
                assert r.status_code == 201, r.text
                assert trips == 1, (ruleset, seat, trips)
                # The last claim: the started state cached and announced in one command.
                last = i == len(seats) - 1
                assert redis_trips == (1 if last else 0) or not warm, (ruleset, seat, redis_trips)
            warm = True
            started = await summary(client, game["game_id"])
            assert started["status"] == "active" and started["version"] > 0
            assert [s["player_name"] for s in started["seats"]] == [
                f"P{i}" for i in range(len(seats))
            ]


@pytest.mark.backend
async def test_a_read_after_the_head_expired_writes_it_back_briefly(
    relays: tuple[Relay, Relay, Settings], redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a quiet spell the head has expired: the first read asks the store
    and writes the head back (for ``HEAD_HOLD`` only), so the next reads ask
    the store nothing."""
    postgres, _, settings = relays
    monkeypatch.setattr(service.games.auth, "TOKEN_TTL", 3600.0)
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        game_id, tokens = await start_game(client, "eclats_des_cites")
        version = (await summary(client, game_id))["version"]
        for token in tokens.values():
            await legal(client, game_id, token)  # every token known
        head = f"{settings.redis_prefix}head:{game_id}"
        with redis.Redis.from_url(redis_url) as admin:
            assert admin.exists(head)
            admin.delete(head)  # as HEAD_TTL after the last command
            for n, path in enumerate(
                [f"/games/{game_id}", *(f"/games/{game_id}/legal-commands" for _ in tokens)]
            ):
                bearer = list(tokens.values())[n - 1] if n else None
                before = postgres.trips
                r = await client.get(path, headers=auth(bearer) if bearer else {})
                assert r.status_code == 200, r.text
                await asyncio.sleep(0.05)
                assert postgres.trips - before == (1 if n == 0 else 0), (path, n)
                ttl = admin.pttl(head)
                assert 0 < ttl <= HEAD_HOLD * 1000, ttl  # written back, briefly
                assert int(admin.hget(head, "v") or 0) == version


@pytest.mark.backend
async def test_a_game_starts_cached_and_its_first_reads_do_not_fold_it_from_the_store(
    relays: tuple[Relay, Relay, Settings],
) -> None:
    """The claim that fills a game caches the state it starts in, with its head
    (the setup is folded then anyway), and each claim remembers the seat token it
    issued: the summary and the first read of each seat's legal commands ask
    PostgreSQL nothing, not a token, the games row, a snapshot or the setup's events
    (every game at once when many start together)."""
    postgres, _, settings = relays
    async with AsyncTestClient(create_app(settings, bot_runner=False)) as client:
        game_id, tokens = await start_game(client, "arkantis")
        before = postgres.trips
        started = await summary(client, game_id)
        await asyncio.sleep(0.05)
        assert started["last_move"] is None  # the setup is no one's move
        assert postgres.trips == before  # nor are the setup's events read to say so
        trips = []
        for token in tokens.values():
            before = postgres.trips
            await legal(client, game_id, token)
            await asyncio.sleep(0.05)
            trips.append(postgres.trips - before)
        assert trips == [0] * len(tokens)


@pytest.mark.backend
async def test_a_seat_that_acts_every_few_minutes_asks_for_its_token_once(
    relays: tuple[Relay, Relay, Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a person's pace a seat acts about once a minute: its token, found once, is
    still trusted minutes later (``TOKEN_TTL``), so its reads ask PostgreSQL nothing.
    (The process forgets the tokens its claims issued first: as another process,
    which never saw the claims.)"""
    postgres, _, settings = relays
    clock = [1000.0]
    # The token memory's clock only (the event loop keeps the real one).
    monkeypatch.setattr(service.games.auth, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    app = create_app(settings, bot_runner=False)
    async with AsyncTestClient(app) as client:
        game_id, tokens = await start_game(client, "eclats_des_cites")
        seat = (await summary(client, game_id))["to_act"][0]
        app.state.games.auth.forget()
        trips = []
        for _ in range(3):
            before = postgres.trips
            await legal(client, game_id, tokens[seat])
            await asyncio.sleep(0.05)
            trips.append(postgres.trips - before)
            clock[0] += 120.0  # two minutes later
        assert trips == [1, 0, 0]  # the token, the first time only
