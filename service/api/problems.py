"""One error map: every failure becomes an RFC 9457 ``application/problem+json``.

The application raises the HTTP-free exceptions of ``service/games/exceptions.py``
(and the domain its ``RuleViolation``); ``STATUS`` below is the one place that
gives each its HTTP status. Codes are stable and machine-readable; the table
in docs/errors.md lists them.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    MethodNotAllowedException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
    ValidationException,
)
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

from domain import RuleViolation
from service.api.headers import NO_STORE
from service.api.types import Send
from service.games.bodies import MAX_JSON_DEPTH
from service.games.exceptions import (
    Conflict,
    Forbidden,
    InvalidRequest,
    NotFound,
    QuotaExceeded,
    ServiceError,
    StaleVersion,
    TooLarge,
    Unauthenticated,
    Unprocessable,
)
from service.store.base import StoreUnavailable

log = logging.getLogger("plateau")

PROBLEM_JSON = "application/problem+json"

TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    412: "Precondition Failed",
    413: "Content Too Large",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}


SERVICE_CODES: dict[str, tuple[int, str]] = {
    "invalid_request": (
        400,
        f"malformed request: bad JSON (or nested over {MAX_JSON_DEPTH} levels deep),"
        " wrong types, unknown fields or parameters",
    ),
    "unauthenticated": (401, "missing or invalid token"),
    "forbidden": (403, "a token of another game or seat"),
    "import_forbidden": (
        403,
        "a player imports only finished games: a game in play needs the operator's token",
    ),
    "fork_forbidden": (
        403,
        "a game in play is forked only with the operator's token or in the sandbox",
    ),
    "not_found": (404, "unknown game, seat, player, version or path"),
    "method_not_allowed": (405, "the path exists, not with this method (see `Allow`)"),
    "body_timeout": (408, "the request body did not arrive in time (`PLATEAU_BODY_TIMEOUT`)"),
    "seat_taken": (409, "the seat is already claimed"),
    "game_not_active": (409, "the game is not running (waiting for seats, or finished)"),
    "version_conflict": (409, "the game kept moving: retry"),
    "game_exists": (409, "an imported game's id exists here"),
    "game_not_finished": (409, "only a finished game can be exported"),
    "stale_version": (412, "`If-Match` names another version"),
    "payload_too_large": (413, "the request body is too large"),
    "command_not_in_ruleset": (422, "a command of another ruleset"),
    "idempotency_key_reused": (422, "an `Idempotency-Key` reused with another request"),
    "bot_with_token": (422, "a bot seat claimed with a token or a player name"),
    "unknown_bot_seat": (422, "`bots` names a seat the game does not have"),
    "sandbox_only": (422, "a `seed` or a `position` outside sandbox mode"),
    "position_conflict": (422, "a `position` with `options`, `seed` or `bots`: it fixes them"),
    "export_rejected": (422, "an import refused by the audit (`details.reason`)"),
    "import_over_budget": (
        422,
        "an import whose audit needs more CPU than `PLATEAU_IMPORT_AUDIT_SECONDS`",
    ),
    "not_a_resting_point": (
        422,
        "a fork's version inside a move (`details.previous_resting_version`,"
        " `details.next_resting_version`)",
    ),
    "version_out_of_range": (
        422,
        "a fork's version beyond the game's log (`details.last_version`)",
    ),
    "rate_limited": (429, "too many requests (see `Retry-After`)"),
    "quota_exceeded": (
        429,
        "this client address created its quota of games or players, or has its bound of"
        " bots-only games in play (`details.quota`; see `Retry-After`)",
    ),
    "internal_error": (500, "a bug: never expected"),
    "store_unavailable": (503, "the event store cannot be reached (see `Retry-After`)"),
    "overloaded": (503, "this process serves its maximum of requests (see `Retry-After`)"),
    "too_many_connections": (
        503,
        "this client address has its maximum of requests in progress (see `Retry-After`)",
    ),
    "too_many_streams": (
        503,
        "this process, client address or token has its maximum of streams open",
    ),
    "draining": (503, "the process is shutting down: reconnect"),
}
"""The service's own problem codes: code -> (status, meaning). A rule violation
answers 422 with its ruleset's code instead (``Ruleset.error_codes``)."""


