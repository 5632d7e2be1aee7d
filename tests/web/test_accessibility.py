"""axe-core finds no critical or serious violation on the client's pages.

axe-core is pinned in ``web/package.json`` (+ lock) and installed by
``scripts/test``'s ``npm ci`` of ``web/``; its ``axe.min.js`` is injected into
the page (through the DevTools protocol: the page's CSP allows no inline
script) and run on the whole document, in English and in French. Pages: the lobby with a new-game form
open, a game page of each ruleset on desktop and on a phone (a late named
position, my turn: the first question asked, its board elements buttons; then
one choice made; no sideways scroll at 360 px), and the replay of a version.
"""

from __future__ import annotations

import urllib.parse

import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser import ROOT, call
from tests.web.conftest import Tab

pytestmark = pytest.mark.slow

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
POSITIONS = {
    "arkantis": "last-move",
    "eclats_des_cites": "last-move",
    "petits_dragons": "last-move-no-colour-can-act",
    "tours_arc_en_ciel": "last-move",
}
LANGUAGES = ["en", "fr"]
"""Every page in both of the client's languages: the words differ (labels, names, lengths)."""
RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ['violations'] });
  return found.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}"""


def violations(page: Page) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text() + "\n;0")
    found: list[str] = page.evaluate(RUN)
    return found


@pytest.fixture(scope="module")
def axe_installed() -> None:
    if not AXE.exists():
        pytest.fail("axe-core missing: run `npm ci` in web/ (scripts/test does)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby(lang: str, base: str, browser: Browser, axe_installed: None) -> None:
    tab = Tab(browser, base, "/", lang=lang)
    tab.page.wait_for_selector("#games-heading")
    assert tab.page.evaluate("() => document.documentElement.lang") == lang
    tab.page.click("button[data-ruleset='tours_arc_en_ciel']")
    tab.page.wait_for_selector("#new-game form")
    assert violations(tab.page) == []
    tab.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", sorted(POSITIONS))
def test_a_game_page_on_desktop_and_phone_and_its_replay(
    ruleset: str, lang: str, base: str, browser: Browser, axe_installed: None
) -> None:
    made = call(base, "/games", {"ruleset": ruleset, "position": POSITIONS[ruleset]})
    game, seat = made["game_id"], made["to_act"][0]
    token = urllib.parse.quote(made["tokens"][seat], safe="")
    for phone in (False, True):
        tab = Tab(browser, base, f"/#/games/{game}/resume/{seat}/{token}", phone=phone, lang=lang)
        tab.ready_to_choose(made["version"])
        assert tab.page.evaluate("() => document.documentElement.lang") == lang
        assert violations(tab.page) == [], "the first question"
        tab.page.locator("#choices button").first.click()
        tab.page.wait_for_selector("#cancel-choice:not([hidden])")
        assert violations(tab.page) == [], "after a choice"
        if phone:  # the narrowest phones: still nothing wider than the screen
            tab.page.set_viewport_size({"width": 360, "height": 740})
            tab.page.locator("#cancel-choice").click()
            tab.page.wait_for_selector("#cancel-choice", state="hidden")
            width = tab.page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 360, f"the page is {width} px wide at 360"
        tab.close()
    replay = Tab(browser, base, f"/#/games/{game}/versions/{made['version'] // 2}", lang=lang)
    replay.settle(made["version"] // 2, "active")
    assert violations(replay.page) == [], "the replay"
    replay.close()
