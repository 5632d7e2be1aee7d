"""Forks (``POST /games/{game_id}/fork``, ``plateau fork``) on both configurations:
a fork sees at its version what the original saw there, for every seat and a
spectator; a same-seed fork replays the original byte for byte; a new-seed fork
keeps the copied events and draws the rest from its own committed seed; who may
fork what; resting versions; the command line and ``plateau verify``."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS, SeatedPlayer, SetupContext, fold
from domain.audit import sha256_hex
from domain.kernel import Rng
from service.games.exports import audit_export, export_game
from tests.service.helpers import assert_problem, auth, legal, on_app_loop
from tests.service.test_exports import OPERATOR_TOKEN, app_with, game_in_play, player_token

MAX_COMMANDS = 3000


def canonical(value: Any) -> str:
    return json.dumps(json.loads(msgspec.json.encode(value)), sort_keys=True)


def random_finished(ruleset: str, seed: str) -> dict[str, Any]:
    """A finished game of random legal commands, decided from ``seed`` as the
    service would, as an export (``plateau-game/2``) with its command log."""
    rs = RULESETS[ruleset]
    rnd = random.Random(seed)
    options = rs.Options()
    seats = rs.seats(options)
    players = tuple(SeatedPlayer(seat=s) for s in seats)
    log: list[tuple[Any, str | None, str | None]] = [
        (e, None, None) for e in rs.setup(options, SetupContext(players=players), Rng(seed, 0))
    ]
    state = fold(rs, [e for e, _, _ in log])
    commands = []
    for i in range(MAX_COMMANDS):
        if rs.outcome(state) is not None:
            break
        seat = rnd.choice(rs.to_act(state))
        command = rnd.choice(rs.legal_commands(state, seat))
        commands.append(
            {
                "version": len(log),
                "seat": seat,
                "command": msgspec.to_builtins(command),
                "command_id": f"c{i}",
            }
        )
        events = rs.decide(state, seat, command, Rng(seed, len(log)))
        state = fold(rs, events, state)
        log += [(e, f"c{i}", seat) for e in events]
    outcome = rs.outcome(state)
    assert outcome is not None, f"a random {ruleset} game did not end"
    return {
        "format": "plateau-game/2",
        "game": {
            "game_id": f"fork-{uuid.uuid4().hex}",
            "ruleset": ruleset,
            "options": msgspec.to_builtins(options),
            "status": "finished",
            "version": len(log),
            "seats": [
                {"seat": s, "player_name": f"P{i}", "claimed": True} for i, s in enumerate(seats)
            ],
            "to_act": [],
            "outcome": json.loads(msgspec.json.encode(outcome)),
            "seed_sha256": sha256_hex(seed),
        },
        "seed": seed,
        "events": [
            {
                "version": v,
                "type": type(e).__struct_config__.tag,
                "data": msgspec.to_builtins(e),
                "command_id": cid,
                "seat": seat,
            }
            for v, (e, cid, seat) in enumerate(log, start=1)
        ],
        "commands": commands,
    }


def states(doc: dict[str, Any]) -> list[Any]:
    """The state at every version 0..N of an export (None at 0)."""
    rs = RULESETS[doc["game"]["ruleset"]]
    out: list[Any] = [None]
    for e in doc["events"]:
        out.append(rs.evolve(out[-1], msgspec.json.decode(json.dumps(e["data"]), type=rs.Event)))
    return out


def resting_versions(doc: dict[str, Any], folded: list[Any]) -> list[int]:
    """The versions a fork may start at, but 0: the end of a batch of events (the
    setup's or a command's) with a seat to act."""
    rs = RULESETS[doc["game"]["ruleset"]]
    events = doc["events"]
    out = []
    for v in range(1, len(events) + 1):
        end = v == len(events) or events[v]["command_id"] != events[v - 1]["command_id"]
        if end and rs.outcome(folded[v]) is None and rs.to_act(folded[v]):
            out.append(v)
    return out


async def imported(client: AsyncTestClient[Any], doc: dict[str, Any]) -> str:
    r = await client.post("/games/import", json=doc, headers=auth(await player_token(client)))
    assert r.status_code == 201, r.text
    return str(r.json()["game"]["game_id"])


async def fork(
    client: AsyncTestClient[Any], game_id: str, version: int, **extra: Any
) -> dict[str, Any]:
    headers = extra.pop("headers", {})
    r = await client.post(
        f"/games/{game_id}/fork", json={"version": version, **extra}, headers=headers
    )
    assert r.status_code == 201, r.text
    body = dict(r.json())
    assert r.headers["location"] == f"/games/{body['game_id']}"
    return body


async def claim_all(client: AsyncTestClient[Any], game: dict[str, Any]) -> dict[str, str]:
    tokens = {}
    for i, s in enumerate(game["seats"]):
        if s["claimed"]:
            continue
        r = await client.post(
            f"/games/{game['game_id']}/seats/{s['seat']}", json={"player_name": f"F{i}"}
        )
        assert r.status_code == 201, r.text
        tokens[s["seat"]] = r.json()["token"]
    return tokens


async def stored_events(client: AsyncTestClient[Any], game_id: str) -> list[Any]:
    store = client.app.state.games.store

    async def read() -> list[Any]:
        return list(await store.read(game_id))

    return list(on_app_loop(client, read))


async def export_of(client: AsyncTestClient[Any], game_id: str) -> dict[str, Any]:
    store = client.app.state.games.store

    async def export() -> dict[str, Any]:
        return await export_game(store, await store.get_game(game_id))

    doc: dict[str, Any] = json.loads(msgspec.json.encode(on_app_loop(client, export)))
    return doc


# --- the fork sees what the original saw --------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
async def test_a_fork_at_a_resting_version_is_the_original_there(
    client: AsyncTestClient[Any], ruleset: str
) -> None:
    rs = RULESETS[ruleset]
    doc = random_finished(ruleset, f"fork-{ruleset}-{uuid.uuid4().hex[:6]}")
    original = await imported(client, doc)
    folded = states(doc)
    rnd = random.Random(original)
    for version in rnd.sample(resting_versions(doc, folded), 2):
        made = await fork(client, original, version)
        assert made["forked_from"]["game_id"] == original
        assert made["forked_from"]["version"] == version and made["forked_from"]["forked_at"]
        assert (made["status"], made["version"], made["to_act"]) == ("waiting", version, [])
        assert not any(s["claimed"] for s in made["seats"])
        assert made["seed"] is None and made["seed_sha256"] != doc["game"]["seed_sha256"]
        assert made["options"] == doc["game"]["options"]
        fork_id = made["game_id"]
        # Waiting, it already shows the position to a spectator (and no one acts).
        r = await client.get(f"/games/{fork_id}/state")
        assert r.status_code == 200 and r.json()["version"] == version
        tokens = await claim_all(client, made)
        started = (await client.get(f"/games/{fork_id}")).json()
        assert started["status"] == "active" and started["version"] == version
        assert started["to_act"] == list(rs.to_act(folded[version]))
        for seat, token in tokens.items():
            r = await client.get(f"/games/{fork_id}/state", headers=auth(token))
            assert r.status_code == 200, r.text
            assert canonical(r.json()["view"]) == canonical(rs.view(folded[version], seat)), seat
        spectator = (await client.get(f"/games/{fork_id}/state")).json()["view"]
        then = await client.get(f"/games/{original}/state", params={"version": version})
        assert canonical(spectator) == canonical(then.json()["view"])
        assert canonical(spectator) == canonical(rs.view(folded[version], None))
        copied = await stored_events(client, fork_id)
        assert [(e.version, canonical(e.data)) for e in copied] == [
            (e["version"], canonical(e["data"])) for e in doc["events"][:version]
        ]
        # A new seed: the fork goes on from there with its own outcomes.
        seat = started["to_act"][0]
        command = (await legal(client, fork_id, tokens[seat]))["commands"][0]
        r = await client.post(
            f"/games/{fork_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
        after = await stored_events(client, fork_id)
        assert [canonical(e.data) for e in after[:version]] == [
            canonical(e["data"]) for e in doc["events"][:version]
        ]
        listed = (await client.get("/games", params={"ruleset": ruleset, "limit": 200})).json()
        by_id = {g["game_id"]: g for g in listed["games"]}
        assert by_id[fork_id]["forked_from"]["version"] == version
    assert (await client.get(f"/games/{original}")).json()["forked_from"] is None


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
async def test_a_same_seed_fork_replays_the_original_byte_for_byte(
    client: AsyncTestClient[Any], ruleset: str
) -> None:
    doc = random_finished(ruleset, f"same-{ruleset}-{uuid.uuid4().hex[:6]}")
    original = await imported(client, doc)
    folded = states(doc)
    # A random resting version among the last ones: the replay to the end stays short.
    version = random.Random(original).choice(resting_versions(doc, folded)[-12:])
    made = await fork(client, original, version, same_seed=True)
    assert made["seed_sha256"] == doc["game"]["seed_sha256"]
    tokens = await claim_all(client, made)
    fork_id = made["game_id"]
    for logged in doc["commands"]:
        if logged["version"] < version:
            continue
        r = await client.post(
            f"/games/{fork_id}/commands",
            json=logged["command"],
            headers={**auth(tokens[logged["seat"]]), "If-Match": f'"{logged["version"]}"'},
        )
        assert r.status_code == 201, r.text
    summary = (await client.get(f"/games/{fork_id}")).json()
    assert summary["status"] == "finished" and summary["outcome"] == doc["game"]["outcome"]
    assert summary["seed"] == doc["seed"]
    replayed = await stored_events(client, fork_id)
    recorded = await stored_events(client, original)
    assert [(e.version, e.type, msgspec.json.encode(e.data)) for e in replayed] == [
        (e.version, e.type, msgspec.json.encode(e.data)) for e in recorded
    ]
    exported = await export_of(client, fork_id)
    assert exported["game"]["forked_from"] == {"game_id": original, "version": version}
    report = audit_export(exported)
    assert report.ok and report.fork_version == version, report.verdict
    assert f"a fork of events 1..{version}" in report.verdict


async def test_a_new_seed_fork_draws_its_own_outcomes(client: AsyncTestClient[Any]) -> None:
    """Petits Dragons rolls a die at every turn: the same commands after the fork
    version meet other rolls, decided from the fork's own seed (which the audit
    checks once the fork is over)."""
    doc = random_finished("petits_dragons", f"new-{uuid.uuid4().hex[:6]}")
    original = await imported(client, doc)
    folded = states(doc)
    version = random.Random(original).choice(resting_versions(doc, folded)[-20:])
    made = await fork(client, original, version)
    tokens = await claim_all(client, made)
    fork_id = made["game_id"]
    rnd = random.Random(fork_id)
    for _ in range(MAX_COMMANDS):
        game = (await client.get(f"/games/{fork_id}")).json()
        if game["status"] == "finished":
            break
        seat = game["to_act"][0]
        commands = (await legal(client, fork_id, tokens[seat]))["commands"]
        r = await client.post(
            f"/games/{fork_id}/commands", json=rnd.choice(commands), headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
    exported = await export_of(client, fork_id)
    assert exported["seed"] != doc["seed"]
    assert [canonical(e["data"]) for e in exported["events"][:version]] == [
        canonical(e["data"]) for e in doc["events"][:version]
    ]
    assert audit_export(exported).ok
    # Its outcomes follow from its own seed, committed when the fork was made.
    assert sha256_hex(exported["seed"]) == made["seed_sha256"] != doc["game"]["seed_sha256"]


# --- who may fork what, and where ------------------------------------------------------


async def test_unknown_games_out_of_range_and_mid_move_versions_are_refused(
    client: AsyncTestClient[Any],
) -> None:
    r = await client.post("/games/no-such-game/fork", json={"version": 1})
    assert_problem(r, 404, "not_found")
    # A chosen seed: a random deal may end at its first move, with no version inside a move.
    doc = random_finished("arkantis", "mid-moves")
    original = await imported(client, doc)
    folded = states(doc)
    resting = resting_versions(doc, folded)
    last = doc["game"]["version"]
    r = await client.post(f"/games/{original}/fork", json={"version": last + 1})
    body = assert_problem(r, 422, "version_out_of_range")
    assert body["details"] == {"last_version": last}
    inside = [v for v in range(resting[0] + 1, resting[-1]) if v not in resting]
    assert inside, "no move of several events"
    for version in random.Random(original).sample(inside, min(3, len(inside))):
        r = await client.post(f"/games/{original}/fork", json={"version": version})
        body = assert_problem(r, 422, "not_a_resting_point")
        assert body["details"] == {
            "previous_resting_version": max(v for v in [0, *resting] if v < version),
            "next_resting_version": min(v for v in resting if v > version),
        }
    r = await client.post(f"/games/{original}/fork", json={"version": last})  # the end
    body = assert_problem(r, 422, "not_a_resting_point")
    assert body["details"] == {
        "previous_resting_version": resting[-1],
        "next_resting_version": None,
    }
    for bad in ({"version": -1}, {"version": "3"}, {"version": 3, "seed": "x"}, {}):
        assert_problem(
            await client.post(f"/games/{original}/fork", json=bad), 400, "invalid_request"
        )
    r = await client.post(
        f"/games/{original}/fork", json={"version": 0}, headers={"Authorization": "Basic eA=="}
    )
    assert_problem(r, 401, "unauthenticated")


async def test_version_zero_is_a_new_start_with_the_same_options(
    client: AsyncTestClient[Any],
) -> None:
    doc = random_finished("eclats_des_cites", f"zero-{uuid.uuid4().hex[:6]}")
    original = await imported(client, doc)
    made = await fork(client, original, 0, same_seed=True)
    assert (made["version"], made["forked_from"]["version"]) == (0, 0)
    await claim_all(client, made)
    started = await stored_events(client, made["game_id"])
    opening = [e for e in doc["events"] if e["command_id"] is None]
    assert [canonical(e.data) for e in started] == [canonical(e["data"]) for e in opening]


@pytest.mark.parametrize("config", ["sqlite+memory", "postgres+redis"])
async def test_a_game_in_play_is_forked_only_by_the_operator_or_in_the_sandbox(
    config: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    async with app_with(config, request, tmp_path, operator_token=OPERATOR_TOKEN) as client:
        doc = await game_in_play(client, moves=4)
        game_id = doc["game"]["game_id"]
        version = doc["game"]["version"]
        for headers in ({}, auth(await player_token(client)), auth("operator-" + "8" * 40)):
            r = await client.post(
                f"/games/{game_id}/fork", json={"version": version}, headers=headers
            )
            body = assert_problem(r, 403, "fork_forbidden")
            assert body["details"] == {"status": "active"}
            assert "operator" in body["detail"]
        made = await fork(client, game_id, version, headers=auth(OPERATOR_TOKEN))
        # The answer is a summary: no seed, no hand, no event.
        assert made["seed"] is None and "events" not in made and "view" not in made
        # The copied log is redacted for a spectator as the original's is.
        mine = (await client.get(f"/games/{made['game_id']}/events")).json()["events"]
        theirs = (await client.get(f"/games/{game_id}/events")).json()["events"]
        assert [e["event"] for e in mine] == [e["event"] for e in theirs]
        assert all(s["bot"] is None for s in made["seats"])
    async with app_with(config, request, tmp_path, sandbox=True) as client:
        doc = await game_in_play(client, moves=2)
        made = await fork(client, doc["game"]["game_id"], doc["game"]["version"])
        assert made["forked_from"]["version"] == doc["game"]["version"]


@pytest.mark.parametrize("config", ["sqlite+memory", "postgres+redis"])
async def test_bot_seats_stay_bots(
    config: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A fork seats the same bot, claimed at once; the free seats wait for players."""
    async with app_with(config, request, tmp_path, operator_token=OPERATOR_TOKEN) as client:
        r = await client.post("/games", json={"ruleset": "arkantis", "bots": {"seat_1": "random"}})
        assert r.status_code == 201, r.text
        game_id = r.json()["game_id"]
        r = await client.post(f"/games/{game_id}/seats/seat_0", json={"player_name": "A"})
        assert r.status_code == 201, r.text
        opening = 0
        for e in await stored_events(client, game_id):
            if e.command_id is not None:
                break
            opening += 1
        made = await fork(client, game_id, opening, headers=auth(OPERATOR_TOKEN))
        seats = {s["seat"]: s for s in made["seats"]}
        assert seats["seat_1"]["bot"] == "random" and seats["seat_1"]["claimed"]
        assert not seats["seat_0"]["claimed"] and made["status"] == "waiting"
        await claim_all(client, made)
        started = (await client.get(f"/games/{made['game_id']}")).json()
        assert started["status"] in ("active", "finished")


