"""Game options (§4) and their validation (the spec's ``create_game`` codes, §7.1)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.kernel import RuleViolation, Seat
from domain.petits_dragons.components import COLOURS, Colour


def _default_seats() -> list[list[Colour]]:
    return [["green"], ["black"]]


class PetitsDragonsOptions(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False
):
    """What the creator chooses. ``{}`` is the default game: green (seat_0) against black."""

    seats: Annotated[
        list[
            Annotated[list[Colour], msgspec.Meta(extra_json_schema={"minItems": 1, "maxItems": 4})]
        ],
        msgspec.Meta(extra_json_schema={"minItems": 2, "maxItems": 8}),
    ] = msgspec.field(default_factory=_default_seats)
    """Entry i is seat ``seat_<i>`` and lists the colours that seat leads (2-8 seats,
    1-4 colours each). The ranges are in the schema but checked by ``validate_options``, so
    that a wrong count answers the spec's code (422 ``invalid_player_count`` ...)."""
    option_multi_colour: bool = False
    """Variant §12.2: a player may lead several peoples (all seats the same number)."""
    option_alliances: bool = False
    """Variant §12.1: team play (even seat count); requires ``teams``."""
    teams: list[list[str]] | None = None
    """With alliances: a partition of the seat ids into equal teams of 2+ seats."""


def seat_ids(options: PetitsDragonsOptions) -> tuple[Seat, ...]:
    """``seat_<index>`` for every entry of ``options.seats``, in seat order."""
    return tuple(f"seat_{index}" for index in range(len(options.seats)))


def validate_options(options: PetitsDragonsOptions) -> None:
    seats = options.seats
    n = len(seats)
    if not 2 <= n <= 8:
        raise RuleViolation("invalid_player_count", f"{n} seats: 2 to 8 are needed", {"seats": n})
    seen: set[str] = set()
    for entry in seats:
        for c in entry:
            if c not in COLOURS:
                raise RuleViolation("invalid_colour", f"{c!r} is not a colour", {"colour": c})
    for entry in seats:
        for c in entry:
            if c in seen:
                raise RuleViolation("duplicate_colour", f"{c} is listed twice", {"colour": c})
            seen.add(c)
    for seat, entry in zip(seat_ids(options), seats, strict=True):
        if not entry:
            raise RuleViolation("no_colour", f"{seat} leads no colour", {"seat": seat})
    counts = {len(entry) for entry in seats}
    if not options.option_multi_colour:
        if counts != {1}:
            raise RuleViolation(
                "multi_colour_disabled", "each seat leads exactly one colour without the variant"
            )
    else:
        allowed = {1, 2, 3, 4} if n == 2 else {1, 2} if n <= 4 else {1}
        if len(counts) != 1 or not counts <= allowed:
            raise RuleViolation(
                "invalid_colour_count",
                f"with {n} seats every seat leads the same number of colours in {sorted(allowed)}",
            )
    if options.teams is not None and not options.option_alliances:
        raise RuleViolation("teams_without_alliances", "teams are given without option_alliances")
    if options.option_alliances:
        if n % 2:
            raise RuleViolation(
                "alliances_need_even_players", f"alliances need an even number of seats, not {n}"
            )
        teams = options.teams
        ids = seat_ids(options)
        flat = [s for team in teams or [] for s in team]
        if (
            teams is None
            or len(teams) < 2
            or len({len(t) for t in teams}) != 1
            or len(teams[0]) < 2
            or sorted(flat) != sorted(ids)
        ):
            raise RuleViolation(
                "invalid_teams", "teams must split every seat into 2+ equal teams of 2+ seats"
            )
