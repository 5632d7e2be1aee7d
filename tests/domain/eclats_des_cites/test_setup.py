"""Spec scenarios T01-T07 and T36: setup, wonder choice, piles, turn errors."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

from domain import Rng, fold
from domain.eclats_des_cites import events as ev
from domain.eclats_des_cites.commands import EclatsCommand
from domain.eclats_des_cites.components import WONDER_IDS
from tests.domain.eclats_des_cites.helpers import (
    RS,
    given,
    play,
    rejected,
    seat,
    setup_events,
    take,
    types,
    wonder,
)


def seed_with_first_seat(n: int, first: int) -> list[Any]:
    """The setup events of the first seed (s0, s1, ...) whose R1 draw is ``first``."""
    for k in range(200):
        events = setup_events(n, seed=f"s{k}")
        if events[0].first_seat == first:
            return events
    raise AssertionError("no seed found")


def deck_counts(e: ev.EclatsGameSetUp) -> Counter[str]:
    assert e.central is not None and e.borders is not None
    counts: Counter[str] = Counter(e.central)
    for cards in e.borders.values():
        counts.update(cards)
    return counts


def test_t01_setup_with_2_players() -> None:
    events = seed_with_first_seat(2, 1)
    setup = events[0]
    assert isinstance(setup, ev.EclatsGameSetUp)
    assert setup.seat_count == 2 and RS.seats(RS.Options()) == ("seat_0", "seat_1")
    assert setup.central is not None and len(setup.central) == 60
    central = Counter(setup.central)
    assert central["bois"] == 4 and central["prisme_de_seve"] == 1
    assert setup.borders is not None and set(setup.borders) == {"border_0", "border_1"}
    for cards in setup.borders.values():
        assert len(cards) == 25
        assert Counter(cards)["bois"] == 2 and "prisme_de_seve" not in cards
    assert sum(deck_counts(setup).values()) == 110
    assert setup.upgrades_hidden is not None
    assert len(setup.upgrades_face_up) == 3 and len(setup.upgrades_hidden) == 4
    assert len(set(setup.upgrades_face_up) | set(setup.upgrades_hidden)) == 7
    assert setup.wonder_choice_order == [0, 1]
    state = fold(RS, events)
    assert state.alerts == 0 and state.status == "choosing_wonders"
    assert events[1:] == [
        ev.EclatsDecisionRequested(
            seat=0, kind="choose_wonder", source="setup", options=list(WONDER_IDS)
        )
    ]
    assert WONDER_IDS == (
        "observatoire",
        "sanctuaire",
        "colosse",
        "pyramide_des_aurores",
        "palais",
    )


def test_t02_setup_with_5_players_and_the_automatic_last_wonder() -> None:
    events = seed_with_first_seat(5, 2)
    setup = events[0]
    assert setup.wonder_choice_order == [1, 0, 4, 3, 2]
    counts = deck_counts(setup)
    assert sum(counts.values()) == 185
    assert counts["bois"] == 14 and counts["sentinelle"] == 14
    assert counts["prisme_de_seve"] == 1 and counts["belvedere"] == 2
    assert counts["archives_des_echos"] == 16
    state = fold(RS, events)
    for index, w in ((1, "palais"), (0, "observatoire"), (4, "colosse")):
        state, out = play(state, seat(index), wonder(w))
        assert types(out) == ["wonder_chosen", "decision_requested"]
    assert RS.legal_commands(state, "seat_3") == [
        wonder("sanctuaire"),
        wonder("pyramide_des_aurores"),
    ]
    state, out = play(state, seat(3), wonder("sanctuaire"))
    assert out == [
        ev.EclatsWonderChosen(seat=3, wonder_id="sanctuaire", automatic=False),
        ev.EclatsWonderChosen(seat=2, wonder_id="pyramide_des_aurores", automatic=True),
        ev.EclatsTurnStarted(seat=2, turn_number=1),
        ev.EclatsDecisionRequested(
            seat=2, kind="take_card", source="turn", options=["border_2", "border_1", "central"]
        ),
    ]
    assert state.status == "playing" and RS.to_act(state) == ["seat_2"]


def test_t03_wonder_already_taken() -> None:
    events = seed_with_first_seat(2, 0)
    assert events[0].wonder_choice_order == [1, 0]
    state = fold(RS, events)
    state, _ = play(state, seat(1), wonder("colosse"))
    assert wonder("colosse") not in RS.legal_commands(state, "seat_0")
    rejected(state, seat(0), wonder("colosse"), "wonder_taken")
    rejected(state, seat(0), wonder("tour"), "unknown_wonder")


def test_t04_pile_not_allowed_and_unknown_pile_4_players() -> None:
    state = given(4, seat_index=0)
    assert RS.legal_commands(state, "seat_0") == [
        take("border_0"),
        take("border_3"),
        take("central"),
    ]
    rejected(state, seat(0), take("border_1"), "pile_not_allowed")
    rejected(state, seat(0), take("border_7"), "unknown_pile")
    # border_4 exists only with 5 players.
    rejected(state, seat(0), take("border_4"), "unknown_pile")


def test_t05_empty_pile() -> None:
    state = given(2, piles={"border_0": []})
    assert take("border_0") not in RS.legal_commands(state, "seat_0")
    rejected(state, seat(0), take("border_0"), "pile_empty")


def test_t06_take_from_a_border_reveals_the_next_card_and_turn_passes_left() -> None:
    state = given(3, piles={"border_0": ["archives_des_echos", "bois", ...]})
    state, out = play(state, seat(0), take("border_0"))
    assert out == [
        ev.EclatsCardTaken(
            seat=0, pile_id="border_0", card_id="archives_des_echos", new_top="bois"
        ),
        ev.EclatsCardPlayed(seat=0, card_id="archives_des_echos"),
        ev.EclatsTurnEnded(seat=0),
        ev.EclatsTurnStarted(seat=1, turn_number=2),
        ev.EclatsDecisionRequested(
            seat=1, kind="take_card", source="turn", options=["border_1", "border_0", "central"]
        ),
    ]
    assert state.piles["border_0"][0] == "bois"
    assert state.players[0].tableau == {"archives_des_echos": 1}


def test_t07_two_players_share_both_border_piles() -> None:
    s0 = given(2, seat_index=0)
    assert RS.legal_commands(s0, "seat_0") == [take("border_0"), take("border_1"), take("central")]
    s1 = given(2, seat_index=1, piles={"border_0": ["bois", ...]})
    assert RS.legal_commands(s1, "seat_1") == [take("border_1"), take("border_0"), take("central")]
    _, out = play(s1, seat(1), take("border_0"))
    assert out[0] == ev.EclatsCardTaken(
        seat=1, pile_id="border_0", card_id="bois", new_top="archives_des_echos"
    )


def test_t36_turn_and_membership_errors() -> None:
    state = given(3, seat_index=1)
    rejected(state, seat(2), take("central"), "not_your_turn")
    rejected(state, "nobody", take("central"), "not_a_player")
    rejected(state, "seat_3", take("central"), "not_a_player")  # 3 seats: 0-2
    finished = given(2, piles={"central": [], "border_1": [], "border_0": ["bois"]})
    finished, out = play(finished, seat(0), take("border_0"))
    assert types(out)[-1] == "game_ended"
    rejected(finished, seat(1), take("border_0"), "game_finished")
    # "take_card with no pile_id" (or a pile_id of the wrong type) is not a command:
    # it fails to decode, so it never reaches decide (README decision 2).
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"type": "eclats_des_cites.take_card"}, type=EclatsCommand)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(
            b'{"type": "eclats_des_cites.take_card", "pile_id": 3}', type=EclatsCommand
        )
    raw = b'{"type":"eclats_des_cites.take_card","pile_id":"central"}'
    assert msgspec.json.decode(raw, type=EclatsCommand) == take("central")


def test_setup_is_reproducible_and_uses_the_rng() -> None:
    a = setup_events(3, seed="x")
    assert RS.setup(RS.Options(seat_count=3), None, Rng("x", 0)) == a  # type: ignore[arg-type]
    assert setup_events(3, seed="y") != a
