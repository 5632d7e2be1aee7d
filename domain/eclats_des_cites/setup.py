"""Seats, and setting up a game (spec section 5): every random draw, recorded in ``game_set_up``."""

from __future__ import annotations

from domain import kernel
from domain.eclats_des_cites.components import (
    FACE_UP_SLOTS,
    UPGRADE_IDS,
    border,
    border_composition,
    central_composition,
    seat_id,
)
from domain.eclats_des_cites.events import EclatsBorderTop, EclatsEvent, EclatsGameSetUp
from domain.eclats_des_cites.evolve import evolve
from domain.eclats_des_cites.options import EclatsOptions, validate_options
from domain.eclats_des_cites.procedures import next_wonder
from domain.kernel import Rng, Seat, SetupContext


def setup(options: EclatsOptions, context: SetupContext, rng: Rng) -> list[EclatsEvent]:
    """``game_set_up`` (draws R1-R4), then the wonder choices up to the first decision.

    The context is ignored: the first player is a uniform draw (README decision 9)."""
    validate_options(options)
    n = options.seat_count
    first = rng.randint(0, n - 1)  # R1
    central = rng.shuffled(central_composition())  # R2
    borders = {border(i): rng.shuffled(border_composition()) for i in range(n)}  # R3
    upgrades = rng.shuffled(UPGRADE_IDS)  # R4
    set_up = EclatsGameSetUp(
        seat_count=n,
        first_seat=first,
        wonder_choice_order=[(first - k) % n for k in range(1, n + 1)],
        central=central,
        central_count=len(central),
        borders=borders,
        border_tops={
            pile: EclatsBorderTop(count=len(cards), top=cards[0]) for pile, cards in borders.items()
        },
        upgrades_face_up=upgrades[:FACE_UP_SLOTS],
        upgrades_hidden=upgrades[FACE_UP_SLOTS:],
        upgrades_hidden_count=len(upgrades) - FACE_UP_SLOTS,
    )
    emitter = kernel.Emitter(evolve, evolve(None, set_up))
    next_wonder(emitter)
    return [set_up, *emitter.events]


def seats(options: EclatsOptions) -> tuple[Seat, ...]:
    """``seat_0`` … ``seat_{n-1}``."""
    return tuple(seat_id(i) for i in range(options.seat_count))
