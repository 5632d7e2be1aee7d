"""Exports, imports and the global feed over HTTP, on both configurations,
and every golden game round-tripped from one backend to the other."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS, SeatedPlayer, SetupContext, fold
from domain.audit import sha256_hex
from domain.kernel import Rng
from service.exports import audit_export, export_game, import_export
from service.store.base import EventStore
from tests.backends import open_test_store
from tests.service.helpers import assert_problem, auth, legal, start_game

DATA = Path(__file__).resolve().parents[1] / "data"


async def play_to_end(client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]) -> None:
    rnd = random.Random(game_id)
    for _ in range(5000):
        game = (await client.get(f"/games/{game_id}")).json()
        if game["status"] == "finished":
            return
        seat = game["to_act"][0]
        commands = (await legal(client, game_id, tokens[seat]))["commands"]
        r = await client.post(
            f"/games/{game_id}/commands", json=rnd.choice(commands), headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
    raise AssertionError("the game did not end")


async def finished_game(client: AsyncTestClient[Any], ruleset: str = "arkantis") -> str:
    game_id, tokens = await start_game(client, ruleset)
    await play_to_end(client, game_id, tokens)
    return game_id


async def test_export_then_import_under_a_new_id(client: AsyncTestClient[Any]) -> None:
    game_id = await finished_game(client)
    r = await client.get(f"/games/{game_id}/export")
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["format"] == "plateau-game/2" and doc["seed"]
    assert sha256_hex(doc["seed"]) == doc["game"]["seed_sha256"]
    assert len(doc["events"]) == doc["game"]["version"]
    assert doc["commands"] and all(c["version"] < doc["game"]["version"] for c in doc["commands"])
    assert audit_export(doc).ok

    r = await client.post("/games/import", json=doc)
    assert_problem(r, 409, "game_exists")
    r = await client.post("/games/import", params={"new_id": "true"}, json=doc)
    assert r.status_code == 201, r.text
    body = r.json()
    new_id = body["game"]["game_id"]
    assert new_id != game_id and r.headers["location"] == f"/games/{new_id}"
    assert body["verdict"].startswith("ok:") and body["tokens"] == {}
    original = (await client.get(f"/games/{game_id}")).json()
    copy_ = (await client.get(f"/games/{new_id}")).json()
    for key in ("ruleset", "options", "status", "version", "outcome", "seed_sha256", "seed"):
        assert copy_[key] == original[key], key
    events_a = (await client.get(f"/games/{game_id}/events")).json()["events"]
    events_b = (await client.get(f"/games/{new_id}/events")).json()["events"]
    assert [e["event"] for e in events_a] == [e["event"] for e in events_b]
    again = (await client.get(f"/games/{new_id}/export")).json()
    assert audit_export(again).ok
    assert [c["command"] for c in again["commands"]] == [c["command"] for c in doc["commands"]]


async def test_a_tampered_export_is_refused_and_nothing_is_stored(
    client: AsyncTestClient[Any],
) -> None:
    game_id = await finished_game(client)
    doc = (await client.get(f"/games/{game_id}/export")).json()
    before = (await client.get("/games", params={"limit": 200})).json()["games"]

    gap = copy.deepcopy(doc)
    del gap["events"][5]
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=gap),
        422,
        "export_rejected",
    )
    assert body["details"] == {"reason": "versions_not_contiguous", "first_bad_version": 6}

    swapped = copy.deepcopy(doc)
    swapped["seed"] = "not the seed"
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=swapped),
        422,
        "export_rejected",
    )
    assert body["details"]["reason"] == "seed_mismatch"

    forged = copy.deepcopy(doc)
    forged["seed"] = "forged"
    forged["game"]["seed_sha256"] = sha256_hex("forged")
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=forged),
        422,
        "export_rejected",
    )
    assert body["details"]["reason"] in {"setup_not_reproduced", "command_not_reproduced"}
    assert body["details"]["first_bad_version"] >= 1

    for junk in ({"format": "other"}, {"format": "plateau-game/2", "game": 3}):
        assert_problem(await client.post("/games/import", json=junk), 422, "export_rejected")
    assert_problem(await client.post("/games/import", json=[]), 400, "invalid_request")
    r = await client.post(
        "/games/import", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert_problem(r, 400, "invalid_request")
    after = (await client.get("/games", params={"limit": 200})).json()["games"]
    assert [g["game_id"] for g in after] == [g["game_id"] for g in before]


async def test_only_a_finished_game_is_exported_over_http(client: AsyncTestClient[Any]) -> None:
    game_id, _ = await start_game(client, "arkantis")
    assert_problem(await client.get(f"/games/{game_id}/export"), 409, "game_not_finished")
    assert_problem(await client.get("/games/nope/export"), 404, "not_found")


async def test_the_feed_pages_every_event_once_redacted_for_spectators(
    client: AsyncTestClient[Any],
) -> None:
    first = (await client.get("/events")).json()
    start = first["last_position"]
    while first["events"]:  # skip what other tests of this database left
        first = (await client.get("/events", params={"after": start, "limit": 1000})).json()
        start = first["last_position"]
    game_a, tokens_a = await start_game(client, "arkantis")
    game_b, _ = await start_game(client, "eclats_des_cites")
    seat = (await client.get(f"/games/{game_a}")).json()["to_act"][0]
    command = (await legal(client, game_a, tokens_a[seat]))["commands"][0]
    r = await client.post(f"/games/{game_a}/commands", json=command, headers=auth(tokens_a[seat]))
    assert r.status_code == 201
    seen: list[dict[str, Any]] = []
    after = start
    while True:
        page = (await client.get("/events", params={"after": after, "limit": 3})).json()
        if not page["events"]:
            assert page["last_position"] == after
            break
        seen += page["events"]
        after = page["last_position"]
    positions = [e["position"] for e in seen]
    assert positions == sorted(set(positions))
    for game_id in (game_a, game_b):
        mine = [e for e in seen if e["game_id"] == game_id]
        spectator = (await client.get(f"/games/{game_id}/events")).json()["events"]
        assert [e["version"] for e in mine] == [e["version"] for e in spectator]
        assert [e["event"] for e in mine] == [e["event"] for e in spectator]
    assert_problem(await client.get("/events", params={"after": -1}), 400, "invalid_request")
    r = await client.get("/events/stream", params={"after": start, "timeout": 0})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    ids = [int(line[3:].strip()) for line in r.text.splitlines() if line.startswith("id:")]
    assert ids == positions


# --- every golden game, from one backend to the other --------------------------------


def golden_export(path: Path) -> dict[str, Any]:
    """An export of a golden playthrough (``tests/data/<game>/``), built by deciding
    its recorded commands again from its seed, as the service would have."""
    record = json.loads(path.read_text())
    rs = RULESETS[path.parent.name]
    options = msgspec.json.decode(json.dumps(record["options"]), type=rs.Options)
    seats = rs.seats(options)
    players = tuple(SeatedPlayer(seat=s) for s in seats)
    context = SetupContext(players=players, last_winner_seat=record.get("last_winner_seat"))
    seed = record["seed"]
    log = list(rs.setup(options, context, Rng(seed, 0)))
    raw = record.get("commands") or record.get("steps") or []
    steps = [(s[0], s[1]) if isinstance(s, list) else (s["seat"], s["command"]) for s in raw]
    commands = []
    state = fold(rs, log)
    for i, (seat, data) in enumerate(steps):
        command = msgspec.json.decode(json.dumps(data), type=rs.Command)
        commands.append({"version": len(log), "seat": seat, "command": data, "command_id": f"c{i}"})
        events = rs.decide(state, seat, command, Rng(seed, len(log)))
        state = fold(rs, events, state)
        log += [(e, f"c{i}", seat) for e in events]
    outcome = rs.outcome(state)
    assert outcome is not None, f"{path.name} does not end"
    events_out = []
    for version, item in enumerate(log, start=1):
        event, command_id, seat = item if isinstance(item, tuple) else (item, None, None)
        events_out.append(
            {
                "version": version,
                "type": type(event).__struct_config__.tag,
                "data": msgspec.to_builtins(event),
                "recorded_at": "2026-01-01T00:00:00+00:00",
                "command_id": command_id,
                "seat": seat,
            }
        )
    document = {
        "format": "plateau-game/2",
        "game": {
            "game_id": f"golden-{path.parent.name}-{path.stem}",
            "ruleset": rs.name,
            "options": record["options"],
            "status": "finished",
            "version": len(log),
            "seats": [{"seat": s, "player_name": None, "claimed": True} for s in seats],
            "to_act": [],
            "outcome": outcome,
            "seed_sha256": sha256_hex(seed),
            "created_at": "2026-01-01T00:00:00+00:00",
        },
        "seed": seed,
        "events": events_out,
        "commands": commands,
    }
    result: dict[str, Any] = json.loads(msgspec.json.encode(document))  # as read from a file
    return result


GOLDENS = sorted(DATA.glob("*/*.json"))


@pytest.mark.parametrize("path", GOLDENS, ids=[f"{p.parent.name}-{p.stem}" for p in GOLDENS])
async def test_every_golden_game_round_trips_between_backends(
    path: Path, tmp_path: Path, postgres_url: str
) -> None:
    doc = golden_export(path)
    report = audit_export(doc)
    assert report.ok, report.verdict
    stores: list[EventStore] = []
    async with (
        open_test_store("sqlite", tmp_path=tmp_path, postgres_url=None) as sqlite,
        open_test_store("postgres", tmp_path=tmp_path, postgres_url=postgres_url) as postgres,
    ):
        stores = [sqlite, postgres]
        game, _, _ = await import_export(sqlite, doc)
        exported = await export_game(sqlite, game)
        moved, _, report = await import_export(
            postgres, json.loads(json.dumps(exported)), new_id=True
        )
        assert report.ok
        final = await export_game(postgres, moved)
        final_report = audit_export(json.loads(json.dumps(final)))
        assert final_report.ok, final_report.verdict
        assert final_report.log_reproduced is True
        assert final_report.outcome == doc["game"]["outcome"]
        assert [e["data"] for e in final["events"]] == [e["data"] for e in doc["events"]]
    assert len(stores) == 2
