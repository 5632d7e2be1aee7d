"""Setup and options (spec 4, 5): scenarios T1-T3.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import pytest

from domain import RuleViolation, SetupContext
from domain.kernel import fold
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import CHANCE_CARDS, GAME_CARDS
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.setup import turn_order
from domain.tours_arc_en_ciel.state import ToursRoll
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    ScriptedRng,
    types,
)


def test_t01_setup_and_gold_roll() -> None:
    options = ToursOptions()
    events = RS.setup(options, SetupContext(), ScriptedRng(dice=[7, 7, 15, 3]))
    assert types(events) == [
        "game_started", "gold_tower_assigned", "game_deck_shuffled", "chance_deck_shuffled",
        "cards_dealt", "cards_dealt", "face_up_dealt", "turn_started",
    ]  # fmt: skip
    assert events[0] == ev.ToursGameStarted(
        houses=["fire", "ice"], turn_order=[0, 1], options=options
    )
    assert events[1] == ev.ToursGoldTowerAssigned(
        seat=0,
        method="roll",
        rounds=[
            [ToursRoll(seat=0, roll=7), ToursRoll(seat=1, roll=7)],
            [ToursRoll(seat=0, roll=15), ToursRoll(seat=1, roll=3)],
        ],
    )
    order = list(GAME_CARDS)
    assert events[2] == ev.ToursGameDeckShuffled(order=order, count=72)
    assert events[3] == ev.ToursChanceDeckShuffled(order=list(CHANCE_CARDS), count=86)
    assert events[4] == ev.ToursCardsDealt(seat=0, house="fire", cards=order[0:3], count=3)
    assert events[5] == ev.ToursCardsDealt(seat=1, house="ice", cards=order[3:6], count=3)
    assert events[6] == ev.ToursFaceUpDealt(cards=order[6:9])
    assert events[7] == ev.ToursTurnStarted(seat=0, turn_number=1)
    state = fold(RS, events)
    assert len(state.pile) == 63
    own = board.owners(state)
    assert own["coral"] == (0,) and own["ivory"] == (1,)
    assert [s.score for s in scores(state)] == [2, 2]


@pytest.mark.parametrize(
    ("houses", "extra", "code"),
    [
        (["fire", "moon"], {}, "invalid_house_set"),
        (["fire", "ice", "bronze"], {}, "invalid_house_set"),
        (["fire", "fire"], {}, "duplicate_house"),
        (["fire"], {}, "invalid_seat_count"),
        (["fire", "ice", "light"], {"two_player_recycle": True}, "variant_requires_two_players"),
        (["fire", "ice", "dragon"], {}, "unknown_house"),
    ],
)
def test_t02_option_validation(houses: list[str], extra: dict[str, bool], code: str) -> None:
    with pytest.raises(RuleViolation) as info:
        RS.validate_options(ToursOptions(houses=houses, **extra))  # type: ignore[arg-type]
    assert info.value.code == code


def test_t02_option_validation_valid_and_default() -> None:
    three = ToursOptions(houses=["fire", "ice", "light"])
    RS.validate_options(three)
    assert turn_order(three.houses) == [2, 1, 0]
    default = ToursOptions()
    assert default.houses == ["fire", "ice"]
    assert not any(
        (default.two_player_recycle, default.natural_1_loses, default.natural_20_wins,
         default.start_pair_invulnerability, default.enemy_start_pair_share)
    )  # fmt: skip
    assert RS.seats(default) == ("fire", "ice")
    assert turn_order(default.houses) == [0, 1]
    # The Gold tower seat comes from the setup context; an unknown seat is refused.
    with pytest.raises(RuleViolation) as info:
        RS.setup(default, SetupContext(last_winner_seat="moon"), ScriptedRng())
    assert info.value.code == "invalid_gold_tower_seat"


def test_t03_eight_player_turn_order() -> None:
    houses = ["bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"]
    assert turn_order(houses) == [2, 3, 4, 5, 6, 7, 0, 1]  # type: ignore[arg-type]
