"""Prometheus metrics (``GET /metrics``), safe across granian's worker processes.

``plateau serve`` points ``PROMETHEUS_MULTIPROC_DIR`` at a directory it
empties at start; every worker then writes its samples there (prometheus-client's
multiprocess mode) and a scrape of any worker answers the sum over all of them.
Without that variable (tests, an embedding server) the metrics live in this
process's default registry.

Every helper here is cheap and never raises into a request.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
from collections.abc import Iterable
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

REQUESTS = Counter(
    "plateau_http_requests_total",
    "HTTP requests answered, by route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "plateau_http_request_duration_seconds",
    "Time to the end of the answer (the first byte for streams), by route template",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
COMMANDS = Counter(
    "plateau_commands_total",
    "Commands by ruleset and outcome (accepted, replayed, conflict: a lost race re-decided, stale: 412)",
    ["ruleset", "outcome"],
)
EVENTS = Counter("plateau_events_appended_total", "Events appended, by ruleset", ["ruleset"])
CACHE = Counter("plateau_cache_lookups_total", "State cache lookups (hit, miss)", ["result"])
RATE_LIMITED = Counter(
    "plateau_rate_limited_total", "Requests refused with 429, by limit", ["limit"]
)
REFUSED = Counter(
    "plateau_refused_total",
    "Requests refused at once past a limit of open requests or streams (503), or whose body"
    " did not arrive in time (408), by limit",
    ["limit"],
)
IDEMPOTENCY_PURGED = Counter(
    "plateau_idempotency_purged_total", "Idempotency records deleted after the retention"
)
STREAMS = Gauge(
    "plateau_open_streams", "Open SSE streams (all live workers)", multiprocess_mode="livesum"
)
POOL = Gauge(
    "plateau_store_pool_connections",
    "PostgreSQL pool connections (all live workers): size, idle, waiting requests",
    ["state"],
    multiprocess_mode="livesum",
)
DRAINING = Gauge(
    "plateau_draining", "1 while a worker drains on SIGTERM", multiprocess_mode="livemax"
)
RSS = Gauge(
    "plateau_process_resident_memory_bytes",
    "Resident memory of each worker",
    multiprocess_mode="liveall",
)
FDS = Gauge(
    "plateau_process_open_fds", "Open file descriptors of each worker", multiprocess_mode="liveall"
)
STORE_UP = Gauge(
    "plateau_store_up",
    "1 when this worker's event store answered its latest ping (every sampling period), else 0",
    multiprocess_mode="liveall",
)


def open_streams(delta: int) -> None:
    STREAMS.inc(delta)


def _kept(children: dict[tuple[str, ...], Any], metric: Any, *labels: str) -> Any:
    """``metric.labels(*labels)``, made at the label set's first use (in the worker
    that counts it) and kept in ``children``: then one dictionary lookup."""
    child = children.get(labels)
    if child is None:
        child = children[labels] = metric.labels(*labels)
    return child


def command(ruleset: str, outcome: str, events: int = 0) -> None:
    _kept(_commands, COMMANDS, ruleset, outcome).inc()
    if events:
        _kept(_events, EVENTS, ruleset).inc(events)


_commands: dict[tuple[str, ...], Any] = {}
"""The children of ``COMMANDS`` per (ruleset, outcome), and of ``EVENTS`` per
ruleset: bounded sets (the rulesets, the outcomes the service names)."""
_events: dict[tuple[str, ...], Any] = {}


_lookups: dict[bool, Any] = {}


def cache_lookup(hit: bool) -> None:
    child = _lookups.get(hit)
    if child is None:  # made at the first lookup, in the worker that counts it
        child = _lookups[hit] = CACHE.labels("hit" if hit else "miss")
    child.inc()


METHODS = frozenset(("GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"))
"""The methods that are labels of their own; any other is ``other``."""
OTHER = "other"

_routes: frozenset[str] = frozenset()


def known_routes(templates: Iterable[str]) -> None:
    """The route templates of the app (``/games/{game_id}``, ...): the only
    ``route`` labels besides ``other``, so no request can add a label value."""
    global _routes
    _routes = _routes | frozenset(templates)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    """One answered request. A method outside ``METHODS`` and a route that is
    not a known template are labelled ``other``: junk requests (any method,
    any path) cannot grow the exposition."""
    method = method if method in METHODS else OTHER
    route = route if route in _routes else OTHER
    key = (method, route, status)
    children = _answered.get(key)
    if children is None:  # a label set's first answer; then one dictionary lookup
        children = _answered[key] = (
            REQUESTS.labels(method, route, str(status)),
            LATENCY.labels(method, route),
        )
    children[0].inc()
    children[1].observe(seconds)


_answered: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""The children of ``REQUESTS`` and ``LATENCY`` per (method, route, status): a
bounded set, since every label is (``METHODS``, the app's routes, a status)."""


def process_stats() -> tuple[int, int]:
    """(resident bytes, open descriptors) of this process, from /proc (0s elsewhere)."""
    rss = fds = 0
    with contextlib.suppress(OSError, ValueError, IndexError):
        with open("/proc/self/statm") as fh:
            rss = int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    with contextlib.suppress(OSError):
        fds = len(os.listdir("/proc/self/fd"))
    return rss, fds


def sample(store: Any) -> None:
    """Refresh the gauges owned by this process (pool use, memory, descriptors)."""
    rss, fds = process_stats()
    RSS.set(rss)
    FDS.set(fds)
    pool = getattr(store, "_pool", None)
    stats = getattr(pool, "get_stats", None)
    if stats is not None:
        with contextlib.suppress(Exception):
            values = stats()
            POOL.labels("size").set(values.get("pool_size", 0))
            POOL.labels("idle").set(values.get("pool_available", 0))
            POOL.labels("waiting").set(values.get("requests_waiting", 0))


_PID = re.compile(r"_(\d+)\.db$")


def _forget_dead_workers(path: str) -> None:
    """Drop the live gauges of workers that died without cleaning up (SIGKILL)."""
    for name in glob.glob(os.path.join(path, "gauge_live*_*.db")):
        match = _PID.search(name)
        if match is None:
            continue
        pid = int(match.group(1))
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(Exception):
                multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]
        except PermissionError:
            pass


def mark_exit() -> None:
    """A worker shutting down cleanly removes its live gauges."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        with contextlib.suppress(Exception):
            multiprocess.mark_process_dead(os.getpid(), path)  # type: ignore[no-untyped-call]


def exposition() -> tuple[bytes, str]:
    """The text exposition of every metric of every live worker."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if MULTIPROCESS and path:
        _forget_dead_workers(path)
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=path)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    from prometheus_client import REGISTRY

    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
