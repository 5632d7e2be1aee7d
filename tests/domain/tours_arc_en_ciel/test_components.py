"""T39 static data: the components against every number of the spec and the French rules."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.tours_arc_en_ciel import RULESET
from domain.tours_arc_en_ciel.components import (
    BRIDGES,
    BRIDGES_OF,
    CHANCE_CARDS,
    CHANCE_TABLE,
    DRAGONS,
    GAME_CARDS,
    HOUSE_BY_ID,
    HOUSE_DRAGONS,
    HOUSES,
    ISLAND_BY_ID,
    ISLAND_TABLE,
    TOWER_BRIDGES,
    TOWERS,
    ToursChanceCard,
)

# Table 3.2 of the spec, copied row by row (no, id, a, b, kind).
SPEC_BRIDGES = [
    ("diamond_topaz", "diamond", "topaz", "tower"),
    ("diamond_amethyst", "diamond", "amethyst", "tower"),
    ("diamond_jade", "diamond", "jade", "tower"),
    ("diamond_ruby", "diamond", "ruby", "tower"),
    ("diamond_sapphire", "diamond", "sapphire", "tower"),
    ("diamond_emerald", "diamond", "emerald", "tower"),
    ("diamond_onyx", "diamond", "onyx", "tower"),
    ("diamond_opal", "diamond", "opal", "tower"),
    ("topaz_ivory", "topaz", "ivory", "tower"),
    ("topaz_tiger_eye", "topaz", "tiger_eye", "tower"),
    ("topaz_carnelian", "topaz", "carnelian", "fixed bronze"),
    ("topaz_pearl", "topaz", "pearl", "tower"),
    ("amethyst_carnelian", "amethyst", "carnelian", "tower"),
    ("amethyst_pearl", "amethyst", "pearl", "tower"),
    ("amethyst_garnet", "amethyst", "garnet", "fixed moon"),
    ("amethyst_platinum", "amethyst", "platinum", "tower"),
    ("jade_garnet", "jade", "garnet", "tower"),
    ("jade_platinum", "jade", "platinum", "tower"),
    ("jade_peridot", "jade", "peridot", "fixed water"),
    ("jade_aquamarine", "jade", "aquamarine", "tower"),
    ("ruby_peridot", "ruby", "peridot", "tower"),
    ("ruby_aquamarine", "ruby", "aquamarine", "tower"),
    ("ruby_coral", "ruby", "coral", "fixed fire"),
    ("ruby_tourmaline", "ruby", "tourmaline", "tower"),
    ("sapphire_coral", "sapphire", "coral", "tower"),
    ("sapphire_tourmaline", "sapphire", "tourmaline", "tower"),
    ("sapphire_lapis_lazuli", "sapphire", "lapis_lazuli", "fixed air"),
    ("sapphire_silver", "sapphire", "silver", "tower"),
    ("emerald_lapis_lazuli", "emerald", "lapis_lazuli", "tower"),
    ("emerald_silver", "emerald", "silver", "tower"),
    ("emerald_gold", "emerald", "gold", "fixed light"),
    ("emerald_amber", "emerald", "amber", "tower"),
    ("onyx_gold", "onyx", "gold", "tower"),
    ("onyx_amber", "onyx", "amber", "tower"),
    ("onyx_jet", "onyx", "jet", "fixed shadow"),
    ("onyx_turquoise", "onyx", "turquoise", "tower"),
    ("opal_jet", "opal", "jet", "tower"),
    ("opal_turquoise", "opal", "turquoise", "tower"),
    ("opal_ivory", "opal", "ivory", "fixed ice"),
    ("opal_tiger_eye", "opal", "tiger_eye", "tower"),
    ("tiger_eye_carnelian", "tiger_eye", "carnelian", "fixed bronze"),
    ("carnelian_pearl", "carnelian", "pearl", "tower"),
    ("pearl_garnet", "pearl", "garnet", "fixed moon"),
    ("garnet_platinum", "garnet", "platinum", "tower"),
    ("platinum_peridot", "platinum", "peridot", "fixed water"),
    ("peridot_aquamarine", "peridot", "aquamarine", "tower"),
    ("aquamarine_coral", "aquamarine", "coral", "fixed fire"),
    ("coral_tourmaline", "coral", "tourmaline", "tower"),
    ("tourmaline_lapis_lazuli", "tourmaline", "lapis_lazuli", "fixed air"),
    ("lapis_lazuli_silver", "lapis_lazuli", "silver", "tower"),
    ("silver_gold", "silver", "gold", "fixed light"),
    ("gold_amber", "gold", "amber", "tower"),
    ("amber_jet", "amber", "jet", "fixed shadow"),
    ("jet_turquoise", "jet", "turquoise", "tower"),
    ("turquoise_ivory", "turquoise", "ivory", "fixed ice"),
    ("ivory_tiger_eye", "ivory", "tiger_eye", "tower"),
]


def test_t39_static_data_islands() -> None:
    classes = Counter(i.cls for i in ISLAND_TABLE)
    assert (len(ISLAND_TABLE), classes["centre"], classes["medium"], classes["peripheral"]) == (
        25,
        1,
        8,
        16,
    )
    assert {i.cls: i.value for i in ISLAND_TABLE} == {"centre": 20, "medium": 10, "peripheral": 2}
    assert sum(i.value for i in ISLAND_TABLE) == 132
    assert {i.cls: i.bridges for i in ISLAND_TABLE} == {"centre": 8, "medium": 5, "peripheral": 4}
    assert {i.cls: i.threshold for i in ISLAND_TABLE} == {"centre": 4, "medium": 3, "peripheral": 2}
    assert all(i.threshold == -(-i.bridges // 2) for i in ISLAND_TABLE)  # "au moins la moitié"
    assert ISLAND_BY_ID["diamond"].french_name == "Grand Trésor de Diamant"
    for island in ISLAND_TABLE:
        assert len(BRIDGES_OF[island.id]) == island.bridges


def test_t39_static_data_bridges_match_the_spec_table() -> None:
    rows = [
        (b.id, b.a, b.b, b.fixed_house and f"fixed {b.fixed_house}" or "tower") for b in BRIDGES
    ]
    assert rows == SPEC_BRIDGES
    assert [b.no for b in BRIDGES] == list(range(1, 57))
    assert len(TOWER_BRIDGES) == 40 == len(TOWERS)  # 41 Rainbow towers minus the Gold one
    fixed = Counter(b.fixed_house for b in BRIDGES if b.fixed_house)
    assert sum(fixed.values()) == 16 and set(fixed.values()) == {2} and len(fixed) == 8
    assert sum(ISLAND_BY_ID[i].towers for i in ISLAND_BY_ID) == 80 == 2 * 40


def test_t39_static_data_seed_facts() -> None:
    by_id = {b.id: b for b in BRIDGES}
    # Each start island has its House's two fixed bridges; no other island has two.
    for house in HOUSE_BY_ID.values():
        start = house.start_island
        own = [b for b in BRIDGES_OF[start] if b.fixed_house == house.id]
        assert len(own) == 2 and ISLAND_BY_ID[start].start_of == house.id
    for island in ISLAND_TABLE:
        if island.start_of is None:
            assert sum(1 for b in BRIDGES_OF[island.id] if b.fixed_house) <= 1
    # Forêt de Corail: fixed red bridges to Cristal d'Aigue-Marine and Aiguille de Rubis.
    assert (
        by_id["aquamarine_coral"].fixed_house == "fire"
        and by_id["ruby_coral"].fixed_house == "fire"
    )
    assert ISLAND_BY_ID["aquamarine"].threshold - 1 == 1 and ISLAND_BY_ID["ruby"].threshold - 1 == 2
    # Start islands as the French text lists them.
    starts = {"fire": "coral", "water": "peridot", "air": "lapis_lazuli", "ice": "ivory",
              "bronze": "carnelian", "shadow": "jet", "moon": "garnet", "light": "gold"}  # fmt: skip
    assert {h: HOUSE_BY_ID[h].start_island for h in HOUSES} == starts
    # Opposite Houses 8 ring positions apart; Jaune / Pourpre between Rouge and Blanc.
    for house in HOUSE_BY_ID.values():
        assert abs(house.pos - HOUSE_BY_ID[house.opposite].pos) == 8
    for third in ("light", "moon"):
        for h in ("fire", "ice"):
            assert abs(HOUSE_BY_ID[third].pos - HOUSE_BY_ID[h].pos) in (4, 12)
    first = sorted(HOUSES, key=lambda h: HOUSE_BY_ID[h].priority)
    assert first == ["water", "air", "bronze", "light", "fire", "moon", "ice", "shadow"]


def test_t39_static_data_cards_and_dragons() -> None:
    assert len(GAME_CARDS) == 72
    counts = Counter(GAME_CARDS)
    assert counts["diamond"] == 8
    assert {counts[i.id] for i in ISLAND_TABLE if i.cls == "medium"} == {4}
    assert {counts[i.id] for i in ISLAND_TABLE if i.cls == "peripheral"} == {2}
    assert len(DRAGONS) == 144
    for house in HOUSES:
        kinds = Counter((DRAGONS[d].strength, DRAGONS[d].specialty) for d in HOUSE_DRAGONS[house])
        assert len(HOUSE_DRAGONS[house]) == 18 and set(kinds.values()) == {3} and len(kinds) == 6
    assert len(CHANCE_CARDS) == 86
    families = Counter(c.family for c in CHANCE_TABLE for _ in range(c.copies))
    assert families == {"beneficial": 36, "harmful": 36, "neutral": 14}
    assert len(CHANCE_TABLE) == 56
    by_kind: dict[str, ToursChanceCard] = {c.kind: c for c in CHANCE_TABLE}
    assert {by_kind[f"bonus_points_{n}"].amount for n in (2, 5, 10)} == {2, 5, 10}
    assert {by_kind[f"malus_points_{n}"].amount for n in (2, 5, 10)} == {-2, -5, -10}
    assert {by_kind[f"hide_dragons_{n}"].amount for n in (4, 6, 8, 10)} == {4, 6, 8, 10}
    assert all(c.timing == "combat" for c in CHANCE_TABLE if c.kind.startswith("combat_"))


def test_t39_components_are_served() -> None:
    data = msgspec.to_builtins(RULESET.components)
    assert len(data["islands"]) == 25 and len(data["bridges"]) == 56 and data["game_cards"] == 72
    assert data["chance_card_total"] == 86 and data["gold_towers"] == 1 and data["dice_sides"] == 20
    assert (data["donjons_per_house"], data["pearls"], data["marbles"]) == (25, 200, 50)
