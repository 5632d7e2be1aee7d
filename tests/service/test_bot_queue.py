"""The bot runner's parts, without a server: the fair queue hands out a person's
game before bots-only games, round robin, each game to one mover at a time; the
thinking processes answer as ``choose`` does and are replaced after a timeout."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime

import msgspec
import pytest

from domain import RULESETS, new_game
from domain.bots import Budget, choose, encode_request
from service.games.bots import FairQueue, Thinkers, cancel_all
from service.store.base import GameRecord, SeatRecord


def game(game_id: str, *bots: str | None, to_act: tuple[str, ...] = ("seat_0",)) -> GameRecord:
    now = datetime.now(UTC)
    return GameRecord(
        game_id=game_id,
        ruleset="eclats_des_cites",
        options={},
        status="active",
        version=3,
        seats=[SeatRecord(seat=f"seat_{i}", claimed=True, bot=b) for i, b in enumerate(bots)],
        to_act=list(to_act),
        outcome=None,
        seed_sha256="0" * 64,
        created_at=now,
        updated_at=now,
    )


async def taken(queue: FairQueue, n: int) -> list[str]:
    out = []
    for _ in range(n):
        game_id = await asyncio.wait_for(queue.take(), 1)
        out.append(game_id)
        queue.done(game_id)
    return out


async def test_a_persons_game_is_handed_out_before_bots_only_games() -> None:
    queue = FairQueue()
    for name in ("b1", "b2", "b3"):
        queue.push(game(name, "mcts", "mcts"))
    queue.push(game("person", "greedy", None))  # seat_0: a bot facing a person
    queue.push(game("b1", "mcts", "mcts"))  # already queued: keeps its place
    queue.push(game("waiting-on-a-person", "greedy", None, to_act=("seat_1",)))  # no bot due
    assert await taken(queue, 4) == ["person", "b1", "b2", "b3"]
    assert len(queue) == 0


async def test_a_game_in_hand_is_not_handed_out_twice_and_goes_to_the_back() -> None:
    queue = FairQueue()
    queue.push(game("b1", "mcts", "mcts"))
    queue.push(game("b2", "mcts", "mcts"))
    first = await queue.take()
    assert first == "b1"
    queue.push(game("b1", "mcts", "mcts"))  # its own move was appended: due again
    assert await asyncio.wait_for(queue.take(), 1) == "b2"  # not b1: in hand
    queue.done("b2")
    queue.done("b1")  # back in line, after b2 had its turn
    queue.push(game("b2", "mcts", "mcts"))
    assert await taken(queue, 2) == ["b1", "b2"]
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(queue.take(), 0.05)


async def test_thinking_processes_answer_as_choose_and_are_replaced_after_a_timeout() -> None:
    rs = RULESETS["eclats_des_cites"]
    state, _ = new_game(rs, seed="thinkers")
    seat = rs.to_act(state)[0]
    view, legal = rs.view(state, seat), rs.legal_commands(state, seat)
    budget = Budget(playouts=24)
    request = encode_request(rs, "mcts", view, legal, seat, "s", budget)
    thinkers = Thinkers(1)
    try:
        with pytest.raises(TimeoutError):
            await thinkers.think(request, 0.001)  # abandoned: its process is ended
        answer = await thinkers.think(request, 120)  # a new process
        assert answer == msgspec.json.encode(choose(rs, "mcts", view, legal, seat, "s", budget))
    finally:
        thinkers.close()


async def test_a_lost_cancellation_does_not_keep_a_bot_task_running() -> None:
    # A mover whose cancellation was swallowed (3.11's wait_for, when its result
    # arrived with it) goes back to wait for its next game: it is cancelled again.
    swallowed = asyncio.Event()

    async def mover() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            swallowed.set()  # as wait_for does when the result arrived with it
        await asyncio.Event().wait()  # the next game, that never comes

    task = asyncio.create_task(mover())
    await asyncio.sleep(0)
    assert await asyncio.wait_for(cancel_all([task], wait=0.05), 5)
    assert swallowed.is_set() and task.cancelled()


async def test_a_task_that_never_stops_is_left_behind_after_the_tries() -> None:
    release = asyncio.Event()

    async def deaf() -> None:
        while not release.is_set():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(3600)

    task = asyncio.create_task(deaf())
    await asyncio.sleep(0)
    assert not await asyncio.wait_for(cancel_all([task], wait=0.01, tries=3), 5)
    release.set()
    task.cancel()
    await task
