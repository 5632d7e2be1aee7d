"""The application service's core: the games row, seeds, the shared head,
the encoded-answer cache, summaries, and loading a state (cache, snapshot,
events).

The concerns built on it live beside it: ``auth`` (tokens), ``seats``
(players, games and seats), ``commands`` (decide and append) and ``reads``
(views, legal commands, history). Nothing here knows HTTP: failures are the
exceptions of ``service/exceptions.py``. No game is named here: everything
goes through ``domain.RULESETS``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset, Outcome
from service import metrics
from service.cache.base import StateCache
from service.exceptions import Conflict, NotFound
from service.schemas import GAME_SUMMARY, GameSummary, LoggedEvent, SeatInfo
from service.settings import Settings
from service.store.base import (
    EventStore,
    GameRecord,
    GameUpdate,
    NewEvent,
    PlayerRecord,
    StoredEvent,
    StoreError,
)
from service.streams import Notifier

log = logging.getLogger("plateau.games")

HEAD_TTL = 30.0
"""Seconds a game's head (its games row at its latest version) lives in the
shared cache after it was last written. Heads are written with the state after
every command, compare-and-set on the version; if that write fails (Redis
unreachable at that instant) readers may be served the previous version for at
most this long."""
HEAD_HOLD = 2.0
"""Seconds a head lives once a writer has read it for a command, until the
writer rewrites it (restoring ``HEAD_TTL``): a process killed between its
commit and that rewrite leaves readers the previous version for at most this
long (plus ``SPECTATOR_MAX_AGE`` for a spectator), not ``HEAD_TTL``. A head
that expires while its writer is slow only costs readers a database read."""
BODY_CACHE = 4096
"""Encoded answers kept per process, keyed by (what, game, version, seat): a
view at a version never changes, so it is redacted and encoded once."""
SPECTATOR_MAX_AGE = 1.0
"""Seconds a spectator's view of a game's latest version is served from this
process's memory (``spectator_hit``) before it is checked against the shared
head again, however sure the process is that the game has not moved: the
bound on staleness should a published move not arrive."""
_UNSET: Any = object()


def now() -> datetime:
    return datetime.now(UTC)


def sha256_hex(data: str | bytes) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: a seat of this game, or a spectator (seat None)."""

    seat: str | None


@dataclass(slots=True)
class Loaded:
    game: GameRecord
    ruleset: AnyRuleset
    state: Any
    version: int


class Codecs:
    """msgspec encoders/decoders per ruleset, built once."""

    def __init__(self, ruleset: AnyRuleset) -> None:
        self.state_decoder = msgspec.msgpack.Decoder(ruleset.State)


