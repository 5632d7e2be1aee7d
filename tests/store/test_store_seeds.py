"""``get_seeds``: a page's seeds in one query, on both stores."""

from __future__ import annotations

from service.store.base import EventStore
from tests.store.support import new_game


async def test_get_seeds_answers_every_known_game_at_once(store: EventStore) -> None:
    games = [await new_game(store) for _ in range(3)]
    ids = [g.game_id for g in games]
    seeds = await store.get_seeds([*ids, "no-such-game", ids[0]])
    assert seeds == {gid: f"seed-of-{gid}" for gid in ids}
    assert seeds == {gid: await store.get_seed(gid) for gid in ids}
    assert await store.get_seeds([]) == {}
