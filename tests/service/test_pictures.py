"""GET /games/{game_id}/picture.svg on both configurations: auth, versions, headers, escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS
from tests.service.helpers import assert_problem, auth, create_game, legal

HOSTILE = "<script>alert('x')</script> \"Eve\" & ]]> <img src=x onerror=1>"
SVG = "{http://www.w3.org/2000/svg}"


def parse(body: str) -> ET.Element:
    root = ET.fromstring(body.encode())
    assert root.tag == f"{SVG}svg"
    return root


async def seated(client: AsyncTestClient[Any], ruleset: str) -> tuple[str, dict[str, str]]:
    game = await create_game(client, ruleset)
    tokens: dict[str, str] = {}
    for i, seat in enumerate(s["seat"] for s in game["seats"]):
        name = HOSTILE if i == 0 else f"P{i}"
        r = await client.post(f"/games/{game['game_id']}/seats/{seat}", json={"player_name": name})
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game["game_id"], tokens


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
async def test_picture_of_every_ruleset(client: AsyncTestClient[Any], ruleset: str) -> None:
    game_id, tokens = await seated(client, ruleset)
    waiting = await create_game(client, ruleset)
    assert_problem(
        await client.get(f"/games/{waiting['game_id']}/picture.svg"), 409, "game_not_active"
    )
    # Play a few commands so that past versions differ from the current one.
    for _ in range(3):
        to_act = (await client.get(f"/games/{game_id}")).json()["to_act"]
        if not to_act:
            break
        command = (await legal(client, game_id, tokens[to_act[0]]))["commands"][0]
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[to_act[0]])
        )
        assert r.status_code == 201, r.text
    version = (await client.get(f"/games/{game_id}")).json()["version"]

    r = await client.get(
        f"/games/{game_id}/picture.svg",
        headers=auth(tokens["seat_0" if "seat_0" in tokens else next(iter(tokens))]),
    )
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["etag"] == f'"{version}"'
    assert r.headers["cache-control"] == "private, no-store"
    root = parse(r.text)
    assert f"version {version}" in "".join(root.itertext())
    # The hostile name is text: no element or attribute came out of it.
    assert HOSTILE in "".join(root.itertext())
    assert "<script" not in r.text and not any(
        e.tag.endswith(("script", "img")) for e in root.iter()
    )
    assert not any(k.startswith("on") for e in root.iter() for k in e.attrib)

    spectator = await client.get(f"/games/{game_id}/picture.svg")
    assert spectator.status_code == 200 and "seen by a spectator" in spectator.text
    past = await client.get(f"/games/{game_id}/picture.svg", params={"version": 1})
    assert past.status_code == 200 and past.headers["etag"] == '"1"'
    assert "version 1 " in "".join(parse(past.text).itertext())
    assert past.text != spectator.text
    again = await client.get(f"/games/{game_id}/picture.svg", params={"version": 1})
    assert again.content == past.content

    assert_problem(
        await client.get(f"/games/{game_id}/picture.svg", params={"version": version + 1}),
        404,
        "not_found",
    )
    assert_problem(
        await client.get(f"/games/{game_id}/picture.svg", params={"version": 0}),
        400,
        "invalid_request",
    )
    assert_problem(await client.get("/games/nope/picture.svg"), 404, "not_found")
    assert_problem(
        await client.get(f"/games/{game_id}/picture.svg", headers=auth("st.x.y")), 403, "forbidden"
    )
    assert_problem(
        await client.get(f"/games/{game_id}/picture.svg", headers={"Authorization": "Basic x"}),
        401,
        "unauthenticated",
    )


async def test_a_picture_shows_only_the_callers_hand(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await seated(client, "arkantis")
    words: dict[str | None, set[str]] = {}
    for seat in (None, "seat_0", "seat_1"):
        headers = auth(tokens[seat]) if seat else {}
        r = await client.get(f"/games/{game_id}/picture.svg", headers=headers)
        assert r.status_code == 200
        words[seat] = {e.attrib.get("id", "") for e in parse(r.text).iter()}
    state = await client.get(f"/games/{game_id}/state", headers=auth(tokens["seat_1"]))
    hand = set(state.json()["view"]["players"][1]["hand"])  # players in seat order
    assert len(hand) == 3
    assert hand <= words["seat_1"]
    assert not hand & words["seat_0"] and not hand & words[None]
