"""The cache and notifier contracts. Both are optimisations only.

* ``StateCache``: a game's encoded state at a version. A cached state is used
  only when its version is the game's current version; every method swallows
  backend failures (Redis down) and reports them through ``healthy``, so a
  request never fails because of the cache.
* ``SharedCache``: what a cache shared by every process (Redis) adds: the
  game's *head* (its games row at its latest version) beside its state, so a
  read or a command needs no database read.
* ``Notifier``: "game X is now at version n", fanned out to this process's
  waiters (the SSE streams, the spectator reads); the announcement may carry
  the move itself (opaque bytes: ``service.games.repository.Moved``), kept in
  the inboxes of whoever follows that game (its SSE channel) so they need not
  read the store for it.
* ``ChannelNotifier``: what a notifier on Redis pub/sub adds: the channel a
  move is published on, so a writer on the same Redis publishes it in the
  command that caches the move.

The service holds a ``StateCache`` and a ``Notifier`` and asks
``isinstance(x, SharedCache)`` / ``isinstance(x, ChannelNotifier)`` once, at
start-up, for the abilities Redis adds.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol, runtime_checkable

Inbox = deque[tuple[int, bytes]]
"""The moves heard of one game, (version, the move's bytes), in the order heard,
bounded (the oldest dropped: its follower then reads the store instead)."""


@runtime_checkable
class StateCache(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def get(self, game_id: str) -> tuple[int, bytes] | None:
        """(version, encoded state) or None on a miss or a backend failure."""
        ...

    async def put(self, game_id: str, version: int, state: bytes) -> None:
        """Store unless a newer version is already cached (never go backwards)."""
        ...

    async def delete(self, game_id: str) -> None: ...

    async def ping(self) -> bool:
        """True when the backend answers now."""
        ...

    @property
    def healthy(self) -> bool:
        """False since the last failure, until a call succeeds again."""
        ...


@runtime_checkable
class SharedCache(StateCache, Protocol):
    """A ``StateCache`` every process shares, holding each game's head too."""

    @property
    def url(self) -> str:
        """The backend's URL (a notifier on the same server may publish through it)."""
        ...

    async def get_with_head(
        self, game_id: str, hold_seconds: float = 0.0
    ) -> tuple[tuple[int, bytes] | None, tuple[int, bytes] | None]:
        """(head, state), each (version, bytes) or None, in one round trip;
        ``hold_seconds``: a writer's read brings the head's expiry down to that."""
        ...

    async def put_with_head(
        self,
        game_id: str,
        version: int,
        head: bytes,
        state: bytes | None,
        head_ttl_seconds: float,
        publish: str | None = None,
        message: bytes | None = None,
    ) -> bool:
        """Write the head (and the state) unless newer ones are cached; with
        ``publish``, publish ``message`` (by default the version) on that
        channel in the same command. True when the command ran."""
        ...

    async def hold_head(self, game_id: str, hold_seconds: float) -> None:
        """Bring the head's expiry down to ``hold_seconds`` (a writer's hold)."""
        ...


@runtime_checkable
class Notifier(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def publish(self, game_id: str, version: int, move: bytes | None = None) -> None:
        """Announce that ``game_id`` is at ``version``; ``move``: the move that
        brought it there, for the followers of the game."""
        ...

    def follow(self, game_id: str) -> Inbox:
        """An inbox of the moves of ``game_id`` announced with their bytes from
        now on (until ``unfollow``); the waiters are woken after it is filled."""
        ...

    def unfollow(self, game_id: str, inbox: Inbox) -> None: ...

    async def wait(self, game_id: str, after: int, timeout: float) -> None:
        """Return when ``game_id`` may have moved past ``after``, or after ``timeout``."""
        ...

    async def wait_any(self, timeout: float) -> None:
        """Return when any game moved (as this process hears it), or after ``timeout``."""
        ...

    def hearing(self) -> int | None:
        """A token that stays the same while this process hears every game's moves
        (changes when it may have missed one), or None when it cannot tell."""
        ...

    def latest(self, game_id: str) -> int | None:
        """The highest version of ``game_id`` heard of or observed, if any."""
        ...

    def observe(self, game_id: str, version: int) -> None:
        """A read saw ``game_id`` at ``version`` (``latest`` never goes down)."""
        ...


@runtime_checkable
class ChannelNotifier(Notifier, Protocol):
    """A notifier on a pub/sub server that a cache may publish through."""

    @property
    def url(self) -> str: ...

    def channel(self, game_id: str) -> str:
        """The channel ``game_id``'s moves are published on."""
        ...

    def message(self, version: int, move: bytes | None) -> bytes:
        """What ``publish`` sends on ``channel``: the version, then the move's bytes."""
        ...

    def delivered(self, game_id: str, version: int, move: bytes | None = None) -> None:
        """A move published on ``channel`` by another means: this process's own
        waiters hear it now, as ``publish`` would have them."""
        ...
