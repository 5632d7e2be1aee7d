"""The game repository: games rows, seeds, the shared head, and states.

A state is loaded from the cache when it holds the game's current version,
else from the latest snapshot and the events after it; a new state is
remembered (cached, snapshotted every ``snapshot_every`` events) and a move
published in the same Redis command when the notifier is on the cache's Redis.
No game is named here: everything goes through ``domain.RULESETS``.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import msgspec

from domain import RULESETS, AnyRuleset
from service import metrics
from service.cache.base import ChannelNotifier, Notifier, SharedCache, StateCache
from service.games.codecs import stored_event
from service.games.exceptions import NotFound, not_started
from service.settings import Settings
from service.store.base import EventStore, GameRecord, GameUpdate, NewEvent, StoredEvent

log = logging.getLogger("plateau.games")

HEAD_TTL = 30.0
"""Seconds a game's head (its games row at its latest version) lives in the
shared cache after it was last written. Heads are written with the state after
every command, compare-and-set on the version; if that write fails (Redis
unreachable at that instant, or skipped after a failure) the process deletes the
head at its next call that reaches Redis (``RedisStateCache``), so readers are
served the previous version until then, at most this long."""
HEAD_HOLD = 2.0
"""Seconds a head lives once a writer has read it for a command, until the
writer rewrites it (restoring ``HEAD_TTL``): a process killed between its
commit and that rewrite leaves readers the previous version for at most this
long (plus ``SPECTATOR_MAX_AGE`` for a spectator), not ``HEAD_TTL``. A head
that expires while its writer is slow only costs readers a database read."""
SEEDS_KEPT = 10_000
"""Seeds remembered per process (a game's seed never changes)."""
STATES_KEPT = 2_048
"""Games whose latest decoded state a process keeps (the most recently used): the
state of a game at a version never changes (``evolve`` never mutates its input), so
a cached state that names that version is this one, and the next read or command
of the game skips its decoding and the young objects it makes (about 2% of a
worker's CPU per move, measured side by side: docs/performance.md)."""


class Unset:
    """The type of ``UNSET``: no cache entry was read yet."""


UNSET: Final = Unset()
CacheEntry = tuple[int, bytes] | None | Unset
"""A state cache entry as read with a head: (version, bytes), None (a miss) or ``UNSET``."""


def now() -> datetime:
    return datetime.now(UTC)


def stored_events(
    game_id: str,
    after: int,
    appended: list[NewEvent],
    at: datetime,
    command_id: str | None = None,
    seat: str | None = None,
) -> tuple[StoredEvent, ...]:
    """The events just appended after version ``after`` (by ``command_id`` of
    ``seat``; None for a setup), as the store now holds them: kept as a move
    (``move_events_key``), so this process's next reads of the game say it without
    reading it back. Their ``position`` is unknown here (0): neither the last move
    nor a stream reads it."""
    return tuple(
        StoredEvent(
            game_id=game_id,
            version=after + 1 + i,
            position=0,
            type=event.type,
            data=event.data,
            recorded_at=at,
            command_id=command_id,
            seat=seat,
        )
        for i, event in enumerate(appended)
    )


class Moved(msgspec.Struct, kw_only=True, gc=False):
    """A move as its announcement carries it to every process's streams of the
    game (``Notifier.publish``'s bytes): the games row after it and its events,
    as the store holds them (``position`` unknown: 0)."""

    game: GameRecord
    events: list[StoredEvent]


_ANNOUNCE = msgspec.msgpack.Encoder().encode


def announcement(game: GameRecord, events: Sequence[StoredEvent]) -> bytes:
    """A move's announcement (``Moved``) as ``Notifier.publish`` sends it: ``game``, the
    row after the move, and its ``events`` (str keys: the events' int-keyed dicts, as
    the store's JSON gives them back)."""
    return _ANNOUNCE(msgspec.to_builtins(Moved(game=game, events=list(events)), str_keys=True))


@dataclass(slots=True)
class Loaded:
    game: GameRecord
    ruleset: AnyRuleset
    state: Any
    version: int


class GameRepository:
    """Games rows, seeds, heads and states of every game (one per process)."""

    def __init__(
        self, settings: Settings, store: EventStore, cache: StateCache, notifier: Notifier
    ) -> None:
        self.settings = settings
        self.store = store
        self.cache = cache
        self.notifier = notifier
        self.shared: SharedCache | None = cache if isinstance(cache, SharedCache) else None
        """The cache, when every process shares it (Redis): heads are read there."""
        self.channels: ChannelNotifier | None = None
        """The notifier, when it publishes on the shared cache's Redis: a move is
        cached and published in one command (``remember(announce=True)``)."""
        if (
            self.shared is not None
            and isinstance(notifier, ChannelNotifier)
            and notifier.url == self.shared.url
        ):
            self.channels = notifier
        self.encoder = msgspec.msgpack.Encoder()
        self._states = {name: msgspec.msgpack.Decoder(rs.State) for name, rs in RULESETS.items()}
        self._game_decoder = msgspec.msgpack.Decoder(GameRecord)
        self._seeds: OrderedDict[str, str] = OrderedDict()
        self._decoded: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self.on_moved: list[Callable[[GameRecord], None]] = []
        """Called with a game's row after this process appended to it, for a game
        with a bot seat (the bot runner listens)."""

    # --- games rows and seeds ---------------------------------------------------------

    async def game(self, game_id: str) -> GameRecord:
        game = await self.store.get_game(game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    async def seed(self, game_id: str) -> str:
        seed = self._seeds.get(game_id)
        if seed is None:
            seed = await self.store.get_seed(game_id)
            if seed is None:
                raise NotFound(f"no game {game_id!r}")
            self.know_seed(game_id, seed)
        return seed

    def know_seed(self, game_id: str, seed: str) -> None:
        self._seeds[game_id] = seed
        while len(self._seeds) > SEEDS_KEPT:
            self._seeds.popitem(last=False)

    async def prime_seeds(self, games: list[GameRecord]) -> None:
        """Fetch the seeds of the finished ``games`` not known yet in one query
        (``GET /games``: no query per finished game)."""
        missing = [
            g.game_id for g in games if g.status == "finished" and g.game_id not in self._seeds
        ]
        if missing:
            for game_id, seed in (await self.store.get_seeds(missing)).items():
                self.know_seed(game_id, seed)

    def moved(self, game: GameRecord) -> None:
        """This process appended to ``game``: tell the listeners (bot games only)."""
        if any(s.bot for s in game.seats):  # nobody listens for the others
            for listener in self.on_moved:
                listener(game)

    # --- heads --------------------------------------------------------------------------

    async def head(
        self, game_id: str, *, hold: bool = False
    ) -> tuple[GameRecord | None, CacheEntry]:
        """(games row, cached state entry) from the shared cache, or (None, ``UNSET``).

        Only with a cache shared by every process (Redis): the head is written
        after every command, so it is the latest version. ``hold``: the caller
        is about to write (``HEAD_HOLD``)."""
        if self.shared is None:
            return None, UNSET
        head, entry = await self.shared.get_with_head(game_id, HEAD_HOLD if hold else 0.0)
        if head is None:
            return None, UNSET
        try:
            game = self._game_decoder.decode(head[1])
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None, UNSET
        if game.version != head[0] or game.version == 0 or game.status == "waiting":
            return None, UNSET
        return game, entry

    async def hold_head(self, game_id: str) -> None:
        """A writer that read ``game_id`` from the store is about to append: hold
        its head (``HEAD_HOLD``)."""
        if self.shared is not None:
            await self.shared.hold_head(game_id, HEAD_HOLD)

    async def read_head(self, game_id: str) -> tuple[GameRecord, CacheEntry]:
        """A reader's (games row, cached state entry or ``UNSET``): the shared
        head, else the store. A started game read from the store is written
        back as its head (compare-and-set on the version) for ``HEAD_HOLD``
        seconds only, so the reads that follow a quiet spell (the head lives
        ``HEAD_TTL`` after the last command) share one database read, and a
        head written back just before a writer's commit is trusted no longer
        than a writer's hold."""
        game, entry = await self.head(game_id)
        if game is None:
            game = await self.game(game_id)
            # A waiting fork has a version and no head: its claims change its row
            # without a new version, so only the store knows it until it starts.
            if self.shared is not None and game.version > 0 and game.status != "waiting":
                await self.shared.put_with_head(
                    game_id, game.version, self.encoder.encode(game), None, HEAD_HOLD
                )
        return game, entry

    async def latest(self, game_id: str) -> GameRecord:
        """The games row, from the shared head when there is one (no database)."""
        game, _ = await self.read_head(game_id)
        return game

    # --- states -------------------------------------------------------------------------

    @staticmethod
    def new_events(events: list[Any]) -> list[NewEvent]:
        return [
            NewEvent(type=type(e).__struct_config__.tag, data=msgspec.to_builtins(e))
            for e in events
        ]

    @staticmethod
    def update(ruleset: AnyRuleset, state: Any) -> GameUpdate:
        """The games row's new status, seats to act and outcome after ``state``."""
        outcome = ruleset.outcome(state)
        if outcome is None:
            return GameUpdate(status="active", to_act=list(ruleset.to_act(state)))
        return GameUpdate(
            status="finished",
            to_act=[],
            outcome=msgspec.to_builtins(outcome),
            winners=list(outcome.winners),
        )

    async def load(
        self,
        game_id: str,
        *,
        version: int | None = None,
        game: GameRecord | None = None,
        cached: CacheEntry = UNSET,
    ) -> Loaded:
        """The game's state at its current version, or at ``version`` (a past one).

        ``game``: the games row if the caller has just read it (saves a query);
        ``cached``: the cache entry if the caller has just read it too."""
        if game is None:
            game = await self.game(game_id)
        ruleset = RULESETS[game.ruleset]
        if game.version == 0:
            raise not_started(game_id)
        target = game.version if version is None else version
        if target < 1 or target > game.version:
            raise NotFound(f"game {game_id} has no version {target} (versions 1..{game.version})")
        decoder = self._states[game.ruleset]
        if target == game.version:
            if isinstance(cached, Unset):
                cached = await self.cache.get(game_id)
            hit = cached is not None and cached[0] == target
            metrics.cache_lookup(hit)
            if hit:
                assert cached is not None
                kept = self._decoded.get(game_id)
                if kept is not None and kept[0] == target:
                    self._decoded.move_to_end(game_id)
                    return Loaded(game, ruleset, kept[1], target)
                try:
                    decoded = decoder.decode(cached[1])
                    self._keep_decoded(game_id, target, decoded)
                    return Loaded(game, ruleset, decoded, target)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    # A cache entry from another code version: rebuild from the store.
                    log.warning("discarding an undecodable cached state of %s: %s", game_id, exc)
        state: Any = None
        base = 0
        snapshot = await self.store.load_snapshot(game_id, at_or_before=target)
        if snapshot is not None:
            state, base = decoder.decode(snapshot.state), snapshot.version
        for stored in await self.store.read(game_id, after=base, upto=target):
            state = ruleset.evolve(state, stored_event(ruleset, stored.data))
        if target == game.version:
            await self.remember(game_id, state, target, base, game=game)
        return Loaded(game, ruleset, state, target)

    def forget_states(self) -> None:
        """Drop the decoded states this process keeps (``STATES_KEPT``)."""
        self._decoded.clear()

    def kept_state(self, game_id: str) -> tuple[int, Any] | None:
        """(version, state) of ``game_id`` as this process keeps it decoded, or None."""
        return self._decoded.get(game_id)

    def _keep_decoded(self, game_id: str, version: int, state: Any) -> None:
        kept = self._decoded
        known = kept.get(game_id)
        if known is None or known[0] <= version:
            kept[game_id] = (version, state)
            kept.move_to_end(game_id)
            if len(kept) > STATES_KEPT:
                kept.popitem(last=False)

    def snapshot_due(self, previous: int, version: int) -> bool:
        """Whether the state at ``version``, after ``previous``, is snapshotted: a
        multiple of ``snapshot_every`` lies in (previous, version]."""
        every = self.settings.snapshot_every
        return version // every > previous // every

    async def remember(
        self,
        game_id: str,
        state: Any,
        version: int,
        previous: int,
        *,
        game: GameRecord | None = None,
        announce: bool = False,
        events: tuple[StoredEvent, ...] = (),
        encoded: bytes | None = None,
        snapshotted: bool = False,
    ) -> None:
        """Cache ``state`` at ``version`` (and keep it decoded in this process);
        snapshot it when a multiple of ``snapshot_every`` lies in (previous,
        version] (``snapshot_due``), so a cold load never folds more than
        ``snapshot_every`` events, unless it is ``snapshotted`` already (a command
        appends its snapshot with its events). Both are optimisations:
        a failure is logged, never raised. ``encoded``: ``state`` encoded already.

        ``announce``: also publish the move (``notifier.publish``), in the same
        Redis command as the cache write when the notifier is on the cache's
        Redis, else side by side with it; with the move's ``events`` (and
        ``game``, the row after them), the announcement carries them
        (``Moved``), so the game's streams need not read them back."""
        self._keep_decoded(game_id, version, state)
        if encoded is None:
            encoded = self.encoder.encode(state)
        move = None
        if announce and events and game is not None and game.version == version:
            move = announcement(game, events)
        if (
            self.shared is not None
            and game is not None
            and game.version == version
            and game.status != "waiting"  # a waiting fork: no head (``read_head``)
        ):
            # The state and the games row at this version, in one round trip
            # (and the move published in it, when the notifier is on that Redis).
            channels = self.channels if announce else None
            written = await self.shared.put_with_head(
                game_id,
                version,
                self.encoder.encode(game),
                encoded,
                HEAD_TTL,
                publish=channels.channel(game_id) if channels is not None else None,
                message=channels.message(version, move) if channels is not None else None,
            )
            if channels is not None and written:
                channels.delivered(game_id, version, move)
            elif announce:  # published apart (Redis skipped or down: the notifier logs it)
                await self.notifier.publish(game_id, version, move)
        elif announce:
            await asyncio.gather(
                self.cache.put(game_id, version, encoded),
                self.notifier.publish(game_id, version, move),
            )
        else:
            await self.cache.put(game_id, version, encoded)
        if not snapshotted and self.snapshot_due(previous, version):
            try:
                await self.store.save_snapshot(game_id, version, encoded)
            except Exception as exc:
                log.warning("snapshot of %s at %d failed: %s", game_id, version, exc)
