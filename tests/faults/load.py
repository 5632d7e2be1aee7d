"""Concurrent players and the audit of what they were told.

``Load`` runs ``clients`` players, each owning its games: it creates a game,
claims every seat, then plays random legal commands, each with a fresh
``Idempotency-Key`` and ``If-Match``; a request that fails (no answer, 5xx,
429) is sent again, byte for byte with the same key, with a capped backoff,
until it gets a non-retryable answer or its budget runs out. Every answer is
checked as it arrives (a 5xx must be problem+json, a 503 or 429 must carry
``Retry-After``); every 201 to a command is an acknowledgement to audit.

``audit`` then reads the event store directly and checks, per game: versions
1..N contiguous and equal to the games row; every acknowledged command's
events at the versions its answer named, equal (redacted for its seat) to
the answer; each idempotency key recorded once, with as many events as were
acknowledged (none applied twice); and a fresh fold of the log, viewed by
each seat, equal to the state the service serves.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec

from domain import RULESETS, fold

RETRYABLE = {429, 500, 502, 503, 504}
REQUEST_BUDGET = 40.0  # seconds one request may keep being retried


@dataclass
class Ack:
    game_id: str
    seat: str
    key: str
    command: dict[str, Any]
    version: int
    events: list[dict[str, Any]]
    at: float


@dataclass
class Game:
    game_id: str
    ruleset: str
    tokens: dict[str, str] = field(default_factory=dict)


@dataclass
class Stats:
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    retries: int = 0
    gave_up: int = 0
    violations: list[str] = field(default_factory=list)
    successes: list[float] = field(default_factory=list)  # monotonic times of 201 commands
    sent: int = 0


class GaveUp(Exception):
    pass


class Load:
    def __init__(self, base: str | list[str], clients: int = 12, seed: int = 0) -> None:
        self.bases = [base] if isinstance(base, str) else list(base)
        self.clients = clients
        self.rng = random.Random(seed)
        self.acks: list[Ack] = []
        self.games: dict[str, Game] = {}
        self.stats = Stats()
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ requests
    def _check(self, method: str, path: str, r: httpx.Response) -> None:
        self.stats.statuses[r.status_code] += 1
        if r.status_code >= 500 or r.status_code == 429:
            ctype = r.headers.get("content-type", "")
            where = f"{method} {path} -> {r.status_code}"
            if r.status_code == 500:
                self.stats.violations.append(f"500 answered: {where}: {r.text[:300]}")
            if not ctype.startswith("application/problem+json"):
                self.stats.violations.append(f"not problem+json: {where} ({ctype}): {r.text[:200]}")
            else:
                try:
                    code = r.json().get("code")
                except ValueError:
                    code = None
                if not code:
                    self.stats.violations.append(f"problem without code: {where}")
            if r.status_code in (429, 503) and "retry-after" not in r.headers:
                self.stats.violations.append(f"no Retry-After: {where}")

    async def request(
        self,
        http: httpx.AsyncClient,
        method: str,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        content: bytes | None = None,
        budget: float = REQUEST_BUDGET,
    ) -> httpx.Response:
        """Send until a non-retryable answer; the same bytes and headers each time."""
        deadline = time.monotonic() + budget
        delay = 0.05
        attempt = 0
        while True:
            attempt += 1
            base = self.bases[(attempt - 1) % len(self.bases)]
            self.stats.sent += 1
            try:
                r = await http.request(
                    method,
                    base + path,
                    headers={"content-type": "application/json", **(headers or {})},
                    content=content,
                )
            except httpx.TransportError:
                self.stats.transport_errors += 1
                r = None
            if r is not None:
                self._check(method, path, r)
                if r.status_code not in RETRYABLE:
                    return r
            if time.monotonic() + delay > deadline:
                self.stats.gave_up += 1
                raise GaveUp(f"{method} {path}: no definitive answer in {budget} s")
            self.stats.retries += 1
            await asyncio.sleep(delay * (0.5 + self.rng.random()))
            delay = min(delay * 2, 0.5)

    # ------------------------------------------------------------------ players
    async def _new_game(self, http: httpx.AsyncClient) -> Game | None:
        ruleset = self.rng.choice(sorted(RULESETS))
        r = await self.request(
            http, "POST", "/games", content=json.dumps({"ruleset": ruleset}).encode()
        )
        if r.status_code != 201:
            self.stats.violations.append(f"create game: {r.status_code} {r.text[:200]}")
            return None
        summary = r.json()
        game = Game(summary["game_id"], ruleset)
        self.games[game.game_id] = game
        for seat in [s["seat"] for s in summary["seats"]]:
            body = json.dumps({"player_name": f"p-{seat}"}).encode()
            r = await self.request(
                http, "POST", f"/games/{game.game_id}/seats/{seat}", content=body
            )
            if r.status_code == 409:
                # A claim answered after the connection was lost: its token is
                # gone with it. The game is audited like any other, never played.
                return None
            if r.status_code != 201:
                self.stats.violations.append(f"claim {seat}: {r.status_code} {r.text[:200]}")
                return None
            game.tokens[seat] = r.json()["token"]
        return game

    async def _play_one(self, http: httpx.AsyncClient, game: Game) -> bool:
        """One command; False once the game is over."""
        r = await self.request(http, "GET", f"/games/{game.game_id}")
        summary = r.json()
        if summary["status"] != "active":
            return False
        seat = self.rng.choice(summary["to_act"])
        auth = {"Authorization": f"Bearer {game.tokens[seat]}"}
        r = await self.request(http, "GET", f"/games/{game.game_id}/legal-commands", headers=auth)
        if r.status_code != 200:
            self.stats.violations.append(f"legal-commands: {r.status_code} {r.text[:200]}")
            return False
        legal = r.json()
        if not legal["commands"]:
            return True
        command = self.rng.choice(legal["commands"])
        key = uuid.uuid4().hex
        headers = {**auth, "Idempotency-Key": key, "If-Match": f'"{legal["version"]}"'}
        body = json.dumps(command).encode()
        r = await self.request(
            http, "POST", f"/games/{game.game_id}/commands", headers=headers, content=body
        )
        if r.status_code == 201:
            answer = r.json()
            now = time.monotonic()
            self.stats.successes.append(now)
            self.acks.append(
                Ack(game.game_id, seat, key, command, answer["version"], answer["events"], now)
            )
        elif r.status_code not in (409, 412):
            self.stats.violations.append(
                f"command {command.get('type')}: {r.status_code} {r.text[:200]}"
            )
        return True

    async def _player(self, index: int) -> None:
        limits = httpx.Limits(max_connections=4, max_keepalive_connections=2)
        async with httpx.AsyncClient(timeout=httpx.Timeout(10.0), limits=limits) as http:
            game: Game | None = None
            while not self._stop.is_set():
                try:
                    if game is None:
                        game = await self._new_game(http)
                        if game is None:
                            continue
                    if not await self._play_one(http, game):
                        game = None
                except GaveUp:
                    game = None  # start afresh once the service answers again

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._player(i)) for i in range(self.clients)]

    async def stop(self, timeout: float = REQUEST_BUDGET + 15) -> None:
        """Stop starting commands; let the in-flight ones reach their answers."""
        self._stop.set()
        done, pending = await asyncio.wait(self._tasks, timeout=timeout)
        for task in pending:
            task.cancel()
            self.stats.violations.append("a player did not finish its last request in time")
        for task in done:
            if task.exception() is not None:
                self.stats.violations.append(f"player crashed: {task.exception()!r}")


def as_json(value: Any) -> Any:
    return json.loads(msgspec.json.encode(value))


def audit(database_url: str, base: str, load: Load) -> dict[str, Any]:
    """Check the store against every acknowledgement; returns figures and problems."""
    import psycopg

    problems: list[str] = []
    by_game: dict[str, list[Ack]] = {}
    for ack in load.acks:
        by_game.setdefault(ack.game_id, []).append(ack)
    events_total = 0
    with (
        psycopg.connect(database_url, connect_timeout=5) as conn,
        httpx.Client(base_url=base, timeout=30) as http,
    ):
        for game_id, game in load.games.items():
            rs = RULESETS[game.ruleset]
            row = conn.execute(
                "SELECT version FROM games WHERE game_id = %s", (game_id,)
            ).fetchone()
            if row is None:
                problems.append(f"{game_id}: created (201) but not in the store")
                continue
            rows = conn.execute(
                "SELECT version, type, data, command_id, seat FROM events"
                " WHERE game_id = %s ORDER BY version",
                (game_id,),
            ).fetchall()
            events_total += len(rows)
            versions = [r[0] for r in rows]
            if versions != list(range(1, len(rows) + 1)):
                problems.append(f"{game_id}: versions not contiguous: {versions[:50]}")
            if row[0] != len(rows):
                problems.append(f"{game_id}: games.version {row[0]} but {len(rows)} events")
            at = {r[0]: r for r in rows}
            commands = {
                (c[1], c[2]): c[0]
                for c in conn.execute(
                    "SELECT command_id, seat, idempotency_key FROM commands WHERE game_id = %s",
                    (game_id,),
                ).fetchall()
            }
            per_command = Counter(r[3] for r in rows if r[3] is not None)
            for cid in per_command:
                if cid not in commands.values():
                    problems.append(f"{game_id}: events of command {cid} with no command record")
            decoded = [msgspec.json.decode(json.dumps(r[2]), type=rs.Event) for r in rows]
            for ack in by_game.get(game_id, []):
                first = ack.version - len(ack.events) + 1
                cid = commands.get((ack.seat, ack.key))
                if cid is None:
                    problems.append(
                        f"{game_id}: acknowledged key {ack.key} has no command record (lost)"
                    )
                    continue
                if per_command[cid] != len(ack.events):
                    problems.append(
                        f"{game_id}: key {ack.key}: {per_command[cid]} events logged, "
                        f"{len(ack.events)} acknowledged (duplicated or lost)"
                    )
                for offset, answered in enumerate(ack.events):
                    version = first + offset
                    stored = at.get(version)
                    if stored is None:
                        problems.append(f"{game_id}: acknowledged version {version} missing (lost)")
                        break
                    if stored[3] != cid:
                        problems.append(f"{game_id}: version {version} belongs to another command")
                        break
                    redacted = as_json(rs.redact(decoded[version - 1], ack.seat))
                    if redacted != answered:
                        problems.append(f"{game_id}: version {version} differs from its answer")
                        break
            if not game.tokens or len(game.tokens) < len(
                conn.execute("SELECT 1 FROM seats WHERE game_id = %s", (game_id,)).fetchall()
            ):
                continue  # seats not all ours: nothing to read as a seat
            if not rows:
                continue
            state = fold(rs, decoded)
            for seat, token in game.tokens.items():
                r = http.get(
                    f"/games/{game_id}/state", headers={"Authorization": f"Bearer {token}"}
                )
                if r.status_code != 200:
                    problems.append(f"{game_id}: state as {seat}: {r.status_code} {r.text[:200]}")
                    continue
                served = r.json()
                if served["version"] != len(rows):
                    problems.append(f"{game_id}: served version {served['version']} != {len(rows)}")
                if served["view"] != as_json(rs.view(state, seat)):
                    problems.append(f"{game_id}: served state as {seat} differs from a fresh fold")
        keys = Counter((a.game_id, a.seat, a.key) for a in load.acks)
        for key, count in keys.items():
            if count > 1:
                problems.append(f"key {key} acknowledged {count} times")
    return {
        "games": len(load.games),
        "acknowledged": len(load.acks),
        "events": events_total,
        "problems": problems,
    }
