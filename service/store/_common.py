"""Helpers shared by the SQLite and PostgreSQL stores (no driver code here)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import msgspec

from service.store.base import (
    CommandRecord,
    ForkOrigin,
    GameImport,
    GameNotWaiting,
    GameRecord,
    InvalidCursor,
    LoggedCommandRow,
    PlayerRecord,
    QuotaUsage,
    SeatRecord,
    SeatTaken,
    StoredEvent,
    UnknownSeat,
)

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


def next_page(games: list[GameRecord], limit: int) -> tuple[list[GameRecord], str | None]:
    """``list_games``' answer from up to ``limit + 1`` rows: the page and the next cursor."""
    if len(games) <= limit:
        return games, None
    page = games[:limit]
    return page, encode_cursor(page[-1].created_at, page[-1].game_id)


# --- what differs between the drivers, and what is built from it ---------------------


@dataclass(frozen=True)
class Dialect:
    """How one driver writes a query parameter and carries JSON and timestamps."""

    mark: str
    """The parameter placeholder: ``?`` (sqlite3) or ``%s`` (psycopg)."""
    dump_json: Callable[[Any], Any]
    """Builtins -> a JSON column's parameter (text for SQLite, ``Jsonb`` for psycopg)."""
    load_json: Callable[[Any], Any]
    """A JSON column's value, not NULL -> builtins."""
    dump_time: Callable[[datetime], Any]
    """A datetime -> a timestamp column's parameter."""
    load_time: Callable[[Any], datetime]
    """A timestamp column's value, not NULL -> an aware UTC datetime."""


GAME_COLUMNS = (
    "game_id, ruleset, options, status, version, to_act, outcome, seed_sha256, "
    "created_at, updated_at, finished_at, imported, forked_from, forked_from_version, forked_at"
)
"""The columns ``game_records`` reads, in its order (``create_game`` writes them too)."""

EVENT_COLUMNS = "version, position, type, data, recorded_at, command_id, seat, schema_version"
"""The columns ``stored_event`` reads, in its order (after ``game_id`` in ``read_all``)."""

COMMAND_COLUMNS = (
    "command_id, seat, idempotency_key, request_hash, command, response_status, response"
)
"""The columns ``command_record`` reads, in its order."""


class Statements:
    """The statements both stores run unchanged but for the placeholder,
    written once with ``?``; ``Statements(dialect)`` holds them in the
    dialect's style (``%s`` for psycopg). No statement holds a literal ``?``
    or ``%``."""

    GAME_BY_ID = f"SELECT {GAME_COLUMNS} FROM games WHERE game_id = ?"
    INSERT_PLAYER = (
        "INSERT INTO players (player_id, name, token_hash, created_at, creator)"
        " VALUES (?, ?, ?, ?, ?)"
    )
    QUOTA_USAGE = (
        "SELECT (SELECT count(*) FROM games WHERE creator = ? AND created_at > ?),"
        " (SELECT min(created_at) FROM games WHERE creator = ? AND created_at > ?),"
        " (SELECT count(*) FROM players WHERE creator = ? AND created_at > ?),"
        " (SELECT min(created_at) FROM players WHERE creator = ? AND created_at > ?),"
        " (SELECT count(*) FROM games g WHERE g.creator = ? AND g.status = 'active'"
        " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.bot IS NULL))"
    )
    WAITING_BEFORE = (
        "SELECT game_id FROM games WHERE status = 'waiting' AND version = 0 AND created_at < ?"
        " ORDER BY created_at, game_id LIMIT ?"
    )
    SET_CREATOR = "UPDATE games SET creator = ? WHERE game_id = ?"
    PLAYER_BY_ID = "SELECT player_id, name, created_at FROM players WHERE player_id = ?"
    PLAYER_BY_TOKEN = "SELECT player_id, name, created_at FROM players WHERE token_hash = ?"
    PLAYER_GAMES = (
        f"SELECT {GAME_COLUMNS} FROM games g WHERE EXISTS"
        " (SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.player_id = ?)"
        " ORDER BY created_at DESC, game_id DESC"
    )
    INSERT_SECRET = "INSERT INTO game_secrets (game_id, seed) VALUES (?, ?)"
    SEED_OF = "SELECT seed FROM game_secrets WHERE game_id = ?"
    SEAT_CLAIMED_AT = "SELECT claimed_at FROM seats WHERE game_id = ? AND seat = ?"
    CLAIM_SEAT = (
        "UPDATE seats SET player_id = ?, player_name = ?, token_hash = ?, claimed_at = ?,"
        " bot = ? WHERE game_id = ? AND seat = ?"
    )
    SEAT_BY_TOKEN = (
        "SELECT seat FROM seats WHERE game_id = ? AND token_hash = ? ORDER BY seat_order LIMIT 1"
    )

    def __init__(self, d: Dialect) -> None:
        for name, text in vars(Statements).items():
            if name.isupper():
                setattr(self, name, text.replace("?", d.mark))


