"""Small HTTP helpers for the API tests."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from litestar.testing import AsyncTestClient

T = TypeVar("T")

UNBOUNDED: dict[str, Any] = {"quota_games": 0, "quota_players": 0, "bot_games_per_address": 0}
"""Settings without per-address quotas: the API tests share one database and one
address ("testclient"). ``tests/service/test_quotas.py`` sets its own."""


def on_app_loop(client: AsyncTestClient[Any], fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``await fn(*args)`` on the app's own event loop: the test client runs the
    app in a thread of its own, and a Redis or PostgreSQL connection of the
    app's (its cache, its store) answers only on the loop that opened it."""
    return client.blocking_portal.call(fn, *args)


def forget_in_process(client: AsyncTestClient[Any]) -> None:
    """Drop the answers the app's process keeps in memory (encoded views, the
    spectator views it vouches for, decoded states), so that the next read asks the cache."""
    forget_answers(client)
    client.app.state.games.repository.forget_states()


def forget_answers(client: AsyncTestClient[Any]) -> None:
    """Drop the encoded answers and vouched spectator views only (the decoded
    states stay)."""
    answers = client.app.state.games.answers
    answers.bodies.clear()
    answers._spectator.clear()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def create_game(
    client: AsyncTestClient[Any],
    ruleset: str = "arkantis",
    options: dict[str, Any] | None = None,
    *,
    seed: str | None = None,
) -> dict[str, Any]:
    """A new game; ``seed`` (a sandbox client's only) fixes its dice and deal."""
    body: dict[str, Any] = {"ruleset": ruleset}
    if options is not None:
        body["options"] = options
    if seed is not None:
        body["seed"] = seed
    r = await client.post("/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


async def start_game(
    client: AsyncTestClient[Any],
    ruleset: str = "arkantis",
    options: dict[str, Any] | None = None,
    *,
    seed: str | None = None,
) -> tuple[str, dict[str, str]]:
    """Create a game and claim every seat; returns (game_id, {seat: token})."""
    game = await create_game(client, ruleset, options, seed=seed)
    tokens: dict[str, str] = {}
    for i, seat in enumerate(s["seat"] for s in game["seats"]):
        r = await client.post(
            f"/games/{game['game_id']}/seats/{seat}", json={"player_name": f"P{i}"}
        )
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game["game_id"], tokens


async def summary(client: AsyncTestClient[Any], game_id: str) -> dict[str, Any]:
    r = await client.get(f"/games/{game_id}")
    assert r.status_code == 200, r.text
    return dict(r.json())


async def legal(client: AsyncTestClient[Any], game_id: str, token: str) -> dict[str, Any]:
    r = await client.get(f"/games/{game_id}/legal-commands", headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def assert_problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/problem+json"), response.headers
    body = dict(response.json())
    assert body["code"] == code, body
    assert body["status"] == status
    assert body["title"] and body["detail"] and body["type"].endswith(code)
    return body


async def asgi_request(
    client: AsyncTestClient[Any],
    method: str,
    path: str,
    headers: list[tuple[str, str]],
    body: bytes = b"",
) -> tuple[int, bytes]:
    """One request through the app's ASGI interface itself, header lines as
    given: httpx (and so the test client) folds repeated header lines into
    one before the app sees them. Returns (status, body)."""
    return await asgi_call(client.app, method, path, headers, body)


async def asgi_call(
    app: Callable[..., Awaitable[None]],
    method: str,
    path: str,
    headers: list[tuple[str, str]],
    body: bytes = b"",
) -> tuple[int, bytes]:
    """``asgi_request`` on any ASGI app, called as a server hands a request over
    (the benchmarks call apps this way too, with no server in between)."""
    raw_headers = [(k.lower().encode(), v.encode()) for k, v in headers]
    if body:
        raw_headers.append((b"content-length", str(len(body)).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [*raw_headers, (b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "state": {},
    }
    sent = False
    status = 0
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, b"".join(chunks)
