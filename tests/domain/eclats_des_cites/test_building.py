"""Spec scenarios T08-T17, T25-T26 and T35: construction, science, upgrades, powers."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.eclats_des_cites import events as ev
from domain.eclats_des_cites.battle import strength
from domain.eclats_des_cites.components import FINAL_STAGE, SeatIndex
from tests.domain.eclats_des_cites.helpers import (
    FILLER,
    RS,
    given,
    play,
    rejected,
    seat,
    tableau,
    take,
    types,
    upgrade,
)

PYR = {0: "pyramide_des_aurores"}


def built(
    stage: int,
    prestige: int,
    spent: list[str],
    *,
    seat_index: SeatIndex = 0,
    doubled: str | None = None,
    rule: str = "standard",
) -> ev.EclatsStageBuilt:
    return ev.EclatsStageBuilt(
        seat=seat_index,
        stage=stage,
        prestige=prestige,
        spent=spent,  # type: ignore[arg-type]
        doubled_joker=doubled,  # type: ignore[arg-type]
        rule=rule,  # type: ignore[arg-type]
        wonder_completed=stage == FINAL_STAGE,
    )


def test_t08_stage_1_built_automatically() -> None:
    state = given(2, wonders=PYR, tableaux={0: {"bois": 1}}, piles={"central": ["pierre", ...]})
    state, out = play(state, seat(0), take("central"))
    assert out[:4] == [
        ev.EclatsCardTaken(seat=0, pile_id="central", card_id="pierre", new_top=None),
        ev.EclatsCardPlayed(seat=0, card_id="pierre"),
        built(1, 4, ["bois", "pierre"]),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert tableau(state, 0) == {}
    assert state.players[0].stages_built == 1
    assert state.discard[-2:] == ("bois", "pierre")


def test_t09_two_stages_from_one_card_and_colosse_reaches_a_far_pile() -> None:
    state = given(
        4, wonders={0: "colosse"}, tableaux={0: {"bois": 3}}, piles={"central": ["pierre", ...]}
    )
    state, out = play(state, seat(0), take("central"))
    assert out == [
        ev.EclatsCardTaken(seat=0, pile_id="central", card_id="pierre", new_top=None),
        ev.EclatsCardPlayed(seat=0, card_id="pierre"),
        built(1, 3, ["bois", "pierre"]),
        built(2, 4, ["bois", "bois"]),
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="colosse", stage=2),
        ev.EclatsExtraTakeGranted(seat=0, source="colosse"),
        ev.EclatsGrantStarted(seat=0, source="colosse"),
        ev.EclatsDecisionRequested(
            seat=0,
            kind="take_card",
            source="colosse",
            options=["central", "border_0", "border_1", "border_2", "border_3"],
        ),
    ]
    state, out = play(state, seat(0), take("border_2"))
    assert out[0] == ev.EclatsCardTaken(seat=0, pile_id="border_2", card_id=FILLER, new_top=FILLER)
    assert types(out)[-3:] == ["turn_ended", "turn_started", "decision_requested"]


def test_t10_identical_stage_tie_between_materials() -> None:
    state = given(
        2,
        wonders=PYR,
        stages={0: 1},
        tableaux={0: {"bois": 1, "pierre": 1}},
        piles={"border_0": ["caravane", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2] == built(2, 5, ["bois", "caravane"])
    assert tableau(state, 0) == {"pierre": 1}


def test_t11_a_prisme_with_the_largest_stack_for_an_identical_stage() -> None:
    state = given(
        2,
        wonders=PYR,
        stages={0: 3},
        tableaux={0: {"bois": 2, "pierre": 1}},
        piles={"central": ["prisme_de_seve", ...]},
    )
    state, out = play(state, seat(0), take("central"))
    assert out[2] == built(4, 6, ["bois", "prisme_de_seve"])
    assert types(out).count("stage_built") == 1
    assert tableau(state, 0) == {"bois": 1, "pierre": 1}
    assert state.players[0].stages_built == 4


def test_t12_the_multiplicateur_doubles_a_joker_and_keeps_the_resource() -> None:
    state = given(
        2,
        wonders=PYR,
        stages={0: 1},
        upgrades={0: ["multiplicateur"]},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["energie", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2] == built(2, 5, ["energie"], doubled="energie")
    assert tableau(state, 0) == {"bois": 1}


def test_t13_technologie_taken_from_science_builds_at_once() -> None:
    state = given(
        2,
        wonders=PYR,
        stages={0: 3},
        tableaux={0: {"bois": 1, "pierre": 1, "metal": 1, "roue": 1}},
        face_up=["technologie", "bonus", "commerce"],
        hidden=["protection", "progres", "exploration", "multiplicateur"],
        piles={"border_0": ["roue", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out == [
        ev.EclatsCardTaken(seat=0, pile_id="border_0", card_id="roue", new_top=FILLER),
        ev.EclatsCardPlayed(seat=0, card_id="roue"),
        ev.EclatsScienceSetCompleted(seat=0, card_ids=["roue", "roue"]),
        ev.EclatsDecisionRequested(
            seat=0,
            kind="choose_upgrade",
            source="science",
            options=["technologie", "bonus", "commerce", "hidden"],
        ),
    ]
    state, out = play(state, seat(0), upgrade("technologie"))
    assert out[:3] == [
        ev.EclatsUpgradeTaken(
            seat=0, upgrade_id="technologie", from_="face_up", slot=0, replacement="protection"
        ),
        built(4, 6, ["bois", "pierre", "metal"], rule="technologie"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert state.upgrades_face_up == ("protection", "bonus", "commerce")
    assert state.upgrades_hidden == ("progres", "exploration", "multiplicateur")


def test_t14_three_different_symbols_and_taking_the_hidden_token() -> None:
    state = given(
        2,
        tableaux={0: {"roue": 1, "spirale": 1}},
        face_up=["commerce", "bonus", "progres"],
        hidden=["multiplicateur", "technologie", "protection", "exploration"],
        piles={"border_0": ["tablette", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2:] == [
        ev.EclatsScienceSetCompleted(seat=0, card_ids=["roue", "spirale", "tablette"]),
        ev.EclatsDecisionRequested(
            seat=0,
            kind="choose_upgrade",
            source="science",
            options=["commerce", "bonus", "progres", "hidden"],
        ),
    ]
    state, out = play(state, seat(0), upgrade("hidden"))
    assert out[0] == ev.EclatsUpgradeTaken(
        seat=0, upgrade_id="multiplicateur", from_="hidden", slot=None, replacement=None
    )
    assert state.upgrades_face_up == ("commerce", "bonus", "progres")
    assert state.upgrades_hidden == ("technologie", "protection", "exploration")
    assert state.players[0].upgrades == ("multiplicateur",)
    assert tableau(state, 0) == {}


def test_t15_no_upgrade_left_science_cards_stay() -> None:
    every = [
        "commerce",
        "exploration",
        "technologie",
        "protection",
        "bonus",
        "multiplicateur",
        "progres",
    ]
    state = given(
        2,
        upgrades={1: every},
        face_up=[],
        hidden=[],
        tableaux={0: {"roue": 1}},
        piles={"border_0": ["roue", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert types(out)[:3] == ["card_taken", "card_played", "turn_ended"]
    assert out[1] == ev.EclatsCardPlayed(seat=0, card_id="roue")
    assert "science_set_completed" not in types(out)
    assert tableau(state, 0) == {"roue": 2}


def test_t16_commerce_gives_one_extra_card_for_the_first_joker_only() -> None:
    state = given(
        4,
        wonders=PYR,
        stages={0: 4},
        upgrades={0: ["commerce"]},
        piles={"border_0": ["energie", ...], "central": ["caravane", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[1:] == [
        ev.EclatsCardPlayed(seat=0, card_id="energie"),
        ev.EclatsExtraTakeGranted(seat=0, source="commerce"),
        ev.EclatsGrantStarted(seat=0, source="commerce"),
        ev.EclatsDecisionRequested(
            seat=0, kind="take_card", source="commerce", options=["border_0", "border_3", "central"]
        ),
    ]
    state, out = play(state, seat(0), take("central"))
    assert out[1:3] == [
        ev.EclatsCardPlayed(seat=0, card_id="caravane"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert "extra_take_granted" not in types(out) and "stage_built" not in types(out)
    assert state.players[0].stages_built == 4


def test_t17_bonus_once_per_turn_in_a_chain() -> None:
    state = given(
        2,
        wonders=PYR,
        upgrades={0: ["bonus"]},
        tableaux={0: {"bois": 3}},
        piles={"central": ["pierre", ...]},
    )
    state, out = play(state, seat(0), take("central"))
    assert out[2:] == [
        built(1, 4, ["bois", "pierre"]),
        ev.EclatsExtraTakeGranted(seat=0, source="bonus"),
        built(2, 5, ["bois", "bois"]),
        ev.EclatsGrantStarted(seat=0, source="bonus"),
        ev.EclatsDecisionRequested(
            seat=0, kind="take_card", source="bonus", options=["border_0", "border_1", "central"]
        ),
    ]
    assert types(out).count("extra_take_granted") == 1


def test_t25_sanctuaire_shields_and_the_protection_upgrade_in_strength() -> None:
    state = given(
        2,
        wonders={0: "sanctuaire"},
        stages={0: 1},
        tableaux={0: {"pierre": 1, "sentinelle": 1}},
        piles={"border_0": ["pierre", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2:5] == [
        built(2, 4, ["pierre", "pierre"]),
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="sanctuaire", stage=2),
        ev.EclatsPermanentShieldsGained(seat=0, amount=1, total=1),
    ]
    assert strength(state, 0) == 2
    p0 = replace(state.players[0], upgrades=("protection",))
    later = replace(state, players=(p0, *state.players[1:]))
    assert strength(later, 0) == 4


def test_t26_palais_power_is_a_pending_upgrade_choice() -> None:
    state = given(
        2,
        wonders={0: "palais"},
        stages={0: 1},
        tableaux={0: {"metal": 1}},
        face_up=["commerce", "bonus", "progres"],
        piles={"border_0": ["metal", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2:] == [
        built(2, 3, ["metal", "metal"]),
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="palais", stage=2),
        ev.EclatsDecisionRequested(
            seat=0,
            kind="choose_upgrade",
            source="palais",
            options=["commerce", "bonus", "progres", "hidden"],
        ),
    ]
    rejected(state, seat(0), take("central"), "wrong_command")
    state, out = play(state, seat(0), upgrade("bonus"))
    assert types(out)[:2] == ["upgrade_taken", "turn_ended"]
    # D17: Bonus taken with the power of the turn's first stage gives no grant.
    assert "extra_take_granted" not in types(out)


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


def test_construction_only_for_the_player_whose_turn_it_is() -> None:
    # S1 holds an affordable stage 1 but it is S0's turn: nothing is built for S1 (D13).
    state = given(2, tableaux={1: {"bois": 1, "pierre": 1}}, piles={"border_0": ["roue", ...]})
    state, out = play(state, seat(0), take("border_0"))
    assert "stage_built" not in types(out)
    assert state.players[1].stages_built == 0
