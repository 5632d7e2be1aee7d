"""The static data against every number of the seed and the spec (§2, §3)."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.petits_dragons import RULESET
from domain.petits_dragons.components import (
    ADJACENT,
    BANK_START,
    CELL_COLOUR,
    CELLS,
    COLOURS,
    COMPONENTS,
    EDGES,
    NEIGHBOURS,
    OWN_CELLS,
    PIECE_COLOUR,
    distance_to_centre,
    turn_order,
)


def test_eight_colours_in_the_seed_order() -> None:
    assert COLOURS == ("white", "black", "yellow", "red", "skeleton", "green", "brown", "blue")
    names = [c.seed_name for c in COMPONENTS.colours]
    assert names == ["blanc", "noir", "jaune", "rouge", "squelette", "vert", "brun", "bleu"]


def test_a_people_is_one_chief_and_nine_pawns() -> None:
    assert len(PIECE_COLOUR) == 80
    assert Counter(PIECE_COLOUR.values()) == dict.fromkeys(COLOURS, 10)
    for info in COMPONENTS.colours:
        assert info.chief == f"{info.id}_chief" and len(info.pawns) == 9


def test_three_dice_and_the_bank() -> None:
    assert [(d.id, d.faces) for d in COMPONENTS.dice] == [("red", 6), ("blue", 6), ("green", 6)]
    assert BANK_START == {500: 8, 100: 80, 50: 40}
    assert sum(d * n for d, n in BANK_START.items()) == 14_000
    assert [(e.denomination, e.count) for e in COMPONENTS.eggs] == [(500, 8), (100, 80), (50, 40)]


def test_unit_table() -> None:
    units = {u.kind: u for u in COMPONENTS.units}
    assert (units["pawn"].combat_dice, units["pawn"].combat_bonus) == (2, 0)
    assert (units["chief"].combat_dice, units["chief"].combat_bonus) == (2, 6)
    assert (units["stack"].combat_dice, units["stack"].combat_bonus) == (3, 6)
    assert [units[k].arrival_penalty for k in ("chief", "pawn", "stack")] == [500, 100, 250]
    assert not units["pawn"].may_teleport and units["chief"].may_teleport
    assert COMPONENTS.own_colour_bonus == 3 and COMPONENTS.round_limit == 300


def test_66_cells_and_73_edges() -> None:
    assert len(CELLS) == len(set(CELLS)) == 66
    assert len(EDGES) == 73 and len({frozenset(e) for e in EDGES}) == 73
    kinds = Counter(c.kind for c in COMPONENTS.cells)
    assert kinds == {"centre": 1, "arena": 1, "ring": 8, "branch": 56}


def test_degrees() -> None:
    for c in CELLS:
        degree = len(NEIGHBOURS[c])
        if c == "centre":
            assert degree == 1
        elif c == "arena":
            assert degree == 9
        elif c.endswith("_h0"):
            assert degree == 3
        else:
            assert degree == 2, c
    assert ("centre", "white_h7") not in ADJACENT and ("arena", "white_h0") not in ADJACENT
    assert ("white_h3", "black_h3") not in ADJACENT


def test_outer_ring_is_an_8_cycle_in_colour_order() -> None:
    ring = [f"{c}_h0" for c in COLOURS]
    for k in range(8):
        assert (ring[k], ring[(k + 1) % 8]) in ADJACENT
    assert [CELL_COLOUR[c] for c in ring] == list(COLOURS)


def test_latin_square_every_colour_once_per_branch_and_height() -> None:
    for colour, cells in OWN_CELLS.items():
        assert len(cells) == 8
        assert {c.rsplit("_", 1)[0] for c in cells} == set(COLOURS)
        assert {c.rsplit("_", 1)[1] for c in cells} == {f"h{p}" for p in range(8)}
        assert f"{colour}_h0" in cells
    assert CELL_COLOUR["centre"] is None and CELL_COLOUR["arena"] is None


def test_white_rises_one_notch_per_branch_anticlockwise() -> None:
    branches = ["white", "blue", "brown", "green", "skeleton", "red", "yellow", "black"]
    for height, branch in enumerate(branches):
        assert CELL_COLOUR[f"{branch}_h{height}"] == "white"


def test_every_branch_reads_the_colour_order_upwards() -> None:
    for b in COLOURS:
        seq = [CELL_COLOUR[f"{b}_h{p}"] for p in range(8)]
        start = COLOURS.index(b)
        assert seq == [COLOURS[(start + p) % 8] for p in range(8)]


def test_cell_geometry_for_drawing() -> None:
    cells = {c.id: c for c in COMPONENTS.cells}
    assert (cells["centre"].inner_radius_cm, cells["centre"].outer_radius_cm) == (0, 3)
    assert (cells["arena"].inner_radius_cm, cells["arena"].outer_radius_cm) == (3, 6)
    assert (cells["red_h0"].inner_radius_cm, cells["red_h0"].outer_radius_cm) == (27, 30)
    assert (cells["red_h7"].inner_radius_cm, cells["red_h7"].outer_radius_cm) == (6, 9)
    assert (cells["red_h3"].start_angle_deg, cells["red_h3"].end_angle_deg) == (135, 180)
    assert COMPONENTS.exit_links["green"] == ("centre", "green_h7")


def test_distances_to_the_centre() -> None:
    assert distance_to_centre("white", "arena") == 1
    assert [distance_to_centre("white", f"red_h{p}") for p in range(7, -1, -1)] == list(
        range(2, 10)
    )
    assert distance_to_centre("white", "white_h0") == 10
    assert distance_to_centre("white", "white_h4") == 14
    assert distance_to_centre("white", "exit") == 19


def test_turn_order_is_clockwise_from_green() -> None:
    assert turn_order(list(COLOURS)) == [
        "green",
        "brown",
        "blue",
        "white",
        "black",
        "yellow",
        "red",
        "skeleton",
    ]


def test_components_are_served_as_json() -> None:
    data = msgspec.json.decode(msgspec.json.encode(RULESET.components))
    assert len(data["cells"]) == 66 and len(data["edges"]) == 73
    assert msgspec.convert(data, RULESET.Components) == RULESET.components


def test_t01_board_colours() -> None:
    assert CELL_COLOUR["white_h0"] == "white"
    assert CELL_COLOUR["blue_h1"] == "white"
    assert CELL_COLOUR["black_h7"] == "white"
    assert CELL_COLOUR["green_h3"] == "white"
    assert CELL_COLOUR["brown_h7"] == "green"
    assert set(OWN_CELLS["green"]) == {
        "white_h5",
        "black_h4",
        "yellow_h3",
        "red_h2",
        "skeleton_h1",
        "green_h0",
        "brown_h7",
        "blue_h6",
    }
    assert len(CELLS) == 66
    assert len(EDGES) == 73
    assert len(NEIGHBOURS["arena"]) == 9
