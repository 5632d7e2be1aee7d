"""Command log and whole-game import, on both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec
import pytest

from service.store.base import (
    CommandRecord,
    EventStore,
    GameAlreadyExists,
    GameImport,
    ImportedEvent,
    ImportedSeat,
    LoggedCommandRow,
    SeatRecord,
    Snapshot,
)
from tests.store.support import active, ev, game_record, new_game, setup_hook

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


async def test_command_log_lists_every_accepted_command(store: EventStore) -> None:
    game = await new_game(store)
    for seat in ("north", "south"):
        await store.claim_seat(
            game.game_id,
            seat,
            player_id=None,
            player_name=seat,
            token_hash=f"h-{seat}",
            on_full=setup_hook(2),
        )
    for i, seat in enumerate(("north", "south")):
        await store.append(
            game.game_id,
            2 + i,
            [ev("moved", n=i)],
            update=active(),
            command=CommandRecord(
                command_id=f"c{i}",
                seat=seat,
                idempotency_key=f"k{i}",
                request_hash="x",
                command={"type": "move", "n": i},
                response_status=201,
                response=b"{}",
            ),
        )
    log = await store.command_log(game.game_id)
    assert sorted((c.command_id, c.seat, c.command) for c in log) == [
        ("c0", "north", {"type": "move", "n": 0}),
        ("c1", "south", {"type": "move", "n": 1}),
    ]
    events = await store.read(game.game_id)
    assert [e.command_id for e in events] == [None, None, "c0", "c1"]
    assert await store.command_log("no-such-game") == []


def bundle(game_id: str, *, finished: bool = True, prefix: str = "cmd") -> GameImport:
    record = msgspec.structs.replace(
        game_record(game_id, created_at=T0),
        status="finished" if finished else "active",
        version=3,
        to_act=[] if finished else ["south"],
        outcome={"winners": ["north"]} if finished else None,
        finished_at=T0 + timedelta(minutes=5) if finished else None,
        updated_at=T0 + timedelta(minutes=5),
        seats=[
            SeatRecord(seat="north", player_name="Ann", claimed=True),
            SeatRecord(seat="south", player_name="Bo", claimed=True),
        ],
    )
    return GameImport(
        game=record,
        winners=["north"] if finished else [],
        seed="the-seed",
        seats=[
            ImportedSeat(seat="north", player_name="Ann", token_hash=None, claimed=True),
            ImportedSeat(seat="south", player_name="Bo", token_hash="tok-south", claimed=True),
        ],
        events=[
            ImportedEvent(
                version=v,
                type=f"t{v}",
                data={"type": f"t{v}", "v": v},
                recorded_at=T0 + timedelta(seconds=v),
                command_id=None if v == 1 else f"{prefix}{v}",
                seat=None if v == 1 else "north",
            )
            for v in (3, 1, 2)  # any order in: version order out
        ],
        commands=[
            LoggedCommandRow(
                command_id=f"{prefix}{v}",
                seat="north",
                command={"type": "go", "v": v},
                recorded_at=T0 + timedelta(seconds=v),
            )
            for v in (2, 3)
        ],
    )


async def test_import_game_stores_the_whole_game(store: EventStore) -> None:
    await store.import_game(bundle("imported-1"))
    game = await store.get_game("imported-1")
    assert game is not None
    assert (game.status, game.version, game.to_act, game.outcome) == (
        "finished",
        3,
        [],
        {"winners": ["north"]},
    )
    assert [(s.seat, s.player_name, s.claimed) for s in game.seats] == [
        ("north", "Ann", True),
        ("south", "Bo", True),
    ]
    assert game.created_at == T0 and game.finished_at == T0 + timedelta(minutes=5)
    assert await store.get_seed("imported-1") == "the-seed"
    events = await store.read("imported-1")
    assert [(e.version, e.type, e.data["v"], e.command_id) for e in events] == [
        (1, "t1", 1, None),
        (2, "t2", 2, "cmd2"),
        (3, "t3", 3, "cmd3"),
    ]
    positions = [e.position for e in events]
    assert positions == sorted(positions) and len(set(positions)) == 3
    assert events[0].recorded_at == T0 + timedelta(seconds=1)
    log = await store.command_log("imported-1")
    assert sorted(c.command_id for c in log) == ["cmd2", "cmd3"]
    assert await store.seat_by_token("imported-1", "tok-south") == "south"
    assert await store.last_winner("arkantis", []) is None


async def test_import_game_refuses_a_taken_id_and_writes_nothing(store: EventStore) -> None:
    await store.import_game(bundle("imported-2"))
    clash = bundle("imported-2")
    with pytest.raises(GameAlreadyExists):
        await store.import_game(clash)
    assert len(await store.read("imported-2")) == 3
    assert len(await store.command_log("imported-2")) == 2


async def test_an_imported_game_in_play_accepts_appends(store: EventStore) -> None:
    await store.import_game(bundle("imported-3", finished=False))
    version = await store.append("imported-3", 3, [ev("more")], update=active(["north"]))
    assert version == 4
    assert [e.version for e in await store.read("imported-3")] == [1, 2, 3, 4]


async def test_an_imported_game_keeps_its_mark_and_its_snapshots(store: EventStore) -> None:
    """The games row says how the game came here (``imported``), on every read
    of it; the snapshots built on import are stored with it, so a cold load of
    a long imported game folds from the nearest one."""
    played = bundle("imported-4", finished=False, prefix="c4-")
    played.game.imported = "in_play"
    played.snapshots = [Snapshot(version=2, state=b"\x81\xa1v\x02")]
    await store.import_game(played)
    game = await store.get_game("imported-4")
    assert game is not None and game.imported == "in_play"
    page, _ = await store.list_games(limit=50)
    assert {g.game_id: g.imported for g in page}["imported-4"] == "in_play"
    snapshot = await store.load_snapshot("imported-4")
    assert snapshot == Snapshot(version=2, state=b"\x81\xa1v\x02")
    assert await store.load_snapshot("imported-4", at_or_before=1) is None

    finished = bundle("imported-5", prefix="c5-")
    finished.game.imported = "finished"
    await store.import_game(finished)
    fetched = await store.get_game("imported-5")
    assert fetched is not None and fetched.imported == "finished"
    assert await store.load_snapshot("imported-5") is None


async def test_a_game_created_here_is_not_marked_imported(store: EventStore) -> None:
    game = await new_game(store)
    fetched = await store.get_game(game.game_id)
    assert fetched is not None and fetched.imported is None
