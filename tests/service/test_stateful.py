"""Model-based test of the HTTP API: Hypothesis drives random sequences of
requests (create and fill games of every ruleset, play legal commands with and
without ``If-Match`` / ``Idempotency-Key``, retry and misuse keys, send
illegal or malformed commands, empty the state cache, read past versions)
against the real ASGI app, beside a small in-memory model.

After every step, for every game of the model: the summary, the log and the
spectator state agree with the model (contiguous versions 1..version, the
accepted commands' events add up, the served log only grows, a view once
served at a version is served again at that version). Once a game is
finished its log is served complete, so the views and command answers served
*during* the game are checked against the fold of that log. No response is
ever a 5xx.

Runs on the embedded configuration (SQLite + in-process cache) and on
PostgreSQL + Redis (the per-run database), with ``snapshot_every=3`` so cold
loads go through snapshots often. ``PLATEAU_API_MODEL_EXAMPLES`` sets the
number of sequences per configuration.

The seeds (hence dice, shuffles and game lengths) are drawn by the service, so
a failing sequence may not replay identically: Hypothesis may then report it
as Flaky, with the original assertion and its steps in the chained report.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from litestar.testing import TestClient

from domain import RULESETS, fold, new_game
from service.app import create_app
from service.settings import Settings
from tests.service.helpers import UNBOUNDED

EXAMPLES = int(os.environ.get("PLATEAU_API_MODEL_EXAMPLES", "15"))
MAX_GAMES = 3
SNAPSHOT_EVERY = 3

# Seat counts worth varying (the option's name per ruleset); others use defaults.
SEAT_OPTIONS = {"arkantis": ("player_count", 2, 4), "eclats_des_cites": ("seat_count", 2, 5)}

# The service's own codes: a command refused by a rules engine carries the
# ruleset's code (``not_your_turn``, ``insufficient_sesterces``, ...), never these.
SERVICE_CODES = {
    "invalid_request",
    "unauthenticated",
    "forbidden",
    "not_found",
    "game_not_active",
    "version_conflict",
    "stale_version",
    "command_not_in_ruleset",
    "idempotency_key_reused",
    "internal_error",
}


def as_json(value: Any) -> Any:
    return json.loads(msgspec.json.encode(value))


def compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Picks:
    """Choices drawn up front, in a fixed number: the games' dice and shuffles
    come from server-side seeds, so what there is to choose from (seats to act,
    legal commands, whether a game has ended) differs between runs of the same
    sequence, and Hypothesis needs draws of the same shape every time."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.used = 0

    def __repr__(self) -> str:
        return f"Picks({self.values})"

    def pick(self, options: Any) -> Any:
        options = list(options)
        assert options
        value = self.values[self.used % len(self.values)] + self.used // len(self.values)
        self.used += 1
        return options[value % len(options)]


def picks(n: int) -> st.SearchStrategy[Picks]:
    return st.lists(st.integers(0, 2**16 - 1), min_size=n, max_size=n).map(Picks)


def first_command(name: str) -> Any:
    """A well-formed command of ``name`` (its first legal command after setup)."""
    rs = RULESETS[name]
    state, _ = new_game(rs, seed="stateful")
    return as_json(rs.legal_commands(state, rs.to_act(state)[0])[0])


EXAMPLE_COMMANDS = {name: first_command(name) for name in sorted(RULESETS)}


@dataclass
class Accepted:
    """A command answered 201: who sent it and what the answer said."""

    seat: str
    before: int
    after: int
    body: bytes
    events: list[Any]


@dataclass
class Remembered:
    """A command sent with an Idempotency-Key, and its first answer."""

    game_id: str
    seat: str
    key: str
    body: bytes
    headers: dict[str, str]
    answer: Any
    etag: str


@dataclass
class GameModel:
    game_id: str
    ruleset: str
    tokens: dict[str, str]
    version: int
    setup_version: int
    status: str = "active"
    accepted: list[Accepted] = field(default_factory=list)
    # Views served (version -> view, (seat, version) -> view), checked again
    # later and against the fold once the game is finished.
    spectator_views: dict[int, Any] = field(default_factory=dict)
    seat_views: dict[tuple[str, int], Any] = field(default_factory=dict)
    # The spectator log last served, and for which status (redacted while active).
    log: list[Any] = field(default_factory=list)
    log_status: str = "active"
    active_log: list[Any] = field(default_factory=list)  # the last one served while active
    fold_checked: bool = False