# --- the command line --------------------------------------------------------------------


async def test_plateau_fork_and_verify(tmp_path: Path) -> None:
    from service.app import create_app
    from service.settings import Settings
    from tests.service.helpers import UNBOUNDED
    from tests.service.test_cli_games import run

    url = f"sqlite:///{tmp_path}/forks.db"
    doc = random_finished("tours_arc_en_ciel", f"cli-{uuid.uuid4().hex[:6]}")
    async with AsyncTestClient(create_app(Settings(database_url=url, **UNBOUNDED))) as client:
        original = await imported(client, doc)
    folded = states(doc)
    resting = resting_versions(doc, folded)
    version = resting[len(resting) // 2]

    inside = next(v for v in range(resting[0] + 1, resting[-1]) if v not in resting)
    refused = run(["fork", original, "--version", str(inside)], url)
    assert refused.returncode == 1 and "not_a_resting_point" in refused.stderr
    assert "previous_resting_version" in refused.stderr
    refused = run(["fork", "no-such-game", "--version", "1"], url)
    assert refused.returncode == 1 and "not_found" in refused.stderr

    made = run(["fork", original, "--version", str(version), "--same-seed"], url)
    assert made.returncode == 0, made.stderr
    summary = json.loads(made.stdout)
    assert summary["forked_from"]["game_id"] == original
    assert summary["forked_from"]["version"] == version
    assert summary["seed_sha256"] == doc["game"]["seed_sha256"]
    fork_id = summary["game_id"]
    async with AsyncTestClient(create_app(Settings(database_url=url, **UNBOUNDED))) as client:
        tokens = await claim_all(client, summary)
        for logged in doc["commands"]:
            if logged["version"] >= version:
                r = await client.post(
                    f"/games/{fork_id}/commands",
                    json=logged["command"],
                    headers=auth(tokens[logged["seat"]]),
                )
                assert r.status_code == 201, r.text
        exported = (await client.get(f"/games/{fork_id}/export")).json()
    verified = run(["verify", fork_id], url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"a fork of events 1..{version}" in verified.stdout
    assert f"its events 1..{version} are those of {original}" in verified.stdout

    # An export file alone: the original is not at hand, said so; beside its
    # original, a copy that differs fails.
    alone = tmp_path / "fork.json"
    alone.write_text(json.dumps(exported))
    verified = run(["verify", str(alone)], url)
    assert verified.returncode == 0 and "not at hand" in verified.stdout
    doc["game"]["game_id"] = original
    doc["events"][0]["data"]["extra"] = 1  # not the event the fork copied
    both = tmp_path / "both.ndjson"
    both.write_text(json.dumps(exported) + "\n" + json.dumps(doc) + "\n")
    verified = run(["verify", str(both)], url)
    assert verified.returncode == 1
    line = next(x for x in verified.stdout.splitlines() if fork_id in x)
    assert "fork_copy_differs" in line and "version 1" in line


async def test_a_fork_is_a_new_game_for_the_quota(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    async with app_with("sqlite+memory", request, tmp_path, quota_games=1) as client:
        doc = random_finished("arkantis", f"quota-{uuid.uuid4().hex[:6]}")
        original = await imported(client, doc)  # an import is charged to nobody
        version = resting_versions(doc, states(doc))[0]
        await fork(client, original, version)
        r = await client.post(f"/games/{original}/fork", json={"version": version})
        body = assert_problem(r, 429, "quota_exceeded")
        assert body["details"]["quota"] == "games"


@pytest.mark.slow
def test_plateau_fork_through_a_server(tmp_path: Path) -> None:
    from tests.servers import served
    from tests.service.test_cli_games import run

    url = f"sqlite:///{tmp_path}/served.db"
    assert run(["migrate"], url).returncode == 0
    # A chosen seed: a random deal may end at its first move, with no second resting version.
    doc = random_finished("arkantis", "served-moves")
    source = tmp_path / "original.json"
    source.write_text(json.dumps(doc))
    assert run(["import", str(source)], url).returncode == 0
    resting = resting_versions(doc, states(doc))
    inside = next(v for v in range(resting[0] + 1, resting[-1]) if v not in resting)
    with served(tmp_path / "server.log", env={"PLATEAU_DATABASE_URL": url}) as server:
        made = run(
            ["fork", doc["game"]["game_id"], "--version", str(resting[1]), "--url", server.base],
            url,
        )
        assert made.returncode == 0, made.stderr
        assert json.loads(made.stdout)["forked_from"]["version"] == resting[1]
        refused = run(
            ["fork", doc["game"]["game_id"], "--version", str(inside), "--base", server.base], url
        )
        assert refused.returncode == 1 and "not_a_resting_point" in refused.stderr
        assert "next_resting_version" in refused.stderr


async def test_a_waiting_fork_with_copied_events_never_expires(
    client: AsyncTestClient[Any],
) -> None:
    """The log is append-only: the expiry of waiting games keeps a fork whose
    events were copied, and deletes a fork at 0 (no events) like any waiting game."""
    from datetime import UTC, datetime, timedelta

    doc = random_finished("arkantis", f"expiry-{uuid.uuid4().hex[:6]}")
    original = await imported(client, doc)
    version = resting_versions(doc, states(doc))[0]
    kept = await fork(client, original, version)
    gone = await fork(client, original, 0)
    store = client.app.state.games.store

    async def expire() -> int:
        return int(await store.expire_waiting(datetime.now(UTC) + timedelta(hours=1)))

    assert on_app_loop(client, expire) >= 1
    assert (await client.get(f"/games/{kept['game_id']}")).status_code == 200
    assert_problem(await client.get(f"/games/{gone['game_id']}"), 404, "not_found")
    assert len(await stored_events(client, kept["game_id"])) == version