class ServiceCore:
    """State and helpers every concern of the application service shares."""

    def __init__(
        self, settings: Settings, store: EventStore, cache: StateCache, notifier: Notifier
    ) -> None:
        self.settings = settings
        self.store = store
        self.cache = cache
        self.notifier = notifier
        self.encoder = msgspec.msgpack.Encoder()
        self.json = msgspec.json.Encoder()
        self.codecs = {name: Codecs(rs) for name, rs in RULESETS.items()}
        self._seeds: OrderedDict[str, str] = OrderedDict()
        self._seat_tokens: dict[tuple[str, str], tuple[str, float]] = {}
        self._player_tokens: dict[str, tuple[PlayerRecord, float]] = {}
        self._bodies: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._summaries: OrderedDict[tuple[Any, ...], GameSummary] = OrderedDict()
        self._spectator: OrderedDict[str, tuple[int, bytes, int, float]] = OrderedDict()
        """game id -> (latest version, the spectator's view there, the
        notifier's ``hearing()`` token then, when it was checked)."""
        self.heads = bool(getattr(cache, "supports_heads", False))
        notifier_url = getattr(notifier, "url", None)  # a RedisNotifier's
        self._announce_with_cache = (
            self.heads and notifier_url is not None and notifier_url == getattr(cache, "url", None)
        )
        """The notifier publishes on the cache's Redis: a command's move is
        cached and published in one command (``_remember(announce=True)``)."""
        self._game_decoder = msgspec.msgpack.Decoder(GameRecord)
        self.on_moved: list[Callable[[str], None]] = []
        """Called with a game id after this process appended to it, for a game
        with a bot seat (the bot runner listens)."""

    async def backends(self) -> tuple[bool, str]:
        """(the store answers, the cache's state: ``ok``, ``down`` or ``memory``)."""
        try:
            await self.store.ping()
            store_ok = True
        except (StoreError, OSError):
            store_ok = False
        if self.settings.redis_url:
            cache = "ok" if await self.cache.ping() else "down"
        else:
            cache = "memory"
        return store_ok, cache

    def _moved(self, game: GameRecord) -> None:
        if any(s.bot for s in game.seats):  # nobody listens for the others
            for listener in self.on_moved:
                listener(game.game_id)

    @staticmethod
    def ruleset(name: str) -> AnyRuleset:
        try:
            return RULESETS[name]
        except KeyError:
            raise NotFound(f"unknown ruleset {name!r}") from None

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
            self._seeds[game_id] = seed
            while len(self._seeds) > 10_000:
                self._seeds.popitem(last=False)
        return seed

    async def prime_seeds(self, games: list[GameRecord]) -> None:
        """Fetch the seeds of the finished ``games`` not known yet in one query
        (``GET /games``: no query per finished game)."""
        missing = [
            g.game_id for g in games if g.status == "finished" and g.game_id not in self._seeds
        ]
        if missing:
            for game_id, seed in (await self.store.get_seeds(missing)).items():
                self._seeds[game_id] = seed
            while len(self._seeds) > 10_000:
                self._seeds.popitem(last=False)

    async def _head(self, game_id: str, *, hold: bool = False) -> tuple[GameRecord | None, Any]:
        """(games row, cached state entry) from the shared cache, or (None, _UNSET).

        Used only with a cache shared by every process (Redis): the head is
        written after every command, so it is the latest version. ``hold``:
        the caller is about to write (``HEAD_HOLD``)."""
        if not self.heads:
            return None, _UNSET
        head, entry = await self.cache.get_with_head(  # type: ignore[attr-defined]
            game_id, HEAD_HOLD if hold else 0.0
        )
        if head is None:
            return None, _UNSET
        try:
            game = self._game_decoder.decode(head[1])
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None, _UNSET
        if game.version != head[0] or game.version == 0:
            return None, _UNSET
        return game, entry

    async def hold_head(self, game_id: str) -> None:
        """A writer that read ``game_id`` from the store is about to append: hold
        its head (``HEAD_HOLD``)."""
        if self.heads:
            await self.cache.hold_head(game_id, HEAD_HOLD)  # type: ignore[attr-defined]

    async def game_fast(self, game_id: str) -> GameRecord:
        """The games row, from the shared head when there is one (no database)."""
        game, _ = await self.read_head(game_id)
        return game

    async def read_head(self, game_id: str) -> tuple[GameRecord, Any]:
        """A reader's (games row, cached state entry or ``_UNSET``): the shared
        head, else the store. A started game read from the store is written
        back as its head (compare-and-set on the version) for ``HEAD_HOLD``
        seconds only, so the reads that follow a quiet spell (the head lives
        ``HEAD_TTL`` after the last command) share one database read, and a
        head written back just before a writer's commit is trusted no longer
        than a writer's hold."""
        game, entry = await self._head(game_id)
        if game is None:
            game = await self.game(game_id)
            if self.heads and game.version > 0:
                await self.cache.put_with_head(  # type: ignore[attr-defined]
                    game_id, game.version, self.encoder.encode(game), None, HEAD_HOLD
                )
        return game, entry

    def spectator_hit(self, game_id: str) -> tuple[int, bytes] | None:
        """The spectator's view of ``game_id`` at its latest version, from memory:
        (version, JSON bytes), or None when this process cannot vouch for it.

        Vouched for when, since the view was read from the shared head, this
        process has kept hearing every move (the same ``hearing()`` token),
        heard of no version past it, and at most ``SPECTATOR_MAX_AGE`` seconds
        went by. A move published elsewhere is heard within the pub/sub
        delivery time, so a spectator may see a move that long after another
        process acknowledged it; a seat (a writer) always reads the shared
        head. Costs no round trip and no await."""
        entry = self._spectator.get(game_id)
        if entry is None:
            return None
        version, body, token, checked = entry
        notifier = self.notifier
        if (
            notifier.hearing() != token
            or notifier.latest(game_id) != version
            or time.monotonic() - checked > SPECTATOR_MAX_AGE
        ):
            return None
        return version, body

    def _vouch(self, game_id: str, version: int, body: bytes, token: int | None) -> None:
        """Remember the spectator's view of ``version``, read from the shared head
        (or the store) after ``token`` was the notifier's: every later move is heard."""
        notifier = self.notifier
        if token is None or notifier.hearing() != token:
            return
        notifier.observe(game_id, version)
        spectator = self._spectator
        spectator[game_id] = (version, body, token, time.monotonic())
        spectator.move_to_end(game_id)
        while len(spectator) > BODY_CACHE:
            spectator.popitem(last=False)

    def _body(self, key: tuple[Any, ...]) -> bytes | None:
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
        return body

    def _keep(self, key: tuple[Any, ...], body: bytes) -> bytes:
        self._bodies[key] = body
        while len(self._bodies) > BODY_CACHE:
            self._bodies.popitem(last=False)
        return body

    def decode_event(self, ruleset: AnyRuleset, data: dict[str, Any]) -> Any:
        # Through JSON, not msgspec.convert: stored JSON has string keys where
        # an event may declare int-keyed dicts, which only the JSON decoder maps back.
        return msgspec.json.decode(self.json.encode(data), type=ruleset.Event)

    async def summary(self, game: GameRecord) -> GameSummary:
        """The summary of ``game``; built once per version of a started game
        (it never changes then), so a page of ``GET /games`` costs little."""
        key = ("summary-struct", game.game_id, game.version)
        if game.status != "waiting":
            known = self._summaries.get(key)
            if known is not None:
                return known
        made = await self._summary(game)
        if game.status != "waiting":
            self._summaries[key] = made
            while len(self._summaries) > BODY_CACHE:
                self._summaries.popitem(last=False)
        return made

    async def _summary(self, game: GameRecord) -> GameSummary:
        ruleset = RULESETS[game.ruleset]
        seed = await self.seed(game.game_id) if game.status == "finished" else None
        return GAME_SUMMARY[game.ruleset](
            game_id=game.game_id,
            options=msgspec.json.decode(self.json.encode(game.options), type=ruleset.Options),
            status=game.status,
            version=game.version,
            seats=[
                SeatInfo(
                    seat=s.seat,
                    player_name=s.player_name,
                    player_id=s.player_id,
                    claimed=s.claimed,
                    bot=s.bot,  # type: ignore[arg-type]
                )
                for s in game.seats
            ],
            to_act=list(game.to_act),
            outcome=msgspec.convert(game.outcome, type=Outcome) if game.outcome else None,
            seed_sha256=game.seed_sha256,
            seed=seed,
            created_at=game.created_at,
            updated_at=game.updated_at,
        )

    def _new_events(self, events: list[Any]) -> list[NewEvent]:
        return [
            NewEvent(type=type(e).__struct_config__.tag, data=msgspec.to_builtins(e))
            for e in events
        ]

    @staticmethod
    def _update(ruleset: AnyRuleset, state: Any) -> GameUpdate:
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
        cached: Any = _UNSET,
    ) -> Loaded:
        """The game's state at its current version, or at ``version`` (a past one).

        ``game``: the games row if the caller has just read it (saves a query);
        ``cached``: the cache entry if the caller has just read it too."""
        if game is None:
            game = await self.game(game_id)
        ruleset = RULESETS[game.ruleset]
        if game.version == 0:
            raise Conflict(
                f"game {game_id} has not started: seats are free", code="game_not_active"
            )
        target = game.version if version is None else version
        if target < 1 or target > game.version:
            raise NotFound(f"game {game_id} has no version {target} (versions 1..{game.version})")
        codec = self.codecs[game.ruleset]
        if target == game.version:
            if cached is _UNSET:
                cached = await self.cache.get(game_id)
            metrics.cache_lookup(cached is not None and cached[0] == target)
            if cached is not None and cached[0] == target:
                try:
                    return Loaded(game, ruleset, codec.state_decoder.decode(cached[1]), target)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    # A cache entry from another code version: rebuild from the store.
                    log.warning("discarding an undecodable cached state of %s: %s", game_id, exc)
        state: Any = None
        base = 0
        snapshot = await self.store.load_snapshot(game_id, at_or_before=target)
        if snapshot is not None:
            state, base = codec.state_decoder.decode(snapshot.state), snapshot.version
        tail = await self.store.read(game_id, after=base, upto=target)
        for stored in tail:
            state = ruleset.evolve(state, self.decode_event(ruleset, stored.data))
        if target == game.version:
            await self._remember(game_id, state, target, base, game=game)
        return Loaded(game, ruleset, state, target)

    async def _remember(
        self,
        game_id: str,
        state: Any,
        version: int,
        previous: int,
        *,
        game: GameRecord | None = None,
        announce: bool = False,
    ) -> None:
        """Cache ``state`` at ``version``; snapshot it when a multiple of
        ``snapshot_every`` lies in (previous, version], so a cold load never
        folds more than ``snapshot_every`` events. Both are optimisations:
        a failure is logged, never raised.

        ``announce``: also publish the move (``notifier.publish``), in the same
        Redis command as the cache write when the notifier is on the cache's
        Redis, else side by side with it."""
        encoded = self.encoder.encode(state)
        notifier: Any = self.notifier
        channel = None
        if self.heads and game is not None and game.version == version:
            # The state and the games row at this version, in one round trip
            # (and the move published in it, when the notifier is on that Redis).
            if announce and self._announce_with_cache:
                channel = notifier.channel(game_id)
            write = self.cache.put_with_head(  # type: ignore[attr-defined]
                game_id, version, self.encoder.encode(game), encoded, HEAD_TTL, publish=channel
            )
        else:
            write = self.cache.put(game_id, version, encoded)
        if channel is not None:
            if await write:
                notifier.delivered(game_id, version)
            else:  # Redis skipped or down: the notifier tries (and logs) itself
                await notifier.publish(game_id, version)
        elif announce:
            await asyncio.gather(write, notifier.publish(game_id, version))
        else:
            await write
        every = self.settings.snapshot_every
        if version // every > previous // every:
            try:
                await self.store.save_snapshot(game_id, version, encoded)
            except Exception as exc:
                log.warning("snapshot of %s at %d failed: %s", game_id, version, exc)

    def logged(
        self, ruleset: AnyRuleset, game: GameRecord, viewer: Viewer, stored: StoredEvent
    ) -> LoggedEvent:
        event = self.decode_event(ruleset, stored.data)
        if game.status != "finished":
            event = ruleset.redact(event, viewer.seat)
        return LoggedEvent(version=stored.version, recorded_at=stored.recorded_at, event=event)
