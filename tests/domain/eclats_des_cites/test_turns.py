"""Spec scenarios T18-T24 and T27-T31: reveals, battles, grants, end of game."""

from __future__ import annotations

import pytest

from domain.eclats_des_cites import events as ev
from domain.eclats_des_cites.battle import battle_victories
from tests.domain.eclats_des_cites.helpers import (
    FILLER,
    RS,
    given,
    pick,
    play,
    rejected,
    seat,
    tableau,
    take,
    types,
)


def test_t18_boussole_reveal_2_play_1_the_other_goes_under_the_pile() -> None:
    state = given(
        3,
        piles={"border_0": ["boussole", ...], "central": ["bois", "heraut", "metal", ...]},
        fill=57,
    )
    assert len(state.piles["central"]) == 60
    state, out = play(state, seat(0), take("border_0"))
    assert out[1:] == [
        ev.EclatsCardPlayed(seat=0, card_id="boussole"),
        ev.EclatsCardsRevealed(seat=0, source="boussole", card_ids=["bois", "heraut"]),
        ev.EclatsDecisionRequested(
            seat=0, kind="choose_revealed_card", source="boussole", options=["bois", "heraut"]
        ),
    ]
    assert state.turn is not None and state.turn.exploring_card == "boussole"
    rejected(state, seat(0), pick("metal"), "card_not_revealed")
    state, out = play(state, seat(0), pick("heraut"))
    assert out == [
        ev.EclatsRevealedCardChosen(
            seat=0, card_id="heraut", returned_to_bottom=["bois"], automatic=False
        ),
        ev.EclatsCardDiscarded(seat=0, card_id="boussole", reason="exploration_resolved"),
        ev.EclatsCardPlayed(seat=0, card_id="heraut"),
        ev.EclatsConflictAlerted(seat=0, card_id="heraut", alerts_added=2, alerts_lost=0, alerts=2),
        ev.EclatsTurnEnded(seat=0),
        ev.EclatsTurnStarted(seat=1, turn_number=2),
        ev.EclatsDecisionRequested(
            seat=1, kind="take_card", source="turn", options=["border_1", "border_0", "central"]
        ),
    ]
    central = state.piles["central"]
    assert len(central) == 59 and central[0] == "metal" and central[-1] == "bois"
    assert tableau(state, 0) == {"heraut": 1}
    assert state.discard == ("boussole",)
    assert state.alerts == 2


def test_t19_belvedere_with_a_single_central_card() -> None:
    state = given(2, piles={"border_0": ["belvedere", ...], "central": ["sentinelle"]})
    state, out = play(state, seat(0), take("border_0"))
    assert out[1:6] == [
        ev.EclatsCardPlayed(seat=0, card_id="belvedere"),
        ev.EclatsCardsRevealed(seat=0, source="belvedere", card_ids=["sentinelle"]),
        ev.EclatsRevealedCardChosen(
            seat=0, card_id="sentinelle", returned_to_bottom=[], automatic=True
        ),
        ev.EclatsCardDiscarded(seat=0, card_id="belvedere", reason="exploration_resolved"),
        ev.EclatsCardPlayed(seat=0, card_id="sentinelle"),
    ]
    assert state.piles["central"] == ()
    assert tableau(state, 0) == {"sentinelle": 1}


