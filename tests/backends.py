"""Real storage and cache backends for tests (no mocks, ever).

Used by ``tests/conftest.py``; other suites can build their own pairs::

    from tests.backends import backend_pair

    async with backend_pair("postgres+redis", tmp_path=tmp_path,
                            postgres_url=postgres_url, redis_url=redis_url,
                            redis_prefix=redis_prefix) as (store, cache):
        ...

Each pair starts empty: SQLite lives in ``tmp_path``; PostgreSQL tables are
truncated when the pair is closed (the per-run database is created and
dropped by the session fixtures); Redis keys live under a fresh sub-prefix of
``redis_prefix`` and are deleted on close.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis

from service.cache.base import StateCache
from service.cache.memory import MemoryStateCache
from service.cache.redis import RedisStateCache
from service.store._common import TABLES
from service.store.base import EventStore
from service.store.postgres import PostgresEventStore
from service.store.sqlite import SqliteEventStore

DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"

STORES = ("sqlite", "postgres", "postgres-pgbouncer")
"""``postgres-pgbouncer``: the per-run database through PgBouncer in transaction
mode (``pgbouncer()``), the store opened with ``pooler="transaction"``."""
CACHES = ("memory", "redis")
PAIRS = ("sqlite+memory", "postgres+redis")


class BackendUnavailable(RuntimeError):
    """PostgreSQL or Redis did not answer: the fixtures fail loudly on it."""


def base_database_url() -> str:
    return os.environ.get("PLATEAU_TEST_DATABASE_URL", DEFAULT_DATABASE_URL)


def base_redis_url() -> str:
    return os.environ.get("PLATEAU_TEST_REDIS_URL", DEFAULT_REDIS_URL)


def with_database(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + dbname))


def new_hex() -> str:
    return uuid.uuid4().hex[:12]


# --- PostgreSQL: one database per test run -----------------------------------------


@contextmanager
def postgres_database(base_url: str | None = None) -> Iterator[str]:
    """Create ``plateau_test_<hex>`` (migrated), yield its URL, drop it after."""
    base_url = base_url or base_database_url()
    name = f"plateau_test_{new_hex()}"
    try:
        admin = psycopg.connect(base_url, autocommit=True, connect_timeout=5)
    except psycopg.Error as exc:
        raise BackendUnavailable(
            f"PostgreSQL does not answer at {base_url!r} (PLATEAU_TEST_DATABASE_URL): {exc}\n"
            "start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
        ) from exc
    try:
        admin.execute(f'CREATE DATABASE "{name}"')
        # Tests do not test fsync: commits of this throwaway database skip the wait.
        admin.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
        try:
            yield with_database(base_url, name)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.close()


def reset_postgres(url: str) -> None:
    """Empty every store table (keeps the schema and schema_migrations)."""
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        present = {
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        }
        tables = [t for t in TABLES if t in present]
        if tables:
            conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


# --- PgBouncer in transaction mode, in front of the shared PostgreSQL ------------------

PGBOUNCER = "/usr/sbin/pgbouncer"
"""Debian's ``pgbouncer`` (scripts/_debian.sh installs it)."""
PGBOUNCER_START_TIMEOUT = 30.0
"""Seconds PgBouncer may take to answer (it starts in milliseconds: a bound against a hang)."""


def pgbouncer_config(base_url: str, port: int, folder: Path) -> str:
    """``pgbouncer.ini``: ``pool_mode = transaction`` on 127.0.0.1:``port``, every
    database of ``base_url``'s server (``*``), trust for the users of ``userlist.txt``."""
    parts = urlsplit(base_url)
    host, server_port = parts.hostname or "127.0.0.1", parts.port or 5432
    return (
        "[databases]\n"
        f"* = host={host} port={server_port}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\n"
        f"unix_socket_dir =\nauth_type = trust\nauth_file = {folder / 'userlist.txt'}\n"
        "pool_mode = transaction\n"
        # The suites' stores: 12 connections each, two at once (twin), a few stores.
        "max_client_conn = 500\ndefault_pool_size = 20\n"
        # Test databases are dropped WITH (FORCE) at the end: reconnect, never wait.
        "server_login_retry = 1\n"
        # libpq's and psycopg's startup parameters PgBouncer would otherwise refuse.
        "ignore_startup_parameters = extra_float_digits\n"
        "admin_users = postgres\n"
    )


@contextmanager
def pgbouncer(base_url: str | None = None) -> Iterator[int]:
    """PgBouncer (``pool_mode = transaction``) on a free port of 127.0.0.1 in front of
    ``base_url``'s server, its config, log and nothing else in a temporary folder of
    its own; yields the port (``via_pgbouncer`` makes URLs of it), stopped after."""
    from tests.servers import free_port, launch, log_tail, stop  # tests.servers imports httpx

    base_url = base_url or base_database_url()
    user = urlsplit(base_url).username or "postgres"
    if not os.path.exists(PGBOUNCER):
        raise BackendUnavailable(
            f"{PGBOUNCER} is missing: scripts/test installs Debian's pgbouncer package"
        )
    folder = Path(tempfile.mkdtemp(prefix="plateau-pgbouncer-"))
    try:
        port = free_port()
        (folder / "userlist.txt").write_text(f'"{user}" ""\n')
        (folder / "pgbouncer.ini").write_text(pgbouncer_config(base_url, port, folder))
        argv = [PGBOUNCER, str(folder / "pgbouncer.ini")]
        if os.geteuid() == 0:  # PgBouncer refuses to run as root
            account = pwd.getpwnam("postgres")
            for path in (folder, *folder.iterdir()):
                os.chown(path, account.pw_uid, account.pw_gid)
            argv[1:1] = ["-u", "postgres"]
        log = folder / "pgbouncer.log"
        process = launch(argv, os.environ, log)
        try:
            url = with_port(with_database(base_url, "pgbouncer"), port)
            deadline = time.monotonic() + PGBOUNCER_START_TIMEOUT
            while True:
                if process.poll() is not None:
                    raise BackendUnavailable(
                        f"PgBouncer exited with {process.returncode}: {log_tail(log)}"
                    )
                try:  # its admin console answers once it listens
                    psycopg.connect(url, autocommit=True, connect_timeout=2).close()
                    break
                except psycopg.Error:
                    if time.monotonic() > deadline:
                        raise BackendUnavailable(
                            f"PgBouncer did not answer in {PGBOUNCER_START_TIMEOUT:.0f} s:"
                            f" {log_tail(log)}"
                        ) from None
                    time.sleep(0.05)
            yield port
        finally:
            stop(process)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def with_port(url: str, port: int) -> str:
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{port}"))


