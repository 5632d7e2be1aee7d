"""Shared fixtures: real PostgreSQL and Redis (never mocked), SQLite in tmp_path.

* ``postgres_url``: a database created for this test run
  (``plateau_test_<hex>``, from ``PLATEAU_TEST_DATABASE_URL``), dropped at
  the end. ``redis_url`` / ``redis_prefix``: ``PLATEAU_TEST_REDIS_URL`` and a
  key prefix for this run (``plateau-test-<hex>:``), whose keys are deleted at
  the end. An unreachable server FAILS the tests that need it (never skips).
* ``pgbouncer_port``: PgBouncer in transaction mode on a free port, in front
  of the same PostgreSQL server (every database: ``via_pgbouncer(url, port)``),
  started once per run when a test needs it, stopped at the end.
* ``store`` (``sqlite``/``postgres``/``postgres-pgbouncer``), ``cache`` (``memory``/``redis``) and
  ``backends`` (``sqlite+memory``/``postgres+redis``): fresh, opened, empty.
  The PostgreSQL and Redis fixtures are only set up for the parameters that
  need them. See ``tests/backends.py`` to build pairs by hand.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from service.cache.base import StateCache
from service.store.base import EventStore
from tests.backends import (
    CACHES,
    PAIRS,
    STORES,
    BackendUnavailable,
    backend_pair,
    base_redis_url,
    check_redis,
    delete_redis_prefix,
    new_hex,
    open_test_cache,
    open_test_store,
    pgbouncer,
    postgres_database,
    via_pgbouncer,
)

UNBOUNDED = {
    "PLATEAU_QUOTA_GAMES": "0",
    "PLATEAU_QUOTA_PLAYERS": "0",
    "PLATEAU_BOT_GAMES_PER_ADDRESS": "0",
}
"""The per-address quotas, off in every server the tests start (``plateau serve``
inherits this environment): the suites create games and players by the
hundred from one address. ``tests/service/test_quotas.py`` sets its own."""


def pytest_configure(config: pytest.Config) -> None:
    for name, value in UNBOUNDED.items():
        os.environ.setdefault(name, value)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with ExitStack() as stack:
        try:
            url = stack.enter_context(postgres_database())  # dropped when the stack closes
        except BackendUnavailable as exc:
            message = str(exc)
        else:
            yield url
            return
    pytest.fail(message, pytrace=False)  # outside the except: no chained noise


@pytest.fixture(scope="session")
def pgbouncer_port(postgres_url: str) -> Iterator[int]:
    with ExitStack() as stack:
        try:
            port = stack.enter_context(pgbouncer())  # stopped when the stack closes
        except BackendUnavailable as exc:
            message = str(exc)
        else:
            yield port
            return
    pytest.fail(message, pytrace=False)


@pytest.fixture(scope="session")
def redis_url() -> str:
    try:
        return check_redis(base_redis_url())
    except BackendUnavailable as exc:
        message = str(exc)
    pytest.fail(message, pytrace=False)


@pytest.fixture(scope="session")
def redis_prefix(redis_url: str) -> Iterator[str]:
    prefix = f"plateau-test-{new_hex()}:"
    yield prefix
    delete_redis_prefix(redis_url, prefix)


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[EventStore]:
    postgres = None
    if request.param == "postgres":
        postgres = request.getfixturevalue("postgres_url")
    elif request.param == "postgres-pgbouncer":
        postgres = via_pgbouncer(
            request.getfixturevalue("postgres_url"), request.getfixturevalue("pgbouncer_port")
        )
    async with open_test_store(request.param, tmp_path=tmp_path, postgres_url=postgres) as s:
        yield s


@pytest.fixture(params=CACHES)
async def cache(request: pytest.FixtureRequest) -> AsyncIterator[StateCache]:
    url = prefix = None
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
        prefix = request.getfixturevalue("redis_prefix")
    async with open_test_cache(request.param, redis_url=url, redis_prefix=prefix) as c:
        yield c


@pytest.fixture(params=PAIRS)
async def backends(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[EventStore, StateCache]]:
    postgres = url = prefix = None
    if request.param == "postgres+redis":
        postgres = request.getfixturevalue("postgres_url")
        url = request.getfixturevalue("redis_url")
        prefix = request.getfixturevalue("redis_prefix")
    async with backend_pair(
        request.param,
        tmp_path=tmp_path,
        postgres_url=postgres,
        redis_url=url,
        redis_prefix=prefix,
    ) as pair:
        yield pair


BACKEND_PARAMS = frozenset(
    {"postgres", "postgres-pgbouncer", "redis", "postgres+redis", "postgres-pgbouncer+redis"}
)
BACKEND_FIXTURES = frozenset(
    {"postgres_url", "redis_url", "redis_prefix", "service_postgres_url", "pgbouncer_port"}
)


SERIAL_GROUPS = {"tests/faults/": "faults"}
"""Directories whose tests run one after the other in one ``pytest-xdist``
worker: the fault suite starts its own PostgreSQL, Redis and servers and kills
them; two of its tests at once would fight over the machine's two cores."""


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that needs a PostgreSQL or Redis server ``backend``, and
    give each an ``xdist_group``.

    A test needs one when it asks for a server fixture, or when one of its
    parameters names a server backend (``store[postgres]``,
    ``client[postgres+redis]`` ...). ``scripts/test --fast`` deselects them.

    ``scripts/test`` runs ``pytest -n 2 --dist loadgroup``: a file's tests stay
    in one worker (its module fixtures, a server or a browser, start once), and
    each directory of ``SERIAL_GROUPS`` is one group.
    """
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        group = next((g for d, g in SERIAL_GROUPS.items() if path.startswith(d)), path)
        item.add_marker(pytest.mark.xdist_group(group))
        callspec = getattr(item, "callspec", None)
        values = {str(v) for v in callspec.params.values()} if callspec is not None else set()
        fixtures = set(getattr(item, "fixturenames", ()))
        if values & BACKEND_PARAMS or fixtures & BACKEND_FIXTURES:
            item.add_marker(pytest.mark.backend)
