"""No rule is carried by colour alone (issue 31): every picture draws a second cue with
each colour that carries a rule, and colours that look alike have different cues.

Each game lists its rule-carrying colours and their cues (``picture.cues``, a
``domain.svg.Cue`` each). On golden playthroughs, at several versions, for a spectator
and a seat, in French and English, every element painted with one of those colours
carries its cue: its mark shown in its group, its dash pattern or thickness, its shape.
Under simulated deuteranopia and protanopia (Machado 2009, ``colour_vision``), any two
of a game's colours closer than ``CLOSE`` ΔE have different cues.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from domain import RULESETS
from domain.pictures import cues, render
from domain.svg import Cue
from domain.words import LANGUAGES
from tests.pictures.colour_vision import CLOSE, VISIONS, distance
from tests.pictures.support import (
    golden_files,
    golden_log,
    golden_seats,
    sample_versions,
    states_at,
)

SVG = "{http://www.w3.org/2000/svg}"
SHOWN = {
    "arkantis": "default_2p",
    "eclats_des_cites": "five_players",
    "petits_dragons": "alliances_four_players",
    "tours_arc_en_ciel": "eight_players",
}
"""Per game, the golden playthrough whose pictures are checked (the most colours in play)."""


def _tag(element: ET.Element) -> str:
    return element.tag.removeprefix(SVG)


def _shown(group: ET.Element, marks: set[str]) -> set[str]:
    """The marks the group shows in its texts (not its tooltips): a word or letter as a
    word of a text, a symbol anywhere in one (a tower shows ``▲10B``)."""
    out: set[str] = set()
    for element in group.iter(f"{SVG}text"):
        value = "".join(element.itertext())
        words = set(value.split())
        out |= {m for m in marks if m in words or (not m.isalnum() and m in value)}
    return out


def unmarked(svg: str, game_cues: tuple[Cue, ...]) -> Iterator[str]:
    """Every element painted with a rule-carrying colour that lacks that colour's cue."""
    root = ET.fromstring(svg.encode())
    parents = {child: parent for parent in root.iter() for child in parent}
    marks = {c.mark for c in game_cues if c.kind == "text"}
    by_paint = {(c.paint, c.colour.lower()): c for c in game_cues}
    for element in root.iter():
        if _tag(element) in ("g", "text", "title", "svg"):
            continue
        for paint in ("fill", "stroke"):
            cue = by_paint.get((paint, element.attrib.get(paint, "").lower()))
            if cue is None:
                continue
            where = f"<{_tag(element)} {element.attrib}>"
            if cue.kind == "shape" and _tag(element) != cue.mark:
                yield f"{where}: not a {cue.mark}"
            if cue.kind == "attr":
                name, value = cue.mark.split("=", 1)
                if element.attrib.get(name) != value:
                    yield f"{where}: no {cue.mark}"
            if cue.kind == "text":
                group = parents.get(element)
                while group is not None and not _shown(group, marks):
                    group = parents.get(group)
                if group is None or _tag(group) != "g" or cue.mark not in _shown(group, marks):
                    yield f"{where}: its group does not show {cue.mark!r}"


def pictures(ruleset: str) -> Iterator[tuple[str, str]]:
    """(what, svg) for a spectator and the first seat, at 7 versions, in every language."""
    rs = RULESETS[ruleset]
    path = next(p for p in golden_files(ruleset) if p.stem == SHOWN[ruleset])
    log = golden_log(ruleset, path)
    seats = golden_seats(ruleset, path)
    for version, state in states_at(ruleset, log, sample_versions(len(log), 7)).items():
        for seat, lang in itertools.product((None, seats[0]), LANGUAGES):
            yield f"v{version} {seat} {lang}", render(rs, state, seat, version=version, lang=lang)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_rule_carrying_colour_carries_its_cue(ruleset: str) -> None:
    seen: set[str] = set()
    for lang in LANGUAGES:
        assert len({c.colour.lower() for c in cues(ruleset, lang)}) == len(cues(ruleset, lang))
    for what, svg in pictures(ruleset):
        lang = what.rsplit(" ", 1)[1]
        game_cues = cues(ruleset, lang)
        assert list(unmarked(svg, game_cues)) == [], what
        seen |= {c.colour for c in game_cues if f'{c.paint}="{c.colour}"' in svg}
    # The check saw the colours it checks (a cue no picture draws proves nothing).
    assert seen == {c.colour for c in cues(ruleset)}, "never drawn: " + ", ".join(
        sorted({c.colour for c in cues(ruleset)} - seen)
    )


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_colours_that_look_alike_have_different_cues(ruleset: str, lang: str) -> None:
    clashes = [
        (a.colour, b.colour, vision, round(distance(a.colour, b.colour, vision)))
        for a, b in itertools.combinations(cues(ruleset, lang), 2)
        for vision in VISIONS
        if distance(a.colour, b.colour, vision) < CLOSE and (a.kind, a.mark) == (b.kind, b.mark)
    ]
    assert clashes == []


def test_the_simulation_sees_what_the_tester_saw() -> None:
    """With 8 Houses under deuteranopia fire looks like water and air like moon; petits
    Dragons' red, green and brown merge: the simulation finds them close, and the Houses'
    and colours' cues tell them apart."""
    houses = {c.mark: c.colour for c in cues("tours_arc_en_ciel")}
    fill = dict(zip(("bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"),
                    houses.values(), strict=True))  # fmt: skip
    for a, b in (("fire", "water"), ("air", "moon")):
        assert distance(fill[a], fill[b], "deuteranopia") < CLOSE < distance(fill[a], fill[b], None)
    dragons = [c.colour for c in cues("petits_dragons")]
    red, green, brown = dragons[3], dragons[5], dragons[6]
    for a, b in ((red, green), (green, brown), (red, brown)):
        assert distance(a, b, "deuteranopia") < CLOSE
    assert distance(red, brown, "protanopia") < 5
