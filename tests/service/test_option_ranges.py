"""The seat count of every ruleset: its range is in the schema, and a value out of
it answers the same way in every ruleset: 422 with the spec's own code.

(ArkantiS ``player_count: 5`` was 422 ``invalid_player_count`` while Éclats
``seat_count: 6`` was 400 ``invalid_request``: a decoding error, because only
Éclats enforced its range in the decoder.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS
from tests.service.helpers import assert_problem

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"

HOUSES = ["fire", "ice", "light", "shadow", "air", "water", "moon", "bronze", "fire"]
COLOURS = ["green", "black", "red", "blue", "white", "yellow", "brown", "skeleton", "green"]


def seat_options(name: str, n: int) -> dict[str, Any]:
    """The options of a game of ``name`` with ``n`` seats (else default)."""
    if name == "arkantis":
        return {"player_count": n}
    if name == "eclats_des_cites":
        return {"seat_count": n}
    if name == "petits_dragons":
        return {"seats": [[c] for c in COLOURS[:n]]}
    return {"houses": HOUSES[:n]}


SEAT_FIELD = {
    "arkantis": "player_count",
    "eclats_des_cites": "seat_count",
    "petits_dragons": "seats",
    "tours_arc_en_ciel": "houses",
}
SPEC_CODE = {  # docs/rules/<game>.md: the create_game code of a wrong seat count
    "arkantis": "invalid_player_count",
    "eclats_des_cites": "invalid_options",
    "petits_dragons": "invalid_player_count",
    "tours_arc_en_ciel": "invalid_seat_count",
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_schema_states_each_seat_count_range(name: str) -> None:
    rs = RULESETS[name]
    schemas = json.loads(DOCUMENT.read_text(encoding="utf-8"))["components"]["schemas"]
    field = schemas[rs.Options.__name__]["properties"][SEAT_FIELD[name]]
    low, high = ("minimum", "maximum") if field["type"] == "integer" else ("minItems", "maxItems")
    assert (field[low], field[high]) == (rs.min_seats, rs.max_seats)


@pytest.mark.parametrize("name", sorted(RULESETS))
async def test_an_out_of_range_seat_count_answers_422_with_the_spec_code(
    client: AsyncTestClient[Any], name: str
) -> None:
    rs = RULESETS[name]
    for n in (rs.min_seats - 1, rs.max_seats + 1):
        body = {"ruleset": name, "options": seat_options(name, n)}
        assert_problem(await client.post("/games", json=body), 422, SPEC_CODE[name])
    for n in (rs.min_seats, rs.max_seats):
        body = {"ruleset": name, "options": seat_options(name, n)}
        answer = await client.post("/games", json=body)
        assert answer.status_code == 201, answer.text
        assert len(answer.json()["seats"]) == n