def via_pgbouncer(url: str, port: int) -> str:
    """``url``'s database through the PgBouncer listening on ``port``."""
    return with_port(url, port)


# --- Redis: one key prefix per test run ---------------------------------------------


def check_redis(url: str | None = None) -> str:
    url = url or base_redis_url()
    client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        raise BackendUnavailable(
            f"Redis does not answer at {url!r} (PLATEAU_TEST_REDIS_URL): {exc}\n"
            "start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379"
            ' --save "" --appendonly no'
        ) from exc
    finally:
        client.close()
    return url


def delete_redis_prefix(url: str, prefix: str) -> int:
    """SCAN + DEL every key under ``prefix`` (never FLUSHDB)."""
    if not prefix:
        raise ValueError("refusing to delete every key")
    client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
    deleted = 0
    try:
        batch: list[bytes] = []
        for key in client.scan_iter(match=prefix + "*", count=500):
            batch.append(key)
            if len(batch) >= 500:
                deleted += int(client.delete(*batch))
                batch = []
        if batch:
            deleted += int(client.delete(*batch))
    finally:
        client.close()
    return deleted


# --- outages ------------------------------------------------------------------------


class TcpProxy:
    """A real TCP forwarder to Redis that a test can stop and restart (an outage), or
    stall (``stall``: what either side sends is held, then forwarded on ``resume``: a
    Redis that answers late)."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._flowing = asyncio.Event()
        self._flowing.set()

    def stall(self) -> None:
        self._flowing.clear()

    def resume(self) -> None:
        self._flowing.set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for writer in list(self._writers):
            writer.close()
        self._writers.clear()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers.update((writer, up_writer))

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    await self._flowing.wait()
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


# --- stores and caches ------------------------------------------------------------------


@asynccontextmanager
async def open_test_store(
    kind: str, *, tmp_path: Path | None = None, postgres_url: str | None = None
) -> AsyncIterator[EventStore]:
    """An opened, empty store of ``kind`` (``sqlite``, ``postgres``, or
    ``postgres-pgbouncer``: ``postgres_url`` then goes through PgBouncer)."""
    store: EventStore
    if kind == "sqlite":
        if tmp_path is None:
            raise ValueError("sqlite needs tmp_path")
        store = SqliteEventStore(tmp_path / f"store-{new_hex()}.db")
    elif kind == "postgres":
        if postgres_url is None:
            raise ValueError("postgres needs postgres_url")
        store = PostgresEventStore(postgres_url, min_size=1, max_size=12)
    elif kind == "postgres-pgbouncer":
        if postgres_url is None:
            raise ValueError("postgres-pgbouncer needs postgres_url (PgBouncer's)")
        store = PostgresEventStore(postgres_url, min_size=1, max_size=12, pooler="transaction")
    else:
        raise ValueError(f"unknown store kind {kind!r}")
    await store.open()
    try:
        yield store
    finally:
        await store.close()
        if kind.startswith("postgres") and postgres_url is not None:
            reset_postgres(postgres_url)


@asynccontextmanager
async def open_test_cache(
    kind: str, *, redis_url: str | None = None, redis_prefix: str | None = None
) -> AsyncIterator[StateCache]:
    """An opened, empty cache of ``kind`` (``memory`` or ``redis``)."""
    cache: StateCache
    prefix = ""
    if kind == "memory":
        cache = MemoryStateCache()
    elif kind == "redis":
        if redis_url is None or redis_prefix is None:
            raise ValueError("redis needs redis_url and redis_prefix")
        prefix = f"{redis_prefix}{new_hex()}:"
        cache = RedisStateCache(redis_url, prefix=prefix)
    else:
        raise ValueError(f"unknown cache kind {kind!r}")
    await cache.open()
    try:
        yield cache
    finally:
        await cache.close()
        if kind == "redis" and redis_url is not None:
            delete_redis_prefix(redis_url, prefix)


@asynccontextmanager
async def backend_pair(
    config: str,
    *,
    tmp_path: Path | None = None,
    postgres_url: str | None = None,
    redis_url: str | None = None,
    redis_prefix: str | None = None,
) -> AsyncIterator[tuple[EventStore, StateCache]]:
    """``(store, cache)`` for ``sqlite+memory`` or ``postgres+redis``."""
    store_kind, _, cache_kind = config.partition("+")
    async with (
        open_test_store(store_kind, tmp_path=tmp_path, postgres_url=postgres_url) as store,
        open_test_cache(cache_kind, redis_url=redis_url, redis_prefix=redis_prefix) as cache,
    ):
        yield store, cache
