"""The web client's source, read as text: nothing game-specific, no HTML sink, no eval.

The browser tests show that the four rulesets play; these show why a fifth
would too (no ruleset's name, tag or command appears in the client: every
game-dependent thing comes from the API), and that nothing the API answers
can be inserted as markup (the page builds its DOM from text nodes and
attributes, and parses pictures as SVG only).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domain import RULESETS
from domain.kernel import tags_of

WEB = Path(__file__).resolve().parents[2] / "web"
SOURCES = sorted([*WEB.glob("*.js"), *WEB.glob("*.html"), *WEB.glob("*.css")])


def test_the_sources_are_found() -> None:
    names = {p.name for p in SOURCES}
    assert {
        "index.html",
        "app.js",
        "client.js",
        "game.js",
        "lobby.js",
        "dom.js",
        "i18n.js",
    } <= names


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


CATALOGUES = {lang: WEB / f"locale-{lang}.js" for lang in ("en", "fr")}
HEAD = re.compile(r"\A(?://[^\n]*\n)*export default (\{.*\});\n\Z", re.S)
USED = re.compile(r"\bt\(\s*'([a-z_]+)'")
DYNAMIC = re.compile(r"\bt\(\s*`([a-z_]+)\$\{")


def catalogue(path: Path) -> dict[str, str]:
    """A catalogue module: comments, then ``export default`` of one JSON object."""
    match = HEAD.match(path.read_text())
    assert match, f"{path.name} is not `export default {{JSON}};`"
    words: dict[str, str] = json.loads(match.group(1))
    return words


def test_both_catalogues_have_the_same_keys_and_every_used_key() -> None:
    """Every string the client writes comes from a catalogue: the two languages have the
    same keys, each used key exists, and each key is used (a ``t(`prefix_${x}`)`` counts
    for the keys that start with its prefix)."""
    en, fr = (catalogue(path) for path in CATALOGUES.values())
    assert sorted(en) == sorted(fr)
    assert all(value.strip() for value in [*en.values(), *fr.values()])
    sources = [p.read_text() for p in WEB.glob("*.js") if not p.name.startswith("locale-")]
    used = {key for text in sources for key in USED.findall(text)}
    prefixes = {prefix for text in sources for prefix in DYNAMIC.findall(text)}
    assert sorted(used - set(en)) == []
    unused = {key for key in en if key not in used and not key.startswith(tuple(prefixes))}
    assert sorted(unused) == []


def test_the_page_writes_no_english_outside_the_catalogues() -> None:
    """No sentence in the code: a string literal given as ``text:`` is a catalogue's."""
    for path in WEB.glob("*.js"):
        if path.name.startswith("locale-"):
            continue
        literal = re.findall(r"\btext: '([^']*[A-Za-z][^']*)'", path.read_text())
        assert literal == [] or literal == ["Plateau"], f"{path.name}: {literal}"
