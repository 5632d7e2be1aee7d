"""Live fan-out of "game X is now at version n", and a game's SSE stream.

Only the fact that a game moved is published (no event data, no secrets):
subscribers then read the events from the store, redacted for their seat,
so the stream is at-most-once and a lost notification costs at most one
heartbeat interval (subscribers also poll the store on every heartbeat).

``MemoryNotifier`` serves one process (the embedded default);
``RedisNotifier`` fans out across processes through Redis pub/sub and
degrades to polling when Redis is down. ``GameStream`` is the loop behind
``GET /games/{game_id}/events/stream``.

A notifier also tells what this process has heard: ``latest(game_id)``, the
highest version heard of (or observed by a read), and ``hearing()``, a token
that stays the same while this process hears every move of every game (a
live Redis subscription), else None. Spectator reads are served from memory
on that basis (``ServiceCore.spectator_hit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Protocol

import msgspec
from litestar.response import ServerSentEventMessage

from domain import RULESETS

if TYPE_CHECKING:
    from service.games import GameService, Viewer
    from service.store.base import GameRecord

log = logging.getLogger("plateau.streams")


class Notifier(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game_id: str, version: int) -> None: ...

    async def wait(self, game_id: str, after: int, timeout: float) -> None:
        """Return when ``game_id`` may have moved past ``after``, or after ``timeout``."""
        ...

    def hearing(self) -> int | None:
        """A token that stays the same while this process hears every game's moves
        (changes when it may have missed one), or None when it cannot tell."""
        ...

    def latest(self, game_id: str) -> int | None:
        """The highest version of ``game_id`` heard of or observed, if any."""
        ...

    def observe(self, game_id: str, version: int) -> None:
        """A read saw ``game_id`` at ``version`` (``latest`` never goes down)."""
        ...


KNOWN_VERSIONS = 100_000
"""Games whose latest version a process remembers (the most recently moved):
forgetting one only costs its next read a round trip."""


class MemoryNotifier:
    def __init__(self) -> None:
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._events: dict[str, set[asyncio.Event]] = defaultdict(set)

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        for waiters in self._events.values():
            for event in waiters:
                event.set()

    def _deliver(self, game_id: str, version: int) -> None:
        self.observe(game_id, version)
        for event in self._events.get(game_id, ()):
            event.set()

    def hearing(self) -> int | None:
        # One process hears its own moves only: others may share its store
        # (several processes on one SQLite file).
        return None

    def latest(self, game_id: str) -> int | None:
        return self._versions.get(game_id)

    def observe(self, game_id: str, version: int) -> None:
        versions = self._versions
        if version > versions.get(game_id, -1):
            versions[game_id] = version
            versions.move_to_end(game_id)
            if len(versions) > KNOWN_VERSIONS:
                versions.popitem(last=False)

    async def publish(self, game_id: str, version: int) -> None:
        self._deliver(game_id, version)

    async def wait(self, game_id: str, after: int, timeout: float) -> None:
        if self._versions.get(game_id, -1) > after:
            return
        event = asyncio.Event()
        self._events[game_id].add(event)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
        finally:
            waiters = self._events.get(game_id)
            if waiters is not None:
                waiters.discard(event)
                if not waiters:
                    del self._events[game_id]


class RedisNotifier(MemoryNotifier):
    """Publishes to ``<prefix>game:<id>``; one pattern subscription per process.

    ``hearing()`` is a counter of subscriptions while one is confirmed by
    Redis (every move published from then on reaches this process, in
    order), None between a loss and the next confirmation: a loss may have
    dropped moves, so whatever was known under the previous token is void."""

    def __init__(self, url: str, prefix: str = "plateau:") -> None:
        super().__init__()
        from redis import asyncio as aioredis

        # Named, so an operator's CLIENT LIST tells the subscriptions apart.
        self._redis = aioredis.from_url(
            url, socket_connect_timeout=0.5, socket_timeout=None, client_name=f"{prefix}notifier"
        )
        self._pub = aioredis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
        self.url = url
        self._prefix = prefix
        self._task: asyncio.Task[None] | None = None
        self._subscriptions = 0
        self._live = False

    def hearing(self) -> int | None:
        return self._subscriptions if self._live else None

    async def open(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="plateau-redis-notifier")

    async def close(self) -> None:
        self._live = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await super().close()
        for client in (self._redis, self._pub):
            with contextlib.suppress(Exception):
                await client.aclose()

    def channel(self, game_id: str) -> str:
        """The channel ``publish`` writes ``game_id``'s moves to (the message is
        the version): a writer on the same Redis may publish there itself, in
        the script that caches the move (then it calls ``delivered``)."""
        return f"{self._prefix}game:{game_id}"

    def delivered(self, game_id: str, version: int) -> None:
        """A move published to ``channel`` by another means: this process's
        own waiters hear it now, as ``publish`` would have them."""
        self._deliver(game_id, version)

    async def publish(self, game_id: str, version: int) -> None:
        self._deliver(game_id, version)
        try:
            await self._pub.publish(self.channel(game_id), str(version))
        except Exception as exc:  # Redis down: subscribers fall back to polling
            log.debug("redis publish failed: %s", exc)

    async def _listen(self) -> None:
        pattern = f"{self._prefix}game:*"
        strip = len(self._prefix) + len("game:")
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.psubscribe(pattern)
                async for message in pubsub.listen():
                    if message.get("type") == "psubscribe":  # confirmed: hearing from now on
                        self._subscriptions += 1
                        self._live = True
                        continue
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"]
                    channel = channel.decode() if isinstance(channel, bytes) else channel
                    data = message["data"]
                    try:
                        version = int(data)
                    except (TypeError, ValueError):
                        continue
                    self._deliver(channel[strip:], version)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.debug("redis subscription lost (%s); retrying", exc)
            finally:
                self._live = False  # moves may be missed until the next confirmation
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(1.0)  # not live while it waits to subscribe again


def make_notifier(redis_url: str | None, prefix: str) -> Notifier:
    return RedisNotifier(redis_url, prefix) if redis_url else MemoryNotifier()


class GameStream:
    """One game's events as Server-Sent Events, redacted for one viewer.

    Reads the store after ``after``, then waits for the notifier (or a
    heartbeat interval) and reads again; a comment line keeps an idle
    connection alive. Ends after the last event of a finished game, or after
    ``timeout`` seconds."""

    def __init__(self, svc: GameService, game: GameRecord, viewer: Viewer) -> None:
        self.svc, self.game, self.viewer = svc, game, viewer

    @classmethod
    async def open(cls, svc: GameService, game: GameRecord, token: str | None) -> GameStream:
        """The stream of ``game`` for the bearer of ``token`` (401, 403 now)."""
        return cls(svc, game, await svc.viewer(game, token))

    def messages(
        self, *, after: int, timeout: float | None
    ) -> AsyncIterator[ServerSentEventMessage]:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        return self._messages(after, deadline)

    async def _messages(
        self, start: int, deadline: float | None
    ) -> AsyncIterator[ServerSentEventMessage]:
        svc, game_id, viewer = self.svc, self.game.game_id, self.viewer
        heartbeat = svc.settings.sse_heartbeat
        ruleset = RULESETS[self.game.ruleset]
        encoder = msgspec.json.Encoder()
        loop = asyncio.get_running_loop()
        position = start
        while True:
            current = await svc.game(game_id)
            for stored in await svc.store.read(game_id, after=position, limit=500):
                logged = svc.logged(ruleset, current, viewer, stored)
                position = stored.version
                yield ServerSentEventMessage(
                    data=encoder.encode(logged).decode(),
                    event=stored.type,
                    id=str(stored.version),
                )
            if position < current.version:
                continue
            if current.status == "finished":
                return
            wait = heartbeat
            if deadline is not None:
                wait = min(wait, deadline - loop.time())
                if wait <= 0:
                    return
            try:
                await svc.notifier.wait(game_id, position, wait)
            except asyncio.CancelledError:
                return
            if position >= (await svc.game(game_id)).version:
                # A comment line only: a `data:` field would make every
                # EventSource fire an empty message.
                yield ServerSentEventMessage(comment="heartbeat", data=None)
