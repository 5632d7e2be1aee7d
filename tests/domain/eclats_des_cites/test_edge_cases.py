"""Rules of the spec that no numbered scenario covers on its own (D10-D24)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.eclats_des_cites import events as ev
from tests.domain.eclats_des_cites.helpers import (
    RS,
    given,
    pick,
    play,
    seat,
    tableau,
    take,
    types,
    upgrade,
)

ALL_BUT = [
    "commerce",
    "exploration",
    "technologie",
    "protection",
    "bonus",
    "multiplicateur",
    "progres",
]


def test_the_prisme_is_a_joker_for_commerce() -> None:
    state = given(2, upgrades={0: ["commerce"]}, piles={"central": ["prisme_de_seve", ...]})
    state, out = play(state, seat(0), take("central"))
    assert out[2] == ev.EclatsExtraTakeGranted(seat=0, source="commerce")
    assert state.turn is not None and state.turn.jokers_played == 1


def test_commerce_counts_jokers_played_before_it_was_taken() -> None:
    # A joker was already played this turn (before Commerce was taken): the
    # second joker is not the first of the turn, so no grant (D16).
    state = given(2, upgrades={0: ["commerce"]}, piles={"border_0": ["energie", ...]})
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, jokers_played=1))
    _, out = play(state, seat(0), take("border_0"))
    assert "extra_take_granted" not in types(out)


def test_sanctuaire_power_at_stage_4_makes_two_shields() -> None:
    state = given(
        2,
        wonders={0: "sanctuaire"},
        stages={0: 3},
        permanent_shields={0: 1},
        tableaux={0: {"metal": 2}},
        piles={"border_0": ["metal", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[3:5] == [
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="sanctuaire", stage=4),
        ev.EclatsPermanentShieldsGained(seat=0, amount=1, total=2),
    ]
    assert state.players[0].permanent_shields == 2


def test_palais_power_with_no_upgrade_left_is_forfeited() -> None:
    state = given(
        2,
        wonders={0: "palais"},
        stages={0: 1},
        upgrades={1: ALL_BUT},
        face_up=[],
        hidden=[],
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois", ...]},
    )
    _, out = play(state, seat(0), take("border_0"))
    assert out[3:6] == [
        ev.EclatsWonderPowerTriggered(seat=0, wonder_id="palais", stage=2),
        ev.EclatsGrantForfeited(seat=0, source="palais", reason="no_upgrade_available"),
        ev.EclatsTurnEnded(seat=0),
    ]


def test_palais_holding_bonus_gets_the_choice_then_the_grant() -> None:
    state = given(
        2,
        wonders={0: "palais"},
        stages={0: 1},
        upgrades={0: ["bonus"]},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert types(out)[2:] == [
        "stage_built",
        "wonder_power_triggered",
        "decision_requested",
        "extra_take_granted",
    ]
    state, out = play(state, seat(0), upgrade(state.upgrades_face_up[0]))
    assert types(out)[:3] == ["upgrade_taken", "grant_started", "decision_requested"]


def test_observatoire_with_an_empty_central_pile_is_forfeited() -> None:
    state = given(
        2,
        wonders={0: "observatoire"},
        stages={0: 1},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois", ...], "central": []},
    )
    _, out = play(state, seat(0), take("border_0"))
    assert out[4:8] == [
        ev.EclatsExtraTakeGranted(seat=0, source="observatoire"),
        ev.EclatsGrantStarted(seat=0, source="observatoire"),
        ev.EclatsGrantForfeited(seat=0, source="observatoire", reason="no_card_available"),
        ev.EclatsTurnEnded(seat=0),
    ]


def test_observatoire_with_one_central_card_plays_it_automatically() -> None:
    state = given(
        2,
        wonders={0: "observatoire"},
        stages={0: 1},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois", ...], "central": ["roue"]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert out[6:10] == [
        ev.EclatsCardsRevealed(seat=0, source="observatoire", card_ids=["roue"]),
        ev.EclatsRevealedCardChosen(seat=0, card_id="roue", returned_to_bottom=[], automatic=True),
        ev.EclatsCardPlayed(seat=0, card_id="roue"),
        ev.EclatsTurnEnded(seat=0),
    ]
    assert tableau(state, 0) == {"roue": 1}


def test_colosse_grant_with_every_pile_empty_is_forfeited_and_the_game_ends() -> None:
    state = given(
        2,
        wonders={0: "colosse"},
        stages={0: 1},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois"], "border_1": [], "central": []},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert types(out)[-4:] == ["grant_started", "grant_forfeited", "turn_ended", "game_ended"]
    assert out[-3] == ev.EclatsGrantForfeited(seat=0, source="colosse", reason="no_card_available")
    assert state.status == "finished"


def test_science_pair_first_in_symbol_order() -> None:
    state = given(2, tableaux={0: {"roue": 1, "spirale": 1}}, piles={"border_0": ["spirale", ...]})
    state, out = play(state, seat(0), take("border_0"))
    assert out[2] == ev.EclatsScienceSetCompleted(seat=0, card_ids=["spirale", "spirale"])
    assert tableau(state, 0) == {"roue": 1}
    assert state.discard == ("spirale", "spirale")


def test_exploration_peek_only_at_turn_start_not_on_extra_takes() -> None:
    state = given(
        2,
        upgrades={0: ["exploration", "commerce"]},
        piles={"border_0": ["energie", ...], "central": ["bois", "pierre", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert "central_top_peeked" not in types(out)  # the extra take of Commerce
    state, out = play(state, seat(0), take("central"))
    assert "central_top_peeked" not in types(out)  # seat_1 does not hold it
    state, out = play(state, seat(1), take("border_1"))
    assert out[-2] == ev.EclatsCentralTopPeeked(seat=0, card_id="pierre")


def test_multiplicateur_taken_from_science_builds_in_the_same_turn() -> None:
    state = given(
        2,
        wonders={0: "pyramide_des_aurores"},
        stages={0: 1},
        tableaux={0: {"caravane": 1, "roue": 1}},
        face_up=["multiplicateur", "bonus", "commerce"],
        piles={"border_0": ["roue", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert types(out)[-1] == "decision_requested"
    state, out = play(state, seat(0), upgrade("multiplicateur"))
    assert out[1] == ev.EclatsStageBuilt(
        seat=0,
        stage=2,
        prestige=5,
        spent=["caravane"],
        doubled_joker="caravane",
        rule="standard",
        wonder_completed=False,
    )


def test_a_revealed_card_can_build_a_stage() -> None:
    state = given(
        2,
        wonders={0: "pyramide_des_aurores"},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["boussole", ...], "central": ["jardin_des_brumes", "cristal", ...]},
    )
    state, _ = play(state, seat(0), take("border_0"))
    state, out = play(state, seat(0), pick("cristal"))
    assert types(out)[:4] == [
        "revealed_card_chosen",
        "card_discarded",
        "card_played",
        "stage_built",
    ]
    assert out[3].spent == ["bois", "cristal"]


def test_five_player_battle_compares_both_neighbours() -> None:
    state = given(
        5,
        seat_index=4,
        alerts=3,
        tableaux={0: {"sentinelle": 3}, 1: {"sentinelle": 1}, 2: {"sentinelle": 2}, 3: {}},
        piles={"border_4": ["sentinelle", ...]},
    )
    # seat_4 ends its turn with 1 shield; the markers were already all on alert.
    state, out = play(state, seat(4), take("border_4"))
    battle = out[2]
    assert battle == ev.EclatsBattleFought(
        strengths=[3, 1, 2, 0, 1], victories_gained=[2, 0, 2, 0, 1], discarded={}
    )
    assert types(out)[3:5] == ["turn_ended", "turn_started"]
    assert out[4] == ev.EclatsTurnStarted(seat=0, turn_number=2)


def test_battle_and_wonder_completion_in_the_same_turn() -> None:
    state = given(
        2,
        wonders={0: "pyramide_des_aurores"},
        stages={0: 4},
        alerts=3,
        tableaux={0: {"bois": 1, "pierre": 1, "metal": 1, "heraut": 1}},
        piles={"border_0": ["cristal", ...]},
    )
    state, out = play(state, seat(0), take("border_0"))
    assert types(out)[2:] == ["stage_built", "battle_fought", "turn_ended", "game_ended"]
    end = out[-1]
    assert end.reason == "wonder_completed"
    # 27 for the wonder + 2 victories (1 shield against 0).
    assert end.scores[0].total == 27 + 6 and end.ranking == [0, 1]
    assert RS.outcome(state) is not None


class _NoDraw:
    """An Rng stand-in that fails on any draw."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"decide drew from the rng ({name})")


def test_decide_never_draws_after_setup() -> None:
    # Section 4: every outcome after setup follows from the recorded orders.
    state = given(
        3,
        wonders={0: "observatoire"},
        stages={0: 1},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["bois", ...]},
    )
    events = RS.decide(state, "seat_0", take("border_0"), _NoDraw())  # type: ignore[arg-type]
    assert "cards_revealed" in types(events)
