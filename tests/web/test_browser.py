"""The web client in a real browser: every ruleset played to the end by clicks, then replayed.

Debian's chromium (``/usr/bin/chromium``) driven by Playwright against a real
``plateau serve`` (SQLite). For every ruleset (a fifth one is picked up
unchanged): a player creates a default game in the lobby, two browser contexts
claim its two seats (one under a name made of markup) and play random legal
commands to the end, by clicking the board when the command names an element
of the picture and from the list otherwise; a spectator context mid-game shows
no value the rules hide from it (the ``tests/domain`` leak probes, checked
against the folded log once the game is over); the outcome and the seed check
show for everyone; the replay slider shows version 1 and the last version; no
page logs an error and the markup name runs nothing.
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import time
import urllib.parse
from pathlib import Path
from typing import Any

import msgspec
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from domain import RULESETS
from tests.domain.probes import hidden_values
from tests.pictures.support import states_at
from tests.web.browser import get_json
from tests.web.conftest import Tab, click_listed

pytestmark = pytest.mark.slow

HOSTILE = '<img src=x onerror="window.__pwned = 1">'
BOARD_EVERY = 3
"""One move in this many goes through board clicks when its command names a drawn element."""
SPECTATE_AT = 6
"""The spectator's snapshot is taken after this many moves (or at the end of a shorter game)."""

HIT = """(node) => {
  node.scrollIntoView({ block: 'center', inline: 'center' });
  const box = node.getBoundingClientRect();
  const points = [[0.5, 0.5], [0.3, 0.3], [0.7, 0.7], [0.3, 0.7], [0.7, 0.3]];
  for (const [fx, fy] of points) {
    const x = box.left + box.width * fx;
    const y = box.top + box.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('.choosable') === node) return [x, y];
  }
  return null;
}"""
"""Where a real click reaches this board element (its own drawing on top there), if anywhere."""
DIAGNOSE = """() => [JSON.stringify(document.getElementById('game')?.dataset),
  document.getElementById('choice')?.textContent, document.getElementById('problem')?.textContent,
  document.getElementById('game-status')?.textContent,
  document.querySelectorAll('#commands button[data-command]').length]"""
MOVED = """(version) => {
  const game = document.getElementById('game');
  const problem = document.getElementById('problem')?.textContent || '';
  if (problem) return [problem];
  return !!game && game.dataset.version !== version ? [''] : null;
}"""


