"""Static data of ArkantiS: domain words, cells, the 17 card types, the 55 cards
and the 80 tournament layouts (spec sections 2, 3 and 5.3).

Everything here is a frozen constant; tests check it against every number the
French rules and the spec give.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterable
from typing import Annotated, Final, Literal

import msgspec

from domain.arkantis.geometry import GEOMETRY
from domain.geometry import GEOMETRY_DOC, Geometry

# --- Domain words -----------------------------------------------------------

Colour = Literal["orange", "emerald"]
"""Colour of a vestige card (and of its pile)."""
ShapeColour = Literal["red", "blue"]
"""Colour of a board shape: red = empty cells, blue = tokens."""
Source = Literal["hidden", "visible"]
"""Where a card is bought from: the top of the face-down pile or the face-up slot."""
Phase = Literal["action", "validation"]
Status = Literal["in_progress", "finished"]
PassReason = Literal["voluntary", "no_legal_action"]
DecidedBy = Literal["score", "laid_value", "laid_count", "leave_position"]
LayoutSource = Literal["random", "tournament", "explicit"]

SeatId = Annotated[
    str, msgspec.Meta(pattern=r"^seat_[0-3]$", description="A seat id, seat_0..seat_3.")
]
CellId = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^r[0-9]c[0-9]$",
        description="A cell id r<row>c<column>, rows 1..7 top to bottom, columns 1..7 left to right.",
    ),
]
ShapeId = Annotated[
    str, msgspec.Meta(pattern=r"^s[0-9]+$", description="A shape id of this turn, s1, s2...")
]
Row = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^[BR]{7}$", description="One board row, column 1 first: B = token, R = empty."
    ),
]

CardType = Literal[
    "set_square", "hammer", "bayonet", "column", "paving",
    "key", "statuette", "boot", "rampart", "trowel", "arch",
    "pickaxe", "bastion", "tiers", "serpent", "tower", "cross",
]  # fmt: skip
"""A card type id: one free tetromino (emerald) or pentomino (orange)."""

CardId = Literal[
    "set_square_1", "set_square_2", "set_square_3", "set_square_4",
    "hammer_1", "hammer_2", "hammer_3", "hammer_4",
    "bayonet_1", "bayonet_2", "bayonet_3", "bayonet_4",
    "column_1", "column_2", "column_3", "column_4",
    "paving_1", "paving_2", "paving_3", "paving_4",
    "key_1", "key_2", "key_3", "statuette_1", "statuette_2", "statuette_3",
    "boot_1", "boot_2", "boot_3", "rampart_1", "rampart_2", "rampart_3",
    "trowel_1", "trowel_2", "trowel_3", "arch_1", "arch_2", "arch_3",
    "pickaxe_1", "pickaxe_2", "pickaxe_3", "bastion_1", "bastion_2", "bastion_3",
    "tiers_1", "tiers_2", "tiers_3", "serpent_1", "serpent_2", "serpent_3",
    "tower_1", "tower_2", "tower_3", "cross_1", "cross_2",
]  # fmt: skip
"""A card id: <type id>_<n>, n = 1..copies."""

COLOURS: Final[tuple[Colour, ...]] = ("orange", "emerald")
SOURCES: Final[tuple[Source, ...]] = ("hidden", "visible")
PRICE: Final[dict[str, int]] = {"orange": 2, "emerald": 1}
"""Purchase value of a card of each colour (also its hand penalty at the end)."""

TOKENS: Final = 42
SESTERCES: Final = 50
START_SESTERCES: Final = 3
DEAL: Final[tuple[Colour, ...]] = ("orange", "orange", "emerald")
REMOVE_TWO_COST: Final = 2
MOVE_COST: Final = 3
MIN_SEATS: Final = 2
MAX_SEATS: Final = 4
TOURNAMENT_COUNT: Final = 80

# --- Cells ------------------------------------------------------------------

SIZE: Final = 7
CELLS: Final[tuple[str, ...]] = tuple(
    f"r{r}c{c}" for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)
)
"""The 49 cell ids in reading order; the index of a cell is (row-1)*7 + (column-1)."""
CELL_INDEX: Final[dict[str, int]] = {cell: i for i, cell in enumerate(CELLS)}
MIDDLE_ROW: Final = 4
"""Phase 2 moves the empty cell of this row (spec 5.2)."""
BASE_ROW: Final = 7
"""Phase 2 counts full cells from this row up (spec 5.2)."""
SEAT_PREFIX: Final = "seat_"
"""Seats are ``seat_0`` .. ``seat_<n-1>``; the number is the seat index."""


def cell_id(row: int, column: int) -> str:
    return f"r{row}c{column}"


def adjacent(a: str, b: str) -> bool:
    """True when two cells share a side."""
    ia, ib = CELL_INDEX[a], CELL_INDEX[b]
    ra, ca = divmod(ia, SIZE)
    rb, cb = divmod(ib, SIZE)
    return abs(ra - rb) + abs(ca - cb) == 1


EDGES: Final[tuple[tuple[str, str], ...]] = tuple(
    (a, b) for a, b in itertools.combinations(CELLS, 2) if adjacent(a, b)
)
"""The 84 side-sharing pairs of cells, each in reading order."""

# --- Polyominoes ------------------------------------------------------------

Key = tuple[tuple[int, int], ...]

MAPS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-c, -r),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
)


def normalise(cells: Iterable[tuple[int, int]]) -> Key:
    """Translate a set of (row, column) pairs to the origin and sort it."""
    pts = list(cells)
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    return tuple(sorted((r - r0, c - c0) for r, c in pts))


def orientations(cells: Iterable[tuple[int, int]]) -> set[Key]:
    """The distinct fixed shapes (rotations and reflections) of a set of cells."""
    pts = list(cells)
    return {normalise(m(r, c) for r, c in pts) for m in MAPS}


def canonical_key(cells: Iterable[tuple[int, int]]) -> Key:
    """The canonical key of spec 3.5: the smallest normalised image under the 8 maps."""
    pts = list(cells)
    return min(normalise(m(r, c) for r, c in pts) for m in MAPS)


def parse_drawing(drawing: str) -> Key:
    """Cells of a base drawing such as ``.#/.#/##`` (rows separated by ``/``)."""
    return tuple(
        (r, c)
        for r, line in enumerate(drawing.split("/"))
        for c, ch in enumerate(line)
        if ch == "#"
    )