def list_games_query(
    d: Dialect,
    *,
    ruleset: str | None,
    status: str | None,
    player_id: str | None,
    limit: int,
    cursor: str | None,
) -> tuple[str, list[Any]]:
    """``list_games``' query, newest first, one row more than ``limit`` (is there a next page?).

    Raises InvalidCursor for a cursor not issued by ``next_page``.
    """
    m = d.mark
    where: list[str] = []
    params: list[Any] = []
    if ruleset is not None:
        where.append(f"ruleset = {m}")
        params.append(ruleset)
    if status is not None:
        where.append(f"status = {m}")
        params.append(status)
    if player_id is not None:
        where.append(
            f"EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.player_id = {m})"
        )
        params.append(player_id)
    if cursor is not None:
        created_at, last_id = decode_cursor(cursor)
        where.append(f"(created_at, game_id) < ({m}, {m})")
        params.extend([d.dump_time(created_at), last_id])
    sql = f"SELECT {GAME_COLUMNS} FROM games g"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += f" ORDER BY created_at DESC, game_id DESC LIMIT {m}"
    params.append(limit + 1)
    return sql, params


def read_query(
    d: Dialect, game_id: str, *, after: int, limit: int | None, upto: int | None
) -> tuple[str, list[Any]]:
    """``read``'s query: one game's events after ``after`` (up to ``upto``), by version."""
    m = d.mark
    sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = {m} AND version > {m}"
    params: list[Any] = [game_id, after]
    if upto is not None:
        sql += f" AND version <= {m}"
        params.append(upto)
    sql += " ORDER BY version"
    if limit is not None:
        sql += f" LIMIT {m}"
        params.append(limit)
    return sql, params


def snapshot_query(d: Dialect, game_id: str, at_or_before: int | None) -> tuple[str, list[Any]]:
    """``load_snapshot``'s query: the latest (version, state) at or before ``at_or_before``."""
    m = d.mark
    sql = f"SELECT version, state FROM snapshots WHERE game_id = {m}"
    params: list[Any] = [game_id]
    if at_or_before is not None:
        sql += f" AND version <= {m}"
        params.append(at_or_before)
    sql += " ORDER BY version DESC LIMIT 1"
    return sql, params


def game_params(d: Dialect, game: GameRecord) -> tuple[Any, ...]:
    """The values of ``GAME_COLUMNS`` for inserting ``game``."""
    return (
        game.game_id,
        game.ruleset,
        d.dump_json(game.options),
        game.status,
        game.version,
        d.dump_json(game.to_act),
        None if game.outcome is None else d.dump_json(game.outcome),
        game.seed_sha256,
        d.dump_time(game.created_at),
        d.dump_time(game.updated_at),
        None if game.finished_at is None else d.dump_time(game.finished_at),
        game.imported,
        None if game.forked_from is None else game.forked_from.game_id,
        None if game.forked_from is None else game.forked_from.version,
        None if game.forked_at is None else d.dump_time(game.forked_at),
    )


