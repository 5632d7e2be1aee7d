"""The floor of SSE fan-out (issue 33): a raw ASGI app that delivers a published
move to every stream of a game through Redis pub/sub, and nothing else
(opt-in; served by granian with ``plateau serve``'s settings by
``tests/benchmarks/bench_fanout.py``).

* ``GET /games/{id}/events/stream``: a ``text/event-stream`` answer that stays
  open; each move of the game is one message (``id:`` its version, a small
  ``data:``), with a comment line every ``PLATEAU_SSE_HEARTBEAT`` seconds
  (15, as Plateau's) when nothing moved;
* ``POST /games/{id}/moves/{version}``: one Redis ``PUBLISH`` of the version to
  the game's channel, answered 201 once Redis has it (Plateau answers a
  command after the cache write that publishes the move);
* ``GET /hello``: the readiness probe.

Each worker process holds one pattern subscription (``PSUBSCRIBE``, as
Plateau's notifier) and hands each message to the game's streams in this
process: one encoded message, one queue per stream. No framework, no store
read, no redaction: what is left of a move's fan-out when the service's own
work is taken away. Needs ``PLATEAU_REDIS_URL`` and ``PLATEAU_REDIS_PREFIX``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import defaultdict
from typing import Any

from redis.asyncio import Redis

PREFIX = os.environ.get("PLATEAU_REDIS_PREFIX", "plateau-fanout-floor:") + "floor:"
HEARTBEAT = float(os.environ.get("PLATEAU_SSE_HEARTBEAT", "15"))
DATA = b'{"type":"arkantis.turn_started","data":{"seat":"seat_1"},"pad":"' + b"x" * 200 + b'"}'

_redis: Redis | None = None
_listener: asyncio.Task[None] | None = None
_streams: dict[str, set[asyncio.Queue[bytes]]] = defaultdict(set)


async def _listen() -> None:
    assert _redis is not None
    pubsub = _redis.pubsub()
    await pubsub.psubscribe(PREFIX + "*")
    strip = len(PREFIX)
    async for message in pubsub.listen():
        if message.get("type") != "pmessage":
            continue
        game_id = message["channel"][strip:].decode()
        queues = _streams.get(game_id)
        if not queues:
            continue
        version = message["data"].decode()
        chunk = b"id: " + version.encode() + b"\nevent: move\ndata: " + DATA + b"\n\n"
        for queue in queues:
            queue.put_nowait(chunk)


async def _startup() -> None:
    global _redis, _listener
    _redis = Redis.from_url(os.environ["PLATEAU_REDIS_URL"], decode_responses=False)
    _listener = asyncio.create_task(_listen())


async def _shutdown() -> None:
    if _listener is not None:
        _listener.cancel()
        with contextlib.suppress(BaseException):
            await _listener
    if _redis is not None:
        await _redis.aclose()


async def _answer(send: Any, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _stream(game_id: str, send: Any, receive: Any) -> None:
    headers = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b": open\n\n", "more_body": True})
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    _streams[game_id].add(queue)
    gone = asyncio.ensure_future(receive())  # http.disconnect when the client leaves
    try:
        while not gone.done():
            try:
                chunk = await asyncio.wait_for(queue.get(), HEARTBEAT)
            except TimeoutError:
                chunk = b": heartbeat\n\n"
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
    except OSError:
        pass
    finally:
        gone.cancel()
        queues = _streams.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del _streams[game_id]


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
    if parts == ["hello"]:
        return await _answer(send, 200, b'{"hello":"fanout floor"}')
    while (await receive()).get("more_body"):  # the request's body, if any
        pass
    if len(parts) == 4 and parts[0] == "games" and parts[2] == "events" and parts[3] == "stream":
        return await _stream(parts[1], send, receive)
    if len(parts) == 4 and parts[2] == "moves" and method == "POST":
        assert _redis is not None
        await _redis.publish(PREFIX + parts[1], parts[3])
        return await _answer(send, 201, b'{"version":' + parts[3].encode() + b"}")
    await _answer(send, 404, b'{"code":"not_found"}')
