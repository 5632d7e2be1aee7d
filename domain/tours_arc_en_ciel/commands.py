"""Commands of Les Tours Arc-en-Ciel (spec section 7).

A command never carries the acting seat: ``decide`` receives it, authenticated
by the service. Tags are ``"tours_arc_en_ciel.<spec name>"``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.kernel import CommandBase

Slot = Annotated[int, msgspec.Meta(ge=0, le=2, description="A face-up slot, 0..2.")]

# Id parameters are constrained strings rather than enums so that an unknown id
# reaches ``decide`` and gets the spec's code (``unknown_island``,
# ``unknown_tower`` for a fixed bridge, ``unknown_dragon``); events, state and
# views use the precise Literal types of ``components``.
_ID = "^[a-z0-9_]{1,40}$"
IslandId = Annotated[
    str,
    msgspec.Meta(
        pattern=_ID,
        description="An island id (also its game cards' id): diamond, topaz, amethyst, jade, "
        "ruby, sapphire, emerald, onyx, opal, tiger_eye, carnelian, pearl, garnet, platinum, "
        "peridot, aquamarine, coral, tourmaline, lapis_lazuli, silver, gold, amber, jet, "
        "turquoise, ivory.",
    ),
]
TowerId = Annotated[
    str,
    msgspec.Meta(
        pattern=_ID,
        description="A Rainbow tower: the id of a silver bridge `{island}_{island}`, e.g. "
        "`coral_tourmaline` (the 40 ids are in `GET /rulesets/tours_arc_en_ciel`).",
    ),
]
DragonId = Annotated[
    str,
    msgspec.Meta(
        pattern=_ID,
        description="A Dragon: `{house}_{strength}_{specialty}_{n}`, e.g. `fire_15_mason_2`.",
    ),
]


class ToursTakeCard(CommandBase, frozen=True, tag="tours_arc_en_ciel.take_card"):
    """Phase `take`: take the pile's top card, or a face-up card (its slot is refilled)."""

    source: Literal["pile", "face_up"]
    """Take from the pile or from a face-up slot."""
    slot: Slot | None = None
    """The face-up slot (source `face_up`); null for the pile."""


class ToursLandDragon(CommandBase, frozen=True, tag="tours_arc_en_ciel.land_dragon"):
    """Phase `play`: play one card of `island` and land `dragon` on a tower touching it."""

    island: IslandId
    tower: TowerId
    dragon: DragonId
    """A Dragon of the seat's reserve (or, with `two_player_recycle` and an empty
    reserve, one of its eliminated Dragons)."""


class ToursDiscardCard(CommandBase, frozen=True, tag="tours_arc_en_ciel.discard_card"):
    """Phase `play`: play one card of `island` for nothing."""

    island: IslandId


class ToursChanceInsteadOfLanding(
    CommandBase, frozen=True, tag="tours_arc_en_ciel.chance_instead_of_landing"
):
    """Phase `play`: play a card for nothing and draw a chance card instead of landing
    (only with an empty reserve and at least one eliminated Dragon)."""

    island: IslandId


class ToursAtomize(CommandBase, frozen=True, tag="tours_arc_en_ciel.atomize"):
    """Phase `play`: play two cards of `island` to eliminate the enemy Dragon on
    `tower` (which touches `island`), then land `dragon` there."""

    island: IslandId
    tower: TowerId
    dragon: DragonId | None = None
    """The Dragon that occupies the emptied tower; null only when none is eligible."""


class ToursInvokeInvulnerability(
    CommandBase, frozen=True, tag="tours_arc_en_ciel.invoke_invulnerability"
):
    """Variant `start_pair_invulnerability`, phase `play`: play both cards of the
    seat's start island; the seat cannot lose a combat this turn. Optionally land
    `dragon` on `tower` (both given or both null)."""

    island: IslandId
    tower: TowerId | None = None
    """The tower to land `dragon` on (both given or both null)."""
    dragon: DragonId | None = None
    """The Dragon to land on `tower` (both given or both null)."""


class ToursShareIsland(CommandBase, frozen=True, tag="tours_arc_en_ciel.share_island"):
    """Variant `enemy_start_pair_share`, phase `play`: play both cards of an enemy's
    start island to share `target_island`, which that enemy owns by bridges."""

    island: IslandId
    target_island: IslandId


class ToursDrawChance(CommandBase, frozen=True, tag="tours_arc_en_ciel.draw_chance"):
    """Phase `third`: draw and resolve a chance card."""


class ToursMoveDragon(CommandBase, frozen=True, tag="tours_arc_en_ciel.move_dragon"):
    """Phase `third`: move the seat's Dragon on `from_tower` across `via_island` (an
    endpoint of its bridge, passable for the seat) to `to_tower`, which touches it."""

    from_tower: TowerId
    via_island: IslandId
    to_tower: TowerId


class ToursSwapDragons(CommandBase, frozen=True, tag="tours_arc_en_ciel.swap_dragons"):
    """Phase `third`: exchange two of the seat's board Dragons; each tower gets a pearl."""

    tower_a: TowerId
    tower_b: TowerId


class ToursSkipThirdAction(CommandBase, frozen=True, tag="tours_arc_en_ciel.skip_third_action"):
    """Phase `third`: end the turn; allowed only when no draw, move or swap is legal."""


class ToursResolveChance(CommandBase, frozen=True, tag="tours_arc_en_ciel.resolve_chance"):
    """Answer the pending chance decision (only by its decider). Which of `tower`,
    `dragon`, `island` is required depends on the card (spec 7.12)."""

    decline: bool = False
    """Give up the card's effect (only for cards that allow it); no other parameter."""
    tower: TowerId | None = None
    """The tower the card targets, when it needs one."""
    dragon: DragonId | None = None
    """The Dragon the card targets, when it needs one."""
    island: IslandId | None = None
    """The island the card targets, when it needs one."""


ToursCommand = (
    ToursTakeCard
    | ToursLandDragon
    | ToursDiscardCard
    | ToursChanceInsteadOfLanding
    | ToursAtomize
    | ToursInvokeInvulnerability
    | ToursShareIsland
    | ToursDrawChance
    | ToursMoveDragon
    | ToursSwapDragons
    | ToursSkipThirdAction
    | ToursResolveChance
)
