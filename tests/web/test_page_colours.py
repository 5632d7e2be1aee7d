"""The page's own colours carry no meaning alone (issue 31: colour-blind safe "in the page").

``tests/pictures/test_colour_blind.py`` checks the pictures; this checks the
colours of ``web/style.css``. Every colour there is either one of the
page's meaningful roles below (your turn, the state of the fair-dice check, a
refused move, the board's choosable, hinted, chosen and last-move marks, the
history's later moves and the shown one) or named as decoration. Each role's
non-colour cue is checked where it lives (a declaration of the style sheet, a
symbol or a sentence of both catalogues, the picture's dashed outline), and,
within each group of roles seen side by side, two roles whose colours come
within ``CLOSE`` ΔE under simulated deuteranopia or protanopia (Machado 2009,
``tests.pictures.colour_vision``) must differ by their cues. The page names
no player or seat colour: seats are words (names), the colours are the picture's.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest

from domain import RULESETS, new_game
from domain.pictures import render
from domain.svg import LAST_MOVE_STROKE
from tests.pictures.colour_vision import CLOSE, VISIONS, distance
from tests.web.browser import ROOT

CSS = ROOT / "web" / "style.css"
HEX = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")


def full(colour: str) -> str:
    """``#abc`` -> ``#aabbcc``, lower case."""
    colour = colour.lower()
    return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour


@cache
def rules() -> list[tuple[list[str], dict[str, str]]]:
    """The style sheet's rules (selectors, declarations), ``var(--x)`` resolved; the
    ``@media`` blocks' inner rules included."""
    text = re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S)
    text = re.sub(r"@media[^{]*\{", "", text)
    found = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        decls = {}
        for decl in body.split(";"):
            if ":" in decl:
                name, value = decl.split(":", 1)
                decls[name.strip()] = value.strip()
        found.append(([s.strip() for s in selectors.split(",")], decls))
    variables = {k: v for sels, d in found if ":root" in sels for k, v in d.items()}
    for _, decls in found:
        for name, value in decls.items():
            decls[name] = re.sub(r"var\((--[a-z-]+)\)", lambda m: variables[m.group(1)], value)
    return found


def declared(selector: str) -> dict[str, str]:
    """Every declaration of the rules that list exactly ``selector``, later ones winning."""
    out: dict[str, str] = {}
    for selectors, decls in rules():
        if selector in selectors:
            out.update(decls)
    return out


def colour_of(selector: str, prop: str) -> str:
    [colour] = HEX.findall(declared(selector)[prop])
    return full(colour)


def catalogue(lang: str) -> dict[str, str]:
    text = (ROOT / "web" / f"locale-{lang}.js").read_text()
    body = text[text.index("{") : text.rindex("}") + 1]
    found: dict[str, str] = json.loads(body)
    return found


def in_both(key: str, check: Callable[[str], bool]) -> bool:
    return all(check(catalogue(lang)[key]) for lang in ("en", "fr"))


def dashed_outline_in_the_picture() -> bool:
    """The picture draws the last move's outline dashed (every client gets the cue)."""
    rs = RULESETS["arkantis"]
    state, _ = new_game(rs, seed="colours")
    plain = render(rs, state, None)
    target = next(i.split('"')[0] for i in plain.split(' id="')[1:] if not i.startswith("caption"))
    marked = render(rs, state, None, changed=(target,))
    outline = re.search(r'<[a-z]+ class="last-move-outline"[^>]*>', marked)
    return bool(outline) and "stroke-dasharray" in outline.group(0)  # type: ignore[union-attr]


@dataclass(frozen=True)
class Role:
    """A colour that means something on the page, and the cue that says it without colour."""

    name: str
    group: str
    """Roles seen side by side, which must not be told apart by colour alone."""
    selector: str
    prop: str
    cue: str
    """The non-colour cue, in words (two roles of a group with the same cue rely on colour)."""
    has_cue: Callable[[], bool]