def _named(value: Any) -> list[str]:
    """The strings a command names besides its type, in order (what a board click matches)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _named(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "type" for s in _named(v)]
    return []


def _board_click(page: Page, command: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    """Click the picture's elements the command names, as the client narrows: True once played.

    The client keeps the legal commands naming every clicked id and plays the
    last one left; the test follows the same rule to know when that happens."""
    remaining = legal
    clicked = False
    for ref in dict.fromkeys(_named(command)):
        target = page.locator(f"#board .choosable[data-ref={json.dumps(ref)}]")
        if target.count() != 1:
            continue
        point = target.evaluate(HIT)
        if point:
            page.mouse.click(point[0], point[1])
        else:  # covered by a neighbour's drawing: the keyboard path instead
            target.focus()
            page.keyboard.press("Enter")
        clicked = True
        remaining = [c for c in remaining if ref in _named(c)]
        if len(remaining) == 1:
            return True
    if not clicked:
        return False
    # Several commands still name every clicked element: the narrowed list holds this one.
    wanted = json.dumps(json.dumps(command, separators=(",", ":"), ensure_ascii=False))
    click_listed(page, page.locator(f"#commands button[data-command={wanted}]"))
    return True


def _play(base: str, game: str, seats: dict[str, Tab], rng: random.Random) -> dict[str, int]:
    counts = {"moves": 0, "board": 0}
    waited = 0
    while True:
        summary = get_json(base, f"/games/{game}")
        version, status = summary["version"], summary["status"]
        if status == "waiting":  # the last claim is still on its way
            waited += 1
            assert waited < 600, "the game never started"
            time.sleep(0.1)
            continue
        if status == "finished":
            for tab in seats.values():
                tab.settle(version, status)
            return counts
        for seat in summary["to_act"]:
            page = seats[seat].page  # the other tab catches up on its own
            legal = [json.loads(c) for c in seats[seat].listed(version, status)]
            if legal:
                break
        else:
            raise AssertionError(f"no seat to act has a command at version {version}")
        buttons = page.locator("#commands button[data-command]")
        pick = rng.randrange(len(legal))
        posted = _posted(seats[seat])
        if counts["moves"] % BOARD_EVERY == 0 and _board_click(page, legal[pick], legal):
            counts["board"] += 1
        else:
            click_listed(page, buttons.nth(pick))
        problem = _await_move(page, seats[seat], version, legal[pick], posted)
        assert problem == "", problem
        counts["moves"] += 1
        if counts["moves"] == SPECTATE_AT:
            return counts


def _posted(tab: Tab) -> int:
    """How many commands this tab has posted so far."""
    return sum(1 for method, url in tab.calls if method == "POST" and url.endswith("/commands"))


def _await_move(page: Page, tab: Tab, version: int, command: dict[str, Any], posted: int) -> str:
    """The page's problem text ('' once it moved past ``version``) after a click.

    A click that posted nothing (it landed while the list was being redrawn by
    a stream update of the same version) is made again on that command's own
    button, as a person would click again; a click that posted is waited for."""
    wanted = json.dumps(json.dumps(command, separators=(",", ":"), ensure_ascii=False))
    for attempt in range(4):
        try:
            found = page.wait_for_function(MOVED, arg=str(version), timeout=5_000)
            [problem] = found.json_value()
            return str(problem)
        except PlaywrightTimeout:
            if _posted(tab) > posted or attempt == 3:
                break
            click_listed(page, page.locator(f"#commands button[data-command={wanted}]"))
    try:
        [problem] = page.wait_for_function(MOVED, arg=str(version), timeout=30_000).json_value()
    except PlaywrightTimeout as error:
        state = page.evaluate(DIAGNOSE)
        raise AssertionError(f"{command} did not play at {version}: {state}") from error
    return str(problem)


def _leaks(ruleset: str, state: Any, seat: str | None, markup: str) -> list[str]:
    """Hidden values (as JSON, the way the page writes fields) found in the page."""
    text = html.unescape(markup)
    needles = (msgspec.json.encode(v).decode() for v in hidden_values(ruleset, state, seat))
    return [needle for needle in needles if needle in text]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_two_tabs_play_a_default_game_to_the_end_and_replay_it(
    ruleset: str, base: str, browser: Browser, tmp_path: Path
) -> None:
    started = time.monotonic()
    rng = random.Random(f"web-{ruleset}")
    detail = get_json(base, f"/rulesets/{ruleset}")
    first, second = detail["default_seats"][:2]

    alice = Tab(browser, base, "/")
    alice.page.click(f"button[data-ruleset={json.dumps(ruleset)}]")
    alice.page.click("#new-game button[type=submit]")
    alice.page.wait_for_url(re.compile(r"#/games/[^/]+$"))
    game = urllib.parse.unquote(alice.page.url.split("#/games/")[1])
    alice.page.fill(f"[id='name-{first}']", HOSTILE)
    alice.page.click(f"button[data-claim={json.dumps(first)}]")
    cell = f"tr[data-seat={json.dumps(first)}] td.player"
    alice.page.wait_for_function(
        "([cell, name]) => document.querySelector(cell)?.textContent === name", arg=[cell, HOSTILE]
    )
    assert alice.page.locator(f"{cell} img").count() == 0

    bob = Tab(browser, base, f"/#/games/{urllib.parse.quote(game)}", phone=ruleset == "arkantis")
    bob.page.fill(f"[id='name-{second}']", "Bob")
    bob.page.click(f"button[data-claim={json.dumps(second)}]")
    seats = {first: alice, second: bob}

    counts = _play(base, game, seats, rng)
    # A spectator mid-game: no token anywhere, and nothing the rules hide from it.
    watcher = Tab(browser, base, f"/#/games/{urllib.parse.quote(game)}")
    summary = get_json(base, f"/games/{game}")
    watcher.settle(summary["version"], summary["status"])
    for tab in seats.values():
        tab.settle(summary["version"], summary["status"])
    seen_at = summary["version"]
    seen = {None: watcher.page.inner_html("#game")}
    seen.update({seat: tab.page.inner_html("#game") for seat, tab in seats.items()})
    assert watcher.page.evaluate("() => localStorage.length") == 0
    assert all(auth is None for _, auth in watcher.requests)
    assert not any("access_token" in url for url, _ in watcher.requests)
    watcher.close()

    more = _play_to_end(base, game, seats, rng)
    counts = {k: counts[k] + more[k] for k in counts}
    assert counts["board"] > 0, "no move went through the board"

    # The whole log is public once finished: fold it and probe the snapshots for leaks.
    logged = get_json(base, f"/games/{game}/events?limit=1000")["events"]
    rs = RULESETS[ruleset]
    log = [msgspec.convert(e["event"], type=rs.Event) for e in logged[:seen_at]]
    if len(log) == seen_at:
        state = states_at(ruleset, log, [seen_at])[seen_at]
        for seat, html in seen.items():
            assert _leaks(ruleset, state, seat, html) == [], f"{seat} sees hidden values"

    final = get_json(base, f"/games/{game}")
    last = final["version"]
    for tab in seats.values():
        assert tab.page.is_visible("#outcome")
        assert "✓" in (tab.page.text_content("#seed-verdict") or "")
    # Replay: the slider's Home and End keys show version 1 and the last version.
    page = alice.page
    page.goto(f"{base}/#/games/{urllib.parse.quote(game)}/versions/{max(1, last // 2)}")
    alice.settle(max(1, last // 2), "finished")
    page.focus("#replay-version")
    page.keyboard.press("Home")
    alice.settle(1, "finished")
    assert page.input_value("#replay-version") == "1"
    assert page.url.endswith("/versions/1")
    assert page.locator("#board svg").count() == 1
    page.keyboard.press("End")
    alice.settle(last, "finished")
    assert page.input_value("#replay-version") == str(last)
    page.click("#replay-back")
    alice.settle(last - 1, "finished")
    # The shared URL of a version opens that version in a fresh context.
    shared = Tab(browser, base, f"/#/games/{urllib.parse.quote(game)}/versions/1")
    shared.settle(1, "finished")
    assert shared.page.input_value("#replay-version") == "1"
    shared.close()
    page.click("#replay-live")
    alice.settle(last, "finished")
    # docs/web-client.md's screenshots when asked (PLATEAU_WEB_SCREENSHOTS=docs/pictures), else a scratch one.
    pictures = Path(os.environ.get("PLATEAU_WEB_SCREENSHOTS") or tmp_path)
    pictures.mkdir(parents=True, exist_ok=True)
    bob.page.evaluate("() => window.scrollTo(0, 0)")
    bob.page.screenshot(path=str(pictures / f"web-{ruleset}.png"), full_page=False)
    for tab in seats.values():
        tab.close()
    print(f"{ruleset}: {counts['moves']} moves ({counts['board']} by board clicks) "
          f"to version {last} in {time.monotonic() - started:.1f} s")  # fmt: skip


def _play_to_end(base: str, game: str, seats: dict[str, Tab], rng: random.Random) -> dict[str, int]:
    total = {"moves": 0, "board": 0}
    while True:
        counts = _play(base, game, seats, rng)
        total = {k: total[k] + counts[k] for k in total}
        if counts["moves"] < SPECTATE_AT:
            return total
