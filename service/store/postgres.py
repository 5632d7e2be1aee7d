"""The PostgreSQL event store: psycopg 3 with an ``AsyncConnectionPool``.

Concurrency model (any number of processes, each with its own pool)
-------------------------------------------------------------------
* ``append`` and ``claim_seat`` lock the game's row (``SELECT ... FOR
  UPDATE``) and compare its version, so writers of one game queue on the row
  and the loser sees the new version (``VersionConflict``, nothing written).
  The primary key ``(game_id, version)`` of ``events`` backs this up: a
  unique violation there is also a ``VersionConflict``.
* No table lock: writers never wait for each other's commits. The global
  ``position`` comes from an identity sequence, so it is allocated at insert
  time, and a transaction may commit after another one that got a higher
  position. Before it inserts events, a writer takes a shared transaction
  advisory lock (a *marker*) whose key carries the sequence's last value
  ``c`` at that moment; its positions are then all above ``c``, and the
  marker is released only once its commit (or rollback) is visible.
  ``read_all`` reads the sequence's last value ``S`` first, then the smallest
  marker ``m`` held in this database (``pg_locks``), and serves only
  positions ``<= min(S, m)`` from a snapshot taken afterwards: every
  position up to there belongs to a finished transaction, so a reader
  resuming after the last position it saw never misses an event committed
  later with a lower position, and never sees one twice. Shared locks never
  conflict, so the markers cost writers nothing but a function call inside
  the append statement. ``tests/store/test_feed_horizon.py``
  holds a writer open between a marker and its commit and checks it.
* No lock orders the inserts either: a move's events take increasing
  positions (inserted in version order), and another game's events may take
  positions between them. The allocation lock that kept them contiguous
  (migrations 0004 and 0008) capped the appends at 0.6-0.7 of the same
  statement without it from 32 clients on; migration 0009 dropped it.
* ``append`` is one statement, ``plateau_append()`` (migration 0009): the
  marker, the games row updated where its version is the expected one, the
  command recorded, the events inserted. Sent
  alone in autocommit it is its own transaction: one round trip to the
  server and one statement for the driver (``_one_statement``). Idempotency
  keys are backed by the unique index ``commands_idempotency``; when the
  version did not match, the key is looked up before answering
  ``VersionConflict``. An append given the new version's snapshot is
  ``plateau_append_snapshot()`` (migration 0012): the same, then the snapshot.
* ``claim_seat`` is one statement too, ``plateau_claim_game()`` (migrations
  0010 and 0011), which returns the game it leaves: the checks, the seat, and
  for the claim that fills the game the setup's update and events (made by
  the caller's hook before the statement, from the game as the caller read
  it). When the game is not as read (another claim came in between), the
  function writes nothing and the claim runs as a transaction whose hook
  makes the setup from what it finds. ``create_game`` is one pipeline (its
  three inserts, one implicit transaction).
* Driver errors become store errors in one place, ``_translate``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
import weakref
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import msgspec
import psycopg
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb, set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool

from service.store._common import (
    COMMAND_COLUMNS,
    COMMAND_LOG_COLUMNS,
    DISTINCT_PLAYERS,
    EVENT_COLUMNS,
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Dialect,
    Statements,
    bot_games_query,
    check_claim,
    command_record,
    game_params,
    game_records,
    import_statements,
    json_dumps,
    list_games_query,
    load_migrations,
    logged_command,
    next_page,
    player_record,
    quota_params,
    quota_usage,
    read_query,
    snapshot_query,
    stored_event,
    to_utc,
    utcnow,
)
from service.store.base import (
    CommandRecord,
    GameAlreadyExists,
    GameImport,
    GameNotFound,
    GameNotWaiting,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    LoggedCommandRow,
    NewEvent,
    PlayerRecord,
    QuotaUsage,
    SeatTaken,
    Snapshot,
    StartHook,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    UnknownSeat,
    VersionConflict,
)

Conn = AsyncConnection[tuple[Any, ...]]

log = logging.getLogger("plateau.store")

_MIGRATION_LOCK = 0x706C6174  # pg_advisory_xact_lock key ("plat")
_CHECK_IDLE = 1.0
"""A pooled connection idle longer than this (seconds) is checked with a round
trip before it is lent; one back more recently is lent as is (a broken one
then fails its request with 503 and is discarded, as during an outage)."""
_PURGE_BATCH = 5000
_NEVER_GIVE_UP = 10.0 * 365 * 24 * 3600
"""The pool's ``reconnect_timeout``: it keeps trying (``_Pool``)."""
_READY_WAIT = 1.0
"""``open(wait=False)`` waits this long for the schema before returning (a
database that answers is ready before the first request)."""
_RETRY_CAP = 1.0
"""Seconds between two attempts to migrate while PostgreSQL is away, at most."""

# Feed markers: pg_advisory_xact_lock_shared((_MARKER_HI << 32) + c), c the
# events sequence's last value (< 2**48). In pg_locks: classid = _MARKER_HI +
# (c >> 32), objid = c & 0xffffffff, objsubid = 1 (the one-bigint form).
_MARKER_HI = 0x504C0000
_SEQUENCE = "pg_get_serial_sequence('events', 'position')::regclass"
_TAKE_MARKER = (
    f"SELECT pg_advisory_xact_lock_shared(({_MARKER_HI}::bigint << 32)"
    f" + COALESCE(pg_sequence_last_value({_SEQUENCE}), 0))"
)
_LAST_ALLOCATED = f"SELECT COALESCE(pg_sequence_last_value({_SEQUENCE}), 0)"
_LOWEST_MARKER = (
    f"SELECT min(((classid::bigint - {_MARKER_HI}) << 32) + objid::bigint) FROM pg_locks"
    " WHERE locktype = 'advisory' AND objsubid = 1"
    f" AND classid >= {_MARKER_HI} AND classid < {_MARKER_HI + 0x10000}"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)

