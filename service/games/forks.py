"""Forks: a new game whose log is the first N events of another, copied.

``POST /games/{game_id}/fork`` and ``plateau fork`` make one. The fork has
the original's ruleset, options and seats (free to claim again; a bot seat
stays the same bot), its events 1..N copied (with the commands that caused
them, under fresh ids) and ``forked_from: {game_id, version}``. It waits for
its seats like a new game; the claim that fills the last one starts it where
its log stops (no setup), and every random outcome after N is drawn from the
fork's own seed: a new one, committed when the fork is made
(``seed_sha256``), or the original's with ``same_seed``, so the same commands
replay the original byte for byte.

Rules (the caller's part is in ``Seats.fork_game``):

- a finished game (its seed and every hand revealed) may be forked by anyone;
  a game in play only in the sandbox or by the operator, since its fork would
  show whoever claims a seat the hidden hands and deck order of the original
  (403 ``fork_forbidden``);
- N is a resting version (``resting``): 0 (the start, before the setup: the
  fork draws its own), or the end of the setup or of a move with a seat to act.
  Another version of the log answers 422 ``not_a_resting_point`` with the
  nearest resting versions; one beyond it 422 ``version_out_of_range``.

Everything here is pure: the log in, the fork's bundle out.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import msgspec

from domain import RULESETS
from service.games.codecs import stored_event
from service.games.exports import command_log
from service.games.tokens import sha256_hex
from service.store.base import (
    ForkOrigin,
    GameImport,
    GameRecord,
    ImportedEvent,
    ImportedSeat,
    LoggedCommandRow,
    SeatRecord,
    Snapshot,
    StoredEvent,
)


class NotResting(Exception):
    """The version is inside a move (or after the end): the nearest resting versions."""

    def __init__(self, version: int, previous: int | None, following: int | None) -> None:
        super().__init__(f"version {version} is not a resting point")
        self.version = version
        self.previous = previous
        self.following = following


@dataclass(frozen=True, slots=True)
class Prefix:
    """The original's log folded up to the fork's version."""

    state: Any
    """The state at the version (None at 0)."""
    snapshots: list[Snapshot]


def _batch_end(events: Sequence[StoredEvent], version: int) -> bool:
    """``version`` ends a batch: the setup's or a command's last event."""
    if version == len(events):
        return True
    return events[version].command_id != events[version - 1].command_id


def resting(
    ruleset_name: str, events: Sequence[StoredEvent], version: int, snapshot_every: int
) -> Prefix:
    """The log folded to ``version`` if it is a resting point (0, or the end of
    a batch with a seat to act and no outcome); ``NotResting`` otherwise, naming
    the resting versions just before and just after it (None when there is none)."""
    if version == 0:
        return Prefix(state=None, snapshots=[])
    ruleset = RULESETS[ruleset_name]
    msgpack = msgspec.msgpack.Encoder()
    state: Any = None
    snapshots: list[Snapshot] = []
    previous: int | None = 0
    for v, stored in enumerate(events, start=1):
        state = ruleset.evolve(state, stored_event(ruleset, stored.data))
        if v <= version and v % snapshot_every == 0:
            snapshots.append(Snapshot(version=v, state=msgpack.encode(state)))
        if not _batch_end(events, v) or ruleset.outcome(state) is not None:
            continue
        if not ruleset.to_act(state):
            continue
        if v == version:
            return Prefix(state=state, snapshots=snapshots)
        if v > version:
            raise NotResting(version, previous, v)
        previous = v
    raise NotResting(version, previous, None)


def bundle(
    original: GameRecord,
    events: Sequence[StoredEvent],
    commands: Sequence[LoggedCommandRow],
    *,
    version: int,
    seed: str,
    snapshots: list[Snapshot],
    now: datetime,
    creator: str | None,
) -> GameImport:
    """The fork of ``original`` at ``version`` to store (``EventStore.import_game``):
    waiting for its seats, its events and their commands copied under fresh ids."""
    prefix = [e for e in events if e.version <= version]
    logged = command_log(prefix, commands)
    renamed = {str(c["command_id"]): uuid.uuid4().hex for c in logged}
    by_id = {c.command_id: c for c in commands}
    game_id = uuid.uuid4().hex
    record = GameRecord(
        game_id=game_id,
        ruleset=original.ruleset,
        options=original.options,
        status="waiting",
        version=version,
        seats=[SeatRecord(seat=s.seat) for s in original.seats],
        to_act=[],
        outcome=None,
        seed_sha256=sha256_hex(seed),
        created_at=now,
        updated_at=now,
        forked_from=ForkOrigin(game_id=original.game_id, version=version),
        forked_at=now,
    )
    return GameImport(
        game=record,
        winners=[],
        seed=seed,
        seats=[
            ImportedSeat(seat=s.seat, player_name=None, token_hash=None, claimed=False)
            for s in original.seats
        ],
        events=[
            ImportedEvent(
                version=e.version,
                type=e.type,
                data=e.data,
                recorded_at=e.recorded_at,
                command_id=None if e.command_id is None else renamed.get(e.command_id),
                seat=e.seat,
                schema_version=e.schema_version,
            )
            for e in prefix
        ],
        commands=[
            LoggedCommandRow(
                command_id=renamed[old],
                seat=by_id[old].seat,
                command=by_id[old].command,
                recorded_at=by_id[old].recorded_at,
            )
            for old in renamed
        ],
        snapshots=snapshots,
        creator=creator,
    )
