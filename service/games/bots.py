"""The bot runner: plays bot seats, in the background, through the client path,
thinking in other processes.

**Off the event loop.** A bot's choice (``domain.bots.choose``) is pure Python:
an mcts move thinks for up to ``PLATEAU_BOT_MOVE_MS``. In a thread it would
still hold the GIL, and every request of the worker would wait behind it; so
it runs in ``Thinkers``, ``PLATEAU_BOT_PROCESSES`` processes of this worker
(a ``ProcessPoolExecutor``, spawned on the first bot move, at a lower CPU
priority than the worker: ``NICE``). What crosses to them is bytes: the
seat's view and legal commands msgpack-encoded (``domain.bots.encode_request``),
the chosen command JSON-encoded. A move not back within ``hard_limit`` (four
times its budget plus ``GRACE`` seconds; a new process's start is waited for
apart) is abandoned: its processes are replaced and the bot plays a random
legal command instead, so a game never waits on a stuck search.

**A fair queue.** ``FairQueue`` holds the games with a bot turn due: games
with a person at the table first, then bots-only games, each in arrival
order; a game moves once, then goes to the back of its line (round robin).
``PLATEAU_BOT_PROCESSES`` movers take games from it, so a person's bot waits
for at most the bots-only moves already being thought, never for a queue of
them. Each game is in the hands of one mover at a time.

**Where a game is played.** This process wakes a game when it appended to it
(``GameRepository.on_moved``: a person's command, or the bot's own move, so a
bots-only game goes on in the process that played its last move), and on a
sweep every ``sweep_seconds`` of the store's active games with a bot seat
(``bot_games``): at start-up all of them (a turn left by a crash or a
restart resumes), afterwards only those left unplayed for longer than a move
may take (another process died holding them). For each turn it loads the
state, gives the bot only that seat's view and legal commands, and submits
the answer through ``Commands.submit_as`` (the same decide/append path as a
client) with ``If-Match`` of the version it decided at and
``Idempotency-Key`` ``bot:<game>:<version>:<seat>``: several processes (or a
retry) deciding the same turn append it once; the losers get a stale version
or the recorded answer. Bot work never runs in the request that triggered it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime, timedelta

import msgspec

from domain import RULESETS
from domain.bots import Budget, choose, choose_encoded, encode_request, warm
from service.games import GameService
from service.games.exceptions import Conflict, StaleVersion, Unprocessable
from service.store.base import GameRecord

log = logging.getLogger("plateau.bots")

PLAYOUTS = 120
"""MCTS playouts per move of the service's bots (``PLATEAU_BOT_MOVE_MS`` caps their time)."""
NICE = 10
"""How much lower the thinking processes' CPU priority is than the worker's
(``os.nice``): on a busy machine, requests get the CPU before bots do."""
GRACE = 5.0
"""Seconds added to four budgets before a move is abandoned."""


START_LIMIT = 120.0
"""Seconds a new thinking process may take to start before it is given up."""
WATCH_SECONDS = 1.0
"""How often a thinking process checks that its worker is alive."""


def idempotency_key(game_id: str, version: int, seat: str) -> str:
    return f"bot:{game_id}:{version}:{seat}"


def bot_seed(game_id: str, version: int, seat: str) -> str:
    """The bot's seed for one decision: the same in every replica, independent of
    the game's secret seed (a bot never sees future rolls)."""
    return f"{game_id}:{version}:{seat}"


def bot_to_act(game: GameRecord) -> str | None:
    """The first seat to act that a bot holds, in an active game."""
    if game.status != "active":
        return None
    bots = {s.seat for s in game.seats if s.bot}
    return next((seat for seat in game.to_act if seat in bots), None)


def has_person(game: GameRecord) -> bool:
    """A person holds (or may still claim) a seat: the game is not bots-only."""
    return any(s.bot is None for s in game.seats)


