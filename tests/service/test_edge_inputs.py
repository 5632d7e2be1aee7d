"""Inputs outside clients send that once slipped past the edge.

Each test here failed before its fix, on at least one backend: U+0000 in a
string that reaches PostgreSQL (500), the SSE heartbeat written with an empty
``data:`` line (an empty ``message`` event for every EventSource), ``null`` as
a query value taken for "absent", weak or ``*`` ``If-Match`` tags, repeated
query parameters and headers taken as "last one wins".
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar.testing import AsyncTestClient

from service.api.headers import parse_if_match
from service.app import create_app
from service.games.bodies import MAX_JSON_DEPTH, TOO_DEEP, json_value
from service.games.exceptions import InvalidRequest
from service.settings import Settings
from tests.service.conftest import settings_for
from tests.service.helpers import (
    asgi_request,
    assert_problem,
    auth,
    create_game,
    legal,
    start_game,
    summary,
)
from tests.service.test_hot_reads import framework_only

NUL = "\u0000"


# --------------------------------------------------------------------- NUL


@pytest.mark.parametrize(
    "url",
    [
        "/games/%00",
        "/games/a%00b",
        "/games/%00/events",
        "/games/%00/state",
        "/games/%00/legal-commands",
        "/games/%00/events/stream",
        "/players/%00",
        "/rulesets/%00",
    ],
)
async def test_nul_in_an_id_is_not_found(client: AsyncTestClient[Any], url: str) -> None:
    assert_problem(await client.get(url), 404, "not_found")


@pytest.mark.parametrize(
    "params",
    [
        {"player_id": NUL},
        {"ruleset": NUL},
        {"ruleset": f"arkantis{NUL}"},
        {"status": NUL},
        {"cursor": NUL},
    ],
)
async def test_nul_in_a_query_value_is_a_bad_request(
    client: AsyncTestClient[Any], params: dict[str, str]
) -> None:
    assert_problem(await client.get("/games", params=params), 400, "invalid_request")


async def test_nul_in_a_body_string_is_a_bad_request(client: AsyncTestClient[Any]) -> None:
    assert_problem(await client.post("/players", json={"name": f"a{NUL}b"}), 400, "invalid_request")
    game = await create_game(client)
    seat = game["seats"][0]["seat"]
    url = f"/games/{game['game_id']}/seats/{seat}"
    assert_problem(await client.post(url, json={"player_name": f"a{NUL}b"}), 400, "invalid_request")
    # Nothing changed: the seat is still free.
    assert not (await summary(client, game["game_id"]))["seats"][0]["claimed"]
    assert_problem(
        await client.post(f"/games/{game['game_id']}/seats/%00", json={"player_name": "a"}),
        404,
        "not_found",
    )
    assert_problem(
        await client.post("/games", json={"ruleset": f"arkantis{NUL}"}), 400, "invalid_request"
    )


async def test_nul_in_a_token_or_command_changes_nothing(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    before = (await summary(client, game_id))["version"]
    assert_problem(
        await client.get(f"/games/{game_id}/events/stream", params={"access_token": NUL}),
        400,
        "invalid_request",
    )
    seat = (await summary(client, game_id))["to_act"][0]
    command = (await legal(client, game_id, tokens[seat]))["commands"][0]
    poisoned = {**command, "type": command["type"] + NUL}
    r = await client.post(f"/games/{game_id}/commands", json=poisoned, headers=auth(tokens[seat]))
    assert_problem(r, 400, "invalid_request")
    assert (await summary(client, game_id))["version"] == before


# --------------------------------------------------------------- heartbeat


@pytest.mark.parametrize("stream", ["game", "feed"])
async def test_heartbeat_is_a_comment_line_only(
    config: str, request: pytest.FixtureRequest, tmp_path: Any, stream: str
) -> None:
    """On a game's stream and on the global feed's (which wrote ``data:`` too)."""
    settings: Settings = settings_for(config, request, tmp_path, sse_heartbeat=0.05)
    async with AsyncTestClient(create_app(settings)) as client:
        game_id, tokens = await start_game(client)
        version = (await summary(client, game_id))["version"]
        if stream == "game":
            path, params = f"/games/{game_id}/events/stream", {"after": version}
        else:
            after = 0
            while True:  # to the end of the feed, so the stream has nothing to send
                page = (await client.get("/events", params={"after": after})).json()
                if page["last_position"] == after:
                    break
                after = page["last_position"]
            path, params = "/events/stream", {"after": after}
        r = await client.get(path, params={**params, "timeout": 0.4})
        assert r.status_code == 200, r.text
        text = r.text.replace("\r\n", "\n")
        blocks = [b for b in text.split("\n\n") if b]
        assert blocks, "at least one heartbeat in 0.4 s with a 0.05 s interval"
        for block in blocks:
            # Only comment lines: no field at all, so no client fires a message.
            assert all(line.startswith(":") for line in block.split("\n")), repr(block)


# ------------------------------------------------------------- null values


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("state", {"version": "null"}),
        ("state", {"version": ""}),
        ("events", {"after": "null"}),
        ("events", {"limit": "null"}),
        ("events/stream", {"timeout": "null"}),
        ("events/stream", {"after": "null"}),
        ("events/stream", {"timeout": ""}),
    ],
)
async def test_null_or_empty_query_value_is_a_bad_request(
    client: AsyncTestClient[Any], path: str, params: dict[str, str]
) -> None:
    game_id, _ = await start_game(client)
    assert_problem(
        await client.get(f"/games/{game_id}/{path}", params=params), 400, "invalid_request"
    )


async def test_null_filters_of_the_game_list_are_bad_requests(
    client: AsyncTestClient[Any],
) -> None:
    for params in ({"limit": "null"}, {"status": "null"}, {"cursor": "null"}):
        assert_problem(await client.get("/games", params=params), 400, "invalid_request")


# ---------------------------------------------------------------- If-Match


async def _turn(client: AsyncTestClient[Any]) -> tuple[str, dict[str, str], dict[str, Any], int]:
    game_id, tokens = await start_game(client)
    s = await summary(client, game_id)
    seat = s["to_act"][0]
    command = (await legal(client, game_id, tokens[seat]))["commands"][0]
    return game_id, auth(tokens[seat]), command, s["version"]


async def test_weak_if_match_never_matches(client: AsyncTestClient[Any]) -> None:
    game_id, h, command, version = await _turn(client)
    r = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**h, "If-Match": f'W/"{version}"'}
    )
    assert_problem(r, 412, "stale_version")
    assert (await summary(client, game_id))["version"] == version
    r = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**h, "If-Match": f'"{version}"'}
    )
    assert r.status_code == 201, r.text


async def test_if_match_star_plays_at_the_current_version(client: AsyncTestClient[Any]) -> None:
    game_id, h, command, version = await _turn(client)
    r = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**h, "If-Match": "*"}
    )
    assert r.status_code == 201, r.text
    assert r.json()["version"] > version


async def test_if_match_list_matches_any_of_its_tags(client: AsyncTestClient[Any]) -> None:
    game_id, h, command, version = await _turn(client)
    stale = f'"{version + 5}", W/"{version}"'
    r = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**h, "If-Match": stale}
    )
    assert_problem(r, 412, "stale_version")
    r = await client.post(
        f"/games/{game_id}/commands",
        json=command,
        headers={**h, "If-Match": f'"{version + 5}", "{version}"'},
    )
    assert r.status_code == 201, r.text


@pytest.mark.parametrize("value", ["", "12", '"12', "W/", '"-1"', '"1" "2"', "**"])
async def test_malformed_if_match_is_a_bad_request(
    client: AsyncTestClient[Any], value: str
) -> None:
    game_id, h, command, version = await _turn(client)
    r = await client.post(
        f"/games/{game_id}/commands", json=command, headers={**h, "If-Match": value}
    )
    assert_problem(r, 400, "invalid_request")
    assert (await summary(client, game_id))["version"] == version


# --------------------------------------------------------------- repeated


async def test_repeated_query_parameter_is_a_bad_request(client: AsyncTestClient[Any]) -> None:
    assert_problem(await client.get("/games?limit=1&limit=2"), 400, "invalid_request")
    game_id, _ = await start_game(client)
    assert_problem(
        await client.get(f"/games/{game_id}/state?version=1&version=2"), 400, "invalid_request"
    )
    assert_problem(
        await client.get(f"/games/{game_id}/events?after=1&after=1"), 400, "invalid_request"
    )


@pytest.mark.parametrize("header", ["If-Match", "Idempotency-Key", "Authorization"])
async def test_repeated_header_is_a_bad_request(client: AsyncTestClient[Any], header: str) -> None:
    game_id, h, command, version = await _turn(client)
    values = {
        "If-Match": [f'"{version + 1}"', f'"{version}"'],
        "Idempotency-Key": ["k1", "k2"],
        "Authorization": [h["Authorization"], h["Authorization"]],
    }[header]
    headers = [(k, v) for k, v in h.items() if k != header] + [(header, v) for v in values]
    status, body = await raw_post(client, f"/games/{game_id}/commands", command, headers)
    assert (status, body["code"]) == (400, "invalid_request"), body
    assert (await summary(client, game_id))["version"] == version


async def raw_post(
    client: AsyncTestClient[Any], path: str, body: Any, headers: list[tuple[str, str]]
) -> tuple[int, Any]:
    """POST through the ASGI interface itself (repeated header lines kept)."""
    content = [("content-type", "application/json")]
    status, raw = await asgi_request(
        client, "POST", path, [*headers, *content], json.dumps(body).encode()
    )
    return status, json.loads(raw)


# --------------------------------------------------------------------- nesting


def nested(depth: int, leaf: str = "1") -> bytes:
    """``depth`` arrays, one inside the other, around ``leaf``."""
    return ("[" * depth + leaf + "]" * depth).encode()


def test_the_nesting_bound() -> None:
    """``MAX_JSON_DEPTH`` levels are decoded; one more, or far more (msgspec's
    own recursion limit), is the same 400 ``invalid_request``."""
    value = json_value(nested(MAX_JSON_DEPTH))
    for _ in range(MAX_JSON_DEPTH):
        value = value[0]
    assert value == 1
    assert json_value(('{"a":' * MAX_JSON_DEPTH + "2.0" + "}" * MAX_JSON_DEPTH).encode())
    for body in (
        nested(MAX_JSON_DEPTH + 1),
        nested(2000),
        ('{"a":' * (MAX_JSON_DEPTH + 1) + "1" + "}" * (MAX_JSON_DEPTH + 1)).encode(),
        b"[" * 100_000,  # unterminated too: the depth is met first
    ):
        with pytest.raises(InvalidRequest, match=TOO_DEEP):
            json_value(body)


async def test_deeply_nested_json_is_a_bad_request_everywhere(
    client: AsyncTestClient[Any],
) -> None:
    """JSON nested 2,000 deep answered 500 on every JSON endpoint (a plain-text
    500 on commands: the hot path let msgspec's RecursionError out); it is a
    400 problem, the same bytes through the hot path and the framework, and
    changes nothing."""
    game_id, tokens = await start_game(client, "eclats_des_cites")
    waiting = await create_game(client)
    seat = waiting["seats"][0]["seat"]
    before = await summary(client, game_id)
    to_act = before["to_act"][0]
    json_type = {"content-type": "application/json"}
    for leaf in ("1", '{"type": "eclats_des_cites.play"}'):
        for depth in (MAX_JSON_DEPTH + 1, 2000, 30_000):  # (under the body limit)
            body = nested(depth, leaf)
            for path, headers in (
                ("/games", {}),
                ("/players", {}),
                (f"/games/{waiting['game_id']}/seats/{seat}", {}),
                (f"/games/{game_id}/commands", auth(tokens[to_act])),
            ):
                r = await client.post(path, content=body, headers={**json_type, **headers})
                problem = assert_problem(r, 400, "invalid_request")
                assert problem["detail"] == TOO_DEEP, problem
        # A command: the hot path's answer is the framework's, byte for byte.
        path = f"/games/{game_id}/commands"
        headers = {**json_type, **auth(tokens[to_act])}
        fast = await client.post(path, content=nested(2000, leaf), headers=headers)
        with framework_only(client):
            slow = await client.post(path, content=nested(2000, leaf), headers=headers)
        assert (fast.status_code, fast.content) == (slow.status_code, slow.content)
        assert {k: v for k, v in fast.headers.items() if k != "x-request-id"} == {
            k: v for k, v in slow.headers.items() if k != "x-request-id"
        }
    assert (await summary(client, game_id))["version"] == before["version"]
    assert not (await summary(client, waiting["game_id"]))["seats"][0]["claimed"]


def test_bodies_decode_strictly_through_one_decoder_per_type() -> None:
    """``strict_body`` and ``parse_command`` decode with a decoder made once per type
    (``decoder``), as strictly as before: ``0`` is no ``false``, an unknown field or
    a command of another game is refused; a well-formed one decodes."""
    from domain import RULESETS
    from service.games.bodies import parse_command, strict_body
    from service.games.codecs import decoder
    from service.games.exceptions import Unprocessable
    from service.games.schemas import ClaimSeat

    arkantis = RULESETS["arkantis"]
    assert decoder(arkantis.Command) is decoder(arkantis.Command)
    command = parse_command(arkantis, b'{"type": "arkantis.remove_token", "cell": "r1c4"}')
    assert type(command).__struct_config__.tag == "arkantis.remove_token"
    assert parse_command(arkantis, b'{"type":"arkantis.end_turn"}') is not None
    with pytest.raises(InvalidRequest):
        parse_command(arkantis, b'{"type": "arkantis.remove_token", "cell": "r1c4", "x": 1}')
    with pytest.raises(Unprocessable):
        parse_command(arkantis, b'{"type": "eclats_des_cites.take_card"}')
    with pytest.raises(InvalidRequest):
        strict_body(b'{"player_name": 0}', ClaimSeat)
    assert strict_body(b'{"player_name": "Ann"}', ClaimSeat).player_name == "Ann"


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.integers(min_value=0, max_value=10**20).map(lambda v: f'"{v}"'),
        st.text(alphabet='0123456789"W/,. *a\u0663', max_size=12),
        st.text(max_size=8).map(lambda t: f'"{t}"'),
    )
)
def test_if_match_reads_one_strong_tag_as_any_list_of_tags(field: str) -> None:
    """The usual ``If-Match`` (one strong tag, read without the general parser)
    means what it means in a list: the same field with a weak tag after it (which
    matches nothing) names the same versions, or both are refused."""

    def read(value: str) -> Any:
        try:
            return parse_if_match(value)
        except InvalidRequest:
            return "400"

    alone, listed = read(field), read(f'{field}, W/"0"')
    if alone is None:  # "*" (or nothing): any version; not a list
        return
    assert listed == alone
