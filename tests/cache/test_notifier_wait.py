"""``Notifier.wait``: a game's waiter wakes on that game's next move, at its
timeout otherwise, at once when the move is already known, and leaves nothing
behind (no waiter, no timer) however it ends; on the memory notifier and on Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from service.cache.notifier import MemoryNotifier, RedisNotifier


@pytest.fixture(params=["memory", "redis"])
async def notifier(
    request: pytest.FixtureRequest, redis_url: str, redis_prefix: str
) -> AsyncIterator[MemoryNotifier]:
    made = MemoryNotifier() if request.param == "memory" else RedisNotifier(redis_url, redis_prefix)
    await made.open()
    if isinstance(made, RedisNotifier):
        for _ in range(100):  # subscribed: moves published from now on are heard
            if made.hearing() is not None:
                break
            await asyncio.sleep(0.05)
    try:
        yield made
    finally:
        await made.close()


async def test_a_waiter_wakes_on_its_games_move_only(notifier: MemoryNotifier) -> None:
    other = asyncio.create_task(notifier.wait("g2", 0, 5.0))
    mine = asyncio.create_task(notifier.wait("g1", 0, 5.0))
    await asyncio.sleep(0.05)
    started = time.monotonic()
    await notifier.publish("g1", 3)
    await asyncio.wait_for(mine, 2.0)
    assert time.monotonic() - started < 1.0
    assert not other.done()  # another game's move wakes nobody here
    other.cancel()
    with pytest.raises(asyncio.CancelledError):
        await other
    assert notifier.latest("g1") == 3
    assert not notifier._waiters  # the woken and the cancelled waiter are both gone


async def test_a_waiter_returns_at_its_timeout_and_at_once_when_behind(
    notifier: MemoryNotifier,
) -> None:
    started = time.monotonic()
    await notifier.wait("quiet", 0, 0.2)  # no move: back after the timeout, no error
    assert 0.15 <= time.monotonic() - started < 2.0
    await notifier.publish("moved", 5)
    started = time.monotonic()
    await notifier.wait("moved", 4, 10.0)  # version 5 is already known: no wait
    assert time.monotonic() - started < 0.5
    assert not notifier._waiters
    loop = asyncio.get_running_loop()
    timers = [h for h in getattr(loop, "_scheduled", []) if not h.cancelled()]
    assert all("_wake" not in repr(h) for h in timers)  # no timer left behind


async def test_closing_wakes_every_waiter(notifier: MemoryNotifier) -> None:
    waiting = [asyncio.create_task(notifier.wait(f"g{i}", 0, 30.0)) for i in range(3)]
    await asyncio.sleep(0.05)
    await notifier.close()
    await asyncio.wait_for(asyncio.gather(*waiting), 2.0)


async def test_a_move_heard_from_redis_is_never_formatted_for_a_debug_line(
    redis_url: str, redis_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """redis-py's default push handler builds a DEBUG line of every pushed message
    (the move's events with it) before the logger drops it: the notifier hands
    its subscription a handler of its own, and the moves still arrive."""
    from redis._parsers import hiredis as parsers

    formatted: list[object] = []

    async def default_handler(self: object, response: object) -> object:
        formatted.append(response)
        return response

    monkeypatch.setattr(parsers._AsyncHiredisParser, "handle_pubsub_push_response", default_handler)
    notifier = RedisNotifier(redis_url, redis_prefix)
    await notifier.open()
    try:
        for _ in range(100):
            if notifier.hearing() is not None:
                break
            await asyncio.sleep(0.05)
        waiter = asyncio.create_task(notifier.wait("g-pushed", 0, 5.0))
        await asyncio.sleep(0.05)
        await notifier._pub.publish(notifier.channel("g-pushed"), notifier.message(4, b"{}"))
        await asyncio.wait_for(waiter, 2.0)
        assert notifier.latest("g-pushed") == 4  # heard through the subscription
    finally:
        await notifier.close()
    assert formatted == []
