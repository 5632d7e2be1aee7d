"""The two deployment configurations other suites use (``backends`` fixture)."""

from __future__ import annotations

from service.cache.base import StateCache
from service.store.base import EventStore
from tests.store.support import started_game


async def test_pair_round_trip(backends: tuple[EventStore, StateCache]) -> None:
    store, cache = backends
    game = await started_game(store)
    assert await store.list_games() == ([game], None)
    await cache.put(game.game_id, game.version, b"state")
    assert await cache.get(game.game_id) == (1, b"state")
    assert await cache.ping() and cache.healthy
    await store.ping()
