"""Graceful shutdown of one worker process, and the cap on its open SSE streams.

Under ``plateau serve`` (granian), SIGTERM reaches every worker. Granian's own
handler stops accepting connections and waits for the in-flight requests; we
chain ours in front of it (``install_signal_handlers``) so that first:

* ``draining`` is set: ``/health/ready`` answers 503 ``draining`` and every
  open SSE stream ends at once with a ``retry:`` hint (the client reconnects,
  through the load balancer, to another process);
* the process keeps serving for ``PLATEAU_DRAIN_SECONDS`` (so a load
  balancer polling readiness stops sending), then granian's handler runs:
  no new connection is accepted, in-flight commands finish, the lifespan
  closes the pools. Granian kills a worker still busy after
  ``PLATEAU_SHUTDOWN_TIMEOUT`` (``workers_kill_timeout``).

``StreamGuard`` is the ASGI wrapper that counts streams, refuses one beyond
``PLATEAU_MAX_STREAMS`` (503 ``too_many_streams`` with ``Retry-After``) and
ends them on draining.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from service import metrics

log = logging.getLogger("plateau.lifecycle")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STREAM_PATH = re.compile(r"^/games/[^/]+/events/stream/?$")
EXTRA_TITLES = {429: "Too Many Requests", 503: "Service Unavailable"}
RETRY_MS = 1000  # the reconnect delay suggested to SSE clients when a process drains


class Lifecycle:
    """Per-process draining state (one per app)."""

    def __init__(self, drain_seconds: float = 0.0, max_streams: int = 1000) -> None:
        self.drain_seconds = drain_seconds
        self.max_streams = max_streams
        self.streams = 0
        self._draining = False
        self._waiters: set[asyncio.Event] = set()

    @property
    def draining(self) -> bool:
        return self._draining

    def start_draining(self) -> None:
        if self._draining:
            return
        self._draining = True
        log.info("draining: readiness now 503, ending %d open stream(s)", self.streams)
        for waiter in self._waiters:
            waiter.set()

    async def wait_draining(self) -> None:
        if self._draining:
            return
        event = asyncio.Event()
        self._waiters.add(event)
        try:
            await event.wait()
        finally:
            self._waiters.discard(event)

    def install_signal_handlers(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Put the draining step in front of granian's SIGTERM/SIGINT handlers.

        Granian registers its handlers with ``loop.add_signal_handler`` before
        the ASGI lifespan starts; we read them back and call them once the
        drain delay is over. Returns False (nothing changed) on a loop whose
        handlers cannot be read.
        """
        handlers = getattr(loop, "_signal_handlers", None)
        if not isinstance(handlers, dict):
            log.warning("cannot chain the signal handlers of %s: no draining", type(loop).__name__)
            return False
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous = handlers.get(sig)
            if previous is None:
                continue
            loop.add_signal_handler(sig, self._on_signal, loop, previous)
        return True

    def _on_signal(self, loop: asyncio.AbstractEventLoop, previous: asyncio.Handle) -> None:
        def forward() -> None:
            callback = getattr(previous, "_callback", None)
            args = getattr(previous, "_args", ())
            if callback is not None:
                callback(*args)

        if self._draining:
            forward()  # a second signal: stop now
            return
        self.start_draining()
        loop.call_later(max(0.0, self.drain_seconds), forward)


def supervised() -> bool:
    """True in a worker of ``plateau serve`` (which sets ``PLATEAU_SUPERVISED``)."""
    return os.environ.get("PLATEAU_SUPERVISED") == "1"


def _problem(status: int, code: str, detail: str, path: str, retry_after: int) -> tuple[Any, bytes]:
    import msgspec

    from service.errors import TITLES, Problem

    body = msgspec.json.encode(
        Problem(
            type=f"urn:plateau:problem:{code}",
            title=TITLES.get(status) or EXTRA_TITLES.get(status, "Error"),
            status=status,
            code=code,
            detail=detail,
            instance=path,
        )
    )
    headers = [
        (b"content-type", b"application/problem+json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"retry-after", str(retry_after).encode()),
    ]
    return headers, body


async def send_problem(
    send: Send, status: int, code: str, detail: str, path: str, retry_after: int = 1
) -> None:
    headers, body = _problem(status, code, detail, path, retry_after)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


class StreamGuard:
    """ASGI wrapper of the SSE route: the per-process cap and the end on draining."""

    def __init__(self, app: ASGIApp, lifecycle: Lifecycle) -> None:
        self.app = app
        self.lifecycle = lifecycle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") != "GET"
            or not STREAM_PATH.match(scope.get("path", ""))
        ):
            await self.app(scope, receive, send)
            return
        lc = self.lifecycle
        if lc.draining:
            await send_problem(
                send, 503, "draining", "this process is shutting down", scope["path"], 1
            )
            return
        if lc.streams >= lc.max_streams:
            await send_problem(
                send,
                503,
                "too_many_streams",
                f"this process already serves {lc.streams} streams (PLATEAU_MAX_STREAMS)",
                scope["path"],
                5,
            )
            return
        lc.streams += 1
        metrics.open_streams(+1)
        ended = asyncio.Event()  # the stream was ended here (draining)
        state = {"sse": False, "closed": False}
        lock = asyncio.Lock()

        async def end_stream() -> None:
            async with lock:
                if state["closed"]:
                    return
                state["closed"] = True
                await send(
                    {
                        "type": "http.response.body",
                        "body": f": draining\nretry: {RETRY_MS}\n\n".encode(),
                        "more_body": False,
                    }
                )
            ended.set()

        async def guarded_send(message: Message) -> None:
            async with lock:
                if state["closed"]:
                    return  # ended on draining: the app's late writes are dropped
                if message["type"] == "http.response.start":
                    headers = dict(message.get("headers") or [])
                    ctype = headers.get(b"content-type", b"")
                    state["sse"] = ctype.startswith(b"text/event-stream")
                await send(message)
                if message["type"] == "http.response.body" and not message.get("more_body"):
                    state["closed"] = True

        async def guarded_receive() -> Message:
            # The app learns of the end as a disconnect, so its generator stops.
            receiving = asyncio.ensure_future(receive())
            waiting = asyncio.ensure_future(ended.wait())
            try:
                done, _ = await asyncio.wait(
                    {receiving, waiting}, return_when=asyncio.FIRST_COMPLETED
                )
            finally:
                for task in (receiving, waiting):
                    if not task.done():
                        task.cancel()
            if receiving in done:
                return receiving.result()
            return {"type": "http.disconnect"}

        async def on_drain() -> None:
            await lc.wait_draining()
            # Only a started SSE answer is ended here; anything else finishes.
            while not state["sse"] and not state["closed"]:
                await asyncio.sleep(0.05)
            if state["sse"]:
                await end_stream()

        watcher = asyncio.ensure_future(on_drain())
        try:
            await self.app(scope, guarded_receive, guarded_send)
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await watcher
            lc.streams -= 1
            metrics.open_streams(-1)
