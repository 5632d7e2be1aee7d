"""API test fixtures: every API test runs against both configurations,
"sqlite+memory" (the embedded default) and "postgres+redis" (real servers;
the per-run database and Redis prefix come from tests/conftest.py). A test may
also ask for "postgres-pgbouncer+redis": the same database through the run's
PgBouncer in transaction mode (``PLATEAU_DATABASE_POOLER=transaction``)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.backends import postgres_database, via_pgbouncer
from tests.service.helpers import UNBOUNDED

CONFIGS = ["sqlite+memory", "postgres+redis"]


def settings_for(
    config: str, request: pytest.FixtureRequest, tmp_path: Any, **extra: Any
) -> Settings:
    extra = {**UNBOUNDED, **extra}
    if config == "sqlite+memory":
        return Settings(database_url=f"sqlite:///{tmp_path}/plateau.db", snapshot_every=7, **extra)
    database_url = request.getfixturevalue("service_postgres_url")
    if config == "postgres-pgbouncer+redis":
        port = request.getfixturevalue("pgbouncer_port")
        extra = {"database_pooler": "transaction", **extra}
        database_url = via_pgbouncer(database_url, port)
    return Settings(
        database_url=database_url,
        redis_url=request.getfixturevalue("redis_url"),
        redis_prefix=f"{request.getfixturevalue('redis_prefix')}{uuid.uuid4().hex[:8]}:",
        snapshot_every=7,
        **extra,
    )


@pytest.fixture(scope="session")
def service_postgres_url(postgres_url: str) -> Iterator[str]:
    """A database of the API tests' own (created and dropped per run), so the
    games they leave behind never meet the store suite's empty-store tests."""
    with postgres_database() as url:
        yield url


@pytest.fixture(params=CONFIGS)
def config(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def settings(config: str, request: pytest.FixtureRequest, tmp_path: Any) -> Settings:
    return settings_for(config, request, tmp_path)


@pytest.fixture
async def client(settings: Settings) -> AsyncIterator[AsyncTestClient[Any]]:
    async with AsyncTestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
async def sandbox_client(
    config: str, request: pytest.FixtureRequest, tmp_path: Any
) -> AsyncIterator[AsyncTestClient[Any]]:
    """A client of a server in sandbox mode (``PLATEAU_SANDBOX=1``), on both configurations."""
    async with AsyncTestClient(
        create_app(settings_for(config, request, tmp_path, sandbox=True))
    ) as c:
        yield c