class Thinkers:
    """The processes that think for this worker's bots (a ``ProcessPoolExecutor``,
    started on first use; replaced when one dies or a move is abandoned)."""

    def __init__(self, processes: int) -> None:
        self.processes = max(1, processes)
        self._pool: ProcessPoolExecutor | None = None
        self._started: asyncio.Future[None] | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a worker would copy its threads' state (granian's
            # runtime, the store's pool); a fresh interpreter imports the games only.
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_thinking,
                initargs=(os.getpid(),),
            )
            self._started = asyncio.wrap_future(self._pool.submit(warm))
        return self._pool

    async def think(self, request: bytes, limit: float) -> bytes:
        """``choose_encoded(request)`` in a thinking process; TimeoutError after
        ``limit`` seconds of thinking (then the processes are replaced). A new
        process's start (an interpreter importing the games, slow on a busy
        machine) is waited for apart, up to ``START_LIMIT``."""
        pool = self._executor()
        if self._started is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._started), START_LIMIT)
            except (TimeoutError, BrokenProcessPool):
                self.recycle(pool)
                raise
        future = pool.submit(choose_encoded, request)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), limit)
        except (TimeoutError, BrokenProcessPool):
            self.recycle(pool)
            raise

    def recycle(self, pool: ProcessPoolExecutor) -> None:
        """End ``pool``'s processes (a stuck search, a dead process): the next move
        starts new ones. (Another move of the same pool then fails too, and does
        not end the new pool.)"""
        if pool is not self._pool:
            return
        self._pool = self._started = None
        # The executor cannot stop a running call: its processes are terminated.
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()

    def close(self) -> None:
        """End the processes, a search still running included (the executor would
        wait for it, and the interpreter waits for the executor at exit)."""
        pool = self._pool
        if pool is not None:
            self.recycle(pool)


def _start_thinking(worker: int) -> None:
    """A thinking process's start: a lower CPU priority, a watch on its worker,
    every game's bot imported."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    threading.Thread(target=_outlive_not, args=(worker,), daemon=True).start()
    warm()


def _outlive_not(worker: int) -> None:
    """Exit when the worker that started this process is gone (SIGKILL, OOM):
    the executor's queue would never tell (this process holds both its ends)."""
    while os.getppid() == worker:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


async def cancel_all(tasks: list[asyncio.Task[None]], wait: float = 1.0, tries: int = 10) -> bool:
    """Cancel ``tasks`` and wait for them to end, cancelling again those still
    running: a cancellation can be lost (3.11's ``asyncio.wait_for`` returns a
    result that arrives with it, so a mover went on to wait for its next game
    and a shutdown awaited it forever). Whether every task ended."""
    pending = {task for task in tasks if not task.done()}
    for _ in range(tries):
        if not pending:
            return True
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=wait)
    if pending:
        log.warning("%d task(s) did not stop: left behind", len(pending))
    return not pending


class FairQueue:
    """Games with a bot turn due: games with a person first, then bots-only games;
    first come, first served within each; a game in hand is never handed out twice."""

    def __init__(self) -> None:
        self._people: OrderedDict[str, None] = OrderedDict()
        self._bots_only: OrderedDict[str, None] = OrderedDict()
        self._busy: set[str] = set()
        self._again: dict[str, bool] = {}
        self._wake = asyncio.Event()

    def __len__(self) -> int:
        return len(self._people) + len(self._bots_only)

    def push(self, game: GameRecord) -> None:
        """Queue ``game`` if a bot is to act in it (once; a game in hand goes back
        in line when its move is done)."""
        if bot_to_act(game) is None:
            return
        person = has_person(game)
        if game.game_id in self._busy:
            self._again[game.game_id] = person
            return
        self._line(person).setdefault(game.game_id, None)
        self._wake.set()

    def _line(self, person: bool) -> OrderedDict[str, None]:
        return self._people if person else self._bots_only

    async def take(self) -> str:
        """The next game to move (a person's first); it is in hand until ``done``."""
        while True:
            for line in (self._people, self._bots_only):
                if line:
                    game_id, _ = line.popitem(last=False)
                    self._busy.add(game_id)
                    return game_id
            self._wake.clear()
            await self._wake.wait()

    def done(self, game_id: str) -> None:
        """The move of ``game_id`` is over: back at the end of its line if due again."""
        self._busy.discard(game_id)
        person = self._again.pop(game_id, None)
        if person is not None:
            self._line(person).setdefault(game_id, None)
            self._wake.set()


