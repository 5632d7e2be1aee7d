"""The request slots of one process: what a request may hold, and for how long.

A connection costs the server a slot of granian's (``PLATEAU_MAX_CONNECTIONS``
per process, its ``backpressure``) for as long as it is open. Granian closes
an idle one itself (``PLATEAU_IDLE_TIMEOUT``, its ``header_read_timeout``);
what a connection holds while a request is in progress is bounded here,
before anything else runs, and every refusal is answered at once, with
``Retry-After`` and ``Connection: close`` (the slot is given back):

* a request body must arrive within ``PLATEAU_BODY_TIMEOUT`` seconds (the time
  spent waiting for it): else 408 ``body_timeout`` and the connection closes;
* requests in progress (streams aside): ``PLATEAU_MAX_REQUESTS`` per process
  (503 ``overloaded``), ``PLATEAU_MAX_REQUESTS_PER_ADDRESS`` per client
  address (503 ``too_many_connections``);
* open SSE streams: ``PLATEAU_MAX_STREAMS`` per process,
  ``PLATEAU_MAX_STREAMS_PER_ADDRESS`` per client address,
  ``PLATEAU_MAX_STREAMS_PER_TOKEN`` per bearer token (503 ``too_many_streams``).

Probes and scrapes (``/health/*``, ``/metrics``) hold no slot and are never
refused, so a full process still answers its liveness and readiness. Counts
are per process (each granian worker counts its own): with ``N`` workers a
client may hold up to ``N`` times a per-address or per-token limit.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service import metrics
from service.api.headers import is_stream
from service.api.middleware.edge import UNLIMITED
from service.api.middleware.limits import token_of
from service.api.problems import send_problem
from service.api.types import ASGIApp, Message, Receive, Scope, Send
from service.settings import Settings

EXEMPT = UNLIMITED
"""Paths that hold no slot and are never refused (probes and scrapes, as for
the rate limits)."""

RETRY_REQUEST = "1"
"""``Retry-After`` of a refused request: slots free as requests end (milliseconds)."""
RETRY_STREAM = "5"
"""``Retry-After`` of a refused stream: a stream holds its slot for long."""


IDLE_TICKS = 40
"""Checks without a request waiting for its body before the checking task stops."""


class BodyTimeout(BaseException):
    """The request body did not arrive in time. A ``BaseException``, like a
    cancellation, so that no handler of the app takes it for its own failure
    (a 500): it unwinds the app to ``Slots``, which answers 408."""


@dataclass(frozen=True, slots=True)
class SlotRefusal:
    limit: str  # the metric label: requests, requests_per_address, streams, ...
    code: str
    detail: str
    retry_after: str


class Counts:
    """Open requests or streams of this process: in all, and per key."""

    def __init__(self) -> None:
        self.total = 0
        self.by_key: dict[str, int] = {}

    def take(self, *keys: str) -> None:
        self.total += 1
        for key in keys:
            self.by_key[key] = self.by_key.get(key, 0) + 1

    def give(self, *keys: str) -> None:
        self.total -= 1
        for key in keys:
            left = self.by_key[key] - 1
            if left:
                self.by_key[key] = left
            else:
                del self.by_key[key]  # the table holds open keys only

    def of(self, key: str) -> int:
        return self.by_key.get(key, 0)


class Slots:
    """ASGI wrapper: the caps on open requests and streams, and the body deadline."""

    def __init__(self, app: ASGIApp, settings: Settings, address: Callable[[Scope], str]) -> None:
        self.app = app
        self.settings = settings
        self.address = address
        self.requests = Counts()
        self.streams = Counts()
        self.bodies = BodyWatch(settings.body_timeout)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith(EXEMPT):
            await self.app(scope, receive, send)
            return
        address = "a:" + self.address(scope)
        if scope.get("method") == "GET" and is_stream(path):
            token = token_of(scope)
            keys = (address,) if token is None else (address, "t:" + token)
            counts, refusal = self.streams, self._stream_refusal(address, token)
        else:
            keys = (address,)
            counts, refusal = self.requests, self._request_refusal(address)
        if refusal is not None:
            metrics.REFUSED.labels(refusal.limit).inc()
            await send_problem(
                send,
                503,
                refusal.code,
                refusal.detail,
                path,
                headers={"Retry-After": refusal.retry_after, "Connection": "close"},
            )
            return
        counts.take(*keys)
        try:
            if _has_body(scope):
                await self._with_deadline(scope, receive, send)
            else:
                await self.app(scope, receive, send)
        finally:
            counts.give(*keys)

    def _request_refusal(self, address: str) -> SlotRefusal | None:
        s = self.settings
        if self.requests.total >= s.max_requests:
            return SlotRefusal(
                "requests",
                "overloaded",
                f"this process already serves {s.max_requests} requests (PLATEAU_MAX_REQUESTS)",
                RETRY_REQUEST,
            )
        if self.requests.of(address) >= s.max_requests_per_address:
            return SlotRefusal(
                "requests_per_address",
                "too_many_connections",
                f"this client address already has {s.max_requests_per_address} requests in"
                " progress here (PLATEAU_MAX_REQUESTS_PER_ADDRESS)",
                RETRY_REQUEST,
            )
        return None

    def _stream_refusal(self, address: str, token: str | None) -> SlotRefusal | None:
        s = self.settings
        if self.streams.total >= s.max_streams:
            detail = f"this process already serves {s.max_streams} streams (PLATEAU_MAX_STREAMS)"
            return SlotRefusal("streams", "too_many_streams", detail, RETRY_STREAM)
        if self.streams.of(address) >= s.max_streams_per_address:
            detail = (
                f"this client address already has {s.max_streams_per_address} streams open"
                " here (PLATEAU_MAX_STREAMS_PER_ADDRESS)"
            )
            return SlotRefusal("streams_per_address", "too_many_streams", detail, RETRY_STREAM)
        if token is not None and self.streams.of("t:" + token) >= s.max_streams_per_token:
            detail = (
                f"this token already has {s.max_streams_per_token} streams open here"
                " (PLATEAU_MAX_STREAMS_PER_TOKEN)"
            )
            return SlotRefusal("streams_per_token", "too_many_streams", detail, RETRY_STREAM)
        return None

    async def _with_deadline(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app with a ``receive`` that waits at most ``PLATEAU_BODY_TIMEOUT``
        seconds in all for the body; past it, answer 408 (when nothing was
        answered yet) and close the connection."""
        task = asyncio.current_task()
        if task is None:  # not run as a task: nothing to cancel
            await self.app(scope, receive, send)
            return
        watch = self.bodies
        loop = asyncio.get_running_loop()
        left = self.settings.body_timeout
        pending = True  # the body has not arrived in full

        async def timed_receive() -> Message:
            nonlocal left, pending
            if not pending:
                return await receive()
            began = loop.time()
            watch.waiting[task] = began + left
            watch.start()
            try:
                message = await receive()
            except asyncio.CancelledError:
                if watch.expired.pop(task, False):
                    task.uncancel()
                    raise BodyTimeout from None
                raise
            finally:
                watch.waiting.pop(task, None)
            left -= loop.time() - began
            if message["type"] != "http.request" or not message.get("more_body", False):
                pending = False
            return message

        try:
            await self.app(scope, timed_receive, send)
        except BodyTimeout:
            metrics.REFUSED.labels("body_timeout").inc()
            with contextlib.suppress(Exception):  # the answer may have started: then a close
                await send_problem(
                    send,
                    408,
                    "body_timeout",
                    f"the request body did not arrive within {self.settings.body_timeout:g} s"
                    " (PLATEAU_BODY_TIMEOUT)",
                    scope.get("path", ""),
                    headers={"Connection": "close"},
                )


