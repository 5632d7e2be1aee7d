"""Setup (§4, §5): seats, colours and the turn order; spec scenarios T2 and T38."""

from __future__ import annotations

from domain.kernel import (
    Rng,
    SeatedPlayer,
    SetupContext,
    fold,
)
from domain.petits_dragons.commands import PetitsDragonsRollDice
from domain.petits_dragons.events import PetitsDragonsGameCreated, PetitsDragonsTurnStarted
from domain.petits_dragons.options import PetitsDragonsOptions
from tests.domain.petits_dragons.helpers import (
    new,
    rejected,
    rs,
)


def test_t02_turn_order() -> None:
    state = new([["white"], ["green"], ["red"]])
    assert state.turn_order == ["green", "white", "red"]
    assert state.turn is not None and state.turn.colour == "green"
    assert state.turn.number == 1 and state.round == 1


def test_t38_default_game_and_seats() -> None:
    opts = PetitsDragonsOptions()
    log = rs.setup(opts, SetupContext(players=(SeatedPlayer(seat="seat_0"),)), Rng("x", 0))
    created, started = log
    assert isinstance(created, PetitsDragonsGameCreated)
    assert isinstance(started, PetitsDragonsTurnStarted)
    assert [(s.seat, s.colours) for s in created.seats] == [
        ("seat_0", ["green"]),
        ("seat_1", ["black"]),
    ]
    assert created.turn_order == ["green", "black"]
    assert created.side == {"green": "seat_0", "black": "seat_1"}
    assert (started.colour, started.seat, started.round) == ("green", "seat_0", 1)
    state = fold(rs, log)
    rejected(state, "seat_1", PetitsDragonsRollDice(), "not_your_turn")
    rejected(state, "seat_2", PetitsDragonsRollDice(), "unknown_seat")
