"""Static data of Les petits Dragons: colours, cells, edges, pieces, dice, eggs.

Every domain word is named once here (``Colour``, ``CellId``, ``PieceId`` ...)
and used everywhere else. The board is the spec's rebuilt disc (§3): a centre,
one arena cell and 8 branches x 8 heights, whose h0 cells form the outer ring.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

from domain.geometry import GEOMETRY_DOC, Geometry
from domain.petits_dragons.geometry import build_geometry

Colour = Literal["white", "black", "yellow", "red", "skeleton", "green", "brown", "blue"]
"""A dragon people; the index order (§2.1) is the seed's colour sequence."""

COLOURS: tuple[Colour, ...] = get_args(Colour)
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
SEED_NAMES: dict[Colour, str] = dict(
    zip(COLOURS, "blanc noir jaune rouge squelette vert brun bleu".split(), strict=True)
)
"""The colour names of the seed's "suite de couleurs"."""

CellId = Literal[
    "centre",
    "arena",
    "white_h0",
    "white_h1",
    "white_h2",
    "white_h3",
    "white_h4",
    "white_h5",
    "white_h6",
    "white_h7",
    "black_h0",
    "black_h1",
    "black_h2",
    "black_h3",
    "black_h4",
    "black_h5",
    "black_h6",
    "black_h7",
    "yellow_h0",
    "yellow_h1",
    "yellow_h2",
    "yellow_h3",
    "yellow_h4",
    "yellow_h5",
    "yellow_h6",
    "yellow_h7",
    "red_h0",
    "red_h1",
    "red_h2",
    "red_h3",
    "red_h4",
    "red_h5",
    "red_h6",
    "red_h7",
    "skeleton_h0",
    "skeleton_h1",
    "skeleton_h2",
    "skeleton_h3",
    "skeleton_h4",
    "skeleton_h5",
    "skeleton_h6",
    "skeleton_h7",
    "green_h0",
    "green_h1",
    "green_h2",
    "green_h3",
    "green_h4",
    "green_h5",
    "green_h6",
    "green_h7",
    "brown_h0",
    "brown_h1",
    "brown_h2",
    "brown_h3",
    "brown_h4",
    "brown_h5",
    "brown_h6",
    "brown_h7",
    "blue_h0",
    "blue_h1",
    "blue_h2",
    "blue_h3",
    "blue_h4",
    "blue_h5",
    "blue_h6",
    "blue_h7",
]

PieceId = Literal[
    "white_chief",
    "white_pawn_1",
    "white_pawn_2",
    "white_pawn_3",
    "white_pawn_4",
    "white_pawn_5",
    "white_pawn_6",
    "white_pawn_7",
    "white_pawn_8",
    "white_pawn_9",
    "black_chief",
    "black_pawn_1",
    "black_pawn_2",
    "black_pawn_3",
    "black_pawn_4",
    "black_pawn_5",
    "black_pawn_6",
    "black_pawn_7",
    "black_pawn_8",
    "black_pawn_9",
    "yellow_chief",
    "yellow_pawn_1",
    "yellow_pawn_2",
    "yellow_pawn_3",
    "yellow_pawn_4",
    "yellow_pawn_5",
    "yellow_pawn_6",
    "yellow_pawn_7",
    "yellow_pawn_8",
    "yellow_pawn_9",
    "red_chief",
    "red_pawn_1",
    "red_pawn_2",
    "red_pawn_3",
    "red_pawn_4",
    "red_pawn_5",
    "red_pawn_6",
    "red_pawn_7",
    "red_pawn_8",
    "red_pawn_9",
    "skeleton_chief",
    "skeleton_pawn_1",
    "skeleton_pawn_2",
    "skeleton_pawn_3",
    "skeleton_pawn_4",
    "skeleton_pawn_5",
    "skeleton_pawn_6",
    "skeleton_pawn_7",
    "skeleton_pawn_8",
    "skeleton_pawn_9",
    "green_chief",
    "green_pawn_1",
    "green_pawn_2",
    "green_pawn_3",
    "green_pawn_4",
    "green_pawn_5",
    "green_pawn_6",
    "green_pawn_7",
    "green_pawn_8",
    "green_pawn_9",
    "brown_chief",
    "brown_pawn_1",
    "brown_pawn_2",
    "brown_pawn_3",
    "brown_pawn_4",
    "brown_pawn_5",
    "brown_pawn_6",
    "brown_pawn_7",
    "brown_pawn_8",
    "brown_pawn_9",
    "blue_chief",
    "blue_pawn_1",
    "blue_pawn_2",
    "blue_pawn_3",
    "blue_pawn_4",
    "blue_pawn_5",
    "blue_pawn_6",
    "blue_pawn_7",
    "blue_pawn_8",
    "blue_pawn_9",
]

