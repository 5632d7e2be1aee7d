"""The global feed without a table lock (PostgreSQL): a writer that got a lower
position but commits later holds the feed's horizon below its position, so a
reader resuming after the last position it saw never skips it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import psycopg
import pytest

from service.store.postgres import PostgresEventStore
from tests.backends import open_test_store
from tests.store.support import active, ev, started_game


@pytest.fixture
async def pg(postgres_url: str) -> AsyncIterator[PostgresEventStore]:
    async with open_test_store("postgres", postgres_url=postgres_url) as store:
        assert isinstance(store, PostgresEventStore)
        yield store


async def test_a_late_commit_with_a_lower_position_is_not_skipped(pg: PostgresEventStore) -> None:
    slow_game = await started_game(pg)
    fast_game = await started_game(pg)
    seen = await pg.read_all()
    after = seen[-1].position

    # The slow writer allocates its position (through the store's own insert
    # path, marker included) and stays open.
    slow = await psycopg.AsyncConnection.connect(pg.url)
    try:
        await slow.execute("BEGIN")
        await pg._insert_events(
            slow,
            slow_game.game_id,
            2,
            [ev("slow")],
            command_id=None,
            seat=None,
            now=datetime.now(UTC),
        )
        cur = await slow.execute(
            "SELECT position FROM events WHERE game_id = %s AND version = 2",
            (slow_game.game_id,),
        )
        row = await cur.fetchone()
        assert row is not None
        slow_position = row[0]

        # A fast writer commits an event with a higher position meanwhile.
        await pg.append(fast_game.game_id, 1, [ev("fast")], update=active())
        fast_events = await pg.read(fast_game.game_id, after=1)
        assert fast_events[0].position > slow_position

        # The reader must not move past the slow writer's position yet.
        assert await pg.read_all(after_position=after) == []

        await slow.execute("COMMIT")
    finally:
        await slow.close()

    page = await pg.read_all(after_position=after)
    assert [(e.game_id, e.version, e.type) for e in page] == [
        (slow_game.game_id, 2, "slow"),
        (fast_game.game_id, 2, "fast"),
    ]
    assert page[0].position == slow_position


async def test_a_rolled_back_writer_releases_the_horizon(pg: PostgresEventStore) -> None:
    game = await started_game(pg)
    other = await started_game(pg)
    after = (await pg.read_all())[-1].position
    aborted = await psycopg.AsyncConnection.connect(pg.url)
    try:
        await aborted.execute("BEGIN")
        await pg._insert_events(
            aborted,
            game.game_id,
            2,
            [ev("lost")],
            command_id=None,
            seat=None,
            now=datetime.now(UTC),
        )
        await pg.append(other.game_id, 1, [ev("kept")], update=active())
        assert await pg.read_all(after_position=after) == []
        await aborted.execute("ROLLBACK")
    finally:
        await aborted.close()
    page = await pg.read_all(after_position=after)
    assert [(e.game_id, e.type) for e in page] == [(other.game_id, "kept")]
