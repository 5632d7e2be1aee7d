"""Named positions over HTTP (docs/positions.md): ``GET /rulesets/{ruleset}/positions``
in the caller's language, and ``POST /games`` with a ``position`` in the sandbox only,
on both configurations: the game is the engine's log, its seats claimed with tokens, it
verifies, and a scenario's command answers what the domain says."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import AsyncTestClient

from domain import RULESETS
from domain.audit import sha256_hex
from domain.positions import build_game, claims_of, positions_for, registry, titles_for
from service.games.exports import audit_export, export_game, verdict
from tests.domain.positions_checks import FINALS, Game
from tests.service.helpers import assert_problem, auth, on_app_loop


def builtins(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


async def test_positions_are_listed_in_the_callers_language(
    client: AsyncTestClient[Any],
) -> None:
    for name in sorted(RULESETS):
        titles = titles_for(name)
        for lang in ("en", "fr"):
            r = await client.get(f"/rulesets/{name}/positions", headers={"Accept-Language": lang})
            assert r.status_code == 200, r.text
            assert r.headers["content-language"] == lang
            assert r.json() == [
                {"id": p.id, "title": titles.title(p.id, lang), "scenario": p.scenario}
                for p in positions_for(name)
            ]
    r = await client.get("/rulesets/petits_dragons/positions", params={"lang": "fr"})
    assert r.json()[0]["title"].startswith("L'ouverture")
    assert_problem(await client.get("/rulesets/chess/positions"), 404, "not_found")


async def test_a_position_is_refused_outside_the_sandbox(client: AsyncTestClient[Any]) -> None:
    before = (await client.get("/games", params={"limit": 200})).json()["games"]
    r = await client.post("/games", json={"ruleset": "petits_dragons", "position": "opening"})
    assert_problem(r, 422, "sandbox_only")
    after = (await client.get("/games", params={"limit": 200})).json()["games"]
    assert after == before


async def test_a_position_fixes_options_seed_and_seats(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    client = sandbox_client
    extras: list[dict[str, Any]] = [
        {"options": {}},
        {"seed": "mine"},
        {"bots": {"seat_1": "random"}},
    ]
    for extra in extras:
        body = {"ruleset": "petits_dragons", "position": "opening", **extra}
        assert_problem(await client.post("/games", json=body), 422, "position_conflict")
    body = {"ruleset": "petits_dragons", "position": "no-such-position"}
    assert_problem(await client.post("/games", json=body), 400, "invalid_request")
    body = {"ruleset": "arkantis", "position": "suite"}  # petits Dragons', not ArkantiS'
    assert_problem(await client.post("/games", json=body), 400, "invalid_request")


async def test_every_position_starts_stored_as_its_events_and_verifies(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    client = sandbox_client
    store = client.app.state.store
    for name, positions in sorted(registry().items()):
        ruleset = RULESETS[name]
        for position in positions:
            built = build_game(ruleset, position)
            finished = ruleset.outcome(built.state) is not None
            r = await client.post("/games", json={"ruleset": name, "position": position.id})
            assert r.status_code == 201, (position.id, r.text)
            game = r.json()
            assert r.headers["location"] == f"/games/{game['game_id']}"
            assert game["status"] == ("finished" if finished else "active")
            assert game["version"] == len(built.events)
            assert game["seed_sha256"] == sha256_hex(position.seed)
            assert game["imported_in_play"] is True
            assert all(s["claimed"] for s in game["seats"])
            people = [s for s, claim in claims_of(ruleset, position).items() if claim == "person"]
            assert sorted(game["tokens"]) == ([] if finished else sorted(people))
            assert game["to_act"] == list(ruleset.to_act(built.state))
            # The stored log is the engine's, and it verifies as `plateau verify` checks it.
            record = on_app_loop(client, store.get_game, game["game_id"])
            document = builtins(on_app_loop(client, export_game, store, record))
            # (A bot seat may have moved already: the position is the log's beginning.)
            stored = [e["data"] for e in document["events"]]
            assert stored[: len(built.events)] == builtins(built.events)
            report = audit_export(document)
            assert report.ok, (position.id, verdict(report, "in_play"))
            # The tokens are shown once: the summary read has none.
            summary = (await client.get(f"/games/{game['game_id']}")).json()
            assert summary["tokens"] is None and summary["version"] >= game["version"]


async def test_a_scenario_command_answers_what_the_rules_say(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    """The command each check posts (tests/domain/positions_checks.py ``FINALS``),
    posted over HTTP with the position's tokens: the same events, redacted for the
    caller, as the domain decides."""
    client = sandbox_client
    for (name, position_id), (seat, body) in sorted(FINALS.items()):
        position = next(p for p in positions_for(name) if p.id == position_id)
        r = await client.post("/games", json={"ruleset": name, "position": position_id})
        game = r.json()
        expected = Game(name, position).post(seat, body)
        answer = await client.post(
            f"/games/{game['game_id']}/commands", json=body, headers=auth(game["tokens"][seat])
        )
        assert answer.status_code == 201, (position_id, answer.text)
        ruleset = RULESETS[name]
        assert answer.json()["events"] == builtins([ruleset.redact(e, seat) for e in expected])
        assert answer.json()["version"] == game["version"] + len(expected)


async def test_a_position_answers_in_the_suite_of_its_spec_scenario(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    """T3 of petits Dragons over HTTP: white's roll is a suite (3 and 4), the turn passes."""
    client = sandbox_client
    r = await client.post("/games", json={"ruleset": "petits_dragons", "position": "suite"})
    game = r.json()
    assert game["to_act"] == ["seat_0"]
    answer = await client.post(
        f"/games/{game['game_id']}/commands",
        json={"type": "petits_dragons.roll_dice"},
        headers=auth(game["tokens"]["seat_0"]),
    )
    events = answer.json()["events"]
    assert [e["type"] for e in events] == [
        "petits_dragons.dice_rolled",
        "petits_dragons.roll_forfeited",
        "petits_dragons.turn_ended",
        "petits_dragons.turn_started",
    ]
    assert (events[0]["red"], events[0]["blue"], events[0]["outcome"]) == (3, 4, "suite")
    assert answer.json()["to_act"] == ["seat_1"]