"""A dragon: ``<colour>_chief`` or ``<colour>_pawn_<1..9>`` (§2.2)."""

UnitKind = Literal["pawn", "chief", "stack"]
"""What occupies one cell: a chief, a single pawn, or a stack of two pawns."""
PieceKind = Literal["pawn", "chief"]
Position = Literal["nest", "exit", "board", "home", "out"]
"""Where a piece is: off-board positions (§2.6) or ``board`` (then it has a cell)."""
BranchState = Literal["none", "in", "up", "down", "done"]
"""A unit's use of one branch during the current turn (§3.4)."""
Denomination = Literal[500, 100, 50]
"""A penalty egg's value."""
DieId = Literal["red", "blue"]
"""A movement die a stack may choose."""
DieValue = Annotated[int, msgspec.Meta(ge=1, le=6)]
"""One face of a six-sided die."""
RollOutcome = Literal["plain", "double", "suite"]
RingDirection = Literal["clockwise", "anticlockwise"]
CellKind = Literal["centre", "arena", "ring", "branch"]

CENTRE: CellId = "centre"
ARENA: CellId = "arena"
HEIGHTS = 8
ROUND_LIMIT = 300
"""E3 safeguard (D31): the game ends once round 300 is over."""
BOARD_ID = "petits_dragons_v1"
BANK = "bank"
"""The end of an egg transfer that is not a colour's nest."""

PAWN_NUMBERS = tuple(range(1, 10))
BANK_START: dict[int, int] = {500: 8, 100: 80, 50: 40}
DENOMINATIONS: tuple[Denomination, ...] = (500, 100, 50)
BIRTH_CHIEF_DOUBLES = (5, 6)

COMBAT_BONUS: dict[str, int] = {"pawn": 0, "chief": 6, "stack": 6}
OWN_COLOUR_BONUS = 3
COMBAT_DICE: dict[str, int] = {"pawn": 2, "chief": 2, "stack": 3}
"""Dice rolled in a combat (§10.5): a stack adds the green die."""
ARRIVAL_PENALTY: dict[str, int] = {"pawn": 100, "chief": 500, "stack": 250}
"""The penalty a unit's arrival creates (§7.8); a stack's is its egg target."""
COMBAT_WIN_PENALTY = 50
ARENA_HOLD_PENALTY = 100
NEST_POINTS: dict[str, int] = {"chief": 500, "pawn": 100}
"""What a dragon still in the nest counts at the end (§11.2)."""


def cell_id(branch: Colour, height: int) -> CellId:
    return f"{branch}_h{height}"  # type: ignore[return-value]


def chief_id(colour: Colour) -> PieceId:
    return f"{colour}_chief"  # type: ignore[return-value]


def pawn_id(colour: Colour, number: int) -> PieceId:
    return f"{colour}_pawn_{number}"  # type: ignore[return-value]


# --- derived board facts (computed once, used as constants) ------------------------------

CELLS: tuple[CellId, ...] = (CENTRE, ARENA) + tuple(
    cell_id(b, p) for b in COLOURS for p in range(HEIGHTS)
)
CELL_SET: frozenset[str] = frozenset(CELLS)
CELL_COLOUR: dict[str, Colour | None] = {CENTRE: None, ARENA: None}
CELL_BRANCH: dict[str, Colour | None] = {CENTRE: None, ARENA: None}
"""The branch a cell belongs to for the branch rules: h1..h7 only (h0 is a ring cell)."""
CELL_SECTOR: dict[str, Colour | None] = {CENTRE: None, ARENA: None}
CELL_HEIGHT: dict[str, int | None] = {CENTRE: None, ARENA: None}
RING_CELLS: frozenset[str] = frozenset(cell_id(b, 0) for b in COLOURS)
for _b in COLOURS:
    for _p in range(HEIGHTS):
        _c = cell_id(_b, _p)
        CELL_COLOUR[_c] = COLOURS[(COLOUR_INDEX[_b] + _p) % 8]
        CELL_BRANCH[_c] = _b if _p >= 1 else None
        CELL_SECTOR[_c] = _b
        CELL_HEIGHT[_c] = _p

PIECE_COLOUR: dict[str, Colour] = {}
PIECE_KIND: dict[str, PieceKind] = {}
PAWN_NUMBER: dict[str, int] = {}
"""``<colour>_pawn_<n>`` -> n: pawns hatch, are replaced and stack in this order."""
for _col in COLOURS:
    PIECE_COLOUR[chief_id(_col)] = _col
    PIECE_KIND[chief_id(_col)] = "chief"
    for _n in PAWN_NUMBERS:
        PIECE_COLOUR[pawn_id(_col, _n)] = _col
        PIECE_KIND[pawn_id(_col, _n)] = "pawn"
        PAWN_NUMBER[pawn_id(_col, _n)] = _n

