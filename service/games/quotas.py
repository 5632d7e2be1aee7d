"""Per-address quotas: the games and players one client address may create per
window, and the bots-only games it may have in play.

The store counts (``quota_usage``: one query over the ``creator`` columns),
so the quotas hold across every worker and replica and survive restarts.
What it stores is a pseudonym of the address (``creator_of``: a hash), never
the address. A check and the creation it allows run under one lock per
address in this process, so concurrent requests of one address in one
process cannot both take the last free place; across processes such a race
may let one more through per other process (a quota, not a lock).

The address is the one every per-address limit uses
(``service.api.headers.client_address``: ``X-Forwarded-For`` only from
``PLATEAU_TRUSTED_PROXIES``).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

from service.games.exceptions import QuotaExceeded
from service.settings import Settings
from service.store.base import GameStore

BOT_GAMES_RETRY = 60
"""``Retry-After`` of a refused bots-only game (a hint: bots-only games end on their own)."""


def creator_of(address: str | None) -> str | None:
    """The pseudonym of a client address kept with what it creates (None: none known)."""
    if not address:
        return None
    return hashlib.sha256(f"plateau-address\x00{address}".encode()).hexdigest()[:32]


class Quotas:
    """``PLATEAU_QUOTA_GAMES`` / ``PLATEAU_QUOTA_PLAYERS`` per ``PLATEAU_QUOTA_WINDOW``
    and ``PLATEAU_BOT_GAMES_PER_ADDRESS``, per creator (``0``: no quota)."""

    def __init__(self, settings: Settings, store: GameStore) -> None:
        self.settings = settings
        self.store = store
        self._locks: dict[str, asyncio.Lock] = {}
        self._holders: Counter[str] = Counter()

    @asynccontextmanager
    async def hold(self, creator: str | None) -> AsyncIterator[None]:
        """One check and its creation at a time per creator, in this process."""
        if creator is None:
            yield
            return
        lock = self._locks.setdefault(creator, asyncio.Lock())
        self._holders[creator] += 1
        try:
            async with lock:
                yield
        finally:
            self._holders[creator] -= 1
            if not self._holders[creator]:
                del self._holders[creator]
                self._locks.pop(creator, None)

    async def check(
        self,
        creator: str | None,
        *,
        games: bool = False,
        players: bool = False,
        bot_games: bool = False,
    ) -> None:
        """QuotaExceeded if ``creator`` may not create one more game (``games``),
        player (``players``) or bots-only game in play (``bot_games``)."""
        s = self.settings
        asked = (
            (games and s.quota_games > 0)
            or (players and s.quota_players > 0)
            or (bot_games and s.bot_games_per_address > 0)
        )
        if creator is None or not asked:
            return
        now = datetime.now(UTC)
        window = timedelta(seconds=s.quota_window)
        usage = await self.store.quota_usage(creator, now - window)
        if games and 0 < s.quota_games <= usage.games:
            raise self._windowed("games", s.quota_games, usage.oldest_game, now)
        if players and 0 < s.quota_players <= usage.players:
            raise self._windowed("players", s.quota_players, usage.oldest_player, now)
        if bot_games and 0 < s.bot_games_per_address <= usage.bots_only:
            limit = s.bot_games_per_address
            raise QuotaExceeded(
                f"this client address has {usage.bots_only} bots-only game(s) in play"
                f" (at most {limit}): wait for one to end, or take a seat yourself",
                retry_after=BOT_GAMES_RETRY,
                details={"quota": "bot_games", "limit": limit},
            )

    def _windowed(
        self, quota: str, limit: int, oldest: datetime | None, now: datetime
    ) -> QuotaExceeded:
        window = self.settings.quota_window
        free_at = (oldest or now) + timedelta(seconds=window)
        retry_after = math.ceil((free_at - now).total_seconds())
        return QuotaExceeded(
            f"this client address created {limit} {quota} in the last {window} s (its quota)",
            retry_after=min(max(1, retry_after), window),
            details={"quota": quota, "limit": limit, "window": window},
        )


__all__ = ["BOT_GAMES_RETRY", "Quotas", "creator_of"]
