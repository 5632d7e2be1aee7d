"""Exports, imports and the global feed over HTTP, on both configurations,
and every golden game round-tripped from one backend to the other."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS, SeatedPlayer, SetupContext, fold
from domain.audit import sha256_hex
from domain.kernel import Rng
from service.app import create_app
from service.games.exports import ExportRejected, audit_export, export_game
from service.games.imports import (
    ImportForbidden,
    ImportRules,
    MalformedImport,
    import_export,
    prepare,
)
from service.settings import Settings
from service.store.base import EventStore
from tests.backends import open_test_store
from tests.service.conftest import settings_for
from tests.service.helpers import (
    asgi_request,
    assert_problem,
    auth,
    legal,
    on_app_loop,
    start_game,
)

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


DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def conforms_to_game_export(doc: dict[str, Any]) -> None:
    """``doc`` is valid against the committed document's ``GameExport``."""
    import jsonschema  # type: ignore[import-untyped]

    components = json.loads(DOCUMENT.read_text(encoding="utf-8"))["components"]
    jsonschema.Draft202012Validator(
        {"$ref": "#/components/schemas/GameExport", "components": components},
        format_checker=jsonschema.FormatChecker(),
    ).validate(doc)


async def player_token(client: AsyncTestClient[Any], name: str = "Importer") -> str:
    """A player's token: what an import needs outside the sandbox."""
    r = await client.post("/players", json={"name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


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
    assert r.headers["etag"] == f'"{doc["game"]["version"]}"'
    conforms_to_game_export(doc)

    player = auth(await player_token(client))
    r = await client.post("/games/import", json=doc, headers=player)
    assert_problem(r, 409, "game_exists")
    r = await client.post("/games/import", params={"new_id": "true"}, json=doc, headers=player)
    assert r.status_code == 201, r.text
    body = r.json()
    new_id = body["game"]["game_id"]
    assert new_id != game_id and r.headers["location"] == f"/games/{new_id}"
    assert body["verdict"].startswith("ok:") and body["tokens"] == {}
    assert "imported in play" not in body["verdict"]
    original = (await client.get(f"/games/{game_id}")).json()
    copy_ = (await client.get(f"/games/{new_id}")).json()
    for key in ("ruleset", "options", "status", "version", "outcome", "seed_sha256", "seed"):
        assert copy_[key] == original[key], key
    assert (original["imported"], original["imported_in_play"]) == (False, False)
    assert (copy_["imported"], copy_["imported_in_play"]) == (True, False)
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
    player = auth(await player_token(client))

    gap = copy.deepcopy(doc)
    del gap["events"][5]
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=gap, headers=player),
        422,
        "export_rejected",
    )
    assert body["details"] == {"reason": "versions_not_contiguous", "first_bad_version": 6}

    swapped = copy.deepcopy(doc)
    swapped["seed"] = "not the seed"
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=swapped, headers=player),
        422,
        "export_rejected",
    )
    assert body["details"]["reason"] == "seed_mismatch"

    forged = copy.deepcopy(doc)
    forged["seed"] = "forged"
    forged["game"]["seed_sha256"] = sha256_hex("forged")
    body = assert_problem(
        await client.post("/games/import", params={"new_id": "true"}, json=forged, headers=player),
        422,
        "export_rejected",
    )
    assert body["details"]["reason"] in {"setup_not_reproduced", "command_not_reproduced"}
    assert body["details"]["first_bad_version"] >= 1

    for junk in ({"format": "other"}, {"format": "plateau-game/2", "game": 3}):
        r = await client.post("/games/import", json=junk, headers=player)
        assert_problem(r, 422, "export_rejected")
    r = await client.post("/games/import", json=[], headers=player)
    assert_problem(r, 400, "invalid_request")
    r = await client.post(
        "/games/import",
        content=b"{nope",
        headers={"content-type": "application/json", **player},
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
        game = (await import_export(sqlite, doc)).bundle.game
        exported = await export_game(sqlite, game)
        prepared = await import_export(
            postgres, json.loads(json.dumps(exported)), ImportRules(new_id=True)
        )
        moved = prepared.bundle.game
        assert prepared.report.ok
        final = await export_game(postgres, moved)
        final_report = audit_export(json.loads(json.dumps(final)))
        assert final_report.ok, final_report.verdict
        assert final_report.log_reproduced is True
        assert final_report.outcome == doc["game"]["outcome"]
        assert [e["data"] for e in final["events"]] == [e["data"] for e in doc["events"]]
    assert len(stores) == 2


# --- who may import what (issue 29, finding 1) ----------------------------------------

OPERATOR_TOKEN = "operator-" + "7" * 40
ARKANTIS = DATA / "arkantis" / "default_2p.json"
LONG_GAME = DATA / "petits_dragons" / "alliances_four_players.json"


@asynccontextmanager
async def app_with(
    config: str, request: pytest.FixtureRequest, tmp_path: Path, **extra: Any
) -> AsyncIterator[AsyncTestClient[Any]]:
    settings = msgspec.structs.replace(settings_for(config, request, tmp_path), **extra)
    async with AsyncTestClient(create_app(settings)) as client:
        yield client


async def game_in_play(client: AsyncTestClient[Any], moves: int = 6) -> dict[str, Any]:
    """A game of this app played for a few moves, exported whole with its seed
    (what only an operator's ``plateau export --with-seed`` writes). Éclats des Cités:
    no six moves end it (a random ArkantiS game may end within them)."""
    game_id, tokens = await start_game(client, "eclats_des_cites")
    rnd = random.Random(game_id)
    for _ in range(moves):
        seat = (await client.get(f"/games/{game_id}")).json()["to_act"][0]
        command = rnd.choice((await legal(client, game_id, tokens[seat]))["commands"])
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
    svc = client.app.state.games

    async def export() -> dict[str, Any]:
        return await export_game(svc.store, await svc.store.get_game(game_id), with_seed=True)

    doc: dict[str, Any] = json.loads(json.dumps(on_app_loop(client, export)))
    assert doc["game"]["status"] == "active" and doc["seed"]
    return doc


def fresh_golden(path: Path) -> dict[str, Any]:
    """A golden export under an id of its own (the API tests share one PostgreSQL database)."""
    doc = golden_export(path)
    doc["game"]["game_id"] = f"golden-{uuid.uuid4().hex}"
    return doc


async def game_ids(client: AsyncTestClient[Any]) -> list[str]:
    return [
        g["game_id"] for g in (await client.get("/games", params={"limit": 200})).json()["games"]
    ]


async def test_an_import_needs_a_credential(client: AsyncTestClient[Any]) -> None:
    """Outside the sandbox: 401 without a player token (or the operator's), and
    before the body is read; nothing is stored."""
    doc = fresh_golden(ARKANTIS)
    game_id, seat_tokens = await start_game(client, "arkantis")
    for headers in (
        {},
        {"Authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l"},
        auth("nonsense"),
        auth("pt.0123456789abcdef0123456789abcdef.unknown"),
        auth(next(iter(seat_tokens.values()))),  # a seat token is no identity
        auth(OPERATOR_TOKEN),  # no operator is set on this server
    ):
        r = await client.post("/games/import", json=doc, headers=headers)
        assert_problem(r, 401, "unauthenticated")
    r = await client.post("/games/import", json=doc)
    assert r.headers["www-authenticate"] == "Bearer"
    assert doc["game"]["game_id"] not in await game_ids(client)
    r = await client.post("/games/import", json=doc, headers=auth(await player_token(client)))
    assert r.status_code == 201, r.text
    assert r.json()["game"]["imported"] is True
    assert game_id in await game_ids(client)


@pytest.mark.parametrize("config", ["sqlite+memory", "postgres+redis"])
async def test_a_game_in_play_is_imported_only_by_the_operator(
    config: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Whoever exported a game in play chose its seed and knows every draw to
    come: a player may not import it (403), the operator may, and the game is
    marked as imported in play everywhere its fairness is shown."""
    async with app_with(config, request, tmp_path, operator_token=OPERATOR_TOKEN) as client:
        doc = await game_in_play(client)
        player = auth(await player_token(client))
        before = await game_ids(client)
        r = await client.post("/games/import", params={"new_id": "true"}, json=doc, headers=player)
        body = assert_problem(r, 403, "import_forbidden")
        assert "operator" in body["detail"]
        assert await game_ids(client) == before

        r = await client.post(
            "/games/import", params={"new_id": "true"}, json=doc, headers=auth(OPERATOR_TOKEN)
        )
        assert r.status_code == 201, r.text
        answer = r.json()
        game = answer["game"]
        assert (game["status"], game["imported"], game["imported_in_play"]) == (
            "active",
            True,
            True,
        )
        assert "imported in play" in answer["verdict"] and "not committed" in answer["verdict"]
        assert sorted(answer["tokens"]) == sorted(s["seat"] for s in game["seats"])
        seat = game["to_act"][0]
        legal_now = await legal(client, game["game_id"], answer["tokens"][seat])
        assert legal_now["version"] == doc["game"]["version"]
        assert (await client.get(f"/games/{game['game_id']}")).json()["imported_in_play"] is True
        listed, cursor = {}, None  # every page: the database is shared, and an imported
        while True:  # game keeps its (older) creation time, so it may sit on any page
            page = (
                await client.get(
                    "/games", params={"limit": 200, **({"cursor": cursor} if cursor else {})}
                )
            ).json()
            listed.update({g["game_id"]: g for g in page["games"]})
            cursor = page["next_cursor"]
            if cursor is None:
                break
        assert listed[game["game_id"]]["imported_in_play"] is True

        # A finished game is a player's to import.
        r = await client.post("/games/import", json=fresh_golden(ARKANTIS), headers=player)
        assert r.status_code == 201, r.text
        assert (r.json()["game"]["imported"], r.json()["game"]["imported_in_play"]) == (True, False)


async def test_the_sandbox_imports_a_game_in_play_without_a_credential(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    async with app_with("sqlite+memory", request, tmp_path, sandbox=True) as client:
        doc = await game_in_play(client, moves=2)
        r = await client.post("/games/import", params={"new_id": "true"}, json=doc)
        assert r.status_code == 201, r.text
        assert r.json()["game"]["imported_in_play"] is True


# --- what an import may hold (finding 3) ------------------------------------------------


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(doc)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


BAD_IMPORTS: list[tuple[tuple[Any, ...], Any, str]] = [
    (("game", "game_id"), "a/b", "invalid_game_id"),
    (("game", "game_id"), "", "invalid_game_id"),
    (("game", "game_id"), "x" * 300, "invalid_game_id"),
    (("game", "game_id"), "ab\r\ncd", "invalid_game_id"),
    (("game", "game_id"), "ａｂｃ", "invalid_game_id"),  # full-width letters
    (("game", "game_id"), "abc\n", "invalid_game_id"),
    (("game", "game_id"), 42, "invalid_game_id"),
    (("game", "seats", 0, "player_name"), "x" * 100_000, "invalid_player_name"),
    (("game", "seats", 0, "player_name"), ["Ann", "Bo"], "invalid_player_name"),
    (("game", "seats", 0, "player_name"), "", "invalid_player_name"),
    (("game", "seats", 0, "player_name"), 7, "invalid_player_name"),
    (("game", "created_at"), "9999-01-01T00:00:00+00:00", "invalid_date"),
    (("game", "created_at"), "yesterday", "invalid_date"),
    (("game", "updated_at"), "2025-12-31T00:00:00+00:00", "invalid_date"),  # before created_at
    (("game", "finished_at"), "9999-01-01T00:00:00+00:00", "invalid_date"),
    (("events", 3, "recorded_at"), "9999-01-01T00:00:00", "invalid_date"),
    (("game", "seats", 0, "seat"), "north", "seats_mismatch"),
    (("events", 3, "seat"), "north", "unknown_seat"),
    (("game", "options"), {"no_such_option": 1}, "invalid_options"),
]


async def test_ids_names_and_dates_are_checked_before_anything_is_stored(
    client: AsyncTestClient[Any],
) -> None:
    """Every malformed field is a 422 naming its reason (never a 500, on either
    backend), and nothing is stored; the untouched export then imports."""
    doc = fresh_golden(ARKANTIS)
    doc["game"]["updated_at"] = doc["game"]["created_at"]
    player = auth(await player_token(client))
    before = await game_ids(client)
    for path, value, reason in BAD_IMPORTS:
        r = await client.post("/games/import", json=_set(doc, path, value), headers=player)
        body = assert_problem(r, 422, "export_rejected")
        assert body["details"]["reason"] == reason, (path, value, body)
    r = await client.post(
        "/games/import",
        json=_set(doc, ("game", "seats", 0, "player_name"), "A\x00"),
        headers=player,
    )
    assert_problem(r, 400, "invalid_request")
    assert await game_ids(client) == before
    r = await client.post("/games/import", json=doc, headers=player)
    assert r.status_code == 201, r.text
    assert r.json()["game"]["game_id"] == doc["game"]["game_id"]
    assert r.json()["game"]["created_at"].startswith("2026-01-01")


async def test_deeply_nested_json_is_a_bad_request(client: AsyncTestClient[Any]) -> None:
    player = auth(await player_token(client))
    for body in (
        b"[" * 2000 + b"]" * 2000,
        b'{"format": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    ):
        r = await client.post(
            "/games/import",
            content=body,
            headers={"content-type": "application/json", **player},
        )
        assert_problem(r, 400, "invalid_request")


# --- snapshots on import ------------------------------------------------------------------


async def test_an_imported_game_is_snapshotted_as_a_played_one(
    client: AsyncTestClient[Any], settings: Settings
) -> None:
    """A snapshot every ``snapshot_every`` versions is stored with the game, so
    an anonymous read of any past version folds fewer than ``snapshot_every``
    events; each gives exactly the view folded from the export."""
    doc = fresh_golden(LONG_GAME)
    every = settings.snapshot_every
    r = await client.post("/games/import", json=doc, headers=auth(await player_token(client)))
    assert r.status_code == 201, r.text
    game_id = r.json()["game"]["game_id"]
    store = client.app.state.games.store
    last = len(doc["events"])
    for version in (every - 1, every, every + 3, last // 2, last):
        snapshot = on_app_loop(
            client, lambda v=version: store.load_snapshot(game_id, at_or_before=v)
        )
        expected = version - version % every
        assert (snapshot.version if snapshot else 0) == expected, version
    rs = RULESETS["petits_dragons"]
    events = [msgspec.json.decode(json.dumps(e["data"]), type=rs.Event) for e in doc["events"]]
    for version in (every + 3, last // 2, last - 1):
        r = await client.get(f"/games/{game_id}/state", params={"version": version})
        assert r.status_code == 200, r.text
        view = rs.view(fold(rs, events[:version]), None)
        assert r.json()["view"] == json.loads(msgspec.json.encode(view)), version


# --- the body, streamed and bounded -------------------------------------------------------

MIB = 1024 * 1024


def import_scope(headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/games/import",
        "raw_path": b"/games/import",
        "query_string": b"new_id=true",
        "root_path": "",
        "headers": [*headers, (b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "state": {},
    }


async def streamed_import(
    client: AsyncTestClient[Any], headers: list[tuple[bytes, bytes]], total: int
) -> tuple[int, int]:
    """POST ``total`` bytes of body in 1 MiB chunks through the app's ASGI
    interface; (status, the bytes the app read)."""
    chunk = b" " * MIB
    read = 0
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        if read >= total:
            return {"type": "http.disconnect"}
        read += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": read < total}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    async def run() -> None:
        await client.app(import_scope(headers), receive, send)

    on_app_loop(client, run)
    return status, read


async def test_the_body_limit_is_counted_while_the_body_streams_in(
    client: AsyncTestClient[Any], settings: Settings
) -> None:
    """A 60 MiB import is refused (413) after reading at most the limit and one
    chunk, never read whole; announced too large, or without a credential,
    it is refused before a byte is read."""
    limit = settings.max_import_bytes
    token = (b"authorization", f"Bearer {await player_token(client)}".encode())
    status, read = await streamed_import(client, [token], 60 * MIB)
    assert status == 413 and limit < read <= limit + MIB, read
    status, read = await streamed_import(
        client, [token, (b"content-length", b"62914560")], 60 * MIB
    )
    assert (status, read) == (413, 0)
    status, read = await streamed_import(client, [], 60 * MIB)
    assert (status, read) == (401, 0)
    status, read = await streamed_import(client, [token], 2 * MIB)
    assert (status, read) == (400, 2 * MIB)  # read whole: within the limit (and not JSON)


# --- the audit, off the event loop and on a budget ---------------------------------------------


@pytest.mark.parametrize("config", ["sqlite+memory", "postgres+redis"])
async def test_the_service_answers_while_an_import_is_audited(
    config: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """``/health/live`` is answered while the import thread audits: a request
    sent once the audit has begun is answered before it ends."""
    async with app_with(config, request, tmp_path, snapshot_every=1) as client:
        body = msgspec.json.encode(fresh_golden(LONG_GAME))
        headers = [("Authorization", f"Bearer {await player_token(client)}")]
        seats = client.app.state.games.seats

        async def import_and_ask() -> tuple[int, int]:
            """On the app's own loop (the test client would wait for each answer)."""
            task = asyncio.create_task(asgi_request(client, "POST", "/games/import", headers, body))
            answered_meanwhile = 0
            while not task.done():
                if seats.auditing:
                    status, _ = await asgi_request(client, "GET", "/health/live", [])
                    assert status == 200
                    answered_meanwhile += bool(seats.auditing)
                # The answer needs no I/O: yield, so the loop hears the import thread.
                await asyncio.sleep(0.001)
            status, _ = await task
            return status, answered_meanwhile

        status, answered_meanwhile = on_app_loop(client, import_and_ask)
        assert status == 201
        assert answered_meanwhile >= 1


async def test_an_import_over_its_cpu_budget_is_refused(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    async with app_with("sqlite+memory", request, tmp_path, import_audit_seconds=1e-9) as client:
        doc = fresh_golden(ARKANTIS)
        r = await client.post("/games/import", json=doc, headers=auth(await player_token(client)))
        body = assert_problem(r, 422, "import_over_budget")
        assert body["details"] == {"budget_seconds": 1e-9}
        assert doc["game"]["game_id"] not in await game_ids(client)


# --- the contract ------------------------------------------------------------------------------


def test_the_document_types_the_export_and_the_import() -> None:
    """The import's body and the export's answer are the export format itself
    (``GameExport``, every field described), not ``{}``; the import says it
    needs a bearer token and what its 401, 403, 413 and 422 mean, and the
    headers both answer with are declared."""
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    ref = {"$ref": "#/components/schemas/GameExport"}
    imp = doc["paths"]["/games/import"]["post"]
    exp = doc["paths"]["/games/{game_id}/export"]["get"]
    assert imp["requestBody"]["required"] is True
    assert imp["requestBody"]["content"]["application/json"]["schema"] == ref
    assert exp["responses"]["200"]["content"]["application/json"]["schema"] == ref
    assert "ETag" in exp["responses"]["200"]["headers"]
    assert "Location" in imp["responses"]["201"]["headers"]
    assert imp["security"] == [{"bearer": []}]
    for status, code in (
        ("401", "unauthenticated"),
        ("403", "import_forbidden"),
        ("413", "payload_too_large"),
        ("422", "import_over_budget"),
    ):
        assert code in imp["responses"][status]["description"], status
    schemas = doc["components"]["schemas"]
    export = schemas["GameExport"]
    assert set(export["required"]) == {"format", "game", "events"}
    assert {"format", "game", "seed", "events", "commands"} <= set(export["properties"])
    for name in ("GameExport", "ExportedGame", "ExportedSeat", "ExportedEvent", "ExportedCommand"):
        assert schemas[name]["description"], name
        for prop, schema in schemas[name]["properties"].items():
            assert schema.get("description"), f"{name}.{prop}"
    game_id = schemas["ExportedGame"]["properties"]["game_id"]
    assert game_id["pattern"] == "^[0-9A-Za-z_-]{1,64}$"
    for summary in (s for n, s in schemas.items() if n.endswith("GameSummary")):
        assert {"imported", "imported_in_play"} <= set(summary["properties"])


def test_an_import_takes_exactly_the_game_ids_the_service_routes() -> None:
    from service.api.headers import GAME_ID
    from service.games.schemas import GAME_ID_PATTERN

    assert GAME_ID_PATTERN == f"^{GAME_ID}$"


DELETE = object()
ODD_VALUES: list[Any] = [None, -1, 2**80, 1.5, "", "x" * 70, "\x00", [], {}, True, "9999-12-31"]


def test_any_odd_field_of_an_export_is_refused_with_a_known_answer() -> None:
    """Every field of an export replaced by an odd value (or removed) is
    refused as a malformed body, a refused export, or accepted: never another
    exception (which the API would answer 500). Pure: no store."""
    base = golden_export(ARKANTIS)
    raw = msgspec.json.encode(base)
    fields: list[tuple[Any, ...]] = [()]
    fields += [(k,) for k in base]
    fields += [("game", k) for k in base["game"]]
    fields += [("game", "seats", 0, k) for k in base["game"]["seats"][0]]
    fields += [("events", 0, k) for k in base["events"][0]]
    fields += [("events", 0, "data", k) for k in base["events"][0]["data"]]
    fields += [("commands", 0, k) for k in base["commands"][0]]
    fields += [("commands", 0, "command", k) for k in base["commands"][0]["command"]]
    known = (MalformedImport, ExportRejected, ImportForbidden)
    for path in fields:
        for value in [*ODD_VALUES, DELETE]:
            doc = msgspec.json.decode(raw)  # a fresh copy, fast
            target = doc
            for key in path[:-1]:
                target = target[key]
            if not path:
                doc = value
            elif value is DELETE:
                del target[path[-1]]
            else:
                target[path[-1]] = value
            try:
                prepare(doc, ImportRules(in_play=False))
            except known:
                pass


def test_the_operator_token_is_long_and_never_shown() -> None:
    settings = Settings.from_env({"PLATEAU_OPERATOR_TOKEN": OPERATOR_TOKEN})
    assert settings.operator_token == OPERATOR_TOKEN
    assert OPERATOR_TOKEN not in repr(settings) and OPERATOR_TOKEN not in str(settings)
    assert "operator_token=***" in repr(settings)
    with pytest.raises(ValueError, match="at least 32"):
        Settings.from_env({"PLATEAU_OPERATOR_TOKEN": "short"})
    assert Settings.from_env({}).operator_token is None
