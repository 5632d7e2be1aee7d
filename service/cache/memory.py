"""An in-process LRU state cache (embedded mode, tests)."""

from __future__ import annotations

from collections import OrderedDict


class MemoryStateCache:
    """``StateCache`` in a dict: bounded (LRU), never moves a game backwards.

    Each process has its own copy; that is fine because a cached state is only
    used when its version is the game's current version in the store.
    """

    def __init__(self, max_entries: int = 10_000) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._entries: OrderedDict[str, tuple[int, bytes]] = OrderedDict()

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        self._entries.clear()

    async def get(self, game_id: str) -> tuple[int, bytes] | None:
        entry = self._entries.get(game_id)
        if entry is not None:
            self._entries.move_to_end(game_id)
        return entry

    async def put(self, game_id: str, version: int, state: bytes) -> None:
        current = self._entries.get(game_id)
        if current is not None and current[0] > version:
            self._entries.move_to_end(game_id)
            return
        self._entries[game_id] = (version, bytes(state))
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    async def delete(self, game_id: str) -> None:
        self._entries.pop(game_id, None)

    async def ping(self) -> bool:
        return True

    @property
    def healthy(self) -> bool:
        return True

    def __len__(self) -> int:
        return len(self._entries)
