"""The no-leak probe of this game (see ``tests/domain/probes.py``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Seat
from domain.petits_dragons.state import PetitsDragonsState


def hidden_values(state: PetitsDragonsState, seat: Seat | None) -> list[Any]:
    """Nothing: Les petits Dragons is a perfect-information game (README decision 17)."""
    return []
