"""A game's SSE stream served as raw ASGI, before the framework (issue 33).

A stream open through Litestar is a whole request for as long as it lasts:
its ``Request``, an anyio task group and a task listening for the
disconnect, the framework's send wrapper, ``StreamGuard``'s lock, its drain
watcher and its two-task ``receive``. That is most of an idle stream's memory
and of the CPU of each write. ``HotPath`` serves the plain stream requests
here instead, with what the framework would write: the same status, headers
and bytes (each message is encoded once for every stream of its view by
``service.games.streams``), the same count and end on draining as
``StreamGuard`` (``Lifecycle``), the same caps (``Slots``, outside) and
request metrics (``Edge``, outside). Per stream: the request's own task,
which writes each batch, and one that waits for the disconnect.

A plain stream request (``plain_stream``) carries nothing the framework would
answer itself: at most an ``access_token``, an ``after``, a ``timeout`` (in
plain decimals) and a ``lang`` in its query, each valid and unencoded, a
well-formed ``Authorization``, ``Last-Event-ID`` and ``Accept-Language``, no
``Origin``, no repeated or NUL header. Anything else goes to the framework, as
does a stream the game or its token refuses (404, 401, 403, a store fault: a
stream that does not open changes nothing): the route stays Litestar's, in
the OpenAPI document and for every other answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from service import metrics
from service.api.headers import PRIVATE_RAW, language, language_raw, parse_bearer
from service.api.middleware.lifecycle import RETRY_MS, Lifecycle
from service.api.types import Receive, Scope, Send
from service.games.streams import Live
from service.games.texts import LANGUAGES

_DIGITS = re.compile(r"[0-9]{1,12}")
"""``after`` and ``Last-Event-ID`` as the route declares them (at most 12 digits)."""
_SECONDS = re.compile(r"[0-9]{1,5}(\.[0-9]{1,6})?")
"""A ``timeout`` in plain decimal notation (the route's bound, 86400, checked apart)."""
MAX_TIMEOUT = 86400
_QUERY = frozenset(("access_token", "after", "timeout", "lang"))
_HEADERS = frozenset((b"authorization", b"last-event-id", b"accept-language"))
_TOKEN = re.compile(r"[0-9A-Za-z._~-]+")
"""A query token the hot path reads as is (no percent-encoding to undo)."""

SSE_RAW = [(b"connection", b"keep-alive"), (b"x-accel-buffering", b"no")]
"""The headers Litestar's ``ServerSentEvent`` adds, in its order."""
CONTENT_TYPE = (b"content-type", b"text/event-stream; charset=utf-8")
DRAINED = f": draining\nretry: {RETRY_MS}\n\n".encode()
"""The last bytes of a stream ended on draining (as ``StreamGuard`` writes them)."""


@dataclass(frozen=True, slots=True)
class StreamRequest:
    token: str | None
    after: int
    timeout: float | None
    lang: str


def plain_stream(scope: Scope) -> StreamRequest | None:
    """The stream request of ``scope`` when it is plain (see the module), else None."""
    given: dict[bytes, str] = {}
    for name, value in scope.get("headers", ()):
        if name == b"origin":
            return None
        if name in _HEADERS:
            if name in given or b"\x00" in value:
                return None
            given[name] = value.decode("latin-1")
    query: dict[str, str] = {}
    raw = scope.get("query_string") or b""
    if raw:
        for pair in raw.decode("latin-1").split("&"):
            key, equals, value = pair.partition("=")
            if key not in _QUERY or key in query or not equals or not _TOKEN.fullmatch(value):
                return None
            query[key] = value
    token = query.get("access_token")
    authorization = given.get(b"authorization")
    if authorization is not None:
        token = parse_bearer(authorization)
        if token is None:  # the framework's 401 (an empty header too)
            return None
    after = 0
    if "after" in query:
        if not _DIGITS.fullmatch(query["after"]):
            return None  # the framework's 400
        after = int(query["after"])
    timeout = None
    if "timeout" in query:
        if not _SECONDS.fullmatch(query["timeout"]) or float(query["timeout"]) > MAX_TIMEOUT:
            return None  # the framework's 400
        timeout = float(query["timeout"])
    lang = query.get("lang")
    if lang is not None and lang not in LANGUAGES:
        return None  # the framework's 400
    last = given.get(b"last-event-id")
    if last is not None:
        if not _DIGITS.fullmatch(last):
            return None  # the framework's 400
        after = int(last)
    return StreamRequest(token, after, timeout, language(given.get(b"accept-language"), lang))


class RawStream:
    """One stream's answer: its batches written as they come, until the game
    ends, the client goes or the process drains."""

    __slots__ = ("ending", "gone", "task", "waiting")

    def __init__(self, task: asyncio.Task[Any]) -> None:
        self.task = task
        self.waiting = False  # waiting for the next batch: the only await ever cancelled
        self.ending = False  # drained: the last bytes are the retry hint
        self.gone = False  # the client went away: nothing more is written

    def drain(self) -> None:
        self.ending = True
        if self.waiting:
            self.task.cancel()  # a write in progress finishes, then the stream ends

    def disconnected(self) -> None:
        self.gone = True
        if self.waiting:
            self.task.cancel()

    async def watch(self, receive: Receive) -> None:
        """Wait for the client's disconnect (the request has no body to read)."""
        while (await receive())["type"] != "http.disconnect":
            pass
        self.disconnected()

    async def serve(self, batches: AsyncIterator[list[Live]], lang: str, send: Send) -> None:
        headers = [PRIVATE_RAW, *language_raw(lang), *SSE_RAW, CONTENT_TYPE]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        try:
            while not (self.ending or self.gone):
                self.waiting = True
                try:
                    batch = await anext(batches)
                except StopAsyncIteration:
                    break
                finally:
                    self.waiting = False
                body = b"".join(m.encoded for m in batch)
                await send({"type": "http.response.body", "body": body, "more_body": True})
        except asyncio.CancelledError:
            if not (self.ending or self.gone):
                raise  # cancelled from outside: not ours to keep
            self.task.uncancel()  # cancelled here, while it waited: the stream ends
        finally:
            close = getattr(batches, "aclose", None)
            if close is not None:
                await close()
        if not self.gone:
            tail = DRAINED if self.ending else b""
            await send({"type": "http.response.body", "body": tail, "more_body": False})


async def serve_stream(
    batches: AsyncIterator[list[Live]],
    lang: str,
    receive: Receive,
    send: Send,
    lifecycle: Lifecycle,
) -> None:
    """Write ``batches`` as a ``text/event-stream`` answer, counted and ended on
    draining as ``StreamGuard`` does for the framework's streams."""
    task = asyncio.current_task()
    assert task is not None
    stream = RawStream(task)
    lifecycle.streams += 1
    metrics.open_streams(+1)
    lifecycle.enders.add(stream.drain)
    if lifecycle.draining:  # it began meanwhile: the stream ends at once
        stream.drain()
    watcher = asyncio.ensure_future(stream.watch(receive))
    try:
        await stream.serve(batches, lang, send)
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await watcher
        lifecycle.enders.discard(stream.drain)
        lifecycle.streams -= 1
        metrics.open_streams(-1)
