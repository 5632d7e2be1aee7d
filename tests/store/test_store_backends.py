"""Backend specifics of the stores: URLs, unreachable servers and outages,
several OS processes on one SQLite file, concurrent first migrations."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import textwrap
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from service.store import open_store, sqlite_path
from service.store.base import StoreUnavailable
from service.store.postgres import PostgresEventStore
from service.store.sqlite import SqliteEventStore
from tests.backends import TcpProxy, new_hex
from tests.store.support import active, check_log, ev, started_game

# --- backend specifics ---------------------------------------------------------------------


async def test_postgres_unreachable_is_store_unavailable() -> None:
    store = PostgresEventStore(
        "postgresql://postgres@127.0.0.1:1/postgres", timeout=1.0, connect_timeout=1
    )
    with pytest.raises(StoreUnavailable):
        await store.open()
    with pytest.raises(StoreUnavailable):
        await store.ping()


async def test_sqlite_unopenable_path_is_store_unavailable(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path)  # a directory
    with pytest.raises(StoreUnavailable):
        await store.open()


def test_open_store_urls(tmp_path: Path) -> None:
    assert sqlite_path("sqlite:///var/plateau.db") == "var/plateau.db"
    assert sqlite_path("sqlite:////srv/data/plateau.db") == "/srv/data/plateau.db"
    assert sqlite_path("sqlite:plateau.db") == "plateau.db"
    assert sqlite_path("sqlite:///:memory:") == ":memory:"
    target = tmp_path / "deep" / "er" / "p.db"
    store = open_store(f"sqlite:///{target}")
    assert isinstance(store, SqliteEventStore) and store.path == str(target)
    assert target.parent.is_dir()
    for url in ("postgresql://u@h:5/db", "postgres://u@h:5/db"):
        pg = open_store(url)
        assert isinstance(pg, PostgresEventStore) and pg.url.startswith("postgresql://")
    with pytest.raises(ValueError):
        open_store("mysql://x")


async def test_sqlite_memory_store() -> None:
    store = open_store("sqlite::memory:")
    await store.open()
    try:
        game = await started_game(store)
        assert (await store.read(game.game_id))[0].version == 1
    finally:
        await store.close()


_WORKER = textwrap.dedent(
    """
    import asyncio, sys
    from service.store.base import CommandRecord, GameUpdate, NewEvent, VersionConflict
    from service.store.sqlite import SqliteEventStore

    async def main(path, game_id, worker, count):
        store = SqliteEventStore(path)
        await store.open()
        done = 0
        while done < count:
            version = (await store.get_game(game_id)).version
            try:
                await store.append(
                    game_id, version,
                    [NewEvent(type="tick", data={"type": "tick", "writer": worker, "n": done})],
                    update=GameUpdate(status="active", to_act=["north"]),
                )
            except VersionConflict:
                continue
            done += 1
        await store.close()

    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    """
)


async def test_postgres_concurrent_first_open_migrates_once(postgres_url: str) -> None:
    # A fresh schema of the per-run database stands for a fresh database
    # (dropping a database forces a checkpoint: slow).
    schema = f"fresh_{new_hex()}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
    url = f"{postgres_url}?options=-csearch_path%3D{schema}"
    stores = [PostgresEventStore(url, min_size=1, max_size=2) for _ in range(4)]
    try:
        await asyncio.gather(*(s.open() for s in stores))
        assert [await s.migrate() for s in stores] == [[]] * 4
        game = await started_game(stores[0])
        assert await stores[3].get_game(game.game_id) == await stores[0].get_game(game.game_id)
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT name FROM schema_migrations").fetchall()
            assert rows == [
                ("0001_init.sql",),
                ("0002_bot_seats.sql",),
                ("0003_commands_purge_index.sql",),
                ("0004_append_function.sql",),
                ("0005_imported_games.sql",),
                ("0006_creators.sql",),
                ("0007_forks.sql",),
                ("0008_append_pooled.sql",),
                ("0009_append_without_allocation_lock.sql",),
                ("0010_claim_function.sql",),
                ("0011_claim_returning_the_game.sql",),
                ("0012_append_with_snapshot.sql",),
            ]
            assert conn.execute("SELECT current_schema()").fetchone() == (schema,)
    finally:
        for s in stores:
            await s.close()
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


async def test_postgres_outage_is_store_unavailable_then_recovers(postgres_url: str) -> None:
    """The server goes away mid-life (a real TCP proxy is stopped), then comes back."""
    target = urlsplit(postgres_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 5432)
    await proxy.start()
    auth = target.netloc.rpartition("@")[0]
    netloc = f"{auth}@127.0.0.1:{proxy.port}" if auth else f"127.0.0.1:{proxy.port}"
    url = urlunsplit(target._replace(netloc=netloc))
    store = PostgresEventStore(url, min_size=1, max_size=2, timeout=0.5, connect_timeout=1)
    try:
        await store.open()
        game = await started_game(store)
        await proxy.stop()
        with pytest.raises(StoreUnavailable):
            await store.get_game(game.game_id)
        with pytest.raises(StoreUnavailable):
            await store.append(game.game_id, 1, [ev("x")], update=active())
        with pytest.raises(StoreUnavailable):
            await store.ping()
        await proxy.start()
        for _ in range(50):  # the pool reconnects in the background
            try:
                await store.ping()
                break
            except StoreUnavailable:
                await asyncio.sleep(0.2)
        assert await store.append(game.game_id, 1, [ev("x")], update=active()) == 2
    finally:
        await store.close()
        await proxy.stop()


_OPENER = "import asyncio, sys; from service.store.sqlite import SqliteEventStore as S; s = S(sys.argv[1]); asyncio.run(s.open())"


async def test_sqlite_concurrent_first_open_migrates_once(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "new.db"
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _OPENER, str(path), cwd=str(Path(__file__).resolve().parents[2])
        )
        for _ in range(4)
    ]
    assert await asyncio.wait_for(asyncio.gather(*(p.wait() for p in procs)), 60) == [0] * 4
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT name FROM schema_migrations").fetchall() == [
            ("0001_init.sql",),
            ("0002_bot_seats.sql",),
            ("0003_commands_purge_index.sql",),
            ("0004_imported_games.sql",),
            ("0005_creators.sql",),
            ("0006_forks.sql",),
        ]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        conn.close()


async def test_sqlite_several_processes_share_one_file(tmp_path: Path) -> None:
    """Real OS processes appending to one game in one file: no lost or duplicated event."""
    path = tmp_path / "shared.db"
    store = SqliteEventStore(path)
    await store.open()
    try:
        game = await started_game(store)
        processes, per_process = 4, 15
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                _WORKER,
                str(path),
                game.game_id,
                str(w),
                str(per_process),
                cwd=str(Path(__file__).resolve().parents[2]),
            )
            for w in range(processes)
        ]
        codes = await asyncio.wait_for(asyncio.gather(*(p.wait() for p in procs)), 60)
        assert codes == [0] * processes
        await check_log(store, game.game_id, processes, per_process)
    finally:
        await store.close()