class PlateauMachine(RuleBasedStateMachine):
    games = Bundle("games")

    def __init__(self, make_settings: Callable[[], Settings]) -> None:
        super().__init__()
        # No bot runner: the model has no bots, and a runner would sweep the bot
        # games other tests left in the shared database.
        self.app = create_app(make_settings(), bot_runner=False)
        self.client = TestClient(self.app)
        self.client.__enter__()
        self.model: dict[str, GameModel] = {}
        self.key_counter = 0
        self.remembered: list[Remembered] = []

    def teardown(self) -> None:
        self.client.__exit__(None, None, None)

    # ------------------------------------------------------------------ HTTP helpers

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        r = self.client.request(method, url, **kwargs)
        assert r.status_code < 500, (method, url, r.status_code, r.text)
        return r

    def get_ok(self, url: str, **kwargs: Any) -> Any:
        r = self.request("GET", url, **kwargs)
        assert r.status_code == 200, (url, r.status_code, r.text)
        return r.json()

    def summary(self, game_id: str) -> Any:
        return self.get_ok(f"/games/{game_id}")

    def full_log(
        self, game_id: str, headers: dict[str, str] | None = None
    ) -> tuple[list[Any], int]:
        """Every logged event (paged), and ``last_version``."""
        events: list[Any] = []
        while True:
            page = self.get_ok(
                f"/games/{game_id}/events",
                params={"after": len(events), "limit": 1000},
                headers=headers or {},
            )
            events += page["events"]
            if not page["events"] or len(events) >= page["last_version"]:
                return events, page["last_version"]

    def post_command(self, game_id: str, body: bytes, headers: dict[str, str]) -> Any:
        return self.request(
            "POST",
            f"/games/{game_id}/commands",
            content=body,
            headers={"content-type": "application/json", **headers},
        )

    def assert_problem(self, r: Any, status: int, code: str | None) -> Any:
        """A problem+json answer with this status and code (None: a ruleset's code)."""
        assert r.status_code == status, (status, code, r.status_code, r.text)
        assert r.headers["content-type"].startswith("application/problem+json"), r.headers
        body = r.json()
        if code is None:
            assert body["code"] not in SERVICE_CODES and body["code"].islower(), body
        else:
            assert body["code"] == code, body
        assert body["status"] == status and body["type"].endswith(body["code"]), body
        return body

    def observable(self, g: GameModel) -> Any:
        """Everything a 4xx must leave alone: summary and (spectator) log."""
        return self.summary(g.game_id), self.full_log(g.game_id)

    def remember_view(self, g: GameModel, seat: str | None, version: int, view: Any) -> None:
        """A view served at ``version``: the same as any served there before."""
        known = g.spectator_views if seat is None else g.seat_views
        key: Any = version if seat is None else (seat, version)
        if key in known:
            assert known[key] == view, (g.game_id, seat, version)
        else:
            known[key] = view

    def some_command(self, g: GameModel) -> Any:
        """A well-formed command of the game's ruleset (for paths that never decide it)."""
        if g.accepted:
            return json.loads(g.accepted[-1].body)
        return EXAMPLE_COMMANDS[g.ruleset]

    def submit_legal(
        self, g: GameModel, seat: str, command: Any, *, if_match: str | None, key: str | None
    ) -> Remembered | None:
        """Play a legal command; it must be accepted and add up."""
        body = compact(command)
        headers = auth(g.tokens[seat])
        if if_match is not None:
            headers["If-Match"] = if_match
        if key is not None:
            headers["Idempotency-Key"] = key
        r = self.post_command(g.game_id, body, headers)
        assert r.status_code == 201, (command, r.text)
        answer = r.json()
        before = g.version
        assert answer["events"], answer
        assert answer["version"] == before + len(answer["events"]), (before, answer)
        assert r.headers["etag"] == f'"{answer["version"]}"'
        assert all(e["type"].startswith(g.ruleset + ".") for e in answer["events"])
        g.version = answer["version"]
        g.accepted.append(Accepted(seat, before, g.version, body, answer["events"]))
        s = self.summary(g.game_id)
        assert s["version"] == g.version
        g.status = s["status"]
        if g.status == "active":
            # The seat's log holds exactly the answered events (redacted alike).
            log = self.get_ok(
                f"/games/{g.game_id}/events",
                params={"after": before},
                headers=auth(g.tokens[seat]),
            )
            assert [e["event"] for e in log["events"]] == answer["events"]
            assert [e["version"] for e in log["events"]] == list(range(before + 1, g.version + 1))
        state = self.get_ok(f"/games/{g.game_id}/state", headers=auth(g.tokens[seat]))
        assert state["version"] == g.version and state["seat"] == seat
        self.remember_view(g, seat, g.version, state["view"])
        if key is None:
            return None
        return Remembered(g.game_id, seat, key, body, headers, answer, r.headers["etag"])

    # ------------------------------------------------------------------ rules

    @initialize(target=games, seats=st.integers(0, 3))
    def create_a_short_game(self, seats: int) -> Any:
        """Every sequence starts with an ArkantiS game, short enough to finish."""
        return self.create_game("arkantis", seats)

    @precondition(lambda self: len(self.model) < MAX_GAMES)
    @rule(target=games, ruleset=st.sampled_from(sorted(RULESETS)), seats=st.integers(0, 3))
    def create_game(self, ruleset: str, seats: int) -> str:
        body: dict[str, Any] = {"ruleset": ruleset}
        if ruleset in SEAT_OPTIONS:
            name, low, high = SEAT_OPTIONS[ruleset]
            body["options"] = {name: low + seats % (high - low + 1)}
        r = self.request("POST", "/games", json=body)
        assert r.status_code == 201, r.text
        game = r.json()
        assert game["status"] == "waiting" and game["version"] == 0
        game_id = game["game_id"]
        seat_ids = [s["seat"] for s in game["seats"]]
        tokens: dict[str, str] = {}
        for i, seat in enumerate(seat_ids):
            r = self.request(
                "POST", f"/games/{game_id}/seats/{seat}", json={"player_name": f"P{i}"}
            )
            assert r.status_code == 201, r.text
            tokens[seat] = r.json()["token"]
            if i < len(seat_ids) - 1:
                self.assert_problem(
                    self.request("GET", f"/games/{game_id}/state"), 409, "game_not_active"
                )
        s = self.summary(game_id)
        assert s["status"] == "active" and s["version"] > 0 and s["to_act"], s
        assert all(seat["claimed"] for seat in s["seats"])
        self.model[game_id] = GameModel(game_id, ruleset, tokens, s["version"], s["version"])
        return str(game_id)

    @rule(
        game_id=games,
        p=picks(3),
        if_match=st.sampled_from([None, '"{}"', "*", '"999999999", "{}"']),
        with_key=st.booleans(),
        anyone=st.booleans(),
    )
    def play(
        self, game_id: str, p: Picks, if_match: str | None, with_key: bool, anyone: bool
    ) -> None:
        g = self.model[game_id]
        if g.status == "finished":
            seat = p.pick(sorted(g.tokens))
            before = self.observable(g)
            r = self.post_command(g.game_id, compact(self.some_command(g)), auth(g.tokens[seat]))
            self.assert_problem(r, 409, "game_not_active")
            assert self.observable(g) == before
            return
        s = self.summary(game_id)
        seat = p.pick(s["to_act"])
        if anyone:  # any seat: some commands are free actions, out of turn too
            seat = p.pick(sorted(g.tokens))
        legal = self.get_ok(f"/games/{game_id}/legal-commands", headers=auth(g.tokens[seat]))
        assert legal["version"] == g.version and legal["seat"] == seat
        if not legal["commands"]:
            assert seat not in s["to_act"], "a seat to act always has a legal command"
            return
        command = p.pick(legal["commands"])
        key = None
        if with_key:
            self.key_counter += 1
            key = f"key-{self.key_counter}"
        tag = None if if_match is None else if_match.format(g.version)
        remembered = self.submit_legal(g, seat, command, if_match=tag, key=key)
        if remembered is not None:
            self.remembered.append(remembered)

    @rule(game_id=games, p=picks(24), count=st.integers(1, 30))
    def play_many(self, game_id: str, p: Picks, count: int) -> None:
        """A burst of plain commands, so short games (ArkantiS) reach their end."""
        g = self.model[game_id]
        for _ in range(count):
            if g.status != "active":
                return
            s = self.summary(game_id)
            seat = p.pick(s["to_act"])
            legal = self.get_ok(f"/games/{game_id}/legal-commands", headers=auth(g.tokens[seat]))
            self.submit_legal(g, seat, p.pick(legal["commands"]), if_match=None, key=None)

    @rule(p=picks(1))
    def retry_same_key_same_body(self, p: Picks) -> None:
        if not self.remembered:
            return
        remembered = p.pick(self.remembered)
        g = self.model[remembered.game_id]
        before = self.observable(g)
        r = self.post_command(g.game_id, remembered.body, remembered.headers)
        assert r.status_code == 201, r.text
        assert r.json() == remembered.answer
        assert r.headers["etag"] == remembered.etag
        assert self.observable(g) == before, "a replay appends nothing"

    @rule(p=picks(2))
    def reuse_key_other_body(self, p: Picks) -> None:
        if not self.remembered:
            return
        remembered = p.pick(self.remembered)
        g = self.model[remembered.game_id]
        first = json.loads(remembered.body)
        candidates = [EXAMPLE_COMMANDS[g.ruleset]] + [json.loads(a.body) for a in g.accepted]
        if g.status == "active":
            legal = self.get_ok(
                f"/games/{g.game_id}/legal-commands", headers=auth(g.tokens[remembered.seat])
            )
            candidates += legal["commands"][:20]
        others = [c for c in candidates if c != first]
        if not others:
            return
        before = self.observable(g)
        r = self.post_command(g.game_id, compact(p.pick(others)), remembered.headers)
        self.assert_problem(r, 422, "idempotency_key_reused")
        assert self.observable(g) == before

    @rule(
        game_id=games,
        kind=st.sampled_from(
            [
                "garbage_json",
                "unknown_type",
                "extra_field",
                "nonsense_field",
                "foreign_command",
                "no_token",
                "malformed_token",
                "unknown_secret",
                "other_game_token",
                "malformed_if_match",
                "stale_if_match",
                "wrong_seat",
            ]
        ),
        p=picks(4),
    )
    def refused_command(self, game_id: str, kind: str, p: Picks) -> None:
        """Malformed, unauthorised or illegal commands: the documented 4xx,
        and nothing changes (summary and log alike)."""
        g = self.model[game_id]
        active = g.status == "active"
        s = self.summary(game_id)
        acting = p.pick(s["to_act"] or sorted(g.tokens))
        command = self.some_command(g)
        if active:
            legal = self.get_ok(f"/games/{game_id}/legal-commands", headers=auth(g.tokens[acting]))
            command = p.pick(legal["commands"])
        headers = auth(g.tokens[acting])
        body = compact(command)
        # The answer expected; a finished game refuses a well-formed,
        # authorised command of its ruleset with 409 before deciding it.
        expected: tuple[int, str | None]
        if kind == "garbage_json":
            body = p.pick([b"{oops", b"", b"[", b"null", b'"x"', b"{}", b"\xff\xfe"])
            expected = (400, "invalid_request")
        elif kind == "unknown_type":
            body = compact({**command, "type": f"{g.ruleset}.no_such_command"})
            expected = (400, "invalid_request")
        elif kind == "extra_field":
            body = compact({**command, "surely_not_a_field": 1})
            expected = (400, "invalid_request")
        elif kind == "nonsense_field":
            fields = [k for k in command if k != "type"]
            target = p.pick(fields) if fields else "surely_not_a_field"
            body = compact({**command, target: p.pick([{"deep": ["wrong"]}, [[[]]], 1.5])})
            expected = (400, "invalid_request")
        elif kind == "foreign_command":
            other = p.pick(sorted(n for n in RULESETS if n != g.ruleset))
            body = compact(EXAMPLE_COMMANDS[other])
            expected = (422, "command_not_in_ruleset")
        elif kind == "no_token":
            headers = {}
            expected = (401, "unauthenticated")
        elif kind == "malformed_token":
            headers = auth(p.pick(["garbage", "st.", "st..x", "xx.y.z", "pt.nobody"]))
            expected = (401, "unauthenticated")
        elif kind == "unknown_secret":
            headers = auth(f"st.{game_id}.{uuid.uuid4().hex}")
            expected = (401, "unauthenticated")
        elif kind == "other_game_token":
            others = [o for o in self.model.values() if o.game_id != game_id]
            if others:
                headers = auth(p.pick(p.pick(others).tokens.values()))
            else:
                headers = auth(f"st.{uuid.uuid4().hex}.{uuid.uuid4().hex}")
            expected = (403, "forbidden")
        elif kind == "malformed_if_match":
            headers["If-Match"] = p.pick(["soon", '"-1"', '"1e3"', '"12', str(g.version)])
            expected = (400, "invalid_request")
        elif kind == "stale_if_match":
            # A weak tag never matches, even the current version (strong comparison).
            headers["If-Match"] = p.pick(
                [f'"{g.version + p.pick([-1, 1, 1000])}"', f'W/"{g.version}"']
            )
            expected = (412, "stale_version") if active else (409, "game_not_active")
        else:  # wrong_seat: the acting seat's command, sent by a seat that may not play it
            waiting = sorted(set(g.tokens) - set(s["to_act"]))
            if not waiting:
                return
            other = p.pick(waiting)
            headers = auth(g.tokens[other])
            expected = (409, "game_not_active")
            if active:
                # Some commands are free actions of any seat (ArkantiS buys a
                # card out of turn): only one the other seat may not play now.
                theirs = self.get_ok(f"/games/{game_id}/legal-commands", headers=headers)[
                    "commands"
                ]
                refused = [c for c in legal["commands"] if c not in theirs]
                if not refused:
                    return
                body = compact(p.pick(refused))
                expected = (422, None)
        before = self.observable(g)
        r = self.post_command(game_id, body, headers)
        problem = self.assert_problem(r, *expected)
        if kind == "stale_if_match" and active:
            assert problem["details"]["current_version"] == g.version, problem
        assert self.observable(g) == before, f"a refused command ({kind}) changed the game"

    @rule(game_id=games)
    def empty_the_cache(self, game_id: str) -> None:
        """The cache is an optimisation only: after emptying it, every read is the same."""
        g = self.model[game_id]

        def reads() -> Any:
            out = [self.get_ok(f"/games/{game_id}/state")]
            for token in g.tokens.values():
                out.append(self.get_ok(f"/games/{game_id}/state", headers=auth(token)))
                out.append(self.get_ok(f"/games/{game_id}/legal-commands", headers=auth(token)))
            return out

        before = reads()
        self.client.blocking_portal.call(self.app.state.cache.delete, game_id)
        assert reads() == before

    @rule(game_id=games, p=picks(2))
    def read_a_past_version(self, game_id: str, p: Picks) -> None:
        """A view served at version v is served again at ?version=v, for the
        spectator and for each seat; beyond the last version is 404."""
        g = self.model[game_id]
        version = p.pick(range(1, g.version + 1))
        seat = p.pick([None, *sorted(g.tokens)])
        headers = {} if seat is None else auth(g.tokens[seat])
        r = self.request(
            "GET", f"/games/{game_id}/state", params={"version": version}, headers=headers
        )
        assert r.status_code == 200, r.text
        assert r.headers["etag"] == f'"{version}"'
        state = r.json()
        assert state["version"] == version and state["seat"] == seat
        self.remember_view(g, seat, version, state["view"])
        self.assert_problem(
            self.request(
                "GET", f"/games/{game_id}/state", params={"version": g.version + 1}, headers=headers
            ),
            404,
            "not_found",
        )

    # ------------------------------------------------------------------ invariants

    @invariant()
    def every_game_agrees_with_the_model(self) -> None:
        for g in self.model.values():
            s = self.summary(g.game_id)
            assert s["version"] == g.version and s["status"] == g.status, (s, g.version)
            assert g.version == g.setup_version + sum(len(a.events) for a in g.accepted)
            assert all(
                a.before == b.after for a, b in zip(g.accepted[1:], g.accepted, strict=False)
            )
            if g.status == "finished":
                assert s["to_act"] == [] and s["outcome"] is not None and s["seed"] is not None
            else:
                assert s["to_act"] and s["outcome"] is None and s["seed"] is None

            log, last_version = self.full_log(g.game_id)
            assert last_version == g.version
            assert [e["version"] for e in log] == list(range(1, g.version + 1))
            events = [e["event"] for e in log]
            if g.log_status == g.status:  # redacted alike: the log only grows
                assert events[: len(g.log)] == g.log
            g.log, g.log_status = events, g.status
            if g.status == "active":
                g.active_log = events

            r = self.request("GET", f"/games/{g.game_id}/state")
            assert r.status_code == 200 and r.headers["etag"] == f'"{g.version}"'
            state = r.json()
            assert state["version"] == g.version and state["seat"] is None
            self.remember_view(g, None, g.version, state["view"])

            if g.status == "finished" and not g.fold_checked:
                self.check_against_the_fold(g, s, events)
                g.fold_checked = True

    def check_against_the_fold(self, g: GameModel, s: Any, raw: list[Any]) -> None:
        """A finished game's log is complete: every view and every command
        answer served while it ran must be what the fold of that log gives."""
        rs = RULESETS[g.ruleset]
        events = [msgspec.json.decode(json.dumps(e), type=rs.Event) for e in raw]
        assert as_json(rs.outcome(fold(rs, events))) == s["outcome"]
        for a in g.accepted:
            assert as_json([rs.redact(e, a.seat) for e in events[a.before : a.after]]) == a.events
        spectator_log = [rs.redact(e, None) for e in events[: len(g.active_log)]]
        assert as_json(spectator_log) == g.active_log, "the log served while running"
        wanted: dict[int, list[str | None]] = {}
        for version in g.spectator_views:
            wanted.setdefault(version, []).append(None)
        for seat_id, version in g.seat_views:
            wanted.setdefault(version, []).append(seat_id)
        state: Any = None
        applied = 0
        for version in sorted(wanted):
            state = fold(rs, events[applied:version], state)
            applied = version
            for seat in wanted[version]:
                served = (
                    g.spectator_views[version] if seat is None else g.seat_views[(seat, version)]
                )
                assert as_json(rs.view(state, seat)) == served, (g.ruleset, seat, version)


