"""Service settings, read from ``PLATEAU_*`` environment variables.

The variables, their defaults and meanings are written once, in
``CONFIGURATION`` below; docs/configuration.md's table is generated from
it (``python -m service.settings``) and a test keeps the two identical.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping

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
        "seconds between SSE heartbeats, and between the checks of a followed game's head (one per game per process, whatever its number of streams)",
    ),
    (
        ("PLATEAU_MAX_IMPORT_BYTES",),
        "`16777216`",
        "body limit of `POST /games/import`, counted while the body streams in (413 `payload_too_large` beyond, before anything is parsed)",
    ),
    (
        ("PLATEAU_IMPORT_AUDIT_SECONDS",),
        "`10`",
        "CPU seconds the audit of one `POST /games/import` may take, in a worker thread off the event loop (422 `import_over_budget` beyond; `plateau import` has no budget)",
    ),
    (
        ("PLATEAU_OPERATOR_TOKEN",),
        "unset",
        "the operator's secret (at least 32 characters; never logged): `Authorization: Bearer <it>` may import a game still in play; unset: no operator",
    ),
    (
        ("PLATEAU_FEED_POLL",),
        "`0.5`",
        "seconds between the global feed's store polls (one reader per process for all its feed streams; while Redis pushes every move, polled at each heartbeat only)",
    ),
    (
        ("PLATEAU_SANDBOX",),
        "`0`",
        "`1`: `POST /games` accepts a `seed` or a named `position` (fixed games for client tests; shown in `/health/ready`); the server does not start with `PLATEAU_ENV=production` or a database or Redis not provably on this machine's loopback (see [Sandbox mode](#sandbox-mode))",
    ),
    (
        ("PLATEAU_ENV",),
        "unset",
        "`production` (or `prod`; trimmed, any case) marks a production deployment",
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
        ("PLATEAU_LOOP",),
        "`uvloop`",
        "the event loop of `plateau serve`'s workers: `uvloop` (5 to 10% less CPU per command, docs/performance.md; where it is not installed, `asyncio`, with a warning at start) or `asyncio`, the standard one",
    ),
    (
        ("PLATEAU_DRAIN_SECONDS",),
        "`0`",
        "after SIGTERM, keep serving this long with `/health/ready` at 503 `draining` before closing the listener",
    ),
    # --- connections, requests and streams (docs/operations.md, "Limits") ---
    (
        ("PLATEAU_MAX_CONNECTIONS",),
        "`10000`",
        "open connections per worker process (granian's `backpressure`; lowered to the open-file limit at start); past it a new connection waits in the kernel's queue until an idle one is closed (at most `PLATEAU_IDLE_TIMEOUT`); must exceed `PLATEAU_MAX_STREAMS` + `PLATEAU_MAX_REQUESTS`",
    ),
    (
        ("PLATEAU_IDLE_TIMEOUT",),
        "`30`",
        "seconds a connection may wait for (or spend sending) its next request head, counted from its opening and from the end of each answer; closed beyond (granian's `header_read_timeout`)",
    ),
    (
        ("PLATEAU_BODY_TIMEOUT",),
        "`30`",
        "seconds a request body may take to arrive (time spent waiting for it); 408 `body_timeout` beyond, and the connection is closed",
    ),
    (
        ("PLATEAU_MAX_REQUESTS",),
        "`1000`",
        "requests (streams aside) in progress at once per process; 503 `overloaded` beyond (`/health/*` and `/metrics` are always answered)",
    ),
    (
        ("PLATEAU_MAX_REQUESTS_PER_ADDRESS",),
        "`64`",
        "requests (streams aside) in progress at once per client address, per process; 503 `too_many_connections` beyond",
    ),
    (
        ("PLATEAU_MAX_STREAMS",),
        "`5000`",
        "SSE streams open at once per process (503 `too_many_streams` beyond)",
    ),
    (
        ("PLATEAU_MAX_STREAMS_PER_ADDRESS", "PLATEAU_MAX_STREAMS_PER_TOKEN"),
        "`100`, `10`",
        "SSE streams open at once per client address / per bearer token, per process (503 `too_many_streams` beyond)",
    ),
    # --- end of connections, requests and streams ---
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
        ("PLATEAU_DATABASE_POOLER",),
        "unset",
        "`transaction`: `PLATEAU_DATABASE_URL` reaches PostgreSQL through a pooler in transaction mode (PgBouncer `pool_mode = transaction`): no prepared statements, no session `SET` or startup options, timeouts set per transaction, transaction-scoped advisory locks only (see [docs/scaling.md](scaling.md#pgbouncer)); unset: a direct connection",
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
        "comma-separated proxy addresses or networks (`10.0.0.0/8`) whose `X-Forwarded-For` names the client (for every limit per client address); behind a proxy, set it, or every client shares the proxy's address",
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
        ("PLATEAU_BOT_PROCESSES",),
        "`1`",
        "processes per worker that think for the service's bots, at a lower CPU priority (the worker's event loop never thinks)",
    ),
    (
        ("PLATEAU_BOT_MOVE_MS",),
        "`600`",
        "thinking time of one bot move, milliseconds; a move not back within four times it plus 5 s is abandoned for a random legal move",
    ),
    (
        ("PLATEAU_BOT_GAMES_PER_ADDRESS",),
        "`2`",
        "bots-only games in play per client address (`0`: no bound); 429 `quota_exceeded` beyond",
    ),
    (
        ("PLATEAU_QUOTA_GAMES", "PLATEAU_QUOTA_PLAYERS"),
        "`120`, `60`",
        "games and players one client address may create per `PLATEAU_QUOTA_WINDOW` (`0`: no quota); 429 `quota_exceeded` with `Retry-After` beyond",
    ),
    (
        ("PLATEAU_QUOTA_WINDOW",),
        "`3600`",
        "the quotas' sliding window, seconds",
    ),
    (
        ("PLATEAU_WAITING_GAME_TTL",),
        "`86400`",
        "seconds a game may wait for its players after its last change (creation or a claim) before it is deleted (`0`: never); checked every `PLATEAU_PURGE_INTERVAL`",
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
    """docs/configuration.md's settings table (Markdown), from ``CONFIGURATION``."""
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
    import_audit_seconds: float = 10.0
    operator_token: str | None = None
    """``PLATEAU_OPERATOR_TOKEN``: a secret, left out of ``repr``."""
    feed_poll: float = 0.5
    sandbox: bool = False
    env: str | None = None
    """``PLATEAU_ENV``: ``production`` marks a production deployment."""
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    loop: str = "uvloop"
    shutdown_timeout: int = 10
    drain_seconds: float = 0.0
    max_header_bytes: int = 65536
    # connections, requests and streams
    max_connections: int = 10000
    idle_timeout: float = 30.0
    body_timeout: float = 30.0
    max_requests: int = 1000
    max_requests_per_address: int = 64
    max_streams: int = 5000
    max_streams_per_address: int = 100
    max_streams_per_token: int = 10
    statement_timeout_ms: int = 5000
    lock_timeout_ms: int = 3000
    database_pooler: str | None = None
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
    bot_processes: int = 1
    bot_move_ms: int = 600
    bot_games_per_address: int = 2
    quota_games: int = 120
    quota_players: int = 60
    quota_window: int = 3600
    waiting_game_ttl: int = 86400

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
            ("import_audit_seconds", float),
            ("operator_token", str),
            ("feed_poll", float),
            ("host", str),
            ("port", int),
            ("workers", int),
            ("loop", str),
            ("shutdown_timeout", int),
            ("drain_seconds", float),
            ("max_header_bytes", int),
            # connections, requests and streams
            ("max_connections", int),
            ("idle_timeout", float),
            ("body_timeout", float),
            ("max_requests", int),
            ("max_requests_per_address", int),
            ("max_streams", int),
            ("max_streams_per_address", int),
            ("max_streams_per_token", int),
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
            ("database_pooler", str),
            ("log_level", str),
            ("bot_processes", int),
            ("bot_move_ms", int),
            ("bot_games_per_address", int),
            ("quota_games", int),
            ("quota_players", int),
            ("quota_window", int),
            ("waiting_game_ttl", int),
        ):
            raw = get(field.upper())
            if raw is not None:
                kwargs[field] = conv(raw)
        origins = get("CORS_ORIGINS")
        if origins:
            kwargs["cors_origins"] = tuple(o.strip() for o in origins.split(",") if o.strip())
        proxies = get("TRUSTED_PROXIES")
        if proxies:
            kwargs["trusted_proxies"] = _trusted_proxies(proxies)
        sandbox = get("SANDBOX")
        if sandbox is not None:
            if sandbox.lower() not in {"0", "1", "true", "false", "yes", "no"}:
                raise ValueError("PLATEAU_SANDBOX must be 0 or 1")
            kwargs["sandbox"] = sandbox.lower() in {"1", "true", "yes"}
        kwargs["env"] = (get("ENV") or "").strip().casefold() or None  # "Production " is production
        settings = cls(**kwargs)  # type: ignore[arg-type]
        settings.check(env)
        return settings

    def check(self, environ: Mapping[str, str] | None = None) -> None:
        """ValueError for a setting out of its range, or a sandbox refused
        (``environ``: where libpq finds what a database URL leaves out)."""
        settings = self
        if settings.snapshot_every < 1:
            raise ValueError("PLATEAU_SNAPSHOT_EVERY must be >= 1")
        if settings.shutdown_timeout < 1:
            raise ValueError("PLATEAU_SHUTDOWN_TIMEOUT must be >= 1")
        if settings.rate_limit_window < 1:
            raise ValueError("PLATEAU_RATE_LIMIT_WINDOW must be >= 1")
        if settings.bot_processes < 1:
            raise ValueError("PLATEAU_BOT_PROCESSES must be >= 1")
        if settings.bot_move_ms < 1:
            raise ValueError("PLATEAU_BOT_MOVE_MS must be >= 1")
        if settings.quota_window < 1:
            raise ValueError("PLATEAU_QUOTA_WINDOW must be >= 1")
        if min(settings.bot_games_per_address, settings.quota_games, settings.quota_players) < 0:
            raise ValueError("a quota is a number of games or players, 0 for none")
        if settings.waiting_game_ttl < 0:
            raise ValueError("PLATEAU_WAITING_GAME_TTL must be >= 0")
        if settings.max_import_bytes < 1 or settings.import_audit_seconds <= 0:
            raise ValueError(
                "PLATEAU_MAX_IMPORT_BYTES and PLATEAU_IMPORT_AUDIT_SECONDS must be positive"
            )
        if settings.operator_token is not None and len(settings.operator_token) < 32:
            raise ValueError("PLATEAU_OPERATOR_TOKEN must be at least 32 characters")
        if settings.database_pooler not in (None, "transaction"):
            raise ValueError("PLATEAU_DATABASE_POOLER must be 'transaction' or unset")
        if settings.loop not in ("uvloop", "asyncio"):
            raise ValueError("PLATEAU_LOOP must be 'uvloop' or 'asyncio'")
        if settings.log_format not in ("json", "text"):
            raise ValueError("PLATEAU_LOG_FORMAT must be 'json' or 'text'")
        settings.check_limits()
        settings.check_sandbox(environ)

    def check_limits(self) -> None:
        """Every limit on: at least 1 (timeouts above 0), and the connections of
        a process more than its streams and requests, so that the connections
        held for long (streams, requests) never take every one of them: the
        rest are idle ones, closed after ``PLATEAU_IDLE_TIMEOUT``, and a probe
        always finds a connection."""
        for name in (
            "max_connections",
            "max_requests",
            "max_requests_per_address",
            "max_streams",
            "max_streams_per_address",
            "max_streams_per_token",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"PLATEAU_{name.upper()} must be >= 1")
        for name in ("idle_timeout", "body_timeout"):
            if not getattr(self, name) > 0:
                raise ValueError(f"PLATEAU_{name.upper()} must be > 0")
        if self.max_connections <= self.max_streams + self.max_requests:
            raise ValueError(
                "PLATEAU_MAX_CONNECTIONS must exceed PLATEAU_MAX_STREAMS + PLATEAU_MAX_REQUESTS"
                f" ({self.max_connections} <= {self.max_streams} + {self.max_requests})"
            )

    def __repr__(self) -> str:
        """Every setting but the operator's secret (a repr may reach a log)."""
        shown = (
            f"{name}={'***' if name == 'operator_token' and value else repr(value)}"
            for name in self.__struct_fields__
            for value in [getattr(self, name)]
        )
        return f"Settings({', '.join(shown)})"

    def check_sandbox(self, environ: Mapping[str, str] | None = None) -> None:
        """Sandbox mode (fixed seeds) is for a developer's machine or a CI run:
        refused with anything that looks like production, or is not provably
        on this machine. ``environ`` (default ``os.environ``) is where libpq
        finds the ``PGHOST``, ``PGHOSTADDR`` and ``PGSERVICE`` a URL leaves out."""
        if not self.sandbox:
            return
        reasons = []
        if production_env(self.env):
            reasons.append(f"PLATEAU_ENV={self.env}")
        elsewhere = postgres_off_loopback(
            self.database_url, os.environ if environ is None else environ
        )
        if elsewhere:
            reasons.append(f"a database not provably on this machine ({elsewhere})")
        elsewhere = redis_off_loopback(self.redis_url)
        if elsewhere:
            reasons.append(f"a Redis not provably on this machine ({elsewhere})")
        if reasons:
            raise ValueError(
                "PLATEAU_SANDBOX=1 lets clients choose seeds and is refused with a "
                "production-looking configuration: " + ", ".join(reasons)
            )


