"""Options of Éclats des Cités (spec section 4): the seat count, nothing else.

The seed defines no variant, so there is no variant option.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.eclats_des_cites.components import MAX_SEATS, MIN_SEATS
from domain.kernel import RuleViolation


class EclatsOptions(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False
):
    """Options of a new game. `{}` is a 2-player game. The seed defines no variant."""

    seat_count: Annotated[
        int, msgspec.Meta(extra_json_schema={"minimum": MIN_SEATS, "maximum": MAX_SEATS})
    ] = 2
    """Number of players, 2 to 5; seats are `seat_0` … `seat_{n-1}`. The range is in
    the schema but checked by ``validate_options``: any other value is refused with
    the spec's ``invalid_options`` (422), as in every ruleset's seat count."""


def validate_options(options: Any) -> None:
    """``invalid_options`` unless ``options`` are Éclats options with 2 to 5 seats."""
    if not isinstance(options, EclatsOptions):
        raise RuleViolation("invalid_options", "options must be eclats_des_cites options")
    n = options.seat_count
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise RuleViolation(
            "invalid_options", f"seat_count must be 2 to 5, not {n!r}", {"seat_count": n}
        )
