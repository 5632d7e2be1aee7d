"""API test fixtures: every API test runs against both configurations,
"sqlite+memory" (the embedded default) and "postgres+redis" (real servers;
the per-run database and Redis prefix come from tests/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.backends import postgres_database

CONFIGS = ["sqlite+memory", "postgres+redis"]


def settings_for(
    config: str, request: pytest.FixtureRequest, tmp_path: Any, **extra: Any
) -> Settings:
    if config == "sqlite+memory":
        return Settings(database_url=f"sqlite:///{tmp_path}/plateau.db", snapshot_every=7, **extra)
    return Settings(
        database_url=request.getfixturevalue("service_postgres_url"),
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
