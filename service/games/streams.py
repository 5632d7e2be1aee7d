"""Live messages: one game's events for each of its viewers.

Each open stream is an async iterator of ``Message`` (a plain value: the HTTP
edge turns each into a Server-Sent Event). A stream first reads the store
after its position (its own history: once, when it opens), then follows the
game's ``Channel``: the one reader of that game in this process, shared by
every stream of the game, whatever their number:

* it waits for the notifier (memory, or Redis pub/sub across processes), and
  takes every move from the notifier's inbox of the game (the announcement
  carries the move's events: ``repository.Moved``); a move announced without
  them, heard out of order or dropped is read from the store instead, once
  per (game, version) for all the streams. Each stream redacts the events for
  its viewer; the message, encoded once to its bytes on the wire, is shared
  by the streams of one seat, and by every spectator;
* at every heartbeat without a move it checks the game's head once
  (``GameRepository.latest``: the shared cache when there is one, else the
  games row) and sends a ``Heartbeat`` to every stream: the safety net for a
  lost notification costs one check per game per process, not per stream.
  While the process hears every move (a live Redis subscription, unchanged
  since the last check) only one heartbeat in ``TRUSTED_BEATS`` checks;
* it stops when its last stream has gone, or once the game is finished.

A stream that falls behind the channel's recent events (a slow client) reads
the gap from the store itself, so every event reaches every stream once, in
order. It ends after the last event of a finished game, or after ``timeout``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from domain import RULESETS
from service.cache.base import Inbox
from service.games.auth import Viewer
from service.games.reads import Reads
from service.games.repository import Moved
from service.games.texts import DEFAULT_LANGUAGE
from service.store.base import GameRecord, StoredEvent

log = logging.getLogger("plateau.streams")

PAGE = 500
"""Events read from the store at once."""
RECENT = 64
"""Events a channel keeps for its streams; a stream further behind reads the store."""
TRUSTED_BEATS = 4
"""Quiet heartbeats a channel sends without checking its game's head while the
notifier hears every move (the same ``hearing()`` token as at its last check:
no announcement can have been missed); the next one checks. Without that, a
thousand channels whose heads expired read a thousand games rows from the
store at every heartbeat, and a move waits behind them for the pool."""


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
SEP = "\r\n"


def sse_bytes(id: str, event: str, data: str) -> bytes:
    """One Server-Sent Event on the wire, byte for byte as Litestar's
    ``ServerSentEventMessage(data=, event=, id=).encode()`` writes it (CRLF
    lines; a line break in ``id`` or ``event`` dropped, one in ``data`` starting
    a new ``data:`` line): encoded once per message, shared by every stream."""
    if "\n" in id or "\r" in id:
        id = _LINE_BREAK.sub("", id)
    if "\n" in event or "\r" in event:
        event = _LINE_BREAK.sub("", event)
    if "\n" in data or "\r" in data:  # never in msgspec's JSON, which escapes them
        lines = "".join(f"data: {chunk}{SEP}" for chunk in _LINE_BREAK.split(data))
    else:
        lines = f"data: {data}{SEP}"
    return f"id: {id}{SEP}event: {event}{SEP}{lines}{SEP}".encode()


class Message(msgspec.Struct, gc=False):
    """One SSE message: ``id`` (a version or a feed position), ``event`` (the
    event's type) and ``data`` (its JSON); ``encoded``, its bytes on the wire
    (made from the others; never changed after).

    Kept out of the collector (``gc=False``: text only, no cycle), like ``Entry``:
    a channel keeps its game's last ``RECENT`` events for minutes, and as tracked
    objects they filled every generation the collector scans (docs/performance.md)."""

    id: str
    event: str
    data: str
    encoded: bytes = b""

    def __post_init__(self) -> None:
        self.encoded = sse_bytes(self.id, self.event, self.data)


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """A comment line that keeps an idle stream open (never a ``data:`` field,
    which would make every EventSource fire an empty message)."""

    encoded: ClassVar[bytes] = f": heartbeat{SEP}{SEP}".encode()


Live = Message | Heartbeat
HEARTBEAT = Heartbeat()


class Signal:
    """Wakes every waiter at once; a waiter takes ``event`` before it waits, with
    no ``await`` between its last look at the state and that, so no wake is lost."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def fire(self) -> None:
        self.event.set()
        self.event = asyncio.Event()


async def wait_for(signal: Signal, deadline: float | None) -> bool:
    """Wait for ``signal``; False when ``deadline`` (loop time) came first."""
    event = signal.event
    if deadline is None:
        await event.wait()
        return True
    remaining = deadline - asyncio.get_running_loop().time()
    if remaining <= 0:
        return False
    try:
        async with asyncio.timeout(remaining):
            await event.wait()
    except TimeoutError:
        return False
    return True


class Entry(msgspec.Struct, gc=False):
    """A recent event of a channel, and its messages as each seat sees them (kept out
    of the collector: its dictionary holds untracked messages under tuples of text,
    which the collector untracks at their first collection, and nothing refers back)."""

    stored: StoredEvent
    messages: dict[tuple[str | None, bool, str], Message] = msgspec.field(default_factory=dict)
    """(seat, finished, language) -> the message: each encoded once for all its streams."""


class Channel:
    """The one reader of a game in this process, shared by all its streams."""

    def __init__(self, streams: Streams, game: GameRecord) -> None:
        self.streams = streams
        self.game_id = game.game_id
        self.game = game
        """The newest games row this channel knows (its status redacts, ends)."""
        self.known = game.version
        """The version up to which the channel has read events."""
        self.recent: list[Entry] = []
        """The last events read (contiguous, ending at ``known``)."""
        self.beats = 0
        """Heartbeats so far (one per quiet heartbeat interval)."""
        self.signal = Signal()
        self.members = 0
        self.waiting = False
        self.task: asyncio.Task[None] | None = None
        self.carried = 0
        """Moves taken from the notifier's announcements (not read from the store)."""

    @property
    def ended(self) -> bool:
        return self.game.status == "finished" and self.known >= self.game.version

    def join(self) -> None:
        self.members += 1
        if self.task is None:
            self.task = asyncio.create_task(self._run(), name=f"plateau-channel-{self.game_id}")

    def leave(self) -> None:
        self.members -= 1
        if self.members <= 0 and self.waiting and self.task is not None:
            self.task.cancel()  # idle, waiting for the notifier: nothing half-read is lost

    async def _run(self) -> None:
        repository = self.streams.reads.games
        notifier = repository.notifier
        heartbeat = repository.settings.sse_heartbeat
        heard = self.known  # a version heard of, read or not: waiting past it never spins
        # The notifier's hearing() when the head was last checked: the games row
        # the channel starts from was just read, and any move since is heard of.
        checked = notifier.hearing()
        # Quiet beats since. Channels opened together would check together, a
        # burst on the cache's pool (and the store's when the heads expired):
        # each starts at a phase of its own, and its beats are a little jittered.
        unchecked = random.randrange(TRUSTED_BEATS)
        inbox = notifier.follow(self.game_id)
        try:
            while self.members > 0 and not self.ended:
                if not inbox:
                    self.waiting = True
                    try:
                        beat = heartbeat * random.uniform(0.9, 1.1)
                        await notifier.wait(self.game_id, max(self.known, heard), beat)
                    finally:
                        self.waiting = False
                heard = max(heard, notifier.latest(self.game_id) or 0)
                moved = self._take(inbox)
                token = notifier.hearing()
                trusted = token is not None and token == checked and unchecked < TRUSTED_BEATS
                if heard > self.known or not (moved or trusted):
                    # A move not carried in order, or a beat: check the head.
                    try:
                        moved = await self._refresh(heard) or moved
                        checked, unchecked = token, 0
                    except Exception as exc:  # the store is down: try again at the next beat
                        log.warning("stream of %s: reading failed: %s", self.game_id, exc)
                elif not moved:
                    unchecked += 1  # a beat while every move is heard: nothing to check
                if not moved:
                    self.beats += 1
                self.signal.fire()
        except asyncio.CancelledError:
            pass
        finally:
            notifier.unfollow(self.game_id, inbox)
            self.streams.closed(self)
            self.signal.fire()  # streams still here see the end (or start a new channel)

    def _take(self, inbox: Inbox) -> bool:
        """The moves the announcements carried, those that follow ``known`` in
        order (the rest are read from the store); True when any did."""
        moves = sorted(inbox, key=lambda m: m[0])
        inbox.clear()
        took = False
        for version, payload in moves:
            if version <= self.known:
                continue  # heard twice (this process's own move), or read already
            try:
                move = self.streams.moved.decode(payload)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                log.warning("stream of %s: an undecodable move: %s", self.game_id, exc)
                break
            events = move.events
            if not events or events[0].version != self.known + 1 or events[-1].version != version:
                break  # a move missed before it: the store has it
            if move.game.version >= self.game.version:
                self.game = move.game
            self.recent += [Entry(e) for e in events]
            del self.recent[:-RECENT]
            self.known = version
            self.carried += 1
            took = True
        return took

    async def _refresh(self, heard: int) -> bool:
        """Read what is new (the head, then the events after ``known``); True when
        anything was."""
        repository = self.streams.reads.games
        head = await repository.latest(self.game_id)
        if max(head.version, heard) <= self.known and head.status == self.game.status:
            return False
        events: list[StoredEvent] = []
        while True:
            after = events[-1].version if events else self.known
            page = await repository.store.read(self.game_id, after=after, limit=PAGE)
            events += page
            if len(page) < PAGE:
                break
        if events and events[-1].version > head.version:  # the shared head lags: the row
            head = await repository.game(self.game_id)
        if head.version >= self.game.version:
            self.game = head
        if events:
            self.recent += [Entry(e) for e in events]
            del self.recent[:-RECENT]
            self.known = events[-1].version
        return True


class Streams:
    """The game channels of this process (one per game with an open stream)."""

    def __init__(self, reads: Reads) -> None:
        self.reads = reads
        self._channels: dict[str, Channel] = {}
        self.encoder = msgspec.json.Encoder()
        self.moved = msgspec.msgpack.Decoder(Moved)

    async def open(
        self, game: GameRecord, token: str | None, lang: str = DEFAULT_LANGUAGE
    ) -> GameStream:
        """The stream of ``game`` for the bearer of ``token`` (401, 403 now), its
        events' sentences in ``lang``."""
        return GameStream(self, game, await self.reads.auth.viewer(game, token), lang)

    def channel(self, game: GameRecord) -> Channel:
        """The channel of ``game``, joined (a new one when none is running)."""
        channel = self._channels.get(game.game_id)
        if channel is None:
            channel = self._channels[game.game_id] = Channel(self, game)
        channel.join()
        return channel

    def closed(self, channel: Channel) -> None:
        if self._channels.get(channel.game_id) is channel:
            del self._channels[channel.game_id]

    @property
    def open_channels(self) -> int:
        return len(self._channels)


async def flat(batches: AsyncIterator[list[Live]]) -> AsyncIterator[Live]:
    """The messages of ``batches``, one at a time."""
    try:
        async for batch in batches:
            for message in batch:
                yield message
    finally:
        close = getattr(batches, "aclose", None)  # an async generator: its own finally runs now
        if close is not None:
            await close()


class GameStream:
    """One game's events, redacted for one viewer (authenticated by ``Streams.open``)."""

    def __init__(
        self, streams: Streams, game: GameRecord, viewer: Viewer, lang: str = DEFAULT_LANGUAGE
    ) -> None:
        self.streams, self.game, self.viewer, self.lang = streams, game, viewer, lang
        self.ruleset = RULESETS[game.ruleset]

    def messages(self, *, after: int, timeout: float | None) -> AsyncIterator[Live]:
        """Every message after ``after``, one at a time, until ``timeout`` seconds."""
        return flat(self.batches(after=after, timeout=timeout))

    def batches(self, *, after: int, timeout: float | None) -> AsyncIterator[list[Live]]:
        """The same messages, those ready at once together (a move's events, a
        page of history): the HTTP edge writes each batch in one go."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        return self._batches(after, deadline)

    def _message(self, entry: Entry, game: GameRecord) -> Message:
        finished = game.status == "finished"
        key = (self.viewer.seat, finished, self.lang)
        message = entry.messages.get(key)
        if message is None:
            message = entry.messages[key] = self._encode(entry.stored, game)
        return message

    def _encode(self, stored: StoredEvent, game: GameRecord) -> Message:
        logged = self.streams.reads.logged(self.ruleset, game, self.viewer, stored, self.lang)
        data = self.streams.encoder.encode(logged).decode()
        return Message(id=str(stored.version), event=stored.type, data=data)

    async def _history(self, after: int) -> list[StoredEvent]:
        """Every stored event after ``after``, from the store."""
        events: list[StoredEvent] = []
        store = self.streams.reads.store
        while True:
            last = events[-1].version if events else after
            page = await store.read(self.game.game_id, after=last, limit=PAGE)
            events += page
            if len(page) < PAGE:
                return events

    async def _batches(self, start: int, deadline: float | None) -> AsyncIterator[list[Live]]:
        position, game = start, self.game
        now = asyncio.get_running_loop().time()
        follow = game.status != "finished" and (deadline is None or deadline > now)
        channel = self.streams.channel(game) if follow else None
        try:
            history = await self._history(position)  # joined first: nothing is missed
            for i in range(0, len(history), PAGE):
                known = channel.game if channel else game
                yield [self._encode(stored, known) for stored in history[i : i + PAGE]]
            if history:
                position = history[-1].version
            beats = channel.beats if channel is not None else 0
            while channel is not None:
                if channel.game.version > game.version:
                    game = channel.game
                if channel.known > position:
                    recent = channel.recent
                    if recent and recent[0].stored.version <= position + 1:
                        ready = recent[position + 1 - recent[0].stored.version :]
                        position = ready[-1].stored.version
                        yield [self._message(entry, game) for entry in ready]
                        continue
                    gap = await self._history(position)  # behind the channel's recent events
                    if gap:
                        position = gap[-1].version
                        yield [self._encode(stored, game) for stored in gap]
                        continue
                if game.status == "finished" and position >= game.version:
                    return
                if channel.beats != beats:
                    beats = channel.beats
                    yield [HEARTBEAT]
                    continue
                if channel.task is not None and channel.task.done():  # it stopped: a new one
                    channel.leave()
                    channel = self.streams.channel(game)
                    continue
                if not await wait_for(channel.signal, deadline):
                    return
            # Without a channel (a finished game, or no time left): the history only.
        finally:
            if channel is not None:
                channel.leave()
