"""One conformance suite for every ``EventStore``, run unchanged against
SQLite (a file in tmp_path) and PostgreSQL (a per-run database): real
connections only, no mocks.

The ``store`` fixture (tests/conftest.py) gives an opened, empty store;
``twin(store)`` opens a second, independent instance on the same database
(another connection / another pool), standing in for another process.
"""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest

from service.store.base import (
    EventStore,
    GameAlreadyExists,
    GameNotFound,
    GameNotWaiting,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    InvalidCursor,
    NewEvent,
    PlayerRecord,
    SeatRecord,
    SeatTaken,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    UnknownSeat,
    VersionConflict,
)
from tests.store.support import (
    T0,
    active,
    check_log,
    command,
    ev,
    game_record,
    new_game,
    race_appends,
    setup_hook,
    started_game,
    twin,
)

# --- lifecycle and migrations ------------------------------------------------------------


async def test_migrations_are_recorded_and_idempotent(store: EventStore) -> None:
    assert await store.migrate() == []
    game = await new_game(store)
    async with twin(store) as other:  # a second open() on a migrated database
        assert await other.migrate() == []
        assert (await other.get_game(game.game_id)) is not None
    await store.open()  # opening twice is a no-op
    assert await store.migrate() == []
    await store.ping()


async def test_closed_store_is_unavailable_and_can_reopen(store: EventStore) -> None:
    game = await new_game(store)
    await store.close()
    await store.close()  # closing twice is fine
    with pytest.raises(StoreUnavailable):
        await store.ping()
    with pytest.raises(StoreUnavailable):
        await store.get_game(game.game_id)
    await store.open()
    assert await store.get_game(game.game_id) is not None


# --- games ------------------------------------------------------------------------------


async def test_create_and_get_game(store: EventStore) -> None:
    game = game_record(seats=("west", "north", "east"), options={"nested": {"a": [1, 2.5, None]}})
    await store.create_game(game, seed="s3cr3t")
    got = await store.get_game(game.game_id)
    assert got is not None
    assert got.game_id == game.game_id and got.ruleset == game.ruleset
    assert got.options == {"nested": {"a": [1, 2.5, None]}}
    assert got.status == "waiting" and got.version == 0 and got.to_act == [] and got.outcome is None
    assert [s.seat for s in got.seats] == ["west", "north", "east"]  # seat order kept
    assert not any(s.claimed or s.player_id or s.player_name for s in got.seats)
    assert got.seed_sha256 == game.seed_sha256
    assert got.created_at == game.created_at and got.created_at.tzinfo is not None
    assert got.finished_at is None
    assert await store.get_seed(game.game_id) == "s3cr3t"
    assert await store.get_game("missing") is None
    assert await store.get_seed("missing") is None
    with pytest.raises(GameAlreadyExists):
        await store.create_game(game, seed="other")
    assert await store.get_seed(game.game_id) == "s3cr3t"


async def test_create_game_is_all_or_nothing(store: EventStore) -> None:
    """A creation whose seats cannot be written (a seat named twice) leaves no
    game row and no seed behind (PostgreSQL writes it in one pipeline, its own
    implicit transaction)."""
    game = game_record(seats=("north", "north"))
    with pytest.raises(StoreError):
        await store.create_game(game, seed="s")
    assert await store.get_game(game.game_id) is None
    assert await store.get_seed(game.game_id) is None
    await store.create_game(msgspec.structs.replace(game, seats=game.seats[:1]), seed="t")
    assert await store.get_seed(game.game_id) == "t"


# --- append and read ----------------------------------------------------------------------


async def test_append_and_read_back(store: EventStore) -> None:
    game = await started_game(store)
    before = datetime.now(UTC)
    cmd = command("k1")
    version = await store.append(
        game.game_id,
        1,
        [
            ev("moved", to=[3, 4], note="é ✓"),
            NewEvent(
                type="scored",
                data={"type": "scored", "points": 2.5, "flag": True, "none": None},
                schema_version=2,
            ),
        ],
        update=active(["south"]),
        command=cmd,
    )
    assert version == 3
    events = await store.read(game.game_id)
    assert [e.version for e in events] == [1, 2, 3]
    setup, moved, scored = events
    assert setup.type == "setup" and setup.seat is None and setup.command_id is None
    assert moved.type == "moved" and moved.data == {"type": "moved", "to": [3, 4], "note": "é ✓"}
    assert scored.data == {"type": "scored", "points": 2.5, "flag": True, "none": None}
    assert moved.seat == "north" and moved.command_id == cmd.command_id
    assert (setup.schema_version, moved.schema_version, scored.schema_version) == (1, 1, 2)
    assert all(e.game_id == game.game_id for e in events)
    assert setup.position < moved.position < scored.position
    for e in (moved, scored):
        assert e.recorded_at.tzinfo is not None
        assert (
            before - timedelta(seconds=5)
            <= e.recorded_at
            <= datetime.now(UTC) + timedelta(seconds=5)
        )

    row = await store.get_game(game.game_id)
    assert row is not None
    assert row.version == 3 and row.status == "active" and row.to_act == ["south"]
    assert row.updated_at >= row.created_at and row.finished_at is None

    # positions keep increasing across games
    other = await started_game(store)
    await store.append(other.game_id, 1, [ev("moved")], update=active())
    last = (await store.read(other.game_id))[-1]
    assert last.position > scored.position


