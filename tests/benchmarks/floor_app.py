"""The stack floor of a move (issue 33): a raw ASGI app doing exactly the I/O
Plateau does per move, and nothing else (opt-in; served by granian with
``plateau serve``'s settings by ``tests/benchmarks/bench_suite.py``).

It speaks just enough of the API for ``tests/benchmarks/play.lua`` to play it:

* ``GET /games/{id}/legal-commands``: Plateau's one Redis round trip (the
  head-and-state script of ``service/cache/redis.py``, no hold), answered
  with a body of Plateau's size (``FLOOR_LEGAL_BYTES``);
* ``POST /games/{id}/commands``: Plateau's three round trips, in its order:
  the head-and-state script with the writer's hold, the one PostgreSQL
  statement (``plateau_append(...)``, three events and the command record, the
  size of an ArkantiS move, recorded as Plateau records a command sent without
  an ``Idempotency-Key``: no answer, no hash), then the head-and-state write
  that also publishes the move to the game's channel, a message of Plateau's
  size (the version and the move, ``FLOOR_MOVE_BYTES``); answered with a body of
  Plateau's size (``FLOOR_ANSWER_BYTES``);
* in every worker, Plateau's one subscription (``RedisNotifier._listen``): every
  game's channel, each move read as it comes and its version parsed;
* ``POST /games``: one ``INSERT`` of the games row (``plateau_append`` moves
  it); the claims and the summary answer from memory (setup, not measured).

No framework, no token check, no rules engine, no JSON decoding of the command:
what is left of a move when the service's own work is taken away. A game ends
after ``FLOOR_MOVES`` commands (about an ArkantiS game), so games are created
at Plateau's rate too. Sizes come from the environment (the suite samples
Plateau's: ``FLOOR_HEAD_BYTES``, ``FLOOR_STATE_BYTES``, ``FLOOR_LEGAL_BYTES``,
``FLOOR_ANSWER_BYTES``, ``FLOOR_MOVE_BYTES``).
Needs ``PLATEAU_DATABASE_URL`` (a migrated database), ``PLATEAU_REDIS_URL``
and ``PLATEAU_REDIS_PREFIX``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from datetime import UTC, datetime
from typing import Any

from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from service.cache.redis import _GET_HEAD_AND_STATE, _PUT_HEAD_AND_STATE
from service.store.postgres import _APPEND

HEAD = b"h" * int(os.environ.get("FLOOR_HEAD_BYTES", "300"))
STATE = b"s" * int(os.environ.get("FLOOR_STATE_BYTES", "3000"))
MOVES = int(os.environ.get("FLOOR_MOVES", "40"))
PREFIX = os.environ.get("PLATEAU_REDIS_PREFIX", "plateau-floor:")
COMMAND = '{"type":"arkantis.remove_two_tokens","cells":["r1c1","r2c3"]}'
EVENTS = (
    '[{"type": "arkantis.tokens_removed", "schema_version": 1,'
    ' "data": {"seat": "seat_0", "cells": ["r1c1", "r2c3"]}},'
    ' {"type": "arkantis.turn_ended", "schema_version": 1, "data": {"seat": "seat_0"}},'
    ' {"type": "arkantis.turn_started", "schema_version": 1, "data": {"seat": "seat_1"}}]'
)
SEATS = ("seat_0", "seat_1")
_LEGAL_HEAD = b'{"commands":[' + COMMAND.encode() + b'],"labels":["x"],"steps":[],"pad":"'
LEGAL_PAD = max(0, int(os.environ.get("FLOOR_LEGAL_BYTES", "600")) - len(_LEGAL_HEAD) - 40)
ANSWER_BYTES = int(os.environ.get("FLOOR_ANSWER_BYTES", "0"))
MOVE = b"m" * int(os.environ.get("FLOOR_MOVE_BYTES", "1000"))
"""What Plateau's announcement of a move carries after its version (the games row and
the move's events, MessagePack: ``service.games.repository.announcement``)."""

_pool: AsyncConnectionPool | None = None
_redis: Redis | None = None
_scripts: dict[str, Any] = {}
_listening: asyncio.Task[None] | None = None


async def _startup() -> None:
    global _pool, _redis, _listening
    # Plateau's pool: autocommit connections, one to ten per worker.
    _pool = AsyncConnectionPool(
        os.environ["PLATEAU_DATABASE_URL"],
        min_size=1,
        max_size=10,
        kwargs={"autocommit": True},
        check=None,
        open=False,
    )
    await _pool.open(wait=True)
    _redis = Redis.from_url(os.environ["PLATEAU_REDIS_URL"], decode_responses=False)
    _scripts["get"] = _redis.register_script(_GET_HEAD_AND_STATE)
    _scripts["put"] = _redis.register_script(_PUT_HEAD_AND_STATE)
    _listening = asyncio.create_task(_listen(os.environ["PLATEAU_REDIS_URL"]))


