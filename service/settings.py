"""Service settings, read from ``PLATEAU_*`` environment variables.

The variables, their defaults and meanings are written once, in
``CONFIGURATION`` below; README.md's "Configuration" table is generated from
it (``python -m service.settings``) and a test keeps the two identical.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from urllib.parse import urlsplit

import msgspec

CONFIGURATION: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (
        ("PLATEAU_DATABASE_URL",),
        "`sqlite:///var/plateau.db`",
        "`sqlite:` path (embedded) or `postgresql://` URL",
    ),
    (
        ("PLATEAU_REDIS_URL",),
        "unset",
        "Redis for the state cache and the cross-process fan-out; unset: in-process",
    ),
    (
        ("PLATEAU_REDIS_PREFIX",),
        "`plateau:`",
        "prefix of every Redis key and channel",
    ),
    (
        ("PLATEAU_SNAPSHOT_EVERY",),
        "`50`",
        "a snapshot every N events: a cold load folds at most N events",
    ),
    (
        ("PLATEAU_CORS_ORIGINS",),
        "unset",
        "comma-separated origins allowed to call from a browser (`*` for any)",
    ),
    (
        ("PLATEAU_MAX_BODY_BYTES",),
        "`65536`",
        "request body limit",
    ),
    (
        ("PLATEAU_COMMAND_RETRIES",),
        "`5`",
        "re-decide attempts after a lost race before 409",
    ),
    (
        ("PLATEAU_SSE_HEARTBEAT",),
        "`15`",
        "seconds between SSE heartbeats (and store polls)",
    ),
    (
        ("PLATEAU_MAX_IMPORT_BYTES",),
        "`16777216`",
        "body limit of `POST /games/import`",
    ),
    (
        ("PLATEAU_FEED_POLL",),
        "`0.5`",
        "seconds between store polls of the global feed's stream",
    ),
    (
        ("PLATEAU_SANDBOX",),
        "`0`",
        "`1`: `POST /games` accepts a `seed` (fixed games for client tests; shown in `/health/ready`); refused with `PLATEAU_ENV=production` or a database or Redis off this machine",
    ),
    (
        ("PLATEAU_ENV",),
        "unset",
        "`production` marks a production deployment",
    ),
    (
        ("PLATEAU_HOST", "PLATEAU_PORT", "PLATEAU_WORKERS"),
        "`127.0.0.1`, `8000`, `1`",
        "defaults of `plateau serve`",
    ),
    (
        ("PLATEAU_SHUTDOWN_TIMEOUT",),
        "`10`",
        "seconds a worker has, after SIGTERM (and the drain), to finish in-flight requests before it is killed",
    ),
    (
        ("PLATEAU_DRAIN_SECONDS",),
        "`0`",
        "after SIGTERM, keep serving this long with `/health/ready` at 503 `draining` before closing the listener",
    ),
    (
        ("PLATEAU_MAX_STREAMS",),
        "`1000`",
        "concurrent SSE streams per process (503 `too_many_streams` beyond)",
    ),
    (
        ("PLATEAU_MAX_HEADER_BYTES",),
        "`65536`",
        "request line and headers limit (granian's HTTP/1 buffer; 431 beyond)",
    ),
    (
        ("PLATEAU_STATEMENT_TIMEOUT_MS", "PLATEAU_LOCK_TIMEOUT_MS"),
        "`5000`, `3000`",
        "PostgreSQL `statement_timeout` (every pooled connection) and `lock_timeout` (game row, events lock); 503 beyond",
    ),
    (
        ("PLATEAU_POOL_MIN_SIZE", "PLATEAU_POOL_MAX_SIZE", "PLATEAU_POOL_TIMEOUT"),
        "`1`, `10`, `5`",
        "PostgreSQL connections per worker process; seconds to wait for one (503 beyond)",
    ),
    (
        ("PLATEAU_RATE_LIMIT_TOKEN", "PLATEAU_RATE_LIMIT_ADDRESS"),
        "`0`, `0`",
        "requests per window per bearer token / per client address; `0` is off (429 beyond); counted in Redis when configured, so shared by every replica",
    ),
    (
        ("PLATEAU_RATE_LIMIT_WINDOW",),
        "`60`",
        "the rate-limit window, seconds",
    ),
    (
        ("PLATEAU_TRUSTED_PROXIES",),
        "unset",
        "comma-separated proxy addresses whose `X-Forwarded-For` names the client (for the address limit)",
    ),
    (
        ("PLATEAU_IDEMPOTENCY_RETENTION",),
        "`604800`",
        "seconds an `Idempotency-Key` is remembered (7 days); older command records are purged, a retry inside the window always replays",
    ),
    (
        ("PLATEAU_PURGE_INTERVAL",),
        "`3600`",
        "seconds between purges in each process (`0`: never)",
    ),
    (
        ("PLATEAU_LOG_FORMAT", "PLATEAU_LOG_LEVEL"),
        "`json`, `info`",
        "`plateau serve` logs one JSON object a line (`ts`, `level`, `logger`, `message`, `request_id`, …) or `text`",
    ),
)
"""(variables, default, meaning) of each row of the configuration table, in
Markdown: the one description of every ``PLATEAU_*`` setting."""


def configuration_table() -> str:
    """README.md's configuration table (Markdown), from ``CONFIGURATION``."""
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    for names, default, meaning in CONFIGURATION:
        variables = ", ".join(f"`{n}`" for n in names)
        lines.append(f"| {variables} | {default} | {meaning} |")
    return "\n".join(lines) + "\n"


