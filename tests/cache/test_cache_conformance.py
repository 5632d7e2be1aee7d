"""One conformance suite for every ``StateCache`` (memory and a real Redis),
plus Redis outage behaviour against a port where nothing listens."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from urllib.parse import urlsplit

import pytest
import redis

from service.cache import make_cache
from service.cache.base import StateCache
from service.cache.memory import MemoryStateCache
from service.cache.redis import RedisStateCache
from tests.backends import TcpProxy

DOWN_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1: a real refused connection


async def test_get_put_delete(cache: StateCache) -> None:
    assert await cache.ping() is True
    assert cache.healthy
    assert await cache.get("g1") is None
    await cache.put("g1", 3, b"\x00state-3\xff")
    assert await cache.get("g1") == (3, b"\x00state-3\xff")
    await cache.put("g1", 4, b"state-4")
    assert await cache.get("g1") == (4, b"state-4")
    await cache.put("g1", 4, b"state-4-again")  # the same version may be rewritten
    assert await cache.get("g1") == (4, b"state-4-again")
    await cache.delete("g1")
    assert await cache.get("g1") is None
    await cache.delete("g1")  # deleting a missing key is fine
    await cache.put("g1", 1, b"")  # an empty state is a state
    assert await cache.get("g1") == (1, b"")
    assert cache.healthy


async def test_never_goes_backwards(cache: StateCache) -> None:
    await cache.put("g", 10, b"ten")
    await cache.put("g", 9, b"nine")
    await cache.put("g", 0, b"zero")
    assert await cache.get("g") == (10, b"ten")
    await cache.put("g", 11, b"eleven")
    assert await cache.get("g") == (11, b"eleven")
    # after a delete any version may start again
    await cache.delete("g")
    await cache.put("g", 2, b"two")
    assert await cache.get("g") == (2, b"two")


async def test_concurrent_puts_leave_the_highest(cache: StateCache) -> None:
    for game in range(5):
        versions = list(range(1, 41))
        random.shuffle(versions)
        await asyncio.gather(*(cache.put(f"race-{game}", v, f"s{v}".encode()) for v in versions))
        assert await cache.get(f"race-{game}") == (40, b"s40")


async def test_games_are_isolated(cache: StateCache) -> None:
    await cache.put("a", 5, b"A")
    await cache.put("b", 2, b"B")
    await cache.put("a:b", 9, b"AB")
    assert await cache.get("a") == (5, b"A")
    assert await cache.get("b") == (2, b"B")
    assert await cache.get("a:b") == (9, b"AB")
    await cache.delete("a")
    assert await cache.get("a") is None
    assert await cache.get("b") == (2, b"B")
    assert await cache.get("a:b") == (9, b"AB")


async def test_memory_cache_is_lru_bounded() -> None:
    cache = MemoryStateCache(max_entries=3)
    for i in range(3):
        await cache.put(f"g{i}", 1, b"x")
    assert await cache.get("g0") is not None  # g0 is now the most recent
    await cache.put("g3", 1, b"x")  # evicts g1, the least recently used
    assert await cache.get("g1") is None
    assert [await cache.get(g) is not None for g in ("g0", "g2", "g3")] == [True, True, True]
    assert len(cache) == 3


async def test_redis_prefixes_isolate_caches(redis_url: str, redis_prefix: str) -> None:
    one = RedisStateCache(redis_url, prefix=f"{redis_prefix}one:")
    two = RedisStateCache(redis_url, prefix=f"{redis_prefix}two:")
    try:
        await one.put("g", 7, b"one")
        assert await two.get("g") is None
        await two.put("g", 1, b"two")
        assert await one.get("g") == (7, b"one")
        assert await two.get("g") == (1, b"two")
    finally:
        await one.close()
        await two.close()


async def test_redis_keys_expire(redis_url: str, redis_prefix: str) -> None:
    cache = RedisStateCache(redis_url, prefix=f"{redis_prefix}ttl:", ttl_seconds=0.2)
    try:
        await cache.put("g", 1, b"x")
        assert await cache.get("g") == (1, b"x")
        client = redis.Redis.from_url(redis_url)
        try:
            ttl = client.pttl(cache.key("g"))
            assert 0 < int(ttl) <= 200
        finally:
            client.close()
        await asyncio.sleep(0.35)
        assert await cache.get("g") is None
    finally:
        await cache.close()


async def test_redis_down_degrades_quietly(caplog: pytest.LogCaptureFixture) -> None:
    cache = RedisStateCache(DOWN_URL, prefix="plateau-test-down:", retry_after=0.0)
    caplog.set_level(logging.INFO, logger="plateau.cache.redis")
    try:
        await cache.open()  # never raises
        assert cache.healthy is False
        started = time.monotonic()
        assert await cache.get("g") is None
        await cache.put("g", 1, b"x")  # no exception
        await cache.delete("g")
        assert await cache.get("g") is None
        assert await cache.ping() is False
        assert cache.healthy is False
        assert time.monotonic() - started < 2.0  # a down Redis never stalls a request
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1  # logged once per failure streak
    finally:
        await cache.close()


async def test_redis_outage_and_recovery(
    redis_url: str, redis_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Redis goes away mid-life (a real proxy is stopped), then comes back."""
    caplog.set_level(logging.INFO, logger="plateau.cache.redis")
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    await proxy.start()
    url = f"redis://127.0.0.1:{proxy.port}{target.path or '/0'}"
    cache = RedisStateCache(url, prefix=f"{redis_prefix}outage:", retry_after=0.3)
    try:
        await cache.put("g", 1, b"one")
        assert await cache.get("g") == (1, b"one") and cache.healthy

        await proxy.stop()
        for _ in range(3):  # first call fails for real, the next ones are skipped
            assert await cache.get("g") is None
            await cache.put("g", 2, b"two")
        assert cache.healthy is False
        started = time.monotonic()
        for _ in range(100):  # within retry_after: no connection attempt, no delay
            assert await cache.get("g") is None
        assert time.monotonic() - started < 0.25
        assert await cache.ping() is False

        await proxy.start()  # same port
        await asyncio.sleep(0.35)  # retry_after elapses
        assert await cache.get("g") == (1, b"one")  # the skipped put never happened
        assert cache.healthy is True
        await cache.put("g", 2, b"two")
        assert await cache.get("g") == (2, b"two")
        messages = [r.getMessage() for r in caplog.records]
        assert sum("unavailable" in m for m in messages) == 1
        assert sum("reachable again" in m for m in messages) == 1
    finally:
        await cache.close()
        await proxy.stop()


