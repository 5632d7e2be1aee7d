"""Importing a whole game: read, checked, audited off the event loop on a CPU
budget, then stored with its snapshots in one transaction.

An import (``POST /games/import``, ``plateau import``) goes through these
steps, stopping at the first refusal; nothing is stored before the last one:

1. the body is JSON, an object, with no U+0000 in any string
   (``MalformedImport``: 400 ``invalid_request``);
2. its shape is ``GameExport``'s: the game id is one this service could have
   made (``[0-9A-Za-z_-]{1,64}``), names are bounded as ``ClaimSeat``'s,
   timestamps are timestamps (``ExportRejected``: 422 ``export_rejected`` with
   ``reason`` ``invalid_game_id``, ``invalid_player_name``, ``invalid_date``
   or ``not_an_export``);
3. who imports it: a game not finished only with ``ImportRules.in_play``
   (the operator, the sandbox, the command line), since its importer chose
   its seed and knows every future draw (``ImportForbidden``: 403);
4. no timestamp later than now (``CLOCK_SKEW`` allowed), and in order;
5. the audit (``domain.audit``), under a CPU budget (``OverBudget``: 422
   ``import_over_budget``), keeping a snapshot every ``snapshot_every``
   versions, as the repository does after commands;
6. the seats are the ruleset's for the game's options, and the events and
   commands name only them.

The HTTP edge runs steps 1-6 in one worker thread per process
(``prepare_off_loop``): the event loop keeps answering (``/health/live``)
while an import is audited.
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import msgspec

from domain import RULESETS
from domain.audit import AuditReport
from service.games.exports import ExportRejected, audit_export, verdict
from service.games.schemas import GAME_ID_PATTERN, GameExport
from service.games.tokens import SEAT_TOKEN, new_token, sha256_hex
from service.store.base import (
    CommandStore,
    ForkOrigin,
    GameImport,
    GameRecord,
    ImportedEvent,
    ImportedSeat,
    LoggedCommandRow,
    SeatRecord,
    Snapshot,
)

T = TypeVar("T")
CLOCK_SKEW = timedelta(minutes=5)
"""How far in the future an imported timestamp may be (another server's clock)."""
_GAME_ID = re.compile(GAME_ID_PATTERN.removeprefix("^").removesuffix("$"))


class MalformedImport(Exception):
    """The body is not a JSON object (or holds U+0000): a malformed request."""


class ImportForbidden(Exception):
    """A game not finished, imported by someone who may import only finished games."""


class OverBudget(Exception):
    """The import's audit used more CPU than its budget."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the audit used more than {seconds:g} s of CPU")
        self.seconds = seconds


@dataclass(frozen=True, slots=True)
class ImportRules:
    """How one import is judged."""

    in_play: bool = True
    """A game not finished may be imported (the operator, the sandbox, the command line)."""
    new_id: bool = False
    """Store the game under a fresh id rather than its own."""
    snapshot_every: int = 50
    """Keep a snapshot every this many versions (``PLATEAU_SNAPSHOT_EVERY``)."""
    budget: float | None = None
    """CPU seconds the checks and the audit may use (None: no budget)."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """An audited import, ready to store."""

    bundle: GameImport
    tokens: dict[str, str]
    """A fresh token per claimed seat of an active game, shown once."""
    report: AuditReport
    verdict: str
    """The audit's one line, and what it cannot vouch for (an import in play)."""


class Budget:
    """A ``domain.audit.Tick`` that raises ``OverBudget`` once the calling thread
    has used ``seconds`` of CPU since the budget was made (``time.thread_time``:
    the work's own cost, whatever the machine's load)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = None if seconds is None else time.thread_time() + seconds

    def __call__(self) -> None:
        if self.deadline is not None and time.thread_time() > self.deadline:
            assert self.seconds is not None
            raise OverBudget(self.seconds)


# --- 1. the body ----------------------------------------------------------------------


def _has_nul(value: Any) -> bool:
    """Any string (or key) holding U+0000, iteratively (no recursion to exhaust)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            if any("\x00" in k for k in item):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def decode_document(body: bytes | bytearray) -> dict[str, Any]:
    """The body as a JSON object; ``MalformedImport`` otherwise. U+0000 is
    refused as in every body (PostgreSQL text cannot hold it); JSON writes it
    only as the escape ``\\u0000``, so only a body holding that is searched."""
    try:
        document = msgspec.json.decode(body)
    except msgspec.DecodeError as exc:
        raise MalformedImport(f"malformed JSON: {exc}") from None
    except RecursionError:
        raise MalformedImport("malformed JSON: nested too deeply") from None
    if not isinstance(document, dict):
        raise MalformedImport("an export is a JSON object")
    if b"\\u0000" in body and _has_nul(document):
        raise MalformedImport("strings must not contain U+0000")
    return document


# --- 2. its shape ---------------------------------------------------------------------

_REASONS = (
    (re.compile(r"^\$\.game\.game_id$"), "invalid_game_id"),
    (re.compile(r"^\$\.game\.seats\[\d+\]\.player_name$"), "invalid_player_name"),
    (re.compile(r"(^\$\.game\.(created|updated|finished)_at|\.recorded_at)$"), "invalid_date"),
)


def _shape(document: dict[str, Any]) -> GameExport:
    """The document as a ``GameExport``; a refusal names the field's reason."""
    try:
        export = msgspec.convert(document, GameExport)
    except msgspec.ValidationError as exc:
        path = str(exc).rpartition(" - at `")[2].rstrip("`")
        reason = next((r for pattern, r in _REASONS if pattern.search(path)), "not_an_export")
        raise ExportRejected(reason, f"not an export: {exc}") from None
    if export.view is not None:
        raise ExportRejected(
            "redacted_export",
            f"an export as {export.view!r} sees the game leaves hidden information out:"
            " it cannot be imported",
        )
    if not _GAME_ID.fullmatch(export.game.game_id):  # Python's "$" also matches before "\n"
        raise ExportRejected(
            "invalid_game_id", f"a game id matches {GAME_ID_PATTERN} (this service's own ids)"
        )
    return export


# --- 4. its timestamps ----------------------------------------------------------------


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class _Times:
    created: datetime
    updated: datetime
    finished: datetime | None


def _times(export: GameExport, now: datetime) -> _Times:
    """The game's timestamps (omitted ones defaulted), none in the future, in order."""
    game = export.game
    created = _utc(game.created_at) or now
    updated = _utc(game.updated_at) or created
    finished = (_utc(game.finished_at) or updated) if game.status == "finished" else None
    latest = now + CLOCK_SKEW
    stamps: list[tuple[str, datetime | None]] = [
        ("game.created_at", created),
        ("game.updated_at", updated),
        ("game.finished_at", finished),
    ]
    stamps += [
        (f"events[{i}].recorded_at", _utc(e.recorded_at)) for i, e in enumerate(export.events)
    ]
    stamps += [
        (f"commands[{i}].recorded_at", _utc(c.recorded_at))
        for i, c in enumerate(export.commands or [])
    ]
    for name, stamp in stamps:
        if stamp is not None and stamp > latest:
            raise ExportRejected("invalid_date", f"{name} ({stamp.isoformat()}) is in the future")
    if updated < created:
        raise ExportRejected("invalid_date", "game.updated_at is before game.created_at")
    if finished is not None and not created <= finished <= updated:
        raise ExportRejected(
            "invalid_date", "game.finished_at is not between game.created_at and game.updated_at"
        )
    return _Times(created, updated, finished)


# --- 6. its seats ---------------------------------------------------------------------


def _check_seats(export: GameExport) -> list[str]:
    """The ruleset's seats for the game's options (the audit checked the options)."""
    game = export.game
    ruleset = RULESETS[game.ruleset]
    options = msgspec.json.decode(msgspec.json.encode(game.options), type=ruleset.Options)
    seats = list(ruleset.seats(options))
    if [s.seat for s in game.seats] != seats:
        raise ExportRejected(
            "seats_mismatch", f"the seats of this {ruleset.name} game are {seats}, in this order"
        )
    for event in export.events:
        if event.seat is not None and event.seat not in seats:
            raise ExportRejected(
                "unknown_seat", f"an event names the seat {event.seat!r}", event.version
            )
    ids = [c.command_id for c in export.commands or []]
    if len(set(ids)) != len(ids):
        raise ExportRejected("not_an_export", "two commands of the command log share an id")
    for command in export.commands or []:
        if command.seat not in seats:
            raise ExportRejected(
                "unknown_seat", f"a command names the seat {command.seat!r}", command.version + 1
            )
    return seats


# --- the whole check ------------------------------------------------------------------


def prepare_body(body: bytes | bytearray, rules: ImportRules) -> Prepared:
    """``prepare`` for a request body: CPU-bound, run it off the event loop."""
    budget = Budget(rules.budget)
    return prepare(decode_document(body), rules, budget=budget, nul_checked=True)


def prepare(
    document: Any,
    rules: ImportRules,
    *,
    budget: Budget | None = None,
    nul_checked: bool = False,
    now: datetime | None = None,
) -> Prepared:
    """Check and audit an export (JSON builtins) as the module docstring says,
    and build what to store. Raises MalformedImport, ExportRejected,
    ImportForbidden or OverBudget."""
    budget = budget or Budget(rules.budget)
    now = now or datetime.now(UTC)
    if not isinstance(document, dict):
        raise MalformedImport("an export is a JSON object")
    if not nul_checked and _has_nul(document):
        raise MalformedImport("strings must not contain U+0000")
    export = _shape(document)
    budget()
    in_play = export.game.status != "finished"
    if in_play and not rules.in_play:
        raise ImportForbidden(
            f"this game is {export.game.status}: only a finished game (its seed revealed) may be"
            " imported with a player token; a game in play needs the operator's token"
        )
    times = _times(export, now)
    if export.seed is None:
        raise ExportRejected(
            "seed_required",
            "only a finished game (or an operator's export with its seed) can be imported:"
            " this server must be able to decide the rest of the game",
        )
    snapshots: list[Snapshot] = []
    latest: list[Any] = [None]
    encoder = msgspec.msgpack.Encoder()

    def keep(version: int, state: Any) -> None:
        latest[0] = state
        if version % rules.snapshot_every == 0:
            snapshots.append(Snapshot(version=version, state=encoder.encode(state)))

    try:
        report = audit_export(document, tick=budget, on_state=keep)
        encoder.encode(latest[0])  # the state this server will cache (msgpack: 64-bit integers)
    except OverflowError:
        raise ExportRejected(
            "out_of_range", "an integer of the log is out of range (beyond 64 bits)"
        ) from None
    if not report.ok:
        raise ExportRejected.from_report(report)
    _check_seats(export)
    if (export.game.status == "waiting") != (report.version == 0):
        raise ExportRejected("not_an_export", "a waiting game has no events, a started one has")
    budget()
    imported = "in_play" if in_play or export.game.imported == "in_play" else "finished"
    game_id = uuid.uuid4().hex if rules.new_id else export.game.game_id
    bundle, tokens = _bundle(export, report, game_id, imported, times, snapshots, now)
    return Prepared(bundle=bundle, tokens=tokens, report=report, verdict=verdict(report, imported))


def _bundle(
    export: GameExport,
    report: AuditReport,
    game_id: str,
    imported: str,
    times: _Times,
    snapshots: list[Snapshot],
    now: datetime,
) -> tuple[GameImport, dict[str, str]]:
    """What to store, and a fresh token per claimed seat of an active game.
    Command ids are fresh: they are this server's own."""
    game = export.game
    ruleset = RULESETS[game.ruleset]
    options = msgspec.json.decode(msgspec.json.encode(game.options), type=ruleset.Options)
    tokens: dict[str, str] = {}
    seats: list[ImportedSeat] = []
    for s in game.seats:
        token = new_token(SEAT_TOKEN, game_id) if game.status == "active" and s.claimed else None
        if token is not None:
            tokens[s.seat] = token
        seats.append(
            ImportedSeat(
                seat=s.seat,
                player_name=s.player_name,
                token_hash=None if token is None else sha256_hex(token),
                claimed=s.claimed,
            )
        )
    record = GameRecord(
        game_id=game_id,
        ruleset=ruleset.name,
        options=msgspec.to_builtins(options),
        status=game.status,
        version=report.version,
        seats=[
            SeatRecord(seat=s.seat, player_name=s.player_name, claimed=s.claimed) for s in seats
        ],
        to_act=list(report.to_act),
        outcome=report.outcome,
        seed_sha256=game.seed_sha256,
        created_at=times.created,
        updated_at=times.updated,
        finished_at=times.finished,
        imported=imported,
        forked_from=None
        if game.forked_from is None
        else ForkOrigin(game_id=game.forked_from.game_id, version=game.forked_from.version),
        forked_at=_utc(game.forked_at) if game.forked_from is not None else None,
    )
    outcome = report.outcome if isinstance(report.outcome, dict) else {}
    renamed = {c.command_id: uuid.uuid4().hex for c in export.commands or []}
    bundle = GameImport(
        game=record,
        winners=list(outcome.get("winners", [])),
        seed=str(export.seed),
        seats=seats,
        events=list(_events(export, renamed, now)),
        commands=[
            LoggedCommandRow(
                command_id=renamed[c.command_id],
                seat=c.seat,
                command=c.command,
                recorded_at=_utc(c.recorded_at) or now,
            )
            for c in export.commands or []
        ],
        snapshots=snapshots,
    )
    return bundle, tokens


def _events(export: GameExport, renamed: dict[str, str], now: datetime) -> Iterable[ImportedEvent]:
    for e in export.events:
        yield ImportedEvent(
            version=e.version,
            type=str(e.data["type"]),  # the tag the audit decoded, not the loose copy beside it
            data=e.data,
            recorded_at=_utc(e.recorded_at) or now,
            command_id=renamed.get(e.command_id) if e.command_id is not None else None,
            seat=e.seat,
            schema_version=e.schema_version,
        )


# --- off the event loop, and into the store -------------------------------------------

_AUDITS: ThreadPoolExecutor | None = None


def _audits() -> ThreadPoolExecutor:
    """The process's one import thread: imports are audited one at a time,
    each on its own CPU budget, beside the event loop."""
    global _AUDITS
    if _AUDITS is None:
        _AUDITS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="plateau-import")
    return _AUDITS


async def prepare_off_loop(body: bytes | bytearray, rules: ImportRules) -> Prepared:
    """``prepare_body`` in the import thread; the event loop is free meanwhile."""
    return await off_loop(prepare_body, body, rules)


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the import thread (a position's game is built and audited
    there too); the event loop is free meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_audits(), work, *args)


async def import_export(
    store: CommandStore, document: Any, rules: ImportRules | None = None
) -> Prepared:
    """Check, audit and store ``document`` (the command line, and tests: on the
    caller's thread, with no budget unless ``rules`` sets one). Raises
    MalformedImport, ExportRejected, ImportForbidden, OverBudget, or
    GameAlreadyExists (nothing stored)."""
    prepared = prepare(document, rules or ImportRules())
    await store.import_game(prepared.bundle)
    return prepared
