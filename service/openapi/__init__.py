"""The OpenAPI document: built once per process from the app's routes,
completed (``document``, ``operations``, ``links``, ``examples``) and served
under ``/schema`` with an offline Swagger UI (``ui``)."""

from __future__ import annotations

import functools
from typing import Any

from litestar import Litestar, Request, Router, get
from litestar.constants import OPENAPI_JSON_HANDLER_NAME
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin, YamlRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme, Server

from service.api import route_handlers as api_handlers
from service.api.deps import LANGUAGE, ServiceSlot
from service.openapi.ui import OfflineSwagger, docs_router, swagger_asset


def _version() -> str:
    """The one version number: the package's, from pyproject.toml."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("plateau")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0.0.0"


API_VERSION = _version()
DESCRIPTION = """\
Plateau hosts turn-based board games behind an event-sourced REST API.

Create a game (`POST /games`), claim its seats (`POST /games/{game_id}/seats/{seat}`,
each answers a bearer token shown once), then play: read `GET /games/{game_id}/state`,
list `GET /games/{game_id}/legal-commands` and post one of them to
`POST /games/{game_id}/commands`. Every change is an immutable event
(`GET /games/{game_id}/events`, live at `/events/stream`).

Commands and events of every game are typed schemas in discriminated unions on
their `type` field (`"<ruleset>.<name>"`). Errors are RFC 9457
`application/problem+json` with a stable `code`.
"""


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Plateau",
        version=API_VERSION,
        description=DESCRIPTION,
        path="/schema",
        render_plugins=[OfflineSwagger(), JsonRenderPlugin(), YamlRenderPlugin()],
        openapi_router=docs_router(),
        use_handler_docstrings=True,
        servers=[Server(url="/")],
        components=Components(
            security_schemes={
                "bearer": SecurityScheme(
                    type="http", scheme="bearer", description="A seat token (or a player token)"
                )
            }
        ),
    )


def route_handlers() -> list[Any]:
    """Every route handler of the app but the document's own (``/schema``)."""
    return [*api_handlers(), swagger_asset]


@functools.cache
def openapi_document() -> dict[str, Any]:
    """The finalized OpenAPI document, built once per process.

    Building the document is most of the cost of an app, and every app of a
    process has the same routes: one app made for the purpose builds it
    (``Litestar.openapi_schema``, Litestar's public API), ``finalize`` and
    ``service.api.middleware.edge`` complete it, and every app serves this one
    (``document_router``) and checks its query parameters against it."""
    from service.openapi.document import finalize
    from service.openapi.operations import document as operations_document

    builder = Litestar(
        route_handlers=route_handlers(),
        dependencies={"svc": ServiceSlot().dependency(), "language": LANGUAGE},
        openapi_config=openapi_config(),
        debug=False,
    )
    return operations_document(finalize(builder.openapi_schema.to_schema()))


def document_router(config: OpenAPIConfig) -> Router:
    """``/schema``: the render plugins of ``config`` (Swagger UI, JSON, YAML)
    serving ``openapi_document()``, as Litestar's own router would serve the
    document it builds per app."""

    def render_handler(plugin: OpenAPIRenderPlugin) -> HTTPRouteHandler:
        paths = list(plugin.paths)
        if plugin is config.default_plugin and not plugin.has_path("/"):
            paths.append("/")
        name = OPENAPI_JSON_HANDLER_NAME if plugin.has_path("/openapi.json") else None

        @get(paths, media_type=plugin.media_type, sync_to_thread=False, name=name)
        def render(request: Request[Any, Any, Any]) -> bytes:
            return plugin.render(request, openapi_document())

        return render

    router = Router(
        config.path or "/schema",
        route_handlers=[render_handler(p) for p in config.render_plugins],
        include_in_schema=False,
    )
    for plugin in config.render_plugins:
        plugin.receive_router(router)
    return router