async def test_a_redis_that_answers_late_costs_a_call_its_deadline_and_nothing_after(
    redis_url: str, redis_prefix: str
) -> None:
    """Redis stops answering (a proxy holds both ways): a call gives up after the
    cache's deadline (``socket_timeout``), however long Redis takes. When the late
    answer does arrive, it is never taken for a later call's: the connection of the
    call cut short was dropped."""
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    await proxy.start()
    url = f"redis://127.0.0.1:{proxy.port}{target.path or '/0'}"
    cache = RedisStateCache(url, prefix=f"{redis_prefix}late:", socket_timeout=0.3, retry_after=0)
    try:
        await cache.put("g", 1, b"one")
        await cache.put("h", 5, b"five")
        proxy.stall()
        started = time.monotonic()
        assert await cache.get("g") is None  # the deadline, not Redis, ended it
        took = time.monotonic() - started
        assert 0.25 <= took < 1.5
        assert cache.healthy is False
        head, state = await cache.get_with_head("g", 2.0)
        assert (head, state) == (None, None)
        proxy.resume()  # the late answers arrive now, on the dropped connections
        await asyncio.sleep(0.1)
        assert await cache.get("h") == (5, b"five")  # its own answer, not g's
        assert await cache.get("g") == (1, b"one")
        assert cache.healthy is True
    finally:
        proxy.resume()
        await cache.close()
        await proxy.stop()


async def test_make_cache(redis_url: str, redis_prefix: str) -> None:
    assert isinstance(make_cache(None, "p:"), MemoryStateCache)
    cache = make_cache(redis_url, f"{redis_prefix}mk:")
    assert isinstance(cache, RedisStateCache) and cache.prefix == f"{redis_prefix}mk:"
    await cache.open()
    try:
        await cache.put("g", 1, b"x")
        assert await cache.get("g") == (1, b"x")
    finally:
        await cache.close()


async def test_a_head_this_process_could_not_write_is_deleted_when_redis_answers(
    redis_url: str, redis_prefix: str
) -> None:
    """Process A's Redis fails (its proxy cut) while process B still reaches it:
    A's head write for a new version is lost and B would keep serving the
    previous version until the head expires. A's next call that reaches Redis
    deletes that head, so B asks the store instead."""
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    await proxy.start()
    prefix = f"{redis_prefix}unwritten:"
    a = RedisStateCache(
        f"redis://127.0.0.1:{proxy.port}{target.path or '/0'}", prefix=prefix, retry_after=0.2
    )
    b = RedisStateCache(redis_url, prefix=prefix)
    try:
        assert await a.put_with_head("g", 5, b"head-5", b"state-5", 30)
        assert (await b.get_with_head("g"))[0] == (5, b"head-5")
        await proxy.stop()
        assert not await a.put_with_head("g", 6, b"head-6", b"state-6", 30)  # fails for real
        assert not await a.put_with_head("h", 1, b"head-1", b"state-1", 30)  # skipped
        assert (await b.get_with_head("g"))[0] == (5, b"head-5")  # stale, meanwhile
        await proxy.start()
        await asyncio.sleep(0.3)  # retry_after elapses
        head, _ = await a.get_with_head("other")  # any call that reaches Redis
        assert head is None and a.healthy
        assert (await b.get_with_head("g"))[0] is None  # B reads the store now
        assert await a.put_with_head("g", 7, b"head-7", b"state-7", 30)
        assert (await b.get_with_head("g"))[0] == (7, b"head-7")
    finally:
        await a.close()
        await b.close()
        await proxy.stop()
