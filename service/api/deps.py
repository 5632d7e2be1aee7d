"""Shared request helpers for the controllers."""

from __future__ import annotations

import re
from typing import Any

from litestar import Request

from service.errors import ApiError
from service.games import GameService

PRIVATE = {"Cache-Control": "private, no-store"}


def service(request: Request[Any, Any, Any]) -> GameService:
    svc: GameService = request.app.state.games
    return svc


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None when absent)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401,
            "unauthenticated",
            "the Authorization header must be 'Bearer <token>'",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return token.strip()


_ENTITY_TAG = re.compile(r'\s*(W/)?"([^"]*)"\s*(?:,|$)')


def parse_if_match(value: str | None) -> frozenset[int] | None:
    """An ``If-Match`` field (RFC 9110 §13.1.1) as the versions it may match.

    ``None`` when absent or ``*`` (any current version). Otherwise the
    strong tags' versions; a weak tag (``W/"2"``) never matches under the
    strong comparison ``If-Match`` requires, so ``W/"2"`` alone is a set
    that matches nothing (412). Anything but a list of quoted versions is 400.
    """
    if value is None:
        return None
    raw = value.strip()
    if raw == "*":
        return None
    malformed = ApiError(
        400,
        "invalid_request",
        'If-Match must be "*" or a list of quoted versions, e.g. "12"',
    )
    versions: set[int] = set()
    position = 0
    while position < len(raw):
        match = _ENTITY_TAG.match(raw, position)
        if match is None or match.end() == position:
            raise malformed
        opaque = match.group(2)
        if not opaque.isascii() or not opaque.isdigit() or len(opaque) > 12:
            raise malformed
        if match.group(1) is None:
            versions.add(int(opaque))
        position = match.end()
        if raw.endswith(",") and position == len(raw):
            raise malformed
    if not raw:
        raise malformed
    return frozenset(versions)


def parse_version_header(value: str | None, header: str) -> int | None:
    """``"12"``, ``W/"12"`` or ``12`` -> 12."""
    if value is None:
        return None
    raw = value.strip()
    if raw.startswith("W/"):
        raw = raw[2:]
    raw = raw.strip('"')
    if not raw.isdigit() or len(raw) > 12:
        raise ApiError(400, "invalid_request", f'{header} must be a version in quotes, e.g. "12"')
    return int(raw)
