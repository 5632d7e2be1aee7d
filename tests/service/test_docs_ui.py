"""The interactive docs (Swagger UI at ``/schema``) work offline, in a real browser.

A real ``plateau serve`` and Debian's headless Chromium (driven by Playwright,
never a browser of Playwright's own): the page must render the operations
with every request going to the service itself, and with no console error
(a Content-Security-Policy violation is one).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.servers import served

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
WAIT = 300_000
"""Milliseconds a step may take: Swagger UI lays out 430 kB of document, which
takes half a minute on a loaded 2-core machine. A bound against hanging, not a
measure of speed."""


@pytest.fixture
def docs_server(tmp_path: Path) -> Iterator[str]:
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/docs.db", "PLATEAU_REDIS_URL": None}
    with served(tmp_path / "server.log", env=env, workers=1) as server:
        yield server.base


@pytest.mark.slow
def test_swagger_ui_renders_every_operation_offline(docs_server: str) -> None:
    # Fails loudly, like the browser suites: a skip would hide this test in CI.
    assert CHROMIUM.exists(), "Debian's chromium is missing: .ci/run installs it"
    from playwright.sync_api import Route, sync_playwright

    left: list[str] = []
    served: list[str] = []
    console_errors: list[str] = []
    page_errors: list[str] = []

    def route(r: Route) -> None:
        url = r.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS:
            served.append(url)
            r.continue_()
        else:  # would leave the machine: refuse it, and fail below
            left.append(url)
            r.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-default-apps",
                "--disable-sync",
            ],
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(WAIT)
            page.route("**/*", route)
            page.on(
                "console",
                lambda m: console_errors.append(m.text) if m.type == "error" else None,
            )
            page.on("pageerror", lambda e: page_errors.append(str(e)))
            page.goto(f"{docs_server}/schema", wait_until="networkidle")
            # Operation summaries and ids of every tag group are on the page.
            page.get_by_text("Create a game", exact=True).wait_for(timeout=WAIT)
            page.get_by_text("Play one command", exact=True).wait_for(timeout=WAIT)
            page.get_by_text("createGame", exact=True).wait_for(timeout=WAIT)
            assert page.locator(".opblock").count() >= 20
            # Opening an operation renders its answers from the document.
            page.get_by_text("Create a game", exact=True).click()
            page.locator(".opblock.is-open .responses-table").first.wait_for(timeout=WAIT)
            assert page.locator(".errors-wrapper").count() == 0, "Swagger UI reports errors"
            page.wait_for_load_state("networkidle")
        finally:
            browser.close()

    assert left == [], f"requests left the server: {left}"
    assert any(u.endswith("/schema/openapi.json") for u in served), served
    assert any("/schema/assets/swagger-ui-bundle.js" in u for u in served), served
    assert console_errors == [], console_errors
    assert page_errors == [], page_errors


def test_docs_pages_and_assets_are_local_and_strict(tmp_path: Path) -> None:
    """Without a browser: the page names only ``/schema/assets/`` files, each served
    with the strict policy; an unknown docs page or asset is a problem+json 404."""
    import re

    from litestar.testing import TestClient

    from service.app import create_app
    from service.settings import Settings

    settings = Settings.from_env({"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/d.db"})
    with TestClient(create_app(settings)) as client:
        page = client.get("/schema")
        assert page.status_code == 200
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "style-src 'self'" in csp
        assert "unsafe-inline" not in csp and "http" not in csp
        assert (
            "<script>" not in page.text and "<style" not in page.text and "style=" not in page.text
        )
        urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert urls and all(u.startswith("/schema/assets/") for u in urls), urls
        for url in urls:
            asset = client.get(url)
            assert asset.status_code == 200, url
            assert asset.headers["content-security-policy"] == csp
            assert asset.headers["x-content-type-options"] == "nosniff"
        for missing in ("/schema/redoc", "/schema/swagger", "/schema/assets/index.html"):
            answer = client.get(missing)
            assert answer.status_code == 404, missing
            assert answer.headers["content-type"] == "application/problem+json", missing
