"""The contract as tools that have never met it read it (issue 29, finding 14).

A validating proxy (Prism), client generators (hey-api, orval,
openapi-zod-client) and openapi-core each found the document saying less than
the service does, or otherwise: a body declared required that the service
does without, headers sent but not declared, a 401 without its challenge, a
raw U+0000 in a pattern, ``null`` offered as a query value, 405s promising
that ``OPTIONS`` answers 200, a ``seed`` refused with nothing said. Each test
here checks the document and the service's answer together, on both
backends (the export and import operations are checked with their own fixes).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from tests.service.helpers import assert_problem, auth, create_game, legal, start_game, summary

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
METHODS = ("get", "put", "post", "delete", "patch")
GENERIC_HEADERS = {
    "content-type",
    "content-length",
    "cache-control",
    "x-request-id",  # declared once, as a component every answer refers to
    "content-security-policy",  # the picture's and the docs' (a browser's rule, no client's)
    "x-content-type-options",
}
"""Headers every HTTP client handles without being told; any other header the
service sends must be in the document, on that operation's answer."""


def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return loaded


def operations() -> dict[str, dict[str, Any]]:
    return {
        op["operationId"]: op
        for item in document()["paths"].values()
        for method, op in item.items()
        if method in METHODS
    }


def undeclared(operation: str, response: Any) -> set[str]:
    """The headers of ``response`` that ``operation``'s answer does not declare."""
    answer = operations()[operation]["responses"][str(response.status_code)]
    declared = {name.lower() for name in answer.get("headers", {})}
    return {h for h in response.headers if h not in GENERIC_HEADERS | declared}


async def test_every_header_sent_is_declared(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client, "eclats_des_cites")
    seat = (await summary(client, game_id))["to_act"][0]
    body = await legal(client, game_id, tokens[seat])
    base = f"/games/{game_id}"
    answers = {
        "getGame": await client.get(base),
        "getState": await client.get(f"{base}/state", headers=auth(tokens[seat])),
        "getLegalCommands": await client.get(f"{base}/legal-commands", headers=auth(tokens[seat])),
        "getPicture": await client.get(f"{base}/picture.svg"),
        "getEvents": await client.get(f"{base}/events"),
        "listGames": await client.get("/games"),
        "createPlayer": await client.post("/players", json={"name": "Ann"}),
        "submitCommand": await client.post(
            f"{base}/commands", json=body["commands"][0], headers=auth(tokens[seat])
        ),
    }
    waiting = await create_game(client)
    answers["claimSeat"] = await client.post(
        f"/games/{waiting['game_id']}/seats/seat_0", json={"player_name": "Bo"}
    )
    for operation, response in answers.items():
        assert response.status_code < 300, (operation, response.text)
        assert undeclared(operation, response) == set(), operation
    assert answers["getPicture"].headers["etag"] == f'"{body["version"]}"'


async def test_every_401_challenges_with_bearer(client: AsyncTestClient[Any]) -> None:
    """RFC 9110 asks ``WWW-Authenticate`` of every 401: a malformed or unknown
    token once got none; the document declares it on each 401."""
    for operation, op in operations().items():
        if "401" in op["responses"]:
            headers = op["responses"]["401"]["headers"]
            assert headers["WWW-Authenticate"]["schema"]["const"] == "Bearer", operation
    game_id, tokens = await start_game(client, "eclats_des_cites")
    waiting = await create_game(client)
    seat = (await summary(client, game_id))["to_act"][0]
    command = (await legal(client, game_id, tokens[seat]))["commands"][0]
    base = f"/games/{game_id}"
    for token in (None, "Basic eA==", "Bearer not-a-token", f"Bearer st.{game_id}.unknown"):
        headers = {} if token is None else {"Authorization": token}
        answers = {
            "getLegalCommands": await client.get(f"{base}/legal-commands", headers=headers),
            "submitCommand": await client.post(f"{base}/commands", json=command, headers=headers),
        }
        if token is not None:  # (without one, these are a spectator's reads)
            answers["getState"] = await client.get(f"{base}/state", headers=headers)
            answers["getPicture"] = await client.get(f"{base}/picture.svg", headers=headers)
            answers["getEvents"] = await client.get(f"{base}/events", headers=headers)
            answers["claimSeat"] = await client.post(
                f"/games/{waiting['game_id']}/seats/seat_0", headers=headers
            )
        for operation, response in answers.items():
            assert_problem(response, 401, "unauthenticated")
            assert response.headers["www-authenticate"] == "Bearer", (operation, token)
            assert undeclared(operation, response) == set(), (operation, token)
    assert (await summary(client, game_id))["to_act"] == [seat]  # nothing was played


async def test_claim_seat_needs_no_body(client: AsyncTestClient[Any]) -> None:
    """The body is declared optional, as the service (and the description) has it."""
    body = operations()["claimSeat"]["requestBody"]
    assert body["required"] is False
    assert body["content"]["application/json"]["schema"]["$ref"].endswith("/ClaimSeat")
    player = (await client.post("/players", json={"name": "Cy"})).json()
    game = await create_game(client)
    r = await client.post(f"/games/{game['game_id']}/seats/seat_0", headers=auth(player["token"]))
    assert r.status_code == 201, r.text
    seats = (await summary(client, game["game_id"]))["seats"]
    assert seats[0]["player_id"] == player["player_id"]


