"""Behind PgBouncer in transaction mode (``PLATEAU_DATABASE_POOLER=transaction``):
what a direct connection sets once per session is set per transaction, and
nothing of a session outlives a transaction. The store suites' conformance runs
through the same PgBouncer (the ``postgres-pgbouncer`` store parameter); these
check what a conformance test would not see."""

from __future__ import annotations

import asyncio
import os
import subprocess

import psycopg
import pytest

from service.store.base import GameUpdate, StoreUnavailable, VersionConflict
from service.store.postgres import PostgresEventStore
from tests.backends import postgres_database, reset_postgres, via_pgbouncer
from tests.servers import PLATEAU
from tests.store.support import ev, started_game


@pytest.fixture
def pooled_url(postgres_url: str, pgbouncer_port: int) -> str:
    return via_pgbouncer(postgres_url, pgbouncer_port)


async def test_a_direct_store_is_refused_by_pgbouncer(pooled_url: str) -> None:
    """Why the setting exists: a store's startup ``options`` (its
    statement_timeout) are refused by PgBouncer, so without the pooler mode
    the store never gets a connection."""
    store = PostgresEventStore(pooled_url, min_size=1, timeout=1.0, statement_timeout_ms=5000)
    with pytest.raises(StoreUnavailable):
        await store.open()
    await store.close()


async def test_timeouts_are_set_per_transaction_and_never_left_behind(
    pooled_url: str, postgres_url: str
) -> None:
    store = PostgresEventStore(
        pooled_url,
        min_size=1,
        max_size=2,
        lock_timeout_ms=250,
        statement_timeout_ms=4000,
        pooler="transaction",
    )
    await store.open()
    try:
        async with store._tx() as conn:
            assert conn.prepare_threshold is None  # nothing prepared on a shared server
            cur = await conn.execute(
                "SELECT current_setting('lock_timeout'), current_setting('statement_timeout')"
            )
            assert await cur.fetchone() == ("250ms", "4s")
        async with store._read() as conn:  # the next transaction: the server's defaults
            cur = await conn.execute("SELECT current_setting('lock_timeout')")
            assert await cur.fetchone() == ("0",)

        # The append (one statement) waits for a locked game row for its own
        # lock_timeout, then answers StoreUnavailable: it never hangs.
        game = await started_game(store)
        update = GameUpdate(status="active", to_act=["north"])
        with psycopg.connect(postgres_url) as holder:  # a direct connection holds the row
            holder.execute("SELECT 1 FROM games WHERE game_id = %s FOR UPDATE", (game.game_id,))
            started = asyncio.get_running_loop().time()
            with pytest.raises(StoreUnavailable):  # bounded here too: a failure, never a hang
                await asyncio.wait_for(
                    store.append(game.game_id, game.version, [ev("moved")], update=update), 5.0
                )
            assert asyncio.get_running_loop().time() - started < 3.0
            holder.rollback()
        assert await store.append(game.game_id, game.version, [ev("moved")], update=update) == (
            game.version + 1
        )
        # An append that fails after its events' versions are taken (the games
        # row set back by hand) leaves no advisory lock behind: the store takes
        # none at session level, so no second statement is needed, which could
        # reach another server connection.
        with psycopg.connect(postgres_url, autocommit=True) as direct:
            direct.execute(
                "UPDATE games SET version = version - 1 WHERE game_id = %s", (game.game_id,)
            )
        with pytest.raises(VersionConflict):
            await store.append(game.game_id, game.version, [ev("moved")], update=update)
        with psycopg.connect(postgres_url, autocommit=True) as direct:
            held = direct.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            ).fetchone()
            assert held == (0,)
    finally:
        await store.close()
        reset_postgres(postgres_url)


def test_plateau_migrate_runs_through_pgbouncer(pgbouncer_port: int) -> None:
    """The command line takes the pooler mode from the environment too, and the
    migrations need no direct URL (one transaction, a transaction-scoped lock)."""
    with postgres_database() as url:
        env = {
            **os.environ,
            "PLATEAU_DATABASE_URL": via_pgbouncer(url, pgbouncer_port),
            "PLATEAU_DATABASE_POOLER": "transaction",
        }
        done = subprocess.run(
            [PLATEAU, "migrate"], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        with psycopg.connect(url) as direct:
            names = [r[0] for r in direct.execute("SELECT name FROM schema_migrations")]
        assert names[-1] == "0012_append_with_snapshot.sql" and len(names) == 12
