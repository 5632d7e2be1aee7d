"""Helpers of the store suites: records, hooks, and a second instance
(``twin``) on the same database standing in for another process."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from service.store.base import (
    CommandRecord,
    EventStore,
    GameRecord,
    GameUpdate,
    NewEvent,
    SeatRecord,
    VersionConflict,
)
from service.store.postgres import PostgresEventStore
from service.store.sqlite import SqliteEventStore

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
_ids = itertools.count(1)


# --- helpers ----------------------------------------------------------------------------


def game_record(
    game_id: str | None = None,
    *,
    ruleset: str = "arkantis",
    seats: tuple[str, ...] = ("north", "south"),
    created_at: datetime | None = None,
    options: dict[str, Any] | None = None,
) -> GameRecord:
    created_at = created_at or datetime.now(UTC)
    return GameRecord(
        game_id=game_id or f"game-{next(_ids):05d}",
        ruleset=ruleset,
        options=options if options is not None else {"variant": "basic", "rounds": 3},
        status="waiting",
        version=0,
        seats=[SeatRecord(seat=s) for s in seats],
        to_act=[],
        outcome=None,
        seed_sha256="ab" * 32,
        created_at=created_at,
        updated_at=created_at,
    )


def ev(type_: str, **data: Any) -> NewEvent:
    return NewEvent(type=type_, data={"type": type_, **data})


def active(to_act: list[str] | None = None) -> GameUpdate:
    return GameUpdate(status="active", to_act=to_act if to_act is not None else ["north"])


def setup_hook(n_events: int = 2, calls: list[GameRecord] | None = None) -> Any:
    async def on_full(game: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
        if calls is not None:
            calls.append(game)
        await asyncio.sleep(0)  # a real await inside the claim transaction
        events = [ev("setup", step=i, seats=[s.seat for s in game.seats]) for i in range(n_events)]
        return events, active([game.seats[0].seat])

    return on_full


async def new_game(store: EventStore, **kwargs: Any) -> GameRecord:
    game = game_record(**kwargs)
    await store.create_game(game, seed=f"seed-of-{game.game_id}")
    return game


async def started_game(store: EventStore, **kwargs: Any) -> GameRecord:
    """A game with every seat claimed and one setup event (version 1)."""
    game = await new_game(store, **kwargs)
    for i, seat in enumerate(s.seat for s in game.seats):
        await store.claim_seat(
            game.game_id,
            seat,
            player_id=None,
            player_name=f"p{i}",
            token_hash=f"tok-{game.game_id}-{seat}",
            on_full=setup_hook(1),
        )
    started = await store.get_game(game.game_id)
    assert started is not None and started.version == 1 and started.status == "active"
    return started


def command(
    key: str | None, *, seat: str | None = "north", body: bytes = b'{"ok":1}'
) -> CommandRecord:
    return CommandRecord(
        command_id=f"cmd-{next(_ids)}",
        seat=seat,
        idempotency_key=key,
        request_hash="h" * 64,
        command={"type": "pass", "n": 1},
        response_status=201,
        response=body,
    )


@asynccontextmanager
async def twin(store: EventStore) -> AsyncIterator[EventStore]:
    """A second, independent store instance on the same database."""
    other: EventStore
    if isinstance(store, SqliteEventStore):
        other = SqliteEventStore(store.path)
    elif isinstance(store, PostgresEventStore):
        other = PostgresEventStore(store.url, min_size=1, max_size=12, pooler=store.pooler)
    else:  # pragma: no cover
        raise TypeError(type(store))
    await other.open()
    try:
        yield other
    finally:
        await other.close()


async def race_appends(
    stores: list[EventStore], game_id: str, writers: int, per_writer: int
) -> tuple[list[int], int]:
    """``writers`` tasks (spread over ``stores``) each append ``per_writer`` events,
    reading the version then appending, retrying on VersionConflict."""
    conflicts = 0
    won: list[int] = []

    async def writer(w: int) -> None:
        nonlocal conflicts
        store = stores[w % len(stores)]
        done = 0
        while done < per_writer:
            row = await store.get_game(game_id)
            assert row is not None
            try:
                new = await store.append(
                    game_id,
                    row.version,
                    [ev("tick", writer=w, n=done)],
                    update=active([f"w{w}"]),
                    command=command(f"w{w}-n{done}", seat=f"seat{w}"),
                )
            except VersionConflict:
                conflicts += 1
                await asyncio.sleep(random.random() / 1000)
                continue
            won.append(new)
            done += 1

    await asyncio.gather(*(writer(w) for w in range(writers)))
    return won, conflicts


async def check_log(store: EventStore, game_id: str, writers: int, per_writer: int) -> None:
    events = await store.read(game_id)
    ticks = events[1:]
    assert [e.version for e in events] == list(range(1, 2 + writers * per_writer))
    pairs = [(e.data["writer"], e.data["n"]) for e in ticks]
    assert sorted(pairs) == [(w, n) for w in range(writers) for n in range(per_writer)]
    for w in range(writers):  # each writer's events in its own order
        assert [n for ww, n in pairs if ww == w] == list(range(per_writer))
    positions = [e.position for e in events]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    row = await store.get_game(game_id)
    assert row is not None and row.version == 1 + writers * per_writer