def insert_command(
    d: Dialect, game_id: str, command: CommandRecord, now: datetime
) -> tuple[str, tuple[Any, ...]]:
    """The statement recording an accepted ``command`` of ``game_id``."""
    marks = ", ".join([d.mark] * 9)
    sql = (
        "INSERT INTO commands (command_id, game_id, seat, idempotency_key,"
        f" request_hash, command, response_status, response, recorded_at) VALUES ({marks})"
    )
    params = (
        command.command_id,
        game_id,
        command.seat,
        command.idempotency_key,
        command.request_hash,
        None if command.command is None else d.dump_json(command.command),
        command.response_status,
        command.response,
        d.dump_time(now),
    )
    return sql, params


def game_records(
    d: Dialect, rows: Sequence[Sequence[Any]], seat_rows: Iterable[Sequence[Any]]
) -> list[GameRecord]:
    """Games from rows of ``GAME_COLUMNS`` and their seats from rows of
    (game_id, seat, player_id, player_name, claimed, bot) in seat order."""
    seats: dict[str, list[SeatRecord]] = {row[0]: [] for row in rows}
    for game_id, seat, player_id, player_name, claimed, bot in seat_rows:
        seats[game_id].append(
            SeatRecord(
                seat=seat,
                player_id=player_id,
                player_name=player_name,
                claimed=bool(claimed),
                bot=bot,
            )
        )
    return [
        GameRecord(
            game_id=row[0],
            ruleset=row[1],
            options=d.load_json(row[2]),
            status=row[3],
            version=row[4],
            seats=seats[row[0]],
            to_act=d.load_json(row[5]),
            outcome=None if row[6] is None else d.load_json(row[6]),
            seed_sha256=row[7],
            created_at=d.load_time(row[8]),
            updated_at=d.load_time(row[9]),
            finished_at=None if row[10] is None else d.load_time(row[10]),
            imported=row[11],
            forked_from=None if row[12] is None else ForkOrigin(game_id=row[12], version=row[13]),
            forked_at=None if row[14] is None else d.load_time(row[14]),
        )
        for row in rows
    ]


SEAT_COLUMNS = "game_id, seat, player_id, player_name, claimed_at IS NOT NULL, bot"
"""The seat columns ``game_records`` reads, in its order."""


DISTINCT_PLAYERS = "SELECT COUNT(DISTINCT p.player_id) FROM seats p WHERE p.game_id = g.game_id"
"""How many distinct players (``player_id``s; anonymous and bot seats have none)
hold a seat of the game ``g``: ``last_winner`` counts only the games where two
or more did, so a win against oneself (one player holding every seat) or
against nobody named is not a win over someone (the Tours Gold tower,
``domain/tours_arc_en_ciel/README.md``)."""


def quota_params(d: Dialect, creator: str, since: datetime) -> tuple[Any, ...]:
    """``Statements.QUOTA_USAGE``'s parameters."""
    after = d.dump_time(since)
    return (creator, after) * 4 + (creator,)


def quota_usage(d: Dialect, row: Sequence[Any]) -> QuotaUsage:
    """A ``QuotaUsage`` from the row of ``Statements.QUOTA_USAGE``."""
    games, oldest_game, players, oldest_player, bots_only = row
    return QuotaUsage(
        games=int(games),
        oldest_game=None if oldest_game is None else d.load_time(oldest_game),
        players=int(players),
        oldest_player=None if oldest_player is None else d.load_time(oldest_player),
        bots_only=int(bots_only),
    )


def bot_games_query(d: Dialect) -> str:
    """``bot_games``' query; its one parameter is the limit."""
    return (
        f"SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND EXISTS"
        " (SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.bot IS NOT NULL)"
        f" ORDER BY g.updated_at, g.game_id LIMIT {d.mark}"
    )


def stored_event(d: Dialect, game_id: str, row: Sequence[Any]) -> StoredEvent:
    """An event of ``game_id`` from a row of ``EVENT_COLUMNS``."""
    version, position, type_, data, recorded_at, command_id, seat, schema_version = row
    return StoredEvent(
        game_id=game_id,
        version=version,
        position=position,
        type=type_,
        data=d.load_json(data),
        recorded_at=d.load_time(recorded_at),
        command_id=command_id,
        seat=seat,
        schema_version=schema_version,
    )