MACHINE_SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_api_behaves_like_the_model_embedded(tmp_path: Path) -> None:
    def make_settings() -> Settings:
        directory = tempfile.mkdtemp(dir=tmp_path)
        return Settings(database_url=f"sqlite:///{directory}/x.db", snapshot_every=SNAPSHOT_EVERY)

    run_state_machine_as_test(
        lambda: PlateauMachine(make_settings),  # type: ignore[arg-type]
        settings=MACHINE_SETTINGS,
    )


@pytest.mark.backend
def test_api_behaves_like_the_model_postgres_redis(request: pytest.FixtureRequest) -> None:
    database_url = request.getfixturevalue("service_postgres_url")
    redis_url = request.getfixturevalue("redis_url")
    redis_prefix = request.getfixturevalue("redis_prefix")

    def make_settings() -> Settings:
        # Every sequence works on games of its own (fresh ids, fresh key prefix).
        return Settings(
            database_url=database_url,
            redis_url=redis_url,
            redis_prefix=f"{redis_prefix}{uuid.uuid4().hex[:8]}:",
            snapshot_every=SNAPSHOT_EVERY,
            **UNBOUNDED,  # one database for every sequence: no per-address quotas
        )

    run_state_machine_as_test(
        lambda: PlateauMachine(make_settings),  # type: ignore[arg-type]
        settings=MACHINE_SETTINGS,
    )
