"""T30 is reachable: the beam search of ``tests/domain/arkantis_bank_search.py`` (players
who never buy) finds the ``bank-shortfall`` position again, and the bank runs short with
three and four players too (the README, "Named positions")."""

from __future__ import annotations

import msgspec
import pytest

from domain import RULESETS, Rng
from domain.arkantis.events import ArkantisSestercesEarned
from domain.positions import position
from tests.domain.arkantis_bank_search import find, opening

RULESET = RULESETS["arkantis"]


def _body(body: dict[str, object]) -> dict[str, object]:
    """A command as msgspec gives it back (lists for tuples)."""
    return msgspec.to_builtins(msgspec.convert(body, type=RULESET.Command))  # type: ignore[no-any-return]


def test_the_search_finds_the_named_position() -> None:
    found = find(players=2, seeds=1)
    assert found is not None
    seed, commands = found
    named = position("arkantis", "bank-shortfall")
    assert named is not None
    assert seed == named.seed
    assert [(s, _body(b)) for s, b in commands[:-1]] == [(s, _body(b)) for s, b in named.commands]


@pytest.mark.parametrize("players", [3, 4])
def test_the_bank_runs_short_at_every_seat_count(players: int) -> None:
    found = find(players=players, seeds=3)
    assert found is not None
    seed, commands = found
    state, log = opening(seed, players)
    last: list[object] = []
    for seat, body in commands:
        command = msgspec.convert(body, type=RULESET.Command)
        last = list(RULESET.decide(state, seat, command, Rng(seed, len(log))))
        for event in last:
            state = RULESET.evolve(state, event)
        log.extend(last)
    earned = [e for e in last if isinstance(e, ArkantisSestercesEarned)]
    assert len(earned) == 1 and earned[0].paid < earned[0].owed
    assert state.bank == 0
    assert sum(p.sesterces for p in state.players) == 50
