"""ArkantiS options of a new game (spec section 4)."""

from __future__ import annotations

from typing import Annotated

import msgspec


class ArkantisOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Options of a new game; {} is the default 2-player game with a random dispersed layout.

    Ranges are checked by validate_options (spec create_game codes), not by the schema."""

    player_count: Annotated[
        int,
        msgspec.Meta(
            description="Number of seats, 2..4 (invalid_player_count otherwise); seats are seat_0..seat_<n-1>."
        ),
    ] = 2
    tournament_mode: Annotated[
        bool, msgspec.Meta(description="Phase 1 uses one of the 80 tournament layouts.")
    ] = False
    tournament_config: Annotated[
        int | None,
        msgspec.Meta(
            description="Only with tournament_mode: the layout number 1..80; null = random draw."
        ),
    ] = None
    explicit_layout: Annotated[
        tuple[str, ...] | None,
        msgspec.Meta(
            description="Phase 1 uses this layout: 7 strings of 7 'B'/'R' (row 1 first),"
            " exactly one 'R' per row and per column."
        ),
    ] = None
