"""The Redis state cache (``redis.asyncio``), shared by every API process.

* One hash per game, ``{prefix}state:{game_id}`` = ``{v: version, s: state}``,
  expiring after ``ttl_seconds`` (default one day) of not being written.
* ``put`` is a Lua compare-and-set: it writes only when no newer version is
  cached, atomically, so two processes racing never move a game backwards.
* The cache is an optimisation only: every Redis error is caught, logged once
  per failure streak, and turns ``healthy`` False; ``get`` then answers None
  and ``put``/``delete`` do nothing. A short deadline on every call and no
  client retries keep a down Redis from stalling a request; after a failure,
  calls skip Redis for ``retry_after`` seconds (``ping()`` always tries).
* The deadline is one ``asyncio.timeout`` around each call (``_bounded``), not
  redis-py's ``socket_timeout``: that one runs every command's write in a task
  of its own under ``asyncio.wait_for`` and its read under another timer, two
  more loop turns and about 2% of a worker's CPU per move (docs/performance.md).
  A call cut short by it leaves no half-read answer behind: redis-py drops the
  connection of a command interrupted mid-way.
* A head this process could not write (Redis failing or skipped: the other
  processes may still reach it, and trust the head they find) is remembered,
  and deleted by the next call that reaches Redis: readers then ask the store
  instead of being served the previous version until the head expires.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger("plateau.cache.redis")

# KEYS[1] = the game's key; ARGV = version, state, ttl in ms (0: no expiry).
_PUT_IF_NEWER = """
local current = redis.call('HGET', KEYS[1], 'v')
if current and tonumber(current) > tonumber(ARGV[1]) then
    return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2])
if tonumber(ARGV[3]) > 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
"""

# The head and the state of one version in one call (one round trip, no
# pipeline: redis-py asks SCRIPT EXISTS before every pipeline holding a script).
# KEYS = head key, state key; ARGV = version, head, head ttl in ms, state,
# state ttl in ms (0: no expiry), and optionally a channel and a message: the
# message (by default the version) is then published there too (a move cached
# and announced in one command). Each key is written unless it holds a newer
# version.
_PUT_HEAD_AND_STATE = """
local written = 0
for i = 1, 2 do
    local current = redis.call('HGET', KEYS[i], 'v')
    if not (current and tonumber(current) > tonumber(ARGV[1])) then
        redis.call('HSET', KEYS[i], 'v', ARGV[1], 's', ARGV[2 * i])
        if tonumber(ARGV[2 * i + 1]) > 0 then
            redis.call('PEXPIRE', KEYS[i], ARGV[2 * i + 1])
        end
        written = written + 1
    end
end
if ARGV[6] then
    redis.call('PUBLISH', ARGV[6], ARGV[7] or ARGV[1])
end
return written
"""

# The head and the state, and a writer's hold on the head, in one command (a
# pipeline of three costs the client three commands to pack and parse).
# KEYS = head key, state key; ARGV = hold in ms (0: none). Answers
# [head v, head s, state v, state s] (nil where absent). A PEXPIRE that fails
# (a Redis older than 7: no LT) leaves the head its TTL: the hold is a bound on
# staleness only.
_GET_HEAD_AND_STATE = """
local head = redis.call('HMGET', KEYS[1], 'v', 's')
local state = redis.call('HMGET', KEYS[2], 'v', 's')
if tonumber(ARGV[1]) > 0 then
    pcall(redis.call, 'PEXPIRE', KEYS[1], ARGV[1], 'LT')
