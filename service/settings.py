"""Service settings, read from ``PLATEAU_*`` environment variables.

| variable | default | meaning |
|---|---|---|
| ``PLATEAU_DATABASE_URL`` | ``sqlite:///var/plateau.db`` | ``sqlite:`` path (embedded) or ``postgresql://`` URL |
| ``PLATEAU_REDIS_URL`` | unset | Redis URL for the state cache and the cross-process fan-out; unset: in-process |
| ``PLATEAU_REDIS_PREFIX`` | ``plateau:`` | prefix of every Redis key and channel |
| ``PLATEAU_SNAPSHOT_EVERY`` | ``50`` | a snapshot every N events, so a cold load folds at most N events |
| ``PLATEAU_CORS_ORIGINS`` | unset | comma-separated allowed origins (``*`` for any) |
| ``PLATEAU_MAX_BODY_BYTES`` | ``65536`` | request body size limit (413 above) |
| ``PLATEAU_COMMAND_RETRIES`` | ``5`` | re-decide attempts on a concurrent append before answering 409 |
| ``PLATEAU_SSE_HEARTBEAT`` | ``15`` | seconds between SSE heartbeats (and store polls) |
| ``PLATEAU_MAX_IMPORT_BYTES`` | ``16777216`` | body size limit of ``POST /games/import`` (413 above) |
| ``PLATEAU_FEED_POLL`` | ``0.5`` | seconds between store polls of the global feed's stream |
| ``PLATEAU_SANDBOX`` | ``0`` | ``1``: ``POST /games`` accepts a ``seed`` (fixed games for client tests); refused with ``PLATEAU_ENV=production`` or a non-loopback database or Redis |
| ``PLATEAU_ENV`` | unset | ``production`` marks a production deployment (sandbox mode is then refused) |
| ``PLATEAU_HOST`` / ``PLATEAU_PORT`` / ``PLATEAU_WORKERS`` | ``127.0.0.1`` / ``8000`` / ``1`` | ``plateau serve`` defaults |
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from urllib.parse import urlsplit

import msgspec


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
    environment: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1

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
        ):
            raw = get(field.upper())
            if raw is not None:
                kwargs[field] = conv(raw)
        origins = get("CORS_ORIGINS")
        if origins:
            kwargs["cors_origins"] = tuple(o.strip() for o in origins.split(",") if o.strip())
        sandbox = get("SANDBOX")
        if sandbox is not None:
            if sandbox.lower() not in {"0", "1", "true", "false", "yes", "no"}:
                raise ValueError("PLATEAU_SANDBOX must be 0 or 1")
            kwargs["sandbox"] = sandbox.lower() in {"1", "true", "yes"}
        kwargs["environment"] = get("ENV")
        settings = cls(**kwargs)  # type: ignore[arg-type]
        if settings.snapshot_every < 1:
            raise ValueError("PLATEAU_SNAPSHOT_EVERY must be >= 1")
        settings.check_sandbox()
        return settings

    def check_sandbox(self) -> None:
        """Sandbox mode (fixed seeds) is for a developer's machine or a CI run:
        refused with anything that looks like production."""
        if not self.sandbox:
            return
        reasons = []
        if (self.environment or "").lower() in {"production", "prod"}:
            reasons.append(f"PLATEAU_ENV={self.environment}")
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
