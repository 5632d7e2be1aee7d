"""Shared request helpers for the controllers."""

from __future__ import annotations

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
