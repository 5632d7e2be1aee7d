"""A game's stream served past the framework (issue 33): ``service.api.middleware.live``.

A plain ``GET /games/{id}/events/stream`` is written by the hot path as raw
ASGI. These tests, on both configurations, show that its answer is the
framework's own (status, headers and bytes, for every seat, a spectator,
resumed, in another language), that the plain requests really skip the
framework while the rest (a refused or malformed token, an unknown game, a
malformed parameter, an ``Origin``) get the framework's answer unchanged, that
a live stream gets every move, and that it is counted and ends on draining
(with the retry hint) and on the client's disconnect, as ``StreamGuard``'s do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

from litestar.testing import AsyncTestClient

from service.api.middleware.hot import HotPath
from service.api.middleware.live import DRAINED
from tests.service.helpers import assert_problem, auth, legal, start_game, summary
from tests.service.test_hot_reads import comparable, fast_reads, framework_calls

HANG = 30.0


@contextmanager
def framework_streams(client: AsyncTestClient[Any]) -> Iterator[None]:
    """Every stream goes to the framework (the hot path declines them all)."""
    path: HotPath = fast_reads(client)

    async def decline(*args: Any) -> bool:
        return False

    path._stream = decline  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        del path._stream


async def test_the_raw_streams_are_the_frameworks(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)  # ArkantiS: hidden hands, seat views differ
    url = f"/games/{game_id}/events/stream"
    requests: list[tuple[dict[str, str], dict[str, str]]] = [
        ({"timeout": "0"}, {}),  # a spectator
        ({"timeout": "0", "after": "3"}, {}),
        ({"timeout": "0.05", "lang": "fr"}, {}),
        ({"timeout": "0"}, {"Accept-Language": "fr-CA, en;q=0.5"}),
        ({"timeout": "0"}, {"Last-Event-ID": "5"}),
    ]
    for token in tokens.values():
        requests += [
            ({"timeout": "0", "access_token": token}, {}),
            ({"timeout": "0"}, auth(token)),
            ({"timeout": "0", "access_token": "ignored"}, {"Authorization": f" bearer  {token} "}),
        ]
    for params, headers in requests:
        with framework_calls(client) as reached:
            raw = await client.get(url, params=params, headers=headers)
        assert reached == [], f"{params} {headers} went to the framework"
        with framework_streams(client):
            framework = await client.get(url, params=params, headers=headers)
        assert comparable(raw) == comparable(framework), (params, headers)
        assert raw.status_code == 200 and raw.content.startswith(b"id: "), (params, headers)


async def test_the_rest_is_the_frameworks_answer(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    _, others = await start_game(client)
    url = f"/games/{game_id}/events/stream"
    refused: list[tuple[str, dict[str, str], dict[str, str], int]] = [
        (url, {"access_token": "garbage"}, {}, 401),
        (url, {"access_token": others["seat_0"]}, {}, 403),
        (url, {}, {"Authorization": "Basic x"}, 401),
        (url, {}, {"Last-Event-ID": "x"}, 400),
        (url, {"timeout": "null"}, {}, 400),
        (url, {"timeout": "86401"}, {}, 400),
        (url, {"after": "-1"}, {}, 400),
        (url, {"lang": "xx"}, {}, 400),
        ("/games/nope/events/stream", {}, {}, 404),
    ]
    for path, params, headers, status in refused:
        with framework_calls(client) as reached:
            r = await client.get(path, params=params, headers=headers)
        assert r.status_code == status, (params, headers, r.text)
        assert r.headers["content-type"].startswith("application/problem+json")
        if status < 404:  # a request the hot path cannot vouch for: never opened here
            assert reached == [path], (params, headers)
    # Not plain: the framework answers it (an unknown parameter is its 400).
    with framework_calls(client) as reached:
        r = await client.get(url, params={"timeout": 0, "unknown": 1})
    assert reached == [url]
    assert_problem(r, 400, "invalid_request")
    with framework_calls(client) as reached:
        r = await client.get(url, params={"timeout": 0}, headers={"Origin": "http://example.com"})
    assert reached == [url] and r.status_code == 200


def stream_scope(path: str, query: dict[str, str]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": urlencode(query).encode(),
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "state": {},
    }


class Listener:
    """One stream through the app's ASGI interface, on the app's own loop: what
    it was sent, and a disconnect to give it."""

    def __init__(self, client: AsyncTestClient[Any], path: str, query: dict[str, str]) -> None:
        self.client = client
        self.sent: list[dict[str, Any]] = []
        self.gone: asyncio.Event | None = None
        self.future = client.blocking_portal.start_task_soon(self._run, path, query)

    async def _run(self, path: str, query: dict[str, str]) -> None:
        self.gone = asyncio.Event()
        asked = False

        async def receive() -> dict[str, Any]:
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            assert self.gone is not None
            await self.gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            self.sent.append(message)

        await self.client.app(stream_scope(path, query), receive, send)

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")

    async def until(self, condition: Any) -> None:
        async with asyncio.timeout(HANG):
            while not condition():
                await asyncio.sleep(0.01)

    def disconnect(self) -> None:
        gone = self.gone
        assert gone is not None
        self.client.blocking_portal.call(gone.set)

    async def ended(self) -> None:
        await asyncio.wait_for(asyncio.wrap_future(self.future), HANG)


async def test_a_raw_stream_follows_the_moves_and_ends_when_the_client_goes(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    # A chosen seed: a deal ending at its first move would end the stream before the client goes.
    client = sandbox_client
    game_id, tokens = await start_game(client, seed="raw-stream-moves")
    lifecycle = client.app.state.lifecycle
    url = f"/games/{game_id}/events/stream"
    with framework_calls(client) as reached:
        listener = Listener(client, url, {"access_token": tokens["seat_0"]})
        await listener.until(lambda: listener.body.count(b"\r\n\r\n") >= 3)
        assert lifecycle.streams == 1
        seat = (await summary(client, game_id))["to_act"][0]
        listed = await legal(client, game_id, tokens[seat])
        r = await client.post(
            f"/games/{game_id}/commands", json=listed["commands"][0], headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
        version = r.json()["version"]
        try:
            await listener.until(lambda: f"id: {version}\r\n".encode() in listener.body)
        finally:
            listener.disconnect()
        await listener.ended()
    assert reached == [] and lifecycle.streams == 0
    assert listener.sent[0]["status"] == 200
    assert listener.sent[-1].get("more_body") is True  # gone: nothing more was written
    streams = client.app.state.games.streams
    await listener.until(lambda: streams.open_channels == 0)  # the game's reader stopped


async def test_a_raw_stream_ends_on_draining_with_the_retry_hint(
    client: AsyncTestClient[Any],
) -> None:
    game_id, _ = await start_game(client)
    lifecycle = client.app.state.lifecycle
    url = f"/games/{game_id}/events/stream"
    listener = Listener(client, url, {})
    await listener.until(lambda: b"id: " in listener.body)
    assert lifecycle.streams == 1
    client.blocking_portal.call(lifecycle.start_draining)
    try:
        await listener.ended()
    finally:
        listener.disconnect()
    assert listener.sent[-1] == {"type": "http.response.body", "body": DRAINED, "more_body": False}
    assert lifecycle.streams == 0
    r = await client.get(url, params={"timeout": 0})
    problem = assert_problem(r, 503, "draining")
    assert problem["instance"] == url and "retry-after" in r.headers
