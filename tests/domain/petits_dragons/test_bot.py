"""The mcts bot's learned evaluation (``domain/petits_dragons/bot.py``) and its fitter."""

from __future__ import annotations

import math
import random

import pytest

from domain.bots import bots_of
from domain.petits_dragons.bot import FEATURES, WEIGHTS, evaluate, features, heuristic
from tests.benchmarks.train_petits_dragons import fit, heuristic_weights, log_loss, play_game
from tests.domain.petits_dragons.helpers import eggs, kill, new, place, put, rs, stack

TWO = [["white"], ["black"]]


def _f(state: object, seat: str) -> dict[str, float]:
    return dict(zip(FEATURES, features(state)[seat], strict=True))  # type: ignore[arg-type]


def test_the_opening_is_even_but_for_who_acts() -> None:
    state = new(TWO)
    first, second = _f(state, "seat_0"), _f(state, "seat_1")
    assert first["total"] == second["total"] == 14  # the chief's 500 and nine pawns' 100
    assert first["chief_nest"] == second["chief_nest"] == 1
    assert first["to_act"] + second["to_act"] == 1
    assert {k: v for k, v in first.items() if k != "to_act"} == {
        k: v for k, v in second.items() if k != "to_act"
    }


def test_places_and_progress_are_counted_per_dragon() -> None:
    state = place(new(TWO), "white_chief", "black_h5")  # 4 steps from the centre
    state = put(put(state, "white_pawn_1", "home"), "white_pawn_2", "exit")
    f = _f(state, "seat_0")
    assert f["chief_board"] == 1 and f["chief_nest"] == 0
    assert f["home"] == 1 and f["active"] == 2
    assert f["near"] == 1  # the chief; the pawn at the exit is 19 steps away
    assert f["progress"] == pytest.approx((19 - 4) / 19 + 0)
    assert f["chief_progress"] == pytest.approx(15 / 19)
    assert f["total"] == 7  # seven pawns left in the nest, the chief out of it


def test_a_dead_chief_and_its_stuck_pawns() -> None:
    state = eggs(kill(new(TWO), "white"), "white", e500=1)
    f = _f(state, "seat_0")
    assert f["chief_dead"] == 1 and f["chief_nest"] == 0
    assert f["nest_pawns_dead"] == 9
    assert f["total"] == 5 + 9


def test_threats_count_within_one_roll_on_the_board_graph() -> None:
    # white's chief on white_h0; black's stack 6 steps away (black_h0 is 1 ring step,
    # then 5 up black's branch: black_h5), a black pawn 7 steps away (black_h6).
    state = place(new(TWO), "white_chief", "white_h0")
    state = stack(state, "black_pawn_1", "black_pawn_2", "black_h5")
    state = place(state, "black_pawn_3", "black_h6")
    white, black = _f(state, "seat_0"), _f(state, "seat_1")
    assert white["chief_threat"] == 1
    assert white["attack"] == 1  # the stack, not the pawn 7 steps away
    assert black["stacks"] == 1
    assert black["pawn_threat"] == 1  # the stack is within reach of white's chief
    assert black["attack"] == 1  # the stack sees white's chief
    # one step further: no threat
    far = place(place(new(TWO), "white_chief", "white_h0"), "black_chief", "black_h6")
    assert _f(far, "seat_0")["chief_threat"] == 0
    assert _f(far, "seat_0")["attack"] == 0


def test_allies_are_not_enemies() -> None:
    state = new(
        [["white"], ["black"], ["red"], ["green"]],
        option_alliances=True,
        teams=[["seat_0", "seat_1"], ["seat_2", "seat_3"]],
    )
    state = place(place(state, "white_chief", "white_h0"), "black_chief", "black_h0")
    assert _f(state, "seat_0")["chief_threat"] == 0
    state = place(state, "red_chief", "red_h0")  # an enemy, 2 ring steps away
    assert _f(state, "seat_0")["chief_threat"] == 1


def test_the_evaluation_prices_a_dead_chief_far_above_its_egg() -> None:
    even = new(TWO)
    dead = eggs(kill(even, "white"), "white", e500=1)
    # the greedy heuristic sees only the 500-point egg (the pawns counted before and after)
    assert heuristic(rs.view(even, None))["seat_0"] - heuristic(rs.view(dead, None))["seat_0"] == 0
    game = bots_of(rs)
    before = game.search_value_for(even, "seat_0")
    after = game.search_value_for(dead, "seat_0")
    assert before == pytest.approx(0.5, abs=0.01)  # only the move to act differs
    assert after < 0.15
    rewards = game.search_rewards(dead)
    assert sum(rewards.values()) == pytest.approx(1.0)
    logits = evaluate(rs.view(dead, None))
    assert rewards["seat_0"] == pytest.approx(
        1 / (1 + math.exp(logits["seat_1"] - logits["seat_0"]))
    )


def test_search_rewards_are_a_softmax_with_more_seats_and_the_outcome_at_the_end() -> None:
    state = new()  # three seats
    rewards = bots_of(rs).search_rewards(state)
    assert set(rewards) == {"seat_0", "seat_1", "seat_2"}
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_the_fitter_recovers_known_weights() -> None:
    rnd = random.Random(5)
    truth = [1.5, -0.75, 0.0]
    samples = []
    for _ in range(6000):
        x = tuple(rnd.choice([-2.0, -1.0, 0.0, 1.0, 2.0]) for _ in truth)
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, 1.0 if rnd.random() < p else 0.0))
    w = fit(samples, ridge=0.0)
    assert w == pytest.approx(truth, abs=0.12)
    assert log_loss(samples, w)[0] < log_loss(samples, [0.0, 0.0, 0.0])[0]


def test_the_trainer_plays_seeded_games() -> None:
    first = play_game(1000, every=25, epsilon=0.1)
    assert first == play_game(1000, every=25, epsilon=0.1)
    assert first and all(len(x) == len(FEATURES) for x, _ in first)
    assert {y for _, y in first} <= {0.0, 0.5, 1.0} and len({y for _, y in first}) == 1
    assert len(heuristic_weights()) == len(FEATURES)
    assert set(WEIGHTS) == set(FEATURES)
