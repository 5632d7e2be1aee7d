"""Static data checked against every number of the French rules and of the spec."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import get_args

import msgspec

from domain.arkantis import RULESET
from domain.arkantis.components import (
    CARD_TYPES,
    CARDS,
    CELL_INDEX,
    CELLS,
    DISPERSED_LAYOUTS,
    EDGES,
    TOURNAMENT_LAYOUTS,
    CardId,
    CardType,
    adjacent,
    canonical_key,
    is_dispersed,
    normalise,
    parse_drawing,
    placements,
)
from domain.arkantis.shapes import NEIGH, card_type_of_mask, mask_of, rows_to_mask
from tests.domain.arkantis.helpers import BOARDS

SPEC_KEYS = {
    "set_square": "(0,0) (0,1) (0,2) (1,0)",
    "hammer": "(0,0) (0,1) (0,2) (1,1)",
    "bayonet": "(0,0) (0,1) (1,1) (1,2)",
    "column": "(0,0) (0,1) (0,2) (0,3)",
    "paving": "(0,0) (0,1) (1,0) (1,1)",
    "key": "(0,0) (0,1) (0,2) (1,0) (1,1)",
    "statuette": "(0,0) (0,1) (1,1) (1,2) (2,1)",
    "boot": "(0,0) (0,1) (0,2) (0,3) (1,0)",
    "rampart": "(0,0) (0,1) (0,2) (1,2) (1,3)",
    "trowel": "(0,0) (0,1) (0,2) (0,3) (1,1)",
    "arch": "(0,0) (0,1) (0,2) (1,0) (1,2)",
    "pickaxe": "(0,0) (0,1) (0,2) (1,1) (2,1)",
    "bastion": "(0,0) (0,1) (0,2) (1,0) (2,0)",
    "tiers": "(0,0) (0,1) (1,1) (1,2) (2,2)",
    "serpent": "(0,0) (0,1) (1,1) (2,1) (2,2)",
    "tower": "(0,0) (0,1) (0,2) (0,3) (0,4)",
    "cross": "(0,1) (1,0) (1,1) (1,2) (2,1)",
}
SPEC_TABLE = {  # type id: (colour, purchase, face, copies, chiral, placements)
    "set_square": ("emerald", 1, 2, 4, True, 240), "hammer": ("emerald", 1, 3, 4, False, 120),
    "bayonet": ("emerald", 1, 3, 4, True, 120), "column": ("emerald", 1, 4, 4, False, 56),
    "paving": ("emerald", 1, 4, 4, False, 36), "key": ("orange", 2, 5, 3, True, 240),
    "statuette": ("orange", 2, 5, 3, True, 200), "boot": ("orange", 2, 5, 3, True, 192),
    "rampart": ("orange", 2, 5, 3, True, 192), "trowel": ("orange", 2, 5, 3, True, 192),
    "arch": ("orange", 2, 6, 3, False, 120), "pickaxe": ("orange", 2, 6, 3, False, 100),
    "bastion": ("orange", 2, 6, 3, False, 100), "tiers": ("orange", 2, 6, 3, False, 100),
    "serpent": ("orange", 2, 6, 3, True, 100), "tower": ("orange", 2, 7, 3, False, 42),
    "cross": ("orange", 2, 8, 2, False, 25),
}  # fmt: skip


def free_polyominoes(size: int) -> set[tuple[tuple[int, int], ...]]:
    shapes: set[tuple[tuple[int, int], ...]] = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for r, c in shape:
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    cell = (r + dr, c + dc)
                    if cell not in shape:
                        grown.add(canonical_key((*shape, cell)))
        shapes = grown
    return shapes


def test_seed_material_counts() -> None:
    c = RULESET.components
    assert len(c.cells) == 49 == c.rows * c.columns  # "1 plateau de 49 cases"
    assert c.tokens == 42  # "42 jetons bleus"
    assert c.sesterces == 50  # "50 petits pions"
    assert len(c.cards) == 55  # "55 cartes vestiges"
    assert c.start_sesterces == 3 and Counter(c.deal) == {
        "orange": 2,
        "emerald": 1,
    }  # 3 pions, 2 oranges, 1 émeraude
    assert c.prices == {"emerald": 1, "orange": 2}  # 1 pion émeraude, 2 pions orange
    assert (c.remove_two_cost, c.move_cost) == (2, 3)  # 2 jetons: 2 sesterces; déplacer: 3
    msgspec.json.encode(c)


def test_cells_and_edges() -> None:
    assert CELLS[0] == "r1c1" and CELLS[-1] == "r7c7" and len(set(CELLS)) == 49
    assert len(EDGES) == 84
    degree = Counter(bin(NEIGH[i]).count("1") for i in range(49))
    assert degree == {2: 4, 3: 20, 4: 25}
    # Every edge joins side neighbours, in reading order, and every adjacency is an edge.
    assert all(CELL_INDEX[a] < CELL_INDEX[b] and adjacent(a, b) for a, b in EDGES)
    assert {(CELL_INDEX[a], CELL_INDEX[b]) for a, b in EDGES} == {
        (i, j) for i in range(49) for j in range(i + 1, 49) if NEIGH[i] >> j & 1
    }
    assert RULESET.components.edges == EDGES
    assert [(c.row, c.column) for c in RULESET.components.cells[:8]] == [
        (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (2, 1),
    ]  # fmt: skip


def test_cards() -> None:
    ids = [c.card_id for c in CARDS]
    assert ids == list(get_args(CardId)) and len(set(ids)) == 55
    assert [t.type_id for t in CARD_TYPES] == list(get_args(CardType))
    assert Counter(c.colour for c in CARDS) == {"emerald": 20, "orange": 35}
    for t in CARD_TYPES:
        colour, price, face, copies, chiral, places = SPEC_TABLE[t.type_id]
        assert (t.colour, t.purchase_value, t.face_value, t.copies, t.chiral, t.placements) == (
            colour, price, face, copies, chiral, places,
        )  # fmt: skip
        assert placements(parse_drawing(t.drawing)) == places
        assert sum(1 for c in CARDS if c.card_type == t.type_id) == copies
        assert t.face_value > t.purchase_value
        # Chiral: the mirror image is a different fixed shape up to rotation.
        cells = parse_drawing(t.drawing)
        mirror = [(r, -c) for r, c in cells]
        rotations = {normalise(m(r, c) for r, c in cells) for m in _rotations()}
        assert (normalise(mirror) not in rotations) == t.chiral
    assert max(t.face_value for t in CARD_TYPES if t.colour == "emerald") < min(
        t.face_value for t in CARD_TYPES if t.colour == "orange"
    )


def _rotations() -> list:  # type: ignore[type-arg]
    from domain.arkantis.components import MAPS

    return list(MAPS[:4])


def test_canonical_keys_are_the_spec_keys_and_every_free_polyomino() -> None:
    for t in CARD_TYPES:
        spec = tuple(
            tuple(int(x) for x in p.strip("()").split(",")) for p in SPEC_KEYS[t.type_id].split()
        )
        assert t.canonical_key == spec, t.type_id
    keys = {t.canonical_key for t in CARD_TYPES}
    assert len(keys) == 17
    assert {k for k in keys if len(k) == 4} == free_polyominoes(4) and len(free_polyominoes(4)) == 5
    assert {k for k in keys if len(k) == 5} == free_polyominoes(5) and len(
        free_polyominoes(5)
    ) == 12
    assert {t.type_id for t in CARD_TYPES if len(t.canonical_key) == 4} == {
        t.type_id for t in CARD_TYPES if t.colour == "emerald"
    }


def test_every_placement_of_every_shape_matches_its_card() -> None:
    for t in CARD_TYPES:
        cells = parse_drawing(t.drawing)
        for m in _rotations():
            for mirror in (False, True):
                shape = normalise((r, -c) if mirror else (r, c) for r, c in (m(*p) for p in cells))
                mask = mask_of(tuple(f"r{r + 2}c{c + 2}" for r, c in shape))
                assert card_type_of_mask(mask) == t.type_id


def test_layouts() -> None:
    perms = ["".join(map(str, p)) for p in itertools.permutations(range(1, 8))]
    assert len(perms) == 5040
    assert len(DISPERSED_LAYOUTS) == 646 == sum(1 for p in perms if is_dispersed(p))
    assert len(TOURNAMENT_LAYOUTS) == 80 == len(set(TOURNAMENT_LAYOUTS))
    assert all(is_dispersed(layout) for layout in TOURNAMENT_LAYOUTS)
    assert all(sorted(layout) == list("1234567") for layout in TOURNAMENT_LAYOUTS)


def test_spec_boards_are_drawn_as_stated() -> None:
    counts = {"A": 42, "B": 40, "C": 41, "D": 40, "E": 37, "G": 3, "H": 40, "X": 4, "Y": 4}
    for name, tokens in counts.items():
        assert bin(rows_to_mask(BOARDS[name])).count("1") == tokens, name
