"""The web client in a real browser: every ruleset played to the end by clicks, then replayed.

Debian's chromium (``/usr/bin/chromium``) driven by Playwright against a real
``plateau serve`` (SQLite, sandbox). For ArkantiS and Éclats des Cités (a
fifth ruleset is picked up unchanged): a player creates a default game in the
lobby, two browser contexts claim its two seats (one under a name made of
markup) and play random legal commands to the end, one question at a time
(the board's elements on every third move, the listed choices otherwise) and
the Play button (or a second click on the chosen element). Les petits Dragons
(650–1,150 commands at random, 3 minutes of this test alone) and Les Tours
(about 200) start instead from a late named position (``docs/positions.md``)
whose two seats the two contexts take with the resume link (the seat token in
the URL fragment), and are played from there to the end. A spectator context mid-game shows
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
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from domain import RULESETS
from tests.domain.probes import hidden_values
from tests.pictures.support import states_at
from tests.web.browser import call, get_json
from tests.web.conftest import CLICKS, Tab, choose_and_play

pytestmark = pytest.mark.slow

HOSTILE = '<img src=x onerror="window.__pwned = 1">'
BOARD_EVERY = 3
"""One move in this many goes through board clicks when its command names a drawn element."""
SPECTATE_AT = 6
"""The spectator's snapshot is taken after this many moves (or at the end of a shorter game)."""

DIAGNOSE = """() => [JSON.stringify(document.getElementById('game')?.dataset),
  document.getElementById('question')?.textContent, document.getElementById('problem')?.textContent,
  document.getElementById('game-status')?.textContent,
  Array.from(document.querySelectorAll('#choices button'), (b) => b.dataset.key).join(' '),
  Array.from(document.querySelectorAll('#board .choosable'), (n) => n.dataset.ref).join(' '),
  document.getElementById('play-move')?.hidden, window.scrollY,
  document.querySelector('#board')?.scrollLeft]"""
MOVED = """(version) => {
  const game = document.getElementById('game');
  const problem = document.getElementById('problem')?.textContent || '';
  if (problem) return [problem];
  return !!game && game.dataset.version !== version ? [''] : null;
}"""
POSITIONS = {"petits_dragons": "last-move-no-colour-can-act", "tours_arc_en_ciel": "last-move"}
"""The rulesets whose games start at a late named position (long games: see the docstring)."""


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
        seat = summary["to_act"][0]
        tab = seats[seat]  # the other tab catches up on its own
        tab.ready_to_choose(version)
        legal = call(base, f"/games/{game}/legal-commands", token=tab.token(game)[seat])
        assert legal["version"] == version and legal["commands"]
        pick = rng.randrange(len(legal["commands"]))
        board = counts["moves"] % BOARD_EVERY == 0
        try:
            counts["board"] += choose_and_play(tab.page, legal["steps"], pick, board=board)
        except PlaywrightTimeout as error:
            state = tab.page.evaluate(DIAGNOSE)
            raise AssertionError(
                f"{legal['commands'][pick]} could not be chosen at {version} "
                f"(board: {board}): {state}; the last clicks: {list(CLICKS)}; "
                f"the page's last answers: {list(tab.answers)}"
            ) from error
        try:
            [problem] = tab.page.wait_for_function(
                MOVED, arg=str(version), timeout=30_000
            ).json_value()
        except PlaywrightTimeout as error:
            state = tab.page.evaluate(DIAGNOSE)
            raise AssertionError(
                f"{legal['commands'][pick]} did not play at {version}: {state}"
            ) from error
        assert problem == "", problem
        counts["moves"] += 1
        if counts["moves"] == SPECTATE_AT:
            return counts


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

    if ruleset in POSITIONS:
        made = call(base, "/games", {"ruleset": ruleset, "position": POSITIONS[ruleset]})
        game = made["game_id"]
        first, second = list(made["tokens"])[:2]

        def resume(seat: str) -> str:
            token = urllib.parse.quote(made["tokens"][seat], safe="")
            return f"/#/games/{urllib.parse.quote(game)}/resume/{seat}/{token}"

        alice = Tab(browser, base, resume(first))
        bob = Tab(browser, base, resume(second), phone=True, lang="fr")
    else:
        alice = Tab(browser, base, "/")
        alice.page.click(f"button[data-ruleset={json.dumps(ruleset)}]")
        alice.page.click("#new-game button[type=submit]")
        alice.page.wait_for_url(re.compile(r"#/games/[^/]+$"))
        game = urllib.parse.unquote(alice.page.url.split("#/games/")[1])
        alice.page.fill(f"[id='name-{first}']", HOSTILE)
        alice.page.click(f"button[data-claim={json.dumps(first)}]")
        cell = f"tr[data-seat={json.dumps(first)}] td.player"
        alice.page.wait_for_function(
            "([cell, name]) => document.querySelector(cell)?.textContent === name",
            arg=[cell, HOSTILE],
        )
        assert alice.page.locator(f"{cell} img").count() == 0

        path = f"/#/games/{urllib.parse.quote(game)}"
        bob = Tab(browser, base, path, phone=ruleset == "arkantis", lang="fr")
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
    if ruleset not in POSITIONS:  # a position's game may end in one move that names no element
        assert counts["board"] > 0, "no move went through the board"

    # The whole log is public once finished: fold it and probe the snapshots for leaks.
    logged = get_json(base, f"/games/{game}/events?limit=1000")["events"]
    while logged and logged[-1]["version"] < get_json(base, f"/games/{game}")["version"]:
        logged += get_json(base, f"/games/{game}/events?limit=1000&after={logged[-1]['version']}")[
            "events"
        ]
    rs = RULESETS[ruleset]
    # Read back as JSON (not msgspec.convert from the parsed dicts): an Éclats
    # `discarded` maps seat indices, which JSON writes as string keys.
    log = [msgspec.json.decode(json.dumps(e["event"]), type=rs.Event) for e in logged[:seen_at]]
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
    # Step back one move: to the version of the move before the last one.
    moves: dict[str, int] = {}
    for e in logged:
        if e["text"]:
            moves[e["move"] or str(e["version"])] = e["version"]
    earlier = [v for v in moves.values() if v < last]
    page.click("#replay-back")
    alice.settle(max(earlier, default=1), "finished")
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
