"""The global event feed: every game's events in commit order, paged by position.

A reader keeps the last position it saw and asks for what comes after it.
The stores never serve a position while a lower one may still commit (SQLite
has one writer at a time; PostgreSQL serves only positions below the oldest
in-flight writer's marker, see ``service/store/postgres.py``), so a reader
resuming after position ``p`` never misses an event committed later with a
lower position, and never sees one twice. Events are redacted as for a
spectator while their game runs, complete once it is finished.

The live feed (``GET /events/stream``) has one reader per process, ``Feed``,
shared by every feed stream of the process: each stream reads its own
history once (after the position it resumes from), then follows the reader,
which reads the store once for all of them and encodes each event once. The
reader wakes on any move this process hears (the notifier) and polls every
``PLATEAU_FEED_POLL`` seconds for the moves of other processes; while Redis
tells this process of every move (``Notifier.hearing``), the notifier
pushes and the reader polls only at each heartbeat (the safety net).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import msgspec

from domain import RULESETS, tag_of
from service.games.auth import SPECTATOR
from service.games.reads import Reads
from service.games.schemas import FeedEvent, FeedPage
from service.games.streams import HEARTBEAT, Live, Message, Signal, wait_for
from service.games.texts import DEFAULT_LANGUAGE
from service.store.base import GameRecord, StoredEvent

log = logging.getLogger("plateau.streams")

PAGE = 500
"""Events read from the store at once."""
RECENT = 512
"""Messages the reader keeps for its streams; a stream further behind reads the store."""
PUSHED_GAP = 0.05
"""Seconds between two reads of the store while the notifier pushes: a burst of
moves costs one read per this interval, not one per move."""


async def _stored(reads: Reads, *, after: int, limit: int) -> list[tuple[StoredEvent, GameRecord]]:
    """The stored events after position ``after``, each with its game's row."""
    stored = await reads.store.read_all(after_position=after, limit=limit)
    games: dict[str, GameRecord] = {}
    for game_id in dict.fromkeys(e.game_id for e in stored):
        games[game_id] = await reads.games.game(game_id)
    return [(e, games[e.game_id]) for e in stored]


def feed_event(reads: Reads, stored: StoredEvent, game: GameRecord, lang: str) -> FeedEvent:
    """One event of the feed, as a spectator sees it, its sentence in ``lang``."""
    logged = reads.logged(RULESETS[game.ruleset], game, SPECTATOR, stored, lang)
    return FeedEvent(
        position=stored.position,
        game_id=stored.game_id,
        ruleset=game.ruleset,
        version=stored.version,
        recorded_at=stored.recorded_at,
        event=logged.event,
        seat=logged.seat,
        move=logged.move,
        text=logged.text,
        message=logged.message,
    )


async def feed_page(
    reads: Reads, *, after: int, limit: int, lang: str = DEFAULT_LANGUAGE
) -> FeedPage:
    stored = await _stored(reads, after=after, limit=limit)
    return FeedPage(
        events=[feed_event(reads, e, game, lang) for e, game in stored],
        last_position=stored[-1][0].position if stored else after,
    )


def _message(item: FeedEvent, encoder: msgspec.json.Encoder) -> Message:
    return Message(
        id=str(item.position), event=tag_of(item.event), data=encoder.encode(item).decode()
    )


class _Recent(msgspec.Struct, gc=False):
    """A recent event of the feed, and its message in each language asked (kept out
    of the collector, as a channel's ``Entry``)."""

    stored: StoredEvent
    game: GameRecord
    messages: dict[str, Message] = msgspec.field(default_factory=dict)


