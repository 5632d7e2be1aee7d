"""The bot runner: plays bot seats, in the background, through the client path.

One asyncio task per process (started in the app's lifespan). It wakes when
this process appended to a game (``GameService.on_moved``), on start-up and on
a periodic sweep of the store's active games with a bot seat (``bot_games``),
so a bot turn left pending by a crash, a restart or another replica resumes.
For each bot seat the game waits on, it loads the state, gives the bot only
that seat's view and legal commands, and submits the answer through
``GameService.submit_as`` (the same decide/append path as a client) with
``If-Match`` of the version it decided at and ``Idempotency-Key``
``bot:<game>:<version>:<seat>``: several replicas (or a retry) deciding the
same turn append it once; the losers get a stale version or the recorded
answer. Bot work never runs in the request that triggered it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec

from domain import RULESETS
from domain.bots import Budget, choose
from service.exceptions import Conflict, StaleVersion, Unprocessable
from service.games import GameService
from service.store.base import GameRecord

log = logging.getLogger("plateau.bots")

SERVICE_BUDGET = Budget(playouts=120, ms=600.0)
"""Per-move budget of server-side bots (mcts: at most ~0.6 s of thinking)."""


def idempotency_key(game_id: str, version: int, seat: str) -> str:
    return f"bot:{game_id}:{version}:{seat}"


def bot_seed(game_id: str, version: int, seat: str) -> str:
    """The bot's seed for one decision: the same in every replica, independent of
    the game's secret seed (a bot never sees future rolls)."""
    return f"{game_id}:{version}:{seat}"


class BotRunner:
    def __init__(
        self,
        games: GameService,
        *,
        sweep_seconds: float = 2.0,
        budget: Budget = SERVICE_BUDGET,
        max_moves_per_wake: int = 500,
    ) -> None:
        self.games = games
        self.sweep_seconds = sweep_seconds
        self.budget = budget
        self.max_moves_per_wake = max_moves_per_wake
        self._pending: set[str] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._json = msgspec.json.Encoder()

    # --- lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        self.games.on_moved.append(self.poke)
        self._task = asyncio.create_task(self._loop(), name="plateau-bot-runner")

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.games.on_moved.remove(self.poke)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def poke(self, game_id: str) -> None:
        """A game moved: look at it soon (never in the caller's request)."""
        self._pending.add(game_id)
        self._wake.set()

    # --- the loop ----------------------------------------------------------------------

    async def _loop(self) -> None:
        await self._sweep()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.sweep_seconds)
            self._wake.clear()
            if not self._pending:
                await self._sweep()
            while self._pending:
                game_id = self._pending.pop()
                try:
                    await self.play(game_id)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # a store outage: the next sweep retries
                    log.warning("bot turn of %s failed: %s", game_id, exc)

    async def _sweep(self) -> None:
        try:
            games = await self.games.store.bot_games(limit=200)
        except Exception as exc:
            log.warning("bot sweep failed: %s", exc)
            return
        for game in games:
            if _bot_to_act(game):
                self._pending.add(game.game_id)

    async def play(self, game_id: str) -> int:
        """Play every bot turn of ``game_id`` now due; returns the moves appended here."""
        played = 0
        for _ in range(self.max_moves_per_wake):
            game = await self.games.store.get_game(game_id)
            if game is None or game.status != "active":
                return played
            seat = _bot_to_act(game)
            if seat is None:
                return played
            moved = await self._move(game, seat)
            played += int(moved)
            await asyncio.sleep(0)  # let requests in between moves
        self.poke(game_id)  # a long bots-only game: continue after the others
        return played

    async def _move(self, game: GameRecord, seat: str) -> bool:
        level = next(s.bot for s in game.seats if s.seat == seat)
        assert level is not None
        loaded = await self.games.load(game.game_id, game=game)
        ruleset = RULESETS[game.ruleset]
        version = loaded.version
        view = ruleset.view(loaded.state, seat)
        legal = ruleset.legal_commands(loaded.state, seat)
        if not legal:
            return False
        command: Any = await asyncio.to_thread(
            choose, ruleset, level, view, legal, seat, bot_seed(game.game_id, version, seat),
            self.budget,
        )  # fmt: skip
        body = self._json.encode(command)
        await self.games.hold_head(game.game_id)
        try:
            status, _, _ = await self.games.submit_as(
                game,
                seat,
                body,
                if_match=frozenset({version}),
                idempotency_key=idempotency_key(game.game_id, version, seat),
            )
        except (Conflict, StaleVersion, Unprocessable) as exc:
            # stale_version / idempotency_key_reused / game_not_active: another
            # replica (or an earlier attempt) played this turn; look again.
            log.debug("bot move of %s at %d not applied: %s", game.game_id, version, exc)
            return False
        return status == 201


def _bot_to_act(game: GameRecord) -> str | None:
    bots = {s.seat for s in game.seats if s.bot}
    return next((seat for seat in game.to_act if seat in bots), None)


__all__ = ["SERVICE_BUDGET", "BotRunner", "bot_seed", "idempotency_key"]
