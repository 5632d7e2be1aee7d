"""Options of Les Tours Arc-en-Ciel (spec section 4): the Houses in play and the variants,
and their validation."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.kernel import RuleViolation
from domain.tours_arc_en_ciel.components import AXES, HOUSE_BY_ID, PERPENDICULAR, HouseId


def _default_houses() -> list[HouseId]:
    return ["fire", "ice"]


class ToursOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Options chosen when a game is created. `{}` is the default 2-player game
    fire vs ice with every variant off. The Gold tower holder is not an option:
    the service passes the last winner in the setup context."""

    houses: Annotated[
        list[HouseId],
        msgspec.Meta(extra_json_schema={"minItems": 2, "maxItems": 8, "uniqueItems": True}),
    ] = msgspec.field(default_factory=_default_houses)
    """`houses[s]` is the House of seat s (2..8 Houses; enemies must face each
    other, spec 4). Seats are named by their House. The ranges are in the schema but
    checked by ``validate_options``: a wrong count answers the spec's
    ``invalid_seat_count`` (422)."""
    two_player_recycle: bool = False
    """Variant 12.1 (2 players only): with an empty reserve, land eliminated Dragons."""
    natural_1_loses: bool = False
    """Variant 12.2: a natural 1 loses a combat (unless both sides roll 1)."""
    natural_20_wins: bool = False
    """Variant 12.3: a natural 20 wins a combat (unless both sides roll 20)."""
    start_pair_invulnerability: bool = False
    """Variant 12.4: both cards of one's start island make the seat invulnerable for a turn."""
    enemy_start_pair_share: bool = False
    """Variant 12.5: both cards of an enemy's start island share one of its islands."""


def allowed_house_set(houses: list[HouseId]) -> bool:
    """Enemies face each other (spec 4, D3): complete axes plus at most one single
    House for odd counts, which for 3 players lies on the perpendicular axis."""
    present = set(houses)
    complete = [i for i, (a, b) in enumerate(AXES) if a in present and b in present]
    singles = [i for i, (a, b) in enumerate(AXES) if (a in present) != (b in present)]
    n = len(houses)
    if n % 2 == 0:
        return not singles
    if len(singles) != 1:
        return False
    return n != 3 or singles[0] == PERPENDICULAR[complete[0]]


def validate_options(options: ToursOptions) -> None:
    """The create_game checks of spec 4, in order."""
    houses = options.houses
    if not 2 <= len(houses) <= 8:
        raise RuleViolation("invalid_seat_count", f"{len(houses)} Houses: a game has 2 to 8 seats")
    for h in houses:
        if h not in HOUSE_BY_ID:
            raise RuleViolation("unknown_house", f"{h!r} is not a House", {"house": h})
    if len(set(houses)) != len(houses):
        raise RuleViolation("duplicate_house", "a House appears twice", {"houses": list(houses)})
    if not allowed_house_set(list(houses)):
        raise RuleViolation(
            "invalid_house_set",
            f"{sorted(houses)}: enemy Houses must face each other",
            {"houses": list(houses)},
        )
    if options.two_player_recycle and len(houses) != 2:
        raise RuleViolation(
            "variant_requires_two_players", "two_player_recycle needs exactly 2 players"
        )
