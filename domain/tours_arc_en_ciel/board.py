"""Derived facts of a state: who owns what, who may land where (spec 3.4, 10.3).

Nothing here is stored: ownership is recomputed from the towers' occupants,
the fixed bridges of the Houses in play, threshold modifiers and shares.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from domain.kernel import RuleViolation
from domain.tours_arc_en_ciel.components import (
    DRAGONS,
    FIXED_OF,
    HOUSE_DRAGONS,
    ISLAND_BY_ID,
    ISLANDS,
    START_ISLAND,
    TOWER_ENDS,
    TOWER_NO,
    TOWERS,
    TOWERS_OF,
    Condition,
    IslandId,
    SeatIndex,
    TowerId,
)
from domain.tours_arc_en_ciel.state import ToursState

Owners = dict[str, tuple[SeatIndex, ...]]
"""Island id -> the seat indices owning it."""


def owner_index(state: ToursState, dragon: str) -> SeatIndex:
    """The seat whose House the Dragon belongs to."""
    return state.houses.index(DRAGONS[dragon].house)


def fail(code: str, message: str, **details: object) -> RuleViolation:
    return RuleViolation(code, message, dict(details))


@lru_cache(maxsize=64)
def _fixed_counts(houses: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    n = len(houses)
    out: dict[str, tuple[int, ...]] = {}
    for island in ISLANDS:
        counts = [0] * n
        for h in FIXED_OF[island]:
            if h in houses:
                counts[houses.index(h)] += 1
        out[island] = tuple(counts)
    return out


def bridge_counts(state: ToursState) -> dict[str, list[int]]:
    """Per island, the number of its bridges each seat owns."""
    counts = {i: list(c) for i, c in _fixed_counts(tuple(state.houses)).items()}
    houses = state.houses
    for tower, dragon in state.occupant.items():
        index = houses.index(DRAGONS[dragon].house)
        a, b = TOWER_ENDS[tower]
        counts[a][index] += 1
        counts[b][index] += 1
    return counts


def threshold(state: ToursState, island: str) -> int:
    mod: dict[str, int] = state.threshold_mod  # type: ignore[assignment]
    return ISLAND_BY_ID[island].threshold + mod.get(island, 0)


def owners_by_bridges(state: ToursState) -> Owners:
    mod = state.threshold_mod
    out: Owners = {}
    for island, counts in bridge_counts(state).items():
        need = ISLAND_BY_ID[island].threshold + mod.get(island, 0)  # type: ignore[call-overload]
        out[island] = tuple(s for s, c in enumerate(counts) if c >= need)
    return out


def island_owners_by_bridges(state: ToursState, island: str) -> tuple[SeatIndex, ...]:
    """``owners_by_bridges(state)[island]``, computed for one island only."""
    counts = list(_fixed_counts(tuple(state.houses))[island])
    houses, occupant = state.houses, state.occupant
    for tower in TOWERS_OF[island]:
        dragon = occupant.get(tower)
        if dragon is not None:
            counts[houses.index(DRAGONS[dragon].house)] += 1
    need = threshold(state, island)
    return tuple(s for s, c in enumerate(counts) if c >= need)


def island_owners(state: ToursState, island: str) -> tuple[SeatIndex, ...]:
    """``owners(state)[island]``, computed for one island only."""
    base = island_owners_by_bridges(state, island)
    extra = [
        s.sharer for s in state.shares
        if s.active and s.island == island and s.owner in base and s.sharer not in base
    ]  # fmt: skip
    return tuple(sorted({*base, *extra})) if extra else base


def owners(state: ToursState) -> Owners:
    """Seats owning each island by bridges or by an active share."""
    base = owners_by_bridges(state)
    if not state.shares:
        return base
    out = dict(base)
    for share in state.shares:
        if (
            share.active
            and share.owner in base[share.island]
            and share.sharer not in out[share.island]
        ):
            out[share.island] = tuple(sorted((*out[share.island], share.sharer)))
    return out


def enemy_of_start(state: ToursState, index: SeatIndex, island: str) -> SeatIndex | None:
    """The other seat whose start island is ``island`` (variant 12.5), if any."""
    for other, house in enumerate(state.houses):
        if other != index and START_ISLAND[house] == island:
            return other
    return None


def passable(holders: tuple[SeatIndex, ...], index: SeatIndex) -> bool:
    """An island with these owners can be crossed by ``index`` (spec 10.3)."""
    return not holders or index in holders


def arrival_towers(state: ToursState, index: SeatIndex) -> list[TowerId]:
    """Towers touching an island `index` owns, not held by one of its Dragons (by bridge no)."""
    own = owners(state)
    house = state.houses[index]
    occupant = state.occupant
    found: set[TowerId] = set()
    for island, holders in own.items():
        if index in holders:
            for t in TOWERS_OF[island]:
                d = occupant.get(t)
                if d is None or DRAGONS[d].house != house:
                    found.add(t)
    return sorted(found, key=TOWER_NO.__getitem__)


def own_towers(state: ToursState, index: SeatIndex) -> list[TowerId]:
    """Towers held by `index`'s Dragons, by bridge no."""
    house = state.houses[index]
    return [
        t for t in TOWERS if (d := state.occupant.get(t)) is not None and DRAGONS[d].house == house
    ]


def enemy_towers(state: ToursState, index: SeatIndex) -> list[TowerId]:
    house = state.houses[index]
    return [
        t for t in TOWERS if (d := state.occupant.get(t)) is not None and DRAGONS[d].house != house
    ]


def matches(dragon: str, condition: Condition) -> bool:
    if condition == "any":
        return True
    info = DRAGONS[dragon]
    if condition == "blower" or condition == "mason":
        return info.specialty == condition
    return condition == f"strength_{info.strength}"


def eligible_dragons(state: ToursState, index: SeatIndex) -> list[str]:
    """Dragons `index` may land now: its reserve, or its eliminated ones when recycling."""
    reserve = state.reserve[index]
    if reserve:
        return reserve
    if state.options.two_player_recycle and state.eliminated[index]:
        return sorted(state.eliminated[index], key=lambda d: DRAGONS[d].order)
    return []


def is_eligible(state: ToursState, index: SeatIndex, dragon: str) -> bool:
    reserve = state.reserve[index]
    if reserve:
        return dragon in reserve
    return state.options.two_player_recycle and dragon in state.eliminated[index]


def board_dragons(state: ToursState, index: SeatIndex) -> int:
    house = state.houses[index]
    return sum(1 for d in state.occupant.values() if DRAGONS[d].house == house)


def all_on_board(state: ToursState, index: SeatIndex) -> bool:
    return (
        not state.reserve[index]
        and not state.eliminated[index]
        and board_dragons(state, index) == len(HOUSE_DRAGONS[state.houses[index]])
    )


def next_index(state: ToursState, index: SeatIndex) -> SeatIndex:
    order = state.turn_order
    return order[(order.index(index) + 1) % len(order)]


def pearls(state: ToursState, index: SeatIndex) -> int:
    return sum(state.defense[t] for t in own_towers(state, index))


def hand_count(state: ToursState, index: SeatIndex, island: str) -> int:
    hand: dict[str, int] = state.hands[index]  # type: ignore[assignment]
    return hand.get(island, 0)


def chance_available(state: ToursState) -> bool:
    return bool(state.chance_deck or state.chance_discard)


def as_island(value: str) -> IslandId:
    """A command's island parameter, once ``decide`` has checked it is known."""
    return cast(IslandId, value)


def as_tower(value: str) -> TowerId:
    """A command's tower parameter, once ``decide`` has checked it is known."""
    return cast(TowerId, value)
