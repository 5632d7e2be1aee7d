"""plateau export (bulk, resumable), import and verify, against real stores and a real server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.servers import served
from tests.service.helpers import auth, start_game
from tests.service.test_exports import conforms_to_game_export
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
    in_play = run(["import", str(out)], postgres_url)  # written as a spectator sees it
    assert in_play.returncode == 1 and "redacted_export" in in_play.stderr

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

    with served(tmp_path / "server.log", env={"PLATEAU_DATABASE_URL": source}) as server:
        over_http = run(["verify", ids[1], "--base", server.base], source)
        assert over_http.returncode == 0, over_http.stdout + over_http.stderr
        assert "ok:" in over_http.stdout
        not_finished = run(["verify", ids[2], "--base", server.base], source)
        assert not_finished.returncode != 0 and "409" in not_finished.stderr


def test_export_needs_a_game_or_a_filter(tmp_path: Path) -> None:
    result = run(["export"], f"sqlite:///{tmp_path}/x.db")
    assert result.returncode == 2 and "--all" in result.stderr


async def game_in_play(url: str) -> tuple[str, dict[str, str], list[Any], list[Any]]:
    """An arkantis game in play: (id, seat tokens, its log as a spectator and as
    its first seat see it, through the API)."""
    async with AsyncTestClient(create_app(Settings(database_url=url))) as client:
        game_id, tokens = await start_game(client, "arkantis")
        first = next(iter(tokens))
        spectator = (await client.get(f"/games/{game_id}/events")).json()["events"]
        mine = (await client.get(f"/games/{game_id}/events", headers=auth(tokens[first]))).json()
        return game_id, tokens, spectator, mine["events"]


def hidden_orders(doc: dict[str, Any]) -> list[Any]:
    """The pile orders and dealt hands an export holds (null where redacted)."""
    return [
        e["data"]["card_ids"]
        for e in doc["events"]
        if e["data"]["type"] in {"arkantis.pile_shuffled", "arkantis.cards_dealt"}
    ]


async def test_a_game_in_play_is_exported_as_a_spectator_sees_it(tmp_path: Path) -> None:
    """Without --with-seed, a game in play is written as a spectator sees it
    (or --as-seat SEAT): no pile order, no hand but one's own, no seed, no
    command log; such a record is never imported nor audited. --with-seed
    writes it whole (the operator moving it)."""
    url = f"sqlite:///{tmp_path}/plateau.db"
    assert run(["migrate"], url).returncode == 0
    game_id, tokens, spectator, first_seat = await game_in_play(url)

    shown = run(["export", game_id], url)
    assert shown.returncode == 0, shown.stderr
    doc = json.loads(shown.stdout)
    assert (doc["view"], doc["seed"], doc["commands"]) == ("spectator", None, None)
    assert hidden_orders(doc) and all(order is None for order in hidden_orders(doc))
    assert [e["data"] for e in doc["events"]] == [e["event"] for e in spectator]

    seat = next(iter(tokens))
    as_seat = json.loads(run(["export", game_id, "--as-seat", seat], url).stdout)
    assert as_seat["view"] == seat and as_seat["seed"] is None
    assert [e["data"] for e in as_seat["events"]] == [e["event"] for e in first_seat]
    assert sum(order is not None for order in hidden_orders(as_seat)) == 1  # its own hand

    whole = json.loads(run(["export", game_id, "--with-seed"], url).stdout)
    assert whole.get("view") is None and whole["seed"] and whole["commands"] == []
    assert all(order is not None for order in hidden_orders(whole))
    for written in (doc, as_seat, whole):
        conforms_to_game_export(written)

    both = run(["export", game_id, "--with-seed", "--as-seat", seat], url)
    assert both.returncode == 2 and "not both" in both.stderr
    unknown = run(["export", game_id, "--as-seat", "nobody"], url)
    assert unknown.returncode == 2 and "no seat 'nobody'" in unknown.stderr

    record = tmp_path / "spectator.json"
    record.write_text(shown.stdout)
    refused = run(["import", "--new-id", str(record)], url)
    assert refused.returncode == 1 and "redacted_export" in refused.stderr
    verified = run(["verify", str(record)], url)
    assert verified.returncode == 1 and "FAILED: redacted_export" in verified.stdout


async def test_a_game_imported_in_play_is_said_so_by_verify(tmp_path: Path) -> None:
    """The operator's command line imports a game in play (marked in_play);
    verify then says its seed was not committed by this server."""
    url = f"sqlite:///{tmp_path}/plateau.db"
    assert run(["migrate"], url).returncode == 0
    game_id, _, _, _ = await game_in_play(url)
    moved = tmp_path / "moved.json"
    assert run(["export", game_id, "--with-seed", "-o", str(moved)], url).returncode == 0
    imported = run(["import", "--new-id", str(moved)], url)
    assert imported.returncode == 0, imported.stderr
    assert "imported in play" in imported.stderr
    new_id = json.loads(imported.stdout)["game_id"]
    again = tmp_path / "again.json"
    assert run(["export", new_id, "--with-seed", "-o", str(again)], url).returncode == 0
    assert json.loads(again.read_text())["game"]["imported"] == "in_play"
    verified = run(["verify", str(again)], url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "imported in play: its seed was chosen by whoever exported it" in verified.stdout
    assert "not committed by this server" in run(["verify", new_id], url).stdout
    original = run(["verify", game_id], url)
    assert original.returncode == 0 and "imported in play" not in original.stdout


def test_unreadable_input_is_one_line_and_exit_status_2(tmp_path: Path) -> None:
    """Deeply nested or malformed JSON, or no file at all: one line on stderr
    and exit status 2, never a traceback."""
    url = f"sqlite:///{tmp_path}/plateau.db"
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    nested = tmp_path / "nested.ndjson"
    nested.write_text('{"format": "plateau-game/2"}\n' + '{"a":' * 5000 + "1" + "}" * 5000 + "\n")
    broken = tmp_path / "broken.ndjson"
    broken.write_text('{"format": "plateau-game/2"}\n{nope\n')
    missing = tmp_path / "missing.json"
    for args in (
        ["import", str(deep)],
        ["import", str(nested)],
        ["import", str(broken)],
        ["import", str(missing)],
        ["verify", str(deep)],
        ["replay", "--file", str(deep)],
        ["render", "--file", str(missing)],
    ):
        result = run(args, url)
        assert result.returncode == 2, (args, result.stderr)
        assert "Traceback" not in result.stderr, (args, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"plateau {args[0]}: "), (args, lines)
