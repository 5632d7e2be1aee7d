"""What runs for the life of an app: its backends and the application, the bot
runner, and the upkeep (logs, signal handlers, gauges, purges).

``backends`` opens the store, the cache and the notifier (or takes ready-made
ones, as tests share one pool across apps), builds the ``GameService`` and
starts the bot runner; ``operations`` runs after it:

* chains the draining step into granian's signal handlers (``plateau serve`` only);
* samples the per-process gauges (pool use, memory, descriptors) every few seconds;
* purges idempotency records older than ``PLATEAU_IDEMPOTENCY_RETENTION``, and
  deletes the games still waiting for players ``PLATEAU_WAITING_GAME_TTL``
  after their creation, every ``PLATEAU_PURGE_INTERVAL`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.config
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from service import metrics
from service.api.deps import ServiceSlot
from service.api.middleware.lifecycle import Lifecycle, supervised
from service.cache import make_cache
from service.cache.notifier import make_notifier
from service.games import GameService
from service.games.bots import BotRunner, cancel_all
from service.games.texts import warm as warm_words
from service.logs import dict_config
from service.settings import Settings, store_options
from service.store import open_store
from service.store.base import StoreError

log = logging.getLogger("plateau")

SAMPLE_EVERY = 5.0
"""Seconds between two samples of the per-process gauges."""

Lifespan = Callable[[Any], AbstractAsyncContextManager[None]]


def backends(settings: Settings, slot: ServiceSlot, overrides: dict[str, Any]) -> Lifespan:
    """The lifespan that opens the backends and puts the application in ``slot``.

    ``overrides`` may hold ready-made ``store``, ``cache`` or ``notifier``
    objects; ``bot_runner=False`` starts no bot runner (a process that plays no bots)."""

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        owned: list[Any] = []
        store = overrides.get("store")
        if store is None:
            store = open_store(settings.database_url, **store_options(settings))
            # Without waiting for the database: a worker (re)started while
            # PostgreSQL is away serves 503 and recovers by itself when it returns.
            await store.open(wait=False)
            owned.append(store)
        cache = overrides.get("cache")
        if cache is None:
            cache = make_cache(settings.redis_url, settings.redis_prefix)
            await cache.open()
            owned.append(cache)
        notifier = overrides.get("notifier")
        if notifier is None:
            notifier = make_notifier(settings.redis_url, settings.redis_prefix)
            await notifier.open()
            owned.append(notifier)
        warm_words()  # before the first request, not in it
        app.state.settings = settings
        app.state.store = store
        app.state.cache = cache
        app.state.notifier = notifier
        app.state.games = slot.games = GameService(settings, store, cache, notifier)
        bots = BotRunner(app.state.games)
        if overrides.get("bot_runner", True):  # tests may start a process without one
            bots.start()
        app.state.bots = bots
        try:
            yield
        finally:
            await bounded(bots.stop(), "stopping the bot runner")
            for resource in reversed(owned):
                await bounded(resource.close(), f"closing the {type(resource).__name__}")

    return lifespan


SHUTDOWN_LIMIT = 10.0
"""Seconds one step of an app's shutdown may take before it is left behind."""


async def bounded(step: Awaitable[None], what: str, limit: float = SHUTDOWN_LIMIT) -> None:
    """Run one shutdown step for at most ``limit`` seconds, then leave it (cancelled,
    not awaited): a step stuck on a peer that never answers (a thinking process, a
    server gone mid-reply) must not keep the process from stopping."""
    task = asyncio.ensure_future(step)
    try:
        done, _ = await asyncio.wait({task}, timeout=limit)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        task.cancel()
        log.warning("%s took more than %.0f s: left behind", what, limit)
        return
    exc = task.exception()
    if exc is not None:
        log.warning("%s failed: %s", what, exc)


async def _every(seconds: float, job: Callable[[], Awaitable[None]], name: str) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the store may be down: try again next time
            log.warning("%s failed: %s", name, exc)


EXPIRY_BATCH = 1000
"""Waiting games deleted per transaction (the lobby is never locked for long)."""


async def expire_waiting(store: Any, ttl: int) -> int:
    """Delete the games still waiting for players ``ttl`` seconds after their
    creation (a waiting game has no events: nothing of the log is lost)."""
    before = datetime.now(UTC) - timedelta(seconds=ttl)
    total = 0
    while True:
        deleted = int(await store.expire_waiting(before, limit=EXPIRY_BATCH))
        total += deleted
        if deleted < EXPIRY_BATCH:
            break
    if total:
        log.info("deleted %d game(s) still waiting since before %s", total, before.isoformat())
    return total


@asynccontextmanager
async def operations(app: Any) -> AsyncIterator[None]:
    """The upkeep of a running app (runs after ``backends``)."""
    settings: Settings = app.state.settings
    lifecycle: Lifecycle = app.state.lifecycle
    if supervised():
        # Our JSON lines (with request ids), for granian's own loggers too.
        logging.config.dictConfig(dict_config(settings.log_format, settings.log_level))
        lifecycle.install_signal_handlers(asyncio.get_running_loop())
    store = app.state.store

    async def sample() -> None:
        metrics.sample(store)
        metrics.DRAINING.set(1 if lifecycle.draining else 0)
        try:
            await store.ping()
        except (StoreError, OSError):
            metrics.STORE_UP.set(0)
        else:
            metrics.STORE_UP.set(1)

    async def purge() -> None:
        before = datetime.now(UTC) - timedelta(seconds=settings.idempotency_retention)
        deleted = await store.purge_idempotency(before)
        if deleted:
            metrics.IDEMPOTENCY_PURGED.inc(deleted)
            log.info("purged %d idempotency record(s) older than %s", deleted, before.isoformat())
        if settings.waiting_game_ttl > 0:
            await expire_waiting(store, settings.waiting_game_ttl)

    tasks = [asyncio.create_task(_every(SAMPLE_EVERY, sample, "metrics sampling"))]
    if settings.purge_interval > 0:
        tasks.append(asyncio.create_task(_every(settings.purge_interval, purge, "purge")))
    with contextlib.suppress(Exception):
        await sample()
    try:
        yield
    finally:
        await cancel_all(tasks)
        limiter = app.state.limiter
        if limiter is not None:
            await bounded(limiter.close(), "closing the rate limiter")
        metrics.mark_exit()
