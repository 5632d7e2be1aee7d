"""What a seat may see (§9). Les petits Dragons is a perfect-information game:
every seat and every spectator sees the whole state, and no event field is
hidden, so ``redact`` returns events unchanged."""

from __future__ import annotations

import msgspec

from domain.kernel import Seat
from domain.petits_dragons.events import PetitsDragonsEvent
from domain.petits_dragons.rules import to_act
from domain.petits_dragons.state import PetitsDragonsState


class PetitsDragonsView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The game as ``seat`` (None: a spectator) sees it: everything."""

    seat: Seat | None
    """Who this view is for."""
    to_act: list[Seat]
    """The seats the game waits on."""
    game: PetitsDragonsState
    """The whole state: board, nests, exits, homes, eggs, bank, penalties, turn and phase."""


def view(state: PetitsDragonsState, seat: Seat | None) -> PetitsDragonsView:
    return PetitsDragonsView(seat=seat, to_act=to_act(state), game=state)


def redact(event: PetitsDragonsEvent, seat: Seat | None) -> PetitsDragonsEvent:
    return event