ROLES = [
    Role("your turn", "status", "#game-status.turn", "background", "the words *Your turn* and ▶ in the title",
         lambda: in_both("your_turn", bool) and "▶" in (ROOT / "web" / "game.js").read_text()),
    Role("the seed matches", "check", ".ok", "color", "✓ before the sentence",
         lambda: in_both("seed_ok", lambda s: s.startswith("✓"))),
    Role("the seed does not match", "check", ".bad", "color", "✗ before the sentence (and NOT)",
         lambda: in_both("seed_bad", lambda s: s.startswith("✗"))),
    Role("a refused move", "check", ".problem", "color", "a sentence in bold, role=alert",
         lambda: declared(".problem").get("font-weight") == "bold"
         and "role: 'alert'" in (ROOT / "web" / "game.js").read_text()),
    Role("a choosable element", "board", ".board .choosable > rect", "stroke", "a button (pointer, focus) with a solid outline",
         lambda: declared(".board .choosable").get("cursor") == "pointer"),
    Role("the option pointed at", "board", ".board .hinted", "filter", "a glow around the element of the option under the pointer or focus",
         lambda: "drop-shadow" in declared(".board .hinted").get("filter", "")),
    Role("the chosen element", "board", ".board .chosen", "filter", "the move in words above Play",
         lambda: in_both("your_choice", bool) and "play_move" in catalogue("en")),
    Role("the last move", "board", ".board .last-move", "filter", "a dashed outline, and its sentence above the board",
         dashed_outline_in_the_picture),
    Role("the last move's sentence", "text", ".last-move-text", "border-left", "a dashed left border and the words *Last move*",
         lambda: "dashed" in declared(".last-move-text")["border-left"]),
    Role("a later move (replay)", "history", ".history li.future", "background", "a dotted underline",
         lambda: declared(".history li.future a").get("text-decoration-style") == "dotted"),
    Role("a link to a move", "history", "a", "color", "an underline",
         lambda: "none" not in declared("a").get("text-decoration", "")),
    Role("the move shown (replay)", "history", ".history a[aria-current]", "font-weight", "bold",
         lambda: declared(".history a[aria-current]").get("font-weight") == "bold"),
]  # fmt: skip
DECORATION = {
    "#222222": "the ink (text)",
    "#666666": "muted text (hints)",
    "#f7f3e8": "the header's and the board's background",
    "#fffdf8": "the page's background",
    "#dddddd": "borders",
    "#eeeeee": "borders",
    "#f0f0f0": "the history's separators",
    "#ffffff": "backgrounds, text on a coloured button",
    "#f0a202": "the keyboard focus ring and the choosable outline (a role above)",
    "#14446f": "a primary button under the pointer (it also changes shape: the pointer)",
    "#fdf0f6": "the background of the last move's sentence (a role above: its border)",
    "#4a4a4a": "the text of a later move (a role above: its row)",
    "#c03000": "the chosen element's glow (a role above)",
    "#1f5f99": "the accent: buttons, links, the hinted glow (roles above)",
}
"""Colours of the style sheet that carry no meaning of their own, or whose meaning is a
role's above (a role's colour may also be named here to say what else it paints)."""


def role_colour(role: Role) -> str | None:
    """The role's colour (None: the role is no colour, e.g. bold)."""
    value = declared(role.selector).get(role.prop, "")
    found = HEX.findall(value)
    return full(found[0]) if found else None


def test_every_colour_of_the_style_sheet_is_a_role_or_decoration() -> None:
    used = {full(c) for c in HEX.findall(re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S))}
    meaningful = {role_colour(r) for r in ROLES} - {None}
    unnamed = sorted(used - meaningful - set(DECORATION))
    assert unnamed == [], f"colours of web/style.css neither a role nor decoration: {unnamed}"
    assert sorted(set(DECORATION) - used) == [], "decoration no longer in the style sheet"


@pytest.mark.parametrize("role", ROLES, ids=[r.name for r in ROLES])
def test_every_meaningful_colour_has_a_cue_besides_colour(role: Role) -> None:
    assert role.selector == "a" or declared(role.selector), f"no rule for {role.selector}"
    assert role.has_cue(), f"{role.name}: its cue is missing ({role.cue})"


def test_the_last_move_is_the_pictures_magenta() -> None:
    """The page marks the last move in the colour the picture outlines it with."""
    assert colour_of(".board .last-move", "filter") == LAST_MOVE_STROKE
    assert colour_of(".last-move-text", "border-left") == LAST_MOVE_STROKE


def test_roles_seen_together_differ_by_more_than_colour_under_simulated_deficiencies() -> None:
    """Within a group, two roles whose colours look alike under typical vision,
    deuteranopia or protanopia (ΔE < CLOSE) have different cues."""
    alike = []
    for a, b in itertools.combinations(ROLES, 2):
        ca, cb = role_colour(a), role_colour(b)
        if a.group != b.group or ca is None or cb is None:
            continue
        closest = min(distance(ca, cb, vision) for vision in VISIONS)
        if closest < CLOSE and a.cue == b.cue:
            alike.append(f"{a.name} ~ {b.name} (ΔE {closest:.1f})")
    assert alike == []
