"""The hot reads answered before the framework (issue 18): ``service.api.middleware.hot``.

A playing client's plain ``GET /games/{id}``, ``GET /games/{id}/legal-commands``
and ``GET /games/{id}/state`` are answered by ``HotPath`` from the
application service's own body functions, without Litestar's routing and
parameter parsing. These tests, on both configurations, show that such an
answer is the framework's own (status, body and headers, 304s included), that
the plain requests really skip the framework, that anything else (a missing,
malformed, repeated or refused token, a NUL, a query, an unknown game) is the
framework's answer unchanged, and that a command's answer says who acts next.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.api.middleware.hot import HotPath
from tests.service.helpers import asgi_request, assert_problem, auth, legal, start_game, summary


def fast_reads(client: AsyncTestClient[Any]) -> HotPath:
    """The ``HotPath`` among the wrappers the edge holds (the edge, the slots, ...)."""
    wrapper = client.app.asgi_handler
    for _ in range(5):
        wrapper = getattr(wrapper, "app", None)
        if isinstance(wrapper, HotPath):
            return wrapper
    raise AssertionError("the edge no longer wraps HotPath")


@contextmanager
def framework_only(client: AsyncTestClient[Any]) -> Iterator[None]:
    """Every request goes to the framework (the fast path declines all)."""
    reads = fast_reads(client)

    async def decline(scope: Any, send: Any) -> bool:
        return False

    reads._answer = decline  # type: ignore[method-assign]
    try:
        yield
    finally:
        del reads._answer


@contextmanager
def framework_calls(client: AsyncTestClient[Any]) -> Iterator[list[str]]:
    """The paths of the requests that reached the framework meanwhile."""
    reads = fast_reads(client)
    inner = reads.app
    seen: list[str] = []

    async def counting(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            seen.append(scope["path"])
        await inner(scope, receive, send)

    reads.app = counting
    try:
        yield seen
    finally:
        reads.app = inner


def comparable(r: Any) -> tuple[int, bytes, dict[str, str]]:
    headers = {k: v for k, v in r.headers.items() if k != "x-request-id"}
    assert len(r.headers["x-request-id"]) == 32  # the edge still runs
    return r.status_code, r.content, headers


async def test_the_fast_answers_are_the_frameworks(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)  # ArkantiS: hidden hands, seat views differ
    seat = (await summary(client, game_id))["to_act"][0]
    version = (await legal(client, game_id, tokens[seat]))["version"]
    requests: list[tuple[str, dict[str, str]]] = [
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}", auth(tokens[seat])),  # the summary reads no token
        (f"/games/{game_id}", {"If-None-Match": f'"{version}"'}),
        (f"/games/{game_id}", {"If-None-Match": f'W/"{version}", "1"'}),
        (f"/games/{game_id}", {"If-None-Match": '"1"'}),
        (f"/games/{game_id}/state", {}),
        (f"/games/{game_id}/state", {"If-None-Match": "*"}),
        (  # never a 304
            f"/games/{game_id}/legal-commands",
            {**auth(tokens[seat]), "If-None-Match": f'"{version}"'},
        ),
    ]
    for token in tokens.values():
        requests += [
            (f"/games/{game_id}/state", auth(token)),
            (f"/games/{game_id}/state", {**auth(token), "If-None-Match": f'"{version}"'}),
            (f"/games/{game_id}/legal-commands", auth(token)),
            (f"/games/{game_id}/legal-commands", {"Authorization": f"  bearer   {token} "}),
        ]
    for path, headers in requests:
        with framework_calls(client) as reached:
            fast = await client.get(path, headers=headers)
        assert reached == [], f"{path} {headers} went to the framework"
        with framework_only(client):
            slow = await client.get(path, headers=headers)
        assert comparable(fast) == comparable(slow), (path, headers)
        assert fast.status_code in (200, 304)
    # the seats' states and legal commands are their own
    states = {
        s: (await client.get(f"/games/{game_id}/state", headers=auth(t))).json()["seat"]
        for s, t in tokens.items()
    }
    assert states == {s: s for s in tokens}


async def test_the_fast_answers_in_words_are_the_frameworks(client: AsyncTestClient[Any]) -> None:
    """Both doors negotiate the language alike: the same bytes, tags and headers."""
    game_id, tokens = await start_game(client)
    seat = (await summary(client, game_id))["to_act"][0]
    version = (await legal(client, game_id, tokens[seat]))["version"]
    requests: list[tuple[str, dict[str, str]]] = []
    for language in ("fr", "fr-CA,en;q=0.5", "de", "en;q=0.2, fr;q=0.9"):
        for headers in ({}, auth(tokens[seat])):
            for path in ("", "/state", "/legal-commands"):
                if path == "/legal-commands" and not headers:
                    continue
                requests.append(
                    (f"/games/{game_id}{path}", {**headers, "Accept-Language": language})
                )
        requests.append(
            (
                f"/games/{game_id}/state",
                {"Accept-Language": language, "If-None-Match": f'"{version}.fr"'},
            )
        )
    for path, headers in requests:
        with framework_calls(client) as reached:
            fast = await client.get(path, headers=headers)
        assert reached == [], f"{path} {headers} went to the framework"
        with framework_only(client):
            slow = await client.get(path, headers=headers)
        assert comparable(fast) == comparable(slow), (path, headers)
        assert fast.status_code in (200, 304)


async def test_a_waiting_game_summary_is_never_a_304(client: AsyncTestClient[Any]) -> None:
    r = await client.post("/games", json={"ruleset": "eclats_des_cites"})
    game_id = r.json()["game_id"]
    for _ in range(2):
        with framework_calls(client) as reached:
            fast = await client.get(f"/games/{game_id}", headers={"If-None-Match": '"0"'})
        assert reached == []
        with framework_only(client):
            slow = await client.get(f"/games/{game_id}", headers={"If-None-Match": '"0"'})
        assert fast.status_code == 200
        assert comparable(fast) == comparable(slow)


async def test_everything_else_is_the_frameworks_answer(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client, "eclats_des_cites")
    token = next(iter(tokens.values()))
    other_game, other_tokens = await start_game(client, "eclats_des_cites")
    legal_path = f"/games/{game_id}/legal-commands"
    with framework_calls(client) as reached:
        assert_problem(await client.get(legal_path), 401, "unauthenticated")
        assert_problem(
            await client.get(legal_path, headers={"Authorization": "Basic x"}),
            401,
            "unauthenticated",
        )
        assert_problem(await client.get(legal_path, headers=auth("st.nope.nope")), 403, "forbidden")
        assert_problem(
            await client.get(legal_path, headers=auth(next(iter(other_tokens.values())))),
            403,
            "forbidden",
        )
        assert_problem(
            await client.get(f"/games/{game_id}/state", headers=auth("nope")),
            401,
            "unauthenticated",
        )
        assert_problem(
            await client.get("/games/0123456789abcdef0123456789abcdef"), 404, "not_found"
        )
        assert_problem(
            await client.get(
                "/games/0123456789abcdef0123456789abcdef/legal-commands", headers=auth(token)
            ),
            404,
            "not_found",
        )
        assert_problem(await client.get(legal_path, params={"x": "1"}), 400, "invalid_request")
        assert_problem(
            await client.get(f"/games/{game_id}", params={"limit": "1"}), 400, "invalid_request"
        )
        assert_problem(
            await client.get(legal_path, headers={"Authorization": f"Bearer {token}\x00"}),
            400,
            "invalid_request",
        )
        ok = await client.get(legal_path, headers={**auth(token), "Origin": "http://x.test"})
        assert ok.status_code == 200  # CORS is the framework's
        # (through the ASGI interface itself: httpx folds repeated header lines into one)
        status, body = await asgi_request(
            client, "GET", legal_path, [("authorization", f"Bearer {token}")] * 2
        )
        assert (status, json.loads(body)["code"]) == (400, "invalid_request")
        status, body = await asgi_request(
            client, "GET", f"/games/{game_id}", [("if-none-match", '"1"'), ("if-none-match", '"2"')]
        )
        assert (status, json.loads(body)["code"]) == (400, "invalid_request")
    assert len(reached) == 13, reached  # every one of them
    assert other_game != game_id


@pytest.mark.parametrize("ruleset", ["arkantis", "eclats_des_cites"])
async def test_a_commands_answer_says_who_acts_next(
    client: AsyncTestClient[Any], ruleset: str
) -> None:
    game_id, tokens = await start_game(client, ruleset)
    for _ in range(6):
        before = await summary(client, game_id)
        if before["status"] != "active":
            break
        seat = before["to_act"][0]
        body = await legal(client, game_id, tokens[seat])
        r = await client.post(
            f"/games/{game_id}/commands",
            json=body["commands"][-1],
            headers={**auth(tokens[seat]), "If-Match": f'"{body["version"]}"'},
        )
        assert r.status_code == 201, r.text
        after = await summary(client, game_id)
        accepted = r.json()
        assert accepted["version"] == after["version"]
        assert (accepted["status"], accepted["to_act"]) == (after["status"], after["to_act"])
        if after["status"] == "finished":
            assert accepted["to_act"] == []


async def test_commands_answered_here_are_the_frameworks(client: AsyncTestClient[Any]) -> None:
    """Each refusal is compared with the framework's answer to the same request
    (a refusal changes nothing); an acceptance is checked against the summary."""
    game_id, tokens = await start_game(client, "eclats_des_cites")
    seat = (await summary(client, game_id))["to_act"][0]
    other = next(s for s in tokens if s != seat)
    body = await legal(client, game_id, tokens[seat])
    command, version = body["commands"][0], body["version"]
    path = f"/games/{game_id}/commands"
    refusals: list[tuple[dict[str, str], Any]] = [
        ({**auth(tokens[seat]), "If-Match": f'"{version - 1}"'}, command),  # 412, stale
        ({**auth(tokens[seat]), "If-Match": 'W/"1"'}, command),  # 412, weak never matches
        ({**auth(tokens[other])}, command),  # 422, not this seat's turn
        (
            auth(tokens[seat]),
            {"type": "arkantis.remove_two_tokens", "cells": ["r1c1", "r2c3"]},
        ),  # 422
        ({**auth("st.nope.nope")}, command),  # 403, another game's token
        ({**auth(f"st.{game_id}.nope")}, command),  # 401, unknown token
    ]
    for headers, payload in refusals:
        with framework_calls(client) as reached:
            fast = await client.post(path, json=payload, headers=headers)
        assert reached == [], (headers, payload)
        with framework_only(client):
            slow = await client.post(path, json=payload, headers=headers)
        assert 400 <= fast.status_code < 500, fast.text
        assert comparable(fast)[0] == comparable(slow)[0]
        fast_problem, slow_problem = fast.json(), slow.json()
        assert fast_problem == slow_problem, (fast_problem, slow_problem)
        assert comparable(fast)[2] == comparable(slow)[2]
    unknown = "/games/0123456789abcdef0123456789abcdef/commands"
    with framework_calls(client) as reached:
        missing = await client.post(unknown, json=command, headers=auth("st.x.y"))
    assert reached == []
    with framework_only(client):
        slow = await client.post(unknown, json=command, headers=auth("st.x.y"))
    assert_problem(missing, 404, "not_found")
    assert (missing.json(), comparable(missing)[2]) == (slow.json(), comparable(slow)[2])
    assert (await summary(client, game_id))["version"] == version  # nothing was played

    # Accepted here, with an Idempotency-Key; its retry is the first answer.
    headers = {**auth(tokens[seat]), "If-Match": f'"{version}"', "Idempotency-Key": "k-1"}
    with framework_calls(client) as reached:
        first = await client.post(path, json=command, headers=headers)
        again = await client.post(path, json=command, headers=headers)
    assert reached == []
    assert first.status_code == again.status_code == 201, first.text
    assert first.content == again.content
    accepted = first.json()
    after = await summary(client, game_id)
    assert (
        accepted["version"] == after["version"] and first.headers["etag"] == f'"{after["version"]}"'
    )
    assert {
        k: v
        for k, v in first.headers.items()
        if k not in ("x-request-id", "etag", "content-length")
    } == {
        "cache-control": "private, no-store",
        "content-type": "application/json",
        "content-language": "en",  # its last move is in words (issue 30)
        "vary": "Accept-Language",
    }
    # The same key with another command: 422, written here as the framework writes it.
    with framework_calls(client) as reached:
        reused = await client.post(path, json=body["commands"][1], headers=headers)
    assert reached == []
    assert_problem(reused, 422, "idempotency_key_reused")
    assert reused.headers["cache-control"] == "no-store"
    seat = after["to_act"][0]
    body = await legal(client, game_id, tokens[seat])
    with framework_calls(client) as reached:
        other_body = await client.post(
            path,
            json=body["commands"][0],
            headers={**auth(tokens[seat]), "Idempotency-Key": "k-1"},  # k-1 is the other seat's
        )
    assert reached == []
    assert other_body.status_code == 201, other_body.text


async def test_commands_the_framework_must_judge_go_to_it(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client, "eclats_des_cites")
    seat = (await summary(client, game_id))["to_act"][0]
    body = await legal(client, game_id, tokens[seat])
    command = body["commands"][0]
    path = f"/games/{game_id}/commands"
    raw = json.dumps(command)
    cases: list[tuple[dict[str, str], str | bytes]] = [
        ({}, raw),  # no token: 401
        ({"Authorization": "Basic x"}, raw),  # 401
        (auth(tokens[seat]), "{not json"),  # 400
        (auth(tokens[seat]), json.dumps({**command, "unknown": 1})),  # 400
        (auth(tokens[seat]), json.dumps({"type": "eclats_des_cites.play", "x": "\x00"})),  # 400
        ({**auth(tokens[seat]), "If-Match": "12"}, raw),  # 400: not a quoted version
        ({**auth(tokens[seat]), "Idempotency-Key": "k" * 201}, raw),  # 400: too long
        ({**auth(tokens[seat]), "Origin": "http://x.test"}, raw),  # CORS is the framework's
    ]
    with framework_calls(client) as reached:
        for headers, content in cases:
            r = await client.post(
                path, content=content, headers={"content-type": "application/json", **headers}
            )
            assert r.status_code != 500, r.text
        r = await client.post(
            path, content=raw, headers={"content-type": "text/plain", **auth(tokens[seat])}
        )
        assert r.status_code != 500, r.text
        status, answer = await asgi_request(
            client,
            "POST",
            path,
            [("content-type", "application/json"), ("authorization", f"Bearer {tokens[seat]}")] * 2,
            raw.encode(),
        )
        assert (status, json.loads(answer)["code"]) == (400, "invalid_request")
    assert len(reached) == len(cases) + 2, reached
    # the body the hot path read reached the framework whole: only the
    # Origin request (the last case) and the text/plain one may have played
    assert (await summary(client, game_id))["version"] >= body["version"]
