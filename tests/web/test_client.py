"""The web client's other duties in a real browser: safety, refusals, bots, the lobby's list.

Same server and chromium as ``test_browser.py`` (fixtures in ``conftest.py``).
"""

from __future__ import annotations

import json
import re
import time
import urllib.parse
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request

from tests.web.browser import call, get_json
from tests.web.conftest import Tab, choose_and_play, click_visible

pytestmark = pytest.mark.slow

HOSTILE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  width="10" height="10" onload="window.__pwned = 1">
  <script>window.__pwned = 2</script>
  <g id="main" onclick="window.__pwned = 3" style="fill: red">
    <rect id="r1c1" width="5" height="5" onmouseover="window.__pwned = 4"/>
    <a href="javascript:window.__pwned = 5"><text id="t">x</text></a>
    <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">
      <img src="x" onerror="window.__pwned = 6"/></div></foreignObject>
    <use xlink:href="#r1c1"/><image href="x"/><animate attributeName="x"/>
    <set attributeName="onclick" to="window.__pwned = 7"/>
  </g>
</svg>"""


PLAY_FIRST = """() => {
  const play = document.getElementById('play-move');
  if (play && !play.hidden && !play.disabled) return 'play';
  return document.querySelector('#choices button') ? 'choose' : null;
}"""


def play_first(page: Page) -> None:
    """The first option of each question, then Play, by real clicks."""
    for _ in range(20):
        found = page.wait_for_function(PLAY_FIRST, timeout=30_000).json_value()
        if found == "play":
            click_visible(page, page.locator("#play-move"))
            return
        click_visible(page, page.locator("#choices button").first)
        page.wait_for_timeout(50)
    raise AssertionError("no move came out of twenty choices")


def post(base: str, path: str, body: Any, token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}{path}", data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_picture_sanitizer_keeps_drawings_only(base: str, browser: Browser) -> None:
    tab = Tab(browser, base, "/")
    tab.page.wait_for_selector("#rulesets-heading")
    markup = tab.page.evaluate(
        """async (text) => {
          const { sanitizeSvg } = await import('/web/dom.js');
          const svg = sanitizeSvg(text);
          document.body.append(svg);
          svg.querySelector('[data-ref="main"]').dispatchEvent(new MouseEvent('click'));
          svg.querySelector('[data-ref="r1c1"]').dispatchEvent(new MouseEvent('mouseover'));
          await new Promise((done) => setTimeout(done, 200));
          return svg.outerHTML;
        }""",
        HOSTILE_SVG,
    )
    for banned in ["script", "onload", "onclick", "onmouseover", "foreignObject", "href", "<a", "<use",
                   "<image", "<animate", "<set", "style", "onerror", ' id="']:  # fmt: skip
        assert banned not in markup, banned
    assert 'data-ref="main"' in markup and 'data-ref="r1c1"' in markup
    assert tab.page.evaluate("() => document.getElementById('main').tagName") == "MAIN"
    assert tab.page.evaluate("() => window.__pwned === undefined")
    # Chromium reports each handler it was handed while parsing as refused by the page's CSP
    # (the second wall): nothing ran, and nothing else was logged.
    tab.close(refused_inline=True)


def test_a_refused_command_shows_the_problem_detail(base: str, browser: Browser) -> None:
    game = post(base, "/games", {"ruleset": "eclats_des_cites"})["game_id"]
    quoted = urllib.parse.quote(game)
    tab = Tab(browser, base, f"/#/games/{quoted}")
    tab.page.fill("[id='name-seat_0']", "Ann")
    tab.page.click("button[data-claim='seat_0']")
    other = post(base, f"/games/{game}/seats/seat_1", {"player_name": "Ben"})["token"]

    def play_the_other_seat() -> None:
        legal = json.loads(
            urllib.request.urlopen(
                urllib.request.Request(
                    f"{base}/games/{game}/legal-commands",
                    headers={"authorization": f"Bearer {other}"},
                )
            ).read()
        )
        post(base, f"/games/{game}/commands", legal["commands"][0], other)

    summary = get_json(base, f"/games/{game}")
    while summary["status"] == "waiting":  # the page's claim is still on its way
        time.sleep(0.05)
        summary = get_json(base, f"/games/{game}")
    # Who acts first is drawn: the other seat plays (through the API) until Ann is to act.
    while "seat_0" not in summary["to_act"]:
        play_the_other_seat()
        summary = get_json(base, f"/games/{game}")
    tab.settle(summary["version"], "active")
    commands: list[Request] = []
    tab.page.on("request", lambda r: commands.append(r) if r.url.endswith("/commands") else None)
    # A second tab of the same seat that hears nothing live: its list goes stale.
    # Its stream answers a quiet message that asks for no reconnection within
    # the test (an aborted stream would be reopened, and the page read again).
    stale = tab.context.new_page()
    stale.route(
        "**/events/stream**",
        lambda route: route.fulfill(
            status=200, content_type="text/event-stream", body="retry: 3600000\n: quiet\n\n"
        ),
    )
    stale.goto(f"{base}/#/games/{quoted}")
    stale.wait_for_function(
        "v => document.getElementById('game')?.dataset.ready === 'true'"
        " && document.getElementById('game').dataset.version === v",
        arg=str(summary["version"]),
    )
    # The first tab plays (the other seat too, through the API, when it is also to act).
    play_first(tab.page)
    tab.page.wait_for_function(
        "v => document.getElementById('game').dataset.version !== v", arg=str(summary["version"])
    )
    if "seat_1" in get_json(base, f"/games/{game}")["to_act"]:
        play_the_other_seat()
    play_first(stale)
    stale.wait_for_function("() => document.getElementById('problem').textContent !== ''")
    detail = stale.text_content("#problem") or ""
    # the refusal in words, naming who moved (never the raw If-Match versions)
    assert re.search(r"The game moved on meanwhile: .+ played\.", detail), detail
    # ... and the page recovers: it reads the game and its commands again, the sentence kept.
    now = get_json(base, f"/games/{game}")
    stale.wait_for_function(
        "v => document.getElementById('game')?.dataset.ready === 'true'"
        " && document.getElementById('game').dataset.version === v",
        arg=str(now["version"]),
    )
    assert stale.text_content("#problem") == detail
    if "seat_0" in now["to_act"]:  # its turn again: the first question is asked anew
        assert stale.locator("#choices button").count() > 0
    assert commands, "no command was sent"
    for request in commands:
        assert request.headers.get("if-match", "").startswith('"')
        assert len(request.headers.get("idempotency-key", "")) >= 16
        assert "access_token" not in request.url
    stale.close()
    tab.close()


def test_bots_from_the_lobby_and_the_game_page(base: str, browser: Browser) -> None:
    tab = Tab(browser, base, "/")
    page = tab.page
    page.click("button[data-ruleset='arkantis']")
    page.select_option("[id='bot-seat_1']", "greedy")
    page.click("#new-game button[type=submit]")
    page.wait_for_url(re.compile(r"#/games/[^/]+$"))
    game = urllib.parse.unquote(page.url.split("#/games/")[1])
    assert page.text_content("tr[data-seat='seat_1'] td.player") == "bot (greedy)"
    page.fill("[id='name-seat_0']", "Solo")
    page.click("button[data-claim='seat_0']")
    # Play to the end against the bot, from the list.
    for _ in range(200):
        summary = get_json(base, f"/games/{game}")
        if summary["status"] == "finished":
            break
        if summary["to_act"] != ["seat_0"]:
            page.wait_for_timeout(100)
            continue
        tab.settle(summary["version"], summary["status"])
        play_first(page)
        page.wait_for_function(
            "v => document.getElementById('game').dataset.version !== v",
            arg=str(summary["version"]),
        )
    summary = get_json(base, f"/games/{game}")
    assert summary["status"] == "finished"
    tab.settle(summary["version"], "finished")
    assert page.is_visible("#outcome")
    page.click("#view-box summary")  # the view at this version, as JSON text
    page.wait_for_function("() => document.getElementById('view').textContent.startsWith('{')")
    # A bot seated from the game page of a waiting game.
    other = post(base, "/games", {"ruleset": "eclats_des_cites"})["game_id"]
    page.goto(f"{base}/#/games/{urllib.parse.quote(other)}")
    page.select_option("[id='level-seat_0']", "random")
    page.click("button[data-bot='seat_0']")
    page.wait_for_function(
        "() => document.querySelector(\"tr[data-seat='seat_0'] td.player\")?.textContent"
        " === 'bot (random)'"
    )
    seats = get_json(base, f"/games/{other}")["seats"]
    assert [s["bot"] for s in seats] == ["random", None]
    assert page.evaluate("() => localStorage.length") == 1  # the ArkantiS seat only
    tab.close()


ROWS = """([title, status, count]) => {
  const rows = Array.from(document.querySelectorAll('#games tbody tr'));
  return document.querySelector('.pager [role=status]')?.textContent !== 'Loading…'
    && rows.length === count
    && rows.every((r) => r.children[1].textContent === title && r.children[2].dataset.status === status);
}"""


def test_the_lobby_lists_filters_and_pages_games(base: str, browser: Browser) -> None:
    made = [post(base, "/games", {"ruleset": "petits_dragons"})["game_id"] for _ in range(12)]
    title = next(r["title"] for r in get_json(base, "/rulesets") if r["name"] == "petits_dragons")
    waiting = [
        g["game_id"]
        for g in get_json(base, "/games?ruleset=petits_dragons&status=waiting&limit=200")["games"]
    ]
    tab = Tab(browser, base, "/", phone=True)
    page = tab.page
    page.wait_for_selector("#games tbody tr")
    page.select_option("#filter-ruleset", "petits_dragons")
    page.select_option("#filter-status", "waiting")
    page.wait_for_function(ROWS, arg=[title, "waiting", 10])
    first = page.locator("#games tbody tr td:first-child").all_text_contents()
    assert first == waiting[:10] and first[:10] == made[::-1][:10]
    page.click("text=Next page")
    page.wait_for_function(ROWS, arg=[title, "waiting", min(10, len(waiting) - 10)])
    second = page.locator("#games tbody tr td:first-child").all_text_contents()
    assert second == waiting[10:20]
    page.click("text=Previous page")
    page.wait_for_function(ROWS, arg=[title, "waiting", 10])
    assert page.locator("#games tbody tr td:first-child").all_text_contents() == first
    # Phone width: nothing wider than the screen.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.click(f"text={made[-1]}")
    page.wait_for_selector("button[data-claim='seat_0']")
    tab.close()


def test_a_game_imported_in_play_says_its_dice_prove_nothing(base: str, browser: Browser) -> None:
    """The seed check of a game imported before its end (its mark kept by a
    re-import, ``game.imported: in_play``) warns that the commitment came after
    the seed; a game imported once finished shows no warning."""
    from tests.service.test_exports import ARKANTIS, fresh_golden

    token = post(base, "/players", {"name": "Importer"})["token"]
    shown: dict[bool, str] = {}
    for in_play in (True, False):
        doc = fresh_golden(ARKANTIS)
        if in_play:
            doc["game"]["imported"] = "in_play"
        game = post(base, "/games/import", doc, token)["game"]
        assert (game["imported"], game["imported_in_play"]) == (True, in_play)
        shown[in_play] = game["game_id"]
    for in_play, game_id in shown.items():
        tab = Tab(browser, base, f"/#/games/{urllib.parse.quote(game_id)}")
        tab.settle(len(fresh_golden(ARKANTIS)["events"]), "finished")
        tab.page.wait_for_selector("#seed-verdict")
        assert "✓" in (tab.page.text_content("#seed-verdict") or "")
        assert tab.page.is_visible("#imported-in-play") is in_play
        tab.close()


def test_the_language_is_switched_remembered_and_asked_of_the_api(
    base: str, browser: Browser
) -> None:
    """English by the browser's language, French once chosen: the page's words, its
    ``lang``, the API's words (Accept-Language on every call), and after a reload."""
    tab = Tab(browser, base, "/", lang="en")
    page = tab.page
    page.wait_for_selector("#rulesets-heading")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    english = page.text_content("#rulesets-heading")
    calls: list[Request] = []
    page.on("request", lambda r: calls.append(r) if "/web/" not in r.url else None)
    page.select_option("#language", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.wait_for_function(
        "t => document.getElementById('rulesets-heading')?.textContent !== t", arg=english
    )
    assert page.text_content("h1") == "Accueil"
    detail = get_json(base, "/rulesets/petits_dragons?lang=fr")
    page.click("button[data-ruleset='petits_dragons']")
    page.wait_for_selector("#new-game form")
    assert detail["title"] in (page.text_content("#new-game h3") or "")
    # Each option is labelled by its French name from the API (`option_names`), not its key.
    form = page.text_content("#new-game form") or ""
    names = [words["name"] for words in detail["option_names"].values()]
    assert names and all(n[:1].upper() + n[1:] in form for n in names), (names, form)
    assert not any(key in form for key in detail["option_names"] if "_" in key)
    assert calls and all(r.headers.get("accept-language") == "fr" for r in calls)
    page.reload()
    page.wait_for_selector("#rulesets-heading")
    assert page.evaluate(
        "() => [document.documentElement.lang, localStorage.getItem('plateau:lang')]"
    ) == ["fr", "fr"]
    assert page.text_content("h1") == "Accueil"
    tab.close()


FOCUSED = """() => {
  const at = document.activeElement;
  if (!at) return null;
  if (at.id === 'play-move') return 'play';
  return at.closest('#choices') ? 'choice' : at.tagName + '#' + at.id;
}"""


def test_a_move_by_keyboard_alone_keeps_the_focus_on_the_next_choice(
    base: str, browser: Browser
) -> None:
    """Enter on a choice moves the focus to the next question's first choice, then to
    Play; after the move it comes back to the first choice when the turn does."""
    made = call(base, "/games", {"ruleset": "tours_arc_en_ciel", "position": "landing"})
    game, seat = made["game_id"], made["to_act"][0]
    token = urllib.parse.quote(made["tokens"][seat], safe="")
    tab = Tab(browser, base, f"/#/games/{game}/resume/{seat}/{token}")
    tab.ready_to_choose(made["version"])
    page = tab.page
    page.locator("#choices button").first.focus()
    for _ in range(10):
        where = page.evaluate(FOCUSED)
        assert where in ("choice", "play"), where
        page.keyboard.press("Enter")
        if where == "play":
            break
    else:
        raise AssertionError("Play never took the focus")
    page.wait_for_function(
        "v => document.getElementById('game')?.dataset.version !== v", arg=str(made["version"])
    )
    assert page.text_content("#problem") == ""
    tab.close()


HIDDEN_AND_COUNTED = """(() => {
  // The test decides whether the page is hidden (headless pages are always visible).
  window.__hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hidden });
  Object.defineProperty(Document.prototype, 'visibilityState',
    { get: () => (window.__hidden ? 'hidden' : 'visible') });
  // Every oscillator started is a sound played.
  window.__sounds = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const tone = super.createOscillator();
      const start = tone.start.bind(tone);
      tone.start = (...args) => { window.__sounds += 1; return start(...args); };
      return tone;
    }
  };
})();"""


def test_a_sound_on_my_turn_when_the_page_is_hidden_if_switched_on(
    base: str, browser: Browser
) -> None:
    """The greedy bot's move gives me the turn: a sound when the page is hidden and the
    sound is on; none when it is visible, none when the sound is off; the choice is kept."""
    made = post(base, "/games", {"ruleset": "eclats_des_cites", "bots": {"seat_1": "greedy"}})
    game = made["game_id"]
    claimed = post(base, f"/games/{game}/seats/seat_0", {"player_name": "Ana"})
    token = urllib.parse.quote(claimed["token"], safe="")
    tab = Tab(
        browser, base, f"/#/games/{game}/resume/seat_0/{token}", init_script=HIDDEN_AND_COUNTED
    )
    page = tab.page
    assert not page.is_checked("#sound")  # off until asked for

    def my_turn() -> int:
        """The version at which my turn is shown (the bot may have the first move)."""
        for _ in range(300):
            summary = get_json(base, f"/games/{game}")
            if summary["to_act"] == ["seat_0"]:
                tab.ready_to_choose(summary["version"])
                return int(summary["version"])
            time.sleep(0.1)
        raise AssertionError("my turn never came")

    def my_move_then_the_bots(hidden: bool) -> int:
        version = my_turn()
        page.evaluate("(h) => { window.__hidden = h; }", hidden)
        play_first(page)
        # The bot has answered: my turn again, one version later at least.
        page.wait_for_function(
            """(v) => { const g = document.getElementById('game');
              return Number(g.dataset.version) > v + 1 && g.dataset.turn === 'mine'; }""",
            arg=version,
            timeout=30_000,
        )
        page.evaluate("() => { window.__hidden = false; }")
        sounds: int = page.evaluate("() => window.__sounds")
        return sounds

    page.check("#sound")
    assert my_move_then_the_bots(hidden=False) == 0, "a sound while the page was visible"
    # One beep (its two tones) for the one turn that came while hidden.
    assert my_move_then_the_bots(hidden=True) == 2, "not one beep while the page was hidden"
    page.reload()
    my_turn()
    assert page.is_checked("#sound")  # remembered
    page.uncheck("#sound")
    assert my_move_then_the_bots(hidden=True) == 0, "a sound though it was switched off"
    assert page.evaluate("() => localStorage.getItem('plateau:sound')") == "false"
    tab.close()


def holding(which: str, *, at_once: bool) -> str:
    """An init script: the answers to the page's requests for which the JavaScript
    expression ``which`` (of ``url`` and ``init``) holds come back only when the test
    releases them (``window.__held``: their release functions), while ``window.__hold``
    is true (from the start with ``at_once``)."""
    return f"""(() => {{
  const fetched = window.fetch.bind(window);
  window.__held = [];
  window.__hold = {json.dumps(at_once)};
  window.fetch = async (input, init) => {{
    const answer = await fetched(input, init);
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    if (window.__hold && ({which})) {{
      await new Promise((release) => window.__held.push(release));
    }}
    return answer;
  }};
}})();"""


HOLD_SUMMARIES = holding(r"/^\/games\/[0-9a-f]+$/.test(url.pathname)", at_once=False)
"""The page's reads of a game's summary, held while the test says so: each of its refresh
passes then sees a summary older than the events streamed meanwhile."""


def test_moves_streamed_while_the_page_reads_the_game_are_all_shown(
    base: str, browser: Browser
) -> None:
    """Each refresh pass reads the summary; events streamed in while it runs ask for
    another pass, up to a bound. Here every pass sees a summary older than what was
    streamed meanwhile, until the bound: the page must still read the game once more
    and show the last move, though no event comes after it."""
    game = post(base, "/games", {"ruleset": "eclats_des_cites"})["game_id"]
    tokens = {
        seat: post(base, f"/games/{game}/seats/{seat}", {"player_name": seat})["token"]
        for seat in ("seat_0", "seat_1")
    }

    def move() -> int:
        summary = get_json(base, f"/games/{game}")
        token = tokens[summary["to_act"][0]]
        request = urllib.request.Request(
            f"{base}/games/{game}/legal-commands", headers={"authorization": f"Bearer {token}"}
        )
        legal = json.loads(urllib.request.urlopen(request, timeout=10).read())
        return int(post(base, f"/games/{game}/commands", legal["commands"][0], token)["version"])

    version = move()
    tab = Tab(browser, base, f"/#/games/{urllib.parse.quote(game)}", init_script=HOLD_SUMMARIES)
    tab.settle(version, "active")
    tab.page.evaluate("() => { window.__hold = true; }")
    passes = 0
    version = move()  # streamed: the page starts a refresh, its summary held
    while passes < 12:  # past the client's bound on passes (8)
        try:
            tab.page.wait_for_function("() => window.__held.length > 0", timeout=3_000)
        except Exception:  # no pass asked for the summary again: the page stopped reading
            break
        passes += 1
        version = move()  # streamed while this pass runs: it asks for another
        tab.page.wait_for_timeout(300)  # the event has reached the page
        tab.page.evaluate("() => window.__held.splice(0).forEach((release) => release())")
    tab.page.evaluate(
        "() => { window.__hold = false; window.__held.splice(0).forEach((r) => r()); }"
    )
    assert passes >= 2
    tab.settle(version, "active")  # the last move shown, with no event after it
    assert get_json(base, f"/games/{game}")["version"] == version
    tab.close()


HOLD_COMMANDS = holding(
    "(init?.method || 'GET') === 'POST' && url.pathname.endsWith('/commands')", at_once=True
)
"""The answers to the page's commands, held: a slow network where the move's events
stream in before its answer comes back."""


def test_a_late_answer_to_my_command_does_not_take_back_my_next_choice(
    base: str, browser: Browser
) -> None:
    """My move's events stream in before its answer (held here): the page must not offer
    my next question until the answer is in, since the answer resets the choice and its
    buttons are disabled meanwhile. Then the next move is chosen and played as usual."""
    # A chosen seed whose first move (listed first: two tokens removed) keeps its seat acting.
    made = call(base, "/games", {"ruleset": "arkantis", "seed": "late-answer-0"})
    game = made["game_id"]
    tokens = {
        seat: call(base, f"/games/{game}/seats/{seat}", {"player_name": seat})["token"]
        for seat in ("seat_0", "seat_1")
    }
    summary = get_json(base, f"/games/{game}")
    seat, version = summary["to_act"][0], summary["version"]
    quoted = urllib.parse.quote(tokens[seat], safe="")
    tab = Tab(browser, base, f"/#/games/{game}/resume/{seat}/{quoted}", init_script=HOLD_COMMANDS)
    page = tab.page
    tab.ready_to_choose(version)
    legal = call(base, f"/games/{game}/legal-commands", token=tokens[seat])
    choose_and_play(page, legal["steps"], 0, board=False)
    page.wait_for_function("() => window.__held.length === 1")
    after = get_json(base, f"/games/{game}")
    assert after["version"] > version and after["to_act"] == [seat]  # my turn goes on
    page.wait_for_timeout(1_000)  # the move's events have streamed in meanwhile
    shown = page.evaluate("() => ({ ...document.getElementById('game').dataset })")
    assert shown["ready"] == "false", shown
    page.evaluate("() => window.__held.splice(0).forEach((release) => release())")
    # The next question, once the answer is in: chosen and played.
    version = after["version"]
    tab.ready_to_choose(version)
    legal = call(base, f"/games/{game}/legal-commands", token=tokens[seat])
    choose_and_play(page, legal["steps"], 0, board=False)
    page.wait_for_function("() => window.__held.length === 1")
    page.evaluate("() => window.__held.splice(0).forEach((release) => release())")
    page.wait_for_function(
        "v => document.getElementById('game')?.dataset.version !== v", arg=str(version)
    )
    assert page.text_content("#problem") == ""
    tab.close()
