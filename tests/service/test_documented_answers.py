"""Answers the document promises beyond the happy path, on both backends:
405 with ``Allow`` on every path, 304 for ``If-None-Match`` where it is honoured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from tests.service.helpers import assert_problem, auth, start_game

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
METHODS = ("get", "put", "post", "delete", "patch")


def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return loaded


async def test_every_path_answers_405_with_the_documented_allow(
    client: AsyncTestClient[Any],
) -> None:
    game_id, _ = await start_game(client)
    for template, item in document()["paths"].items():
        documented = sorted({m.upper() for m in item if m in METHODS} | {"OPTIONS"})
        for op in (item[m] for m in item if m in METHODS):
            answer = op["responses"]["405"]
            assert "Allow" in answer["headers"], template
            assert "application/problem+json" in answer["content"], template
        path = (
            template.replace("{game_id}", game_id)
            .replace("{seat}", "seat_0")
            .replace("{player_id}", "p")
            .replace("{ruleset}", "arkantis")
        )
        wrong = next(m for m in ("DELETE", "PUT", "PATCH") if m not in documented)
        r = await client.request(wrong, path)
        assert_problem(r, 405, "method_not_allowed")
        assert r.headers["allow"] == ", ".join(documented), (template, r.headers["allow"])


async def test_if_none_match_answers_304_where_documented(client: AsyncTestClient[Any]) -> None:
    doc = document()
    honoured = {
        op["operationId"]
        for item in doc["paths"].values()
        for op in item.values()
        if isinstance(op, dict)
        and any(p["name"] == "If-None-Match" for p in op.get("parameters", []))
    }
    assert honoured == {"getGame", "getState"}
    for op in (o for item in doc["paths"].values() for o in item.values() if isinstance(o, dict)):
        if op.get("operationId") in honoured:
            assert "ETag" in op["responses"]["304"]["headers"]
    game_id, tokens = await start_game(client)
    for path, headers in (
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}/state", auth(tokens["seat_0"])),
    ):
        first = await client.get(path, headers=headers)
        etag = first.headers["etag"]
        again = await client.get(path, headers={**headers, "If-None-Match": etag})
        assert again.status_code == 304 and again.content == b"", path
        assert again.headers["etag"] == etag
        other = await client.get(path, headers={**headers, "If-None-Match": '"999999"'})
        assert other.status_code == 200, path