_APPEND = (
    "SELECT plateau_append(%(game_id)s, %(expected)s, %(version)s, %(status)s,"
    " %(to_act)s::jsonb, %(outcome)s::jsonb, %(winners)s::jsonb, %(now)s, %(command_id)s::text,"
    " %(seat)s::text, %(key)s::text, %(request_hash)s::text, %(command)s::jsonb,"
    " %(response_status)s, %(response)s::bytea, %(events)s::jsonb)"
)
"""One statement, its own transaction (migration 0009): the feed's marker, the
games row moved from the expected version, the command recorded, the events
inserted; 1, or 0 when the version did not match."""
_APPEND_POOLED = (
    "SELECT plateau_append_pooled(%(game_id)s, %(expected)s, %(version)s, %(status)s,"
    " %(to_act)s::jsonb, %(outcome)s::jsonb, %(winners)s::jsonb, %(now)s, %(command_id)s::text,"
    " %(seat)s::text, %(key)s::text, %(request_hash)s::text, %(command)s::jsonb,"
    " %(response_status)s, %(response)s::bytea, %(events)s::jsonb)"
    " FROM (SELECT set_config('lock_timeout', %(lock_timeout)s, true)) AS settings"
)
"""``_APPEND`` behind a pooler in transaction mode (``pooler="transaction"``):
``plateau_append_pooled`` (migrations 0008 and 0009), whose implicit transaction
sets its own ``lock_timeout`` first (a session ``SET`` would stay with a server
connection other clients share)."""

_APPEND_SNAPSHOT = (
    "SELECT plateau_append_snapshot(%(game_id)s, %(expected)s, %(version)s, %(status)s,"
    " %(to_act)s::jsonb, %(outcome)s::jsonb, %(winners)s::jsonb, %(now)s, %(command_id)s::text,"
    " %(seat)s::text, %(key)s::text, %(request_hash)s::text, %(command)s::jsonb,"
    " %(response_status)s, %(response)s::bytea, %(events)s::jsonb, %(snapshot)s::bytea)"
)
"""``_APPEND`` and the new version's snapshot (migration 0012), for an append given
one: a snapshot had been a statement and a transaction of its own."""
_APPEND_SNAPSHOT_POOLED = (
    _APPEND_SNAPSHOT
    + " FROM (SELECT set_config('lock_timeout', %(lock_timeout)s, true)) AS settings"
)
"""``_APPEND_SNAPSHOT`` behind a pooler in transaction mode, as ``_APPEND_POOLED``."""

_CLAIM = (
    "SELECT * FROM plateau_claim_game(%(game_id)s, %(seat)s, %(player_id)s::text,"
    " %(player_name)s::text, %(token_hash)s, %(now)s, %(bot)s::text, %(creator)s::text,"
    " %(fill)s, %(expected)s, %(version)s, %(status)s::text, %(to_act)s::jsonb,"
    " %(outcome)s::jsonb, %(winners)s::jsonb, %(events)s::jsonb, %(lock_timeout)s::text)"
)
"""A seat's claim, one statement (``plateau_claim()`` of migration 0010, run by
``plateau_claim_game()`` of migration 0011): the checks, the seat, and for the
claim that fills the game its setup's update and events; what happened
(``claimed``, ``started``, ``retry`` or the check that refused it) and, claimed or
started, the game's row once per seat in seat order (``_CLAIMED_GAME`` columns,
then ``_CLAIMED_SEAT``'s). Behind a pooler in transaction mode, ``lock_timeout``
is set for its transaction (None on a direct connection, whose session has it)."""
_CLAIMED_GAME = slice(1, 16)
"""The ``GAME_COLUMNS`` of a row of ``_CLAIM``."""
_CLAIMED_SEAT = slice(16, 21)
"""The ``SEAT_COLUMNS`` after ``game_id`` of a row of ``_CLAIM``."""

POOLERS = ("transaction",)
"""The ``pooler`` values ``PostgresEventStore`` knows (``None``: a direct connection)."""


def _as_is(value: Any) -> Any:
    return value


def _dump_json(value: Any) -> bytes:
    """jsonb parameters encoded by msgspec (the game's ``to_act``, winners, outcome and
    a command's body at every append; ``json.dumps`` took several times longer)."""
    return msgspec.json.encode(value)


def _json_text(value: Any) -> str:
    """A jsonb parameter of the append and the claim as JSON text, sent untyped into
    the statement's ``::jsonb`` cast: a ``Jsonb`` wrapper costs a dumper looked up
    and made per parameter and execution (four at every append)."""
    return msgspec.json.encode(value).decode()


