"""Static data of Éclats des Cités: the 18 card kinds, stages, wonders, upgrades.

Every number here comes from the spec (``docs/rules/eclats_des_cites.md``,
section 2); the ones the French seed gives (18 kinds, 60 central cards, 25 per
border pile, 110 cards at 2 players and 185 at 5, 7 upgrades, 3 conflict
markers, complete wonders worth 21 to 27) are checked by the tests.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.eclats_des_cites.geometry import GEOMETRY
from domain.geometry import GEOMETRY_DOC, Geometry
from domain.kernel import Seat

# --- Domain words -----------------------------------------------------------

CardId = Literal[
    "bois",
    "pierre",
    "metal",
    "cristal",
    "energie",
    "caravane",
    "comptoir",
    "prisme_de_seve",
    "jardin_des_brumes",
    "archives_des_echos",
    "bastion",
    "heraut",
    "sentinelle",
    "roue",
    "spirale",
    "tablette",
    "boussole",
    "belvedere",
]
"""A card kind id (copies of a kind are identical, D27)."""

Family = Literal["resource", "joker", "culture", "protection", "science", "exploration"]
Material = Literal["bois", "pierre", "metal", "cristal"]
Pattern = Literal["different", "identical"]
WonderId = Literal["observatoire", "sanctuaire", "colosse", "pyramide_des_aurores", "palais"]
UpgradeId = Literal[
    "commerce", "exploration", "technologie", "protection", "bonus", "multiplicateur", "progres"
]
PileId = Literal["central", "border_0", "border_1", "border_2", "border_3", "border_4"]
SeatIndex = Annotated[
    int, msgspec.Meta(ge=0, le=4, description="A seat index (API seat `seat_<index>`).")
]
"""A seat's position in seat order (0-based): what events, state and views hold.
The seat id (``domain.kernel.Seat``) of seat index ``i`` is ``seat_<i>``."""
StageNumber = Annotated[int, msgspec.Meta(ge=1, le=5, description="A wonder stage, 1 to 5.")]

GrantSource = Literal["commerce", "bonus", "colosse", "observatoire"]
RevealSource = Literal["boussole", "belvedere", "observatoire"]
DecisionKind = Literal["choose_wonder", "take_card", "choose_revealed_card", "choose_upgrade"]
DecisionSource = Literal[
    "setup",
    "turn",
    "commerce",
    "bonus",
    "colosse",
    "boussole",
    "belvedere",
    "observatoire",
    "science",
    "palais",
]
Status = Literal["choosing_wonders", "playing", "finished"]
EndReason = Literal["wonder_completed", "piles_exhausted"]

HIDDEN: Literal["hidden"] = "hidden"
"""The ``choose_upgrade`` answer that takes the top of the hidden pile."""

MIN_SEATS = 2
MAX_SEATS = 5
MARKERS = 3
VICTORY_PRESTIGE = 3
PROGRESS_PER_UPGRADE = 2
PROTECTION_BONUS = 2
FACE_UP_SLOTS = 3


# --- Cards --------------------------------------------------------------------


class EclatsCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the 18 card kinds (spec table 2.1)."""

    id: CardId
    """The card's id."""
    name: str
    """French name."""
    family: Family
    """Its family."""
    shields: int
    """Shields while kept (protection cards: 1)."""
    alerts: int
    """Conflict markers this card puts on alert when played."""
    units: int
    """Material units it gives (resources and 1-unit jokers 1, the Prisme 2)."""
    prestige: int
    """Prestige at the end of the game (culture cards)."""
    central: int
    """Copies in the central pile."""
    border: int
    """Copies in each border pile."""


def _card(
    id: CardId,
    name: str,
    family: Family,
    central: int,
    border: int,
    *,
    shields: int = 0,
    alerts: int = 0,
    units: int = 0,
    prestige: int = 0,
) -> EclatsCard:
    return EclatsCard(
        id=id,
        name=name,
        family=family,
        shields=shields,
        alerts=alerts,
        units=units,
        prestige=prestige,
        central=central,
        border=border,
    )


