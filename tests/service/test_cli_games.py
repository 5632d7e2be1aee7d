"""plateau export (bulk, resumable), import and verify, against real stores and a real server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.service.helpers import start_game
from tests.service.test_players_history import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
PLATEAU = str(Path(sys.executable).with_name("plateau"))


def run(args: list[str], database_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLATEAU_DATABASE_URL": database_url}
    return subprocess.run(
        [PLATEAU, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


async def make_games(url: str) -> list[str]:
    """Two finished games and one in play."""
    async with AsyncTestClient(create_app(Settings(database_url=url))) as client:
        ids = []
        for ruleset in ("arkantis", "eclats_des_cites"):
            game_id, tokens = await start_game(client, ruleset)
            await play_to_the_end(client, game_id, tokens)
            ids.append(game_id)
        game_id, _ = await start_game(client, "tours_arc_en_ciel")
        ids.append(game_id)
    return ids


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
async def test_bulk_export_resume_import_and_verify(tmp_path: Path, postgres_url: str) -> None:
    source = f"sqlite:///{tmp_path}/source.db"
    assert run(["migrate"], source).returncode == 0
    ids = await make_games(source)

    out = tmp_path / "all.ndjson"
    exported = run(["export", "--all", "-o", str(out)], source)
    assert exported.returncode == 0, exported.stderr
    lines = out.read_text().splitlines()
    assert sorted(json.loads(line)["game"]["game_id"] for line in lines) == sorted(ids)
    assert "exported 3 game(s)" in exported.stderr

    # An interrupted export (the last line cut short) resumes where it stopped.
    out.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    resumed = run(["export", "--all", "-o", str(out)], source)
    assert resumed.returncode == 0, resumed.stderr
    assert "exported 2 game(s), 1 already in" in resumed.stderr
    assert "\n" in out.read_text()
    finished = run(["export", "--status", "finished"], source)
    assert [json.loads(x)["game"]["status"] for x in finished.stdout.splitlines()] == [
        "finished",
        "finished",
    ]

    # The finished games import on PostgreSQL; the game in play has no seed here.
    clean = tmp_path / "clean.ndjson"
    clean.write_text(finished.stdout)
    imported = run(["import", str(clean)], postgres_url)
    assert imported.returncode == 0, imported.stderr
    assert "imported 2 game(s), 0 already here, 0 refused" in imported.stderr
    again = run(["import", str(clean)], postgres_url)
    assert "imported 0 game(s), 2 already here, 0 refused" in again.stderr
    in_play = run(["import", str(out)], postgres_url)
    assert in_play.returncode == 1 and "seed_required" in in_play.stderr

    # verify: a file, a game of the local store, and a game over HTTP.
    verified = run(["verify", str(clean)], source)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.count(": ok:") == 2
    assert "every random outcome follows from the seed" in verified.stdout
    assert run(["verify", ids[0]], postgres_url).returncode == 0

    tampered = tmp_path / "tampered.json"
    doc = json.loads(clean.read_text().splitlines()[0])
    doc["seed"] = "chosen afterwards"
    tampered.write_text(json.dumps(doc))
    refused = run(["verify", str(tampered)], source)
    assert refused.returncode == 1 and "FAILED: seed_mismatch" in refused.stdout

    port = free_port()
    env = {**os.environ, "PLATEAU_DATABASE_URL": source}
    server = subprocess.Popen(
        [PLATEAU, "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/health/ready", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        over_http = run(["verify", ids[1], "--base", base], source)
        assert over_http.returncode == 0, over_http.stdout + over_http.stderr
        assert "ok:" in over_http.stdout
        not_finished = run(["verify", ids[2], "--base", base], source)
        assert not_finished.returncode != 0 and "409" in not_finished.stderr
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_export_needs_a_game_or_a_filter(tmp_path: Path) -> None:
    result = run(["export"], f"sqlite:///{tmp_path}/x.db")
    assert result.returncode == 2 and "--all" in result.stderr
