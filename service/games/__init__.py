"""The application: load, decide, append, cache, publish. Litestar-free.

``GameService`` is a container of named parts, each with one job, composed
(not inherited) over one repository:

- ``repository``: games rows, seeds, the shared head, states (cache,
  snapshot, events), remembering a new state and publishing a move;
- ``answers``: the encoded answers of this process, and the spectator views
  it vouches for;
- ``auth``: bearer tokens resolved to a seat;
- ``reads``: summaries, pages, states, pictures, legal commands, the log;
- ``commands``: decide and append one command (``If-Match``, idempotency);
- ``seats``: players, games and seat claims (a full game starts), imports;
- ``streams``, ``feed``: the live streams of a game and of the global feed,
  each followed by one reader per process, whatever the number of streams.

Failures are the exceptions of ``service/games/exceptions.py``, which the
HTTP edge (``service/api/problems.py``) maps to problem answers in one
place. No game is named here: everything goes through ``domain.RULESETS``.
"""

from __future__ import annotations

from service.cache.base import Notifier, StateCache
from service.games.answers import AnswerCache
from service.games.auth import Authenticator
from service.games.commands import Commands
from service.games.feed import Feed
from service.games.reads import Reads
from service.games.repository import GameRepository
from service.games.seats import Seats
from service.games.streams import Streams
from service.settings import Settings
from service.store.base import EventStore, StoreError


class GameService:
    """The application every controller, the hot path, the bot runner and the feed use."""

    def __init__(
        self, settings: Settings, store: EventStore, cache: StateCache, notifier: Notifier
    ) -> None:
        self.settings = settings
        self.store = store
        self.cache = cache
        self.notifier = notifier
        self.repository = GameRepository(settings, store, cache, notifier)
        self.answers = AnswerCache(notifier)
        self.auth = Authenticator(store, settings.operator_token)
        self.reads = Reads(self.repository, self.answers, self.auth)
        self.commands = Commands(settings, self.repository, self.answers, self.auth)
        self.seats = Seats(settings, self.repository, self.auth, self.reads)
        self.streams = Streams(self.reads)
        self.feed = Feed(self.reads)

    async def backends(self) -> tuple[bool, str]:
        """(the store answers, the cache's state: ``ok``, ``down`` or ``memory``)."""
        try:
            await self.store.ping()
            store_ok = True
        except (StoreError, OSError):
            store_ok = False
        if self.settings.redis_url:
            cache = "ok" if await self.cache.ping() else "down"
        else:
            cache = "memory"
        return store_ok, cache


__all__ = ["GameService"]
