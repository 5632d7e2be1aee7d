"""One test per error code of the spec (sections 4 and 7), and the 7.0 order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain import Rng, RuleViolation, fold
from domain.eclats_des_cites.commands import EclatsTakeCard
from domain.eclats_des_cites.options import EclatsOptions
from domain.kernel import Seat
from tests.domain.eclats_des_cites.helpers import (
    RS,
    given,
    pick,
    play,
    rejected,
    seat,
    setup_events,
    take,
    upgrade,
    wonder,
)


class Foreign(msgspec.Struct, frozen=True):
    """Not an Éclats command."""

    pile_id: str = "central"


S0 = seat(0)


def _choosing() -> Any:
    events = setup_events(2)
    return fold(RS, events)


def _upgrade_pending(**kw: Any) -> Any:
    state = given(2, tableaux={0: {"roue": 1}}, piles={"border_0": ["roue", ...]}, **kw)
    return play(state, seat(0), take("border_0"))[0]


def _reveal_pending() -> Any:
    state = given(2, piles={"border_0": ["boussole", ...], "central": ["bois", "metal", ...]})
    return play(state, seat(0), take("border_0"))[0]


def _finished() -> Any:
    state = given(2, piles={"central": [], "border_1": [], "border_0": ["bois"]})
    return play(state, seat(0), take("border_0"))[0]


def _wonder_taken() -> tuple[Any, Seat, Any]:
    state = _choosing()
    first = state.pending.seat
    state, _ = play(state, seat(first), wonder("palais"))
    return state, seat(1 - first), wonder("palais")


def _hidden_empty() -> tuple[Any, Seat, Any]:
    rest = ["commerce", "exploration", "technologie", "bonus", "multiplicateur", "progres"]
    return (
        _upgrade_pending(upgrades={1: rest}, face_up=["protection"], hidden=[]),
        S0,
        upgrade("hidden"),
    )


CASES: dict[str, Callable[[], tuple[Any, Seat, Any]]] = {
    "invalid_payload": lambda: (given(2), S0, Foreign()),
    "not_a_player": lambda: (given(2), "seat_2", take("central")),
    "game_finished": lambda: (_finished(), S0, take("central")),
    "not_your_turn": lambda: (given(2, seat_index=1), S0, take("central")),
    "wrong_command": lambda: (given(2), S0, upgrade("bonus")),
    "unknown_wonder": lambda: (_choosing(), seat(_choosing().pending.seat), wonder("tour")),
    "wonder_taken": _wonder_taken,
    "unknown_pile": lambda: (given(2), S0, take("border_2")),
    "pile_not_allowed": lambda: (given(3), S0, take("border_1")),
    "pile_empty": lambda: (given(2, piles={"central": []}), S0, take("central")),
    "card_not_revealed": lambda: (_reveal_pending(), S0, pick("pierre")),
    "unknown_upgrade": lambda: (_upgrade_pending(), S0, upgrade("magie")),
    "upgrade_not_available": lambda: (
        _upgrade_pending(face_up=["commerce", "bonus", "progres"]),
        S0,
        upgrade("technologie"),
    ),
    "hidden_pile_empty": _hidden_empty,
}


@pytest.mark.parametrize("code", list(CASES))
def test_error_code(code: str) -> None:
    state, who, command = CASES[code]()
    rejected(state, who, command, code)


def test_invalid_options() -> None:
    bads: tuple[Any, ...] = (EclatsOptions(seat_count=1), EclatsOptions(seat_count=6), None)
    for bad in bads:
        with pytest.raises(RuleViolation) as exc:
            RS.validate_options(bad)
        assert exc.value.code == "invalid_options"
    # An unknown option or a value of the wrong type does not decode (README decision 3);
    # a seat count out of range decodes, and validate_options refuses it.
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"seat_count": 2, "seed": 4}', type=EclatsOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"seat_count": "3"}, type=EclatsOptions)
    with pytest.raises(msgspec.DecodeError):
        msgspec.json.decode(b"[", type=EclatsOptions)
    with pytest.raises(RuleViolation) as exc:
        RS.validate_options(msgspec.json.decode(b'{"seat_count": 6}', type=EclatsOptions))
    assert exc.value.code == "invalid_options"
    assert msgspec.json.decode(b"{}", type=EclatsOptions) == EclatsOptions(seat_count=2)
    assert msgspec.convert({"seat_count": 5}, type=EclatsOptions).seat_count == 5
    for n in range(2, 6):
        RS.validate_options(EclatsOptions(seat_count=n))


def test_validation_order_of_7_0() -> None:
    finished = _finished()
    # An unknown seat is reported before the end of the game, the end before the turn.
    rejected(finished, "seat_9", take("central"), "not_a_player")
    rejected(finished, seat(1), upgrade("bonus"), "game_finished")
    # The turn is checked before the kind of command.
    rejected(given(2, seat_index=1), seat(0), upgrade("bonus"), "not_your_turn")
    # A malformed command is reported first of all.
    rejected(finished, "seat_9", EclatsTakeCard(pile_id=3), "invalid_payload")  # type: ignore[arg-type]


def test_error_messages_name_the_offending_thing() -> None:
    try:
        RS.decide(given(3), "seat_0", take("border_1"), Rng("x", 1))
    except RuleViolation as exc:
        assert "border_1" in exc.message and exc.details["pile_id"] == "border_1"
    else:  # pragma: no cover
        raise AssertionError("accepted")
