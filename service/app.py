"""``create_app(settings) -> Litestar``: no import-time side effects."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

from litestar import Litestar, Request, Router, get
from litestar.config.cors import CORSConfig
from litestar.constants import OPENAPI_JSON_HANDLER_NAME
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin, YamlRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme, Server

from service.api.deps import ServiceSlot
from service.api.exports import ExportsController
from service.api.games import GamesController
from service.api.health import HealthController
from service.api.metrics import metrics_endpoint
from service.api.players import PlayersController
from service.api.rulesets import RulesetsController
from service.docs_ui import OfflineSwagger, docs_router, secure_docs_pages, swagger_asset
from service.errors import EXCEPTION_HANDLERS
from service.settings import Settings
from service.web import web_handlers

log = logging.getLogger("plateau")


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
    return [
        HealthController,
        RulesetsController,
        GamesController,
        ExportsController,
        PlayersController,
        *web_handlers(),
        metrics_endpoint,
        swagger_asset,
    ]


@functools.cache
def openapi_document() -> dict[str, Any]:
    """The finalized OpenAPI document, built once per process.

    Building the document is most of the cost of an app, and every app of a
    process has the same routes: one app made for the purpose builds it
    (``Litestar.openapi_schema``, Litestar's public API), ``finalize`` and
    ``service.ops`` complete it, and every app serves this one
    (``document_router``) and checks its query parameters against it."""
    from service.openapi import finalize
    from service.ops import document as operations_document

    builder = Litestar(
        route_handlers=route_handlers(),
        dependencies={"svc": ServiceSlot().dependency()},
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


def create_app(settings: Settings | None = None, **overrides: Any) -> Litestar:
    """Build the app. Backends are opened in the lifespan, from ``settings``.

    ``overrides`` may inject ready-made ``store``, ``cache`` or ``notifier``
    objects (tests share one PostgreSQL pool across apps this way);
    ``bot_runner=False`` starts no bot runner (a process that plays no bots).
    """
    from service.bots import BotRunner
    from service.cache import make_cache
    from service.games import GameService
    from service.ops import instrument, operations
    from service.settings import store_options
    from service.store import open_store
    from service.streams import make_notifier

    settings = settings or Settings.from_env()
    slot = ServiceSlot()  # the handlers' ``svc``, set by the lifespan

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        owned: list[Any] = []
        store = overrides.get("store")
        if store is None:
            store = open_store(settings.database_url, **store_options(settings))
            await store.open()
            owned.append(store)
        cache = overrides.get("cache")
        if cache is None:
            cache = make_cache(settings.redis_url, settings.redis_prefix)
            await cache.open()
            owned.append(cache)
        notifier = overrides.get("notifier")
        if notifier is None:
            notifier = make_notifier(settings.redis_url, settings.redis_prefix)
            await notifier.open()
            owned.append(notifier)
        app.state.settings = settings
        app.state.store = store
        app.state.cache = cache
        app.state.notifier = notifier
        app.state.games = slot.games = GameService(settings, store, cache, notifier)
        bots = BotRunner(app.state.games)
        if overrides.get("bot_runner", True):  # tests may start a process without one
            bots.start()
        app.state.bots = bots
        try:
            yield
        finally:
            await bots.stop()
            for resource in reversed(owned):
                try:
                    await resource.close()
                except Exception as exc:  # pragma: no cover - best effort on shutdown
                    log.warning("closing %s failed: %s", type(resource).__name__, exc)

    allowed_queries: dict[tuple[str, str], _Parameters] = {}
    cors = (
        CORSConfig(allow_origins=list(settings.cors_origins), expose_headers=["ETag", "Location"])
        if settings.cors_origins
        else None
    )
    app = Litestar(
        route_handlers=[*route_handlers(), document_router(openapi_config())],
        before_send=[_complete_allow_header, secure_docs_pages],
        before_request=_query_guard(allowed_queries),
        lifespan=[lifespan, operations],
        exception_handlers=EXCEPTION_HANDLERS,
        dependencies={"svc": slot.dependency()},
        openapi_config=None,  # served by document_router, built once per process
        cors_config=cors,
        request_max_body_size=settings.max_body_bytes,
        debug=False,
    )
    app.state.settings = settings
    instrument(app, settings)  # request ids, metrics, limits, SSE cap, draining (service.ops)
    allowed_queries.update(_allowed_queries(openapi_document()))
    return app


async def _complete_allow_header(message: Any, scope: Any) -> None:
    """OPTIONS answers and 405s list every method of the path, in one order.

    Litestar 2.x builds the automatic OPTIONS answer from the first handler
    registered on a path only (``/games`` answered ``OPTIONS, POST`` without
    ``GET``); recompute ``Allow`` from all the app's routes of that path.
    """
    if message["type"] != "http.response.start":
        return
    headers = message.get("headers", [])
    given = [v.decode() for k, v in headers if k.lower() == b"allow"]
    methods: set[str] = set()
    if message.get("status") == 405:  # Litestar's Allow there is complete: sort it
        methods = {m.strip() for v in given for m in v.split(",") if m.strip()}
    elif scope.get("method") == "OPTIONS":
        app = scope.get("litestar_app")
        template = scope.get("path_template")
        if app is None or template is None:
            return
        methods = {"OPTIONS"}
        for route in app.routes:
            if getattr(route, "path_format", None) == template:
                methods |= set(getattr(route, "methods", ()))
    if not methods:
        return
    kept = [(k, v) for k, v in headers if k.lower() != b"allow"]
    message["headers"] = [*kept, (b"allow", ", ".join(sorted(methods | {"OPTIONS"})).encode())]


class _Parameters(NamedTuple):
    query: dict[str, dict[str, Any]]
    """Query parameter name -> its schema."""
    headers: frozenset[str]
    """Lower-case names of the request headers the operation reads."""


def _allowed_queries(document: dict[str, Any]) -> dict[tuple[str, str], _Parameters]:
    allowed: dict[tuple[str, str], _Parameters] = {}
    for path, item in document.get("paths", {}).items():
        for method, op in item.items():
            if isinstance(op, dict) and "responses" in op:
                params = op.get("parameters", [])
                query = {p["name"]: p.get("schema", {}) for p in params if p.get("in") == "query"}
                headers = frozenset(
                    [p["name"].lower() for p in params if p.get("in") == "header"]
                    + ["authorization"]
                )
                allowed[(path, method.upper())] = _Parameters(query, headers)
    return allowed


_NUMBER = {
    "integer": re.compile(r"-?[0-9]+"),
    "number": re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"),
}


def _query_guard(allowed: dict[tuple[str, str], _Parameters]) -> Any:
    """What the typed parameters of a handler cannot see, refused before it runs.

    - an unknown query parameter is a 400, like an unknown body field: a typo
      (``?limt=5``) must not be silently ignored;
    - a repeated query parameter or request header the operation reads is a
      400, never "last one wins";
    - an empty or non-numeric value of a numeric query parameter
      (``?version=null``) is a 400, never "absent";
    - U+0000 (which PostgreSQL text cannot hold) is a 400 in a query value or
      header, a 404 in a path id (no id holds it).

    ``allowed`` is filled from the finalized OpenAPI document once the app is built."""
    from service.errors import ApiError, bad_request, not_found

    async def guard(request: Any) -> None:
        for name, value in request.path_params.items():
            if isinstance(value, str) and "\x00" in value:
                raise not_found(f"no resource with this {name}")
        params = allowed.get((request.scope.get("path_template", ""), request.method))
        if params is None:
            return
        query = request.query_params
        unknown = sorted(k for k in query if k not in params.query)
        if unknown:
            raise ApiError(
                400,
                "invalid_request",
                f"unknown query parameter(s): {', '.join(repr(u) for u in unknown)}",
                details={"allowed": sorted(params.query)},
            )
        for name in query:
            values = query.getall(name)
            if len(values) > 1:
                raise bad_request(f"query parameter {name!r} is repeated", parameter=name)
            value = values[0]
            if value == "" or "\x00" in value:
                raise bad_request(f"query parameter {name!r} has no valid value", parameter=name)
            schema = params.query[name]
            number = _NUMBER.get(str(schema.get("type", "")))
            if number is not None and not number.fullmatch(value):
                raise bad_request(f"query parameter {name!r} must be a number", parameter=name)
            if "enum" in schema and value not in schema["enum"]:
                raise bad_request(
                    f"query parameter {name!r} must be one of {schema['enum']}", parameter=name
                )
            if "pattern" in schema and not re.search(schema["pattern"], value):
                raise bad_request(f"query parameter {name!r} is malformed", parameter=name)
        for name in params.headers:
            values = request.headers.getall(name, [])
            if len(values) > 1:
                raise bad_request(f"header {name!r} is repeated", header=name)
            if values and "\x00" in values[0]:
                raise bad_request(f"header {name!r} holds U+0000", header=name)

    return guard
