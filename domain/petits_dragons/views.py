"""What a seat may see (§9). Les petits Dragons is a perfect-information game:
every seat and every spectator sees the whole state, and no event field is
hidden, so ``redact`` returns events unchanged and nothing is ever hidden."""

from __future__ import annotations

from typing import Any

import msgspec

from .rules import to_act
from .state import PetitsDragonsState


class PetitsDragonsView(msgspec.Struct, frozen=True, kw_only=True):
    """The game as ``seat`` (None: a spectator) sees it: everything."""

    seat: str | None
    """Who this view is for."""
    to_act: list[str]
    """The seats the game waits on."""
    game: PetitsDragonsState
    """The whole state: board, nests, exits, homes, eggs, bank, penalties, turn and phase."""


def view(state: PetitsDragonsState, seat: str | None) -> PetitsDragonsView:
    return PetitsDragonsView(seat=seat, to_act=to_act(state), game=state)


def redact(event: Any, seat: str | None) -> Any:
    return event


def hidden_values(state: PetitsDragonsState, seat: str | None) -> list[Any]:
    return []