def placements(cells: Iterable[tuple[int, int]], size: int = SIZE) -> int:
    """Number of positions (all rotations and reflections) of a shape on a size x size board."""
    total = 0
    for shape in orientations(cells):
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        total += max(0, size - height + 1) * max(0, size - width + 1)
    return total


class ArkantisCardTypeInfo(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One vestige card type: a free polyomino, with its prices and names."""

    type_id: CardType
    """The card type's id."""
    name_fr: str
    """Its French name."""
    name_en: str
    """Its English name."""
    colour: Colour
    """Its pile's colour."""
    purchase_value: int
    """Price to buy it, and its penalty when left in hand at the end."""
    face_value: int
    """Points it scores when laid."""
    copies: int
    """How many copies there are."""
    polyomino: str
    """The shape it shows."""
    chiral: bool
    """The card shows the shape and its mirror image; either validates it."""
    placements: int
    """Positions the shape can take on the 7x7 board (rationale of the face value only)."""
    drawing: str
    """Base drawing, rows separated by '/', '#' = cell."""
    canonical_key: tuple[tuple[int, int], ...]
    """The shape's cells, normalised, to match board shapes."""


def _type(
    type_id: CardType, name_fr: str, name_en: str, colour: Colour, face: int, copies: int,
    polyomino: str, chiral: bool, places: int, drawing: str,
) -> ArkantisCardTypeInfo:  # fmt: skip
    return ArkantisCardTypeInfo(
        type_id=type_id,
        name_fr=name_fr,
        name_en=name_en,
        colour=colour,
        purchase_value=PRICE[colour],
        face_value=face,
        copies=copies,
        polyomino=polyomino,
        chiral=chiral,
        placements=places,
        drawing=drawing,
        canonical_key=canonical_key(parse_drawing(drawing)),
    )


CARD_TYPES: Final[tuple[ArkantisCardTypeInfo, ...]] = (
    _type(
        "set_square", "Équerre", "set square", "emerald", 2, 4, "L-tetromino", True, 240, ".#/.#/##"
    ),
    _type("hammer", "Marteau", "hammer", "emerald", 3, 4, "T-tetromino", False, 120, "###/.#."),
    _type("bayonet", "Baïonnette", "bayonet", "emerald", 3, 4, "S-tetromino", True, 120, ".##/##."),
    _type("column", "Colonne", "column", "emerald", 4, 4, "I-tetromino", False, 56, "####"),
    _type(
        "paving",
        "Pavé d'ArkantiS",
        "paving stone",
        "emerald",
        4,
        4,
        "O-tetromino",
        False,
        36,
        "##/##",
    ),
    _type("key", "Clé", "key", "orange", 5, 3, "P-pentomino", True, 240, "##/##/#."),
    _type(
        "statuette",
        "Statuette",
        "statuette",
        "orange",
        5,
        3,
        "F-pentomino",
        True,
        200,
        ".##/##./.#.",
    ),
    _type("boot", "Botte", "boot", "orange", 5, 3, "L-pentomino", True, 192, "####/#..."),
    _type("rampart", "Rempart", "rampart", "orange", 5, 3, "N-pentomino", True, 192, "##../.###"),
    _type("trowel", "Truelle", "trowel", "orange", 5, 3, "Y-pentomino", True, 192, ".#../####"),
    _type("arch", "Arche", "arch", "orange", 6, 3, "U-pentomino", False, 120, "#.#/###"),
    _type("pickaxe", "Pioche", "pickaxe", "orange", 6, 3, "T-pentomino", False, 100, "###/.#./.#."),
    _type(
        "bastion", "Bastion", "bastion", "orange", 6, 3, "V-pentomino", False, 100, "#../#../###"
    ),
    _type(
        "tiers",
        "Gradins",
        "tiers (stone steps)",
        "orange",
        6,
        3,
        "W-pentomino",
        False,
        100,
        "#../##./.##",
    ),
    _type("serpent", "Serpent", "serpent", "orange", 6, 3, "Z-pentomino", True, 100, "##./.#./.##"),
    _type("tower", "Tour d'ArkantiS", "tower", "orange", 7, 3, "I-pentomino", False, 42, "#####"),
    _type("cross", "Croix", "cross", "orange", 8, 2, "X-pentomino", False, 25, ".#./###/.#."),
)
CARD_TYPE_BY_ID: Final[dict[str, ArkantisCardTypeInfo]] = {t.type_id: t for t in CARD_TYPES}
TYPE_BY_KEY: Final[dict[Key, CardType]] = {t.canonical_key: t.type_id for t in CARD_TYPES}


class ArkantisCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the 55 vestige cards."""

    card_id: CardId
    """The card's id."""
    card_type: CardType
    """Its type."""
    colour: Colour
    """Its pile's colour."""
    face_value: int
    """The value it scores when laid."""
    purchase_value: int
    """Its price in sesterces."""


CARDS: Final[tuple[ArkantisCard, ...]] = tuple(
    ArkantisCard(
        card_id=f"{t.type_id}_{n}",  # type: ignore[arg-type]
        card_type=t.type_id,
        colour=t.colour,
        face_value=t.face_value,
        purchase_value=t.purchase_value,
    )
    for t in CARD_TYPES
    for n in range(1, t.copies + 1)
)
CARD_BY_ID: Final[dict[str, ArkantisCard]] = {c.card_id: c for c in CARDS}
CARD_IDS_BY_COLOUR: Final[dict[str, tuple[CardId, ...]]] = {
    colour: tuple(c.card_id for c in CARDS if c.colour == colour) for colour in COLOURS
}


# --- Layouts ----------------------------------------------------------------


def is_dispersed(layout: str) -> bool:
    """No two empty cells of consecutive rows touch diagonally (spec 5.1)."""
    cols = [int(ch) for ch in layout]
    return all(abs(cols[i + 1] - cols[i]) != 1 for i in range(len(cols) - 1))


DISPERSED_LAYOUTS: Final[tuple[str, ...]] = tuple(
    "".join(map(str, p))
    for p in itertools.permutations(range(1, 8))
    if is_dispersed("".join(map(str, p)))
)
"""The 646 dispersed Phase-1 layouts, lexicographic order (the uniform random draw's domain)."""


def generate_tournament_layouts(count: int = TOURNAMENT_COUNT) -> tuple[tuple[str, ...], int]:
    """The deterministic generator of spec 5.3: (layouts, last attempt number)."""
    kept: list[str] = []
    attempt = -1
    while len(kept) < count:
        attempt += 1
        digest = hashlib.sha256(f"arkantis-tournament-{attempt}".encode("ascii")).digest()
        perm = [1, 2, 3, 4, 5, 6, 7]
        for i in (6, 5, 4, 3, 2, 1):
            j = digest[6 - i] % (i + 1)
            perm[i], perm[j] = perm[j], perm[i]
        layout = "".join(map(str, perm))
        if is_dispersed(layout) and layout not in kept:
            kept.append(layout)
    return tuple(kept), attempt


TOURNAMENT_LAYOUTS: Final[tuple[str, ...]] = (
    "2536471", "7351624", "4725136", "5147362", "6253714", "6352417", "4736152", "5361427",
    "3614275", "7362415", "4175362", "1572463", "7531462", "3574261", "1637524", "1524736",
    "5713624", "5317462", "5374162", "6135247", "1472536", "6425317", "1527364", "4261573",
    "5314627", "4173625", "1352746", "6241537", "3617425", "5731426", "2573164", "3164275",
    "2614753", "2574613", "5264731", "1462735", "1357246", "5273641", "7146352", "6472513",
    "3571624", "6247315", "7364152", "5246317", "6425137", "7514263", "5247163", "6147352",
    "6241573", "6427513", "6173524", "6471352", "7461352", "5273146", "6374152", "4725316",
    "3647152", "6251374", "6357241", "3574162", "1427536", "3615742", "1462537", "7251463",
    "3527146", "2635147", "7413526", "5271364", "7146253", "4263517", "7536241", "6315742",
    "7253614", "5724631", "2736415", "3751624", "3175246", "6351742", "4152736", "1725364",
)  # fmt: skip
"""Tournament configuration k (1..80) is TOURNAMENT_LAYOUTS[k-1] (spec 5.3, invented, D5)."""


# --- What a frontend needs ----------------------------------------------------


class ArkantisCell(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A board cell and its position."""

    cell_id: str
    """The cell's id."""
    row: int
    """1..7, top to bottom (row 7 is the base, row 4 the middle row)."""
    column: int
    """1..7, left to right."""


class ArkantisComponents(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The static material of ArkantiS."""

    rows: int
    """The board's rows."""
    columns: int
    """The board's columns."""
    cells: tuple[ArkantisCell, ...]
    """The board's cells."""
    edges: tuple[tuple[str, str], ...]
    """Pairs of cells that share a side."""
    tokens: int
    """How many tokens there are."""
    sesterces: int
    """How many sesterces there are."""
    start_sesterces: int
    """The sesterces each seat starts with."""
    deal: tuple[Colour, ...]
    """Colours dealt to each player, in order."""
    prices: dict[str, int]
    """The price of a card by pile colour."""
    remove_two_cost: int
    """The cost of removing two tokens."""
    move_cost: int
    """The cost of moving a token."""
    card_types: tuple[ArkantisCardTypeInfo, ...]
    """The card types."""
    cards: tuple[ArkantisCard, ...]
    """Every card."""
    tournament_layouts: tuple[str, ...]
    """Configuration k is entry k-1: the column (1..7) of the empty cell of rows 1..7."""
    geometry: Annotated[Geometry, msgspec.Meta(description=GEOMETRY_DOC)]
    """Where the picture draws every cell and pile (GET /games/{game_id}/picture.svg)."""


COMPONENTS: Final = ArkantisComponents(
    rows=SIZE,
    columns=SIZE,
    cells=tuple(
        ArkantisCell(cell_id=c, row=i // SIZE + 1, column=i % SIZE + 1) for i, c in enumerate(CELLS)
    ),
    edges=EDGES,
    tokens=TOKENS,
    sesterces=SESTERCES,
    start_sesterces=START_SESTERCES,
    deal=DEAL,
    prices=dict(PRICE),
    remove_two_cost=REMOVE_TWO_COST,
    move_cost=MOVE_COST,
    card_types=CARD_TYPES,
    cards=CARDS,
    tournament_layouts=TOURNAMENT_LAYOUTS,
    geometry=GEOMETRY,
)
