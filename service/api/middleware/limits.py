"""Rate limits per bearer token and per client address (429 ``rate_limited``).

A fixed window of ``PLATEAU_RATE_LIMIT_WINDOW`` seconds: each token and each
client address may make ``PLATEAU_RATE_LIMIT_TOKEN`` / ``PLATEAU_RATE_LIMIT_ADDRESS``
requests in it (``0`` switches a limit off). With Redis the counters are
Redis keys (``INCR`` + ``EXPIRE``), so every replica shares them; without it,
or while Redis is down, each process counts alone (a client may then get up
to one limit per process: the limit degrades, the service does not).

Litestar's ``RateLimitConfig`` was not used: it keys one limit on one
identifier, answers a plain-text 429 (not problem+json with our code), and
its Redis store raises while Redis is down.

Tokens are hashed before they become keys; only SHA-256 prefixes reach Redis.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from service.api.headers import ClientAddress

log = logging.getLogger("plateau.limits")


def token_of(scope: dict[str, Any] | Any) -> str | None:
    """The bearer token of a request: ``Authorization: Bearer``, else ``access_token``."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").strip().partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return str(token.strip())
    query = scope.get("query_string", b"")
    if b"access_token=" in query:
        values = parse_qs(query.decode("latin-1")).get("access_token")
        if values:
            return str(values[0])
    return None


@dataclass(frozen=True)
class Refusal:
    limit: str  # "token" | "address"
    retry_after: int
    allowed: int
    window: int


class MemoryCounter:
    def __init__(self) -> None:
        self._counts: dict[str, int] = {}
        self._window = -1

    def incr(self, key: str, window_index: int) -> int:
        if window_index != self._window:
            self._counts.clear()  # a new window: every count starts again
            self._window = window_index
        self._counts[key] = self._counts.get(key, 0) + 1
        return self._counts[key]


class RateLimiter:
    def __init__(
        self,
        *,
        per_token: int,
        per_address: int,
        window: int,
        redis_url: str | None = None,
        prefix: str = "plateau:",
        trusted_proxies: Iterable[str] = (),
    ) -> None:
        self.per_token = per_token
        self.per_address = per_address
        self.window = max(1, window)
        self.prefix = prefix
        self.client_address = ClientAddress(trusted_proxies)
        self.memory = MemoryCounter()
        self._redis: Any = None
        self._redis_down_until = 0.0
        if redis_url:
            from redis import asyncio as aioredis

            self._redis = aioredis.from_url(
                redis_url, socket_connect_timeout=0.25, socket_timeout=0.25
            )

    @property
    def enabled(self) -> bool:
        return self.per_token > 0 or self.per_address > 0

    async def close(self) -> None:
        if self._redis is not None:
            try:
                await self._redis.aclose()
            except Exception:  # pragma: no cover - best effort
                pass

    async def _count(self, keys: list[str], window_index: int) -> list[int]:
        if self._redis is not None and time.monotonic() >= self._redis_down_until:
            try:
                pipe = self._redis.pipeline(transaction=False)
                for key in keys:
                    full = f"{self.prefix}rl:{window_index}:{key}"
                    pipe.incr(full)
                    pipe.expire(full, self.window + 1)
                results = await pipe.execute()
                return [int(results[i * 2]) for i in range(len(keys))]
            except Exception as exc:
                # Redis down: count in this process for a while, then try again.
                log.warning("rate limiter: Redis unavailable (%s); counting per process", exc)
                self._redis_down_until = time.monotonic() + 5.0
        return [self.memory.incr(key, window_index) for key in keys]

    async def check(self, scope: Any) -> Refusal | None:
        now = time.time()
        window_index = int(now // self.window)
        retry_after = max(1, int(self.window - (now % self.window) + 0.999))
        checks: list[tuple[str, str, int]] = []
        if self.per_address > 0:
            checks.append(("address", "a:" + self.client_address(scope), self.per_address))
        if self.per_token > 0:
            token = token_of(scope)
            if token is not None:
                digest = hashlib.sha256(token.encode()).hexdigest()[:32]
                checks.append(("token", "t:" + digest, self.per_token))
        if not checks:
            return None
        counts = await self._count([key for _, key, _ in checks], window_index)
        for (limit, _, allowed), count in zip(checks, counts, strict=True):
            if count > allowed:
                return Refusal(limit, retry_after, allowed, self.window)
        return None
