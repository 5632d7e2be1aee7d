"""Fixtures of the browser tests: one ``plateau serve`` and one chromium for the package."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections import deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Dialog,
    Locator,
    Page,
    Response,
    sync_playwright,
)

from tests.servers import served
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, ROOT

SETTLED = """([version, status]) => {
  const game = document.getElementById('game');
  return !!game && game.dataset.ready === 'true' && game.dataset.version === version
    && game.dataset.status === status;
}"""
CENTRE = """(node) => {
  if (!node.checkVisibility()) return null;
  node.scrollIntoView({ block: 'center' });
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""
"""Where a click lands on a visible button (scrolled into view), else null."""


@cache
def documented() -> list[tuple[str, re.Pattern[str], frozenset[str]]]:
    """(method, path pattern, query parameter names) of every operation of the document."""
    doc = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    operations = []
    for template, item in doc["paths"].items():
        pattern = re.compile(re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method, op in item.items():
            if isinstance(op, dict) and "responses" in op:
                names = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
                operations.append((method.upper(), pattern, frozenset(names)))
    return operations


def undocumented(method: str, url: str) -> bool:
    """A request that is neither one of the client's own files nor a documented operation
    (its method, its path and each of its query parameters)."""
    parts = urllib.parse.urlsplit(url)
    if method == "GET" and (parts.path == "/" or parts.path.startswith("/web/")):
        return False
    names = set(urllib.parse.parse_qs(parts.query, keep_blank_values=True))
    return not any(
        m == method and pattern.match(parts.path) and names <= allowed
        for m, pattern, allowed in documented()
    )


def click_visible(page: Page, button: Locator) -> None:
    """A real mouse click on a visible button (scrolled into view), as a person would.

    The panel may be redrawn while we look (a stream update of the same version):
    look again, a bounded number of times, instead of clicking a stale spot."""
    for _ in range(50):
        point = button.evaluate(CENTRE) if button.count() == 1 else None
        if point is not None:
            page.mouse.click(point[0], point[1])
            return
        page.wait_for_timeout(100)
    raise AssertionError("the button never became visible")


def step_path(
    steps: list[dict[str, Any]], index: int
) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The nodes (each with its siblings) from the root of the steps tree to command ``index``."""
    for node in steps:
        if node["command"] == index:
            return [(node, steps)]
        below = step_path(node["children"], index)
        if below:
            return [(node, steps), *below]
    return []


AIM = """([key, ref]) => {
  const asked = key === null ? document.querySelector('#play-move:not([hidden])')
    : document.querySelector(`#choices button[data-key="${CSS.escape(key)}"]`);
  if (!asked) return null;
  if (ref !== null) {
    const node = document.querySelector(`#board .choosable[data-ref="${CSS.escape(ref)}"]`);
    if (node) {
      node.scrollIntoView({ block: 'center', inline: 'center' });
      const box = node.getBoundingClientRect();
      for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.3], [0.7, 0.7], [0.3, 0.7], [0.7, 0.3]]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('.choosable') === node) return ['board', x, y];
      }
      return ['keyboard', 0, 0];
    }
  }
  if (!asked.checkVisibility()) return null;
  asked.scrollIntoView({ block: 'center' });
  const box = asked.getBoundingClientRect();
  return ['list', box.left + box.width / 2, box.top + box.height / 2];
}"""
"""Once the question is shown (``key``'s button in the list; ``key`` null: *Play*), where a
person's click answers it: on the board element ``ref`` where its own drawing is on top
('board'; 'keyboard' when a neighbour's drawing covers it all), else on the visible button
('list'). One round trip to the page per click, polled by the page itself."""


CLICKS: deque[tuple[str | None, str | None, str, int, int]] = deque(maxlen=8)
"""The last clicks ``click_step`` made (question key, board ref, how, x, y): a failure's context."""


def click_step(page: Page, key: str | None, ref: str | None) -> bool:
    """Answer the question shown by a real click (``ref``: on the board when the picture
    offers it), as ``AIM`` says; True when it was answered on the board."""
    how, x, y = page.wait_for_function(AIM, arg=[key, ref], timeout=30_000).json_value()
    CLICKS.append((key, ref, how, round(x), round(y)))
    if how == "keyboard":
        page.locator(f"#board .choosable[data-ref={json.dumps(ref)}]").focus()
        page.keyboard.press("Enter")
    else:
        page.mouse.click(x, y)
    return bool(how != "list")


def choose_and_play(page: Page, steps: list[dict[str, Any]], index: int, *, board: bool) -> int:
    """Choose command ``index`` one question at a time, then play it; the board clicks made.

    With ``board``, each question whose option has a picture element no sibling
    shares is answered on the picture, and the move is played by a second click on
    its element when it has one; otherwise from the list, and by the Play button."""
    clicks = 0
    last_ref = None
    for node, siblings in step_path(steps, index):
        shared = {ref for other in siblings if other is not node for ref in other["targets"]}
        own = [ref for ref in node["targets"] if ref not in shared]
        ref = own[0] if board and own else None
        on_board = click_step(page, node["key"], ref)
        clicks += on_board
        last_ref = ref if on_board else None
    return clicks + click_step(page, None, last_ref)


class Tab:
    """A browser context with one page and the errors it reported."""

    def __init__(
        self,
        browser: Browser,
        base: str,
        path: str,
        *,
        phone: bool = False,
        lang: str = "en",
        init_script: str | None = None,
        desktop: tuple[int, int] = (1280, 900),
    ) -> None:
        """``init_script`` runs in every document of the tab before the page's own scripts;
        ``desktop``: the window's width and height when not a phone."""
        width, height = (390, 844) if phone else desktop
        viewport = {"width": width, "height": height}
        # The browser's language (navigator.languages) picks the client's first language.
        self.context: BrowserContext = browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            locale="fr-FR" if lang == "fr" else "en-GB",
        )
        self.page: Page = self.context.new_page()
        if init_script is not None:
            self.page.add_init_script(init_script)
        self.errors: list[str] = []
        self.requests: list[tuple[str, str | None]] = []
        self.calls: list[tuple[str, str]] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("dialog", self._dialog)
        self.page.on(
            "request",
            lambda r: self.requests.append((r.url, r.headers.get("authorization"))),
        )
        self.page.on("request", lambda r: self.calls.append((r.method, r.url)))
        self.answers: deque[str] = deque(maxlen=20)
        """The page's last answers (status, method, path), to say what it did when a test fails."""
        self.page.on("response", self._answered)
        self.page.goto(base + path)

    def _answered(self, response: Response) -> None:
        path = urllib.parse.urlsplit(response.url).path
        self.answers.append(f"{response.status} {response.request.method} {path}")

    def _dialog(self, dialog: Dialog) -> None:
        """An alert() would be markup that ran: an error, dismissed."""
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def settle(self, version: int, status: str) -> None:
        try:
            self.page.wait_for_function(SETTLED, arg=[str(version), status], timeout=30_000)
        except Exception as error:
            state = self.page.evaluate(
                "() => [JSON.stringify(document.getElementById('game')?.dataset),"
                " document.getElementById('game-status')?.textContent, location.hash]"
            )
            raise AssertionError(
                f"not settled at {version} {status}: {state} {self.errors}"
            ) from error

    def token(self, game: str) -> dict[str, str]:
        """The seat tokens this tab's browser holds for ``game`` (its localStorage)."""
        found: dict[str, str] = self.page.evaluate(
            "(g) => JSON.parse(localStorage.getItem('plateau:seats:' + g) || '{}')", game
        )
        return found

    def ready_to_choose(self, version: int) -> None:
        """Settled live at ``version`` with its legal commands read (the first question shown)."""
        self.page.wait_for_function(
            """(v) => { const g = document.getElementById('game');
              return !!g && g.dataset.ready === 'true' && g.dataset.legal === v; }""",
            arg=str(version),
            timeout=30_000,
        )

    def close(self, *, refused_inline: bool = False) -> None:
        """No error was logged (``refused_inline``: but the CSP's refusals of inline handlers),
        and the page asked the service only for its own files and documented operations."""
        if refused_inline:
            self.errors = [e for e in self.errors if "Content Security Policy" not in e]
        assert self.errors == [], self.errors
        assert self.calls, "the page made no request"
        assert [c for c in self.calls if undocumented(*c)] == [], "undocumented requests"
        assert self.page.evaluate("() => window.__pwned === undefined")
        self.context.close()


@pytest.fixture(scope="package")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A served Plateau on SQLite, in sandbox mode: tests may start games at named positions."""
    tmp = tmp_path_factory.mktemp("web")
    env = {
        "PLATEAU_DATABASE_URL": f"sqlite:///{tmp}/web.db",
        "PLATEAU_REDIS_URL": None,
        "PLATEAU_SANDBOX": "1",
    }
    with served(tmp / "serve.log", env=env) as server:
        yield server.base


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), (
        "Debian's chromium is missing: scripts/test installs it (scripts/_debian.sh)"
    )
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