class Feed:
    """The global feed's one reader in this process, shared by every feed stream."""

    def __init__(self, reads: Reads) -> None:
        self.reads = reads
        self.encoder = msgspec.json.Encoder()
        self.position = 0
        """The position up to which the reader has read."""
        self.recent: list[tuple[int, _Recent]] = []
        """The last messages read, by position, all those after ``recent_after``."""
        self.recent_after = 0
        self.beats = 0
        """Heartbeats so far (one per heartbeat interval without an event)."""
        self.signal = Signal()
        self.members = 0
        self.waiting = False
        self.task: asyncio.Task[None] | None = None

    def join(self, position: int) -> None:
        self.members += 1
        if self.task is None or self.task.done():
            self.position = self.recent_after = position
            self.recent = []
            self.task = asyncio.create_task(self._run(), name="plateau-feed")

    def leave(self) -> None:
        self.members -= 1
        if self.members <= 0 and self.waiting and self.task is not None:
            self.task.cancel()  # idle: nothing half-read is lost

    async def _run(self) -> None:
        settings = self.reads.games.settings
        notifier = self.reads.games.notifier
        loop = asyncio.get_running_loop()
        quiet_since = read_at = loop.time()
        try:
            while self.members > 0:
                pushed = notifier.hearing() is not None
                beat = settings.sse_heartbeat
                self.waiting = True
                try:
                    await notifier.wait_any(beat if pushed else min(beat, settings.feed_poll))
                    if pushed and loop.time() - read_at < PUSHED_GAP:
                        await asyncio.sleep(PUSHED_GAP - (loop.time() - read_at))
                finally:
                    self.waiting = False
                read_at = loop.time()
                try:
                    read = await self._read()
                except Exception as exc:  # the store is down: try again at the next poll
                    log.warning("feed: reading failed: %s", exc)
                    read = False
                if read:
                    quiet_since = read_at
                elif read_at - quiet_since >= settings.sse_heartbeat:
                    quiet_since = read_at
                    self.beats += 1
                else:
                    continue
                self.signal.fire()
        except asyncio.CancelledError:
            pass
        finally:
            self.signal.fire()  # streams still here see the end (and start a new reader)

    async def _read(self) -> bool:
        """Read every event after ``position``; True when there was any."""
        read = False
        while True:
            page = await _stored(self.reads, after=self.position, limit=PAGE)
            for stored, game in page:
                self.recent.append((stored.position, _Recent(stored, game)))
            if page:
                self.position = page[-1][0].position
            read = read or bool(page)
            if len(page) < PAGE:
                break
        if len(self.recent) > RECENT:
            self.recent_after = self.recent[-RECENT - 1][0]
            del self.recent[:-RECENT]
        return read

    def _said(self, recent: _Recent, lang: str) -> Message:
        """A recent event's message in ``lang``, encoded once for every stream."""
        message = recent.messages.get(lang)
        if message is None:
            item = feed_event(self.reads, recent.stored, recent.game, lang)
            message = recent.messages[lang] = _message(item, self.encoder)
        return message

    async def messages(
        self,
        *,
        after: int,
        timeout: float | None,
        page_size: int = PAGE,
        lang: str = DEFAULT_LANGUAGE,
    ) -> AsyncIterator[Live]:
        """Messages (``id`` = position, ``event`` = type, ``data`` = a FeedEvent):
        everything after ``after``, then new events as they are committed, until
        ``timeout`` seconds have passed (forever when None)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        position = after
        while True:  # the history, read by this stream alone
            page = await feed_page(self.reads, after=position, limit=page_size, lang=lang)
            for item in page.events:
                yield _message(item, self.encoder)
            position = page.last_position
            if len(page.events) < page_size:
                break
        if deadline is not None and loop.time() >= deadline:
            return
        self.join(position)
        try:
            beats = self.beats
            while True:
                if self.position > position:
                    if self.recent_after <= position:
                        for at, recent in [m for m in self.recent if m[0] > position]:
                            position = at
                            yield self._said(recent, lang)
                        position = max(position, self.recent_after)
                        continue
                    page = await feed_page(self.reads, after=position, limit=page_size, lang=lang)
                    for item in page.events:  # behind the reader's recent messages
                        yield _message(item, self.encoder)
                    position = page.last_position
                    if page.events:
                        continue
                if self.beats != beats:
                    beats = self.beats
                    yield HEARTBEAT
                    continue
                if self.task is None or self.task.done():  # it stopped: a new one
                    self.leave()
                    self.join(position)
                    continue
                if not await wait_for(self.signal, deadline):
                    return
        finally:
            self.leave()
