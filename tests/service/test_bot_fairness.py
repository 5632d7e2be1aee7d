"""Bots never delay a person: with several bots-only ``mcts`` games thinking on
a real ``plateau serve`` worker (one thinking process), a person's requests
are answered within a bot move's budget, and a person's bot moves before the
bots-only games queued ahead of it (``service/games/bots.py``)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.servers import served

MOVE_MS = 2000
"""The bots' thinking budget per move here (``PLATEAU_BOT_MOVE_MS``)."""
BOTS_ONLY = 3
"""Bots-only games thinking at once: one in a thinking process, two queued."""
LONG_GAME = "tours_arc_en_ciel"  # about 200 commands: the bots-only games outlast the tests


@dataclass
class Bots:
    base: str
    database: Path
    games: list[str]


def versions(http: httpx.Client, games: list[str]) -> list[int]:
    return [http.get(f"/games/{g}").json()["version"] for g in games]


def wait(predicate, seconds: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bots]:
    folder = tmp_path_factory.mktemp("bot-fairness")
    database = folder / "plateau.db"
    env = {
        "PLATEAU_DATABASE_URL": f"sqlite:///{database}",
        "PLATEAU_BOT_PROCESSES": "1",
        "PLATEAU_BOT_MOVE_MS": str(MOVE_MS),
        "PLATEAU_BOT_GAMES_PER_ADDRESS": str(BOTS_ONLY),
    }
    with served(folder / "server.log", env=env, workers=1) as server:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            games = []
            started: list[int] = []
            for _ in range(BOTS_ONLY):
                r = http.post(
                    "/games",
                    json={"ruleset": LONG_GAME, "bots": {"fire": "mcts", "ice": "mcts"}},
                )
                assert r.status_code == 201, r.text
                games.append(r.json()["game_id"])
                started.append(r.json()["version"])  # its setup
            # The bots have started thinking.
            wait(
                lambda: any(v > s for v, s in zip(versions(http, games), started, strict=True)),
                120,
                "the bots-only games' bots to move",
            )
        yield Bots(server.base, database, games)


def two_people(http: httpx.Client) -> tuple[str, dict[str, str]]:
    """A game of two people: its id and its seats' tokens."""
    r = http.post("/games", json={"ruleset": "eclats_des_cites"})
    game_id = r.json()["game_id"]
    tokens = {}
    for seat in ("seat_0", "seat_1"):
        r = http.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
        tokens[seat] = r.json()["token"]
    return game_id, tokens


def test_a_persons_requests_are_answered_while_bots_only_games_think(bots: Bots) -> None:
    with httpx.Client(base_url=bots.base, timeout=30) as http:
        game_id, tokens = two_people(http)
        before = versions(http, bots.games)
        took: list[float] = []
        # A person plays while the bots think, until they have moved a few times.
        while len(took) < 24 or sum(versions(http, bots.games)) < sum(before) + 3:
            assert len(took) < 2000, "the bots-only games stopped moving"
            started = time.perf_counter()
            assert http.get("/health/live").status_code == 200
            took.append(time.perf_counter() - started)
            summary = http.get(f"/games/{game_id}").json()
            if summary["status"] == "finished":
                game_id, tokens = two_people(http)
                summary = http.get(f"/games/{game_id}").json()
            seat = summary["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            command = http.get(f"/games/{game_id}/legal-commands", headers=auth).json()
            started = time.perf_counter()
            r = http.post(
                f"/games/{game_id}/commands",
                json=command["commands"][0],
                headers={**auth, "If-Match": f'"{summary["version"]}"'},
            )
            took.append(time.perf_counter() - started)
            assert r.status_code == 201, r.text
        after = versions(http, bots.games)
    # The bots thought all along, and no answer waited for a bot move to end.
    assert sum(after) >= sum(before) + 3, (before, after)
    assert max(took) < MOVE_MS / 1000, sorted(took)[-5:]


def events(database: Path) -> list[tuple[int, str, str | None, str | None]]:
    """The store's events, in order: position, game, seat and command id."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(
            "SELECT position, game_id, seat, command_id FROM events ORDER BY position"
        ).fetchall()


def bot_moves(
    rows: list[tuple[int, str, str | None, str | None]], game_id: str
) -> list[tuple[str, int]]:
    """The bot's commands in ``game_id`` with the position of their first event."""
    mine = [(p, seat, c) for p, g, seat, c in rows if g == game_id]
    return sorted({c: p for p, seat, c in reversed(mine) if seat == "seat_1" and c}.items())


def test_a_persons_bot_moves_before_queued_bots_only_games(bots: Bots) -> None:
    with httpx.Client(base_url=bots.base, timeout=30) as http:
        r = http.post("/games", json={"ruleset": "eclats_des_cites", "bots": {"seat_1": "greedy"}})
        assert r.status_code == 201, r.text
        game_id = r.json()["game_id"]
        r = http.post(f"/games/{game_id}/seats/seat_0", json={"player_name": "Ann"})
        token = r.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        # A turn may take the person several commands, so the person plays
        # until the bot has answered three times, each answer checked below.
        for _ in range(60):
            wait(
                lambda: (
                    "seat_0" in http.get(f"/games/{game_id}").json()["to_act"]
                    or http.get(f"/games/{game_id}").json()["status"] == "finished"
                ),
                120,
                "the person's turn",
            )
            if len(bot_moves(events(bots.database), game_id)) >= 3:
                break
            summary = http.get(f"/games/{game_id}").json()
            assert summary["status"] != "finished", "the game ended before three bot moves"
            command = http.get(f"/games/{game_id}/legal-commands", headers=auth).json()
            r = http.post(
                f"/games/{game_id}/commands",
                json=command["commands"][0],
                headers={**auth, "If-Match": f'"{summary["version"]}"'},
            )
            assert r.status_code == 201, r.text
    rows = events(bots.database)
    mine = [(p, seat, c) for p, g, seat, c in rows if g == game_id]
    moves = bot_moves(rows, game_id)
    assert len(moves) >= 3, mine
    for command_id, first in moves:
        # The bot was due at the person's game's last append before its move.
        due = max(p for p, _, c in mine if p < first)
        overtaking = {c for p, g, _, c in rows if g in bots.games and due < p < first and c}
        # Only the bots-only move already being thought when the person's bot
        # became due may come in between (one thinking process), not the queue.
        assert len(overtaking) <= 1, (command_id, due, first, overtaking)
