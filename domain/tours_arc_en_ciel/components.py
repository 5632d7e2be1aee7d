"""Static data of Les Tours Arc-en-Ciel: houses, islands, bridges, Dragons, cards.

Everything here is read-only and derived from the spec's tables (sections 2
and 3); ``tests/domain/tours_arc_en_ciel/test_components.py`` checks it
against every number the French rules give.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple, cast, get_args

import msgspec

from domain.geometry import GEOMETRY_DOC, Geometry
from domain.tours_arc_en_ciel.geometry import build_geometry

# --- Domain words -----------------------------------------------------------

HouseId = Literal["bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"]
"""One of the eight Houses (a seat plays exactly one House; seats are named by it)."""

IslandId = Literal[
    "diamond",
    "topaz", "amethyst", "jade", "ruby", "sapphire", "emerald", "onyx", "opal",
    "tiger_eye", "carnelian", "pearl", "garnet", "platinum", "peridot", "aquamarine", "coral",
    "tourmaline", "lapis_lazuli", "silver", "gold", "amber", "jet", "turquoise", "ivory",
]  # fmt: skip
"""An island id; also the id of its game cards."""

TowerId = Literal[
    "diamond_topaz", "diamond_amethyst", "diamond_jade", "diamond_ruby",
    "diamond_sapphire", "diamond_emerald", "diamond_onyx", "diamond_opal",
    "topaz_ivory", "topaz_tiger_eye", "topaz_pearl",
    "amethyst_carnelian", "amethyst_pearl", "amethyst_platinum",
    "jade_garnet", "jade_platinum", "jade_aquamarine",
    "ruby_peridot", "ruby_aquamarine", "ruby_tourmaline",
    "sapphire_coral", "sapphire_tourmaline", "sapphire_silver",
    "emerald_lapis_lazuli", "emerald_silver", "emerald_amber",
    "onyx_gold", "onyx_amber", "onyx_turquoise",
    "opal_jet", "opal_turquoise", "opal_tiger_eye",
    "carnelian_pearl", "garnet_platinum", "peridot_aquamarine", "coral_tourmaline",
    "lapis_lazuli_silver", "gold_amber", "jet_turquoise", "ivory_tiger_eye",
]  # fmt: skip
"""A Rainbow tower, named by the id of the silver bridge that carries it."""

ChanceKind = Literal[
    # beneficial
    "add_defense_3", "add_defense_5", "add_defense_10",
    "remove_enemy_defense_3", "remove_enemy_defense_5",
    "extra_dragon_any", "extra_dragon_blower", "extra_dragon_mason", "extra_dragon_strength_20",
    "remove_enemy_dragon_any", "remove_enemy_dragon_blower", "remove_enemy_dragon_mason",
    "remove_enemy_dragon_strength_20",
    "bonus_points_2", "bonus_points_5", "bonus_points_10",
    "combat_plus_5", "combat_plus_10", "combat_double_strength", "combat_double_die",
    "combat_best_of_two",
    "hide_dragons_4", "hide_dragons_6", "hide_dragons_8", "hide_dragons_10",
    "resurrect_1", "resurrect_2",
    # harmful
    "lose_defense_3", "lose_defense_5", "lose_defense_10",
    "give_enemy_defense_3", "give_enemy_defense_5",
    "lose_dragon_any", "lose_dragon_blower", "lose_dragon_mason", "lose_dragon_strength_15",
    "lose_dragon_strength_20",
    "enemy_dragon_arrives_any", "enemy_dragon_arrives_blower", "enemy_dragon_arrives_mason",
    "enemy_dragon_arrives_strength_20",
    "malus_points_2", "malus_points_5", "malus_points_10",
    "combat_minus_5", "combat_minus_10", "combat_halve_strength", "combat_halve_die",
    "combat_worst_of_two",
    # neutral
    "combat_dice_only", "combat_strength_only", "bridges_needed_plus_1", "bridges_needed_minus_1",
    "combat_even_dice", "combat_odd_dice", "resurrection_for_all",
]  # fmt: skip
"""A chance card kind (its id); copies of a kind are identical."""

Specialty = Literal["blower", "mason"]
"""``blower`` (Souffleur, good right when attacking) or ``mason`` (Maçon, when defending)."""
Strength = Literal[10, 15, 20]
IslandClass = Literal["centre", "medium", "peripheral"]
Family = Literal["beneficial", "harmful", "neutral"]
Timing = Literal["now", "combat", "end"]
Decider = Literal["drawer", "next", "none"]
Condition = Literal["any", "blower", "mason", "strength_15", "strength_20"]
Group = Literal[
    "add_defense", "remove_enemy_defense", "extra_dragon", "remove_enemy_dragon", "points",
    "combat", "hide_dragons", "resurrect", "lose_defense", "give_enemy_defense", "lose_dragon",
    "enemy_dragon_arrives", "bridges_needed", "resurrection_for_all",
]  # fmt: skip

DRAGON_ID_PATTERN = (
    "^(bronze|moon|water|fire|air|light|shadow|ice)_(10|15|20)_(blower|mason)_[1-3]$"
)
DragonId = Annotated[
    str,
    msgspec.Meta(
        pattern=DRAGON_ID_PATTERN,
        description="A Dragon: `{house}_{strength}_{specialty}_{n}`, e.g. `fire_15_mason_2`.",
    ),
]
SeatIndex = Annotated[int, msgspec.Meta(ge=0, le=7, description="A seat index (0..n-1).")]
"""A seat's position in ``houses`` (0-based); the seat id (``domain.kernel.Seat``) is ``houses[i]``."""

