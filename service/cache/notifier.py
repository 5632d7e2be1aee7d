"""Live fan-out of "game X is now at version n" (the ``Notifier`` of ``base``).

A move is published with its events (``service.games.repository.Moved``,
opaque here: the events as stored, unredacted, so never to a client; Redis
holds the games' states anyway): the process's one reader of that game
(``service.games.streams``) follows it (``follow``: an inbox of the moves
heard) and fans them out without reading the store. A move announced without
its bytes (a claim), or heard out of order, or dropped, is read from the
store instead, once for all the game's streams; a lost notification costs at
most one heartbeat interval (that reader also checks the game's head on every
heartbeat). ``wait_any`` wakes the global feed's reader on any game's move.

On Redis the message is the version in ASCII, then (when the move is carried)
one space and the move's bytes.

``MemoryNotifier`` serves one process (the embedded default);
``RedisNotifier`` (a ``ChannelNotifier``) fans out across processes through
Redis pub/sub and degrades to polling when Redis is down.

A notifier also tells what this process has heard: ``latest(game_id)``, the
highest version heard of (or observed by a read), and ``hearing()``, a token
that stays the same while this process hears every move of every game (a
live Redis subscription), else None. Spectator reads are served from memory
on that basis (``service.games.answers.AnswerCache.spectator_hit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, defaultdict, deque

from service.cache.base import Inbox, Notifier

log = logging.getLogger("plateau.streams")


KNOWN_VERSIONS = 100_000
"""Games whose latest version a process remembers (the most recently moved):
forgetting one only costs its next read a round trip."""
INBOX = 64
"""Moves an inbox keeps (the oldest dropped first): a follower that far behind
reads the store."""


class MemoryNotifier:
    def __init__(self) -> None:
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._waiters: dict[str, set[asyncio.Future[None]]] = defaultdict(set)
        """Each game's waiters: a bare future each, woken by a move or its timer (no
        task, event or coroutine per wait: a game's channel waits once per move)."""
        self._any: asyncio.Event | None = None  # set on the next move of any game
        self._inboxes: dict[str, list[Inbox]] = {}

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        for waiters in self._waiters.values():
            for waiter in waiters:
                _wake(waiter)

    def _deliver(self, game_id: str, version: int, move: bytes | None = None) -> None:
        self.observe(game_id, version)
        if move is not None:
            for inbox in self._inboxes.get(game_id, ()):
                inbox.append((version, move))
        for waiter in self._waiters.get(game_id, ()):
            _wake(waiter)
        if self._any is not None:
            self._any.set()
            self._any = None

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

    def follow(self, game_id: str) -> Inbox:
        inbox: Inbox = deque(maxlen=INBOX)
        self._inboxes.setdefault(game_id, []).append(inbox)
        return inbox

    def unfollow(self, game_id: str, inbox: Inbox) -> None:
        inboxes = self._inboxes.get(game_id)
        if inboxes is not None:
            inboxes[:] = [i for i in inboxes if i is not inbox]
            if not inboxes:
                del self._inboxes[game_id]

    async def publish(self, game_id: str, version: int, move: bytes | None = None) -> None:
        self._deliver(game_id, version, move)

    async def wait_any(self, timeout: float) -> None:
        if self._any is None:
            self._any = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._any.wait(), timeout)

    async def wait(self, game_id: str, after: int, timeout: float) -> None:
        if self._versions.get(game_id, -1) > after:
            return
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._waiters[game_id].add(waiter)
        timer = loop.call_later(max(0.0, timeout), _wake, waiter)
        try:
            await waiter
        finally:
            timer.cancel()
            waiters = self._waiters.get(game_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[game_id]


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


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
        # RESP2: the subscription's messages come back as replies (RESP3 hands them
        # to a push handler instead); ``_listen`` reads them one by one.
        self._redis = aioredis.from_url(
            url,
            socket_connect_timeout=0.5,
            socket_timeout=None,
            client_name=f"{prefix}notifier",
            protocol=2,
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
        ``message(version, move)``): a writer on the same Redis may publish
        there itself, in the script that caches the move (then it calls
        ``delivered``)."""
        return f"{self._prefix}game:{game_id}"

    @staticmethod
    def message(version: int, move: bytes | None) -> bytes:
        head = str(version).encode()
        return head if move is None else head + b" " + move

    def delivered(self, game_id: str, version: int, move: bytes | None = None) -> None:
        """A move published to ``channel`` by another means: this process's
        own waiters hear it now, as ``publish`` would have them."""
        self._deliver(game_id, version, move)

    async def publish(self, game_id: str, version: int, move: bytes | None = None) -> None:
        self._deliver(game_id, version, move)
        try:
            await self._pub.publish(self.channel(game_id), self.message(version, move))
        except Exception as exc:  # Redis down: subscribers fall back to polling
            log.debug("redis publish failed: %s", exc)

    async def _listen(self) -> None:
        """One connection of this process's own, subscribed to every game's channel,
        read reply by reply (redis-py's ``Connection``, as its ``Monitor`` reads:
        every move of every game reaches every process, and ``PubSub``'s handling of
        each, a dict per message and its checks, was 1.5% of a worker under the
        command benchmark)."""
        pattern = f"{self._prefix}game:*"
        strip = len(self._prefix) + len("game:")
        pool = self._redis.connection_pool
        while True:
            connection = None
            try:
                connection = await pool.get_connection()  # type: ignore[no-untyped-call]
                await connection.send_command("PSUBSCRIBE", pattern)
                while True:
                    reply = await connection.read_response()
                    kind = reply[0] if isinstance(reply, list) and reply else None
                    if kind == b"pmessage" and len(reply) == 4:
                        number, _, move = reply[3].partition(b" ")
                        try:
                            version = int(number)
                        except ValueError:
                            continue
                        self._deliver(reply[2][strip:].decode(), version, move or None)
                    elif kind == b"psubscribe":  # confirmed: hearing from now on
                        self._subscriptions += 1
                        self._live = True
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.debug("redis subscription lost (%s); retrying", exc)
            finally:
                self._live = False  # moves may be missed until the next confirmation
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await connection.disconnect()
                    with contextlib.suppress(Exception):
                        await pool.release(connection)
            await asyncio.sleep(1.0)  # not live while it waits to subscribe again


def make_notifier(redis_url: str | None, prefix: str) -> Notifier:
    return RedisNotifier(redis_url, prefix) if redis_url else MemoryNotifier()
