"""Helpers shared by the SQLite and PostgreSQL stores (no driver code here)."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources

import msgspec

from service.store.base import InvalidCursor

MIGRATIONS_PACKAGE = "service.store"

# The tables a reset (tests) or an export must know about, children first.
TABLES = ("events", "snapshots", "commands", "seats", "game_secrets", "games", "players")


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_utc(value: datetime) -> datetime:
    """Aware UTC datetime; a naive value is taken to be UTC already."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def iso(value: datetime) -> str:
    """Fixed-width ISO 8601 in UTC: text order equals time order (SQLite columns)."""
    return to_utc(value).isoformat(timespec="microseconds")


def from_iso(value: str) -> datetime:
    return to_utc(datetime.fromisoformat(value))


# --- list_games cursors ------------------------------------------------------------


class _CursorKey(msgspec.Struct, array_like=True):
    created_at: str
    game_id: str


def encode_cursor(created_at: datetime, game_id: str) -> str:
    """Opaque keyset cursor: base64url of the last row's (created_at, game_id)."""
    raw = msgspec.json.encode(_CursorKey(iso(created_at), game_id))
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        key = msgspec.json.decode(base64.urlsafe_b64decode(padded.encode("ascii")), type=_CursorKey)
        return from_iso(key.created_at), key.game_id
    except (ValueError, binascii.Error, UnicodeEncodeError, msgspec.DecodeError) as exc:
        raise InvalidCursor(f"invalid cursor: {cursor!r}") from exc


# --- migrations ---------------------------------------------------------------------


@dataclass(frozen=True)
class Migration:
    name: str
    """The file name (``0001_init.sql``), recorded in ``schema_migrations``."""
    sql: str


def load_migrations(dialect: str) -> list[Migration]:
    """The versioned migrations of ``dialect`` (``sqlite``/``postgres``), in name order."""
    folder = resources.files(MIGRATIONS_PACKAGE).joinpath("migrations", dialect)
    found = [
        Migration(entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".sql")
    ]
    return sorted(found, key=lambda m: m.name)


def json_dumps(value: object) -> str:
    return msgspec.json.encode(value).decode("utf-8")
