"""Graceful shutdown of one worker process, and the cap on its open SSE streams.

Under ``plateau serve`` (granian), SIGTERM reaches every worker. Granian's own
handler stops accepting connections and waits for the in-flight requests; we
chain ours in front of it (``install_signal_handlers``; under uvloop, whose
handlers cannot be read back, through the event that handler sets,
``capture_worker_signal``) so that first:

* ``draining`` is set: ``/health/ready`` answers 503 ``draining`` and every
  open SSE stream ends at once with a ``retry:`` hint (the client reconnects,
  through the load balancer, to another process);
* the process keeps serving for ``PLATEAU_DRAIN_SECONDS`` (so a load
  balancer polling readiness stops sending), then granian's handler runs:
  no new connection is accepted, in-flight commands finish, the lifespan
  closes the pools. Granian kills a worker still busy after
  ``PLATEAU_SHUTDOWN_TIMEOUT`` (``workers_kill_timeout``).

``StreamGuard`` is the ASGI wrapper that counts the SSE streams (a game's and
the global feed's), refuses a new one while draining (503 ``draining``) and
ends the open ones on draining. The caps on streams are ``Slots``'
(``service.api.middleware.slots``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable
from typing import Any

from service import metrics
from service.api.headers import is_stream
from service.api.problems import send_problem
from service.api.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("plateau.lifecycle")

RETRY_MS = 1000  # the reconnect delay suggested to SSE clients when a process drains


class Lifecycle:
    """Per-process draining state (one per app)."""

    def __init__(self, drain_seconds: float = 0.0) -> None:
        self.drain_seconds = drain_seconds
        self.streams = 0
        self._draining = False
        self._waiters: set[asyncio.Event] = set()
        self.enders: set[Callable[[], None]] = set()
        """What ends each stream served past the framework (``live``), called on draining."""

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
        for end in list(self.enders):
            end()

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
        the ASGI lifespan starts. The standard loop's can be read back: we call
        them once the drain delay is over. uvloop's cannot, but granian's only
        sets its worker's shutdown event, which ``capture_worker_signal`` kept:
        we set it then. Returns False (nothing changed) when neither is there.
        """
        handlers = getattr(loop, "_signal_handlers", None)
        forwards: dict[signal.Signals, Callable[[], None]] = {}
        for sig in (signal.SIGTERM, signal.SIGINT):
            if isinstance(handlers, dict):
                previous = handlers.get(sig)
                if previous is not None:
                    forwards[sig] = _caller(previous)
            elif _worker_signal is not None:
                forwards[sig] = _worker_signal.set
        if not forwards:
            log.warning("cannot chain the signal handlers of %s: no draining", type(loop).__name__)
            return False
        for sig, forward in forwards.items():
            loop.add_signal_handler(sig, self._on_signal, loop, forward)
        return True

    def _on_signal(self, loop: asyncio.AbstractEventLoop, forward: Callable[[], None]) -> None:
        if self._draining:
            forward()  # a second signal: stop now
            return
        self.start_draining()
        loop.call_later(max(0.0, self.drain_seconds), forward)


def _caller(handle: asyncio.Handle) -> Callable[[], None]:
    """A call of what a standard loop's signal ``handle`` runs."""

    def call() -> None:
        callback = getattr(handle, "_callback", None)
        if callback is not None:
            callback(*getattr(handle, "_args", ()))

    return call


_worker_signal: Any = None
"""Granian's worker shutdown event (its ``WorkerSignal``), once captured."""


def capture_worker_signal() -> None:
    """Keep the shutdown event of this granian worker, for ``install_signal_handlers``.

    Granian's worker imports the app before it makes its signal handlers
    (``granian.server.mp``: the target is loaded, then calls
    ``granian._signals.set_loop_signals``, looked up at that call), and its
    handler only sets the ``WorkerSignal`` that function returns: wrapping the
    function keeps that event. Called when the app module is imported by a
    worker of ``plateau serve``; ``tests/faults/test_operations.py`` drains a
    served worker, so a granian that changes this order fails there.
    """
    try:
        from granian import _signals
    except ImportError:  # not under granian
        return
    made: Callable[[asyncio.AbstractEventLoop], Any] = _signals.set_loop_signals
    if getattr(made, "plateau_captures", False):
        return

    def set_loop_signals(loop: asyncio.AbstractEventLoop) -> Any:
        global _worker_signal
        _worker_signal = made(loop)
        return _worker_signal

    set_loop_signals.plateau_captures = True  # type: ignore[attr-defined]
    _signals.set_loop_signals = set_loop_signals


def supervised() -> bool:
    """True in a worker of ``plateau serve`` (which sets ``PLATEAU_SUPERVISED``)."""
    return os.environ.get("PLATEAU_SUPERVISED") == "1"


class StreamGuard:
    """ASGI wrapper of the SSE routes: their count and their end on draining."""

    def __init__(self, app: ASGIApp, lifecycle: Lifecycle) -> None:
        self.app = app
        self.lifecycle = lifecycle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") != "GET"
            or not is_stream(scope.get("path", ""))
        ):
            await self.app(scope, receive, send)
            return
        lc = self.lifecycle
        if lc.draining:
            await send_problem(
                send,
                503,
                "draining",
                "this process is shutting down",
                scope["path"],
                headers={"Retry-After": "1"},
            )
            return
        lc.streams += 1
        metrics.open_streams(+1)
        stream = _Stream(receive, send)
        watcher = asyncio.ensure_future(stream.end_on_drain(lc))
        try:
            await self.app(scope, stream.receive, stream.send)
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await watcher
            lc.streams -= 1
            metrics.open_streams(-1)


class _Stream:
    """One guarded stream: its answer can be ended here when the process
    drains, and the app then learns of it as a disconnect."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        self.sse = False  # the answer started as text/event-stream
        self.closed = False  # the answer's last body was sent
        self.ended = asyncio.Event()  # the stream was ended here (draining)
        self._lock = asyncio.Lock()

    async def send(self, message: Message) -> None:
        async with self._lock:
            if self.closed:
                return  # ended on draining: the app's late writes are dropped
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers") or [])
                self.sse = headers.get(b"content-type", b"").startswith(b"text/event-stream")
            await self._send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                self.closed = True

    async def receive(self) -> Message:
        # The app learns of the end as a disconnect, so its generator stops.
        receiving = asyncio.ensure_future(self._receive())
        waiting = asyncio.ensure_future(self.ended.wait())
        try:
            done, _ = await asyncio.wait({receiving, waiting}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (receiving, waiting):
                if not task.done():
                    task.cancel()
        if receiving in done:
            return receiving.result()
        return {"type": "http.disconnect"}

    async def end_on_drain(self, lifecycle: Lifecycle) -> None:
        await lifecycle.wait_draining()
        # Only a started SSE answer is ended here; anything else finishes.
        while not self.sse and not self.closed:
            await asyncio.sleep(0.05)
        if not self.sse:
            return
        async with self._lock:
            if self.closed:
                return
            self.closed = True
            await self._send(
                {
                    "type": "http.response.body",
                    "body": f": draining\nretry: {RETRY_MS}\n\n".encode(),
                    "more_body": False,
                }
            )
        self.ended.set()