async def test_append_finishing_sets_outcome_winners_and_finished_at(store: EventStore) -> None:
    game = await started_game(store)
    outcome = {"ranking": [["south"], ["north"]], "scores": {"north": 3, "south": 7}}
    await store.append(
        game.game_id,
        1,
        [ev("game_over")],
        update=GameUpdate(status="finished", to_act=[], outcome=outcome, winners=["south"]),
    )
    row = await store.get_game(game.game_id)
    assert row is not None
    assert row.status == "finished" and row.outcome == outcome and row.to_act == []
    assert row.finished_at is not None and row.finished_at >= row.created_at


async def test_append_empty_batch_updates_row_only(store: EventStore) -> None:
    game = await started_game(store)
    assert await store.append(game.game_id, 1, [], update=active(["south"])) == 1
    row = await store.get_game(game.game_id)
    assert row is not None and row.version == 1 and row.to_act == ["south"]


async def test_append_to_unknown_game(store: EventStore) -> None:
    with pytest.raises(GameNotFound):
        await store.append("missing", 0, [ev("x")], update=active())


async def test_version_conflict_writes_nothing(store: EventStore) -> None:
    game = await started_game(store)
    await store.append(game.game_id, 1, [ev("a")], update=active(["south"]))
    for stale in (0, 1, 3, 7):
        cmd = command(f"key-{stale}")
        with pytest.raises(VersionConflict) as info:
            await store.append(
                game.game_id, stale, [ev("b"), ev("c")], update=active(["x"]), command=cmd
            )
        assert info.value.expected == stale and info.value.actual == 2
        assert await store.get_command(game.game_id, "north", f"key-{stale}") is None
    assert [e.type for e in await store.read(game.game_id)] == ["setup", "a"]
    row = await store.get_game(game.game_id)
    assert row is not None and row.version == 2 and row.to_act == ["south"]


async def test_read_paging(store: EventStore) -> None:
    game = await started_game(store)
    await store.append(game.game_id, 1, [ev("e", i=i) for i in range(2, 11)], update=active())

    def versions(events: list[StoredEvent]) -> list[int]:
        return [e.version for e in events]

    assert versions(await store.read(game.game_id)) == list(range(1, 11))
    assert versions(await store.read(game.game_id, after=4)) == [5, 6, 7, 8, 9, 10]
    assert versions(await store.read(game.game_id, after=4, limit=3)) == [5, 6, 7]
    assert versions(await store.read(game.game_id, upto=3)) == [1, 2, 3]
    assert versions(await store.read(game.game_id, after=2, upto=6, limit=10)) == [3, 4, 5, 6]
    assert versions(await store.read(game.game_id, after=2, upto=6, limit=2)) == [3, 4]
    assert await store.read(game.game_id, after=10) == []
    assert await store.read(game.game_id, limit=0) == []
    assert await store.read("missing") == []
    # walking with after/limit visits every event once
    seen: list[int] = []
    after = 0
    while page := await store.read(game.game_id, after=after, limit=4):
        seen += versions(page)
        after = page[-1].version
    assert seen == list(range(1, 11))


async def test_concurrent_appenders_one_game(store: EventStore) -> None:
    game = await started_game(store)
    writers, per_writer = 20, 4
    won, _ = await race_appends([store], game.game_id, writers, per_writer)
    # exactly one winner per version
    assert sorted(won) == list(range(2, 2 + writers * per_writer))
    await check_log(store, game.game_id, writers, per_writer)


async def test_two_store_instances_race_on_one_game(store: EventStore) -> None:
    """Two pools (PostgreSQL) / two connections (SQLite), as two processes would."""
    game = await started_game(store)
    writers, per_writer = 20, 3
    async with twin(store) as other:
        won, _ = await race_appends([store, other], game.game_id, writers, per_writer)
    assert sorted(won) == list(range(2, 2 + writers * per_writer))
    await check_log(store, game.game_id, writers, per_writer)


