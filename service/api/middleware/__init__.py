"""Every ASGI wrapper of the app, outermost first:

1. ``Edge`` (``edge``): request id, access log line, request metrics, rate limits;
2. ``Slots`` (``slots``): the caps on open requests and streams (per process,
   per client address, per token) and the request body's deadline;
3. ``HotPath`` (``hot``): the plain hot requests, routed without Litestar,
   a plain game stream among them (``live``: counted and ended on draining
   through ``Lifecycle`` as the guard does);
4. ``StreamGuard`` (``lifecycle``): the framework's SSE streams' count, and
   their end when the process drains;
5. the Litestar app.

``instrument(app, settings)`` puts them around a Litestar app.
"""

from __future__ import annotations

from typing import Any

from service import metrics
from service.api.headers import ClientAddress
from service.api.middleware.edge import Edge
from service.api.middleware.hot import HotPath
from service.api.middleware.lifecycle import Lifecycle, StreamGuard
from service.api.middleware.limits import RateLimiter
from service.api.middleware.slots import Slots
from service.settings import Settings


def instrument(app: Any, settings: Settings) -> Lifecycle:
    """Wrap ``app`` (a Litestar app) and return its ``Lifecycle``."""
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
    slots = Slots(HotPath(StreamGuard(app.asgi_handler, lifecycle), app.state), settings, address)
    app.asgi_handler = Edge(slots, limiter)
    app.state.lifecycle = lifecycle
    app.state.slots = slots
    app.state.limiter = limiter
    return lifecycle


__all__ = ["Edge", "HotPath", "Lifecycle", "Slots", "StreamGuard", "instrument"]