CARDS: tuple[EclatsCard, ...] = (
    _card("bois", "Bois", "resource", 4, 2, units=1),
    _card("pierre", "Pierre", "resource", 4, 2, units=1),
    _card("metal", "Métal", "resource", 4, 2, units=1),
    _card("cristal", "Cristal", "resource", 4, 2, units=1),
    _card("energie", "Énergie", "joker", 2, 1, units=1),
    _card("caravane", "Caravane", "joker", 2, 1, units=1),
    _card("comptoir", "Comptoir", "joker", 2, 1, units=1),
    _card("prisme_de_seve", "Prisme de sève", "joker", 1, 0, units=2),
    _card("jardin_des_brumes", "Jardin des brumes", "culture", 4, 1, prestige=3),
    _card("archives_des_echos", "Archives des échos", "culture", 6, 2, prestige=2),
    _card("bastion", "Bastion", "protection", 2, 1, shields=1, alerts=1),
    _card("heraut", "Héraut", "protection", 4, 1, shields=1, alerts=2),
    _card("sentinelle", "Sentinelle", "protection", 4, 2, shields=1),
    _card("roue", "Roue", "science", 4, 2),
    _card("spirale", "Spirale", "science", 4, 2),
    _card("tablette", "Tablette", "science", 4, 2),
    _card("boussole", "Boussole", "exploration", 3, 1),
    _card("belvedere", "Belvédère", "exploration", 2, 0),
)
"""The 18 kinds, in card-kind order (the order used to list cards in events)."""

CARD_BY_ID: dict[str, EclatsCard] = {c.id: c for c in CARDS}
CARD_IDS: tuple[CardId, ...] = tuple(c.id for c in CARDS)
CARD_ORDER: dict[str, int] = {c: i for i, c in enumerate(CARD_IDS)}
FAMILY: dict[str, Family] = {c.id: c.family for c in CARDS}

MATERIALS: tuple[Material, ...] = ("bois", "pierre", "metal", "cristal")
ONE_UNIT_JOKERS: tuple[CardId, ...] = ("energie", "caravane", "comptoir")
PRISME: CardId = "prisme_de_seve"
SCIENCE_SYMBOLS: tuple[CardId, ...] = ("roue", "spirale", "tablette")
ALERT_CARDS: tuple[CardId, ...] = ("bastion", "heraut")
"""The protection cards that raise alerts when played, and are lost in a battle."""
PROTECTION_CARDS: tuple[CardId, ...] = ("bastion", "heraut", "sentinelle")
"""The cards worth one shield while kept."""
REVEAL_COUNT: dict[str, int] = {"boussole": 2, "belvedere": 3, "observatoire": 4}

CENTRAL_PILE_SIZE = 60
BORDER_PILE_SIZE = 25


def central_composition() -> list[CardId]:
    """The 60 central cards, in card-kind order (before the shuffle)."""
    return [c.id for c in CARDS for _ in range(c.central)]


def border_composition() -> list[CardId]:
    """The 25 cards of one border pile, in card-kind order (before the shuffle)."""
    return [c.id for c in CARDS for _ in range(c.border)]


def deck_size(n: int) -> int:
    """Cards in a game of ``n`` players: 60 + 25·n."""
    return CENTRAL_PILE_SIZE + BORDER_PILE_SIZE * n


# --- Stages, wonders, upgrades ---------------------------------------------------


