"""The storage contract: an append-only event store with optimistic concurrency.

The contract is split in the parts callers use (``StoreLifecycle``,
``PlayerStore``, ``GameStore``, ``EventLog``, ``CommandStore``,
``SnapshotStore``); ``EventStore`` is all of them, and both implementations
are one class each. Two implementations pass one conformance suite (``tests/store/``):
``sqlite.py`` (embedded default) and ``postgres.py`` (psycopg 3 with an
``AsyncConnectionPool``). Driver errors are translated into the exceptions
below in one place per implementation; nothing above the store sees a
driver exception.

Everything JSON-like (options, event data, outcome) crosses this boundary as
plain builtins (dicts, lists, str, int, bool, None); the service converts to
and from msgspec types. States in snapshots are opaque bytes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Protocol

import msgspec

# --- errors -------------------------------------------------------------------


class StoreError(Exception):
    """Base of every storage error."""


class StoreUnavailable(StoreError):
    """The database cannot be reached (connection refused, pool timeout...)."""


class GameNotFound(StoreError):
    pass


class VersionConflict(StoreError):
    """``expected_version`` is not the game's current version."""

    def __init__(self, game_id: str, expected: int, actual: int | None = None) -> None:
        super().__init__(f"game {game_id}: expected version {expected}, found {actual}")
        self.game_id, self.expected, self.actual = game_id, expected, actual


class SeatTaken(StoreError):
    pass


class UnknownSeat(StoreError):
    pass


class GameNotWaiting(StoreError):
    """A seat claim on a game that has already started (or finished)."""


class IdempotencyConflict(StoreError):
    """A command record with this (game_id, seat, idempotency_key) already exists."""


class GameAlreadyExists(StoreError):
    """``create_game`` with a ``game_id`` that is already stored (added; nothing written)."""


class InvalidCursor(StoreError, ValueError):
    """``list_games`` got a ``cursor`` it did not issue (added; the API answers 400)."""


# --- records ------------------------------------------------------------------


class SeatRecord(msgspec.Struct, kw_only=True, gc=False):
    seat: str
    player_id: str | None = None
    player_name: str | None = None
    claimed: bool = False
    bot: str | None = None
    """(Added) The bot level playing this seat (``greedy`` ...); None for a person."""