def _load_json(data: str | bytes) -> Any:
    """jsonb columns decoded by msgspec (several times faster than ``json.loads``);
    the standard library for what msgspec refuses (a number beyond a double)."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError:
        return json.loads(data)


# psycopg adapts datetimes itself and decodes jsonb columns on read.
_POSTGRES = Dialect(
    mark="%s", dump_json=Jsonb, load_json=_as_is, dump_time=_as_is, load_time=to_utc
)
SQL = Statements(_POSTGRES)


def _translate(
    exc: psycopg.Error, *, game_id: str | None = None, expected: int | None = None
) -> StoreError:
    """The one place where psycopg errors become store errors."""
    if isinstance(exc, psycopg.errors.UniqueViolation):
        constraint = exc.diag.constraint_name
        if constraint == "events_pkey":
            return VersionConflict(game_id or "?", -1 if expected is None else expected)
        if constraint == "commands_idempotency":
            return IdempotencyConflict(str(exc))
        if constraint == "games_pkey":
            return GameAlreadyExists(game_id or str(exc))
        return StoreError(str(exc))
    if isinstance(exc, psycopg.errors.ForeignKeyViolation):
        return GameNotFound(game_id or str(exc))
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        # connection refused or lost, pool timeout/closed, lock_timeout,
        # deadlock, serialization failure, admin shutdown...
        return StoreUnavailable(str(exc) or type(exc).__name__)
    return StoreError(str(exc))


class _Pool(AsyncConnectionPool[Conn]):
    """psycopg_pool's pool with reconnection attempts at most ``RECONNECT_CAP`` apart,
    that never gives up, and knows whether its last attempt to connect failed.

    The stock backoff doubles without bound (1, 2, 4, 8 s...): after an
    outage of ten seconds the next attempt could come 8 s after PostgreSQL's
    return. Capped, commands succeed again about a second after it is back
    (tests/faults measures it). The stock pool also stops trying after
    ``reconnect_timeout`` (5 minutes): here it keeps one attempt a second
    going for as long as PostgreSQL is away, so a worker started (or left)
    without a database recovers by itself whenever it comes back.

    ``reachable``: None before the first attempt ends, then whether the
    latest attempt to open a connection succeeded (``PostgresEventStore._lend``
    answers at once instead of queueing for ``timeout`` while it is False).
    """

    RECONNECT_CAP = 1.0
    reachable: bool | None = None

    async def _add_connection(self, attempt: Any, growing: bool = False) -> None:
        if attempt is not None and attempt.delay * attempt.DELAY_BACKOFF > self.RECONNECT_CAP:
            attempt.delay = self.RECONNECT_CAP / attempt.DELAY_BACKOFF
        await super()._add_connection(attempt, growing=growing)

    async def _connect(self, timeout: float | None = None) -> Conn:
        try:
            conn = await super()._connect(timeout)
        except BaseException:
            self.reachable = False
            raise
        self.reachable = True
        return conn

    def has_idle(self) -> bool:
        return int(self.get_stats().get("pool_available", 0)) > 0


def events_json(events: Sequence[NewEvent]) -> str:
    """The events of an append or a claim as the one JSON text ``plateau_append()`` and
    ``plateau_claim()`` take (no per-element array escaping)."""
    return msgspec.json.encode(
        [{"type": e.type, "schema_version": e.schema_version, "data": e.data} for e in events]
    ).decode()


class PostgresEventStore:
    """``EventStore`` on PostgreSQL.

    ``url``: a libpq URL or conninfo. ``min_size``/``max_size``: the pool.
    Added optional parameters: ``timeout`` (seconds to wait for a pooled
    connection before ``StoreUnavailable``), ``connect_timeout`` (seconds per
    connection attempt), ``lock_timeout_ms`` (waiting for a game row or the
    events insert lock before ``StoreUnavailable``), ``statement_timeout_ms``
    (PostgreSQL's ``statement_timeout`` on every pooled connection).

    ``pooler="transaction"``: ``url`` reaches PostgreSQL through a pooler in
    transaction mode (PgBouncer ``pool_mode = transaction``), which lends a
    server connection for one transaction only: no prepared statements
    (``prepare_threshold=None``: PgBouncer before 1.21 does not carry them, nor
    later ones with ``max_prepared_statements = 0``), no startup ``options``
    (PgBouncer refuses the parameter), no session ``SET`` (``lock_timeout`` and
    ``statement_timeout`` are set per transaction with ``set_config(..., true)``)
    and no session-level advisory lock (the store takes none: the feed's markers
    and the migrations' lock are transaction-scoped).
    Migrations need nothing more: they run in one transaction under a
    transaction-scoped lock.
    """

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 2,
        max_size: int = 10,
        timeout: float = 10.0,
        connect_timeout: int = 5,
        lock_timeout_ms: int = 10_000,
        statement_timeout_ms: int | None = None,
        pooler: str | None = None,
    ) -> None:
        if pooler is not None and pooler not in POOLERS:
            raise ValueError(f"unknown pooler mode {pooler!r} (known: {', '.join(POOLERS)})")
        self.url = url
        self.pooler = pooler
        self.min_size = min_size
        self.max_size = max(max_size, min_size)
        self._timeout = timeout
        self._connect_timeout = connect_timeout
        self._lock_timeout_ms = int(lock_timeout_ms)
        self._statement_timeout_ms = (
            None if statement_timeout_ms is None else int(statement_timeout_ms)
        )
        self._pool: _Pool | None = None
        self._returned: weakref.WeakKeyDictionary[Conn, float] = weakref.WeakKeyDictionary()
        self._ready = False
        """The schema is migrated: requests may run (``open(wait=False)`` serves 503 until then)."""
        self._starting: asyncio.Task[None] | None = None

    def _make_pool(self) -> _Pool:
        # A new pool per open(): psycopg_pool cannot reopen a closed pool.
        return _Pool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            open=False,  # opened explicitly in open()
            timeout=self._timeout,
            reconnect_timeout=_NEVER_GIVE_UP,
            kwargs=self._connect_kwargs(),
            configure=self._configure,
            check=self._check,
            name="plateau-store",
        )

    async def _check(self, conn: Conn) -> None:
        """The pool's check before lending a connection: a round trip
        (``check_connection``) only when it has been idle a while, not one per
        transaction."""
        if time.monotonic() - self._returned.get(conn, 0.0) > _CHECK_IDLE:
            await AsyncConnectionPool.check_connection(conn)

    async def _configure(self, conn: Conn) -> None:
        """Each new connection: every wait for a row lock is bounded
        (``StoreUnavailable`` after it), set once instead of per transaction (per transaction
        behind a pooler: ``_tx``, ``_APPEND_POOLED``)."""
        if self.pooler is None:
            await conn.execute(f"SET lock_timeout = {self._lock_timeout_ms}")
            await conn.commit()
        set_json_loads(_load_json, conn)
        set_json_dumps(_dump_json, conn)

    def _connect_kwargs(self) -> dict[str, Any]:
        # The process id in application_name: pg_stat_activity shows each worker's connections.
        # Autocommit: a read is one statement, one round trip (no BEGIN and
        # COMMIT around it); transactions are explicit (``_tx``), or one statement (``_one_statement``).
        kwargs: dict[str, Any] = {
            "autocommit": True,
            "connect_timeout": self._connect_timeout,
            "application_name": f"plateau/{os.getpid()}",
        }
        if self.pooler is not None:
            # A server connection serves many clients: nothing prepared on it
            # (no prepared statement lives past a transaction), and no startup
            # options (PgBouncer refuses them; the timeouts are set per transaction).
            kwargs["prepare_threshold"] = None
            return kwargs
        if self._statement_timeout_ms is not None:
            # Every statement of every pooled connection is bounded (a runaway
            # query answers 503 instead of holding a connection).
            kwargs["options"] = f"-c statement_timeout={self._statement_timeout_ms}"
        return kwargs

    # --- plumbing -------------------------------------------------------------------

    @asynccontextmanager
    async def _lend(
        self, timeout: float | None = None, *, migrating: bool = False
    ) -> AsyncIterator[Conn]:
        """A pooled connection; the time it comes back in good order is noted
        (``_check``). ``StoreUnavailable`` at once, without queueing for
        ``timeout``, while the schema is not migrated yet (``open(wait=False)``)
        or the pool's latest attempt to connect failed and no connection is idle."""
        async with self._lendable(migrating).connection(timeout=timeout) as conn:
            yield conn
            self._returned[conn] = time.monotonic()

    def _lendable(self, migrating: bool = False) -> _Pool:
        """The pool, when a connection may be asked of it; else ``StoreUnavailable``."""
        pool = self._pool
        if pool is None:
            raise StoreUnavailable("the PostgreSQL store is not open")
        if not (self._ready or migrating):
            raise StoreUnavailable("the PostgreSQL store is starting: its schema is not ready")
        if pool.reachable is False and self.min_size > 0 and not pool.has_idle():
            # The pool keeps trying in the background (one attempt a second):
            # answer now rather than hold the request for the whole timeout.
            raise StoreUnavailable("PostgreSQL cannot be reached")
        return pool

    @asynccontextmanager
    async def _tx(
        self,
        *,
        game_id: str | None = None,
        expected: int | None = None,
        timeout: float | None = None,
        migrating: bool = False,
    ) -> AsyncIterator[Conn]:
        """A pooled connection inside one transaction; driver errors translated."""
        try:
            async with self._lend(timeout, migrating=migrating) as conn:
                async with conn.transaction():
                    if self.pooler is not None:
                        await self._set_local_timeouts(conn)
                    yield conn
        except psycopg.Error as exc:
            raise _translate(exc, game_id=game_id, expected=expected) from exc

    async def _set_local_timeouts(self, conn: Conn) -> None:
        """Behind a pooler: this transaction's ``lock_timeout`` and
        ``statement_timeout`` (what a direct connection sets once for its session)."""
        statement = "0" if self._statement_timeout_ms is None else str(self._statement_timeout_ms)
        await conn.execute(
            "SELECT set_config('lock_timeout', %s, true), set_config('statement_timeout', %s, true)",
            (str(self._lock_timeout_ms), statement),
        )

    @asynccontextmanager
    async def _read(self, *, timeout: float | None = None) -> AsyncIterator[Conn]:
        """A pooled connection outside any transaction: each statement is its
        own (READ COMMITTED, as a statement in ``_tx`` would see), one round
        trip each; driver errors translated."""
        try:
            async with self._lend(timeout) as conn:
                yield conn
        except psycopg.Error as exc:
            raise _translate(exc) from exc

    async def _one_statement(
        self,
        sql: str,
        params: dict[str, Any],
        *,
        game_id: str | None = None,
        expected: int | None = None,
    ) -> tuple[Any, ...] | None:
        """One statement in autocommit (its own transaction), one round trip;
        its first row. Driver errors as ``_tx``."""
        try:
            # ``_lend`` inlined: one context manager less on every append.
            async with self._lendable().connection() as conn:
                # Not prepared: preparing costs a round trip of its own
                # outside a pipeline, and planning ``SELECT f(...)`` is
                # trivial (the function's own plans are kept per session).
                cur = await conn.execute(sql, params, prepare=False)
                row = await cur.fetchone()
                self._returned[conn] = time.monotonic()
                return row
        except psycopg.Error as exc:
            raise _translate(exc, game_id=game_id, expected=expected) from exc

    # --- lifecycle ------------------------------------------------------------------

    async def open(self, *, wait: bool = True) -> None:
        """Open the pool and migrate. ``wait``: wait for ``min_size`` connections
        and the migrations, and raise ``StoreUnavailable`` if PostgreSQL does not
        answer (the command line). Without it (a server's worker), return
        without waiting for PostgreSQL: the pool connects and the schema is
        migrated in the background, retried until PostgreSQL answers, and
        every request is answered ``StoreUnavailable`` until then."""
        if self._pool is not None:
            return
        pool = self._make_pool()
        if not wait:
            await pool.open(wait=False)
            self._pool = pool
            self._starting = asyncio.create_task(self._migrate_until_ready(), name="plateau-store")
            await asyncio.wait({self._starting}, timeout=min(self._timeout, _READY_WAIT))
            return
        try:
            await pool.open(wait=True, timeout=self._timeout)
        except psycopg.Error as exc:
            await pool.close()
            raise _translate(exc) from exc
        self._pool = pool
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def _migrate_until_ready(self) -> None:
        """``migrate`` until it succeeds (PostgreSQL is back), then the store serves."""
        delay = 0.1
        failures = 0
        while True:
            try:
                await self.migrate()
            except StoreError as exc:
                if failures == 0:
                    log.warning("PostgreSQL is not available yet (%s): retrying", exc)
                failures += 1
                await asyncio.sleep(delay)
                delay = min(_RETRY_CAP, delay * 2)
                continue
            if failures:
                log.info("PostgreSQL is available: the store serves again")
            return

    async def close(self) -> None:
        starting, self._starting = self._starting, None
        if starting is not None:
            starting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await starting
        self._ready = False
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def migrate(self) -> list[str]:
        """Apply pending migrations, one transaction under an advisory lock
        (so concurrent ``open()`` calls in several processes are safe). Once
        done, the store serves requests."""
        done: list[str] = []
        async with self._tx(migrating=True) as conn:
            # A migration may legitimately run longer than a request's statement_timeout.
            await conn.execute("SET LOCAL statement_timeout = 0")
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
            )
            cur = await conn.execute("SELECT name FROM schema_migrations")
            applied = {row[0] for row in await cur.fetchall()}
            for migration in load_migrations("postgres"):
                if migration.name in applied:
                    continue
                await conn.execute(migration.sql.encode("utf-8"))  # several statements
                await conn.execute(
                    "INSERT INTO schema_migrations (name) VALUES (%s)", (migration.name,)
                )
                done.append(migration.name)
        self._ready = True
        return done

    async def ping(self) -> None:
        async with self._read(timeout=min(self._timeout, 2.0)) as conn:
            await conn.execute("SELECT 1")

    # --- row helpers ------------------------------------------------------------------

    @staticmethod
    async def _games(conn: Conn, rows: Sequence[Sequence[Any]]) -> list[GameRecord]:
        """Games (with their seats) from rows of ``GAME_COLUMNS``."""
        seat_rows: Sequence[Sequence[Any]] = []
        if rows:
            cur = await conn.execute(
                f"SELECT {SEAT_COLUMNS} FROM seats"
                " WHERE game_id = ANY(%s) ORDER BY game_id, seat_order",
                ([row[0] for row in rows],),
            )
            seat_rows = await cur.fetchall()
        return game_records(_POSTGRES, rows, seat_rows)

    @staticmethod
    async def _game(conn: Conn, game_id: str) -> GameRecord | None:
        # The row and its seats in one pipeline: one round trip.
        async with conn.pipeline():
            cur = await conn.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE game_id = %s", (game_id,), prepare=True
            )
            seats = await conn.execute(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = %s ORDER BY seat_order",
                (game_id,),
                prepare=True,
            )
        rows = await cur.fetchall()
        if not rows:
            return None
        return game_records(_POSTGRES, rows, await seats.fetchall())[0]

    async def _insert_events(
        self,
        conn: Conn,
        game_id: str,
        first_version: int,
        events: Sequence[NewEvent],
        *,
        command_id: str | None,
        seat: str | None,
        now: datetime,
    ) -> None:
        if not events:
            return
        # The feed's marker, before any position is allocated (see the module doc).
        await conn.execute(_TAKE_MARKER)
        await conn.execute(
            "INSERT INTO events"
            " (game_id, version, type, schema_version, data, recorded_at, command_id, seat)"
            " SELECT %s, u.v, u.t, u.s, u.d::jsonb, %s, %s, %s"
            " FROM unnest(%s::integer[], %s::text[], %s::integer[], %s::text[]) AS u(v, t, s, d)"
            " ORDER BY u.v",
            (
                game_id,
                now,
                command_id,
                seat,
                [first_version + i for i in range(len(events))],
                [e.type for e in events],
                [e.schema_version for e in events],
                [json_dumps(e.data) for e in events],
            ),
        )

    @staticmethod
    async def _apply_update(
        conn: Conn, game_id: str, version: int, update: GameUpdate, now: datetime
    ) -> None:
        await conn.execute(
            "UPDATE games SET version = %(version)s, status = %(status)s, to_act = %(to_act)s,"
            " outcome = %(outcome)s, winners = %(winners)s, updated_at = %(now)s,"
            " finished_at = CASE WHEN %(status)s = 'finished' THEN COALESCE(finished_at, %(now)s)"
            " ELSE NULL END"
            " WHERE game_id = %(game_id)s",
            {
                "version": version,
                "status": update.status,
                "to_act": Jsonb(update.to_act),
                "outcome": None if update.outcome is None else Jsonb(update.outcome),
                "winners": Jsonb(update.winners),
                "now": now,
                "game_id": game_id,
            },
        )

    # --- players ----------------------------------------------------------------------

    async def create_player(
        self, player: PlayerRecord, token_hash: str, *, creator: str | None = None
    ) -> None:
        """Insert a player. Names are display names (never unique): this never
        raises on a repeated name; a reused player_id/token_hash is a StoreError."""
        async with self._tx() as conn:
            await conn.execute(
                SQL.INSERT_PLAYER,
                (player.player_id, player.name, token_hash, player.created_at, creator),
            )

    async def get_player(self, player_id: str) -> PlayerRecord | None:
        async with self._read() as conn:
            cur = await conn.execute(
                SQL.PLAYER_BY_ID,
                (player_id,),
            )
            return player_record(_POSTGRES, await cur.fetchone())

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        async with self._read() as conn:
            cur = await conn.execute(
                SQL.PLAYER_BY_TOKEN,
                (token_hash,),
            )
            return player_record(_POSTGRES, await cur.fetchone())

    async def player_games(self, player_id: str) -> list[GameRecord]:
        """Every game where the player holds a seat, newest first."""
        async with self._read() as conn:
            cur = await conn.execute(SQL.PLAYER_GAMES, (player_id,))
            return await self._games(conn, await cur.fetchall())

    # --- games ------------------------------------------------------------------------

    async def create_game(self, game: GameRecord, seed: str, *, creator: str | None = None) -> None:
        """Insert the games row, its seats (all unclaimed, in ``game.seats``
        order) and the secret seed. Raises GameAlreadyExists.

        One pipeline in autocommit: its statements are one implicit transaction,
        ended by the pipeline's one Sync (one round trip, where ``_tx`` takes
        five: BEGIN, the three inserts, COMMIT)."""
        try:
            async with self._lend() as conn, conn.pipeline():
                if self.pooler is not None:
                    await self._set_local_timeouts(conn)
                await conn.execute(
                    f"INSERT INTO games ({GAME_COLUMNS}, creator)"
                    f" VALUES ({', '.join(['%s'] * 16)})",
                    (*game_params(_POSTGRES, game), creator),
                )
                if game.seats:
                    await conn.execute(
                        "INSERT INTO seats (game_id, seat, seat_order) SELECT %s, u.seat, u.n - 1"
                        " FROM unnest(%s::text[]) WITH ORDINALITY AS u(seat, n)",
                        (game.game_id, [s.seat for s in game.seats]),
                    )
                await conn.execute(SQL.INSERT_SECRET, (game.game_id, seed))
        except psycopg.Error as exc:
            raise _translate(exc, game_id=game.game_id) from exc

    async def get_game(self, game_id: str) -> GameRecord | None:
        async with self._read() as conn:
            return await self._game(conn, game_id)

    async def list_games(
        self,
        *,
        ruleset: str | None = None,
        status: str | None = None,
        player_id: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> tuple[list[GameRecord], str | None]:
        """Newest first (created_at, game_id descending), keyset-paginated.

        Raises InvalidCursor for a cursor this store did not issue.
        """
        sql, params = list_games_query(
            _POSTGRES,
            ruleset=ruleset,
            status=status,
            player_id=player_id,
            limit=limit,
            cursor=cursor,
        )
        async with self._read() as conn:
            cur = await conn.execute(sql, params)
            games = await self._games(conn, await cur.fetchall())
        return next_page(games, limit)

    async def get_seed(self, game_id: str) -> str | None:
        async with self._read() as conn:
            cur = await conn.execute(SQL.SEED_OF, (game_id,))
            row = await cur.fetchone()
            return None if row is None else str(row[0])

    async def get_seeds(self, game_ids: list[str]) -> dict[str, str]:
        """(Added) The seeds of ``game_ids`` in one query (unknown ids are left out)."""
        if not game_ids:
            return {}
        async with self._read() as conn:
            cur = await conn.execute(
                "SELECT game_id, seed FROM game_secrets WHERE game_id = ANY(%s)",
                (list(dict.fromkeys(game_ids)),),
            )
            return {str(r[0]): str(r[1]) for r in await cur.fetchall()}

    async def last_winner(self, ruleset: str, player_ids: list[str]) -> str | None:
        if not player_ids:
            return None
        async with self._read() as conn:
            cur = await conn.execute(
                "SELECT s.player_id FROM games g JOIN seats s ON s.game_id = g.game_id"
                " WHERE g.ruleset = %s AND g.status = 'finished' AND s.player_id = ANY(%s)"
                " AND g.winners ? s.seat"
                f" AND ({DISTINCT_PLAYERS}) >= 2"
                " ORDER BY g.finished_at DESC, g.game_id DESC, s.seat_order ASC LIMIT 1",
                (ruleset, list(player_ids)),
            )
            row = await cur.fetchone()
            return None if row is None else str(row[0])

    # --- seats ------------------------------------------------------------------------

    async def claim_seat(
        self,
        game_id: str,
        seat: str,
        *,
        player_id: str | None,
        player_name: str | None,
        token_hash: str,
        on_full: StartHook,
        bot: str | None = None,
        creator: str | None = None,
        filling: GameRecord | None = None,
    ) -> GameRecord:
        now = utcnow()
        claimed = await self._claim_at_once(
            game_id,
            seat,
            {
                "player_id": player_id,
                "player_name": player_name,
                "token_hash": token_hash,
                "now": now,
                "bot": bot,
                "creator": creator,
            },
            on_full,
            filling,
        )
        if claimed is not None:
            return claimed
        async with self._tx(game_id=game_id) as conn:
            cur = await conn.execute(
                "SELECT status, version FROM games WHERE game_id = %s FOR UPDATE", (game_id,)
            )
            row = await cur.fetchone()
            if row is None:
                raise GameNotFound(game_id)
            status, version = row
            cur = await conn.execute(SQL.SEAT_CLAIMED_AT, (game_id, seat))
            seat_row = await cur.fetchone()
            check_claim(game_id, seat, status, seat_row)
            await conn.execute(
                SQL.CLAIM_SEAT,
                (player_id, player_name, token_hash, now, bot, game_id, seat),
            )
            if creator is not None:
                await conn.execute(SQL.SET_CREATOR, (creator, game_id))
            game = await self._game(conn, game_id)
            assert game is not None
            if not all(s.claimed for s in game.seats):
                return game
            # Still inside the transaction, the game row locked: a raising hook
            # rolls the claim back with everything else.
            events, update = await on_full(game)
            await self._apply_update(conn, game_id, version + len(events), update, now)
            after = await self._game(conn, game_id)
            assert after is not None
            await self._insert_events(
                conn, game_id, version + 1, events, command_id=None, seat=None, now=now
            )
            return after

    async def _claim_at_once(
        self,
        game_id: str,
        seat: str,
        holder: dict[str, Any],
        on_full: StartHook,
        filling: GameRecord | None,
    ) -> GameRecord | None:
        """The claim as one statement, ``plateau_claim_game()`` (migration 0011),
        which returns the game it leaves: one round trip. ``filling``: the
        game as this claim fills it by the caller's read, whose setup is made
        here, before the statement. None when the game is not as that read saw
        it (another claim came in between): the caller claims in a transaction."""
        fill = filling is not None
        events: list[NewEvent] = []
        update = None
        if filling is not None:
            events, update = await on_full(filling)
        params: dict[str, Any] = {
            "game_id": game_id,
            "seat": seat,
            "fill": fill,
            "expected": filling.version if filling is not None else 0,
            "version": (filling.version if filling is not None else 0) + len(events),
            "status": update.status if update is not None else None,
            "to_act": None if update is None else _json_text(update.to_act),
            "outcome": None
            if update is None or update.outcome is None
            else _json_text(update.outcome),
            "winners": None if update is None else _json_text(update.winners),
            "events": events_json(events),
        }
        params.update(holder)
        params["lock_timeout"] = None if self.pooler is None else str(self._lock_timeout_ms)
        try:
            async with self._lend() as conn:
                # Not prepared, as the append (``_one_statement``).
                cur = await conn.execute(_CLAIM, params, prepare=False)
                rows = await cur.fetchall()
        except psycopg.Error as exc:
            raise _translate(exc, game_id=game_id) from exc
        said = rows[0][0] if rows else None
        if said == "retry":
            return None
        if said == "game_not_found":
            raise GameNotFound(game_id)
        if said == "unknown_seat":
            raise UnknownSeat(seat)
        if said == "not_waiting":
            raise GameNotWaiting(game_id)
        if said == "seat_taken":
            raise SeatTaken(seat)
        assert said in ("claimed", "started") and rows[0][1] is not None, said
        seat_rows = [(game_id, *row[_CLAIMED_SEAT]) for row in rows]
        return game_records(_POSTGRES, [rows[0][_CLAIMED_GAME]], seat_rows)[0]

    async def bot_games(self, *, limit: int = 100) -> list[GameRecord]:
        async with self._read() as conn:
            cur = await conn.execute(bot_games_query(_POSTGRES), (limit,))
            return await self._games(conn, await cur.fetchall())

    async def quota_usage(self, creator: str, since: datetime) -> QuotaUsage:
        async with self._read() as conn:
            cur = await conn.execute(SQL.QUOTA_USAGE, quota_params(_POSTGRES, creator, since))
            row = await cur.fetchone()
            assert row is not None
            return quota_usage(_POSTGRES, row)

    async def expire_waiting(self, created_before: datetime, *, limit: int = 1000) -> int:
        async with self._tx() as conn:
            # The rows locked first: a claim of one of them waits, then finds no game.
            cur = await conn.execute(
                SQL.WAITING_BEFORE + " FOR UPDATE SKIP LOCKED", (created_before, limit)
            )
            ids = [row[0] for row in await cur.fetchall()]
            if ids:
                for table in ("seats", "game_secrets", "games"):
                    await conn.execute(f"DELETE FROM {table} WHERE game_id = ANY(%s)", (ids,))
            return len(ids)

    async def seat_by_token(self, game_id: str, token_hash: str) -> str | None:
        """The seat claimed with this token (the first in seat order if several)."""
        async with self._read() as conn:
            cur = await conn.execute(
                SQL.SEAT_BY_TOKEN,
                (game_id, token_hash),
            )
            row = await cur.fetchone()
            return None if row is None else str(row[0])

    # --- events -----------------------------------------------------------------------

    @staticmethod
    async def _command(
        conn: Conn, game_id: str, seat: str | None, key: str
    ) -> CommandRecord | None:
        cur = await conn.execute(
            f"SELECT {COMMAND_COLUMNS} FROM commands WHERE game_id = %s"
            " AND COALESCE(seat, '') = COALESCE(%s::text, '') AND idempotency_key = %s",
            (game_id, seat, key),
        )
        row = await cur.fetchone()
        return None if row is None else command_record(_POSTGRES, row)

    async def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[NewEvent],
        *,
        update: GameUpdate,
        command: CommandRecord | None = None,
        snapshot: bytes | None = None,
    ) -> int:
        now = update.at or utcnow()
        new_version = expected_version + len(events)
        params = {
            "game_id": game_id,
            "expected": expected_version,
            "version": new_version,
            "status": update.status,
            "to_act": _json_text(update.to_act),
            "outcome": None if update.outcome is None else _json_text(update.outcome),
            "winners": _json_text(update.winners),
            "now": now,
            "command_id": None if command is None else command.command_id,
            "seat": None if command is None else command.seat,
            "key": None if command is None else command.idempotency_key,
            "request_hash": None if command is None else command.request_hash,
            "command": None
            if command is None or command.command is None
            else _json_text(command.command),
            "response_status": 0 if command is None else command.response_status,
            "response": b"" if command is None else command.response,
            "events": events_json(events),
        }
        if snapshot is not None:
            params["snapshot"] = snapshot
        if self.pooler is None:
            sql = _APPEND if snapshot is None else _APPEND_SNAPSHOT
        else:
            sql = _APPEND_POOLED if snapshot is None else _APPEND_SNAPSHOT_POOLED
            params["lock_timeout"] = str(self._lock_timeout_ms)
        row = await self._one_statement(sql, params, game_id=game_id, expected=expected_version)
        if row is not None and row[0] == 1:
            return new_version
        # Nothing was written (an empty transaction committed): say why, the
        # key before the version.
        async with self._tx(game_id=game_id, expected=expected_version) as conn:
            cur = await conn.execute("SELECT version FROM games WHERE game_id = %s", (game_id,))
            found = await cur.fetchone()
            if found is None:
                raise GameNotFound(game_id)
            if command is not None and command.idempotency_key is not None:
                if await self._command(conn, game_id, command.seat, command.idempotency_key):
                    raise IdempotencyConflict(command.idempotency_key)
            raise VersionConflict(game_id, expected_version, found[0])

    async def read(
        self, game_id: str, *, after: int = 0, limit: int | None = None, upto: int | None = None
    ) -> list[StoredEvent]:
        sql, params = read_query(_POSTGRES, game_id, after=after, limit=limit, upto=upto)
        async with self._read() as conn:
            cur = await conn.execute(sql, params)
            rows = await cur.fetchall()
        return [stored_event(_POSTGRES, game_id, row) for row in rows]

    async def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game after ``after_position``, in position order,
        up to the horizon below which every writer has finished (see the module doc)."""
        async with self._read() as conn:
            # Three statements, in this order: the sequence, then the markers,
            # then the rows (a statement of its own: a snapshot taken after both).
            cur = await conn.execute(_LAST_ALLOCATED)
            allocated = (await cur.fetchone() or (0,))[0]
            cur = await conn.execute(_LOWEST_MARKER)
            lowest = (await cur.fetchone() or (None,))[0]
            horizon = allocated if lowest is None else min(allocated, lowest)
            if horizon <= after_position:
                return []
            cur = await conn.execute(
                f"SELECT game_id, {EVENT_COLUMNS} FROM events"
                " WHERE position > %s AND position <= %s ORDER BY position LIMIT %s",
                (after_position, horizon, limit),
            )
            rows = await cur.fetchall()
        return [stored_event(_POSTGRES, row[0], row[1:]) for row in rows]

    async def get_command(
        self, game_id: str, seat: str | None, idempotency_key: str
    ) -> CommandRecord | None:
        async with self._read() as conn:
            return await self._command(conn, game_id, seat, idempotency_key)

    async def purge_idempotency(self, before: datetime) -> int:
        """Forget the idempotency keys (and stored answers) of commands recorded
        before ``before``; returns how many. A retry of a younger command still
        finds its record; the command log and the events are never touched."""
        deleted = 0
        while True:  # in batches: each transaction stays short, under statement_timeout
            async with self._tx() as conn:
                cur = await conn.execute(
                    "UPDATE commands SET idempotency_key = NULL, request_hash = NULL,"
                    " response = ''::bytea WHERE command_id IN (SELECT command_id FROM commands"
                    " WHERE recorded_at < %s AND idempotency_key IS NOT NULL LIMIT %s)",
                    (before, _PURGE_BATCH),
                )
                count = int(cur.rowcount)
            deleted += count
            if count < _PURGE_BATCH:
                return deleted

    # --- snapshots --------------------------------------------------------------------

    async def command_log(self, game_id: str) -> list[LoggedCommandRow]:
        async with self._tx(game_id=game_id) as conn:
            cur = await conn.execute(
                f"SELECT {COMMAND_LOG_COLUMNS} FROM commands WHERE game_id = %s"
                " ORDER BY recorded_at, command_id",
                (game_id,),
            )
            return [logged_command(_POSTGRES, row) for row in await cur.fetchall()]

    async def import_game(self, bundle: GameImport) -> None:
        async with self._tx(game_id=bundle.game.game_id) as conn:
            # The feed's marker, as in append, before any position is allocated.
            await conn.execute(_TAKE_MARKER)
            for sql, rows in import_statements(_POSTGRES, bundle):
                if rows:
                    async with conn.cursor() as cur:
                        await cur.executemany(sql, rows)

    async def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        """Idempotent on (game_id, version): the first saved state is kept.
        Raises GameNotFound for an unknown game. One statement in autocommit, one
        round trip (a game saves one every ``PLATEAU_SNAPSHOT_EVERY`` events: every
        17 moves of an ArkantiS game, where a transaction took three). A command's
        snapshot goes with its append (``append(snapshot=...)``) instead."""
        await self._one_statement(
            "INSERT INTO snapshots (game_id, version, state, created_at)"
            " VALUES (%(game_id)s, %(version)s, %(state)s, %(now)s)"
            " ON CONFLICT (game_id, version) DO NOTHING RETURNING version",
            {"game_id": game_id, "version": version, "state": state, "now": utcnow()},
            game_id=game_id,
        )

    async def load_snapshot(
        self, game_id: str, *, at_or_before: int | None = None
    ) -> Snapshot | None:
        sql, params = snapshot_query(_POSTGRES, game_id, at_or_before)
        async with self._read() as conn:
            cur = await conn.execute(sql, params)
            row = await cur.fetchone()
        return None if row is None else Snapshot(version=row[0], state=bytes(row[1]))
