"""Each game's picture on the golden playthroughs, at several versions, for every seat.

The SVG parses as XML; it holds the id of every cell, tower, card or pile the
view names; nothing hidden from that seat appears anywhere in its text (the
leak probes); the same view gives the same bytes; and a player name full of
markup stays text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import RULESETS
from domain.arkantis.picture import seat_of
from domain.pictures import render
from tests.domain.probes import hidden_values
from tests.pictures.support import (
    golden_files,
    golden_log,
    golden_seats,
    sample_versions,
    states_at,
)

HOSTILE = "<script>alert(1)</script> \"q\" 'a' & ]]> <!-- x"
CASES = [(name, path) for name in sorted(RULESETS) for path in golden_files(name)]
WORD = re.compile(r"[A-Za-z0-9_]+")


def expected_ids(ruleset: str, view: Any) -> set[str]:
    """What the view names that a command can name too: each must be an element id."""
    if ruleset == "arkantis":
        ids = {f"r{r}c{c}" for r in range(1, 8) for c in range(1, 8)} | {"orange", "emerald"}
        ids |= {seat_of(p) for p in view.players}
        ids |= {s.shape_id for s in view.turn_shapes}
        for p in view.players:
            ids |= set(p.hand or ()) | {c.card_id for c in p.laid}
        ids |= {pile.visible for pile in (view.orange, view.emerald) if pile.visible}
        return ids
    if ruleset == "tours_arc_en_ciel":
        ids = {t.tower for t in view.towers} | {i.island for i in view.islands} | set(view.houses)
        for reserve in view.reserves:
            ids |= set(reserve.dragons or [])
        return ids
    if ruleset == "petits_dragons":
        game = view.game
        ids = set(game.board) | {p.penalty_id for p in game.penalties}
        for unit in game.board.values():
            if unit is not None:
                ids |= set(unit.piece_ids)
        for colour, dragon in game.dragons.items():
            ids.add(f"{colour}_chief")
            ids |= set(dragon.pawns)
        return ids
    ids = {p.pile_id for p in view.piles} | set(view.upgrades_face_up) | {"hidden"}
    ids |= {f"seat_{p.seat}" for p in view.players}
    if view.pending is not None and view.pending.kind != "take_card":
        ids |= set(view.pending.options) - {"hidden"}
    return ids


def element_ids(root: ET.Element) -> list[str]:
    return [e.attrib["id"] for e in root.iter() if "id" in e.attrib]


@pytest.mark.parametrize(("ruleset", "path"), CASES, ids=[f"{r}-{p.stem}" for r, p in CASES])
def test_golden_pictures(ruleset: str, path: Path) -> None:
    rs = RULESETS[ruleset]
    log = golden_log(ruleset, path)
    seats = golden_seats(ruleset, path)
    names = {seat: f"{HOSTILE} {seat}" for seat in seats}
    for version, state in states_at(ruleset, log, sample_versions(len(log))).items():
        for seat in (None, *seats):
            svg = render(rs, state, seat, version=version, seat_names=names)
            assert svg == render(rs, state, seat, version=version, seat_names=names)
            root = ET.fromstring(svg.encode())
            ids = element_ids(root)
            assert len(ids) == len(set(ids)), "duplicate element ids"
            view = rs.view(state, seat)
            missing = expected_ids(ruleset, view) - set(ids)
            assert not missing, f"v{version} {seat}: no element for {sorted(missing)[:5]}"
            text = "".join(root.itertext())
            for s in seats:
                assert names[s] in text
            assert not [e for e in root.iter() if e.tag.rsplit("}", 1)[-1] in ("script", "style",
                        "image", "foreignObject", "a", "use")]  # fmt: skip
            assert not [k for e in root.iter() for k in e.attrib if k.startswith("on")]
            assert "<script" not in svg and "]]>" not in svg
            _assert_no_leak(ruleset, state, seat, svg, msgspec.json.encode(view).decode())


def _assert_no_leak(
    ruleset: str, state: Any, seat: str | None, svg: str, encoded_view: str
) -> None:
    """No hidden value's JSON in the SVG, and no id of a hidden list that the view itself does
    not name: in no attribute (ids, data-*), nor in the text when the id is distinctive (holds
    a digit or an underscore: a plain word such as an upgrade id may be an everyday label)."""
    root = ET.fromstring(svg.encode())
    in_attributes = {w for e in root.iter() for v in e.attrib.values() for w in WORD.findall(v)}
    in_text = set(WORD.findall("".join(root.itertext())))
    public = set(WORD.findall(encoded_view))
    for value in hidden_values(ruleset, state, seat):
        needle = msgspec.json.encode(value).decode()
        assert needle not in svg, f"the picture for {seat} leaks {needle}"
        items = value if isinstance(value, list) else []
        secret = {i for i in items if isinstance(i, str) and i not in public}
        leaked = secret & in_attributes
        leaked |= {i for i in secret & in_text if re.search(r"[0-9_]", i)}
        assert not leaked, f"the picture for {seat} names hidden {sorted(leaked)}"


def test_names_are_escaped_not_markup() -> None:
    """A name that closes the document, opens CDATA, or holds characters XML cannot carry."""
    rs = RULESETS["arkantis"]
    path = golden_files("arkantis")[0]
    state = states_at("arkantis", golden_log("arkantis", path), [20])[20]
    hostile = '</text></svg><svg onload="alert(1)"> <![CDATA[ x ]]> \x00\x07 \U0001f600'
    svg = render(rs, state, "seat_0", version=20, seat_names={"seat_0": hostile, "seat_1": "&amp;"})
    root = ET.fromstring(svg.encode())
    text = "".join(root.itertext())
    assert '</text></svg><svg onload="alert(1)"> <![CDATA[ x ]]> \ufffd\ufffd \U0001f600' in text
    assert "seat_1: &amp;" in text
    assert sum(1 for e in root.iter() if e.tag.endswith("svg")) == 1
