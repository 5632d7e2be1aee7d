"""ArkantiS options of a new game (spec section 4) and their validation (7.10)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.arkantis.components import MAX_SEATS, MIN_SEATS, SIZE, TOURNAMENT_COUNT
from domain.kernel import RuleViolation


class ArkantisOptions(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False
):
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


def layout_columns(rows: Any) -> str | None:
    """The 7-digit layout of valid explicit rows, else None."""
    if not isinstance(rows, (list, tuple)) or len(rows) != SIZE:
        return None
    columns = []
    for row in rows:
        if (
            not isinstance(row, str)
            or len(row) != SIZE
            or set(row) - {"B", "R"}
            or row.count("R") != 1
        ):
            return None
        columns.append(row.index("R") + 1)
    if sorted(columns) != list(range(1, SIZE + 1)):
        return None
    return "".join(map(str, columns))


def validate_options(options: ArkantisOptions) -> None:
    """The create_game validations of spec 7.10, in order."""
    n = options.player_count
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise RuleViolation(
            "invalid_player_count", f"player_count must be 2 to 4, not {n!r}", {"player_count": n}
        )
    if not isinstance(options.tournament_mode, bool):
        raise RuleViolation("invalid_parameters", "tournament_mode must be a boolean")
    if options.tournament_mode and options.explicit_layout is not None:
        raise RuleViolation(
            "conflicting_layout_options",
            "tournament_mode and explicit_layout cannot be used together",
        )
    config = options.tournament_config
    if config is not None and not options.tournament_mode:
        raise RuleViolation(
            "tournament_config_without_tournament_mode",
            f"tournament_config {config!r} needs tournament_mode",
            {"tournament_config": config},
        )
    if config is not None and (
        isinstance(config, bool)
        or not isinstance(config, int)
        or not 1 <= config <= TOURNAMENT_COUNT
    ):
        raise RuleViolation(
            "invalid_tournament_config",
            f"tournament_config must be 1 to 80, not {config!r}",
            {"tournament_config": config},
        )
    if options.explicit_layout is not None and layout_columns(options.explicit_layout) is None:
        raise RuleViolation(
            "invalid_layout",
            "explicit_layout must be 7 strings of 7 'B'/'R' with one 'R' per row and per column",
        )