async def test_concurrent_batches_keep_their_order(store: EventStore) -> None:
    """Concurrent batches on different games: each batch's positions rise in
    version order and no position is given twice (another game's events may
    take positions between them: no lock orders the inserts of all games)."""
    games = [await started_game(store) for _ in range(4)]
    async with twin(store) as other:

        async def run(i: int, g: GameRecord) -> None:
            s = store if i % 2 else other
            version = 1
            for _ in range(8):
                version = await s.append(
                    g.game_id, version, [ev("b", i=k) for k in range(5)], update=active()
                )

        await asyncio.gather(*(run(i, g) for i, g in enumerate(games)))
    positions: list[int] = []
    for g in games:
        events = (await store.read(g.game_id))[1:]
        assert len(events) == 8 * 5
        for start in range(0, len(events), 5):
            batch = [e.position for e in events[start : start + 5]]
            assert batch == sorted(batch), batch
        positions += [e.position for e in events]
    assert len(set(positions)) == len(positions)
    feed = await store.read_all(limit=10_000)
    assert sorted(e.position for e in feed if e.position in set(positions)) == sorted(positions)


async def test_read_all_is_a_complete_catch_up_feed(store: EventStore) -> None:
    assert await store.read_all() == []
    games = [await started_game(store) for _ in range(3)]
    for round_ in range(3):
        for g in games:
            await store.append(g.game_id, 1 + round_ * 2, [ev("a"), ev("b")], update=active())
    everything = await store.read_all(limit=1000)
    assert len(everything) == 3 * 7
    positions = [e.position for e in everything]
    assert positions == sorted(set(positions))
    for g in games:  # per game, the feed holds the game's log in version order
        assert [e for e in everything if e.game_id == g.game_id] == await store.read(g.game_id)
    seen: list[int] = []
    after = 0
    while page := await store.read_all(after_position=after, limit=4):
        seen += [e.position for e in page]
        after = page[-1].position
    assert seen == positions
    assert await store.read_all(after_position=positions[-1]) == []


# --- idempotency --------------------------------------------------------------------------


async def test_command_records_and_idempotency(store: EventStore) -> None:
    game = await started_game(store)
    first = command("key-1", body=b'{"version":2}')
    await store.append(game.game_id, 1, [ev("a")], update=active(), command=first)
    got = await store.get_command(game.game_id, "north", "key-1")
    assert got == first
    assert await store.get_command(game.game_id, "south", "key-1") is None
    assert await store.get_command(game.game_id, "north", "key-2") is None
    assert await store.get_command("missing", "north", "key-1") is None

    # the same key again, even at the right version: refused, nothing written
    again = command("key-1", body=b"other")
    with pytest.raises(IdempotencyConflict):
        await store.append(game.game_id, 2, [ev("b")], update=active(["x"]), command=again)
    assert [e.version for e in await store.read(game.game_id)] == [1, 2]
    assert await store.get_command(game.game_id, "north", "key-1") == first
    row = await store.get_game(game.game_id)
    assert row is not None and row.version == 2 and row.to_act == ["north"]

    # the same key for another seat is another command
    await store.append(
        game.game_id, 2, [ev("c")], update=active(), command=command("key-1", seat="south")
    )
    # commands without a key are recorded but never conflict
    await store.append(game.game_id, 3, [ev("d")], update=active(), command=command(None))
    await store.append(game.game_id, 4, [ev("e")], update=active(), command=command(None))
    # a None seat does not make two identical keys distinct
    await store.append(game.game_id, 5, [ev("f")], update=active(), command=command("k", seat=None))
    assert (await store.get_command(game.game_id, None, "k")) is not None
    with pytest.raises(IdempotencyConflict):
        await store.append(
            game.game_id, 6, [ev("g")], update=active(), command=command("k", seat=None)
        )
    assert (await store.get_game(game.game_id)).version == 6  # type: ignore[union-attr]


async def test_concurrent_retries_of_one_key(store: EventStore) -> None:
    """The same key sent ten times at once: one append, nine IdempotencyConflicts."""
    game = await started_game(store)

    async def attempt() -> str:
        try:
            await store.append(game.game_id, 1, [ev("a")], update=active(), command=command("dup"))
        except IdempotencyConflict:
            return "dup"
        except VersionConflict:
            return "version"
        return "ok"

    results = await asyncio.gather(*(attempt() for _ in range(10)))
    assert results.count("ok") == 1
    assert results.count("dup") == 9  # the key is checked before the version
    assert len(await store.read(game.game_id)) == 2


# --- snapshots ------------------------------------------------------------------------------