async def test_an_optional_body_sent_must_be_its_object(client: AsyncTestClient[Any]) -> None:
    """A body the document declares optional (``ClaimSeat``, not nullable) may be left
    out, but one sent is that object: JSON ``null`` is 400 and changes nothing, as
    schemathesis' stateful phase found it was not (the seat was claimed)."""
    body = operations()["claimSeat"]["requestBody"]["content"]["application/json"]["schema"]
    assert "nullable" not in body and "anyOf" not in body and "oneOf" not in body
    game = await create_game(client)
    for sent in (b"null", b"[]", b"3"):
        r = await client.post(
            f"/games/{game['game_id']}/seats/seat_0",
            content=sent,
            headers={"Content-Type": "application/json"},
        )
        assert_problem(r, 400, "invalid_request")
    assert all(
        seat["player_name"] is None for seat in (await summary(client, game["game_id"]))["seats"]
    )
    r = await client.post(f"/games/{game['game_id']}/seats/seat_0", json={"player_name": "Di"})
    assert r.status_code == 201, r.text


def test_no_raw_nul_in_the_document() -> None:
    """Patterns write U+0000 as the escape ``\\x00``: a raw U+0000 in the
    document reached generated TypeScript (git and grep took it for binary)."""
    text = DOCUMENT.read_text(encoding="utf-8")
    assert "\x00" not in text

    def strings(node: Any) -> list[str]:
        if isinstance(node, dict):
            return [s for k, v in node.items() for s in (k, *strings(v))]
        if isinstance(node, list):
            return [s for v in node for s in strings(v)]
        return [node] if isinstance(node, str) else []

    found = strings(json.loads(text))
    assert not [s for s in found if "\x00" in s]
    patterns = {
        node["pattern"] for node in _nodes(json.loads(text)) if isinstance(node.get("pattern"), str)
    }
    assert r"^[^\x00]*$" in patterns
    for pattern in patterns:  # each reads as the service checks it
        re.compile(pattern)
    no_nul = re.compile(r"^[^\x00]*$")
    assert no_nul.search("a name") and not no_nul.search("a\x00b")


def _nodes(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(n for v in node.values() for n in _nodes(v))]
    if isinstance(node, list):
        return [n for v in node for n in _nodes(v)]
    return []


async def test_no_parameter_offers_null(client: AsyncTestClient[Any]) -> None:
    """``?status=null`` is the text "null", never "absent": no parameter lists
    ``null`` (it was in the status enum), and the refusal names no Python value."""
    for operation, op in operations().items():
        for param in op.get("parameters", []):
            schema = param["schema"]
            assert None not in schema.get("enum", []), (operation, param["name"])
            assert "null" not in schema.get("type", []), (operation, param["name"])
            assert {"type": "null"} not in schema.get("oneOf", []), (operation, param["name"])
    statuses = next(p for p in operations()["listGames"]["parameters"] if p["name"] == "status")
    assert statuses["schema"]["enum"] == ["waiting", "active", "finished"]
    problem = assert_problem(await client.get("/games?status=null"), 400, "invalid_request")
    assert problem["detail"] == "query parameter 'status' must be one of: waiting, active, finished"
    for status in statuses["schema"]["enum"]:
        assert (await client.get("/games", params={"status": status})).status_code == 200


async def test_options_answers_204_as_every_405_says(client: AsyncTestClient[Any]) -> None:
    game_id, _ = await start_game(client)
    for template, item in document()["paths"].items():
        for method in (m for m in item if m in METHODS):
            description = item[method]["responses"]["405"]["description"]
            assert "`OPTIONS` answers 204" in description, template
        path = template.replace("{game_id}", game_id).replace("{seat}", "seat_0")
        path = path.replace("{player_id}", "p").replace("{ruleset}", "arkantis")
        r = await client.options(path)
        assert r.status_code == 204, (template, r.status_code)
        assert r.headers["allow"]


async def test_a_seed_outside_the_sandbox_is_documented(client: AsyncTestClient[Any]) -> None:
    """A schema-valid ``seed`` is refused (422 ``sandbox_only``) by any server
    not in sandbox mode: the document says so where a client reads it."""
    create = operations()["createGame"]
    assert "`sandbox_only`" in create["responses"]["422"]["description"]
    assert "sandbox_only" in create["description"]
    schemas = document()["components"]["schemas"]
    for name in ("ArkantisNewGame", "EclatsNewGame", "PetitsDragonsNewGame", "ToursNewGame"):
        assert "422 `sandbox_only`" in schemas[name]["properties"]["seed"]["description"]
    assert (await client.get("/health/ready")).json()["sandbox"] is False
    r = await client.post("/games", json={"ruleset": "arkantis", "seed": "any"})
    assert_problem(r, 422, "sandbox_only")
