"""ArkantiS options of a new game (spec section 4)."""

from __future__ import annotations

from typing import Annotated

import msgspec


class ArkantisOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Options of a new game; {} is the default 2-player game with a random dispersed layout.

    The ranges are in the JSON Schema (``extra_json_schema``) but are checked by
    validate_options, so that a value out of range answers the spec's create_game
    code (422 ``invalid_player_count`` ...) rather than a decoding error."""

    player_count: Annotated[
        int,
        msgspec.Meta(
            description="Number of seats, 2..4 (invalid_player_count otherwise); seats are seat_0..seat_<n-1>.",
            extra_json_schema={"minimum": 2, "maximum": 4},
        ),
    ] = 2
    tournament_mode: Annotated[
        bool, msgspec.Meta(description="Phase 1 uses one of the 80 tournament layouts.")
    ] = False
    tournament_config: Annotated[
        Annotated[int, msgspec.Meta(extra_json_schema={"minimum": 1, "maximum": 80})] | None,
        msgspec.Meta(
            description="Only with tournament_mode: the layout number 1..80; null = random draw."
        ),
    ] = None
    explicit_layout: Annotated[
        Annotated[
            tuple[Annotated[str, msgspec.Meta(extra_json_schema={"pattern": "^[BR]{7}$"})], ...],
            msgspec.Meta(extra_json_schema={"minItems": 7, "maxItems": 7}),
        ]
        | None,
        msgspec.Meta(
            description="Phase 1 uses this layout: 7 strings of 7 'B'/'R' (row 1 first),"
            " exactly one 'R' per row and per column."
        ),
    ] = None
