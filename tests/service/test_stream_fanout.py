"""One reader per game (and one for the global feed) per process, whatever the
number of streams (issue 29, finding 4): many idle streams cost the store
O(1) reads per heartbeat, not one per stream; a move is read once for all of
them; and every stream still gets every event once, in order, redacted for
its viewer, from the position it resumed after.

On the real backends (SQLite + memory, PostgreSQL + Redis), the store's
calls counted as in ``test_fast_reads.py``.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable

import msgspec
import pytest

from service.cache.base import SharedCache, StateCache
from service.cache.notifier import make_notifier
from service.games import GameService
from service.games.streams import Heartbeat, Live, Message
from service.settings import Settings
from service.store.base import EventStore
from tests.service.test_fast_reads import CountingStore

STREAMS = 40
"""Streams open at once on one game (and on the feed)."""
BEATS = 4
"""Heartbeats every stream waits for while the store's reads are counted."""
HANG = 60.0
"""Seconds a wait may take before the test calls it a hang."""


@pytest.fixture
async def service(
    backends: tuple[EventStore, StateCache],
) -> AsyncIterator[tuple[GameService, CountingStore]]:
    store, cache = backends
    url = cache.url if isinstance(cache, SharedCache) else None
    notifier = make_notifier(url, f"fanout-{uuid.uuid4().hex[:8]}:")
    await notifier.open()
    counting = CountingStore(store)
    settings = Settings(sse_heartbeat=0.05, feed_poll=0.05)
    try:
        yield GameService(settings, counting, cache, notifier), counting
    finally:
        await notifier.close()


class Reader:
    """One stream read in a task of its own: its messages and heartbeats."""

    def __init__(self, messages: AsyncIterator[Live]) -> None:
        self.messages: list[Message] = []
        self.beats = 0
        self.task = asyncio.create_task(self._read(messages))

    async def _read(self, messages: AsyncIterator[Live]) -> None:
        async for item in messages:
            if isinstance(item, Heartbeat):
                self.beats += 1
            else:
                self.messages.append(item)


async def until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(HANG):
        while not condition():
            await asyncio.sleep(0.01)


async def play(games: GameService, game_id: str, tokens: dict[str, str], moves: int) -> int:
    """``moves`` legal commands (the first listed, for the seat to act); the version."""
    version = 0
    for _ in range(moves):
        game = await games.repository.game(game_id)
        token = tokens[game.to_act[0]]
        _, body = await games.reads.legal_body(game_id, token)
        command = msgspec.json.decode(body)["commands"][0]
        answer = await games.commands.submit(
            game_id, token, msgspec.json.encode(command), if_match=None, idempotency_key=None
        )
        version = answer[2]
    return version


async def new_game(games: GameService) -> tuple[str, dict[str, str]]:
    # Éclats: its first-listed move never ends it
    game = await games.seats.create_game("eclats_des_cites", None)
    tokens = {}
    for i, seat in enumerate(s.seat for s in game.seats):
        _, tokens[seat] = await games.seats.claim_seat(game.game_id, seat, f"P{i}", None)
    return game.game_id, tokens


def store_reads(store: CountingStore) -> int:
    return sum(store.calls.values())


async def test_idle_streams_of_one_game_share_one_reader(
    service: tuple[GameService, CountingStore],
) -> None:
    games, store = service
    game_id, tokens = await new_game(games)
    await play(games, game_id, tokens, 2)
    game = await games.repository.game(game_id)
    seats = sorted(tokens)
    # Spectators, each seat, and streams resuming after version 1 and after the last.
    viewers: list[tuple[str | None, int]] = [(None, 0)] * (STREAMS - 4)
    viewers += [(tokens[seats[0]], 0), (tokens[seats[1]], 0), (None, 1), (None, game.version)]
    readers = []
    for token, after in viewers:
        stream = await games.streams.open(game, token)
        readers.append(Reader(stream.messages(after=after, timeout=None)))
    await until(lambda: all(r.beats >= 1 for r in readers))  # every history read

    store.calls.clear()
    seen = [r.beats for r in readers]
    await until(lambda: all(r.beats >= b + BEATS for r, b in zip(readers, seen, strict=True)))
    idle = store_reads(store)
    # One reader checks the game's head at each beat (the games row without a
    # shared cache, nothing of the store's with one): never one per stream.
    assert idle <= 2 * (BEATS + 2) < STREAMS, store.calls

    store.calls.clear()
    final = await play(games, game_id, tokens, 3)
    await until(lambda: all(r.messages and r.messages[-1].id == str(final) for r in readers))
    moved = store_reads(store) - sum(v for k, v in store.calls.items() if k != "read")
    # The moves' own reads aside, the streams' reads of the new events: a few, not one per stream.
    assert moved <= 3 * 3 + 2 * (BEATS + 2) < STREAMS, store.calls

    for reader, (token, after) in zip(readers, viewers, strict=True):
        log = await games.reads.event_log(game, token, after=after, limit=None)
        expected = [msgspec.json.encode(e).decode() for e in log.events]
        assert [m.id for m in reader.messages] == [str(v) for v in range(after + 1, final + 1)]
        assert [m.data for m in reader.messages] == expected  # each redacted for its viewer
    for reader in readers:
        reader.task.cancel()
    await asyncio.gather(*(r.task for r in readers), return_exceptions=True)
    await until(lambda: games.streams.open_channels == 0)  # the reader stops with its streams


