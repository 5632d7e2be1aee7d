"""Named positions (``domain/positions.py``, ``domain/<game>/positions.py``).

For every ruleset: a ``positions`` module with ``POSITIONS``; every position builds by
the engine, its log replays (from JSON too) to the same state, it has a title in every
language and every title names a position. For every position drawn from a spec
scenario, posting the scenario's command gives the scenario's expected result, asserted
from the spec (``docs/rules/<game>.md`` §14) in ``tests/domain/positions_checks.py``.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain import RULESETS
from domain.kernel import fold
from domain.positions import (
    POSITION_ID,
    Position,
    PositionError,
    build,
    build_game,
    claims_of,
    listing,
    positions_for,
    registry,
    titles_for,
)
from domain.words import LANGUAGES
from tests.domain.positions_checks import CHECKS, Game

ALL = [(name, p) for name, found in sorted(registry().items()) for p in found]
IDS = [f"{name}:{p.id}" for name, p in ALL]


def test_every_game_has_positions() -> None:
    assert sorted(registry()) == sorted(RULESETS)
    for name in RULESETS:
        ids = [p.id for p in positions_for(name)]
        assert "opening" in ids, f"{name} has no opening"
        assert any(i.startswith("last-move") for i in ids), f"{name}: no last move before the end"
        assert all(POSITION_ID.match(i) for i in ids)


@pytest.mark.parametrize(("name", "position"), ALL, ids=IDS)
def test_the_position_builds_and_replays(name: str, position: Position) -> None:
    ruleset = RULESETS[name]
    built = build_game(ruleset, position)
    assert build(ruleset, position) == built.events
    # Folding the log from scratch, and from its JSON, gives the same state.
    assert fold(ruleset, built.events) == built.state
    wire = msgspec.json.encode(built.events)
    decoded = msgspec.json.decode(wire, type=list[ruleset.Event])  # type: ignore[name-defined]
    assert fold(ruleset, decoded) == built.state
    assert len(built.commands) == len(position.commands)
    assert set(claims_of(ruleset, position)) == set(ruleset.seats(built.options))


@pytest.mark.parametrize("name", sorted(registry()))
def test_every_position_has_a_title_in_every_language(name: str) -> None:
    titles = titles_for(name)
    ids = {p.id for p in positions_for(name)}
    for lang in LANGUAGES:
        assert titles.ids[lang] == ids, f"{lang}: titles and positions differ"
        texts = [entry["title"] for entry in listing(name, lang)]
        assert all(t and "{" not in t for t in texts)
        assert len(set(texts)) == len(texts), "two positions share a title"
    assert listing(name, "en") != listing(name, "fr")


def test_a_refused_command_names_its_position() -> None:
    bad = Position(
        id="bad", scenario=None, seed="x", commands=(("seat_1", {"type": "nothing.at_all"}),)
    )
    with pytest.raises(PositionError, match="bad: command 0"):
        build(RULESETS["petits_dragons"], bad)


def test_every_scenario_position_has_its_check() -> None:
    scenario = {(name, p.id) for name, p in ALL if p.scenario is not None}
    assert scenario <= set(CHECKS), f"no check for {sorted(scenario - set(CHECKS))}"


CHECKED = [(n, p) for n, p in ALL if (n, p.id) in CHECKS]


@pytest.mark.parametrize(("name", "position"), CHECKED, ids=[f"{n}:{p.id}" for n, p in CHECKED])
def test_the_scenario_follows_from_the_position(name: str, position: Any) -> None:
    CHECKS[(name, position.id)](Game(name, position))