GATEWAY_CODES: dict[str, tuple[int, str]] = {
    "upstream_unavailable": (502, "only behind `deploy/nginx.conf`: no replica answered"),
}
"""Codes answered by the deployment's reverse proxy, not by the service."""


def problem_codes() -> dict[str, str]:
    """Every ``code`` a problem can carry -> where it comes from, sorted by code."""
    from domain import RULESETS

    sources: dict[str, list[str]] = {
        code: [f"{status}: {meaning}"]
        for code, (status, meaning) in {**SERVICE_CODES, **GATEWAY_CODES}.items()
    }
    for name, ruleset in RULESETS.items():
        for code in ruleset.error_codes:
            sources.setdefault(code, []).append(f"422 ({name})")
    return {code: "; ".join(sources[code]) for code in sorted(sources)}


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem detail with Plateau's stable ``code``."""

    type: str
    """A URI naming the problem type (``urn:plateau:problem:<code>``)."""
    title: str
    """A short human-readable summary of the problem type."""
    status: int
    """The HTTP status code."""
    code: str
    """Stable, machine-readable error code (``not_your_turn``, ``stale_version`` ...):
    one of ``ProblemCode``."""
    detail: str
    """A human-readable explanation of this occurrence."""
    instance: str | None = None
    """The request path this problem occurred on, when known."""
    details: dict[str, Any] | None = None
    """Structured facts about the error (the offending cell, card, seat ...)."""


class ApiError(Exception):
    """A failure that names its HTTP status itself (prefer ``service.games.exceptions``)."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code, self.detail = status, code, detail
        self.details = details
        self.headers = headers or {}


def bad_request(detail: str, **details: Any) -> InvalidRequest:
    return InvalidRequest(detail, details=details or None)


def not_found(detail: str) -> NotFound:
    return NotFound(detail)


STATUS: dict[type[ServiceError], int] = {
    InvalidRequest: 400,
    Unauthenticated: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    StaleVersion: 412,
    TooLarge: 413,
    Unprocessable: 422,
    QuotaExceeded: 429,
}
"""The HTTP status of each application failure (the most derived class wins)."""


def status_of(exc: ServiceError) -> int:
    return next((STATUS[c] for c in type(exc).__mro__ if c in STATUS), 400)


def problem_body(
    status: int, code: str, detail: str, instance: str | None, details: dict[str, Any] | None
) -> bytes:
    """The encoded ``Problem`` of every problem answer."""
    return msgspec.json.encode(
        Problem(
            type=f"urn:plateau:problem:{code}",
            title=TITLES.get(status, "Error"),
            status=status,
            code=code,
            detail=detail,
            instance=instance,
            details=details,
        )
    )


_STORE_DOWN = ApiError(
    503, "store_unavailable", "the event store is unavailable", headers={"Retry-After": "1"}
)
"""The answer to any ``StoreUnavailable`` (the cause is logged, never shown)."""


def problem_of(
    exc: ServiceError | RuleViolation | StoreUnavailable,
) -> tuple[int, str, str, dict[str, Any] | None, dict[str, str]]:
    """(status, code, detail, details, extra headers) of an application
    failure: the one mapping behind the framework's handlers below and the
    answers ``service.api.middleware.hot`` writes itself."""
    if isinstance(exc, StoreUnavailable):
        log.warning("store unavailable: %s", exc)
        down = _STORE_DOWN
        return down.status, down.code, down.detail, None, dict(down.headers)
    if isinstance(exc, RuleViolation):
        return 422, exc.code, exc.message, exc.details or None, {}
    headers: dict[str, str] = {}
    if isinstance(exc, StaleVersion):
        headers["ETag"] = f'"{exc.current_version}"'
    if isinstance(exc, QuotaExceeded):
        headers["Retry-After"] = str(exc.retry_after)
    return status_of(exc), exc.code, exc.detail, exc.details, headers


CHALLENGE = {"WWW-Authenticate": "Bearer"}
"""Sent with every 401 (RFC 9110 section 15.5.2 asks it of each): the scheme
the API takes, whatever was wrong (no token, a malformed or an unknown one)."""


def problem_headers(status: int, headers: dict[str, str] | None) -> dict[str, str]:
    """The headers of every problem answer, both writers': ``Cache-Control:
    no-store``, the challenge of a 401, then the failure's own."""
    return {**NO_STORE, **(CHALLENGE if status == 401 else {}), **(headers or {})}