async def test_idle_feed_streams_share_one_reader(
    service: tuple[GameService, CountingStore],
) -> None:
    games, store = service
    game_id, tokens = await new_game(games)
    start = (await games.store.read_all(after_position=0, limit=1_000_000))[-1].position
    readers = [Reader(games.feed.messages(after=start, timeout=None)) for _ in range(STREAMS)]
    await until(lambda: all(r.beats >= 1 for r in readers))

    store.calls.clear()
    seen = [r.beats for r in readers]
    await until(lambda: all(r.beats >= b + BEATS for r, b in zip(readers, seen, strict=True)))
    # One poll per interval (here as short as the heartbeat) for all of them.
    assert store.calls["read_all"] <= 2 * (BEATS + 2) < STREAMS, store.calls

    await play(games, game_id, tokens, 3)
    stored = await games.store.read_all(after_position=start, limit=10_000)
    assert {e.game_id for e in stored} >= {game_id}
    expected = [str(e.position) for e in stored]
    await until(lambda: all(len(r.messages) >= len(expected) for r in readers))
    for reader in readers:  # every event once, in order, as the paged feed has them
        assert [m.id for m in reader.messages][: len(expected)] == expected
    for reader in readers:
        reader.task.cancel()
    await asyncio.gather(*(r.task for r in readers), return_exceptions=True)


@pytest.fixture
async def quiet(
    backends: tuple[EventStore, StateCache],
) -> AsyncIterator[tuple[GameService, CountingStore]]:
    """As ``service``, with heartbeats too rare to happen in a test: every read
    of the store a channel makes is then for a move."""
    store, cache = backends
    url = cache.url if isinstance(cache, SharedCache) else None
    notifier = make_notifier(url, f"fanout-{uuid.uuid4().hex[:8]}:")
    await notifier.open()
    counting = CountingStore(store)
    try:
        yield GameService(Settings(sse_heartbeat=600.0), counting, cache, notifier), counting
    finally:
        await notifier.close()


async def follow(games: GameService, game_id: str, tokens: dict[str, str]) -> list[Reader]:
    """A spectator's and each seat's stream of ``game_id`` from its start, their
    histories read."""
    game = await games.repository.game(game_id)
    readers = []
    for token in [None, *sorted(tokens.values())]:
        stream = await games.streams.open(game, token)
        readers.append(Reader(stream.messages(after=0, timeout=None)))
    final = str(game.version)
    await until(lambda: all(r.messages and r.messages[-1].id == final for r in readers))
    return readers


async def check_log(
    games: GameService, game_id: str, tokens: dict[str, str], readers: list[Reader]
) -> None:
    """Every event reached every stream once, in order, redacted as the log has it."""
    game = await games.repository.game(game_id)
    final = str(game.version)
    await until(lambda: all(r.messages[-1].id == final for r in readers))
    for reader, token in zip(readers, [None, *sorted(tokens.values())], strict=True):
        log = await games.reads.event_log(game, token, after=0, limit=None)
        assert [m.id for m in reader.messages] == [str(e.version) for e in log.events]
        assert [m.data for m in reader.messages] == [
            msgspec.json.encode(e).decode() for e in log.events
        ]
    for reader in readers:
        reader.task.cancel()
    await asyncio.gather(*(r.task for r in readers), return_exceptions=True)
    await until(lambda: games.streams.open_channels == 0)


async def test_moves_reach_streams_without_reading_the_store(
    quiet: tuple[GameService, CountingStore],
) -> None:
    """A move's announcement carries its events: the game's streams get them,
    redacted for each viewer, without a read of the store."""
    games, store = quiet
    game_id, tokens = await new_game(games)
    await play(games, game_id, tokens, 1)  # its state cached: the moves read nothing
    readers = await follow(games, game_id, tokens)
    store.calls.clear()
    await play(games, game_id, tokens, 3)
    final = str((await games.repository.game(game_id)).version)
    await until(lambda: all(r.messages[-1].id == final for r in readers))
    assert store.calls["read"] == 0, store.calls
    await check_log(games, game_id, tokens, readers)


