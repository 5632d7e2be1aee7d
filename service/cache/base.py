"""The state cache contract. The cache is an optimisation only.

A cached state is used only when its version is the game's current version;
every method swallows backend failures (Redis down) and reports them through
``healthy``, so a request never fails because of the cache.
"""

from __future__ import annotations

from typing import Protocol


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