async def test_plateau_verify_accepts_a_position_game(tmp_path: Any) -> None:
    """The command line's verify reads the stored game (its seed committed as
    `seed_sha256`) and accepts it, saying its seed was not this server's choice."""
    from service.app import create_app
    from service.settings import Settings
    from tests.service.test_cli_games import run

    url = f"sqlite:///{tmp_path}/plateau.db"
    assert run(["migrate"], url).returncode == 0
    settings = Settings(database_url=url, sandbox=True)
    async with AsyncTestClient(create_app(settings)) as client:
        ids = []
        for position in ("combat-tie", "finished"):
            r = await client.post(
                "/games", json={"ruleset": "petits_dragons", "position": position}
            )
            assert r.status_code == 201, r.text
            ids.append(r.json()["game_id"])
    for game_id in ids:
        verified = run(["verify", game_id], url)
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert "not committed by this server" in verified.stdout


async def test_a_position_seats_its_bots(sandbox_client: AsyncTestClient[Any]) -> None:
    """A position's bot seat is the service's to play: no token, and it moves at once."""
    from tests.service.test_bots import wait_for

    client = sandbox_client
    body = {"ruleset": "petits_dragons", "position": "opening-against-a-bot"}
    r = await client.post("/games", json=body)
    assert r.status_code == 201, r.text
    game = r.json()
    assert sorted(game["tokens"]) == ["seat_1"]
    assert [(s["seat"], s["bot"]) for s in game["seats"]] == [
        ("seat_0", "random"),
        ("seat_1", None),
    ]
    moved = await wait_for(client, game["game_id"], lambda s: s["version"] > game["version"])
    assert moved["status"] == "active"
