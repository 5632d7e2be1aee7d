"""The outermost wrapper: request id, access log line, request metrics and
rate limits, for every request (unknown routes included)."""

from __future__ import annotations

import logging
import time
from typing import Any

from service import metrics
from service.api.middleware.limits import RateLimiter
from service.api.problems import send_problem
from service.api.types import ASGIApp, Message, Receive, Scope, Send
from service.logs import REQUEST_ID, AccessLog, request_id_from

ACCESS = AccessLog(logging.getLogger("plateau.access"))

UNLIMITED = ("/health/", "/metrics")
"""Paths never rate limited (probes and scrapes)."""


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
                    headers={"Retry-After": str(refusal.retry_after)},
                )
            else:
                await self.app(scope, receive, edge_send)
        finally:
            ended = time.perf_counter()
            status = answer["status"] or 500
            route = scope.get("path_template") or "other"
            stream = route.endswith("/events/stream")
            took = (answer["first_byte"] or ended) - started if stream else ended - started
            metrics.observe_request(method, route, status, took)
            level = (
                logging.INFO
                if status < 500
                else (logging.WARNING if status == 503 else logging.ERROR)
            )
            ACCESS.write(
                level,
                f"{method} {path} {status}",
                {
                    "method": method,
                    "route": route,
                    "status": status,
                    "duration_ms": round((ended - started) * 1000, 2),
                    "client": (scope.get("client") or ("", 0))[0],
                },
            )
            REQUEST_ID.reset(token)