FACE_UP_SLOTS = 3
"""Face-up game cards beside the pile (slots 0..2)."""
HAND_SIZE = 3
"""Game cards dealt to each seat at setup."""
ATOMIZE_LIMIT = 2
"""Atomizations a seat may make in a game."""
RING_SIZE = 16
"""Peripheral islands on the ring (positions 1..16)."""
DICE_SIDES = 20
"""Every roll is a d20 (combat, Gold tower roll-off, final tie-break)."""

HOUSES: tuple[HouseId, ...] = get_args(HouseId)
ISLANDS: tuple[IslandId, ...] = get_args(IslandId)
TOWERS: tuple[TowerId, ...] = get_args(TowerId)


# --- Component records ------------------------------------------------------


class ToursHouse(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the eight Houses of Dragons."""

    id: HouseId
    """The House's id."""
    french_name: str
    """The House's name in the French rules."""
    colour: str
    """The House's colour."""
    start_island: IslandId
    """The island the House starts on."""
    pos: int
    """Ring position (1..16) of the start island."""
    opposite: HouseId
    """The House facing it."""
    priority: int
    """Order used to pick the first player (1 = first)."""


class ToursIsland(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the 25 islands."""

    id: IslandId
    """The island's id."""
    french_name: str
    """The island's name in the French rules."""
    cls: IslandClass = msgspec.field(name="island_class")
    """The island's class: `centre`, `medium` or `peripheral` (on the wire
    ``island_class``: a property named ``cls`` broke the client
    openapi-python-client generates, shadowing its classmethod's ``cls``)."""
    ring_pos: int | None
    """Position 1..16 on the peripheral ring (peripherals only)."""
    medium_index: int | None
    """k of M_k (mediums only)."""
    value: int
    """The island's points value."""
    bridges: int
    """How many bridges reach the island."""
    towers: int
    """How many of its bridges carry a tower."""
    threshold: int
    """Bridges needed to own it before any chance modifier (ceil(bridges / 2))."""
    cards: int
    """How many game cards show this island."""
    start_of: HouseId | None
    """The House starting on this island, if any."""


class ToursBridge(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the 56 bridges; tower bridges carry a Rainbow tower named by the bridge id."""

    no: int
    """The bridge's number."""
    id: str
    """The bridge's id."""
    a: IslandId
    """One island it joins."""
    b: IslandId
    """The other island it joins."""
    fixed_house: HouseId | None
    """The House that permanently owns this fixed bridge; null for a tower bridge."""


class ToursDragonKind(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A Dragon class of a House: 3 interchangeable Dragons (n = 1..3) per class."""

    strength: Strength
    """The Dragons' strength."""
    specialty: Specialty
    """The Dragons' specialty."""
    count: int
    """How many Dragons of this kind each House has."""


class ToursChanceCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One chance card kind with its copies and its resolution data (spec 2.9)."""

    kind: ChanceKind
    """The card's kind."""
    family: Family
    """The card's family."""
    copies: int
    """How many copies the chance deck holds."""
    timing: Timing
    """When the card takes effect."""
    decider: Decider
    """Which seat decides on the card."""
    decline: bool
    """True when the card may be declined."""
    group: Group
    """The card's group."""
    amount: int
    """The card's number (defense, points, Dragons to hide or resurrect); 0 if none."""
    condition: Condition
    """Condition on the Dragon for Dragon cards, else ``any``."""


class ToursComponents(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The static data a frontend needs to draw the game."""

    houses: tuple[ToursHouse, ...]
    """The Houses."""
    islands: tuple[ToursIsland, ...]
    """The islands."""
    bridges: tuple[ToursBridge, ...]
    """The bridges."""
    dragon_kinds: tuple[ToursDragonKind, ...]
    """Per House (18 Dragons): 3 of each strength x specialty."""
    chance_cards: tuple[ToursChanceCard, ...]
    """The chance cards, one entry per kind."""
    game_cards: int
    """How many game cards there are."""
    chance_card_total: int
    """How many chance cards there are."""
    gold_towers: int
    """How many Gold towers there are."""
    dice_sides: int
    """The faces of the combat die."""
    donjons_per_house: int
    """Donjons per House (they mark owned islands; not a limited resource)."""
    pearls: int
    """How many pearls there are (+1 tower defense each; not a limit)."""
    marbles: int
    """How many marbles there are (+5 tower defense each; not a limit)."""
    geometry: Annotated[Geometry, msgspec.Meta(description=GEOMETRY_DOC)]
    """Where the picture draws every island, tower and fixed bridge (GET .../picture.svg)."""


_HOUSE_ROWS: tuple[tuple[HouseId, str, str, IslandId, int, HouseId, int], ...] = (
    ("bronze", "Dragon de Bronze", "orange", "carnelian", 2, "air", 3),
    ("moon", "Dragon de la Lune", "purple", "garnet", 4, "light", 6),
    ("water", "Dragon de l'Eau", "green", "peridot", 6, "shadow", 1),
    ("fire", "Dragon du Feu", "red", "coral", 8, "ice", 5),
    ("air", "Dragon de l'Air", "blue", "lapis_lazuli", 10, "bronze", 2),
    ("light", "Dragon de Lumière", "yellow", "gold", 12, "moon", 4),
    ("shadow", "Dragon de l'Ombre", "grey", "jet", 14, "water", 8),
    ("ice", "Dragon de Glace", "white", "ivory", 16, "fire", 7),
)
HOUSE_TABLE: tuple[ToursHouse, ...] = tuple(
    ToursHouse(id=h, french_name=f, colour=c, start_island=s, pos=p, opposite=o, priority=pr)
    for h, f, c, s, p, o, pr in _HOUSE_ROWS
)
HOUSE_BY_ID: dict[str, ToursHouse] = {h.id: h for h in HOUSE_TABLE}
START_ISLAND: dict[str, IslandId] = {h.id: h.start_island for h in HOUSE_TABLE}
AXES: tuple[tuple[HouseId, HouseId], ...] = (
    ("fire", "ice"), ("moon", "light"), ("bronze", "air"), ("water", "shadow"),
)  # fmt: skip
PERPENDICULAR: dict[int, int] = {0: 1, 1: 0, 2: 3, 3: 2}
"""Axis index -> the axis perpendicular to it."""

_FRENCH: dict[str, str] = {
    "diamond": "Grand Trésor de Diamant",
    "topaz": "Forteresse de Topaze",
    "amethyst": "Géode d'Améthyste",
    "jade": "Mer de Jade",
    "ruby": "Aiguille de Rubis",
    "sapphire": "Eclats de Saphirs",
    "emerald": "Rempart d'Emeraude",
    "onyx": "Caverne d'Onyx",
    "opal": "Sanctuaire d'Opale",
    "tiger_eye": "Repaire de l'œil du Tigre",
    "carnelian": "Donjon de Cornaline",
    "pearl": "Rivière de Perles",
    "garnet": "Coupole de Grenat",
    "platinum": "Gisement de Platine",
    "peridot": "Château de Péridot",
    "aquamarine": "Cristal d'Aigue-Marine",
    "coral": "Forêt de Corail",
    "tourmaline": "Pilier de Tourmaline",
    "lapis_lazuli": "Chaîne de Lapis-Lazuli",
    "silver": "Mine d'Argent",
    "gold": "Citadelle d'Or",
    "amber": "Ruines d'Ambre",
    "jet": "Corne de Jais",
    "turquoise": "Trône de Turquoise",
    "ivory": "Temple d'Ivoire",
}

MEDIUMS: tuple[IslandId, ...] = ISLANDS[1:9]
PERIPHERALS: tuple[IslandId, ...] = ISLANDS[9:25]
"""P1..P16, clockwise."""


def _ring(i: int) -> IslandId:
    """P_i with indices taken mod 16 into 1..16."""
    return PERIPHERALS[(i - 1) % RING_SIZE]


def _generate_bridges() -> tuple[ToursBridge, ...]:
    """The 56 bridges by the generating rule of spec 3.1 (table 3.2 order)."""
    start_house = {h.start_island: h.id for h in HOUSE_TABLE}
    rows: list[tuple[IslandId, IslandId, HouseId | None]] = []
    for medium in MEDIUMS:
        rows.append(("diamond", medium, None))
    for k, medium in enumerate(MEDIUMS, start=1):
        for i in (2 * k - 2, 2 * k - 1, 2 * k, 2 * k + 1):
            p = _ring(i)
            rows.append((medium, p, start_house.get(p) if (i - 2 * k) % RING_SIZE == 0 else None))
    for i in range(1, 17):
        a, b = _ring(i), _ring(i + 1)
        fixed = start_house.get(b) if i % 2 == 1 else None
        rows.append((a, b, fixed))
    return tuple(
        ToursBridge(no=no, id=f"{a}_{b}", a=a, b=b, fixed_house=f)
        for no, (a, b, f) in enumerate(rows, start=1)
    )


BRIDGES: tuple[ToursBridge, ...] = _generate_bridges()
TOWER_BRIDGES: tuple[ToursBridge, ...] = tuple(b for b in BRIDGES if b.fixed_house is None)
TOWER_NO: dict[str, int] = {b.id: b.no for b in TOWER_BRIDGES}
TOWER_ENDS: dict[str, tuple[IslandId, IslandId]] = {b.id: (b.a, b.b) for b in TOWER_BRIDGES}
BRIDGES_OF: dict[str, tuple[ToursBridge, ...]] = {
    i: tuple(b for b in BRIDGES if i in (b.a, b.b)) for i in ISLANDS
}
TOWERS_OF: dict[str, tuple[TowerId, ...]] = {
    i: tuple(cast(TowerId, b.id) for b in bridges if b.fixed_house is None)
    for i, bridges in BRIDGES_OF.items()
}
FIXED_OF: dict[str, tuple[HouseId, ...]] = {
    i: tuple(b.fixed_house for b in bridges if b.fixed_house is not None)
    for i, bridges in BRIDGES_OF.items()
}


def _island(i: IslandId) -> ToursIsland:
    idx = ISLANDS.index(i)
    cls: IslandClass = "centre" if idx == 0 else "medium" if idx < 9 else "peripheral"
    n = len(BRIDGES_OF[i])
    return ToursIsland(
        id=i,
        french_name=_FRENCH[i],
        cls=cls,
        ring_pos=idx - 8 if cls == "peripheral" else None,
        medium_index=idx if cls == "medium" else None,
        value={"centre": 20, "medium": 10, "peripheral": 2}[cls],
        bridges=n,
        towers=len(TOWERS_OF[i]),
        threshold=(n + 1) // 2,
        cards={"centre": 8, "medium": 4, "peripheral": 2}[cls],
        start_of=next((h.id for h in HOUSE_TABLE if h.start_island == i), None),
    )


ISLAND_TABLE: tuple[ToursIsland, ...] = tuple(_island(i) for i in ISLANDS)
ISLAND_BY_ID: dict[str, ToursIsland] = {i.id: i for i in ISLAND_TABLE}
GAME_CARDS: tuple[IslandId, ...] = tuple(i.id for i in ISLAND_TABLE for _ in range(i.cards))

# --- Dragons ----------------------------------------------------------------

DRAGON_KINDS: tuple[ToursDragonKind, ...] = tuple(
    ToursDragonKind(strength=s, specialty=sp, count=3)
    for s in (10, 15, 20)
    for sp in ("blower", "mason")
)


class DragonInfo(NamedTuple):
    """Facts of one Dragon id (internal lookup, not part of any message)."""

    house: HouseId
    strength: Strength
    specialty: Specialty
    order: int
    """Position in the House's canonical order (strength, specialty, n)."""
    cls: str
    """``{house}_{strength}_{specialty}``."""


HOUSE_DRAGONS: dict[str, tuple[str, ...]] = {}
DRAGONS: dict[str, DragonInfo] = {}
for _h in HOUSES:
    _ids: list[str] = []
    for _k in DRAGON_KINDS:
        for _n in range(1, _k.count + 1):
            _id = f"{_h}_{_k.strength}_{_k.specialty}_{_n}"
            DRAGONS[_id] = DragonInfo(_h, _k.strength, _k.specialty, len(_ids), _id[:-2])
            _ids.append(_id)
    HOUSE_DRAGONS[_h] = tuple(_ids)

# --- Chance cards -----------------------------------------------------------

_CHANCE_ROWS: tuple[tuple[ChanceKind, int, Timing, Decider, bool, Group, int, Condition], ...] = (
    ("add_defense_3", 3, "now", "drawer", True, "add_defense", 3, "any"),
    ("add_defense_5", 2, "now", "drawer", True, "add_defense", 5, "any"),
    ("add_defense_10", 1, "now", "drawer", True, "add_defense", 10, "any"),
    ("remove_enemy_defense_3", 2, "now", "drawer", True, "remove_enemy_defense", 3, "any"),
    ("remove_enemy_defense_5", 2, "now", "drawer", True, "remove_enemy_defense", 5, "any"),
    ("extra_dragon_any", 2, "now", "drawer", True, "extra_dragon", 0, "any"),
    ("extra_dragon_blower", 1, "now", "drawer", True, "extra_dragon", 0, "blower"),
    ("extra_dragon_mason", 1, "now", "drawer", True, "extra_dragon", 0, "mason"),
    ("extra_dragon_strength_20", 1, "now", "drawer", True, "extra_dragon", 0, "strength_20"),
    ("remove_enemy_dragon_any", 1, "now", "drawer", True, "remove_enemy_dragon", 0, "any"),
    ("remove_enemy_dragon_blower", 1, "now", "drawer", True, "remove_enemy_dragon", 0, "blower"),
    ("remove_enemy_dragon_mason", 1, "now", "drawer", True, "remove_enemy_dragon", 0, "mason"),
    (
        "remove_enemy_dragon_strength_20",
        1,
        "now",
        "drawer",
        True,
        "remove_enemy_dragon",
        0,
        "strength_20",
    ),  # fmt: skip
    ("bonus_points_2", 2, "end", "none", False, "points", 2, "any"),
    ("bonus_points_5", 1, "end", "none", False, "points", 5, "any"),
    ("bonus_points_10", 1, "end", "none", False, "points", 10, "any"),
    ("combat_plus_5", 2, "combat", "none", False, "combat", 5, "any"),
    ("combat_plus_10", 1, "combat", "none", False, "combat", 10, "any"),
    ("combat_double_strength", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_double_die", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_best_of_two", 1, "combat", "none", False, "combat", 0, "any"),
    ("hide_dragons_4", 1, "now", "drawer", False, "hide_dragons", 4, "any"),
    ("hide_dragons_6", 1, "now", "drawer", False, "hide_dragons", 6, "any"),
    ("hide_dragons_8", 1, "now", "drawer", False, "hide_dragons", 8, "any"),
    ("hide_dragons_10", 1, "now", "drawer", False, "hide_dragons", 10, "any"),
    ("resurrect_1", 2, "now", "drawer", False, "resurrect", 1, "any"),
    ("resurrect_2", 1, "now", "drawer", False, "resurrect", 2, "any"),
    ("lose_defense_3", 3, "now", "none", False, "lose_defense", 3, "any"),
    ("lose_defense_5", 3, "now", "none", False, "lose_defense", 5, "any"),
    ("lose_defense_10", 2, "now", "none", False, "lose_defense", 10, "any"),
    ("give_enemy_defense_3", 3, "now", "drawer", False, "give_enemy_defense", 3, "any"),
    ("give_enemy_defense_5", 3, "now", "drawer", False, "give_enemy_defense", 5, "any"),
    ("lose_dragon_any", 2, "now", "drawer", False, "lose_dragon", 0, "any"),
    ("lose_dragon_blower", 1, "now", "drawer", False, "lose_dragon", 0, "blower"),
    ("lose_dragon_mason", 1, "now", "drawer", False, "lose_dragon", 0, "mason"),
    ("lose_dragon_strength_15", 1, "now", "drawer", False, "lose_dragon", 0, "strength_15"),
    ("lose_dragon_strength_20", 1, "now", "drawer", False, "lose_dragon", 0, "strength_20"),
    ("enemy_dragon_arrives_any", 2, "now", "next", True, "enemy_dragon_arrives", 0, "any"),
    ("enemy_dragon_arrives_blower", 1, "now", "next", True, "enemy_dragon_arrives", 0, "blower"),
    ("enemy_dragon_arrives_mason", 1, "now", "next", True, "enemy_dragon_arrives", 0, "mason"),
    (
        "enemy_dragon_arrives_strength_20",
        1,
        "now",
        "next",
        True,
        "enemy_dragon_arrives",
        0,
        "strength_20",
    ),  # fmt: skip
    ("malus_points_2", 2, "end", "none", False, "points", -2, "any"),
    ("malus_points_5", 2, "end", "none", False, "points", -5, "any"),
    ("malus_points_10", 1, "end", "none", False, "points", -10, "any"),
    ("combat_minus_5", 2, "combat", "none", False, "combat", -5, "any"),
    ("combat_minus_10", 1, "combat", "none", False, "combat", -10, "any"),
    ("combat_halve_strength", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_halve_die", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_worst_of_two", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_dice_only", 3, "combat", "none", False, "combat", 0, "any"),
    ("combat_strength_only", 3, "combat", "none", False, "combat", 0, "any"),
    ("bridges_needed_plus_1", 2, "now", "drawer", False, "bridges_needed", 1, "any"),
    ("bridges_needed_minus_1", 2, "now", "drawer", False, "bridges_needed", -1, "any"),
    ("combat_even_dice", 1, "combat", "none", False, "combat", 0, "any"),
    ("combat_odd_dice", 1, "combat", "none", False, "combat", 0, "any"),
    ("resurrection_for_all", 2, "now", "none", False, "resurrection_for_all", 0, "any"),
)


def _family(index: int) -> Family:
    return "beneficial" if index < 27 else "harmful" if index < 49 else "neutral"


CHANCE_TABLE: tuple[ToursChanceCard, ...] = tuple(
    ToursChanceCard(
        kind=k,
        family=_family(i),
        copies=c,
        timing=t,
        decider=d,
        decline=dl,
        group=g,
        amount=a,
        condition=cond,
    )  # fmt: skip
    for i, (k, c, t, d, dl, g, a, cond) in enumerate(_CHANCE_ROWS)
)
CHANCE_BY_KIND: dict[str, ToursChanceCard] = {c.kind: c for c in CHANCE_TABLE}
CHANCE_CARDS: tuple[ChanceKind, ...] = tuple(c.kind for c in CHANCE_TABLE for _ in range(c.copies))

COMPONENTS = ToursComponents(
    houses=HOUSE_TABLE,
    islands=ISLAND_TABLE,
    bridges=BRIDGES,
    dragon_kinds=DRAGON_KINDS,
    chance_cards=CHANCE_TABLE,
    game_cards=len(GAME_CARDS),
    chance_card_total=len(CHANCE_CARDS),
    gold_towers=1,
    dice_sides=DICE_SIDES,
    donjons_per_house=25,
    pearls=200,
    marbles=50,
    geometry=build_geometry(ISLAND_TABLE, BRIDGES),
)