def command_record(d: Dialect, row: Sequence[Any]) -> CommandRecord:
    """A command from a row of ``COMMAND_COLUMNS``."""
    return CommandRecord(
        command_id=row[0],
        seat=row[1],
        idempotency_key=row[2],
        request_hash=row[3],
        command=None if row[4] is None else d.load_json(row[4]),
        response_status=row[5],
        response=bytes(row[6]),
    )


def player_record(d: Dialect, row: Sequence[Any] | None) -> PlayerRecord | None:
    """A player from a row of (player_id, name, created_at), None for no row."""
    if row is None:
        return None
    return PlayerRecord(player_id=row[0], name=row[1], created_at=d.load_time(row[2]))


def check_claim(game_id: str, seat: str, status: str, seat_row: Sequence[Any] | None) -> None:
    """``claim_seat``'s checks once the game row is found, in the contract's order:
    ``seat_row`` is the seat's (claimed_at,) row, None for a seat the game lacks."""
    if seat_row is None:
        raise UnknownSeat(seat)
    if status != "waiting":
        raise GameNotWaiting(game_id)
    if seat_row[0] is not None:
        raise SeatTaken(seat)


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


# --- exports and imports -------------------------------------------------------------

COMMAND_LOG_COLUMNS = "command_id, seat, command, recorded_at"
"""The columns ``logged_command`` reads, in its order."""


def logged_command(d: Dialect, row: Sequence[Any]) -> LoggedCommandRow:
    return LoggedCommandRow(
        command_id=row[0],
        seat=row[1],
        command=None if row[2] is None else d.load_json(row[2]),
        recorded_at=d.load_time(row[3]),
    )


def import_statements(d: Dialect, bundle: GameImport) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The inserts that store ``bundle`` (each with its rows, for ``executemany``),
    in an order that satisfies the foreign keys; events in version order."""
    game = bundle.game
    gid = game.game_id

    def marks(n: int) -> str:
        return ", ".join([d.mark] * n)

    return [
        (
            f"INSERT INTO games ({GAME_COLUMNS}, winners, creator) VALUES ({marks(17)})",
            [(*game_params(d, game), d.dump_json(bundle.winners), bundle.creator)],
        ),
        (
            "INSERT INTO seats (game_id, seat, seat_order, player_name, token_hash, claimed_at,"
            f" bot) VALUES ({marks(7)})",
            [
                (
                    gid,
                    s.seat,
                    i,
                    s.player_name,
                    s.token_hash,
                    d.dump_time(game.created_at) if s.claimed else None,
                    s.bot,
                )
                for i, s in enumerate(bundle.seats)
            ],
        ),
        (
            f"INSERT INTO game_secrets (game_id, seed) VALUES ({marks(2)})",
            [(gid, bundle.seed)],
        ),
        (
            "INSERT INTO events (game_id, version, type, schema_version, data, recorded_at,"
            f" command_id, seat) VALUES ({marks(8)})",
            [
                (
                    gid,
                    e.version,
                    e.type,
                    e.schema_version,
                    d.dump_json(e.data),
                    d.dump_time(e.recorded_at),
                    e.command_id,
                    e.seat,
                )
                for e in sorted(bundle.events, key=lambda e: e.version)
            ],
        ),
        (
            "INSERT INTO commands (command_id, game_id, seat, idempotency_key, request_hash,"
            f" command, response_status, response, recorded_at) VALUES ({marks(9)})",
            [
                (
                    c.command_id,
                    gid,
                    c.seat,
                    None,
                    None,
                    None if c.command is None else d.dump_json(c.command),
                    201,
                    b"",
                    d.dump_time(c.recorded_at),
                )
                for c in bundle.commands
            ],
        ),
        (
            f"INSERT INTO snapshots (game_id, version, state, created_at) VALUES ({marks(4)})",
            [(gid, s.version, s.state, d.dump_time(game.updated_at)) for s in bundle.snapshots],
        ),
    ]
