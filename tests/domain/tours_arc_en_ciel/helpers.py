"""Fixtures for the Les Tours Arc-en-Ciel rule tests: scripted dice, state builders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import pytest
from msgspec.structs import replace

from domain import RuleViolation, SetupContext
from domain.kernel import fold
from domain.tours_arc_en_ciel import RULESET
from domain.tours_arc_en_ciel.components import DRAGONS, HOUSE_DRAGONS
from domain.tours_arc_en_ciel.state import ToursOptions, ToursState

T = TypeVar("T")
RS = RULESET


class StubRng:
    """An ``Rng`` stand-in: d20s come from a script; shuffles keep the order
    unless an order is scripted; ``choice`` takes the next scripted die."""

    def __init__(self, dice: Iterable[int] = (), shuffles: Iterable[Sequence[Any]] = ()) -> None:
        self.dice = list(dice)
        self.shuffles = [list(s) for s in shuffles]
        self.seed_version = 0

    def die(self, sides: int = 6) -> int:
        assert self.dice, "the test did not script enough dice"
        return self.dice.pop(0)

    def randint(self, low: int, high: int) -> int:
        return self.die()

    def choice(self, items: Sequence[T]) -> T:
        value = self.die()
        assert value in items, f"scripted {value} is not among {items}"
        return value  # type: ignore[return-value]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        items = list(items)
        if self.shuffles:
            order = self.shuffles.pop(0)
            assert sorted(map(str, order)) == sorted(map(str, items))
            return order
        return items

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return list(items)[:k]


def new_state(
    houses: Sequence[str] = ("fire", "ice"), gold: str | None = "fire", **options: Any
) -> ToursState:
    """A game set up with unshuffled decks (pile = the 72 cards in island order)."""
    opts = ToursOptions(houses=list(houses), **options)  # type: ignore[arg-type]
    events = RS.setup(opts, SetupContext(last_winner_seat=gold), StubRng(dice=[20, 1] * 8))
    return fold(RS, events)  # type: ignore[no-any-return]


def seat(state: ToursState, house: str) -> int:
    return state.houses.index(house)  # type: ignore[arg-type]


def set_hand(state: ToursState, house: str, cards: dict[str, int]) -> ToursState:
    hands = list(state.hands)
    hands[seat(state, house)] = dict(sorted(cards.items()))  # type: ignore[arg-type]
    return replace(state, hands=hands)


def at_phase(state: ToursState, house: str, phase: str) -> ToursState:
    return replace(state, active_seat=seat(state, house), phase=phase)


def _take_out(state: ToursState, dragon: str) -> ToursState:
    s = seat(state, DRAGONS[dragon].house)
    reserve, eliminated = list(state.reserve), list(state.eliminated)
    occupant = {t: d for t, d in state.occupant.items() if d != dragon}
    reserve[s] = [d for d in reserve[s] if d != dragon]
    eliminated[s] = [d for d in eliminated[s] if d != dragon]
    return replace(state, reserve=reserve, eliminated=eliminated, occupant=occupant)


def put(
    state: ToursState, tower: str, dragon: str, defense: int | None = None, hidden: bool = False
) -> ToursState:
    """Place ``dragon`` (taken from wherever it is) on ``tower``."""
    state = _take_out(state, dragon)
    occupant = dict(state.occupant)
    occupant[tower] = dragon
    defenses = dict(state.defense)
    if defense is not None:
        defenses[tower] = defense
    hidden_list = (
        sorted({*state.hidden, dragon}) if hidden else [d for d in state.hidden if d != dragon]
    )
    return replace(state, occupant=occupant, defense=defenses, hidden=hidden_list)


def eliminate(state: ToursState, *dragons: str) -> ToursState:
    for dragon in dragons:
        state = _take_out(state, dragon)
        eliminated = list(state.eliminated)
        s = seat(state, DRAGONS[dragon].house)
        eliminated[s] = [*eliminated[s], dragon]
        state = replace(state, eliminated=eliminated)
    return state


def fill_board(state: ToursState, house: str, towers: Sequence[str]) -> ToursState:
    """Place the first reserve Dragons of ``house`` on ``towers`` in order."""
    for tower, dragon in zip(towers, list(state.reserve[seat(state, house)]), strict=False):
        state = put(state, tower, dragon)
    return state


def dragons_of(house: str) -> tuple[str, ...]:
    return HOUSE_DRAGONS[house]


def decide(
    state: ToursState,
    house: str,
    command: Any,
    dice: Iterable[int] = (),
    shuffles: Iterable[Sequence[Any]] = (),
) -> tuple[ToursState, list[Any]]:
    """Check the command is listed, decide it with scripted dice, fold the events."""
    assert command in RS.legal_commands(state, house), f"{command} is not listed for {house}"
    rng = StubRng(dice, shuffles)
    events = RS.decide(state, house, command, rng)  # type: ignore[arg-type]
    assert not rng.dice, f"unused scripted dice {rng.dice}"
    return fold(RS, events, state), events


def rejected(state: ToursState, house: str, command: Any, code: str) -> RuleViolation:
    """The command is not listed and decide raises ``code``."""
    assert command not in RS.legal_commands(state, house)
    with pytest.raises(RuleViolation) as info:
        RS.decide(state, house, command, StubRng())  # type: ignore[arg-type]
    assert info.value.code == code, info.value
    return info.value


def types(events: list[Any]) -> list[str]:
    return [type(e).__struct_config__.tag.split(".", 1)[1] for e in events]
