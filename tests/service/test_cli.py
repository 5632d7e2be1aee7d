"""The plateau command: migrate, export and replay against a real store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

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
        [PLATEAU, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


async def test_migrate_export_and_replay(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/cli.db"
    migrated = run(["migrate"], url)
    assert migrated.returncode == 0, migrated.stderr
    assert "up to date" in migrated.stdout and (tmp_path / "cli.db").exists()

    async with AsyncTestClient(create_app(Settings(database_url=url))) as client:
        game_id, tokens = await start_game(client, "arkantis")
        final = await play_to_the_end(client, game_id, tokens)

    exported = run(["export", game_id], url)
    assert exported.returncode == 0, exported.stderr
    doc = json.loads(exported.stdout)
    assert doc["format"] == "plateau-game/2" and doc["seed"] == final["seed"]
    assert len(doc["events"]) == final["version"]
    export_file = tmp_path / "game.json"
    export_file.write_text(exported.stdout)

    for args in (["replay", game_id], ["replay", "--file", str(export_file)]):
        replayed = run(args, url)
        assert replayed.returncode == 0, replayed.stderr
        report = json.loads(replayed.stdout)
        assert report["version"] == final["version"] and report["versions_contiguous"]
        assert report["seed_matches_commitment"] is True
        assert report["outcome"] == final["outcome"] and report["outcome_matches"] is True
        assert report["to_act"] == []

    unknown = run(["export", "nope"], url)
    assert unknown.returncode != 0 and "no game nope" in unknown.stderr