class EclatsStage(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the five stages every wonder shares (spec table 2.2)."""

    number: StageNumber
    """The stage's number."""
    id: str
    """The stage's id."""
    name: str
    """Its name."""
    count: int
    """Material units required."""
    pattern: Pattern
    """The cards it requires."""


STAGES: tuple[EclatsStage, ...] = (
    EclatsStage(number=1, id="socle", name="Socle", count=2, pattern="different"),
    EclatsStage(number=2, id="galerie", name="Galerie", count=2, pattern="identical"),
    EclatsStage(number=3, id="terrasse", name="Terrasse", count=3, pattern="different"),
    EclatsStage(number=4, id="salle", name="Salle", count=3, pattern="identical"),
    EclatsStage(number=5, id="couronnement", name="Couronnement", count=4, pattern="different"),
)


class EclatsWonder(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A wonder (spec table 2.3)."""

    id: WonderId
    """The wonder's id."""
    name: str
    """Its name."""
    stage_prestige: tuple[int, int, int, int, int]
    """Prestige of stages 1 to 5."""
    power: str | None
    """Name of the power that fires at stages 2 and 4 (None: no power)."""
    power_text: str
    """Its power, as printed."""


WONDERS: tuple[EclatsWonder, ...] = (
    EclatsWonder(
        id="observatoire",
        name="Observatoire",
        stage_prestige=(3, 4, 4, 5, 6),
        power="vision",
        power_text="Reveal the top 4 central cards, play 1, put the others under the pile.",
    ),
    EclatsWonder(
        id="sanctuaire",
        name="Sanctuaire",
        stage_prestige=(3, 4, 5, 5, 7),
        power="rempart",
        power_text="+1 permanent shield.",
    ),
    EclatsWonder(
        id="colosse",
        name="Colosse",
        stage_prestige=(3, 4, 4, 5, 6),
        power="portee",
        power_text="Take and play the top card of any non-empty pile of the game.",
    ),
    EclatsWonder(
        id="pyramide_des_aurores",
        name="Pyramide des Aurores",
        stage_prestige=(4, 5, 5, 6, 7),
        power=None,
        power_text="No power; more Prestige.",
    ),
    EclatsWonder(
        id="palais",
        name="Palais",
        stage_prestige=(3, 3, 4, 5, 6),
        power="cour",
        power_text="Take one upgrade: a face-up one or the top of the hidden pile.",
    ),
)
WONDER_BY_ID: dict[str, EclatsWonder] = {w.id: w for w in WONDERS}
WONDER_IDS: tuple[WonderId, ...] = tuple(w.id for w in WONDERS)
POWER_STAGES: frozenset[int] = frozenset({2, 4})
FINAL_STAGE = len(STAGES)
"""Building it completes the wonder and ends the game at the end of the turn."""


class EclatsUpgrade(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One of the 7 upgrade tokens (spec table 2.4)."""

    id: UpgradeId
    """The upgrade's id."""
    name: str
    """Its name."""
    effect: str
    """Its effect, as printed."""


UPGRADES: tuple[EclatsUpgrade, ...] = (
    EclatsUpgrade(
        id="commerce",
        name="Commerce",
        effect="After your first joker each turn, take and play one more card.",
    ),
    EclatsUpgrade(
        id="exploration",
        name="Exploration",
        effect="At the start of your turn, see the top central card.",
    ),
    EclatsUpgrade(
        id="technologie", name="Technologie", effect="Stages need only a number of units."
    ),
    EclatsUpgrade(id="protection", name="Protection", effect="+2 strength in every battle."),
    EclatsUpgrade(
        id="bonus",
        name="Bonus",
        effect="After your first stage each turn, take and play one more card.",
    ),
    EclatsUpgrade(
        id="multiplicateur",
        name="Multiplicateur ×2",
        effect="In each stage, one 1-unit joker may count as 2.",
    ),
    EclatsUpgrade(
        id="progres",
        name="Progrès",
        effect="End of game: 2 Prestige per upgrade held, this one included.",
    ),
)
UPGRADE_IDS: tuple[UpgradeId, ...] = tuple(u.id for u in UPGRADES)


# --- Geometry (spec section 3) -----------------------------------------------------

PILE_IDS: tuple[PileId, ...] = (
    "central",
    "border_0",
    "border_1",
    "border_2",
    "border_3",
    "border_4",
)


def border(index: SeatIndex) -> PileId:
    """``border_<index>``: the left pile of seat index ``index``."""
    return PILE_IDS[1 + index]


def left_pile(seat_index: SeatIndex, n: int) -> PileId:
    """``border_s``: the pile between ``s`` and its left neighbour ``s+1``."""
    return PILE_IDS[1 + seat_index]


def right_pile(seat_index: SeatIndex, n: int) -> PileId:
    """``border_{(s-1) mod n}``: the left pile of the right neighbour."""
    return PILE_IDS[1 + (seat_index - 1) % n]


def all_piles(n: int) -> tuple[PileId, ...]:
    """``[central, border_0 … border_{n-1}]``: piles of a Colosse take."""
    return PILE_IDS[: n + 1]


ACCESSIBLE: dict[int, tuple[tuple[PileId, ...], ...]] = {
    n: tuple((left_pile(s, n), right_pile(s, n), "central") for s in range(n))
    for n in range(MIN_SEATS, MAX_SEATS + 1)
}
"""Per seat count, per seat index: ``[left_pile, right_pile, central]``, the
piles of a normal, Commerce or Bonus take."""


# --- Seats ------------------------------------------------------------------------------

SEAT_IDS: tuple[Seat, ...] = tuple(f"seat_{i}" for i in range(MAX_SEATS))
"""The seat id of each seat index."""
SEAT_INDEX: dict[Seat, SeatIndex] = {seat: i for i, seat in enumerate(SEAT_IDS)}
"""The seat index of each seat id (of a game with enough seats)."""


def seat_id(index: SeatIndex) -> Seat:
    """The seat id (``seat_<index>``) of a seat index."""
    return SEAT_IDS[index]


# --- What the API serves ---------------------------------------------------------


class EclatsBorderPile(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Where a border pile lies for a given seat count."""

    pile_id: PileId
    """The border pile's id."""
    left_of: SeatIndex
    """The seat whose left pile it is."""
    right_of: SeatIndex
    """The seat whose right pile it is."""


class EclatsComponents(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Static data a frontend needs to draw Éclats des Cités."""

    cards: tuple[EclatsCard, ...]
    """Every card."""
    stages: tuple[EclatsStage, ...]
    """The wonders' stages."""
    wonders: tuple[EclatsWonder, ...]
    """The wonders."""
    upgrades: tuple[EclatsUpgrade, ...]
    """The upgrades."""
    material_order: tuple[Material, ...]
    """The materials, in their order."""
    central_pile_size: int
    """How many cards the central pile starts with."""
    border_pile_size: int
    """How many cards each border pile starts with."""
    conflict_markers: int
    """How many conflict markers there are."""
    victory_prestige: int
    """Prestige per battle victory."""
    border_piles: dict[int, tuple[EclatsBorderPile, ...]]
    """Per seat count, the ring of border piles."""
    deck_sizes: dict[int, int]
    """Per seat count, cards in the game."""
    geometry: Annotated[Geometry, msgspec.Meta(description=GEOMETRY_DOC)]
    """Where the picture draws every pile, upgrade slot and seat board (GET .../picture.svg)."""


COMPONENTS = EclatsComponents(
    cards=CARDS,
    stages=STAGES,
    wonders=WONDERS,
    upgrades=UPGRADES,
    material_order=MATERIALS,
    central_pile_size=CENTRAL_PILE_SIZE,
    border_pile_size=BORDER_PILE_SIZE,
    conflict_markers=MARKERS,
    victory_prestige=VICTORY_PRESTIGE,
    border_piles={
        n: tuple(
            EclatsBorderPile(pile_id=border(i), left_of=i, right_of=(i + 1) % n) for i in range(n)
        )
        for n in range(MIN_SEATS, MAX_SEATS + 1)
    },
    deck_sizes={n: deck_size(n) for n in range(MIN_SEATS, MAX_SEATS + 1)},
    geometry=GEOMETRY,
)
