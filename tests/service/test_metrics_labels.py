"""Junk requests cannot grow ``/metrics`` (issue 29, finding 7): the request
metrics label only the known methods and the app's route templates, ``other``
for the rest, so 300 requests with random methods and paths add no series.
On a real ``plateau serve`` (granian, multiprocess metrics)."""

from __future__ import annotations

import http.client
import random
import re
import string
from pathlib import Path

import httpx

from service.metrics import METHODS
from tests.servers import Served, served

SERIES = re.compile(r"^(plateau_http_[a-z_]+\{[^}]*\})", re.M)


def junk(server: Served, rng: random.Random) -> int:
    """One request with a random method (up to 2,000 letters) on a random path."""
    method = "".join(rng.choices(string.ascii_uppercase, k=rng.randint(1, 2000)))
    path = "/" + "/".join(
        "".join(rng.choices(string.ascii_letters + string.digits + "-_.~", k=rng.randint(1, 40)))
        for _ in range(rng.randint(1, 4))
    )
    if rng.random() < 0.3:  # a known route with a junk method
        path = rng.choice(["/games", "/rulesets", "/games/x/state", "/events"])
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    try:
        conn.request(method, path)
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def series(server: Served) -> set[str]:
    text = httpx.get(f"{server.base}/metrics", timeout=15).text
    return set(SERIES.findall(text))


def test_random_methods_and_paths_add_no_series(tmp_path: Path) -> None:
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db"}
    with served(tmp_path / "server.log", env=env, workers=1) as server:
        rng = random.Random(29)
        for _ in range(20):  # every kind of junk answer once: 404, 405, ...
            junk(server, rng)
        series(server)
        before = series(server)
        statuses = {junk(server, rng) for _ in range(300)}
        after = series(server)
        assert statuses <= {400, 404, 405, 501}, statuses
        assert after == before, sorted(after - before)[:10]
        methods = set(re.findall(r'method="([^"]*)"', "\n".join(after)))
        assert methods <= METHODS | {"other"}, methods
        routes = set(re.findall(r'route="([^"]*)"', "\n".join(after)))
        assert all(r == "other" or r.startswith("/") for r in routes), routes
        assert all(len(r) < 64 for r in routes), routes
