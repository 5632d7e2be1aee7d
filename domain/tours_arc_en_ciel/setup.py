"""Seats and setup (spec sections 4 and 5)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Rng, Seat, SetupContext
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.board import fail
from domain.tours_arc_en_ciel.components import (
    CHANCE_CARDS,
    DICE_SIDES,
    FACE_UP_SLOTS,
    GAME_CARDS,
    HAND_SIZE,
    HOUSE_BY_ID,
    RING_SIZE,
    HouseId,
)
from domain.tours_arc_en_ciel.options import ToursOptions, validate_options
from domain.tours_arc_en_ciel.state import ToursRoll


def turn_order(houses: list[HouseId]) -> list[int]:
    """Lowest priority first, then clockwise (increasing ring position) from it."""
    first = min(range(len(houses)), key=lambda s: HOUSE_BY_ID[houses[s]].priority)
    start = HOUSE_BY_ID[houses[first]].pos
    return sorted(
        range(len(houses)), key=lambda s: (HOUSE_BY_ID[houses[s]].pos - start) % RING_SIZE
    )


def setup(options: ToursOptions, context: SetupContext, rng: Rng) -> list[Any]:
    validate_options(options)
    houses = list(options.houses)
    order = turn_order(houses)
    events: list[Any] = [ev.ToursGameStarted(houses=houses, turn_order=order, options=options)]
    winner = context.last_winner_seat
    if winner is not None:
        if winner not in houses:
            raise fail(
                "invalid_gold_tower_seat", f"{winner!r} is not a seat of this game", seat=winner
            )
        events.append(
            ev.ToursGoldTowerAssigned(
                seat=houses.index(winner), method="previous_winner", rounds=[]
            )
        )
    else:
        contenders = list(order)
        rounds: list[list[ToursRoll]] = []
        while True:
            rolls = [ToursRoll(seat=s, roll=rng.die(DICE_SIDES)) for s in contenders]
            rounds.append(rolls)
            top = max(r.roll for r in rolls)
            contenders = [r.seat for r in rolls if r.roll == top]
            if len(contenders) == 1:
                break
        events.append(ev.ToursGoldTowerAssigned(seat=contenders[0], method="roll", rounds=rounds))
    pile = rng.shuffled(GAME_CARDS)
    events.append(ev.ToursGameDeckShuffled(order=list(pile), count=len(pile)))
    chance = rng.shuffled(CHANCE_CARDS)
    events.append(ev.ToursChanceDeckShuffled(order=chance, count=len(chance)))
    top = 0
    for s in order:
        events.append(
            ev.ToursCardsDealt(
                seat=s, house=houses[s], cards=pile[top : top + HAND_SIZE], count=HAND_SIZE
            )
        )
        top += HAND_SIZE
    events.append(ev.ToursFaceUpDealt(cards=pile[top : top + FACE_UP_SLOTS]))
    events.append(ev.ToursTurnStarted(seat=order[0], turn_number=1))
    return events


def seats(options: ToursOptions) -> tuple[Seat, ...]:
    """Seats are named by their House, in the order of ``options.houses``."""
    return tuple(options.houses)
