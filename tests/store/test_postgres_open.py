"""``PostgresEventStore.open(wait=False)``, what a server's worker calls: it returns
without PostgreSQL, refuses every call with ``StoreUnavailable`` meanwhile (at
once, without queueing for the pool's timeout), and serves once it can connect
and migrate. (``tests/faults/test_outages.py`` runs it on real servers.)"""

from __future__ import annotations

import asyncio

import pytest

from service.store.base import StoreUnavailable
from service.store.postgres import PostgresEventStore
from tests.servers import free_port


async def test_a_store_opened_without_postgres_refuses_then_serves(postgres_url: str) -> None:
    nowhere = f"postgresql://postgres@127.0.0.1:{free_port()}/plateau"
    # A long pool timeout: a call that queued for a connection would hang this test.
    store = PostgresEventStore(nowhere, min_size=1, timeout=600)
    try:
        await asyncio.wait_for(store.open(wait=False), 60)
        for _ in range(3):
            with pytest.raises(StoreUnavailable):
                await asyncio.wait_for(store.ping(), 60)
            with pytest.raises(StoreUnavailable):
                await asyncio.wait_for(store.list_games(), 60)
            await asyncio.sleep(0.2)
    finally:
        await store.close()
    store = PostgresEventStore(postgres_url, min_size=1, timeout=600)
    try:
        await asyncio.wait_for(store.open(wait=False), 60)
        for _ in range(600):  # migrated in the background (already, most likely)
            try:
                await store.ping()
                break
            except StoreUnavailable:
                await asyncio.sleep(0.1)
        await store.ping()
        assert await store.migrate() == []
    finally:
        await store.close()


async def test_the_command_line_still_fails_loudly_without_postgres() -> None:
    store = PostgresEventStore(f"postgresql://postgres@127.0.0.1:{free_port()}/plateau", timeout=1)
    with pytest.raises(StoreUnavailable):
        await store.open()  # wait=True: `plateau migrate` and `export` must not pretend
