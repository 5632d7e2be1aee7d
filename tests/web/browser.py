"""A real ``plateau serve`` and Debian's chromium driven by Playwright, for the web client tests.

Never ``playwright install``: the browser is the system's ``/usr/bin/chromium``
(``.ci/run`` apt-installs it when missing).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def plateau_server(tmp: Path) -> Iterator[str]:
    """``plateau serve`` on a free port with a fresh SQLite store; yields its base URL."""
    port = free_port()
    env = {
        **os.environ,
        "PLATEAU_DATABASE_URL": f"sqlite:///{tmp}/web.db",
    }
    env.pop("PLATEAU_REDIS_URL", None)
    log = (tmp / "serve.log").open("wb")
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "plateau"), "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{base}/health/ready", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((tmp / "serve.log").read_text())
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def get_json(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as answer:
        return json.loads(answer.read())


def get_text(base: str, path: str) -> str:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as answer:
        text: str = answer.read().decode()
        return text
