"""Race: the smallest complete ruleset, an example for "adding a game" (tests only).

Two or three seats take turns adding 1, 2 or 3 to a shared total; the seat
that brings it to ``target`` wins. A die, recorded in the opening event,
chooses who starts. The package has the layout every game under ``domain/``
has, squeezed into one module where a real game has one module per job
(``components``, ``options``, ``state``, ``commands``, ``events``,
``setup``, ``evolve``, ``rules``, ``procedures``, ``scoring``, ``views``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar

import msgspec

from domain.kernel import (
    CommandBase,
    Emitter,
    EventBase,
    Outcome,
    Rng,
    Ruleset,
    RulesetBase,
    RuleViolation,
    Seat,
    SetupContext,
    Standing,
)
from tests.domain.examples import race

# --- components -------------------------------------------------------------


class RaceComponents(msgspec.Struct, frozen=True, kw_only=True):
    steps: tuple[int, ...] = (1, 2, 3)
    """How much a turn may add."""


COMPONENTS = RaceComponents()

# --- options ----------------------------------------------------------------


class RaceOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    seat_count: Annotated[int, msgspec.Meta(ge=2, le=3)] = 2
    target: Annotated[int, msgspec.Meta(ge=1, le=100)] = 21


def validate_options(options: RaceOptions) -> None:
    if not 2 <= options.seat_count <= 3:
        raise RuleViolation("invalid_seat_count", "2 or 3 seats")


# --- state ------------------------------------------------------------------


class RaceState(msgspec.Struct, frozen=True, kw_only=True):
    seats: tuple[Seat, ...]
    target: int
    total: int = 0
    to_act: Seat | None = None
    winner: Seat | None = None


class RaceView(msgspec.Struct, frozen=True, kw_only=True):
    seats: tuple[Seat, ...]
    target: int
    total: int
    to_act: Seat | None
    winner: Seat | None


# --- commands and events ----------------------------------------------------


class RaceAdd(CommandBase, frozen=True, tag="race.add"):
    amount: int


RaceCommand = RaceAdd


class RaceGameCreated(EventBase, frozen=True, tag="race.game_created"):
    seats: tuple[Seat, ...]
    target: int
    first_roll: int
    """The die (1..6) that chose the first seat: seat ``(roll - 1) % seat_count``."""


class RaceAdded(EventBase, frozen=True, tag="race.added"):
    seat: Seat
    amount: int
    total: int


class RaceTurnStarted(EventBase, frozen=True, tag="race.turn_started"):
    seat: Seat


class RaceGameEnded(EventBase, frozen=True, tag="race.game_ended"):
    winner: Seat


RaceEvent = RaceGameCreated | RaceAdded | RaceTurnStarted | RaceGameEnded

# --- setup ------------------------------------------------------------------


def seats(options: RaceOptions) -> tuple[Seat, ...]:
    return tuple(f"seat_{i}" for i in range(options.seat_count))


def setup(options: RaceOptions, context: SetupContext, rng: Rng) -> list[Any]:
    roll = rng.die()
    ids = seats(options)
    return [
        RaceGameCreated(seats=ids, target=options.target, first_roll=roll),
        RaceTurnStarted(seat=ids[(roll - 1) % len(ids)]),
    ]


# --- evolve: one table of named handlers ------------------------------------


def _created(state: RaceState | None, e: RaceGameCreated) -> RaceState:
    return RaceState(seats=e.seats, target=e.target)


def _added(state: RaceState | None, e: RaceAdded) -> RaceState:
    assert state is not None
    return msgspec.structs.replace(state, total=e.total, to_act=None)


def _turn_started(state: RaceState | None, e: RaceTurnStarted) -> RaceState:
    assert state is not None
    return msgspec.structs.replace(state, to_act=e.seat)


def _ended(state: RaceState | None, e: RaceGameEnded) -> RaceState:
    assert state is not None
    return msgspec.structs.replace(state, winner=e.winner, to_act=None)


HANDLERS: dict[type[Any], Callable[[RaceState | None, Any], RaceState]] = {
    RaceGameCreated: _created,
    RaceAdded: _added,
    RaceTurnStarted: _turn_started,
    RaceGameEnded: _ended,
}


def evolve(state: RaceState | None, event: Any) -> RaceState:
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"race cannot fold {type(event).__name__}")
    return handler(state, event)


# --- rules and procedures ---------------------------------------------------


def legal_commands(state: RaceState, seat: Seat) -> list[RaceCommand]:
    if state.to_act != seat:
        return []
    room = state.target - state.total
    return [RaceAdd(amount=n) for n in COMPONENTS.steps if n <= room]


def decide(state: RaceState, seat: Seat, command: RaceCommand, rng: Rng) -> list[Any]:
    if seat not in state.seats:
        raise RuleViolation("unknown_seat", f"{seat} is not a seat of this game", {"seat": seat})
    if state.winner is not None:
        raise RuleViolation("game_over", "the game is over")
    if state.to_act != seat:
        raise RuleViolation("not_your_turn", f"it is {state.to_act}'s turn", {"seat": seat})
    if command.amount not in COMPONENTS.steps or state.total + command.amount > state.target:
        raise RuleViolation(
            "invalid_amount", f"cannot add {command.amount}", {"amount": command.amount}
        )
    emitter = Emitter(evolve, state, rng)
    emitter.emit(RaceAdded(seat=seat, amount=command.amount, total=state.total + command.amount))
    if emitter.state.total == state.target:
        emitter.emit(RaceGameEnded(winner=seat))
    else:
        following = state.seats[(state.seats.index(seat) + 1) % len(state.seats)]
        emitter.emit(RaceTurnStarted(seat=following))
    return emitter.events


def to_act(state: RaceState) -> list[Seat]:
    return [state.to_act] if state.to_act is not None else []


def outcome(state: RaceState) -> Outcome | None:
    if state.winner is None:
        return None
    others = [s for s in state.seats if s != state.winner]
    standings = [Standing(seat=state.winner, rank=1, score=1)]
    standings += [Standing(seat=s, rank=2, score=0) for s in others]
    return Outcome(standings=tuple(standings), winners=(state.winner,), decided_by="score")


# --- views ------------------------------------------------------------------


def view(state: RaceState, seat: Seat | None) -> RaceView:
    return RaceView(
        seats=state.seats,
        target=state.target,
        total=state.total,
        to_act=state.to_act,
        winner=state.winner,
    )


def redact(event: Any, seat: Seat | None) -> Any:
    return event  # perfect information: nothing to hide


# --- the ruleset ------------------------------------------------------------


class RaceRuleset(RulesetBase):
    name: ClassVar[str] = "race"
    title: ClassVar[str] = "Race to the target"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3

    Options: ClassVar[type[RaceOptions]] = RaceOptions
    Command: ClassVar[Any] = RaceCommand
    Event: ClassVar[Any] = RaceEvent
    State: ClassVar[type[RaceState]] = RaceState
    View: ClassVar[type[RaceView]] = RaceView
    Components: ClassVar[type[RaceComponents]] = RaceComponents
    components: ClassVar[RaceComponents] = COMPONENTS


# This module plays every part of a game's layout: options, setup, rules, evolve,
# views and scoring (it imports itself to pass them; it is complete by now).
RULESET: Ruleset[RaceOptions, RaceState, RaceCommand, RaceEvent, RaceView] = RaceRuleset.assemble(
    race, race, race, race, race, race
)