def problem_response(
    request: Request[Any, Any, Any] | None,
    status: int,
    code: str,
    detail: str,
    *,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response[bytes]:
    """A problem answer through Litestar (the controllers' exception handlers)."""
    instance = str(request.url.path) if request is not None else None
    return Response(
        content=problem_body(status, code, detail, instance, details),
        status_code=status,
        media_type=PROBLEM_JSON,
        headers=problem_headers(status, headers),
    )


async def send_problem(
    send: Send,
    status: int,
    code: str,
    detail: str,
    instance: str,
    *,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> None:
    """The same problem answer written on a raw ASGI ``send`` (the middleware:
    the hot path, the stream guard, the rate limits), with the same bytes and
    headers as ``problem_response``."""
    body = problem_body(status, code, detail, instance, details)
    raw = [
        *(
            (k.lower().encode("latin-1"), v.encode("latin-1"))
            for k, v in problem_headers(status, headers).items()
        ),
        (b"content-type", PROBLEM_JSON.encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body, "more_body": False})


def _api_error(request: Request[Any, Any, Any], exc: ApiError) -> Response[bytes]:
    return problem_response(
        request, exc.status, exc.code, exc.detail, details=exc.details, headers=exc.headers
    )


def _service_error(request: Request[Any, Any, Any], exc: ServiceError) -> Response[bytes]:
    status, code, detail, details, headers = problem_of(exc)
    return problem_response(request, status, code, detail, details=details, headers=headers)


def _rule_violation(request: Request[Any, Any, Any], exc: RuleViolation) -> Response[bytes]:
    status, code, detail, details, headers = problem_of(exc)
    return problem_response(request, status, code, detail, details=details, headers=headers)


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[bytes]:
    extra = exc.extra if isinstance(exc.extra, list | dict) else None
    detail = exc.detail or "invalid request"
    return problem_response(
        request, 400, "invalid_request", detail, details={"errors": extra} if extra else None
    )


def _http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    status = exc.status_code
    headers = dict(exc.headers or {})
    if isinstance(exc, NotFoundException) or status == 404:
        return problem_response(
            request, 404, "not_found", exc.detail or "not found", headers=headers
        )
    if isinstance(exc, MethodNotAllowedException) or status == 405:
        return problem_response(request, 405, "method_not_allowed", exc.detail, headers=headers)
    if isinstance(exc, NotAuthorizedException) or status == 401:
        return problem_response(request, 401, "unauthenticated", exc.detail, headers=headers)
    if isinstance(exc, PermissionDeniedException) or status == 403:
        return problem_response(request, 403, "forbidden", exc.detail, headers=headers)
    if status == 413:
        return problem_response(request, 413, "payload_too_large", exc.detail, headers=headers)
    if 400 <= status < 500:
        return problem_response(request, status, "invalid_request", exc.detail, headers=headers)
    return problem_response(request, status, "internal_error", exc.detail, headers=headers)


def _store_down(request: Request[Any, Any, Any], exc: StoreUnavailable) -> Response[bytes]:
    status, code, detail, details, headers = problem_of(exc)
    return problem_response(request, status, code, detail, details=details, headers=headers)


def _internal(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem_response(
        request, HTTP_500_INTERNAL_SERVER_ERROR, "internal_error", "internal error"
    )


EXCEPTION_HANDLERS: dict[type[Exception] | int, Any] = {
    ApiError: _api_error,
    ServiceError: _service_error,
    RuleViolation: _rule_violation,
    ValidationException: _validation,
    StoreUnavailable: _store_down,
    HTTPException: _http,
    Exception: _internal,
}