end
return {head[1], head[2], state[1], state[2]}
"""


UNWRITTEN_KEPT = 100_000
"""Heads remembered as unwritten per process; past it, every head of the prefix
is deleted once Redis answers again."""
REPAIR_BATCH = 1000
"""Unwritten heads deleted per call."""


def _ms(seconds: float) -> int:
    """A Redis expiry in milliseconds (at least 1: 0 would mean none)."""
    return max(1, int(seconds * 1000))


class RedisStateCache:
    """``SharedCache`` on Redis: the state and the head of every game, shared by
    every process, so a cache hit needs no database.

    Added optional parameters: ``ttl_seconds`` (expiry of a cached state,
    default 86400; 0 keeps keys forever), ``socket_timeout`` and
    ``connect_timeout`` (seconds, default 0.5), ``retry_after`` (seconds
    during which calls skip Redis after a failure, default 1.0).
    """

    def __init__(
        self,
        url: str,
        prefix: str = "plateau:",
        *,
        ttl_seconds: float = 86_400,
        socket_timeout: float = 0.5,
        connect_timeout: float = 0.5,
        retry_after: float = 1.0,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.ttl_ms = int(ttl_seconds * 1000)
        self.retry_after = retry_after
        self.socket_timeout = socket_timeout
        self._client: Redis = Redis.from_url(
            url,
            socket_timeout=None,  # one deadline per call instead (``_bounded``)
            socket_connect_timeout=connect_timeout,
            retry=Retry(NoBackoff(), 0),
            decode_responses=False,
        )
        self._put_script = self._client.register_script(_PUT_IF_NEWER)
        self._put_both = self._client.register_script(_PUT_HEAD_AND_STATE)
        self._get_both = self._client.register_script(_GET_HEAD_AND_STATE)
        self._healthy = True
        self._down_until = 0.0
        self._unwritten: set[str] = set()
        self._lost_track = False

    def _bounded(self) -> asyncio.Timeout:
        """The deadline of one call (``socket_timeout`` seconds): past it the call
        raises ``TimeoutError``, handled as any Redis failure."""
        return asyncio.timeout(self.socket_timeout)

    def key(self, game_id: str) -> str:
        return f"{self.prefix}state:{game_id}"

    def head_key(self, game_id: str) -> str:
        return f"{self.prefix}head:{game_id}"

    # --- health ---------------------------------------------------------------------

    @property
    def healthy(self) -> bool:
        return self._healthy

    def _failed(self, operation: str, exc: BaseException) -> None:
        if self._healthy:
            log.warning(
                "Redis cache unavailable (%s: %s: %s); serving from the store",
                operation,
                type(exc).__name__,
                exc,
            )
        self._healthy = False
        self._down_until = time.monotonic() + self.retry_after

    def _succeeded(self) -> None:
        if not self._healthy:
            log.info("Redis cache reachable again")
        self._healthy = True
        self._down_until = 0.0

    def _skip(self) -> bool:
        return not self._healthy and time.monotonic() < self._down_until

    def _unwrite(self, game_id: str) -> None:
        """``game_id``'s head could not be written: it may hold an older version."""
        if len(self._unwritten) >= UNWRITTEN_KEPT:
            self._unwritten.clear()
            self._lost_track = True
        self._unwritten.add(game_id)

    async def _repair(self) -> None:
        """Delete the heads this process could not write (raises as any call)."""
        if self._lost_track:
            cursor = 0
            while True:
                async with self._bounded():
                    cursor, keys = await self._client.scan(
                        cursor, match=f"{self.head_key('')}*", count=1000
                    )
                if keys:
                    async with self._bounded():
                        await self._client.delete(*keys)
                if not cursor:
                    break
            self._lost_track = False
            self._unwritten.clear()
        if self._unwritten:
            batch = [self._unwritten.pop() for _ in range(min(REPAIR_BATCH, len(self._unwritten)))]
            try:
                async with self._bounded():
                    await self._client.delete(*(self.head_key(g) for g in batch))
            except BaseException:
                self._unwritten.update(batch)
                raise

    # --- lifecycle ------------------------------------------------------------------

    async def open(self) -> None:
        """Check the connection once; a down Redis is logged, not raised."""
        await self.ping()

    async def close(self) -> None:
        if (self._unwritten or self._lost_track) and not self._skip():
            try:  # the heads left unwritten, before this process goes
                while self._unwritten or self._lost_track:
                    await self._repair()
            except Exception as exc:
                log.debug("deleting unwritten heads at close: %s", exc)
        try:
            await self._client.aclose()
        except Exception as exc:  # closing a broken connection must not fail shutdown
            log.debug("closing the Redis cache: %s", exc)

    async def ping(self) -> bool:
        try:
            async with self._bounded():
                await self._client.ping()
        except Exception as exc:
            self._failed("ping", exc)
            return False
        self._succeeded()
        return True

    # --- state ----------------------------------------------------------------------

    async def get(self, game_id: str) -> tuple[int, bytes] | None:
        if self._skip():
            return None
        try:
            async with self._bounded():
                version, state = await self._client.hmget(self.key(game_id), ["v", "s"])
        except Exception as exc:
            self._failed("get", exc)
            return None
        self._succeeded()
        if version is None or state is None:
            return None
        return int(version), state if isinstance(state, bytes) else state.encode()

    async def put(self, game_id: str, version: int, state: bytes) -> None:
        if self._skip():
            return
        try:
            args: list[Any] = [int(version), bytes(state), self.ttl_ms]
            async with self._bounded():
                await self._put_script(keys=[self.key(game_id)], args=args)
        except Exception as exc:
            self._failed("put", exc)
            return
        self._succeeded()

    # --- heads ------------------------------------------------------------------

    async def get_with_head(
        self, game_id: str, hold_seconds: float = 0.0
    ) -> tuple[tuple[int, bytes] | None, tuple[int, bytes] | None]:
        """(head, state), each (version, bytes) or None, in one round trip.

        ``hold_seconds`` (a writer's read): the head's expiry is also brought
        down to that many seconds when it was later (``PEXPIRE ... LT``, in the
        same round trip), until the writer rewrites the head with its new
        version. A writer killed between its commit and that rewrite leaves a
        head that readers stop trusting within ``hold_seconds``, not the full
        head TTL; when the writer lives, the rewrite restores the TTL."""
        if self._skip():
            return None, None
        try:
            if self._unwritten or self._lost_track:
                await self._repair()
            hold = _ms(hold_seconds) if hold_seconds > 0 else 0
            async with self._bounded():
                hv, hs, sv, ss = await self._get_both(
                    keys=[self.head_key(game_id), self.key(game_id)], args=[hold]
                )
        except Exception as exc:
            self._failed("get", exc)
            return None, None
        self._succeeded()
        head = None if hv is None or hs is None else (int(hv), bytes(hs))
        state = None if sv is None or ss is None else (int(sv), bytes(ss))
        return head, state

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
        """Write the head (and the state, when given) unless newer ones are
        cached, in one round trip. The head expires after ``head_ttl_seconds``:
        when a write fails, a reader may see the previous version at most that long.

        ``publish`` (with a state): a channel to publish ``message`` (by
        default the version) to in the same command. True when that command ran (False: Redis is down or
        being skipped, and nothing was published; the head is then deleted by
        the next call that reaches Redis)."""
        if self._skip():
            self._unwrite(game_id)
            return False
        try:
            if self._unwritten or self._lost_track:
                await self._repair()
            keys = [self.head_key(game_id), self.key(game_id)]
            ttl = _ms(head_ttl_seconds)
            async with self._bounded():
                if publish is not None and state is not None:
                    args: list[Any] = [int(version), head, ttl, bytes(state), self.ttl_ms, publish]
                    if message is not None:
                        args.append(message)
                    await self._put_both(keys=keys, args=args)
                elif state is None:
                    await self._put_script(keys=keys[:1], args=[int(version), head, ttl])
                else:
                    await self._put_both(
                        keys=keys, args=[int(version), head, ttl, bytes(state), self.ttl_ms]
                    )
        except Exception as exc:
            self._unwrite(game_id)
            self._failed("put", exc)
            return False
        self._succeeded()
        return True

    async def hold_head(self, game_id: str, hold_seconds: float) -> None:
        """Bring the head's expiry down to ``hold_seconds`` (see ``get_with_head``),
        for a writer that read the game elsewhere (the bot runner)."""
        if self._skip():
            return
        try:
            async with self._bounded():
                await self._client.pexpire(self.head_key(game_id), _ms(hold_seconds), lt=True)
        except Exception as exc:
            self._failed("hold", exc)
            return
        self._succeeded()

    async def delete(self, game_id: str) -> None:
        if self._skip():
            return
        try:
            async with self._bounded():
                await self._client.delete(self.key(game_id))
        except Exception as exc:
            self._failed("delete", exc)
            return
        self._succeeded()