PRODUCTION_ENVS = frozenset({"production", "prod"})
"""``PLATEAU_ENV`` values (trimmed, any case) that mark a production deployment."""


def _trusted_proxies(raw: str) -> tuple[str, ...]:
    """``PLATEAU_TRUSTED_PROXIES``: addresses or networks, comma-separated."""
    trusted = tuple(p.strip() for p in raw.split(",") if p.strip())
    for proxy in trusted:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ValueError(
                f"PLATEAU_TRUSTED_PROXIES: {proxy!r} is not an address or a network"
            ) from None
    return trusted


def production_env(env: str | None) -> bool:
    """``PLATEAU_ENV`` names production: ``"Production "`` does, as ``production``."""
    return (env or "").strip().casefold() in PRODUCTION_ENVS


def is_loopback_host(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1); a name, a socket
    path or an empty host is not provably this machine's loopback."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def postgres_off_loopback(url: str, environ: Mapping[str, str]) -> str | None:
    """Why a ``postgresql:`` URL is not provably a TCP connection to this
    machine's loopback (None: it is; SQLite is a local file). Read as libpq reads
    it (``conninfo_to_dict``): query parameters override the authority
    (``?host=``, ``?hostaddr=``), hosts may be lists, and what the URL leaves
    out comes from ``PGHOST``, ``PGHOSTADDR`` or ``PGSERVICE``; a URL without a
    host uses a Unix socket, which may lead anywhere (a proxy), so it is refused."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    if url.startswith("sqlite:"):
        return None
    try:
        params = conninfo_to_dict("postgresql:" + url.split(":", 1)[1])
    except ProgrammingError as exc:
        return f"an unreadable URL: {exc}"
    for key, variable in (("host", "PGHOST"), ("hostaddr", "PGHOSTADDR"), ("service", "PGSERVICE")):
        if not params.get(key) and environ.get(variable):
            params[key] = environ[variable]
    if params.get("service"):
        return f"the connection service {params['service']!r}, whose host is not checked"
    hosts, addrs = (
        str(params[k]).split(",") if params.get(k) else [] for k in ("host", "hostaddr")
    )
    if hosts and addrs and len(hosts) != len(addrs):
        return f"{len(hosts)} hosts for {len(addrs)} hostaddr values"
    # Entry i connects to hostaddr i when given, else to host i (else a socket).
    targets = [
        (addrs[i] if addrs and addrs[i] else hosts[i] if hosts else "")
        for i in range(max(len(hosts), len(addrs), 1))
    ]
    off = [t or "a Unix socket" for t in targets if not is_loopback_host(t)]
    return ", ".join(dict.fromkeys(off)) or None


def redis_off_loopback(url: str | None) -> str | None:
    """Why a Redis URL is not provably a TCP connection to this machine's
    loopback (None: it is, or there is none). Read as redis-py reads it
    (``parse_url``: a ``?host=`` counts when the authority names none); a
    ``unix://`` socket is refused, as PostgreSQL's is."""
    from redis.connection import parse_url

    if not url:
        return None
    try:
        options = parse_url(url)  # type: ignore[no-untyped-call]
    except ValueError as exc:
        return f"an unreadable URL: {exc}"
    if "path" in options or url.startswith("unix:"):
        return f"a Unix socket ({options.get('path', '')})"
    host = str(options.get("host", "localhost"))
    return None if is_loopback_host(host) else host


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
        **pooler_options(settings),
    }


def pooler_options(settings: Settings) -> dict[str, object]:
    """``open_store`` options every PostgreSQL store needs, the command line's too:
    the pooler mode when ``PLATEAU_DATABASE_POOLER`` is set."""
    if settings.database_url.startswith("sqlite") or settings.database_pooler is None:
        return {}
    return {"pooler": settings.database_pooler}


if __name__ == "__main__":
    print(configuration_table(), end="")
