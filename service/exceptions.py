"""The application's failures, as exceptions that know nothing of HTTP.

The application service (``service/games/``) and the controllers raise these;
``service/errors.py`` maps each class to its HTTP status and problem document
in one place. Every failure carries a stable ``code`` (the problem's
``code``), a human-readable ``detail`` and optional structured ``details``.
"""

from __future__ import annotations

from typing import Any, ClassVar


class ServiceError(Exception):
    """Base of every application failure; ``code`` defaults to the class's."""

    default_code: ClassVar[str] = "invalid_request"

    def __init__(
        self, detail: str, *, code: str | None = None, details: dict[str, Any] | None = None
    ) -> None:
        self.code = code or self.default_code
        self.detail = detail
        self.details = details
        super().__init__(f"{self.code}: {detail}")


class InvalidRequest(ServiceError):
    """The request is malformed: its body, a header or a parameter."""

    default_code = "invalid_request"


class Unauthenticated(ServiceError):
    """No usable token. ``challenge``: the answer names the scheme to use (Bearer)."""

    default_code = "unauthenticated"

    def __init__(
        self, detail: str, *, challenge: bool = False, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(detail, details=details)
        self.challenge = challenge


class Forbidden(ServiceError):
    """A valid token that does not grant this (another game's, several seats ...)."""

    default_code = "forbidden"


class NotFound(ServiceError):
    """No such game, seat, player, ruleset or version."""

    default_code = "not_found"


class Conflict(ServiceError):
    """The resource's current state refuses the request (``seat_taken``,
    ``game_not_active``, ``version_conflict`` ...)."""

    default_code = "version_conflict"


class StaleVersion(ServiceError):
    """``If-Match`` named a version the game is no longer (or not) at."""

    default_code = "stale_version"

    def __init__(self, detail: str, *, current_version: int) -> None:
        super().__init__(detail, details={"current_version": current_version})
        self.current_version = current_version


class TooLarge(ServiceError):
    """The request body exceeds its limit."""

    default_code = "payload_too_large"


class Unprocessable(ServiceError):
    """A well-formed request the application refuses (``sandbox_only``,
    ``command_not_in_ruleset``, ``idempotency_key_reused`` ...). Rule
    violations are the domain's own ``RuleViolation``."""

    default_code = "invalid_request"


__all__ = [
    "Conflict",
    "Forbidden",
    "InvalidRequest",
    "NotFound",
    "ServiceError",
    "StaleVersion",
    "TooLarge",
    "Unauthenticated",
    "Unprocessable",
]
