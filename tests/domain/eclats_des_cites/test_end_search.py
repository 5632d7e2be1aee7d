"""The end by exhausted piles (T29, T31) is reachable: the planned search of
``tests/domain/eclats_end_search.py`` finds the named positions again, and games of three to
five players that end so; the bounds it cuts with follow from the components (the game's
README, "The end by exhausted piles")."""

from __future__ import annotations

import math

import pytest

from domain import RULESETS
from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    CARDS,
    FAMILY,
    MATERIALS,
    PRISME,
    SCIENCE_SYMBOLS,
    STAGES,
    UPGRADE_IDS,
)
from domain.positions import Position, build_game, position
from tests.domain.eclats_end_search import HOARDER_STAGES_CAP, HOLDER_CAP, LOST_CAP, find

RULESET = RULESETS["eclats_des_cites"]


def _copies(card: str, n: int) -> int:
    kind = CARD_BY_ID[card]
    return kind.central + n * kind.border


def test_the_plan_bounds_follow_from_the_components() -> None:
    n = 2
    counts = [stage.count for stage in STAGES]
    prisme_loss = CARD_BY_ID[PRISME].units - 1
    # Science: a player without a set holds at most one card of each of two symbols, so
    # the other cards form sets of at most three, enough to take every upgrade: the
    # Technologie holder's stages need only a count.
    science = sum(_copies(s, n) for s in SCIENCE_SYMBOLS)
    assert math.ceil((science - 2 * n) / len(SCIENCE_SYMBOLS)) >= len(UPGRADE_IDS)
    # The holder: four stages, less than the fifth held, a Prisme's lost unit.
    assert HOLDER_CAP == sum(counts[:4]) + counts[4] - 1 + prisme_loss
    assert HOARDER_STAGES_CAP == sum(counts[:4]) + prisme_loss
    units = sum(c.units * _copies(c.id, n) for c in CARDS if FAMILY[c.id] in ("resource", "joker"))
    assert units == 46
    # The hoarder keeps at least 46 - 13 - 10 - 1 units (the one Prisme is lost once at
    # most), only possible at stage 4 with three materials and no joker (4 - 1 distinct),
    # so at most LOST_CAP cards of those three end elsewhere.
    kept = units - (HOLDER_CAP - prisme_loss) - (HOARDER_STAGES_CAP - prisme_loss) - prisme_loss
    three = (counts[4] - 1) * _copies(MATERIALS[0], n)
    assert all(_copies(m, n) == _copies(MATERIALS[0], n) for m in MATERIALS)
    assert three - kept == LOST_CAP
    # At any other stage it holds far less: short of stage 3, two materials whole.
    assert sum(counts[:2]) + prisme_loss + 2 * _copies(MATERIALS[0], n) < units - HOLDER_CAP


@pytest.mark.parametrize(
    ("target", "position_id", "nodes"),
    [("t29", "piles-exhausted", 3_000), ("t31", "commerce-forfeited", 60_000)],
)
def test_the_search_finds_the_named_positions(target: str, position_id: str, nodes: int) -> None:
    named = position("eclats_des_cites", position_id)
    assert named is not None
    found = find(target, named.seed, nodes)
    assert found is not None
    commands = found[0]
    assert tuple(commands[:-1]) == named.commands


@pytest.mark.parametrize(
    ("n", "seed"),
    [
        (3, "eclats_des_cites-piles-exhausted-3-13"),
        (4, "eclats_des_cites-piles-exhausted-4-2"),
        (5, "eclats_des_cites-piles-exhausted-5-1"),
    ],
)
def test_three_to_five_players_can_exhaust_the_piles(n: int, seed: str) -> None:
    found = find("any", seed, 3_000, n)
    assert found is not None
    game = Position(
        id="piles-exhausted",
        scenario="T29",
        seed=seed,
        commands=tuple(found[0]),
        options={"seat_count": n},
    )
    state = build_game(RULESET, game).state
    assert state.status == "finished" and state.result.reason == "piles_exhausted"
    assert not any(state.piles.values())
    assert all(player.stages_built < 5 for player in state.players)