class Settings(msgspec.Struct, kw_only=True, frozen=True):
    database_url: str = "sqlite:///var/plateau.db"
    redis_url: str | None = None
    redis_prefix: str = "plateau:"
    snapshot_every: int = 50
    cors_origins: tuple[str, ...] = ()
    max_body_bytes: int = 65536
    command_retries: int = 5
    sse_heartbeat: float = 15.0
    max_import_bytes: int = 16 * 1024 * 1024
    feed_poll: float = 0.5
    sandbox: bool = False
    env: str | None = None
    """``PLATEAU_ENV``: ``production`` marks a production deployment."""
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    shutdown_timeout: int = 10
    drain_seconds: float = 0.0
    max_streams: int = 1000
    max_header_bytes: int = 65536
    statement_timeout_ms: int = 5000
    lock_timeout_ms: int = 3000
    pool_min_size: int = 1
    pool_max_size: int = 10
    pool_timeout: float = 5.0
    rate_limit_token: int = 0
    rate_limit_address: int = 0
    rate_limit_window: int = 60
    trusted_proxies: tuple[str, ...] = ()
    idempotency_retention: int = 604800
    purge_interval: float = 3600.0
    log_format: str = "json"
    log_level: str = "info"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(f"PLATEAU_{name}")
            return value if value not in (None, "") else None

        kwargs: dict[str, object] = {}
        for field, conv in (
            ("database_url", str),
            ("redis_url", str),
            ("redis_prefix", str),
            ("snapshot_every", int),
            ("max_body_bytes", int),
            ("command_retries", int),
            ("sse_heartbeat", float),
            ("max_import_bytes", int),
            ("feed_poll", float),
            ("host", str),
            ("port", int),
            ("workers", int),
            ("shutdown_timeout", int),
            ("drain_seconds", float),
            ("max_streams", int),
            ("max_header_bytes", int),
            ("statement_timeout_ms", int),
            ("lock_timeout_ms", int),
            ("pool_min_size", int),
            ("pool_max_size", int),
            ("pool_timeout", float),
            ("rate_limit_token", int),
            ("rate_limit_address", int),
            ("rate_limit_window", int),
            ("idempotency_retention", int),
            ("purge_interval", float),
            ("log_format", str),
            ("log_level", str),
        ):
            raw = get(field.upper())
            if raw is not None:
                kwargs[field] = conv(raw)
        origins = get("CORS_ORIGINS")
        if origins:
            kwargs["cors_origins"] = tuple(o.strip() for o in origins.split(",") if o.strip())
        proxies = get("TRUSTED_PROXIES")
        if proxies:
            kwargs["trusted_proxies"] = tuple(p.strip() for p in proxies.split(",") if p.strip())
        sandbox = get("SANDBOX")
        if sandbox is not None:
            if sandbox.lower() not in {"0", "1", "true", "false", "yes", "no"}:
                raise ValueError("PLATEAU_SANDBOX must be 0 or 1")
            kwargs["sandbox"] = sandbox.lower() in {"1", "true", "yes"}
        kwargs["env"] = get("ENV")
        settings = cls(**kwargs)  # type: ignore[arg-type]
        if settings.snapshot_every < 1:
            raise ValueError("PLATEAU_SNAPSHOT_EVERY must be >= 1")
        if settings.shutdown_timeout < 1:
            raise ValueError("PLATEAU_SHUTDOWN_TIMEOUT must be >= 1")
        if settings.rate_limit_window < 1:
            raise ValueError("PLATEAU_RATE_LIMIT_WINDOW must be >= 1")
        if settings.log_format not in ("json", "text"):
            raise ValueError("PLATEAU_LOG_FORMAT must be 'json' or 'text'")
        settings.check_sandbox()
        return settings

    def check_sandbox(self) -> None:
        """Sandbox mode (fixed seeds) is for a developer's machine or a CI run:
        refused with anything that looks like production."""
        if not self.sandbox:
            return
        reasons = []
        if (self.env or "").lower() in {"production", "prod"}:
            reasons.append(f"PLATEAU_ENV={self.env}")
        for name, url in (("database", self.database_url), ("Redis", self.redis_url)):
            if url and not url.startswith("sqlite") and not _is_loopback(url):
                reasons.append(f"a {name} that is not on this machine ({_host(url)})")
        if reasons:
            raise ValueError(
                "PLATEAU_SANDBOX=1 lets clients choose seeds and is refused with a "
                "production-looking configuration: " + ", ".join(reasons)
            )


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


def _is_loopback(url: str) -> bool:
    host = _host(url)
    if host in {"", "localhost"}:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def store_options(settings: Settings) -> dict[str, object]:
    """``open_store`` options from the settings (pool and timeouts: PostgreSQL only)."""
    if settings.database_url.startswith("sqlite"):
        return {}
    return {
        "min_size": settings.pool_min_size,
        "max_size": settings.pool_max_size,
        "timeout": settings.pool_timeout,
        "lock_timeout_ms": settings.lock_timeout_ms,
        "statement_timeout_ms": settings.statement_timeout_ms,
    }


if __name__ == "__main__":
    print(configuration_table(), end="")