class BotRunner:
    def __init__(
        self,
        games: GameService,
        *,
        processes: int | None = None,
        move_ms: float | None = None,
        sweep_seconds: float = 2.0,
    ) -> None:
        self.games = games
        settings = games.settings
        self.processes = max(1, settings.bot_processes if processes is None else processes)
        self.budget = Budget(
            playouts=PLAYOUTS, ms=float(settings.bot_move_ms if move_ms is None else move_ms)
        )
        self.sweep_seconds = sweep_seconds
        self.queue = FairQueue()
        self.thinkers = Thinkers(self.processes)
        self._tasks: list[asyncio.Task[None]] = []
        self._json = msgspec.json.Encoder()

    @property
    def hard_limit(self) -> float:
        """Seconds a move may take in a thinking process before it is abandoned."""
        return 4 * (self.budget.ms or 0.0) / 1000 + GRACE

    # --- lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        self.games.repository.on_moved.append(self.poke)
        self._tasks = [asyncio.create_task(self._sweeper(), name="plateau-bot-sweep")]
        self._tasks += [
            asyncio.create_task(self._mover(), name=f"plateau-bot-mover-{i}")
            for i in range(self.processes)
        ]

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.games.repository.on_moved.remove(self.poke)
        tasks, self._tasks = self._tasks, []
        await cancel_all(tasks)
        self.thinkers.close()

    def poke(self, game: GameRecord) -> None:
        """This process appended to ``game``: its bot turn, if due, joins the queue
        (never played in the caller's request)."""
        self.queue.push(game)

    # --- the loops ---------------------------------------------------------------------

    async def _sweeper(self) -> None:
        stale: timedelta | None = None  # the first sweep resumes every game
        while True:
            try:
                games = await self.games.store.bot_games(limit=200)
            except Exception as exc:  # a store outage: the next sweep retries
                log.warning("bot sweep failed: %s", exc)
            else:
                now = datetime.now(UTC)
                for game in games:
                    if stale is None or now - game.updated_at > stale:
                        self.queue.push(game)
                # Later sweeps leave alone the games a process is playing.
                stale = timedelta(seconds=self.hard_limit + 2 * self.sweep_seconds)
            await asyncio.sleep(self.sweep_seconds)

    async def _mover(self) -> None:
        while True:
            game_id = await self.queue.take()
            try:
                await self.play(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a store outage: the sweep retries
                log.warning("bot turn of %s failed: %s", game_id, exc)
            finally:
                self.queue.done(game_id)

    async def play(self, game_id: str) -> bool:
        """Play the bot turn of ``game_id`` now due, if any; whether a move was appended."""
        game = await self.games.store.get_game(game_id)
        seat = None if game is None else bot_to_act(game)
        if game is None or seat is None:
            return False
        return await self._move(game, seat)

    async def _move(self, game: GameRecord, seat: str) -> bool:
        level = next(s.bot for s in game.seats if s.seat == seat)
        assert level is not None
        loaded = await self.games.repository.load(game.game_id, game=game)
        ruleset = RULESETS[game.ruleset]
        version = loaded.version
        view = ruleset.view(loaded.state, seat)
        legal = ruleset.legal_commands(loaded.state, seat)
        if not legal:
            return False
        seed = bot_seed(game.game_id, version, seat)
        request = encode_request(ruleset, level, view, legal, seat, seed, self.budget)
        try:
            body = await self.thinkers.think(request, self.hard_limit)
        except (TimeoutError, BrokenProcessPool, OSError) as exc:
            log.warning(
                "bot of %s (%s, %s) did not answer (%s): it plays a random legal command",
                game.game_id, seat, level, type(exc).__name__,
            )  # fmt: skip
            body = self._json.encode(choose(ruleset, "random", view, legal, seat, seed))
        await self.games.repository.hold_head(game.game_id)
        try:
            status, _, _ = await self.games.commands.submit_as(
                game,
                seat,
                body,
                if_match=frozenset({version}),
                idempotency_key=idempotency_key(game.game_id, version, seat),
            )
        except (Conflict, StaleVersion, Unprocessable) as exc:
            # stale_version / idempotency_key_reused / game_not_active: another
            # process (or an earlier attempt) played this turn. That process goes
            # on with the game (it was woken by its own move); the sweep takes
            # the game back if it stops.
            log.debug("bot move of %s at %d not applied: %s", game.game_id, version, exc)
            return False
        return status == 201


__all__ = [
    "GRACE",
    "NICE",
    "PLAYOUTS",
    "BotRunner",
    "FairQueue",
    "Thinkers",
    "bot_seed",
    "cancel_all",
    "bot_to_act",
    "has_person",
    "idempotency_key",
]
