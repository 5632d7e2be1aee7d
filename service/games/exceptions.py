"""The application's failures, as exceptions that know nothing of HTTP.

The application service (``service/games/``) and the controllers raise these;
``service/api/problems.py`` maps each class to its HTTP status and problem document
in one place. Every failure carries a stable ``code`` (the problem's
``code``), a human-readable ``detail`` and optional structured ``details``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from service.store.base import GameRecord


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
    """No usable token: missing, malformed or unknown (every 401 names the
    scheme to use, ``service.api.problems.CHALLENGE``)."""

    default_code = "unauthenticated"


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
        self.since: tuple[GameRecord, int] | None = None
        """(the game, the version the caller named): who moved since is said in
        words only when the refusal is answered (a replayed retry never is)."""


class TooLarge(ServiceError):
    """The request body exceeds its limit."""

    default_code = "payload_too_large"


class Unprocessable(ServiceError):
    """A well-formed request the application refuses (``sandbox_only``,
    ``command_not_in_ruleset``, ``idempotency_key_reused`` ...). Rule
    violations are the domain's own ``RuleViolation``."""

    default_code = "invalid_request"


class QuotaExceeded(ServiceError):
    """A client address made all the games or players its quota allows
    (``details.quota``: ``games``, ``players`` or ``bot_games``); ``retry_after``:
    seconds until it may try again."""

    default_code = "quota_exceeded"

    def __init__(self, detail: str, *, retry_after: int, details: dict[str, Any]) -> None:
        super().__init__(detail, details=details)
        self.retry_after = max(1, retry_after)


def not_active(game_id: str, status: str) -> Conflict:
    """409 ``game_not_active``: the game is waiting for seats or finished.
    The one home of this refusal (a command, a claim, a read of a game not started)."""
    if status == "waiting":
        return Conflict(f"game {game_id} has not started: seats are free", code="game_not_active")
    if status == "active":
        return Conflict(f"game {game_id} has already started", code="game_not_active")
    return Conflict(f"game {game_id} is {status}", code="game_not_active")


def not_started(game_id: str) -> Conflict:
    """``not_active`` for a game whose seats are still free."""
    return not_active(game_id, "waiting")


__all__ = [
    "Conflict",
    "Forbidden",
    "InvalidRequest",
    "NotFound",
    "QuotaExceeded",
    "ServiceError",
    "StaleVersion",
    "TooLarge",
    "Unauthenticated",
    "Unprocessable",
    "not_active",
    "not_started",
]
