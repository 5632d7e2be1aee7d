"""The OpenAPI document is built once per process, through Litestar's public
API, and every app serves that one: a second ``create_app()`` builds nothing.

Counted, not timed: ``OpenAPIConfig.to_openapi_schema`` starts every build
of a document by Litestar, so counting its calls counts the builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from litestar.openapi import OpenAPIConfig
from litestar.testing import AsyncTestClient

from service.app import create_app, openapi_document
from service.settings import Settings


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per OpenAPI document Litestar builds from now on."""
    calls: list[int] = []
    original = OpenAPIConfig.to_openapi_schema

    def counted(self: OpenAPIConfig) -> Any:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(OpenAPIConfig, "to_openapi_schema", counted)
    return calls


async def test_a_second_app_builds_no_document(tmp_path: Path, builds: list[int]) -> None:
    openapi_document()  # this process's one build (done already if another test ran first)
    before = len(builds)
    documents = []
    for name in ("a", "b"):
        app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/{name}.db"))
        async with AsyncTestClient(app) as client:
            r = await client.get("/schema/openapi.json")
            assert r.status_code == 200
            documents.append(r.json())
            r = await client.get("/games", params={"limt": "5"})  # checked against the document
            assert r.status_code == 400 and r.json()["code"] == "invalid_request"
    assert len(builds) == before <= 1
    assert documents[0] == documents[1] == openapi_document()
    assert openapi_document.cache_info().misses == 1
