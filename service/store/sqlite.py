"""The embedded event store: stdlib ``sqlite3``, one file, WAL mode.

Concurrency model
-----------------
* One connection per store, used only from one dedicated worker thread
  (a single-thread executor), so the event loop never blocks on SQLite.
* An ``asyncio.Lock`` makes each store operation exclusive on that
  connection. Most operations are one job on the thread, a whole
  ``BEGIN ... COMMIT`` inside it. ``claim_seat`` is the exception: it must
  await the async ``on_full`` hook in the middle of its transaction, so it
  runs ``BEGIN IMMEDIATE`` + checks as one job, awaits the hook in the event
  loop while still holding the store lock (and the open write transaction),
  then runs the append + ``COMMIT`` as a second job (or ``ROLLBACK`` if the
  hook raised or the task was cancelled).
* Several OS processes may share one file: every write transaction starts
  with ``BEGIN IMMEDIATE``, which takes SQLite's database write lock up front,
  so the version checks, the idempotency check and the seat checks read data
  no other process can change before ``COMMIT``; a writer waiting for another
  process waits up to ``busy_timeout`` (then ``StoreUnavailable``). WAL lets
  readers proceed during a write. Constraints (``UNIQUE (game_id, version)``,
  the idempotency index, foreign keys) back the explicit checks.
* ``position`` is an AUTOINCREMENT rowid assigned under that write lock, so
  commit order equals insertion order.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

import msgspec

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
    from_iso,
    game_params,
    game_records,
    import_statements,
    insert_command,
    iso,
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
    utcnow,
)
from service.store.base import (
    CommandRecord,
    GameAlreadyExists,
    GameImport,
    GameNotFound,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    LoggedCommandRow,
    NewEvent,
    PlayerRecord,
    QuotaUsage,
    Snapshot,
    StartHook,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)

T = TypeVar("T")

# JSON is stored as text, timestamps as fixed-width ISO 8601 text (see ``iso``).
_SQLITE = Dialect(
    mark="?",
    dump_json=json_dumps,
    load_json=msgspec.json.decode,
    dump_time=iso,
    load_time=from_iso,
)
SQL = Statements(_SQLITE)


def _translate(exc: sqlite3.Error) -> StoreError:
    """The one place where sqlite3 errors become store errors."""
    message = str(exc)
    if isinstance(exc, sqlite3.IntegrityError):
        if "FOREIGN KEY" in message:
            return GameNotFound(message)
        if "events.game_id, events.version" in message:
            return VersionConflict("?", -1)
        if "commands_idempotency" in message:
            return IdempotencyConflict(message)
        if "games.game_id" in message:
            return GameAlreadyExists(message)
        return StoreError(message)
    if isinstance(
        exc, sqlite3.OperationalError | sqlite3.InterfaceError | sqlite3.ProgrammingError
    ):
        # "database is locked" (busy_timeout elapsed), "unable to open database
        # file", "disk I/O error", a closed connection...
        return StoreUnavailable(message)
    return StoreError(message)


def _split_statements(script: str) -> list[str]:
    """Split a migration into statements (trigger bodies contain ``;``)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in buffer.splitlines()
    ):
        raise StoreError(f"incomplete SQL statement in migration: {buffer.strip()[:80]!r}")
    return statements


