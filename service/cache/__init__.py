"""State caches: ``make_cache`` picks Redis when a URL is given, memory otherwise."""

from __future__ import annotations

from service.cache.base import StateCache

__all__ = ["StateCache", "make_cache"]


def make_cache(redis_url: str | None, prefix: str = "plateau:") -> StateCache:
    """An unopened cache (the caller awaits ``open()``)."""
    if redis_url is None or not redis_url.strip():
        from service.cache.memory import MemoryStateCache

        return MemoryStateCache()
    from service.cache.redis import RedisStateCache

    return RedisStateCache(redis_url, prefix=prefix)