class BodyWatch:
    """The requests of a process waiting for their body, and their deadlines.

    One task checks them a few times a second and cancels the wait of any
    past its deadline (``Slots`` turns that into a 408): no timer per
    request, so a body that is already there costs two dictionary writes."""

    def __init__(self, budget: float) -> None:
        self.tick = min(1.0, budget / 4)
        self.waiting: dict[asyncio.Task[Any], float] = {}
        self.expired: dict[asyncio.Task[Any], bool] = {}
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(
                self._sweep(), name="plateau-body-deadlines"
            )

    async def _sweep(self) -> None:
        loop = asyncio.get_running_loop()
        idle = 0
        while idle < IDLE_TICKS:  # then it stops; the next wait starts it again
            await asyncio.sleep(self.tick)
            idle = 0 if self.waiting else idle + 1
            now = loop.time()
            for task, deadline in list(self.waiting.items()):
                if deadline <= now and not task.done():
                    del self.waiting[task]
                    self.expired[task] = True
                    task.cancel()


def _has_body(scope: Scope) -> bool:
    """The request announces a body (a non-zero ``Content-Length``, or chunks)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            if value.strip() not in (b"0", b""):
                return True
        elif name == b"transfer-encoding":
            return True
    return False


__all__ = ["EXEMPT", "BodyTimeout", "Slots"]
