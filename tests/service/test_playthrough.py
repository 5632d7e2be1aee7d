"""Complete games over HTTP, for every ruleset, by a client that only uses
``legal-commands``; then the served state at every version must equal the
fold of the events up to that version, and the summary must show the outcome
and the revealed seed (whose sha256 matches)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from domain import RULESETS, fold
from service.app import create_app
from tests.service.conftest import settings_for
from tests.service.helpers import auth, legal, start_game, summary

MAX_COMMANDS = 5000


def as_json(value: Any) -> Any:
    return json.loads(msgspec.json.encode(value))


async def read_stream(
    client: AsyncTestClient[Any], game_id: str, headers: dict[str, str], params: dict[str, Any]
) -> list[dict[str, str]]:
    """Every SSE message of a stream that ends (the game is finished)."""
    r = await client.get(f"/games/{game_id}/events/stream", headers=headers, params=params)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/event-stream")
    messages: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in r.text.splitlines():
        if not line:
            if current:
                messages.append(current)
            current = {}
            continue
        if line.startswith(":"):
            continue
        key, _, value = line.partition(":")
        current[key] = value[1:] if value.startswith(" ") else value
    if current:
        messages.append(current)
    return messages


# Every ruleset on both configurations: on the embedded one the state at every
# version is checked, on PostgreSQL + Redis a sample of 30 versions (the long
# dice games run to thousands of versions).
# One more through PgBouncer in transaction mode (docs/scaling.md): a whole
# game over HTTP with the store's pooler settings, in a few seconds.
CASES = (
    [("sqlite+memory", name, True) for name in sorted(RULESETS)]
    + [("postgres+redis", name, False) for name in sorted(RULESETS)]
    + [("postgres-pgbouncer+redis", "arkantis", False)]
)


@pytest.fixture
async def play_client(
    request: pytest.FixtureRequest, tmp_path: Any
) -> AsyncIterator[AsyncTestClient[Any]]:
    config = request.param
    async with AsyncTestClient(create_app(settings_for(config, request, tmp_path))) as c:
        yield c


@pytest.mark.parametrize(
    ("play_client", "ruleset", "every_version"),
    CASES,
    indirect=["play_client"],
    ids=[f"{c}-{r}" for c, r, _ in CASES],
)
async def test_random_game_over_http(
    play_client: AsyncTestClient[Any], ruleset: str, every_version: bool
) -> None:
    client = play_client
    rnd = random.Random(f"http-{ruleset}")
    rs = RULESETS[ruleset]
    game_id, tokens = await start_game(client, ruleset)
    for _ in range(MAX_COMMANDS):
        s = await summary(client, game_id)
        if s["status"] == "finished":
            break
        assert s["to_act"], s
        seat = rnd.choice(s["to_act"])
        body = await legal(client, game_id, tokens[seat])
        assert body["version"] == s["version"] and body["commands"]
        command = rnd.choice(body["commands"])
        r = await client.post(
            f"/games/{game_id}/commands",
            json=command,
            headers={**auth(tokens[seat]), "If-Match": f'"{s["version"]}"'},
        )
        assert r.status_code == 201, r.text
    else:
        pytest.fail(f"{ruleset}: no end after {MAX_COMMANDS} commands")

    final = await summary(client, game_id)
    assert final["status"] == "finished" and final["to_act"] == []
    assert final["outcome"] is not None and final["outcome"]["winners"]
    assert final["seed"] is not None
    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_sha256"]

    # The complete log (a finished game's log is served unredacted).
    log = (await client.get(f"/games/{game_id}/events", params={"limit": 1000})).json()
    events_raw = [e["event"] for e in log["events"]]
    while len(events_raw) < log["last_version"]:
        more = (
            await client.get(
                f"/games/{game_id}/events", params={"after": len(events_raw), "limit": 1000}
            )
        ).json()
        events_raw += [e["event"] for e in more["events"]]
    events = [msgspec.json.decode(json.dumps(e), type=rs.Event) for e in events_raw]
    assert len(events) == final["version"]
    outcome = rs.outcome(fold(rs, events))
    assert as_json(outcome) == final["outcome"]

    # The live stream of a finished game replays from Last-Event-ID, then ends.
    seat0 = sorted(tokens)[0]
    messages = await read_stream(
        client,
        game_id,
        {"Last-Event-ID": str(final["version"] - 2)},
        {"access_token": tokens[seat0]},
    )
    assert [m["id"] for m in messages] == [str(final["version"] - 1), str(final["version"])]
    data = json.loads(messages[-1]["data"])
    assert data["version"] == final["version"] and data["event"] == events_raw[-1]
    assert messages[-1]["event"] == events_raw[-1]["type"]
    everything = await read_stream(client, game_id, {}, {})
    assert [json.loads(m["data"])["event"] for m in everything] == events_raw

    # The state served at every version equals the fold of the events up to it.
    chosen: Any = range(1, final["version"] + 1)
    if not every_version:
        chosen = sorted({1, final["version"], *rnd.sample(list(chosen), min(30, len(chosen)))})
    state = None
    applied = 0
    seat = sorted(tokens)[0]
    for version in chosen:
        state = fold(rs, events[applied:version], state)
        applied = version
        for who, headers in ((seat, auth(tokens[seat])), (None, {})):
            r = await client.get(
                f"/games/{game_id}/state", params={"version": version}, headers=headers
            )
            assert r.status_code == 200, r.text
            served = r.json()
            assert served["version"] == version
            assert served["view"] == as_json(rs.view(state, who)), f"view at version {version}"
