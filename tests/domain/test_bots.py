"""Bots of every ruleset: they play only listed commands, their choice is a
function of (view, legal commands, seed), samplers are consistent with the
view, and games of bots only finish."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain import RULESETS, new_game, play
from domain.bots import Budget, bots_of, choose, command_key

NAMES = sorted(RULESETS)
SMALL = Budget(playouts=12, rollout_depth=3)


def positions(name: str, games: int = 2, every: int = 7) -> list[tuple[Any, str]]:
    """(state, seat to act) sampled from random games of ``name``."""
    rs = RULESETS[name]
    out: list[tuple[Any, str]] = []
    for g in range(games):
        state, log = new_game(rs, seed=f"pos{g}")
        r = random.Random(g)
        n = 0
        while rs.outcome(state) is None and n < 400:
            seat = rs.to_act(state)[0]
            if n % every == 0:
                out.append((state, seat))
            state, _ = play(
                rs, state, log, seat, r.choice(rs.legal_commands(state, seat)), seed=f"pos{g}"
            )
            n += 1
    return out


@pytest.mark.parametrize("name", NAMES)
def test_samplers_are_consistent_with_the_view(name: str) -> None:
    """A determinized state shows the seat exactly its view and offers it exactly its commands."""
    rs = RULESETS[name]
    game = bots_of(rs)
    for i, (state, seat) in enumerate(positions(name)):
        view = rs.view(state, seat)
        sample = game.determinize(view, seat, random.Random(i))
        assert rs.view(sample, seat) == view
        assert sorted(map(command_key, rs.legal_commands(sample, seat))) == sorted(
            map(command_key, rs.legal_commands(state, seat))
        )


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", ["random", "greedy", "mcts"])
def test_bots_play_listed_commands_deterministically(name: str, level: str) -> None:
    rs = RULESETS[name]
    for i, (state, seat) in enumerate(positions(name, games=1, every=11)[:12]):
        view = rs.view(state, seat)
        legal = rs.legal_commands(state, seat)
        first = choose(rs, level, view, legal, seat, f"s{i}", SMALL)
        assert command_key(first) in {command_key(c) for c in legal}
        # The same view (a decoded copy, not the same object) and seed: the same command.
        copy = msgspec.json.decode(msgspec.json.encode(view), type=rs.View)
        assert command_key(choose(rs, level, copy, legal, seat, f"s{i}", SMALL)) == command_key(
            first
        )


def _hidden_twin(name: str, state: Any, seat: str, rng: random.Random) -> Any:
    """A state differing from ``state`` only in what ``seat`` cannot see (or None)."""
    rs = RULESETS[name]
    twin = bots_of(rs).determinize(rs.view(state, seat), seat, rng)
    return twin if twin != state else None


@pytest.mark.parametrize("name", [n for n in NAMES if RULESETS[n].has_hidden_information])
@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_other_seats_hidden_parts_change_nothing(name: str, level: str) -> None:
    """Two states that differ only in hidden parts (other hands, pile orders), with
    equal views for the seat: the bot answers the same command."""
    rs = RULESETS[name]
    differing = 0
    for i, (state, seat) in enumerate(positions(name, games=2, every=5)[:16]):
        twin = _hidden_twin(name, state, seat, random.Random(1000 + i))
        if twin is None:
            continue
        differing += 1
        assert rs.view(twin, seat) == rs.view(state, seat)
        a = choose(
            rs, level, rs.view(state, seat), rs.legal_commands(state, seat), seat, "x", SMALL
        )
        b = choose(rs, level, rs.view(twin, seat), rs.legal_commands(twin, seat), seat, "x", SMALL)
        assert command_key(a) == command_key(b)
    assert differing >= 3  # the check above really compared different truths


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("levels", [("random", "greedy"), ("greedy", "mcts")])
def test_games_of_bots_finish(name: str, levels: tuple[str, str]) -> None:
    rs = RULESETS[name]
    state, log = new_game(rs, seed="bots")
    seats = rs.seats(rs.Options())
    level = dict(zip(seats, levels, strict=True))
    budget = Budget(playouts=4, rollout_depth=2)
    for n in range(5000):
        if rs.outcome(state) is not None:
            break
        seat = rs.to_act(state)[0]
        legal = rs.legal_commands(state, seat)
        command = choose(rs, level[seat], rs.view(state, seat), legal, seat, f"m{n}", budget)
        state, _ = play(rs, state, log, seat, command, seed="bots")
    assert rs.outcome(state) is not None


@pytest.mark.parametrize("name", NAMES)
def test_a_choice_made_from_bytes_is_the_same_choice(name: str) -> None:
    """What a thinking process receives (the view and legal commands as msgpack)
    decodes to equal Structs, and ``choose_encoded`` answers ``choose``'s command
    as the JSON a client would post."""
    from domain.bots import choose_encoded, encode_request

    rs = RULESETS[name]
    for i, (state, seat) in enumerate(positions(name, games=1, every=5)[:20]):
        view = rs.view(state, seat)
        legal = rs.legal_commands(state, seat)
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=rs.View) == view
        request = encode_request(rs, "mcts", view, legal, seat, f"s{i}", SMALL)
        expected = choose(rs, "mcts", view, legal, seat, f"s{i}", SMALL)
        assert choose_encoded(request) == msgspec.json.encode(expected)
