"""Idempotency records are purged after their retention, on both stores, and
PostgreSQL's statement timeout bounds every query (real backends)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.store.base import EventStore, IdempotencyConflict, StoreUnavailable
from service.store.postgres import PostgresEventStore
from tests.store.support import active, command, ev, started_game


async def test_purge_forgets_only_records_older_than_the_retention(store: EventStore) -> None:
    game = await started_game(store)
    version = game.version
    old = command("key-old")
    version = await store.append(game.game_id, version, [ev("a")], update=active(), command=old)
    young = command("key-young")
    version = await store.append(game.game_id, version, [ev("b")], update=active(), command=young)
    recorded = await store.get_command(game.game_id, "north", "key-young")
    assert recorded is not None

    # A cut-off before both records deletes nothing: a retry inside the window replays.
    assert await store.purge_idempotency(datetime.now(UTC) - timedelta(hours=1)) == 0
    assert await store.get_command(game.game_id, "north", "key-old") is not None
    with pytest.raises(IdempotencyConflict):
        await store.append(
            game.game_id, version, [ev("c")], update=active(), command=command("key-young")
        )

    # A cut-off after both forgets both keys; the events stay, the keys are free again.
    assert await store.purge_idempotency(datetime.now(UTC) + timedelta(seconds=1)) == 2
    assert await store.get_command(game.game_id, "north", "key-old") is None
    # The command log keeps both commands: exports still re-decide the game from it.
    assert sorted(c.command_id for c in await store.command_log(game.game_id)) == sorted(
        [old.command_id, young.command_id]
    )
    assert [e.version for e in await store.read(game.game_id)][-2:] == [version - 1, version]
    reused = command("key-old")
    assert (
        await store.append(game.game_id, version, [ev("c")], update=active(), command=reused)
        == version + 1
    )


async def test_postgres_statement_timeout_answers_unavailable(postgres_url: str) -> None:
    store = PostgresEventStore(postgres_url, min_size=1, max_size=2, statement_timeout_ms=200)
    await store.open()
    try:
        with pytest.raises(StoreUnavailable):
            async with store._tx() as conn:
                await conn.execute("SELECT pg_sleep(2)")
        await store.ping()  # the pool is fine afterwards
    finally:
        await store.close()
