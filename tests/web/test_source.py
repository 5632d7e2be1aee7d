"""The web client's source, read as text: nothing game-specific, no HTML sink, no eval.

The browser tests show that the four rulesets play; these show why a fifth
would too (no ruleset's name, tag or command appears in the client: every
game-dependent thing comes from the API), and that nothing the API answers
can be inserted as markup (the page builds its DOM from text nodes and
attributes, and parses pictures as SVG only).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain import RULESETS
from domain.kernel import tags_of

WEB = Path(__file__).resolve().parents[2] / "web"
SOURCES = sorted([*WEB.glob("*.js"), *WEB.glob("*.html"), *WEB.glob("*.css")])


def test_the_sources_are_found() -> None:
    names = {p.name for p in SOURCES}
    assert {"index.html", "app.js", "client.js", "game.js", "lobby.js", "dom.js"} <= names


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_no_game_specific_code(source: Path) -> None:
    text = source.read_text().lower()
    words = set(RULESETS)
    for rs in RULESETS.values():
        for union in (rs.Command, rs.Event):
            words |= {tag.split(".", 1)[1] for tag in tags_of(union)}
    # The names of the games' own commands and events (their tags without the
    # ruleset), as whole words: a fifth ruleset brings its own.
    generic = {"game_created", "game_ended", "pass", "end_turn"}
    found = sorted(w for w in words - generic if re.search(rf"\b{re.escape(w)}\b", text))
    assert found == [], f"{source.name} names a ruleset, command or event: {found}"


HTML_SINKS = re.compile(
    r"\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\s*\("
    r"|new\s+Function\s*\(|setTimeout\s*\(\s*['\"`]|srcdoc|createContextualFragment"
    r"|text/html"
)


@pytest.mark.parametrize("source", [p for p in SOURCES if p.suffix == ".js"], ids=lambda p: p.name)
def test_no_html_sink(source: Path) -> None:
    found = HTML_SINKS.findall(source.read_text())
    assert found == [], f"{source.name} inserts markup or evaluates code: {found}"


def test_the_page_has_no_inline_script_or_handler() -> None:
    page = (WEB / "index.html").read_text()
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == []
    assert re.findall(r"\son[a-z]+\s*=", page) == []
    assert re.findall(r"<style|style=", page) == []
