"""Spec scenarios T32-T35 and T37: scoring, tie-breaks, the private peek,
upgrade errors and the payment rule as a pure function."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from domain.eclats_des_cites import events as ev
from domain.eclats_des_cites.payment import choose_payment
from domain.eclats_des_cites.rules import outcome
from domain.eclats_des_cites.scoring import ranking, scores
from domain.eclats_des_cites.state import EclatsResult
from tests.domain.eclats_des_cites.helpers import (
    RS,
    given,
    play,
    rejected,
    seat,
    take,
    types,
    upgrade,
)


def test_t32_scoring() -> None:
    state = given(
        2,
        wonders={0: "palais"},
        stages={0: 3},
        tableaux={0: {"jardin_des_brumes": 2, "archives_des_echos": 1, "bois": 2}},
        upgrades={0: ["commerce", "progres", "bonus"]},
    )
    p0 = replace(state.players[0], victories=2)
    state = replace(state, players=(p0, *state.players[1:]))
    s0 = scores(state)[0]
    assert s0 == ev.EclatsScore(
        seat=0,
        stages=3,
        stage_prestige=10,
        culture=8,
        victories=2,
        victory_prestige=6,
        progress=6,
        total=30,
    )
    # Without Progrès the other upgrades are worth nothing.
    p0 = replace(p0, upgrades=("commerce", "bonus"))
    assert scores(replace(state, players=(p0, *state.players[1:])))[0].progress == 0


def test_t33_tie_breaks() -> None:
    assert ranking([30, 30, 25], [4, 5, 2], 0) == ([1, 0, 2], "stages_built")
    assert ranking([30, 30, 25], [4, 4, 2], 0) == ([1, 0, 2], "turn_position")
    assert ranking([30, 25, 30], [4, 2, 4], 2) == ([0, 2, 1], "turn_position")
    assert ranking([20, 30, 25], [5, 0, 2], 0) == ([1, 2, 0], "score")


def test_t33_outcome_reports_the_tie_break() -> None:
    state = given(3, first_seat=2)
    table = [
        ev.EclatsScore(
            seat=i,
            stages=st,
            stage_prestige=0,
            culture=t,
            victories=0,
            victory_prestige=0,
            progress=0,
            total=t,
        )
        for i, (t, st) in enumerate([(30, 4), (25, 2), (30, 4)])
    ]
    result = EclatsResult(
        reason="piles_exhausted", scores=tuple(table), ranking=(0, 2, 1), winner=0
    )
    done = replace(state, status="finished", pending=None, turn=None, result=result)
    out = outcome(done)
    assert out is not None
    assert out.ranking == ("seat_0", "seat_2", "seat_1")
    assert [s.rank for s in out.standings] == [1, 2, 3]
    assert out.winners == ("seat_0",) and out.decided_by == "turn_position"
    assert out.scores == {"seat_0": 30, "seat_1": 25, "seat_2": 30}


def test_t34_the_exploration_peek_is_private() -> None:
    state = given(
        3, seat_index=1, upgrades={2: ["exploration"]}, piles={"central": ["heraut", ...]}
    )
    state, out = play(state, seat(1), take("border_1"))
    assert out[-3:] == [
        ev.EclatsTurnStarted(seat=2, turn_number=2),
        ev.EclatsCentralTopPeeked(seat=2, card_id="heraut"),
        ev.EclatsDecisionRequested(
            seat=2, kind="take_card", source="turn", options=["border_2", "border_1", "central"]
        ),
    ]
    peek = out[-2]
    assert RS.redact(peek, "seat_2") == peek
    for viewer in ("seat_0", "seat_1", None):
        assert RS.redact(peek, viewer) == ev.EclatsCentralTopPeeked(seat=2, card_id=None)
        turn = RS.view(state, viewer).turn
        assert turn is not None and turn.peeked_card is None
    turn = RS.view(state, "seat_2").turn
    assert turn is not None and turn.peeked_card == "heraut"
    # With an empty central pile there is nothing to peek at.
    empty = given(3, seat_index=1, upgrades={2: ["exploration"]}, piles={"central": []})
    _, out = play(empty, seat(1), take("border_1"))
    assert "central_top_peeked" not in types(out)
    assert types(out)[-2:] == ["turn_started", "decision_requested"]


def test_t35_upgrade_errors_and_slot_refill() -> None:
    state = given(
        2,
        tableaux={0: {"roue": 1}},
        face_up=["commerce", "bonus", "progres"],
        hidden=["technologie", "protection", "exploration", "multiplicateur"],
        piles={"border_0": ["roue", ...]},
    )
    state, _ = play(state, seat(0), take("border_0"))
    assert state.pending is not None and state.pending.kind == "choose_upgrade"
    rejected(state, seat(0), upgrade("technologie"), "upgrade_not_available")
    rejected(state, seat(0), upgrade("magie"), "unknown_upgrade")
    after, out = play(state, seat(0), upgrade("bonus"))
    assert out[0] == ev.EclatsUpgradeTaken(
        seat=0, upgrade_id="bonus", from_="face_up", slot=1, replacement="technologie"
    )
    assert after.upgrades_face_up == ("commerce", "technologie", "progres")
    assert msgspec.to_builtins(out[0])["from"] == "face_up"

    others = ["commerce", "exploration", "technologie", "bonus", "multiplicateur", "progres"]
    state = given(
        2,
        upgrades={1: others},
        face_up=["protection"],
        hidden=[],
        tableaux={0: {"roue": 1}},
        piles={"border_0": ["roue", ...]},
    )
    state, _ = play(state, seat(0), take("border_0"))
    assert RS.legal_commands(state, "seat_0") == [upgrade("protection")]
    rejected(state, seat(0), upgrade("hidden"), "hidden_pile_empty")
    rejected(state, seat(0), upgrade("bonus"), "upgrade_not_available")  # held by seat_1
    after, out = play(state, seat(0), upgrade("protection"))
    assert out[0] == ev.EclatsUpgradeTaken(
        seat=0, upgrade_id="protection", from_="face_up", slot=0, replacement=None
    )
    assert after.upgrades_face_up == ()


def test_face_up_row_shrinks_keeping_order_when_the_hidden_pile_is_empty() -> None:
    state = given(
        2,
        upgrades={1: ["exploration", "technologie", "multiplicateur", "progres"]},
        face_up=["commerce", "bonus", "protection"],
        hidden=[],
        tableaux={0: {"roue": 1}},
        piles={"border_0": ["roue", ...]},
    )
    state, _ = play(state, seat(0), take("border_0"))
    assert RS.legal_commands(state, "seat_0") == [
        upgrade("commerce"),
        upgrade("bonus"),
        upgrade("protection"),
    ]
    after, _ = play(state, seat(0), upgrade("commerce"))
    assert after.upgrades_face_up == ("bonus", "protection")


PAYMENTS = [
    ("a", {"bois": 1, "pierre": 1, "prisme_de_seve": 1}, 3, "different", "", ["bois", "prisme_de_seve"], None),
    ("b", {"bois": 1, "energie": 1, "caravane": 1, "prisme_de_seve": 1}, 3, "different", "", ["bois", "prisme_de_seve"], None),
    ("c", {"bois": 1, "energie": 1, "caravane": 1, "prisme_de_seve": 1}, 3, "different", "multiplicateur", ["bois", "energie"], "energie"),
    ("d", {"metal": 1, "caravane": 1, "comptoir": 1}, 2, "identical", "", ["metal", "caravane"], None),
    ("e", {"bois": 1, "pierre": 2, "cristal": 1, "energie": 1}, 3, "identical", "technologie", ["bois", "pierre", "pierre"], None),
    ("f", {"prisme_de_seve": 1}, 2, "identical", "", ["prisme_de_seve"], None),
    ("g", {"bois": 1, "pierre": 1, "energie": 1}, 4, "different", "", None, None),
    ("h", {"bois": 2, "pierre": 1, "metal": 1, "cristal": 1}, 3, "different", "", ["pierre", "metal", "cristal"], None),
    ("i", {"bois": 3, "pierre": 3}, 3, "identical", "", ["bois", "bois", "bois"], None),
    ("j", {"bois": 1, "energie": 1, "prisme_de_seve": 1}, 2, "identical", "", ["bois", "energie"], None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tableau", "count", "pattern", "flags", "spent", "doubled"),
    [p[1:] for p in PAYMENTS],
    ids=[p[0] for p in PAYMENTS],
)
def test_t37_payment_rule_as_a_pure_function(
    tableau: dict[str, int],
    count: int,
    pattern: str,
    flags: str,
    spent: list[str] | None,
    doubled: str | None,
) -> None:
    effective = "any" if flags == "technologie" else pattern
    got = choose_payment(tableau, count, effective, flags == "multiplicateur")  # type: ignore[arg-type]
    if spent is None:
        assert got is None
    else:
        assert got == (spent, doubled)


def test_multiplicateur_never_doubles_the_prisme_nor_doubles_when_not_needed() -> None:
    # Only a Prisme: it gives 2 units, the Multiplicateur cannot make it 3 (D10).
    assert choose_payment({"prisme_de_seve": 1, "bois": 1}, 4, "any", True) is None
    # Resources alone cover the stage: no joker is spent, nothing is doubled.
    assert choose_payment({"bois": 1, "pierre": 1, "energie": 1}, 2, "different", True) == (
        ["bois", "pierre"],
        None,
    )
    # One doubled joker is cheaper (K1) than two jokers: the second one is kept.
    assert choose_payment({"energie": 2}, 2, "identical", True) == (["energie"], "energie")
    assert choose_payment({"energie": 2}, 2, "identical", False) == (["energie", "energie"], None)
    # One joker doubled covers the 2 units.
    assert choose_payment({"energie": 1}, 2, "different", True) == (["energie"], "energie")
    assert choose_payment({"energie": 1}, 2, "different", False) is None


def test_construction_only_for_the_player_whose_turn_it_is() -> None:
    # S1 holds an affordable stage 1 but it is S0's turn: nothing is built for S1 (D13).
    state = given(2, tableaux={1: {"bois": 1, "pierre": 1}}, piles={"border_0": ["roue", ...]})
    state, out = play(state, seat(0), take("border_0"))
    assert "stage_built" not in types(out)
    assert state.players[1].stages_built == 0