class ForkOrigin(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """(Added) Where a fork comes from: the original game and the version copied."""

    game_id: str
    version: int
    """The fork's log is the original's events 1..version, copied."""


class GameRecord(msgspec.Struct, kw_only=True, gc=False):
    """One row of ``games`` (the read model for listing) plus its seats."""

    game_id: str
    ruleset: str
    options: dict[str, Any]
    status: str  # "waiting" | "active" | "finished"
    version: int
    seats: list[SeatRecord]
    to_act: list[str]
    outcome: dict[str, Any] | None
    seed_sha256: str
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None = None
    imported: str | None = None
    """(Added) None for a game created here; ``finished`` for a game imported
    once over (its seed revealed, committed where it was played); ``in_play``
    for a game imported before its end (its seed chosen by whoever exported
    it, not committed here)."""
    forked_from: ForkOrigin | None = None
    """(Added) The game and version this game was forked from; None for a game
    that is no fork."""
    forked_at: datetime | None = None
    """(Added) When the fork was made; None for a game that is no fork."""


class PlayerRecord(msgspec.Struct, kw_only=True, gc=False):
    player_id: str
    name: str
    created_at: datetime


class NewEvent(msgspec.Struct, kw_only=True, gc=False):
    type: str
    """The event's tag (``arkantis.tokens_removed``), stored in its own column."""
    data: dict[str, Any]
    """The whole tagged event as builtins (``msgspec.to_builtins(event)``)."""
    schema_version: int = 1
    """The event's schema version, for upcasters on read."""


class StoredEvent(msgspec.Struct, kw_only=True, gc=False):
    game_id: str
    version: int
    """1-based, contiguous per game."""
    position: int
    """Global, strictly increasing across games in commit order of insertion."""
    type: str
    data: dict[str, Any]
    recorded_at: datetime
    command_id: str | None
    """The command (batch) that caused this event; None for setup batches' claim."""
    seat: str | None
    """The seat whose command caused it; None for setup."""
    schema_version: int = 1
    """As given in ``NewEvent.schema_version`` when appended."""


class GameUpdate(msgspec.Struct, kw_only=True, gc=False):
    """What the append transaction writes to the ``games`` row."""

    status: str
    to_act: list[str]
    outcome: dict[str, Any] | None = None
    winners: list[str] = []
    """Seats ranked first, once finished (used by ``last_winner``)."""
    at: datetime | None = None
    """(Added) The time to record (``updated_at``, the events' ``recorded_at``);
    None: the store's clock. The service passes it to know the row it wrote."""


class CommandRecord(msgspec.Struct, kw_only=True, gc=False):
    """One accepted command batch: for idempotency and for the audit trail."""

    command_id: str
    seat: str | None
    idempotency_key: str | None
    request_hash: str | None
    """sha256 of the request body; the same key with another body is refused.
    None for a command sent without a key (nothing can replay it)."""
    command: dict[str, Any] | None
    response_status: int
    response: bytes
    """The exact JSON body answered the first time, for a replay of its key; empty
    for a command sent without a key (as ``purge_idempotency`` leaves an old one)."""


class LoggedCommandRow(msgspec.Struct, kw_only=True, gc=False):
    """One accepted command as the command log keeps it (for exports)."""

    command_id: str
    seat: str | None
    command: dict[str, Any] | None
    recorded_at: datetime


class ImportedSeat(msgspec.Struct, kw_only=True, gc=False):
    seat: str
    player_name: str | None
    token_hash: str | None
    """A fresh token's hash for an imported game still in play; None otherwise."""
    claimed: bool
    bot: str | None = None
    """(Added) The bot level playing this seat (a named position's bot seat); None for a
    person."""


class ImportedEvent(msgspec.Struct, kw_only=True, gc=False):
    version: int
    type: str
    data: dict[str, Any]
    recorded_at: datetime
    command_id: str | None
    seat: str | None
    schema_version: int = 1


class Snapshot(msgspec.Struct, kw_only=True, gc=False):
    version: int
    state: bytes


class GameImport(msgspec.Struct, kw_only=True, gc=False):
    """A verified game to store whole, in one transaction (``EventStore.import_game``)."""

    game: GameRecord
    """The games row as it must read afterwards (status, version, to_act, outcome ...)."""
    winners: list[str]
    seed: str
    seats: list[ImportedSeat]
    events: list[ImportedEvent]
    commands: list[LoggedCommandRow]
    snapshots: list[Snapshot] = []
    """(Added) Folded states to store with the game, as ``save_snapshot`` would."""
    creator: str | None = None
    """(Added) Who made it (``quota_usage``): a fork's client address; None for an import."""


class QuotaUsage(msgspec.Struct, kw_only=True, frozen=True, gc=False):
    """What one creator (a client address's pseudonym) made lately (``quota_usage``)."""

    games: int
    """Games created since the window's start."""
    oldest_game: datetime | None
    """When the oldest of them was created."""
    players: int
    """Players created since the window's start."""
    oldest_player: datetime | None
    """When the oldest of them was created."""
    bots_only: int
    """Bots-only games in play (active, every seat a bot) charged to this creator."""


StartHook = Callable[[GameRecord], Awaitable[tuple[list[NewEvent], GameUpdate]]]
"""Called inside ``claim_seat``'s transaction when the last seat was just
claimed, with the game as it is now (every seat claimed). Returns the setup
events (appended at versions 1..n) and the row update (status ``active``)."""


# --- the protocol, in the parts callers use -------------------------------------
#
# One class may implement them all (both stores do): ``EventStore`` is their
# union. A caller that needs only a part names that part.


class StoreLifecycle(Protocol):
    """Connecting, migrating and checking the database."""

    async def open(self, *, wait: bool = True) -> None:
        """Connect (open the pool) and apply pending migrations. ``wait=False``
        (a server's worker): return even when the database does not answer;
        connecting and migrating go on in the background, and every call
        raises StoreUnavailable until they succeed."""
        ...

    async def close(self) -> None: ...

    async def migrate(self) -> list[str]:
        """Apply pending versioned migrations; return the names applied now."""
        ...

    async def ping(self) -> None:
        """Raise StoreUnavailable unless the database answers."""
        ...


class PlayerStore(Protocol):
    """Player identities and their games."""

    async def create_player(
        self, player: PlayerRecord, token_hash: str, *, creator: str | None = None
    ) -> None:
        """Insert a player; ``creator`` is who made it (``quota_usage``)."""
        ...

    async def get_player(self, player_id: str) -> PlayerRecord | None: ...

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None: ...

    async def player_games(self, player_id: str) -> list[GameRecord]:
        """Games where the player holds a seat, newest first."""
        ...


class GameStore(Protocol):
    """Games and seats: the ``games`` rows (the read model), seeds and seat claims."""

    async def create_game(self, game: GameRecord, seed: str, *, creator: str | None = None) -> None:
        """Insert the games row, its seats (unclaimed, in ``game.seats`` order)
        and the secret seed; ``creator`` is who made it (``quota_usage``).
        Raises GameAlreadyExists for a known id."""
        ...

    async def get_game(self, game_id: str) -> GameRecord | None: ...

    async def list_games(
        self,
        *,
        ruleset: str | None = None,
        status: str | None = None,
        player_id: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> tuple[list[GameRecord], str | None]:
        """Newest first; returns the page and an opaque cursor for the next one (None at the end).

        Raises InvalidCursor (added; a ValueError too) for a cursor not issued here.
        """
        ...

    async def get_seed(self, game_id: str) -> str | None: ...

    async def get_seeds(self, game_ids: list[str]) -> dict[str, str]:
        """(Added) The seeds of ``game_ids`` in one query; unknown ids are left out
        (``GET /games`` reveals the seeds of a page's finished games at once)."""
        ...

    async def last_winner(self, ruleset: str, player_ids: list[str]) -> str | None:
        """The player_id, among ``player_ids``, who won the most recently
        finished game of ``ruleset`` that any of them won; None if none did.
        Only games where two or more distinct players (``player_id``s) held
        seats count: a win against oneself, or against only anonymous or bot
        seats, is not a game won against someone."""
        ...

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
        """Claim ``seat`` in one transaction (the game row locked); ``bot``
        records that the service plays this seat at that level; ``creator``,
        when given, becomes the game's creator (the claim that makes a game
        bots-only is charged for it: ``quota_usage``).

        Raises GameNotFound, UnknownSeat, GameNotWaiting, SeatTaken. When this
        claim fills the last seat, awaits ``on_full`` and appends its events
        and update in the same transaction. Returns the game after the claim.

        ``filling``: the game as this claim fills it, when the caller's read
        saw every other seat claimed (its seats with this one's holder). A
        store may then await ``on_full(filling)`` before its transaction and
        write the claim in one statement (PostgreSQL); if the game is not as
        that read saw it (another claim came in between), it claims as above,
        awaiting ``on_full`` again on what it finds. Seats are only ever
        claimed, so a hint of None for a claim that fills costs that retry only.
        """
        ...

    async def seat_by_token(self, game_id: str, token_hash: str) -> str | None: ...

    async def bot_games(self, *, limit: int = 100) -> list[GameRecord]:
        """(Added) Active games with at least one bot seat, least recently updated
        first: what a bot runner sweeps to resume bot turns."""
        ...

    async def quota_usage(self, creator: str, since: datetime) -> QuotaUsage:
        """(Added) The games and players ``creator`` made after ``since``, and its
        bots-only games in play, in one query."""
        ...

    async def expire_waiting(self, created_before: datetime, *, limit: int = 1000) -> int:
        """(Added) Delete up to ``limit`` games still ``waiting`` that were created
        before ``created_before`` (their seats and seeds with them; a waiting
        game has no events), in one transaction that a concurrent claim waits
        for (it then finds no game); the number deleted."""
        ...


class EventLog(Protocol):
    """The append-only log: appends (with their command record), reads, the global feed."""

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
        """Append ``events`` at versions expected_version+1.. in one transaction,
        update the games row, and record ``command``. Returns the new version.

        Raises GameNotFound, VersionConflict (someone appended first; nothing
        written), IdempotencyConflict (the command's key was recorded first).
        The key is checked before the version, so a retried command whose first
        attempt won gets IdempotencyConflict (then ``get_command``), never a
        VersionConflict.

        ``snapshot``: the state at the new version, encoded, saved as its snapshot
        in the same transaction (as ``save_snapshot``: one already there is kept),
        where a separate ``save_snapshot`` is a transaction of its own.
        """
        ...

    async def read(
        self, game_id: str, *, after: int = 0, limit: int | None = None, upto: int | None = None
    ) -> list[StoredEvent]:
        """Events with after < version (<= upto), in version order, at most ``limit``."""
        ...

    async def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game with ``position > after_position``, in
        position order, at most ``limit``: the catch-up feed. A position is
        served only once no lower position can still be committed, so a reader
        resuming after the last position it saw never misses an event (gaps are
        possible, never reordering)."""
        ...


class CommandStore(Protocol):
    """Accepted commands: idempotent replays, the command log, whole-game imports."""

    async def get_command(
        self, game_id: str, seat: str | None, idempotency_key: str
    ) -> CommandRecord | None: ...

    async def command_log(self, game_id: str) -> list[LoggedCommandRow]:
        """Every accepted command of ``game_id`` (any order; events name theirs by id)."""
        ...

    async def import_game(self, bundle: GameImport) -> None:
        """Store a whole game (row, seats, seed, events, commands, snapshots) in one transaction.

        Raises GameAlreadyExists when ``bundle.game.game_id`` is taken; nothing
        is written then. Events get new global positions, in version order.
        """
        ...

    async def purge_idempotency(self, before: datetime) -> int:
        """Forget the idempotency keys (and stored answers) of commands recorded
        before ``before``; the number forgotten. The commands themselves stay in
        the command log (exports re-decide games from it); events are never touched."""
        ...


class SnapshotStore(Protocol):
    """Folded states saved every N events (an optimisation: a cold load folds fewer)."""

    async def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        """Idempotent: saving the same version twice keeps one."""
        ...

    async def load_snapshot(
        self, game_id: str, *, at_or_before: int | None = None
    ) -> Snapshot | None:
        """The latest snapshot with version <= at_or_before (any version if None)."""
        ...


class EventStore(
    StoreLifecycle, PlayerStore, GameStore, EventLog, CommandStore, SnapshotStore, Protocol
):
    """The whole store: what ``open_store`` returns and both implementations are."""