OWN_CELLS: dict[Colour, tuple[CellId, ...]] = {
    c: tuple(x for x in CELLS if CELL_COLOUR[x] == c) for c in COLOURS
}


def _edges() -> tuple[tuple[CellId, CellId], ...]:
    out: list[tuple[CellId, CellId]] = []
    for k, b in enumerate(COLOURS):
        out.append((cell_id(b, 0), cell_id(COLOURS[(k + 1) % 8], 0)))
    for b in COLOURS:
        for p in range(HEIGHTS - 1):
            out.append((cell_id(b, p), cell_id(b, p + 1)))
    for b in COLOURS:
        out.append((cell_id(b, 7), ARENA))
    out.append((ARENA, CENTRE))
    return tuple(out)


EDGES = _edges()
"""The 73 undirected edges E1-E4 (§3.3)."""
NEIGHBOURS: dict[str, tuple[CellId, ...]] = {c: () for c in CELLS}
for _a, _z in EDGES:
    NEIGHBOURS[_a] = NEIGHBOURS[_a] + (_z,)
    NEIGHBOURS[_z] = NEIGHBOURS[_z] + (_a,)
ADJACENT: frozenset[tuple[str, str]] = frozenset(
    {(a, z) for a, z in EDGES} | {(z, a) for a, z in EDGES}
)


def is_clockwise(a: str, z: str) -> bool:
    """For a step between two ring cells: k -> k+1 is clockwise."""
    sa, sz = CELL_SECTOR[a], CELL_SECTOR[z]
    assert sa is not None and sz is not None
    return (COLOUR_INDEX[sa] + 1) % 8 == COLOUR_INDEX[sz]


def distance_to_centre(colour: Colour, position: str) -> int:
    """Steps to land exactly on the centre (§3.5); ``position`` is a cell or ``exit``."""
    if position == "exit":
        return 19
    if position == CENTRE:
        return 0
    if position == ARENA:
        return 1
    branch, height = CELL_SECTOR[position], CELL_HEIGHT[position]
    assert branch is not None and height is not None
    if branch == colour:
        return 10 if height == 0 else height + 10
    return 9 - height


def turn_order(colours: list[Colour] | tuple[Colour, ...]) -> list[Colour]:
    """Clockwise from green (§4): sorted by ``(index - 5) mod 8``."""
    return sorted(colours, key=lambda c: (COLOUR_INDEX[c] - 5) % 8)


# --- the components served to frontends --------------------------------------------------


class PetitsDragonsColourInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One dragon people."""

    id: Colour
    """The colour."""
    index: int
    """Position in the seed's colour sequence (0 = white); sector ``index`` of the disc."""
    seed_name: str
    """The French name in the seed."""
    own_cells: tuple[CellId, ...]
    """The 8 cells of this colour (one per branch and per height): +3 in combat, teleport targets."""
    chief: PieceId
    """Its chief's piece id."""
    pawns: tuple[PieceId, ...]
    """Its pawns' piece ids."""


class PetitsDragonsCellInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One board cell, with what a client needs to draw the disc."""

    id: CellId
    """The cell's id."""
    kind: CellKind
    """The cell's kind."""
    colour: Colour | None
    """None for the centre and the arena."""
    branch: Colour | None
    """The branch (named after its base colour) for h0..h7 cells; None for centre/arena."""
    height: int | None
    """0 (outer ring, the branch's base) .. 7 (tip, next to the arena); None for centre/arena."""
    inner_radius_cm: int
    """The cell's inner radius on the board, in cm."""
    outer_radius_cm: int
    """The cell's outer radius, in cm."""
    start_angle_deg: int
    """Clockwise from 12 o'clock; the centre and arena span 0..360."""
    end_angle_deg: int
    """The angle the cell ends at, in degrees."""
    neighbours: tuple[CellId, ...]
    """The adjacent cells."""


class PetitsDragonsUnitInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The unit kinds table (§2.3)."""

    kind: UnitKind
    """The unit's kind."""
    pawns: int
    """How many pawns it holds."""
    combat_dice: int
    """How many dice it rolls in combat."""
    combat_bonus: int
    """Its combat bonus."""
    free_ring_direction: bool
    """True when it may choose its direction on the ring."""
    may_teleport: bool
    """True when it may teleport."""
    arrival_penalty: int
    """The penalty its arrival creates."""


class PetitsDragonsDieInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One six-sided die."""

    id: Literal["red", "blue", "green"]
    """The die's colour."""
    faces: int
    """Its number of faces."""
    used_for: str
    """What it is rolled for."""


class PetitsDragonsEggInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A denomination of penalty eggs and how many the bank holds at the start."""

    denomination: Denomination
    """The eggs' denomination."""
    count: int
    """How many there are."""


