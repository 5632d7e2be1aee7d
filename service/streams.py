"""Live fan-out of "game X is now at version n".

Only the fact that a game moved is published (no event data, no secrets):
subscribers then read the events from the store, redacted for their seat,
so the stream is at-most-once and a lost notification costs at most one
heartbeat interval (subscribers also poll the store on every heartbeat).

``MemoryNotifier`` serves one process (the embedded default);
``RedisNotifier`` fans out across processes through Redis pub/sub and
degrades to polling when Redis is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import Protocol

log = logging.getLogger("plateau.streams")


class Notifier(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game_id: str, version: int) -> None: ...

    async def wait(self, game_id: str, after: int, timeout: float) -> None:
        """Return when ``game_id`` may have moved past ``after``, or after ``timeout``."""
        ...


class MemoryNotifier:
    def __init__(self) -> None:
        self._versions: dict[str, int] = {}
        self._events: dict[str, set[asyncio.Event]] = defaultdict(set)

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        for waiters in self._events.values():
            for event in waiters:
                event.set()

    def _deliver(self, game_id: str, version: int) -> None:
        if version > self._versions.get(game_id, -1):
            self._versions[game_id] = version
        for event in self._events.get(game_id, ()):
            event.set()

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
    """Publishes to ``<prefix>game:<id>``; one pattern subscription per process."""

    def __init__(self, url: str, prefix: str = "plateau:") -> None:
        super().__init__()
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url, socket_connect_timeout=0.5, socket_timeout=None)
        self._pub = aioredis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
        self._prefix = prefix
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="plateau-redis-notifier")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await super().close()
        for client in (self._redis, self._pub):
            with contextlib.suppress(Exception):
                await client.aclose()

    async def publish(self, game_id: str, version: int) -> None:
        self._deliver(game_id, version)
        try:
            await self._pub.publish(f"{self._prefix}game:{game_id}", str(version))
        except Exception as exc:  # Redis down: subscribers fall back to polling
            log.debug("redis publish failed: %s", exc)

    async def _listen(self) -> None:
        pattern = f"{self._prefix}game:*"
        strip = len(self._prefix) + len("game:")
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.psubscribe(pattern)
                async for message in pubsub.listen():
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
                await asyncio.sleep(1.0)


def make_notifier(redis_url: str | None, prefix: str) -> Notifier:
    return RedisNotifier(redis_url, prefix) if redis_url else MemoryNotifier()
