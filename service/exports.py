"""Exports and imports of whole games, and their audit.

An export (format ``plateau-game/2``) is one JSON object::

    {"format": "plateau-game/2",
     "game":     {game_id, ruleset, options, status, version, seats, to_act, outcome,
                  seed_sha256, created_at, updated_at, finished_at},
     "seed":     the seed, once the game is finished (else null),
     "events":   [{version, position, type, data, recorded_at, command_id, seat, schema_version}],
     "commands": [{version, seat, command, command_id, recorded_at}]}

``commands`` is the command log: each accepted command with the version it was
decided at, so anyone holding the seed can decide the whole game again and
compare (``domain.audit``). Format ``plateau-game/1`` (no command log) is
still read: its structure, seed and outcome are checked, not its dice.

An import is audited first; nothing is stored unless every check passes.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import RULESETS, SeatedPlayer
from domain.audit import AuditReport, LoggedCommand, audit
from service.store.base import (
    CommandStore,
    EventStore,
    GameImport,
    GameRecord,
    ImportedEvent,
    ImportedSeat,
    LoggedCommandRow,
    SeatRecord,
    StoredEvent,
)

FORMAT = "plateau-game/2"
FORMATS = frozenset({"plateau-game/1", FORMAT})


class ExportRejected(Exception):
    """An export that does not pass its audit (or is not an export at all)."""

    def __init__(self, reason: str, message: str, version: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.version = version

    @classmethod
    def from_report(cls, report: AuditReport) -> ExportRejected:
        assert report.problem is not None
        p = report.problem
        return cls(p.code, p.message, p.version)


# --- building an export ------------------------------------------------------------


def command_log(
    events: Sequence[StoredEvent], commands: Sequence[LoggedCommandRow]
) -> list[dict[str, Any]]:
    """The command log in version order: each command with the version it was
    decided at (one less than the first event it caused)."""
    first_version: dict[str, int] = {}
    for event in events:
        if event.command_id is not None:
            first_version.setdefault(event.command_id, event.version)
    entries = [
        {
            "version": first_version[c.command_id] - 1,
            "seat": c.seat,
            "command": c.command,
            "command_id": c.command_id,
            "recorded_at": c.recorded_at,
        }
        for c in commands
        if c.command_id in first_version and c.command is not None
    ]
    entries.sort(key=lambda e: int(str(e["version"])))
    return entries


async def export_game(
    store: EventStore, game: GameRecord, *, with_seed: bool | None = None
) -> dict[str, Any]:
    """The export of ``game``. The seed is included once the game is finished
    (``with_seed=True`` includes it anyway: an operator moving a game in play)."""
    events = await store.read(game.game_id)
    commands = await store.command_log(game.game_id)
    include = game.status == "finished" if with_seed is None else with_seed
    seed = await store.get_seed(game.game_id) if include else None
    document: dict[str, Any] = msgspec.to_builtins(
        {
            "format": FORMAT,
            "game": game,
            "seed": seed,
            "events": events,
            "commands": command_log(events, commands),
        }
    )
    return document


# --- auditing an export ------------------------------------------------------------


def _field(doc: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(doc, dict) or not isinstance(doc.get(key), kind):
        raise ExportRejected("not_an_export", f"an export has a {key!r} field of the right type")
    return doc[key]


def audit_export(doc: Any) -> AuditReport:
    """Audit an export document (``domain.audit``). Raises ExportRejected when it
    is not an export at all; otherwise the report says what passed."""
    if not isinstance(doc, dict) or doc.get("format") not in FORMATS:
        raise ExportRejected(
            "not_an_export", f"an export has a format field, one of {sorted(FORMATS)}"
        )
    game = _field(doc, "game", dict)
    events = _field(doc, "events", list)
    name = _field(game, "ruleset", str)
    seeds = doc.get("seed")
    if seeds is not None and not isinstance(seeds, str):
        raise ExportRejected("not_an_export", "the seed is a string or null")
    try:
        pairs = [(int(e["version"]), e["data"]) for e in events]
        players = [
            SeatedPlayer(
                seat=str(s["seat"]), player_id=s.get("player_id"), player_name=s.get("player_name")
            )
            for s in _field(game, "seats", list)
        ]
        commands = (
            [
                LoggedCommand(version=int(c["version"]), seat=str(c["seat"]), command=c["command"])
                for c in doc["commands"]
            ]
            if doc.get("commands") is not None
            else None
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ExportRejected("not_an_export", f"malformed export: {exc!r}") from None
    return audit(
        RULESETS.get(name),
        ruleset_name=name,
        options=game.get("options") or {},
        players=players,
        events=pairs,
        commands=commands,
        seed=seeds,
        seed_sha256=str(game.get("seed_sha256", "")),
        recorded_outcome=game.get("outcome"),
        finished=game.get("status") == "finished",
    )


# --- importing -----------------------------------------------------------------------


def _time(value: Any, default: datetime) -> datetime:
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return default
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return default


def import_bundle(
    doc: dict[str, Any], report: AuditReport, *, game_id: str | None = None
) -> tuple[GameImport, dict[str, str]]:
    """What to store for an audited export, under ``game_id`` (default: its own
    id), and a fresh seat token per claimed seat of a game still in play.
    Command ids are fresh: they are this server's own."""
    from service.games import SEAT_TOKEN, new_token, sha256_hex

    if not report.ok:
        raise ExportRejected.from_report(report)
    game = doc["game"]
    status = game.get("status")
    seed = doc.get("seed")
    if seed is None:
        raise ExportRejected(
            "seed_required",
            "only a finished game (or an operator's export with its seed) can be imported:"
            " this server must be able to decide the rest of the game",
        )
    if status not in {"waiting", "active", "finished"}:
        raise ExportRejected("not_an_export", f"unknown game status {status!r}")
    if (status == "waiting") != (report.version == 0):
        raise ExportRejected("not_an_export", "a waiting game has no events, a started one has")
    now = datetime.now(UTC)
    gid = game_id or str(game["game_id"])
    in_play = status == "active"
    tokens: dict[str, str] = {}
    seats: list[ImportedSeat] = []
    for s in game["seats"]:
        claimed = bool(s.get("claimed"))
        token = new_token(SEAT_TOKEN, gid) if in_play and claimed else None
        if token is not None:
            tokens[str(s["seat"])] = token
        seats.append(
            ImportedSeat(
                seat=str(s["seat"]),
                player_name=s.get("player_name"),
                token_hash=None if token is None else sha256_hex(token),
                claimed=claimed,
            )
        )
    renamed = {c["command_id"]: uuid.uuid4().hex for c in doc.get("commands") or []}
    created = _time(game.get("created_at"), now)
    record = GameRecord(
        game_id=gid,
        ruleset=str(game["ruleset"]),
        options=game.get("options") or {},
        status=status,
        version=report.version,
        seats=[
            SeatRecord(seat=s.seat, player_name=s.player_name, claimed=s.claimed) for s in seats
        ],
        to_act=list(report.to_act),
        outcome=report.outcome,
        seed_sha256=str(game["seed_sha256"]),
        created_at=created,
        updated_at=_time(game.get("updated_at"), created),
        finished_at=_time(game.get("finished_at"), now) if status == "finished" else None,
    )
    outcome = report.outcome if isinstance(report.outcome, dict) else {}
    bundle = GameImport(
        game=record,
        winners=list(outcome.get("winners", [])),
        seed=seed,
        seats=seats,
        events=[
            ImportedEvent(
                version=int(e["version"]),
                type=str(e.get("type") or e["data"]["type"]),
                data=e["data"],
                recorded_at=_time(e.get("recorded_at"), now),
                command_id=renamed.get(e.get("command_id"), None),
                seat=e.get("seat"),
                schema_version=int(e.get("schema_version", 1)),
            )
            for e in doc["events"]
        ],
        commands=[
            LoggedCommandRow(
                command_id=renamed[c["command_id"]],
                seat=c.get("seat"),
                command=c.get("command"),
                recorded_at=_time(c.get("recorded_at"), now),
            )
            for c in doc.get("commands") or []
            if c.get("command_id") in renamed
        ],
    )
    return bundle, tokens


async def import_export(
    store: CommandStore, doc: Any, *, new_id: bool = False
) -> tuple[GameRecord, dict[str, str], AuditReport]:
    """Audit ``doc`` and store it (under a new id if ``new_id``). Raises
    ExportRejected (nothing stored) or GameAlreadyExists."""
    report = audit_export(doc)
    bundle, tokens = import_bundle(doc, report, game_id=uuid.uuid4().hex if new_id else None)
    await store.import_game(bundle)
    return bundle.game, tokens, report