class PetitsDragonsComponents(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Static data for drawing and explaining the game."""

    board_id: str
    """The board's id."""
    colours: tuple[PetitsDragonsColourInfo, ...]
    """The colours and their pieces."""
    cells: tuple[PetitsDragonsCellInfo, ...]
    """The board's cells."""
    edges: tuple[tuple[CellId, CellId], ...]
    """The 73 undirected edges (outer ring, branches, tips-arena, arena-centre)."""
    exit_links: dict[str, tuple[CellId, CellId]]
    """Per colour, the directed first move out of its exit: centre, then its own tip."""
    units: tuple[PetitsDragonsUnitInfo, ...]
    """The unit kinds."""
    dice: tuple[PetitsDragonsDieInfo, ...]
    """The dice."""
    eggs: tuple[PetitsDragonsEggInfo, ...]
    """The eggs."""
    own_colour_bonus: int
    """The combat bonus of a unit fighting on a cell of its own colour (+3)."""
    round_limit: int
    """The safeguard: the game ends after this many rounds."""
    turn_order_from: Colour
    """Green always starts; turns go clockwise."""
    geometry: Annotated[Geometry, msgspec.Meta(description=GEOMETRY_DOC)]
    """Where the picture draws every cell (GET /games/{game_id}/picture.svg): centres and outlines."""


def _cell_info(c: CellId) -> PetitsDragonsCellInfo:
    if c == CENTRE:
        return PetitsDragonsCellInfo(
            id=c,
            kind="centre",
            colour=None,
            branch=None,
            height=None,
            inner_radius_cm=0,
            outer_radius_cm=3,
            start_angle_deg=0,
            end_angle_deg=360,
            neighbours=NEIGHBOURS[c],
        )
    if c == ARENA:
        return PetitsDragonsCellInfo(
            id=c,
            kind="arena",
            colour=None,
            branch=None,
            height=None,
            inner_radius_cm=3,
            outer_radius_cm=6,
            start_angle_deg=0,
            end_angle_deg=360,
            neighbours=NEIGHBOURS[c],
        )
    b, h = CELL_SECTOR[c], CELL_HEIGHT[c]
    assert b is not None and h is not None
    k = COLOUR_INDEX[b]
    return PetitsDragonsCellInfo(
        id=c,
        kind="ring" if h == 0 else "branch",
        colour=CELL_COLOUR[c],
        branch=b,
        height=h,
        inner_radius_cm=27 - 3 * h,
        outer_radius_cm=30 - 3 * h,
        start_angle_deg=45 * k,
        end_angle_deg=45 * (k + 1),
        neighbours=NEIGHBOURS[c],
    )


COMPONENTS = PetitsDragonsComponents(
    board_id=BOARD_ID,
    colours=tuple(
        PetitsDragonsColourInfo(
            id=c,
            index=i,
            seed_name=SEED_NAMES[c],
            own_cells=OWN_CELLS[c],
            chief=chief_id(c),
            pawns=tuple(pawn_id(c, n) for n in PAWN_NUMBERS),
        )
        for i, c in enumerate(COLOURS)
    ),
    cells=tuple(_cell_info(c) for c in CELLS),
    edges=EDGES,
    exit_links={c: (CENTRE, cell_id(c, 7)) for c in COLOURS},
    units=(
        PetitsDragonsUnitInfo(
            kind="pawn",
            pawns=1,
            combat_dice=COMBAT_DICE["pawn"],
            combat_bonus=COMBAT_BONUS["pawn"],
            free_ring_direction=False,
            may_teleport=False,
            arrival_penalty=ARRIVAL_PENALTY["pawn"],
        ),
        PetitsDragonsUnitInfo(
            kind="chief",
            pawns=0,
            combat_dice=COMBAT_DICE["chief"],
            combat_bonus=COMBAT_BONUS["chief"],
            free_ring_direction=True,
            may_teleport=True,
            arrival_penalty=ARRIVAL_PENALTY["chief"],
        ),
        PetitsDragonsUnitInfo(
            kind="stack",
            pawns=2,
            combat_dice=COMBAT_DICE["stack"],
            combat_bonus=COMBAT_BONUS["stack"],
            free_ring_direction=True,
            may_teleport=True,
            arrival_penalty=ARRIVAL_PENALTY["stack"],
        ),
    ),
    dice=(
        PetitsDragonsDieInfo(id="red", faces=6, used_for="movement and combat"),
        PetitsDragonsDieInfo(id="blue", faces=6, used_for="movement and combat"),
        PetitsDragonsDieInfo(id="green", faces=6, used_for="combat, third die of a stack"),
    ),
    eggs=tuple(PetitsDragonsEggInfo(denomination=d, count=BANK_START[d]) for d in DENOMINATIONS),
    own_colour_bonus=OWN_COLOUR_BONUS,
    round_limit=ROUND_LIMIT,
    turn_order_from="green",
    geometry=build_geometry(_cell_info(c) for c in CELLS),
)
