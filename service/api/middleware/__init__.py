"""Every ASGI wrapper of the app, outermost first:

1. ``Edge`` (``edge``): request id, access log line, request metrics, rate limits;
2. ``Slots`` (``slots``): the caps on open requests and streams (per process,
   per client address, per token) and the request body's deadline;
3. ``HotPath`` (``hot``): the plain hot requests, routed without Litestar,
   a plain game stream among them (``live``: counted and ended on draining
   through ``Lifecycle`` as the guard does);
4. ``StreamGuard`` (``lifecycle``): the framework's SSE streams' count, and
   their end when the process drains;
5. ``FrameworkSend``: the app's hooks on each answer message of the framework
   (what Litestar's ``before_send`` would run on every answer, the hot
   path's too, at two awaited calls per message);
6. the Litestar app.

``instrument(app, settings)`` puts them around a Litestar app.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from service import metrics
from service.api.headers import ClientAddress
from service.api.middleware.edge import Edge
from service.api.middleware.hot import HotPath
from service.api.middleware.lifecycle import Lifecycle, StreamGuard
from service.api.middleware.limits import RateLimiter
from service.api.middleware.slots import Slots
from service.api.types import ASGIApp, Message, Receive, Scope, Send
from service.settings import Settings

SendHook = Callable[[Message, Scope], Awaitable[None]]
"""A hook on an answer's message (``complete_allow_header``)."""


class FrameworkSend:
    """ASGI wrapper: ``hooks(message, scope)`` awaited on each message the
    framework sends, before it is sent (Litestar's ``before_send``, for the
    framework's answers only)."""

    def __init__(self, app: ASGIApp, hooks: Sequence[SendHook]) -> None:
        self.app = app
        self.hooks = tuple(hooks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.hooks:
            await self.app(scope, receive, send)
            return
        hooks = self.hooks

        async def hooked(message: Message) -> None:
            for hook in hooks:
                await hook(message, scope)
            await send(message)

        await self.app(scope, receive, hooked)


def instrument(app: Any, settings: Settings, before_send: Sequence[SendHook] = ()) -> Lifecycle:
    """Wrap ``app`` (a Litestar app) and return its ``Lifecycle``; ``before_send``:
    hooks on the framework's answers (``FrameworkSend``)."""
    metrics.known_routes(route.path_format for route in app.routes)
    lifecycle = Lifecycle(drain_seconds=settings.drain_seconds)
    address = ClientAddress(settings.trusted_proxies)
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
    framework = FrameworkSend(app.asgi_handler, before_send)
    slots = Slots(HotPath(StreamGuard(framework, lifecycle), app.state), settings, address)
    app.asgi_handler = Edge(slots, limiter)
    app.state.lifecycle = lifecycle
    app.state.slots = slots
    app.state.limiter = limiter
    return lifecycle


__all__ = [
    "Edge",
    "FrameworkSend",
    "HotPath",
    "Lifecycle",
    "Slots",
    "StreamGuard",
    "instrument",
]