async def test_a_move_heard_out_of_order_is_read_from_the_store(
    quiet: tuple[GameService, CountingStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move whose announcement comes late (after the next one's), or whose
    bytes are lost or garbled: the streams read the store instead, and still
    get every event once, in order."""
    games, store = quiet
    game_id, tokens = await new_game(games)
    readers = await follow(games, game_id, tokens)
    notifier = games.repository.notifier
    deliver = notifier._deliver  # type: ignore[attr-defined]
    held: list[tuple[str, int, bytes | None]] = []

    holding = [True, 0]  # hold every move, then those up to this version

    def late(game: str, version: int, move: bytes | None = None) -> None:
        if game == game_id and (holding[0] or version <= holding[1]):
            held.append((game, version, move))  # not even the waiters hear it
        else:
            deliver(game, version, move)

    monkeypatch.setattr(notifier, "_deliver", late)
    holding[1] = await play(games, game_id, tokens, 1)  # heard by nobody yet
    holding[0] = False  # (its copy through Redis, too, when it comes)
    store.calls.clear()
    await play(games, game_id, tokens, 1)  # heard first: a gap, read from the store
    final = str((await games.repository.game(game_id)).version)
    await until(lambda: all(r.messages[-1].id == final for r in readers))
    assert store.calls["read"] >= 1, store.calls
    holding[1] = 0
    for game, version, move in held:  # the late one: already read, dropped
        deliver(game, version, move)
    deliver(game_id, int(final) + 1, b"garbled")  # undecodable: read (nothing new)
    await play(games, game_id, tokens, 1)
    await check_log(games, game_id, tokens, readers)


def test_messages_are_encoded_as_litestar_would() -> None:
    """Each message's bytes, encoded once for every stream, are Litestar's
    ``ServerSentEventMessage`` encoding of it (the wire format unchanged)."""
    from litestar.response import ServerSentEventMessage

    for id_, event, data in [
        ("7", "arkantis.tokens_removed", '{"version":7,"event":{"a":"b\\nc"}}'),
        ("12", "x", "two\nlines\r\nand\rthree"),
        ("1\n2", "a\rb", ""),
    ]:
        message = Message(id=id_, event=event, data=data)
        assert message.encoded == ServerSentEventMessage(data=data, event=event, id=id_).encode()
    heartbeat = ServerSentEventMessage(comment="heartbeat", data=None).encode()
    assert Heartbeat.encoded == heartbeat


def test_recent_events_and_their_messages_stay_out_of_the_collector() -> None:
    """A channel keeps its game's last events and their messages for minutes: as
    tracked objects they filled every generation the collector scans."""
    import gc
    from datetime import UTC, datetime

    from service.games.feed import _Recent
    from service.games.streams import Entry
    from service.store.base import GameRecord, SeatRecord, StoredEvent

    stored = StoredEvent(
        game_id="g",
        version=3,
        position=9,
        type="arkantis.turn_ended",
        data={"seat": "seat_0", "scores": {"seat_0": 3}},
        recorded_at=datetime.now(UTC),
        command_id=None,
        seat=None,
    )
    entry = Entry(stored)
    entry.messages[("seat_0", False, "fr")] = Message(id="3", event=stored.type, data="{}")
    entry.messages[(None, True, "en")] = Message(id="3", event=stored.type, data="{}")
    now = datetime.now(UTC)
    game = GameRecord(
        game_id="g",
        ruleset="arkantis",
        options={},
        status="active",
        version=3,
        seats=[SeatRecord(seat="seat_0", claimed=True)],
        to_act=["seat_0"],
        outcome=None,
        seed_sha256="0" * 64,
        created_at=now,
        updated_at=now,
    )
    recent = _Recent(stored, game)
    recent.messages["fr"] = Message(id="9", event=stored.type, data="{}")
    gc.collect()
    for kept in (entry, recent, *entry.messages.values(), *recent.messages.values()):
        assert not gc.is_tracked(kept), kept
    assert not gc.is_tracked(entry.messages) and not gc.is_tracked(recent.messages)


async def test_quiet_beats_check_the_head_only_when_a_move_may_be_missed(
    service: tuple[GameService, CountingStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A channel checks its game's head at every quiet heartbeat when the
    notifier cannot tell that it hears every move (memory), and only one beat
    in ``TRUSTED_BEATS`` while a Redis subscription holds: channels opened
    together no longer check their heads all at once at every beat."""
    from service.games.streams import TRUSTED_BEATS

    games, _ = service
    game_id, tokens = await new_game(games)
    readers = await follow(games, game_id, tokens)
    checks = 0
    latest = games.repository.latest

    async def counted(game: str) -> object:
        nonlocal checks
        checks += 1
        return await latest(game)

    monkeypatch.setattr(games.repository, "latest", counted)
    beats = 4 * TRUSTED_BEATS
    seen = readers[0].beats
    await until(lambda: readers[0].beats >= seen + beats)
    if games.repository.notifier.hearing() is None:
        assert checks >= beats - 1
    else:
        assert checks <= beats // TRUSTED_BEATS + 2
    for reader in readers:
        reader.task.cancel()
    await asyncio.gather(*(r.task for r in readers), return_exceptions=True)
