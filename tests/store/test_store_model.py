"""Model-based test of both stores: Hypothesis drives random sequences of
create / claim / append (right, stale and future versions, reused keys) /
snapshot calls against a real store and a plain in-memory model, and checks
after every step that the store says exactly what the model says.

``PLATEAU_STORE_MODEL_EXAMPLES`` sets the number of sequences per backend.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from service.store.base import (
    CommandRecord,
    EventStore,
    GameNotWaiting,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    NewEvent,
    SeatTaken,
    VersionConflict,
)
from service.store.postgres import PostgresEventStore
from service.store.sqlite import SqliteEventStore
from tests.backends import new_hex
from tests.store.support import game_record

EXAMPLES = int(os.environ.get("PLATEAU_STORE_MODEL_EXAMPLES", "20"))
SEATS = ("north", "south")
KEYS = ("k1", "k2", "k3", None)


@dataclass
class ModelGame:
    version: int = 0
    status: str = "waiting"
    to_act: list[str] = field(default_factory=list)
    claimed: set[str] = field(default_factory=set)
    events: list[tuple[str, dict[str, Any], str | None]] = field(default_factory=list)
    keys: set[tuple[str, str]] = field(default_factory=set)
    snapshots: dict[int, bytes] = field(default_factory=dict)


def make_machine(open_store: Any, cleanup: Any) -> type[RuleBasedStateMachine]:
    class StoreMachine(RuleBasedStateMachine):
        games = Bundle("games")

        def __init__(self) -> None:
            super().__init__()
            self.loop = asyncio.new_event_loop()
            self.store: EventStore = self.run(open_store())
            self.model: dict[str, ModelGame] = {}
            self.counter = 0

        def run(self, coro: Any) -> Any:
            return self.loop.run_until_complete(coro)

        def teardown(self) -> None:
            try:
                self.run(self.store.close())
                cleanup()
            finally:
                self.loop.close()

        def new_game(self) -> str:
            game = game_record(seats=SEATS)
            self.run(self.store.create_game(game, seed="s"))
            self.model[game.game_id] = ModelGame()
            return game.game_id

        @initialize(target=games)
        def first_game(self) -> str:
            return self.new_game()

        @rule(target=games)
        def create(self) -> str:
            return self.new_game()

        @rule(game_id=games, seat=st.sampled_from(SEATS), n_setup=st.integers(0, 3))
        def claim(self, game_id: str, seat: str, n_setup: int) -> None:
            m = self.model[game_id]

            async def on_full(game: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
                events = [NewEvent(type="setup", data={"i": i}) for i in range(n_setup)]
                return events, GameUpdate(status="active", to_act=["north"])

            try:
                self.run(
                    self.store.claim_seat(
                        game_id,
                        seat,
                        player_id=None,
                        player_name=seat,
                        token_hash=f"t-{seat}",
                        on_full=on_full,
                    )
                )
            except GameNotWaiting:
                assert m.status != "waiting"
                return
            except SeatTaken:
                assert m.status == "waiting" and seat in m.claimed
                return
            assert m.status == "waiting" and seat not in m.claimed
            m.claimed.add(seat)
            if m.claimed == set(SEATS):
                m.events += [("setup", {"i": i}, None) for i in range(n_setup)]
                m.version += n_setup
                m.status, m.to_act = "active", ["north"]

        @rule(
            game_id=games,
            skew=st.sampled_from([0, 0, 0, -1, 1]),
            n=st.integers(0, 3),
            seat=st.sampled_from(SEATS),
            key=st.sampled_from(KEYS),
            finish=st.booleans(),
            snapshot=st.one_of(st.none(), st.binary(max_size=8)),
        )
        def append(
            self,
            game_id: str,
            skew: int,
            n: int,
            seat: str,
            key: str | None,
            finish: bool,
            snapshot: bytes | None,
        ) -> None:
            m = self.model[game_id]
            self.counter += 1
            expected = m.version + skew
            events = [NewEvent(type="move", data={"c": self.counter, "i": i}) for i in range(n)]
            update = GameUpdate(
                status="finished" if finish else "active",
                to_act=[] if finish else [seat],
                winners=[seat] if finish else [],
            )
            record = CommandRecord(
                command_id=f"c{self.counter}-{new_hex()}",
                seat=seat,
                idempotency_key=key,
                request_hash="h",
                command={"n": n},
                response_status=201,
                response=b"{}",
            )
            try:
                new = self.run(
                    self.store.append(
                        game_id, expected, events, update=update, command=record, snapshot=snapshot
                    )
                )
            except IdempotencyConflict:
                assert key is not None and (seat, key) in m.keys
                return
            except VersionConflict:
                assert skew != 0 and not (key is not None and (seat, key) in m.keys)
                return
            assert skew == 0 and not (key is not None and (seat, key) in m.keys)
            assert new == m.version + n
            m.events += [("move", e.data, seat) for e in events]
            m.version = new
            m.status, m.to_act = update.status, update.to_act
            if key is not None:
                m.keys.add((seat, key))
            if snapshot is not None:  # the new version's, kept like save_snapshot's
                m.snapshots.setdefault(new, snapshot)

        @rule(game_id=games, back=st.integers(0, 3), state=st.binary(max_size=8))
        def snapshot(self, game_id: str, back: int, state: bytes) -> None:
            m = self.model[game_id]
            version = max(0, m.version - back)
            self.run(self.store.save_snapshot(game_id, version, state))
            m.snapshots.setdefault(version, state)

        @rule(game_id=games, at=st.integers(0, 12))
        def load_snapshot(self, game_id: str, at: int) -> None:
            m = self.model[game_id]
            got = self.run(self.store.load_snapshot(game_id, at_or_before=at))
            older = [v for v in m.snapshots if v <= at]
            if not older:
                assert got is None
            else:
                assert got is not None and got.version == max(older)
                assert got.state == m.snapshots[got.version]

        @rule(game_id=games, after=st.integers(0, 8), limit=st.none() | st.integers(0, 4))
        def read_page(self, game_id: str, after: int, limit: int | None) -> None:
            m = self.model[game_id]
            got = self.run(self.store.read(game_id, after=after, limit=limit))
            want = list(range(after + 1, m.version + 1))[:limit]
            assert [e.version for e in got] == want

        @invariant()
        def store_matches_model(self) -> None:
            for game_id, m in self.model.items():
                row = self.run(self.store.get_game(game_id))
                assert row is not None
                assert (row.version, row.status, row.to_act) == (m.version, m.status, m.to_act)
                assert {s.seat for s in row.seats if s.claimed} == m.claimed
                assert (row.finished_at is not None) == (m.status == "finished")
                events = self.run(self.store.read(game_id))
                assert [(e.type, e.data, e.seat) for e in events] == m.events
                assert [e.version for e in events] == list(range(1, m.version + 1))

    return StoreMachine


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_store_behaves_like_the_model(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    if kind == "sqlite":

        async def open_store() -> EventStore:
            store = SqliteEventStore(tmp_path / f"model-{new_hex()}.db")
            await store.open()
            return store

        def cleanup() -> None:
            pass

    else:
        url: str = request.getfixturevalue("postgres_url")

        async def open_store() -> EventStore:
            store = PostgresEventStore(url, min_size=1, max_size=2)
            await store.open()
            return store

        def cleanup() -> None:
            pass  # every sequence works on games of its own (fresh ids)

    run_state_machine_as_test(
        make_machine(open_store, cleanup),
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
