"""Event stores: choose one from a database URL with ``open_store``."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import unquote

from service.store._common import decode_cursor, encode_cursor
from service.store.base import EventStore

__all__ = ["EventStore", "decode_cursor", "encode_cursor", "open_store", "sqlite_path"]


def sqlite_path(database_url: str) -> str:
    """The file path of a ``sqlite:`` URL.

    ``sqlite:///var/plateau.db`` and ``sqlite:var/plateau.db`` are relative to
    the working directory, ``sqlite:////srv/plateau.db`` is absolute, and
    ``sqlite:///:memory:`` / ``sqlite::memory:`` is a private in-memory database
    (tests only: it lives and dies with the store).
    """
    if not database_url.startswith("sqlite:"):
        raise ValueError(f"not a sqlite URL: {database_url!r}")
    rest = database_url[len("sqlite:") :]
    if rest.startswith("//"):
        rest = rest[2:]  # sqlite://<empty host>/<path>
        if not rest.startswith("/"):
            raise ValueError(f"sqlite URL with a host is not supported: {database_url!r}")
        rest = rest[1:]  # the separator after the empty host
    rest = unquote(rest.split("?", 1)[0])
    if not rest:
        raise ValueError(f"sqlite URL without a path: {database_url!r}")
    return rest


def open_store(database_url: str, **options: Any) -> EventStore:
    """An unopened store for ``database_url`` (the caller awaits ``open()``).

    ``sqlite:///relative.db``, ``sqlite:////abs.db``, ``sqlite:relative.db``;
    ``postgresql://...`` or ``postgres://...`` (``options`` such as ``min_size``
    and ``max_size`` go to ``PostgresEventStore``). The parent directory of a
    SQLite file is created here.
    """
    if database_url.startswith("sqlite:"):
        from service.store.sqlite import SqliteEventStore

        path = sqlite_path(database_url)
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        return SqliteEventStore(path, **options)
    scheme = database_url.split(":", 1)[0].lower()
    if scheme in ("postgresql", "postgres", "postgresql+psycopg", "postgres+psycopg"):
        from service.store.postgres import PostgresEventStore

        url = "postgresql:" + database_url.split(":", 1)[1]
        return PostgresEventStore(url, **options)
    raise ValueError(f"unsupported database URL scheme: {scheme!r} (use sqlite: or postgresql:)")