async def test_snapshots(store: EventStore) -> None:
    game = await started_game(store)
    assert await store.load_snapshot(game.game_id) is None
    await store.save_snapshot(game.game_id, 5, b"\x00five")
    await store.save_snapshot(game.game_id, 10, b"\xfften")
    await store.save_snapshot(game.game_id, 5, b"other")  # idempotent: keeps the first
    latest = await store.load_snapshot(game.game_id)
    assert latest is not None and (latest.version, latest.state) == (10, b"\xfften")
    for at, expected in ((10, 10), (11, 10), (9, 5), (5, 5)):
        snap = await store.load_snapshot(game.game_id, at_or_before=at)
        assert snap is not None and snap.version == expected
    five = await store.load_snapshot(game.game_id, at_or_before=7)
    assert five is not None and five.state == b"\x00five"
    assert await store.load_snapshot(game.game_id, at_or_before=4) is None
    assert await store.load_snapshot("missing") is None
    with pytest.raises(GameNotFound):
        await store.save_snapshot("missing", 1, b"x")


async def test_an_append_saves_its_snapshot_with_its_events(store: EventStore) -> None:
    """``append(snapshot=...)``: the new version's snapshot in the append's own
    transaction, kept like ``save_snapshot``'s; an append refused saves none."""
    game = await started_game(store)  # version 1
    assert await store.append(game.game_id, 1, [ev("a"), ev("b")], update=active()) == 3
    assert await store.load_snapshot(game.game_id) is None  # none asked
    assert (
        await store.append(game.game_id, 3, [ev("c")], update=active(), snapshot=b"\x00four") == 4
    )
    four = await store.load_snapshot(game.game_id)
    assert four is not None and (four.version, four.state) == (4, b"\x00four")
    with pytest.raises(VersionConflict):
        await store.append(game.game_id, 3, [ev("x")], update=active(), snapshot=b"lost")
    with pytest.raises(VersionConflict):  # a version the game reached by another way
        await store.append(game.game_id, 2, [ev("x"), ev("y")], update=active(), snapshot=b"x")
    assert await store.load_snapshot(game.game_id) == four
    await store.save_snapshot(game.game_id, 5, b"first")
    assert await store.append(game.game_id, 4, [ev("d")], update=active(), snapshot=b"second") == 5
    five = await store.load_snapshot(game.game_id)
    assert five is not None and (five.version, five.state) == (5, b"first")  # kept
    assert [e.version for e in await store.read(game.game_id)] == [1, 2, 3, 4, 5]


# --- listing -------------------------------------------------------------------------------