def test_t20_exploration_with_an_empty_central_pile() -> None:
    state = given(2, piles={"central": [], "border_0": ["boussole", ...]})
    state, out = play(state, seat(0), take("border_0"))
    assert out[1:4] == [
        ev.EclatsCardPlayed(seat=0, card_id="boussole"),
        ev.EclatsCardDiscarded(seat=0, card_id="boussole", reason="exploration_resolved"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert "cards_revealed" not in types(out)


def test_t21_nested_exploration() -> None:
    state = given(
        2,
        piles={
            "border_0": ["belvedere", ...],
            "central": ["boussole", "bois", "metal", "pierre", "cristal", ...],
        },
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[2] == ev.EclatsCardsRevealed(
        seat=0, source="belvedere", card_ids=["boussole", "bois", "metal"]
    )
    state, out = play(state, seat(0), pick("boussole"))
    assert out == [
        ev.EclatsRevealedCardChosen(
            seat=0, card_id="boussole", returned_to_bottom=["bois", "metal"], automatic=False
        ),
        ev.EclatsCardDiscarded(seat=0, card_id="belvedere", reason="exploration_resolved"),
        ev.EclatsCardPlayed(seat=0, card_id="boussole"),
        ev.EclatsCardsRevealed(seat=0, source="boussole", card_ids=["pierre", "cristal"]),
        ev.EclatsDecisionRequested(
            seat=0, kind="choose_revealed_card", source="boussole", options=["pierre", "cristal"]
        ),
    ]
    assert state.piles["central"][-2:] == ("bois", "metal")
    state, out = play(state, seat(0), pick("cristal"))
    assert out[1] == ev.EclatsCardDiscarded(
        seat=0, card_id="boussole", reason="exploration_resolved"
    )
    assert state.piles["central"][-3:] == ("bois", "metal", "pierre")


def test_t22_alert_overflow_and_a_battle_with_4_players() -> None:
    state = given(
        4,
        seat_index=1,
        alerts=2,
        tableaux={0: {"sentinelle": 2, "bastion": 1}, 2: {"sentinelle": 1}},
        piles={"border_1": ["heraut", ...]},
    )
    state, out = play(state, seat(1), take("border_1"))
    assert out[2:] == [
        ev.EclatsConflictAlerted(seat=1, card_id="heraut", alerts_added=1, alerts_lost=1, alerts=3),
        ev.EclatsBattleFought(
            strengths=[3, 1, 1, 0],
            victories_gained=[2, 0, 1, 0],
            discarded={0: ["bastion"], 1: ["heraut"]},
        ),
        ev.EclatsTurnEnded(seat=1),
        ev.EclatsTurnStarted(seat=2, turn_number=2),
        ev.EclatsDecisionRequested(
            seat=2, kind="take_card", source="turn", options=["border_2", "border_1", "central"]
        ),
    ]
    assert state.alerts == 0
    assert tableau(state, 0) == {"sentinelle": 2} and tableau(state, 1) == {}
    assert [p.victories for p in state.players] == [2, 0, 1, 0]


def test_t23_commerce_then_bonus_in_fifo_order_and_alerts_after_the_markers_are_full() -> None:
    state = given(
        2,
        wonders={0: "pyramide_des_aurores"},
        stages={0: 1},
        upgrades={0: ["commerce", "bonus"]},
        tableaux={0: {"bois": 1}},
        alerts=1,
        piles={"border_0": ["energie", "bastion", ...], "central": ["heraut", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[1:] == [
        ev.EclatsCardPlayed(seat=0, card_id="energie"),
        ev.EclatsExtraTakeGranted(seat=0, source="commerce"),
        ev.EclatsStageBuilt(
            seat=0,
            stage=2,
            prestige=5,
            spent=["bois", "energie"],
            doubled_joker=None,
            rule="standard",
            wonder_completed=False,
        ),
        ev.EclatsExtraTakeGranted(seat=0, source="bonus"),
        ev.EclatsGrantStarted(seat=0, source="commerce"),
        ev.EclatsDecisionRequested(
            seat=0, kind="take_card", source="commerce", options=["border_0", "border_1", "central"]
        ),
    ]
    state, out = play(state, seat(0), take("central"))
    assert out[1:] == [
        ev.EclatsCardPlayed(seat=0, card_id="heraut"),
        ev.EclatsConflictAlerted(seat=0, card_id="heraut", alerts_added=2, alerts_lost=0, alerts=3),
        ev.EclatsGrantStarted(seat=0, source="bonus"),
        ev.EclatsDecisionRequested(
            seat=0, kind="take_card", source="bonus", options=["border_0", "border_1", "central"]
        ),
    ]
    state, out = play(state, seat(0), take("border_0"))
    assert out[:5] == [
        ev.EclatsCardTaken(seat=0, pile_id="border_0", card_id="bastion", new_top=FILLER),
        ev.EclatsCardPlayed(seat=0, card_id="bastion"),
        ev.EclatsConflictAlerted(
            seat=0, card_id="bastion", alerts_added=0, alerts_lost=1, alerts=3
        ),
        ev.EclatsBattleFought(
            strengths=[2, 0], victories_gained=[2, 0], discarded={0: ["bastion", "heraut"]}
        ),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert types(out).count("battle_fought") == 1
    assert state.alerts == 0 and state.players[0].victories == 2


@pytest.mark.parametrize(
    ("strengths", "gained"),
    [
        ((4, 2), [2, 0]),
        ((3, 2), [1, 0]),
        ((1, 0), [2, 0]),
        ((0, 5), [0, 2]),
        ((2, 2), [0, 0]),
        ((0, 0), [0, 0]),
        ((2, 2, 1), [1, 1, 0]),
    ],
)
def test_t24_battle_outcomes(strengths: tuple[int, ...], gained: list[int]) -> None:
    assert battle_victories(strengths) == gained


def test_t24_two_player_battle_through_the_engine() -> None:
    # S0: 1 sentinelle + the bastion it takes = 2; S1: Protection upgrade + 1 heraut = 3.
    state = given(
        2,
        alerts=2,
        upgrades={1: ["protection"]},
        tableaux={0: {"sentinelle": 1}, 1: {"heraut": 1}},
        piles={"border_0": ["bastion", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[3] == ev.EclatsBattleFought(
        strengths=[2, 3], victories_gained=[0, 1], discarded={0: ["bastion"], 1: ["heraut"]}
    )
    assert tableau(state, 0) == {"sentinelle": 1} and tableau(state, 1) == {}


def test_t27_observatoire_reveals_4_cards() -> None:
    state = given(
        2,
        wonders={0: "observatoire"},
        stages={0: 1},
        tableaux={0: {"cristal": 1}},
        piles={
            "border_0": ["cristal", ...],
            "central": ["jardin_des_brumes", "bois", "roue", "heraut", "pierre", ...],
        },
    )
    state, out = play(state, seat(0), take("border_0"))
    reveal = ["jardin_des_brumes", "bois", "roue", "heraut"]
    assert out[2:] == [
        ev.EclatsStageBuilt(
            seat=0,
            stage=2,
            prestige=4,
            spent=["cristal", "cristal"],
            doubled_joker=None,
            rule="standard",
            wonder_completed=False,
        ),
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="observatoire", stage=2),
        ev.EclatsExtraTakeGranted(seat=0, source="observatoire"),
        ev.EclatsGrantStarted(seat=0, source="observatoire"),
        ev.EclatsCardsRevealed(seat=0, source="observatoire", card_ids=reveal),  # type: ignore[arg-type]
        ev.EclatsDecisionRequested(
            seat=0, kind="choose_revealed_card", source="observatoire", options=reveal
        ),
    ]
    state, out = play(state, seat(0), pick("jardin_des_brumes"))
    assert out[:3] == [
        ev.EclatsRevealedCardChosen(
            seat=0,
            card_id="jardin_des_brumes",
            returned_to_bottom=["bois", "roue", "heraut"],
            automatic=False,
        ),
        ev.EclatsCardPlayed(seat=0, card_id="jardin_des_brumes"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert "card_discarded" not in types(out)
    assert state.piles["central"][0] == "pierre"
    assert state.piles["central"][-3:] == ("bois", "roue", "heraut")


def test_t28_the_game_ends_at_the_end_of_the_completing_players_turn() -> None:
    state = given(
        3,
        seat_index=1,
        wonders={1: "pyramide_des_aurores"},
        stages={1: 4},
        upgrades={1: ["bonus"]},
        tableaux={1: {"bois": 1, "pierre": 1, "metal": 1}},
        piles={"border_1": ["cristal", ...], "central": ["jardin_des_brumes", ...]},
    )
    state, out = play(state, seat(1), take("border_1"))
    assert out[2:] == [
        ev.EclatsStageBuilt(
            seat=1,
            stage=5,
            prestige=7,
            spent=["bois", "pierre", "metal", "cristal"],
            doubled_joker=None,
            rule="standard",
            wonder_completed=True,
        ),
        ev.EclatsExtraTakeGranted(seat=1, source="bonus"),
        ev.EclatsGrantStarted(seat=1, source="bonus"),
        ev.EclatsDecisionRequested(
            seat=1, kind="take_card", source="bonus", options=["border_1", "border_0", "central"]
        ),
    ]
    assert state.wonder_completed_by == 1 and RS.outcome(state) is None
    state, out = play(state, seat(1), take("central"))
    assert types(out) == ["card_taken", "card_played", "turn_ended", "game_ended"]
    end = out[-1]
    assert end.reason == "wonder_completed"
    s1 = end.scores[1]
    assert (s1.stages, s1.stage_prestige, s1.culture, s1.total) == (5, 27, 3, 30)
    # S0 and S2 tie on 0 and 0 stages: S2 sits later in turn order (first_seat 0).
    assert end.ranking == [1, 2, 0] and end.winner == 1
    assert "turn_started" not in types(out)
    assert RS.to_act(state) == [] and RS.legal_commands(state, "seat_2") == []
    outcome = RS.outcome(state)
    assert outcome is not None and outcome.winners == ("seat_1",)
    assert outcome.decided_by == "score"


def test_t29_all_piles_exhausted() -> None:
    state = given(2, piles={"central": [], "border_1": [], "border_0": ["bois"]})
    state, out = play(state, seat(0), take("border_0"))
    assert out[:3] == [
        ev.EclatsCardTaken(seat=0, pile_id="border_0", card_id="bois", new_top=None),
        ev.EclatsCardPlayed(seat=0, card_id="bois"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert types(out) == ["card_taken", "card_played", "turn_ended", "game_ended"]
    assert out[-1].reason == "piles_exhausted"
    assert state.status == "finished"


def test_t30_a_player_with_no_reachable_card_is_skipped() -> None:
    state = given(
        4,
        seat_index=1,
        piles={
            "central": [],
            "border_1": [],
            "border_2": [],
            "border_0": ["bois", "archives_des_echos"],
            "border_3": ["roue"],
        },
    )
    assert RS.legal_commands(state, "seat_1") == [take("border_0")]
    state, out = play(state, seat(1), take("border_0"))
    assert out == [
        ev.EclatsCardTaken(
            seat=1, pile_id="border_0", card_id="bois", new_top="archives_des_echos"
        ),
        ev.EclatsCardPlayed(seat=1, card_id="bois"),
        ev.EclatsTurnEnded(seat=1),
        ev.EclatsTurnSkipped(seat=2, reason="no_accessible_card"),
        ev.EclatsTurnStarted(seat=3, turn_number=2),
        ev.EclatsDecisionRequested(seat=3, kind="take_card", source="turn", options=["border_3"]),
    ]
    assert state.players[2].turns_taken == 0


def test_t31_a_commerce_grant_with_nothing_to_take_is_forfeited() -> None:
    state = given(
        2,
        upgrades={0: ["commerce"]},
        piles={"central": ["energie"], "border_0": [], "border_1": []},
    )
    state, out = play(state, seat(0), take("central"))
    assert out[1:6] == [
        ev.EclatsCardPlayed(seat=0, card_id="energie"),
        ev.EclatsExtraTakeGranted(seat=0, source="commerce"),
        ev.EclatsGrantStarted(seat=0, source="commerce"),
        ev.EclatsGrantForfeited(seat=0, source="commerce", reason="no_card_available"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert types(out)[-1] == "game_ended" and out[-1].reason == "piles_exhausted"
