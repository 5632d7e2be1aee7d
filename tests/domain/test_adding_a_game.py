"""Adding a game (domain/README.md), proven: a minimal ruleset laid out as the
checklist says is discovered like the real games and passes the conformance suite."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest

import domain
from domain import DiscoveryError, discover
from domain.kernel import RulesetBase, new_game, play
from tests.domain.examples import race
from tests.domain.examples.race import probes, support
from tests.domain.test_conformance import make_random_game_test

EXAMPLES = Path(race.__file__).resolve().parents[1]


def test_discovery_finds_the_example_game() -> None:
    found = discover("tests.domain.examples", [str(EXAMPLES)])
    assert list(found) == ["race"]
    assert found["race"] is race.RULESET


def test_the_example_game_passes_the_conformance_suite() -> None:
    make_random_game_test(
        "race", ruleset=race.RULESET, support=support, probe=probes.hidden_values, games=60
    )()


def test_the_example_game_plays_to_a_winner_without_a_service() -> None:
    rs = race.RULESET
    state, log = new_game(rs, race.RaceOptions(target=7), seed="demo")
    while rs.outcome(state) is None:
        seat = rs.to_act(state)[0]
        state, _ = play(rs, state, log, seat, rs.legal_commands(state, seat)[-1], seed="demo")
    outcome = rs.outcome(state)
    assert outcome is not None and state.total == 7
    # Adding 3, 3, then 1: the seat that moved first and third wins.
    first = log[1].seat
    assert outcome.winners == (first,)


def _write_package(root: Path, name: str, body: str) -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(body)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('"""A game package that forgot its RULESET."""\n', "exports no RULESET"),
        (
            "from tests.domain.examples.race import RULESET\n",
            "a ruleset is named like its package",
        ),
    ],
)
def test_discovery_fails_loudly_on_a_broken_game_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, message: str
) -> None:
    package = f"broken_games_{abs(hash(message)) % 10_000}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    _write_package(tmp_path / package, "half_written", body)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DiscoveryError, match=message):
        discover(package, [str(tmp_path / package)])


def test_the_registry_holds_exactly_the_game_packages() -> None:
    packages = sorted(
        p.name
        for p in Path(domain.__file__).parent.iterdir()
        if (p / "__init__.py").exists() and not p.name.startswith("_")
    )
    assert sorted(domain.RULESETS) == packages


def test_assemble_keeps_the_modules_functions_themselves() -> None:
    # No wrapper between a caller and the rules: the hot path pays no extra call.
    rs = race.RULESET
    assert isinstance(rs, race.RaceRuleset)
    for name in ("validate_options", "seats", "setup", "decide", "evolve"):
        assert getattr(rs, name) is getattr(race, name)
    for name in ("legal_commands", "to_act", "view", "redact", "outcome"):
        assert getattr(rs, name) is getattr(race, name)
    assert rs.error_codes == frozenset() and rs.version == 1  # RulesetBase's defaults


def test_assemble_refuses_a_ruleset_class_without_its_metadata() -> None:
    class Untitled(RulesetBase):
        name: ClassVar[str] = "untitled"
        min_seats: ClassVar[int] = 2

    with pytest.raises(TypeError, match="Untitled does not declare title, max_seats, Options"):
        Untitled.assemble(race, race, race, race, race, race)
