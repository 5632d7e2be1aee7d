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

A game in play is exported whole only with its seed (an operator moving it:
``plateau export --with-seed``); otherwise as one viewer sees it (``view``:
``spectator`` or a seat), hidden information left out, a record that is
never imported nor audited. The types are ``service.games.schemas.GameExport``;
importing is ``service.games.imports``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain import RULESETS, SeatedPlayer
from domain.audit import AuditReport, LoggedCommand, StateHook, Tick, audit
from service.games.codecs import stored_event
from service.games.schemas import EXPORT_FORMATS
from service.store.base import EventStore, GameRecord, LoggedCommandRow, StoredEvent

FORMAT = "plateau-game/2"
FORMATS = frozenset(EXPORT_FORMATS)
SPECTATOR = "spectator"
"""``view`` of an export redacted as a spectator sees the game."""


class ExportRejected(Exception):
    """An export that does not pass its audit (or is not an export at all)."""

    def __init__(self, reason: str, message: str, version: int | None = None) -> None:
        """``reason``: a stable snake_case code (``details.reason`` of 422
        ``export_rejected``); ``version``: the first bad version, when known."""
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
    store: EventStore,
    game: GameRecord,
    *,
    with_seed: bool | None = None,
    view: str | None = None,
) -> dict[str, Any]:
    """The export of ``game``. The seed is included once the game is finished
    (``with_seed=True`` includes it anyway: an operator moving a game in play).

    ``view`` (``SPECTATOR`` or a seat) redacts a game not finished as that
    viewer sees it: events redacted (``Ruleset.redact``), no seed, no command
    log (a command may name a hidden card). A finished game hides nothing."""
    events = await store.read(game.game_id)
    if view is not None and game.status != "finished":
        return _redacted(game, events, view)
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


def _redacted(game: GameRecord, events: Sequence[StoredEvent], view: str) -> dict[str, Any]:
    """The export of a game in play as ``view`` (``SPECTATOR`` or a seat) sees it."""
    ruleset = RULESETS[game.ruleset]
    seat = None if view == SPECTATOR else view
    if seat is not None and seat not in {s.seat for s in game.seats}:
        raise ValueError(f"game {game.game_id} has no seat {seat!r}")
    shown = [
        msgspec.structs.replace(
            e,
            data=msgspec.to_builtins(ruleset.redact(stored_event(ruleset, e.data), seat)),
        )
        for e in events
    ]
    document: dict[str, Any] = msgspec.to_builtins(
        {"format": FORMAT, "game": game, "seed": None, "events": shown, "commands": None}
    )
    document["view"] = view
    return document


# --- auditing an export ------------------------------------------------------------


def _field(doc: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(doc, dict) or not isinstance(doc.get(key), kind):
        raise ExportRejected("not_an_export", f"an export has a {key!r} field of the right type")
    return doc[key]


def audit_export(
    doc: Any, *, tick: Tick | None = None, on_state: StateHook | None = None
) -> AuditReport:
    """Audit an export document (``domain.audit``). Raises ExportRejected when it
    is not an export at all (or a redacted one); otherwise the report says what
    passed. ``tick`` and ``on_state``: see ``domain.audit``."""
    if not isinstance(doc, dict) or doc.get("format") not in FORMATS:
        raise ExportRejected(
            "not_an_export", f"an export has a format field, one of {sorted(FORMATS)}"
        )
    if doc.get("view") is not None:
        raise ExportRejected(
            "redacted_export",
            f"an export as {doc['view']!r} sees the game leaves hidden information out:"
            " it is a record to read, it cannot be audited or imported",
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
        tick=tick,
        on_state=on_state,
        fork_version=fork_version(game),
    )


def fork_version(game: Any) -> int:
    """The number of events a fork copied (``game.forked_from.version``), 0 for no fork."""
    origin = game.get("forked_from") if isinstance(game, dict) else None
    if origin is None:
        return 0
    version = origin.get("version") if isinstance(origin, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ExportRejected("not_an_export", "forked_from.version is a version (an integer >= 0)")
    return version


def fork_copy(doc: Any, original: Any | None) -> str:
    """Whether a fork's copied events (``doc``: an export of a fork) are its
    original's first events (``original``: its export, None when not at hand):
    a phrase for a verdict, ``FAILED ...`` when they differ."""
    version = fork_version(doc["game"])
    origin = doc["game"]["forked_from"]["game_id"]
    if original is None:
        return f"the original {origin} is not at hand: its copied events were not compared"
    mine = _encoded_events(doc["events"][:version])
    theirs = _encoded_events(original.get("events", [])[:version])
    if mine != theirs:
        first = next(
            (i + 1 for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)) + 1,
        )
        return (
            f"FAILED at version {first}: fork_copy_differs: the fork's event {first} is not"
            f" the one of {origin}"
        )
    return f"its events 1..{version} are those of {origin}"


def _encoded_events(events: Sequence[Any]) -> list[tuple[Any, bytes]]:
    """(version, canonical bytes of the data) per event: keys sorted, as a store may
    not keep their order."""
    import json

    return [(e.get("version"), json.dumps(e.get("data"), sort_keys=True).encode()) for e in events]


IMPORTED_IN_PLAY = (
    "imported in play: its seed was chosen by whoever exported it, not committed by"
    " this server before the first roll, so the dice prove nothing about fairness"
)


def verdict(report: AuditReport, imported: Any) -> str:
    """The audit's one line, and what it cannot vouch for: the dice of a game
    imported before its end (``imported``, the game's mark, is ``in_play``)."""
    if report.ok and imported == "in_play":
        return f"{report.verdict}; {IMPORTED_IN_PLAY}"
    return report.verdict
