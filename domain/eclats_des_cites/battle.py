"""Strength and battles (spec section 6 "Force" and 10.10)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.eclats_des_cites.components import PROTECTION_BONUS, PROTECTION_CARDS, SeatIndex
from domain.eclats_des_cites.state import EclatsState


def strength(state: EclatsState, seat_index: SeatIndex) -> int:
    """1 per kept protection card + permanent shields + 2 with Protection."""
    player = state.players[seat_index]
    tableau = player.tableau
    value = sum(tableau.get(card, 0) for card in PROTECTION_CARDS) + player.permanent_shields
    if "protection" in player.upgrades:
        value += PROTECTION_BONUS
    return value


def battle_victories(strengths: Sequence[int]) -> list[int]:
    """Victories each seat index gains in a battle with these strengths (10.10)."""
    n = len(strengths)
    if n == 2:
        a, b = strengths
        if a == b:
            return [0, 0]
        hi, lo = max(a, b), min(a, b)
        won = 2 if hi >= 2 * lo else 1
        return [won, 0] if a > b else [0, won]
    return [
        (1 if strengths[(index + 1) % n] < mine else 0)
        + (1 if strengths[(index - 1) % n] < mine else 0)
        for index, mine in enumerate(strengths)
    ]
