"""``create_app(settings) -> Litestar``: no import-time side effects.

The app is the API's controllers (``service.api``) and the document's pages
(``service.openapi``), with the backends and the application opened in the
lifespan (``service.api.lifespan``) and every ASGI wrapper around it
(``service.api.middleware``)."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.config.cors import CORSConfig

from service.api.deps import LANGUAGE, ServiceSlot
from service.api.hooks import Parameters, allowed_queries, complete_allow_header, query_guard
from service.api.lifespan import backends, operations
from service.api.middleware import instrument
from service.api.problems import EXCEPTION_HANDLERS
from service.openapi import (
    API_VERSION,
    document_router,
    openapi_config,
    openapi_document,
    route_handlers,
)
from service.openapi.ui import secure_docs_pages
from service.settings import Settings

__all__ = ["API_VERSION", "create_app", "openapi_document"]


def create_app(settings: Settings | None = None, **overrides: Any) -> Litestar:
    """Build the app. Backends are opened in the lifespan, from ``settings``.

    ``overrides`` may inject ready-made ``store``, ``cache`` or ``notifier``
    objects (tests share one PostgreSQL pool across apps this way);
    ``bot_runner=False`` starts no bot runner (a process that plays no bots).
    """
    settings = settings or Settings.from_env()
    slot = ServiceSlot()  # the handlers' ``svc``, set by the lifespan
    allowed: dict[tuple[str, str], Parameters] = {}
    cors = (
        CORSConfig(allow_origins=list(settings.cors_origins), expose_headers=["ETag", "Location"])
        if settings.cors_origins
        else None
    )
    app = Litestar(
        route_handlers=[*route_handlers(), document_router(openapi_config())],
        before_request=query_guard(allowed),
        lifespan=[backends(settings, slot, overrides), operations],
        exception_handlers=EXCEPTION_HANDLERS,
        dependencies={"svc": slot.dependency(), "language": LANGUAGE},
        openapi_config=None,  # served by document_router, built once per process
        cors_config=cors,
        request_max_body_size=settings.max_body_bytes,
        debug=False,
        # Our own logging (service.logs, set up by ``plateau serve``'s workers);
        # Litestar's default would start one queue thread per app, never stopped.
        logging_config=None,
    )
    app.state.settings = settings
    # request ids, metrics, limits, SSE cap, draining; the hooks on the framework's
    # answers only (the hot path's never need them: ``FrameworkSend``)
    instrument(app, settings, before_send=(complete_allow_header, secure_docs_pages))
    allowed.update(allowed_queries(openapi_document()))
    return app
