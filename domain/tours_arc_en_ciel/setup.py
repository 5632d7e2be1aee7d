"""Options validation and setup (spec sections 4 and 5)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Rng, SetupContext
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.board import fail
from domain.tours_arc_en_ciel.components import (
    AXES,
    CHANCE_CARDS,
    DICE_SIDES,
    FACE_UP_SLOTS,
    GAME_CARDS,
    HAND_SIZE,
    HOUSE_BY_ID,
    PERPENDICULAR,
    RING_SIZE,
    HouseId,
)
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursRoll


def allowed_house_set(houses: list[HouseId]) -> bool:
    """Enemies face each other (spec 4, D3): complete axes plus at most one single
    House for odd counts, which for 3 players lies on the perpendicular axis."""
    present = set(houses)
    complete = [i for i, (a, b) in enumerate(AXES) if a in present and b in present]
    singles = [i for i, (a, b) in enumerate(AXES) if (a in present) != (b in present)]
    n = len(houses)
    if n % 2 == 0:
        return not singles
    if len(singles) != 1:
        return False
    return n != 3 or singles[0] == PERPENDICULAR[complete[0]]


def validate_options(options: ToursOptions) -> None:
    houses = options.houses
    if not 2 <= len(houses) <= 8:
        raise fail("invalid_seat_count", f"{len(houses)} Houses: a game has 2 to 8 seats")
    for h in houses:
        if h not in HOUSE_BY_ID:
            raise fail("unknown_house", f"{h!r} is not a House", house=h)
    if len(set(houses)) != len(houses):
        raise fail("duplicate_house", "a House appears twice", houses=list(houses))
    if not allowed_house_set(list(houses)):
        raise fail(
            "invalid_house_set", f"{sorted(houses)}: enemy Houses must face each other",
            houses=list(houses),
        )  # fmt: skip
    if options.two_player_recycle and len(houses) != 2:
        raise fail("variant_requires_two_players", "two_player_recycle needs exactly 2 players")


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