async def _listen(url: str) -> None:
    """Plateau's subscription, as ``RedisNotifier._listen`` holds and reads it (its own
    RESP2 connection, every game's channel, reply by reply): Redis delivers every
    move to every worker, and every worker reads it."""
    listener = Redis.from_url(url, socket_timeout=None, protocol=2)
    connection = await listener.connection_pool.get_connection()  # type: ignore[no-untyped-call]
    try:
        await connection.send_command("PSUBSCRIBE", f"{PREFIX}game:*")
        while True:
            reply = await connection.read_response()
            if isinstance(reply, list) and len(reply) == 4 and reply[0] == b"pmessage":
                number, _, _move = reply[3].partition(b" ")
                int(number)
    finally:
        await connection.disconnect()
        await listener.aclose()


async def _shutdown() -> None:
    if _listening is not None:
        _listening.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await _listening
    if _pool is not None:
        await _pool.close()
    if _redis is not None:
        await _redis.aclose()


async def _body(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def _answer(send: Any, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _keys(game_id: str) -> list[str]:
    return [f"{PREFIX}head:{game_id}", f"{PREFIX}state:{game_id}"]


async def _create() -> bytes:
    assert _pool is not None
    game_id = uuid.uuid4().hex
    now = datetime.now(UTC)
    async with _pool.connection() as conn:
        await conn.execute(
            "INSERT INTO games (game_id, ruleset, options, status, version, seed_sha256,"
            " created_at, updated_at) VALUES (%s, 'arkantis', '{}', 'active', 0, 'x', %s, %s)",
            (game_id, now, now),
            prepare=False,
        )
    seats = ",".join(f'{{"seat":"{s}"}}' for s in SEATS)
    return f'{{"game_id":"{game_id}","seats":[{seats}]}}'.encode()


async def _legal(game_id: str) -> bytes:
    hv, _hs, _sv, _ss = await _scripts["get"](keys=_keys(game_id), args=[0])
    version = int(hv) if hv is not None else 0
    return _LEGAL_HEAD + b"x" * LEGAL_PAD + b'","version":' + str(version).encode() + b"}"


async def _command(game_id: str, body: bytes) -> tuple[int, bytes]:
    assert _pool is not None
    hv, _hs, _sv, _ss = await _scripts["get"](keys=_keys(game_id), args=[2000])
    version = int(hv) if hv is not None else 0
    new = version + 3
    finished = new >= MOVES * 3
    status = "finished" if finished else "active"
    to_act = "[]" if finished else f'["{SEATS[(new // 3) % 2]}"]'
    answer = f'{{"version":{new},"status":"{status}","to_act":{to_act},"events":[]'.encode()
    pad = ANSWER_BYTES - len(answer) - len(',"pad":""}')
    answer += b',"pad":"' + b"x" * pad + b'"}' if pad > 0 else b"}"
    params = {
        "game_id": game_id,
        "expected": version,
        "version": new,
        "status": status,
        "to_act": to_act,
        "outcome": None,
        "winners": "[]",
        "now": datetime.now(UTC),
        "command_id": os.urandom(16).hex(),  # as Plateau makes it
        "seat": "seat_0",
        "key": None,
        "request_hash": None,
        "command": body.decode() or COMMAND,
        "response_status": 201,
        "response": b"",
        "events": EVENTS,
    }
    async with _pool.connection() as conn:
        cur = await conn.execute(_APPEND, params, prepare=False)
        row = await cur.fetchone()
    if row is None or row[0] != 1:
        return 409, b'{"code":"version_conflict"}'
    await _scripts["put"](
        keys=_keys(game_id),
        args=[
            new,
            HEAD,
            30_000,
            STATE,
            86_400_000,
            f"{PREFIX}game:{game_id}",
            b"%d %s" % (new, MOVE),
        ],
    )
    return 201, answer


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await _startup()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await _shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return
    parts = scope["path"].strip("/").split("/")
    method = scope["method"]
    body = await _body(receive)
    if parts == ["games"] and method == "POST":
        return await _answer(send, 201, await _create())
    if parts == ["hello"]:  # the readiness probe
        return await _answer(send, 200, b'{"hello":"floor"}')
    if len(parts) == 2 and parts[0] == "games":
        to_act = ",".join(f'"{s}"' for s in SEATS[:1])
        return await _answer(send, 200, f'{{"to_act":[{to_act}]}}'.encode())
    if len(parts) == 4 and parts[2] == "seats":
        return await _answer(send, 201, f'{{"seat":"{parts[3]}","token":"t"}}'.encode())
    if len(parts) == 3 and parts[2] == "legal-commands":
        return await _answer(send, 200, await _legal(parts[1]))
    if len(parts) == 3 and parts[2] == "commands" and method == "POST":
        status, answer = await _command(parts[1], body)
        return await _answer(send, status, answer)
    await _answer(send, 404, b'{"code":"not_found"}')
