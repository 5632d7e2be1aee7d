"""The Litestar hooks of the app: what a handler's typed parameters cannot
check (``query_guard``, before each request) and a complete ``Allow`` header
(``complete_allow_header``, before each answer)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from service.api.problems import ApiError, bad_request, not_found


async def complete_allow_header(message: Any, scope: Any) -> None:
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


class Parameters(NamedTuple):
    query: dict[str, dict[str, Any]]
    """Query parameter name -> its schema."""
    headers: frozenset[str]
    """Lower-case names of the request headers the operation reads."""


def allowed_queries(document: dict[str, Any]) -> dict[tuple[str, str], Parameters]:
    allowed: dict[tuple[str, str], Parameters] = {}
    for path, item in document.get("paths", {}).items():
        for method, op in item.items():
            if isinstance(op, dict) and "responses" in op:
                params = op.get("parameters", [])
                query = {p["name"]: p.get("schema", {}) for p in params if p.get("in") == "query"}
                headers = frozenset(
                    [p["name"].lower() for p in params if p.get("in") == "header"]
                    + ["authorization"]
                )
                allowed[(path, method.upper())] = Parameters(query, headers)
    return allowed


_NUMBER = {
    "integer": re.compile(r"-?[0-9]+"),
    "number": re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"),
}


def query_guard(allowed: dict[tuple[str, str], Parameters]) -> Any:
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
                choices = ", ".join(map(str, schema["enum"]))
                raise bad_request(
                    f"query parameter {name!r} must be one of: {choices}", parameter=name
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
