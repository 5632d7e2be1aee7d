"""Ownership, scores and tie-breaks (spec 3.4, 11.2-11.4): T11, T12, T30 and
point cards.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.state import ToursRoll
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    drawn,
    last_turn,
    new_state,
    play,
    put,
    t12_state,
)


def test_t11_ownership_and_score() -> None:
    state = new_state()
    for tower, dragon in [("peridot_aquamarine", "fire_10_mason_1"), ("ruby_aquamarine", "fire_10_mason_2"),
                          ("ruby_tourmaline", "fire_10_mason_3")]:  # fmt: skip
        state = put(state, tower, dragon)
    own = board.owners(state)
    assert 0 in own["coral"] and 0 in own["aquamarine"] and 0 in own["ruby"]
    assert own["peridot"] == ()
    assert [s.score for s in scores(state)] == [14, 2]


def test_t12_co_ownership() -> None:
    state = t12_state()
    assert board.owners(state)["diamond"] == (0, 1)
    assert [s.score for s in scores(state)] == [22, 22]


def test_t30_tie_breaks() -> None:
    state = t12_state()
    defense = dict(state.defense)
    defense.update({"diamond_topaz": 9, "diamond_sapphire": 9})
    state = last_turn(replace(state, defense=defense))
    over, events = play(state, "fire", cm.ToursDrawChance(), dice=[13, 13, 5, 17])
    end = events[-1]
    assert isinstance(end, ev.ToursGameEnded)
    assert [(s.score, s.pearls) for s in end.scores] == [(22, 9), (22, 9)]
    assert end.tiebreak_rounds == [
        [ToursRoll(seat=0, roll=13), ToursRoll(seat=1, roll=13)],
        [ToursRoll(seat=0, roll=5), ToursRoll(seat=1, roll=17)],
    ]
    assert (end.ranking, end.winner_seat) == ([1, 0], 1)
    outcome = RS.outcome(over)
    assert outcome is not None and outcome.winners == ("ice",) and outcome.decided_by == "roll"
    defense["diamond_topaz"] = 10
    over, events = play(last_turn(replace(state, defense=defense)), "fire", cm.ToursDrawChance())
    assert (events[-1].ranking, events[-1].tiebreak_rounds) == ([0, 1], [])
    assert RS.outcome(over).decided_by == "pearls"  # type: ignore[union-attr]


def test_points_cards_count_in_the_score() -> None:
    state, events = drawn(new_state(), "malus_points_10")
    assert events[1] == ev.ToursChanceCardKept(seat=0, card="malus_points_10", pile="points")
    assert scores(state)[0].score == 2 - 10