async def test_list_games_pages_filters_and_cursor(store: EventStore) -> None:
    players = ["alice", "bob"]
    for p in players:
        await store.create_player(
            PlayerRecord(player_id=p, name=p.title(), created_at=T0), f"tok-{p}"
        )
    games: list[GameRecord] = []
    for i in range(23):
        # several games share a created_at: game_id breaks the tie
        g = await new_game(
            store,
            game_id=f"g{i:02d}-{random.randrange(1000):03d}",
            ruleset="arkantis" if i % 3 else "petits_dragons",
            created_at=T0 + timedelta(minutes=i // 4),
        )
        games.append(g)
        if i % 2 == 0:
            await store.claim_seat(
                g.game_id,
                "north",
                player_id="alice",
                player_name="Alice",
                token_hash=f"t{i}",
                on_full=setup_hook(),
            )
        if i % 4 == 0:
            await store.claim_seat(
                g.game_id,
                "south",
                player_id="bob",
                player_name="Bob",
                token_hash=f"u{i}",
                on_full=setup_hook(),
            )
    expected = sorted(games, key=lambda g: (g.created_at, g.game_id), reverse=True)

    async def walk(limit: int, **filters: Any) -> list[str]:
        seen: list[str] = []
        cursor: str | None = None
        while True:
            page, cursor = await store.list_games(limit=limit, cursor=cursor, **filters)
            assert len(page) <= limit
            seen += [g.game_id for g in page]
            if cursor is None:
                return seen
            assert len(page) == limit

    for limit in (1, 5, 7, 23, 200):
        assert await walk(limit) == [g.game_id for g in expected]

    page, cursor = await store.list_games(limit=5)
    assert len(page) == 5 and isinstance(cursor, str)
    assert [s.seat for s in page[0].seats] == ["north", "south"]

    by_ruleset = [g.game_id for g in expected if g.ruleset == "petits_dragons"]
    assert await walk(3, ruleset="petits_dragons") == by_ruleset
    started = [g.game_id for i, g in enumerate(games) if i % 4 == 0]
    active_ids = [g.game_id for g in expected if g.game_id in started]
    assert await walk(2, status="active") == active_ids
    waiting = [g.game_id for g in expected if g.game_id not in started]
    assert await walk(4, status="waiting") == waiting
    alice = [g.game_id for i, g in zip(range(23), games, strict=True) if i % 2 == 0]
    assert await walk(3, player_id="alice") == [g.game_id for g in expected if g.game_id in alice]
    assert await walk(3, player_id="bob") == active_ids
    assert await walk(3, player_id="bob", ruleset="petits_dragons", status="active") == [
        g for g in active_ids if g in by_ruleset
    ]
    assert await store.list_games(player_id="nobody") == ([], None)
    assert [g.game_id for g in await store.player_games("bob")] == active_ids

    for bad in ("garbage!", "", "e30", "WyJ4Il0"):
        with pytest.raises(InvalidCursor):
            await store.list_games(cursor=bad)


# --- seats ----------------------------------------------------------------------------------


async def test_claim_seat_errors_in_order(store: EventStore) -> None:
    hook = setup_hook()
    kw: dict[str, Any] = {"player_id": None, "player_name": "x", "token_hash": "t", "on_full": hook}
    with pytest.raises(GameNotFound):
        await store.claim_seat("missing", "north", **kw)
    game = await new_game(store)
    with pytest.raises(UnknownSeat):
        await store.claim_seat(game.game_id, "east", **kw)
    await store.claim_seat(game.game_id, "north", **kw)
    with pytest.raises(SeatTaken):
        await store.claim_seat(game.game_id, "north", **kw)
    await store.claim_seat(game.game_id, "south", **kw)  # fills it: the game starts
    with pytest.raises(UnknownSeat):  # UnknownSeat before GameNotWaiting
        await store.claim_seat(game.game_id, "east", **kw)
    with pytest.raises(GameNotWaiting):  # GameNotWaiting before SeatTaken
        await store.claim_seat(game.game_id, "north", **kw)


async def test_claims_record_seats_and_start_the_game_once(store: EventStore) -> None:
    await store.create_player(PlayerRecord(player_id="p1", name="Ann", created_at=T0), "tok-p1")
    game = await new_game(store, seats=("red", "green", "blue"))
    calls: list[GameRecord] = []
    hook = setup_hook(3, calls)
    after = await store.claim_seat(
        game.game_id, "green", player_id="p1", player_name="Ann", token_hash="tg", on_full=hook
    )
    assert [(s.seat, s.claimed, s.player_id, s.player_name) for s in after.seats] == [
        ("red", False, None, None),
        ("green", True, "p1", "Ann"),
        ("blue", False, None, None),
    ]
    assert after.status == "waiting" and after.version == 0
    await store.claim_seat(
        game.game_id, "red", player_id=None, player_name="Guest", token_hash="tr", on_full=hook
    )
    assert calls == [] and await store.read(game.game_id) == []
    final = await store.claim_seat(
        game.game_id, "blue", player_id=None, player_name=None, token_hash="tb", on_full=hook
    )
    assert len(calls) == 1
    seen = calls[0]
    assert all(s.claimed for s in seen.seats) and seen.status == "waiting" and seen.version == 0
    assert final.status == "active" and final.version == 3 and final.to_act == ["red"]
    events = await store.read(game.game_id)
    assert [(e.version, e.type, e.seat, e.command_id) for e in events] == [
        (1, "setup", None, None),
        (2, "setup", None, None),
        (3, "setup", None, None),
    ]
    assert events[0].data["seats"] == ["red", "green", "blue"]
    assert await store.seat_by_token(game.game_id, "tg") == "green"
    assert await store.seat_by_token(game.game_id, "tb") == "blue"
    assert await store.seat_by_token(game.game_id, "nope") is None
    assert await store.seat_by_token("missing", "tg") is None
    assert [g.game_id for g in await store.player_games("p1")] == [game.game_id]


def _as_filled(game: GameRecord, seat: str, name: str) -> GameRecord:
    """``game`` as a claim of ``seat`` by ``name`` fills it (what ``Seats`` hints)."""
    seats = [
        SeatRecord(seat=s.seat, player_name=name, claimed=True) if s.seat == seat else s
        for s in game.seats
    ]
    return msgspec.structs.replace(game, seats=seats)


@pytest.mark.parametrize("hint", ["right", "none", "wrong"])
async def test_claims_with_the_filling_hint(store: EventStore, hint: str) -> None:
    """``filling``: the game as the caller read it filled by this claim. Right, the
    setup is made from it (PostgreSQL: before its one statement); absent for a
    claim that fills, or given for one that does not (another claim came in
    between the caller's read and its claim), the claim is the same: one start,
    from the seats the store finds."""
    game = await new_game(store, seats=("red", "green", "blue"))
    calls: list[GameRecord] = []
    hook = setup_hook(2, calls)
    kw: dict[str, Any] = {"player_id": None, "on_full": hook}
    await store.claim_seat(game.game_id, "red", player_name="R", token_hash="tr", **kw)
    read = await store.get_game(game.game_id)
    assert read is not None
    # A claim the read says leaves a seat free; "wrong": the caller thinks it fills.
    hinted = _as_filled(read, "green", "G") if hint == "wrong" else None
    after = await store.claim_seat(
        game.game_id, "green", player_name="G", token_hash="tg", filling=hinted, **kw
    )
    assert after.status == "waiting" and after.version == 0
    assert [s.claimed for s in after.seats] == [True, True, False]
    assert await store.read(game.game_id) == []
    calls.clear()  # a wrong hint may have made a setup that was never written
    read = await store.get_game(game.game_id)
    assert read is not None
    hinted = _as_filled(read, "blue", "B") if hint != "none" else None
    final = await store.claim_seat(
        game.game_id, "blue", player_name="B", token_hash="tb", filling=hinted, **kw
    )
    assert final.status == "active" and final.version == 2 and final.to_act == ["red"]
    assert [(s.seat, s.player_name, s.claimed) for s in final.seats] == [
        ("red", "R", True),
        ("green", "G", True),
        ("blue", "B", True),
    ]
    assert calls and all([s.player_name for s in seen.seats] == ["R", "G", "B"] for seen in calls)
    events = await store.read(game.game_id)
    assert [(e.version, e.type, e.data["step"]) for e in events] == [
        (1, "setup", 0),
        (2, "setup", 1),
    ]
    assert await store.get_game(game.game_id) == final
    # Refusals keep the contract's order with a hint too.
    with pytest.raises(UnknownSeat):
        await store.claim_seat(game.game_id, "east", player_name="x", token_hash="t",
                               filling=hinted, **kw)  # fmt: skip
    with pytest.raises(GameNotWaiting):
        await store.claim_seat(game.game_id, "red", player_name="x", token_hash="t",
                               filling=hinted, **kw)  # fmt: skip
    with pytest.raises(GameNotFound):
        await store.claim_seat("missing", "red", player_name="x", token_hash="t",
                               filling=hinted, **kw)  # fmt: skip
    other = await new_game(store)
    await store.claim_seat(other.game_id, "north", player_name="x", token_hash="t", **kw)
    with pytest.raises(SeatTaken):
        await store.claim_seat(other.game_id, "north", player_name="y", token_hash="u",
                               filling=_as_filled(other, "north", "y"), **kw)  # fmt: skip


async def _race_claims(
    stores: list[EventStore], game_id: str, seat: str, n: int, hook: Any
) -> list[str]:
    async def claim(i: int) -> str:
        try:
            await stores[i % len(stores)].claim_seat(
                game_id,
                seat,
                player_id=None,
                player_name=f"c{i}",
                token_hash=f"race-{seat}-{i}",
                on_full=hook,
            )
        except SeatTaken:
            return "taken"
        except GameNotWaiting:
            return "not-waiting"
        return "won"

    return list(await asyncio.gather(*(claim(i) for i in range(n))))


@pytest.mark.parametrize("instances", [1, 2])
async def test_concurrent_claims_of_one_seat(store: EventStore, instances: int) -> None:
    game = await new_game(store)
    calls: list[GameRecord] = []
    hook = setup_hook(2, calls)
    async with twin(store) as other:
        stores = [store, other][:instances]
        results = await _race_claims(stores, game.game_id, "north", 12, hook)
        assert results.count("won") == 1 and results.count("taken") == 11
        assert calls == []
        # the last seat: one winner, one start, one setup batch
        results = await _race_claims(stores, game.game_id, "south", 12, hook)
        assert results.count("won") == 1
        assert results.count("taken") + results.count("not-waiting") == 11
    assert len(calls) == 1
    events = await store.read(game.game_id)
    assert [e.version for e in events] == [1, 2]
    row = await store.get_game(game.game_id)
    assert row is not None and row.status == "active" and row.version == 2


async def test_start_is_invisible_until_committed(store: EventStore) -> None:
    """While ``on_full`` runs, another instance still sees the game before the
    claim; afterwards it sees the claim, the setup events and the update at once."""
    game = await new_game(store)
    await store.claim_seat(
        game.game_id,
        "north",
        player_id=None,
        player_name="a",
        token_hash="ta",
        on_full=setup_hook(),
    )
    async with twin(store) as other:
        observed: list[tuple[list[bool], int, int]] = []

        async def hook(g: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
            row = await other.get_game(game.game_id)
            assert row is not None
            observed.append(
                ([s.claimed for s in row.seats], row.version, len(await other.read(game.game_id)))
            )
            return [ev("setup"), ev("deal")], active()

        await store.claim_seat(
            game.game_id, "south", player_id=None, player_name="b", token_hash="tb", on_full=hook
        )
        assert observed == [([True, False], 0, 0)]
        row = await other.get_game(game.game_id)
        assert row is not None and [s.claimed for s in row.seats] == [True, True]
        assert row.status == "active" and row.version == 2
        assert [e.type for e in await other.read(game.game_id)] == ["setup", "deal"]


async def test_failing_start_hook_rolls_the_claim_back(store: EventStore) -> None:
    game = await new_game(store)
    await store.claim_seat(
        game.game_id,
        "north",
        player_id=None,
        player_name="a",
        token_hash="ta",
        on_full=setup_hook(),
    )

    async def broken(game: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
        await asyncio.sleep(0)
        raise RuntimeError("setup failed")

    with pytest.raises(RuntimeError, match="setup failed"):
        await store.claim_seat(
            game.game_id, "south", player_id=None, player_name="b", token_hash="tb", on_full=broken
        )
    row = await store.get_game(game.game_id)
    assert row is not None and row.status == "waiting" and row.version == 0
    assert [s.claimed for s in row.seats] == [True, False]
    assert await store.read(game.game_id) == []
    assert await store.seat_by_token(game.game_id, "tb") is None

    # the seat is still free: a later claim starts the game normally
    after = await store.claim_seat(
        game.game_id,
        "south",
        player_id=None,
        player_name="b",
        token_hash="tb",
        on_full=setup_hook(1),
    )
    assert after.status == "active" and after.version == 1


async def test_cancelled_claim_rolls_back(store: EventStore) -> None:
    game = await new_game(store)
    await store.claim_seat(
        game.game_id,
        "north",
        player_id=None,
        player_name="a",
        token_hash="ta",
        on_full=setup_hook(),
    )
    entered = asyncio.Event()

    async def stuck(game: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
        entered.set()
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    task = asyncio.create_task(
        store.claim_seat(
            game.game_id, "south", player_id=None, player_name="b", token_hash="tb", on_full=stuck
        )
    )
    await asyncio.wait_for(entered.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    row = await store.get_game(game.game_id)
    assert (
        row is not None
        and row.status == "waiting"
        and [s.claimed for s in row.seats] == [True, False]
    )
    after = await store.claim_seat(
        game.game_id,
        "south",
        player_id=None,
        player_name="b",
        token_hash="tb",
        on_full=setup_hook(),
    )
    assert after.status == "active" and after.version == 2


# --- last winner, players ----------------------------------------------------------------


async def test_last_winner(store: EventStore) -> None:
    for p in ("ann", "bob", "cat", "dan"):
        await store.create_player(PlayerRecord(player_id=p, name=p, created_at=T0), f"tok-{p}")

    async def play(ruleset: str, holders: dict[str, str | None], winners: list[str]) -> str:
        game = await new_game(store, ruleset=ruleset, seats=tuple(holders))
        for seat, player in holders.items():
            await store.claim_seat(
                game.game_id,
                seat,
                player_id=player,
                player_name=player,
                token_hash=f"{game.game_id}-{seat}",
                on_full=setup_hook(1),
            )
        await store.append(
            game.game_id,
            1,
            [ev("over")],
            update=GameUpdate(
                status="finished", to_act=[], outcome={"w": winners}, winners=winners
            ),
        )
        await asyncio.sleep(0.002)  # distinct finished_at
        return game.game_id

    assert await store.last_winner("arkantis", ["ann"]) is None
    await play("arkantis", {"north": "ann", "south": "bob"}, ["north"])
    await play("arkantis", {"north": "cat", "south": "bob"}, ["south"])
    await play("petits_dragons", {"north": "ann", "south": "dan"}, ["north"])
    # a tie: both seats won; first winner seat in seat order
    await play("arkantis", {"east": "dan", "west": "cat", "north": None}, ["west", "east"])
    # an unfinished game does not count
    pending = await started_game(store, ruleset="arkantis", seats=("north", "south"))
    assert pending.status == "active"

    assert await store.last_winner("arkantis", ["ann", "bob", "cat", "dan"]) == "dan"
    assert await store.last_winner("arkantis", ["cat", "bob"]) == "cat"
    assert await store.last_winner("arkantis", ["bob", "ann"]) == "bob"
    assert await store.last_winner("arkantis", ["ann"]) == "ann"
    assert await store.last_winner("petits_dragons", ["ann", "dan"]) == "ann"
    assert await store.last_winner("petits_dragons", ["dan"]) is None
    assert await store.last_winner("tours_arc_en_ciel", ["ann"]) is None
    assert await store.last_winner("arkantis", []) is None


async def test_last_winner_needs_two_distinct_players(store: EventStore) -> None:
    """A win counts only over someone else: a game where one player held every
    seat, or played only anonymous or bot seats, names no last winner (issue 29:
    a self-play win handed its player the Tours Gold tower in the next real game)."""
    for p in ("ann", "bob"):
        await store.create_player(PlayerRecord(player_id=p, name=p, created_at=T0), f"tok-{p}")

    async def play(
        holders: dict[str, str | None], winners: list[str], bot: str | None = None
    ) -> None:
        game = await new_game(store, ruleset="tours_arc_en_ciel", seats=tuple(holders))
        for seat, player in holders.items():
            await store.claim_seat(
                game.game_id,
                seat,
                player_id=player,
                player_name=player or "someone",
                token_hash=f"{game.game_id}-{seat}",
                on_full=setup_hook(1),
                bot=bot if player is None else None,
            )
        await store.append(
            game.game_id,
            1,
            [ev("over")],
            update=GameUpdate(
                status="finished", to_act=[], outcome={"w": winners}, winners=winners
            ),
        )
        await asyncio.sleep(0.002)  # distinct finished_at

    await play({"fire": "bob", "ice": "ann"}, ["fire"])  # bob beats ann
    assert await store.last_winner("tours_arc_en_ciel", ["ann", "bob"]) == "bob"
    # Then ann beats herself, beats an anonymous seat, beats a bot: none of it counts.
    await play({"fire": "ann", "ice": "ann"}, ["fire"])
    await play({"fire": "ann", "ice": None}, ["fire"])
    await play({"fire": "ann", "ice": None}, ["fire"], bot="random")
    assert await store.last_winner("tours_arc_en_ciel", ["ann", "bob"]) == "bob"
    assert await store.last_winner("tours_arc_en_ciel", ["ann"]) is None
    # A game of three seats, two of them ann's, against bob: two players, it counts.
    await play({"fire": "ann", "ice": "bob", "light": "ann"}, ["light"])
    assert await store.last_winner("tours_arc_en_ciel", ["ann", "bob"]) == "ann"


async def test_players(store: EventStore) -> None:
    ann = PlayerRecord(player_id="p-ann", name="Ann", created_at=T0)
    await store.create_player(ann, "hash-ann")
    # names are display names: a second "Ann" is fine
    ann2 = PlayerRecord(player_id="p-ann2", name="Ann", created_at=T0 + timedelta(seconds=1))
    await store.create_player(ann2, "hash-ann2")
    assert await store.get_player("p-ann") == ann
    assert await store.get_player("p-ann2") == ann2
    assert await store.player_by_token("hash-ann2") == ann2
    assert await store.get_player("nobody") is None
    assert await store.player_by_token("nope") is None
    assert await store.player_games("p-ann") == []

    old = await new_game(store, created_at=T0)
    new = await new_game(store, created_at=T0 + timedelta(hours=1))
    for g in (old, new):
        await store.claim_seat(
            g.game_id,
            "south",
            player_id="p-ann",
            player_name="Ann",
            token_hash="x",
            on_full=setup_hook(),
        )
    assert [g.game_id for g in await store.player_games("p-ann")] == [new.game_id, old.game_id]
    assert await store.player_games("p-ann2") == []


async def test_bot_seats_are_recorded_and_swept(store: EventStore) -> None:
    """A seat claimed with ``bot`` keeps its level; ``bot_games`` lists the active
    games with a bot seat (not waiting ones, not games without bots)."""
    waiting = await new_game(store)
    await store.claim_seat(
        waiting.game_id, "north", player_id=None, player_name="greedy bot",
        token_hash="bw", on_full=setup_hook(), bot="greedy",
    )  # fmt: skip
    plain = await started_game(store)
    game = await new_game(store)
    await store.claim_seat(
        game.game_id, "north", player_id=None, player_name="Ann",
        token_hash="ba", on_full=setup_hook(),
    )  # fmt: skip
    after = await store.claim_seat(
        game.game_id, "south", player_id=None, player_name="mcts bot",
        token_hash="bb", on_full=setup_hook(), bot="mcts",
    )  # fmt: skip
    assert [(s.seat, s.bot) for s in after.seats] == [("north", None), ("south", "mcts")]
    got = await store.get_game(waiting.game_id)
    assert got is not None and [s.bot for s in got.seats] == ["greedy", None]
    swept = await store.bot_games()
    assert [g.game_id for g in swept] == [game.game_id]
    assert swept[0].seats[1].bot == "mcts" and swept[0].status == "active"
    assert plain.game_id not in {g.game_id for g in await store.bot_games(limit=10)}