class SqliteEventStore:
    """``EventStore`` over one SQLite file (``:memory:`` works too, for tests).

    ``busy_timeout_ms``: how long a write waits for another process's write
    transaction before failing with ``StoreUnavailable`` (added parameter).
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = 5_000) -> None:
        self.path = os.fspath(path)
        self._busy_timeout_ms = busy_timeout_ms
        self._executor: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None
        self._lock = asyncio.Lock()

    # --- plumbing -------------------------------------------------------------------

    def _submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        if self._executor is None:
            raise StoreUnavailable("the SQLite store is not open")
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self._executor, functools.partial(fn, *args))

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the store's thread; translate sqlite3 errors."""
        try:
            return await self._submit(fn, *args)
        except sqlite3.Error as exc:
            raise _translate(exc) from exc

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        async with self._lock:
            return await self._call(fn, *args)

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreUnavailable("the SQLite store is not open")
        return self._conn

    def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One write transaction on the store's thread: BEGIN IMMEDIATE .. COMMIT."""
        conn = self._db
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
            conn.execute("COMMIT")
        except BaseException:
            self._rollback_now()
            raise
        return result

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One read transaction (a consistent WAL snapshot across statements)."""
        conn = self._db
        conn.execute("BEGIN")
        try:
            return fn(conn)
        finally:
            self._rollback_now()

    def _rollback_now(self) -> None:
        conn = self._conn
        if conn is not None and conn.in_transaction:
            conn.execute("ROLLBACK")

    async def _rollback_queued(self) -> None:
        """Roll back an open transaction from the event loop, even when cancelled.

        The job is queued on the single worker thread *before* the store lock
        is released, so no later job can run inside the abandoned transaction.
        """
        if self._executor is None:
            return
        future = self._submit(self._rollback_now)
        with contextlib.suppress(BaseException):
            await asyncio.shield(future)

    # --- lifecycle ------------------------------------------------------------------

    def _connect(self) -> None:
        if self.path not in ("", ":memory:") and not self.path.startswith("file:"):
            parent = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(parent, exist_ok=True)
        conn = sqlite3.connect(
            self.path,
            isolation_level=None,  # we issue BEGIN/COMMIT ourselves
            check_same_thread=False,  # only ever used from the store's one thread
            timeout=self._busy_timeout_ms / 1000,
            uri=self.path.startswith("file:"),
        )
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            self._wal(conn)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            conn.close()
            raise
        self._conn = conn

    def _wal(self, conn: sqlite3.Connection) -> None:
        """``journal_mode = WAL``, waiting up to ``busy_timeout`` like any write:
        on a new file the switch needs the database alone, and SQLite answers
        "database is locked" at once (no busy handler) while another process
        opening the same new file holds it."""
        deadline = time.monotonic() + self._busy_timeout_ms / 1000
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.01)

    async def open(self, *, wait: bool = True) -> None:
        """Open the connection (creating the file and its folder) and migrate.
        ``wait`` changes nothing: the database is embedded, there is nothing to wait for."""
        if self._executor is not None:
            return
        self._lock = asyncio.Lock()  # a fresh lock for the loop that opens the store
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="plateau-sqlite")
        try:
            await self._call(self._connect)
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    async def close(self) -> None:
        executor = self._executor
        if executor is None:
            return
        async with self._lock:
            with contextlib.suppress(StoreError):
                await self._call(self._disconnect)
            self._executor = None
            executor.shutdown(wait=False)

    def _migrate(self, conn: sqlite3.Connection) -> list[str]:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        applied = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
        done: list[str] = []
        for migration in load_migrations("sqlite"):
            if migration.name in applied:
                continue
            for statement in _split_statements(migration.sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                (migration.name, iso(utcnow())),
            )
            done.append(migration.name)
        return done

    async def migrate(self) -> list[str]:
        """Apply pending migrations in one BEGIN IMMEDIATE transaction (process-safe)."""
        return await self._run(self._write, self._migrate)

    async def ping(self) -> None:
        try:
            await self._run(lambda: self._db.execute("SELECT 1").fetchone())
        except StoreError:
            raise
        except Exception as exc:  # a closed executor, ...
            raise StoreUnavailable(str(exc)) from exc

    # --- row helpers (store thread) -------------------------------------------------

    @staticmethod
    def _games(conn: sqlite3.Connection, rows: Iterable[Sequence[Any]]) -> list[GameRecord]:
        """Games (with their seats) from rows of ``GAME_COLUMNS``."""
        rows = list(rows)
        seat_rows: Iterable[Sequence[Any]] = ()
        if rows:
            marks = ", ".join("?" for _ in rows)
            seat_rows = conn.execute(
                f"SELECT {SEAT_COLUMNS} FROM seats"
                f" WHERE game_id IN ({marks}) ORDER BY game_id, seat_order",
                tuple(row[0] for row in rows),
            )
        return game_records(_SQLITE, rows, seat_rows)

    @classmethod
    def _game(cls, conn: sqlite3.Connection, game_id: str) -> GameRecord | None:
        rows = conn.execute(SQL.GAME_BY_ID, (game_id,))
        games = cls._games(conn, rows)
        return games[0] if games else None

    @staticmethod
    def _insert_events(
        conn: sqlite3.Connection,
        game_id: str,
        first_version: int,
        events: Sequence[NewEvent],
        *,
        command_id: str | None,
        seat: str | None,
        now: datetime,
    ) -> None:
        recorded_at = iso(now)
        conn.executemany(
            "INSERT INTO events (game_id, version, type, schema_version, data, recorded_at,"
            " command_id, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    first_version + i,
                    e.type,
                    e.schema_version,
                    json_dumps(e.data),
                    recorded_at,
                    command_id,
                    seat,
                )
                for i, e in enumerate(events)
            ],
        )

    @staticmethod
    def _apply_update(
        conn: sqlite3.Connection, game_id: str, version: int, update: GameUpdate, now: datetime
    ) -> None:
        stamp = iso(now)
        conn.execute(
            "UPDATE games SET version = ?, status = ?, to_act = ?, outcome = ?, winners = ?,"
            " updated_at = ?,"
            " finished_at = CASE WHEN ? = 'finished' THEN COALESCE(finished_at, ?) ELSE NULL END"
            " WHERE game_id = ?",
            (
                version,
                update.status,
                json_dumps(update.to_act),
                None if update.outcome is None else json_dumps(update.outcome),
                json_dumps(update.winners),
                stamp,
                update.status,
                stamp,
                game_id,
            ),
        )

    # --- players ----------------------------------------------------------------------

    async def create_player(
        self, player: PlayerRecord, token_hash: str, *, creator: str | None = None
    ) -> None:
        """Insert a player. Names are display names (never unique): this never
        raises on a repeated name; a reused player_id/token_hash is a StoreError."""

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                SQL.INSERT_PLAYER,
                (player.player_id, player.name, token_hash, iso(player.created_at), creator),
            )

        await self._run(self._write, work)

    async def get_player(self, player_id: str) -> PlayerRecord | None:
        def work(conn: sqlite3.Connection) -> PlayerRecord | None:
            row = conn.execute(SQL.PLAYER_BY_ID, (player_id,)).fetchone()
            return player_record(_SQLITE, row)

        return await self._run(self._read, work)

    async def get_seeds(self, game_ids: list[str]) -> dict[str, str]:
        """(Added) The seeds of ``game_ids`` in one query (unknown ids are left out)."""
        ids = list(dict.fromkeys(game_ids))
        if not ids:
            return {}

        def work(conn: sqlite3.Connection) -> dict[str, str]:
            marks = ", ".join("?" * len(ids))
            rows = conn.execute(
                f"SELECT game_id, seed FROM game_secrets WHERE game_id IN ({marks})", ids
            ).fetchall()
            return {str(r[0]): str(r[1]) for r in rows}

        return await self._run(self._read, work)

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        def work(conn: sqlite3.Connection) -> PlayerRecord | None:
            row = conn.execute(SQL.PLAYER_BY_TOKEN, (token_hash,)).fetchone()
            return player_record(_SQLITE, row)

        return await self._run(self._read, work)

    async def player_games(self, player_id: str) -> list[GameRecord]:
        """Every game where the player holds a seat, newest first."""

        def work(conn: sqlite3.Connection) -> list[GameRecord]:
            rows = conn.execute(SQL.PLAYER_GAMES, (player_id,))
            return self._games(conn, rows)

        return await self._run(self._read, work)

    # --- games ------------------------------------------------------------------------

    async def create_game(self, game: GameRecord, seed: str, *, creator: str | None = None) -> None:
        """Insert the games row, its seats (all unclaimed, in ``game.seats``
        order) and the secret seed. Raises GameAlreadyExists."""

        def work(conn: sqlite3.Connection) -> None:
            if conn.execute("SELECT 1 FROM games WHERE game_id = ?", (game.game_id,)).fetchone():
                raise GameAlreadyExists(game.game_id)
            conn.execute(
                f"INSERT INTO games ({GAME_COLUMNS}, winners, creator) VALUES"
                f" ({', '.join('?' * 15)}, '[]', ?)",
                (*game_params(_SQLITE, game), creator),
            )
            conn.executemany(
                "INSERT INTO seats (game_id, seat, seat_order) VALUES (?, ?, ?)",
                [(game.game_id, s.seat, i) for i, s in enumerate(game.seats)],
            )
            conn.execute(SQL.INSERT_SECRET, (game.game_id, seed))

        await self._run(self._write, work)

    async def get_game(self, game_id: str) -> GameRecord | None:
        return await self._run(self._read, lambda conn: self._game(conn, game_id))

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
            _SQLITE, ruleset=ruleset, status=status, player_id=player_id, limit=limit, cursor=cursor
        )

        def work(conn: sqlite3.Connection) -> list[GameRecord]:
            return self._games(conn, conn.execute(sql, params))

        return next_page(await self._run(self._read, work), limit)

    async def get_seed(self, game_id: str) -> str | None:
        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(SQL.SEED_OF, (game_id,)).fetchone()
            return None if row is None else str(row[0])

        return await self._run(self._read, work)

    async def last_winner(self, ruleset: str, player_ids: list[str]) -> str | None:
        if not player_ids:
            return None
        marks = ", ".join("?" for _ in player_ids)
        sql = (
            "SELECT s.player_id FROM games g JOIN seats s ON s.game_id = g.game_id"
            f" WHERE g.ruleset = ? AND g.status = 'finished' AND s.player_id IN ({marks})"
            " AND s.seat IN (SELECT value FROM json_each(g.winners))"
            f" AND ({DISTINCT_PLAYERS}) >= 2"
            " ORDER BY g.finished_at DESC, g.game_id DESC, s.seat_order ASC LIMIT 1"
        )

        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(sql, (ruleset, *player_ids)).fetchone()
            return None if row is None else str(row[0])

        return await self._run(self._read, work)

    # --- seats ------------------------------------------------------------------------

    def _claim_begin(
        self,
        game_id: str,
        seat: str,
        player_id: str | None,
        player_name: str | None,
        token_hash: str,
        now: datetime,
        bot: str | None = None,
        creator: str | None = None,
    ) -> tuple[GameRecord, bool]:
        """BEGIN IMMEDIATE, check, record the seat. Commits unless the game is
        now full; then returns with the transaction still open."""
        conn = self._db
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute("SELECT status FROM games WHERE game_id = ?", (game_id,)).fetchone()
            if row is None:
                raise GameNotFound(game_id)
            seat_row = conn.execute(SQL.SEAT_CLAIMED_AT, (game_id, seat)).fetchone()
            check_claim(game_id, seat, row[0], seat_row)
            conn.execute(
                SQL.CLAIM_SEAT,
                (player_id, player_name, token_hash, iso(now), bot, game_id, seat),
            )
            if creator is not None:
                conn.execute(SQL.SET_CREATOR, (creator, game_id))
            game = self._game(conn, game_id)
            assert game is not None
            full = all(s.claimed for s in game.seats)
            if not full:
                conn.execute("COMMIT")
            return game, full
        except BaseException:
            self._rollback_now()
            raise

    def _claim_finish(
        self,
        game_id: str,
        version: int,
        events: list[NewEvent],
        update: GameUpdate,
        now: datetime,
    ) -> GameRecord:
        """Second half of a filling claim: append the setup batch, update, COMMIT."""
        conn = self._db
        try:
            if not conn.in_transaction:
                raise StoreError("claim transaction lost")
            self._insert_events(
                conn, game_id, version + 1, events, command_id=None, seat=None, now=now
            )
            self._apply_update(conn, game_id, version + len(events), update, now)
            after = self._game(conn, game_id)
            assert after is not None
            conn.execute("COMMIT")
            return after
        except BaseException:
            self._rollback_now()
            raise

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
        filling: GameRecord | None = None,  # one local transaction either way
    ) -> GameRecord:
        now = utcnow()
        async with self._lock:
            game, full = await self._call(
                self._claim_begin,
                game_id, seat, player_id, player_name, token_hash, now, bot, creator,
            )  # fmt: skip
            if not full:
                return game
            version = game.version
            # The write transaction is open; the store lock keeps every other
            # coroutine of this process off the connection, BEGIN IMMEDIATE
            # keeps other processes out until COMMIT/ROLLBACK.
            try:
                events, update = await on_full(game)
            except BaseException:
                await self._rollback_queued()
                raise
            try:
                return await self._call(self._claim_finish, game_id, version, events, update, now)
            except asyncio.CancelledError:
                await self._rollback_queued()  # no-op if the job already finished
                raise

    async def bot_games(self, *, limit: int = 100) -> list[GameRecord]:
        def work(conn: sqlite3.Connection) -> list[GameRecord]:
            return self._games(conn, conn.execute(bot_games_query(_SQLITE), (limit,)))

        return await self._run(self._read, work)

    async def quota_usage(self, creator: str, since: datetime) -> QuotaUsage:
        def work(conn: sqlite3.Connection) -> QuotaUsage:
            row = conn.execute(SQL.QUOTA_USAGE, quota_params(_SQLITE, creator, since)).fetchone()
            return quota_usage(_SQLITE, row)

        return await self._run(self._read, work)

    async def expire_waiting(self, created_before: datetime, *, limit: int = 1000) -> int:
        def work(conn: sqlite3.Connection) -> int:
            rows = conn.execute(SQL.WAITING_BEFORE, (iso(created_before), limit)).fetchall()
            ids = [row[0] for row in rows]
            for start in range(0, len(ids), 500):  # SQLite's bound on parameters
                chunk = ids[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                for table in ("seats", "game_secrets", "games"):
                    conn.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", chunk)
            return len(ids)

        return await self._run(self._write, work)

    async def seat_by_token(self, game_id: str, token_hash: str) -> str | None:
        """The seat claimed with this token (the first in seat order if several)."""

        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(SQL.SEAT_BY_TOKEN, (game_id, token_hash)).fetchone()
            return None if row is None else str(row[0])

        return await self._run(self._read, work)

    # --- events -----------------------------------------------------------------------

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

        def work(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT version FROM games WHERE game_id = ?", (game_id,)).fetchone()
            if row is None:
                raise GameNotFound(game_id)
            if command is not None and command.idempotency_key is not None:
                if self._command(conn, game_id, command.seat, command.idempotency_key):
                    raise IdempotencyConflict(command.idempotency_key)
            if row[0] != expected_version:
                raise VersionConflict(game_id, expected_version, row[0])
            self._insert_events(
                conn,
                game_id,
                expected_version + 1,
                events,
                command_id=None if command is None else command.command_id,
                seat=None if command is None else command.seat,
                now=now,
            )
            self._apply_update(conn, game_id, new_version, update, now)
            if command is not None:
                conn.execute(*insert_command(_SQLITE, game_id, command, now))
            if snapshot is not None:
                conn.execute(
                    "INSERT INTO snapshots (game_id, version, state, created_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, version) DO NOTHING",
                    (game_id, new_version, snapshot, iso(now)),
                )
            return new_version

        return await self._run(self._write, work)

    async def read(
        self, game_id: str, *, after: int = 0, limit: int | None = None, upto: int | None = None
    ) -> list[StoredEvent]:
        sql, params = read_query(_SQLITE, game_id, after=after, limit=limit, upto=upto)

        def work(conn: sqlite3.Connection) -> list[StoredEvent]:
            return [stored_event(_SQLITE, game_id, row) for row in conn.execute(sql, params)]

        return await self._run(self._read, work)

    async def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game after ``after_position``, in position order."""

        def work(conn: sqlite3.Connection) -> list[StoredEvent]:
            rows = conn.execute(
                f"SELECT game_id, {EVENT_COLUMNS} FROM events"
                " WHERE position > ? ORDER BY position LIMIT ?",
                (after_position, limit),
            )
            return [stored_event(_SQLITE, row[0], row[1:]) for row in rows]

        return await self._run(self._read, work)

    @staticmethod
    def _command(
        conn: sqlite3.Connection, game_id: str, seat: str | None, key: str
    ) -> CommandRecord | None:
        row = conn.execute(
            f"SELECT {COMMAND_COLUMNS} FROM commands"
            " WHERE game_id = ? AND COALESCE(seat, '') = COALESCE(?, '') AND idempotency_key = ?",
            (game_id, seat, key),
        ).fetchone()
        return None if row is None else command_record(_SQLITE, row)

    async def get_command(
        self, game_id: str, seat: str | None, idempotency_key: str
    ) -> CommandRecord | None:
        return await self._run(
            self._read, lambda conn: self._command(conn, game_id, seat, idempotency_key)
        )

    async def command_log(self, game_id: str) -> list[LoggedCommandRow]:
        def work(conn: sqlite3.Connection) -> list[LoggedCommandRow]:
            rows = conn.execute(
                f"SELECT {COMMAND_LOG_COLUMNS} FROM commands WHERE game_id = ?"
                " ORDER BY recorded_at, command_id",
                (game_id,),
            )
            return [logged_command(_SQLITE, row) for row in rows]

        return await self._run(self._read, work)

    async def import_game(self, bundle: GameImport) -> None:
        def work(conn: sqlite3.Connection) -> None:
            gid = bundle.game.game_id
            if conn.execute("SELECT 1 FROM games WHERE game_id = ?", (gid,)).fetchone():
                raise GameAlreadyExists(gid)
            for sql, rows in import_statements(_SQLITE, bundle):
                if rows:
                    conn.executemany(sql, rows)

        await self._run(self._write, work)

    async def purge_idempotency(self, before: datetime) -> int:
        """Forget the idempotency keys (and stored answers) of commands recorded
        before ``before``; returns how many. A retry of a younger command still
        finds its record; the command log and the events are never touched."""
        stamp = iso(before)

        def work(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "UPDATE commands SET idempotency_key = NULL, request_hash = NULL, response = ?"
                " WHERE recorded_at < ? AND idempotency_key IS NOT NULL",
                (b"", stamp),
            )
            return int(cur.rowcount)

        return await self._run(self._write, work)

    # --- snapshots --------------------------------------------------------------------

    async def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        """Idempotent on (game_id, version): the first saved state is kept.
        Raises GameNotFound for an unknown game."""
        now = iso(utcnow())

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, version) DO NOTHING",
                (game_id, version, state, now),
            )

        await self._run(self._write, work)

    async def load_snapshot(
        self, game_id: str, *, at_or_before: int | None = None
    ) -> Snapshot | None:
        sql, params = snapshot_query(_SQLITE, game_id, at_or_before)

        def work(conn: sqlite3.Connection) -> Snapshot | None:
            row = conn.execute(sql, params).fetchone()
            return None if row is None else Snapshot(version=row[0], state=bytes(row[1]))

        return await self._run(self._read, work)
