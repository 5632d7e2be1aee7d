"""What an operator needs around the API: request ids, access logs, metrics,
rate limits, the SSE cap and draining, and the background upkeep.

``instrument(app, settings)`` wraps the app's ASGI handler (outside routing,
so unknown routes are counted and limited too; inside, the hot reads and commands of
``service.fastpath``) and adds a lifespan that:

* chains the draining step into granian's signal handlers (``plateau serve`` only);
* samples the per-process gauges (pool use, memory, descriptors) every few seconds;
* purges idempotency records older than ``PLATEAU_IDEMPOTENCY_RETENTION``
  every ``PLATEAU_PURGE_INTERVAL`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.config
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from service import metrics
from service.fastpath import HotPath
from service.lifecycle import (
    ASGIApp,
    Lifecycle,
    Message,
    Receive,
    Scope,
    Send,
    StreamGuard,
    send_problem,
    supervised,
)
from service.limits import RateLimiter
from service.logs import REQUEST_ID, dict_config, request_id_from
from service.settings import Settings

log = logging.getLogger("plateau.ops")
access = logging.getLogger("plateau.access")

UNLIMITED = ("/health/", "/metrics")
SAMPLE_EVERY = 5.0


class Edge:
    """Request id, access log line, request metrics and rate limits."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter | None) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next((v for k, v in scope.get("headers", ()) if k == b"x-request-id"), None)
        request_id = request_id_from(header)
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        answer: dict[str, Any] = {"status": 0, "first_byte": None}
        rid = request_id.encode()

        async def edge_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = int(message["status"])
                answer["first_byte"] = time.perf_counter()
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"x-request-id"]
                headers.append((b"x-request-id", rid))
                message["headers"] = headers
            await send(message)

        method = scope.get("method", "GET")
        path = scope.get("path", "")
        try:
            refusal = None
            if self.limiter is not None and not path.startswith(UNLIMITED):
                refusal = await self.limiter.check(scope)
            if refusal is not None:
                metrics.RATE_LIMITED.labels(refusal.limit).inc()
                await send_problem(
                    edge_send,
                    429,
                    "rate_limited",
                    f"more than {refusal.allowed} requests in {refusal.window} s per {refusal.limit}",
                    path,
                    refusal.retry_after,
                )
            else:
                await self.app(scope, receive, edge_send)
        finally:
            ended = time.perf_counter()
            status = answer["status"] or 500
            route = scope.get("path_template") or ("unmatched" if status == 404 else "other")
            stream = route.endswith("/events/stream")
            took = (answer["first_byte"] or ended) - started if stream else ended - started
            metrics.observe_request(method, route, status, took)
            level = (
                logging.INFO
                if status < 500
                else (logging.WARNING if status == 503 else logging.ERROR)
            )
            access.log(
                level,
                "%s %s %d",
                method,
                path,
                status,
                extra={
                    "method": method,
                    "route": route,
                    "status": status,
                    "duration_ms": round((ended - started) * 1000, 2),
                    "client": (scope.get("client") or ("", 0))[0],
                },
            )
            REQUEST_ID.reset(token)


def instrument(app: Any, settings: Settings) -> Lifecycle:
    """Wrap ``app`` (a Litestar app) and return its ``Lifecycle``."""
    lifecycle = Lifecycle(drain_seconds=settings.drain_seconds, max_streams=settings.max_streams)
    limiter = None
    if settings.rate_limit_token > 0 or settings.rate_limit_address > 0:
        limiter = RateLimiter(
            per_token=settings.rate_limit_token,
            per_address=settings.rate_limit_address,
            window=settings.rate_limit_window,
            redis_url=settings.redis_url,
            prefix=settings.redis_prefix,
            trusted_proxies=settings.trusted_proxies,
        )
    reads = HotPath(StreamGuard(app.asgi_handler, lifecycle), app.state)
    app.asgi_handler = Edge(reads, limiter)
    app.state.lifecycle = lifecycle
    app.state.limiter = limiter
    return lifecycle


async def _every(seconds: float, job: Any, name: str) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the store may be down: try again next time
            log.warning("%s failed: %s", name, exc)


@asynccontextmanager
async def operations(app: Any) -> AsyncIterator[None]:
    """The lifespan part of ``instrument`` (runs after the backends are open)."""
    settings: Settings = app.state.settings
    lifecycle: Lifecycle = app.state.lifecycle
    if supervised():
        # Litestar configured the root logger when the app was built: our JSON
        # lines (with request ids) take over, as for granian's own loggers.
        logging.config.dictConfig(dict_config(settings.log_format, settings.log_level))
        lifecycle.install_signal_handlers(asyncio.get_running_loop())
    store = app.state.store

    async def sample() -> None:
        metrics.sample(store)
        metrics.DRAINING.set(1 if lifecycle.draining else 0)

    async def purge() -> None:
        before = datetime.now(UTC) - timedelta(seconds=settings.idempotency_retention)
        deleted = await store.purge_idempotency(before)
        if deleted:
            metrics.IDEMPOTENCY_PURGED.inc(deleted)
            log.info("purged %d idempotency record(s) older than %s", deleted, before.isoformat())

    tasks = [asyncio.create_task(_every(SAMPLE_EVERY, sample, "metrics sampling"))]
    if settings.purge_interval > 0:
        tasks.append(
            asyncio.create_task(_every(settings.purge_interval, purge, "idempotency purge"))
        )
    with contextlib.suppress(Exception):
        await sample()
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        limiter = app.state.limiter
        if limiter is not None:
            await limiter.close()
        metrics.mark_exit()


def document(doc: dict[str, Any]) -> dict[str, Any]:
    """Add what this module answers to the OpenAPI document: the ``X-Request-ID``
    header on every answer, 429 ``rate_limited`` on every limited operation and
    503 ``too_many_streams`` / ``draining`` on the stream."""
    components = doc.setdefault("components", {})
    components.setdefault("headers", {})["X-Request-ID"] = {
        "description": "The request's id: the client's `X-Request-ID` when it is 1-128 characters"
        " of `[A-Za-z0-9._:-]`, else a new one; in every log line of the request",
        "schema": {"type": "string", "maxLength": 128},
    }
    components["headers"]["Retry-After"] = {
        "description": "Seconds to wait before trying again",
        "schema": {"type": "integer", "minimum": 1},
    }
    problem = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    retry = {"Retry-After": {"$ref": "#/components/headers/Retry-After"}}
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            responses = op["responses"]
            if not path.startswith(UNLIMITED) and "429" not in responses:
                responses["429"] = {
                    "description": "Too many requests for this token or client address"
                    " (`rate_limited`, when `PLATEAU_RATE_LIMIT_*` is set)",
                    "headers": dict(retry),
                    "content": problem,
                }
            if path.endswith("/events/stream") and method == "get":
                responses["503"] = {
                    "description": "`too_many_streams` (this process serves `PLATEAU_MAX_STREAMS`)"
                    " or `draining` (shutting down: reconnect, the load balancer picks another)",
                    "headers": dict(retry),
                    "content": problem,
                }
            for response in responses.values():
                if isinstance(response, dict):
                    headers = response.setdefault("headers", {})
                    headers.setdefault(
                        "X-Request-ID", {"$ref": "#/components/headers/X-Request-ID"}
                    )
    return doc
