"""Debian's chromium driven by Playwright, for the web client tests (the server: ``tests.servers``).

Never ``playwright install``: the browser is the system's ``/usr/bin/chromium``
(``scripts/test`` apt-installs it when missing: ``scripts/_debian.sh``).
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
ROOT = Path(__file__).resolve().parents[2]


def get_json(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as answer:
        return json.loads(answer.read())


def get_text(base: str, path: str) -> str:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as answer:
        text: str = answer.read().decode()
        return text


def call(
    base: str, path: str, body: Any = None, *, token: str | None = None, lang: str = "en"
) -> Any:
    """One API call (POST when there is a body) as JSON, in ``lang``, with a seat's token."""
    headers = {"content-type": "application/json", "accept-language": lang}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())
