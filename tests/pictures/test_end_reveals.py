"""The end of a game hides nothing from one seat that another sees (issue 31).

A finished game's log is served complete to everyone, so once a golden playthrough is
over every seat's view is the spectator's (but for whose view it is): what the rules
kept secret is shown to all (Tours' hidden Dragons, reserves and hands: its README's
decision 12; ArkantiS' hands: its spec's ``game_ended``), and what stays unknown
(Éclats' central pile order) is unknown to all alike. The spectator's picture shows no
hidden Dragon.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import RULESETS
from domain.pictures import render
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CASES = [(name, path) for name in sorted(RULESETS) for path in golden_files(name)]
PER_VIEWER = {"viewer", "seat"}
"""View fields that only say whose view it is."""


def _public(view: Any) -> dict[str, Any]:
    data = msgspec.to_builtins(view)
    return {k: v for k, v in data.items() if k not in PER_VIEWER}


@pytest.mark.parametrize(("ruleset", "path"), CASES, ids=[f"{r}-{p.stem}" for r, p in CASES])
def test_a_finished_game_shows_every_seat_the_same(ruleset: str, path: Path) -> None:
    rs = RULESETS[ruleset]
    log = golden_log(ruleset, path)
    state = states_at(ruleset, log, [len(log)])[len(log)]
    assert rs.outcome(state) is not None
    spectator = _public(rs.view(state, None))
    for seat in golden_seats(ruleset, path):
        assert _public(rs.view(state, seat)) == spectator, seat


def test_tours_end_shows_no_hidden_dragon_in_the_picture() -> None:
    rs = RULESETS["tours_arc_en_ciel"]
    found = 0
    for path in golden_files("tours_arc_en_ciel"):
        log = golden_log("tours_arc_en_ciel", path)
        state = states_at("tours_arc_en_ciel", log, [len(log)])[len(log)]
        view = rs.view(state, None)
        assert all(t.dragon is not None for t in view.towers if t.house is not None)
        assert all(h.cards is not None for h in view.hands)
        assert all(r.dragons is not None for r in view.reserves)
        svg = render(rs, state, None, lang="en")
        found += sum(t.hidden for t in view.towers)
        assert "hidden Dragon of" not in svg and ">?<" not in svg
    assert found > 0, "no golden game ends with a hidden Dragon: the check proves nothing"


def test_arkantis_end_shows_every_hand() -> None:
    rs = RULESETS["arkantis"]
    for path in golden_files("arkantis"):
        log = golden_log("arkantis", path)
        state = states_at("arkantis", log, [len(log)])[len(log)]
        view = rs.view(state, None)
        assert all(p.hand is not None for p in view.players)
        svg = render(rs, state, None)
        for p in view.players:
            assert all(f'id="{card}"' in svg for card in p.hand or ())
