"""API test fixtures: every API test runs against both configurations,
"sqlite+memory" (the embedded default) and "postgres+redis" (real servers;
the per-run database and Redis prefix come from tests/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings

CONFIGS = ["sqlite+memory", "postgres+redis"]


def settings_for(
    config: str, request: pytest.FixtureRequest, tmp_path: Any, **extra: Any
) -> Settings:
    if config == "sqlite+memory":
        return Settings(database_url=f"sqlite:///{tmp_path}/plateau.db", snapshot_every=7, **extra)
    return Settings(
        database_url=request.getfixturevalue("postgres_url"),
        redis_url=request.getfixturevalue("redis_url"),
        redis_prefix=f"{request.getfixturevalue('redis_prefix')}{uuid.uuid4().hex[:8]}:",
        snapshot_every=7,
        **extra,
    )


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
