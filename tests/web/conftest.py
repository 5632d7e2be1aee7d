"""Fixtures of the browser tests: one ``plateau serve`` and one chromium for the package."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Dialog,
    Locator,
    Page,
    sync_playwright,
)

from tests.servers import served
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, ROOT

SETTLED = """([version, status]) => {
  const game = document.getElementById('game');
  return !!game && game.dataset.ready === 'true' && game.dataset.version === version
    && game.dataset.status === status;
}"""
LISTED = """([version, status]) => {
  const game = document.getElementById('game');
  if (!game || game.dataset.ready !== 'true' || game.dataset.version !== version
    || game.dataset.status !== status) return null;
  return Array.from(document.querySelectorAll('#commands button[data-command]'), (b) => b.dataset.command);
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


def click_listed(page: Page, button: Locator) -> None:
    """A real mouse click on a listed command (its group unfolded first, as a person would).

    The list may be redrawn while we look (a stream update of the same version):
    look again, a bounded number of times, instead of clicking a stale spot."""
    for _ in range(50):
        point = button.evaluate(CENTRE)
        if point is not None:
            page.mouse.click(point[0], point[1])
            return
        closed = button.evaluate("(node) => !!node.closest('details:not([open])')")
        if closed:
            button.locator("xpath=ancestor::details/summary").click()
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the listed command never became visible")


class Tab:
    """A browser context with one page and the errors it reported."""

    def __init__(self, browser: Browser, base: str, path: str, *, phone: bool = False) -> None:
        viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.context: BrowserContext = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        self.page: Page = self.context.new_page()
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
        self.page.goto(base + path)

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

    def listed(self, version: int, status: str) -> list[str]:
        """Once settled at this version: the commands its list offers (their JSON)."""
        found = self.page.wait_for_function(LISTED, arg=[str(version), status], timeout=30_000)
        commands: list[str] = found.json_value()
        return commands

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
    tmp = tmp_path_factory.mktemp("web")
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp}/web.db", "PLATEAU_REDIS_URL": None}
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
