"""The ``plateau`` command: serve, openapi, migrate, export, import, verify, replay, render, bot."""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import gc
import importlib.util
import json
import os
import sys
from typing import Any


def _settings() -> Any:
    from service.settings import Settings

    return Settings.from_env()


def _metrics_dir() -> str:
    """The prometheus-client multiprocess directory, emptied before the workers start.

    ``PROMETHEUS_MULTIPROC_DIR`` when set (it must be a directory this server
    owns alone), else a fresh one under the system temporary directory. Stale
    files from a previous run would otherwise add up with the new counters.
    """
    import shutil
    import tempfile

    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        os.makedirs(path, exist_ok=True)
        for name in os.listdir(path):
            if name.endswith(".db"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(os.path.join(path, name))
    else:
        path = tempfile.mkdtemp(prefix="plateau-metrics-")
        atexit.register(shutil.rmtree, path, True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
    return path


FD_RESERVE = 256
"""Open files a worker keeps for itself beside its connections (the database
pool, Redis, logs, the metrics files)."""


def connection_limit(wanted: int) -> int:
    """``PLATEAU_MAX_CONNECTIONS`` within this process's open-file limit: the soft
    limit is raised to the hard one when needed (workers inherit it), and the
    number lowered, with a warning, when even that is short."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + FD_RESERVE
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft != resource.RLIM_INFINITY and soft < needed:
        lowered = max(1, soft - FD_RESERVE)
        print(
            f"plateau: PLATEAU_MAX_CONNECTIONS={wanted} exceeds the open-file limit ({soft});"
            f" serving at most {lowered} connections per worker (raise `ulimit -n`)",
            file=sys.stderr,
            flush=True,
        )
        return lowered
    return wanted


GC_THRESHOLDS = (5_000, 200, 100)
"""The workers' collector thresholds (``gc.set_threshold``; Python's are 700, 10, 10).

A young collection scans every container made since the previous one that is still
alive: a collection every 5,000 keeps each pause short (1 to 2 ms at 2,000 games on
two workers, where every 50,000 took 30 to 80 ms, the tail of the commands), for the
same collector CPU in all; the middle generation, which holds a move's objects that
live until the game's next move, is collected 200 times less often than the young one
(about once a minute at that load, 140 to 270 ms measured): docs/performance.md."""


def _has_uvloop() -> bool:
    """uvloop is installed (a dependency except on Windows, where granian's
    workers run the standard loop)."""
    return importlib.util.find_spec("uvloop") is not None


def worker_loop(asked: str, has_uvloop: bool) -> tuple[str, str | None]:
    """The workers' event loop for ``PLATEAU_LOOP=asked`` (``uvloop`` or ``asyncio``),
    and a warning when it is not the one asked for: uvloop asked where it is not
    installed (Windows, or an install without it) runs the standard loop, said once at
    start rather than only as the startup line's ``loop asyncio``."""
    if asked == "uvloop" and not has_uvloop:
        return "asyncio", (
            "PLATEAU_LOOP=uvloop but uvloop is not installed here: the workers run the"
            " standard asyncio loop (install uvloop, or set PLATEAU_LOOP=asyncio to say so)"
        )
    return asked, None


def cmd_serve(args: argparse.Namespace) -> int:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.http import HTTP1Settings

    settings = _settings()
    host = args.host or settings.host
    port = args.port or settings.port
    workers = args.workers or settings.workers
    if settings.database_url.startswith("sqlite"):
        # Apply migrations once, before the workers start.
        asyncio.run(_migrate(settings))
    _metrics_dir()
    # Workers install the draining signal handler (service.api.middleware.lifecycle) only
    # under this command: an embedding server keeps its own signal handling.
    os.environ["PLATEAU_SUPERVISED"] = "1"
    connections = connection_limit(settings.max_connections)
    chosen, warning = worker_loop(settings.loop, _has_uvloop())
    if warning is not None:
        print(f"plateau: warning: {warning}", file=sys.stderr, flush=True)
    loop = Loops(chosen)
    print(
        f"plateau: serving on http://{host}:{port} with {workers} worker(s),"
        f" store {settings.database_url.split(':', 1)[0]}, loop {loop.value}",
        flush=True,
    )
    from service.games.texts import warm as warm_words
    from service.logs import dict_config, lighten

    lighten()  # the workers inherit the logging module's switches
    warm_words()  # the workers fork from this process: they inherit the parsed catalogues
    # Importing the service made this process's own (zero) live gauges; it serves
    # nothing, so its files go, or /metrics would list it as a worker while it lives.
    from service.metrics import mark_exit

    mark_exit()
    # The workers fork from here: what is loaded so far lives as long as they do, so
    # the collector stops scanning it (a full collection of a busy worker took 40-80 ms),
    # and collects the young generation in short pauses (``GC_THRESHOLDS``).
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    Granian(
        "service.asgi:app",
        log_dictconfig=dict_config(settings.log_format, settings.log_level),
        address=host,
        port=port,
        workers=workers,
        interface=Interfaces.ASGI,
        log_access=args.access_log,
        # A worker that dies (SIGKILL, OOM, a crash in a C extension) costs only
        # its own in-flight requests: the others keep serving and it is replaced.
        respawn_failed_workers=True,
        # On SIGTERM each worker drains (service.api.middleware.lifecycle), then gets this long
        # to finish in-flight requests before it is killed.
        workers_kill_timeout=max(
            1, int(settings.shutdown_timeout + settings.drain_seconds + 0.999)
        ),
        # The limits of a connection (docs/operations.md, "Limits"). HTTP/1.1
        # only: hyper's header read timeout then runs from a connection's
        # opening (in "auto" mode a connection that sends nothing is never
        # closed) and after every answer (the idle keep-alive timeout).
        http=HTTPModes.http1,
        http1_settings=HTTP1Settings(
            max_buffer_size=max(8192, settings.max_header_bytes),
            header_read_timeout=max(1, round(settings.idle_timeout * 1000)),
        ),
        # Granian's semaphore: one permit per open connection, taken before
        # accept() (src/workers.rs); past it connections wait in the listen queue.
        backpressure=connections,
        # ``PLATEAU_LOOP``: uvloop by default, a dependency wherever it builds (the
        # same commands for 5 to 10% less CPU, docs/performance.md). Named,
        # not "auto", which would take any other loop installed beside it.
        loop=loop,
    ).serve()
    return 0


async def _migrate(settings: Any) -> list[str]:
    from service.settings import pooler_options
    from service.store import open_store

    store = open_store(settings.database_url, **pooler_options(settings))
    await store.open()  # opening applies every pending migration
    try:
        applied: list[str] = await store.migrate()
    finally:
        await store.close()
    return applied


def cmd_migrate(args: argparse.Namespace) -> int:
    asyncio.run(_migrate(_settings()))
    print("plateau: the database schema is up to date")
    return 0


def openapi_document() -> dict[str, Any]:
    import copy

    from service.app import openapi_document as document

    return copy.deepcopy(document())  # the app's own copy stays as built


def cmd_openapi(args: argparse.Namespace) -> int:
    text = json.dumps(openapi_document(), indent=2, sort_keys=False, ensure_ascii=False) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


async def _export(settings: Any, game_id: str) -> dict[str, Any]:
    from service.games.exports import export_game
    from service.settings import pooler_options
    from service.store import open_store

    store = open_store(settings.database_url, **pooler_options(settings))
    await store.open()
    try:
        game = await store.get_game(game_id)
        if game is None:
            raise SystemExit(f"no game {game_id}")
        return await export_game(store, game)
    finally:
        await store.close()


def replay_document(doc: dict[str, Any]) -> dict[str, Any]:
    """Fold an exported game with no service and report what it shows.

    Checks that versions are contiguous and, once the seed is revealed, that
    it matches the ``seed_sha256`` published at creation. The outcome folded
    here must equal the one the service recorded (``outcome_matches``).
    """
    import hashlib

    import msgspec

    from domain import RULESETS, fold

    game = doc["game"]
    ruleset = RULESETS[game["ruleset"]]
    versions = [e["version"] for e in doc["events"]]
    events = [msgspec.json.decode(json.dumps(e["data"]), type=ruleset.Event) for e in doc["events"]]
    state = fold(ruleset, events)
    outcome = ruleset.outcome(state) if state is not None else None
    folded = json.loads(msgspec.json.encode(outcome)) if outcome else None
    seed = doc.get("seed")
    return {
        "game_id": game["game_id"],
        "ruleset": ruleset.name,
        "version": len(events),
        "versions_contiguous": versions == list(range(1, len(versions) + 1)),
        "seed_matches_commitment": (
            hashlib.sha256(seed.encode()).hexdigest() == game["seed_sha256"] if seed else None
        ),
        "outcome": folded,
        "outcome_matches": folded == game.get("outcome"),
        "to_act": ruleset.to_act(state) if state is not None else [],
    }


def cmd_replay(args: argparse.Namespace) -> int:
    from service.cli.games import InputError, input_error, load_json_file

    if args.file:
        try:
            doc = load_json_file(args.file)
        except InputError as exc:
            return input_error("replay", exc)
    else:
        doc = asyncio.run(_export(_settings(), args.game_id))
    json.dump(replay_document(doc), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def render_document(
    doc: dict[str, Any], version: int | None, seat: str | None, lang: str = "en"
) -> str:
    """The picture of an exported game at ``version`` (default: the last) for ``seat``
    (default: a spectator), with the players' names of the export, its text in
    ``lang`` and the last move's marks: the bytes ``GET /picture.svg`` answers."""
    import msgspec

    from domain import RULESETS, fold
    from domain.pictures import render
    from domain.words import registry

    game = doc["game"]
    ruleset = RULESETS[game["ruleset"]]
    events = [msgspec.json.decode(json.dumps(e["data"]), type=ruleset.Event) for e in doc["events"]]
    target = len(events) if version is None else version
    if not events or not 1 <= target <= len(events):
        raise SystemExit(
            f"game {game['game_id']} has no version {target} (versions 1..{len(events)})"
        )
    seats = {s["seat"]: s.get("player_name") for s in game["seats"]}
    if seat is not None and seat not in seats:
        raise SystemExit(f"game {game['game_id']} has no seat {seat!r} (seats: {', '.join(seats)})")
    state = fold(ruleset, events[:target])
    moves = [e.get("command_id") for e in doc["events"][:target]]
    first = target
    while first > 0 and moves[first - 1] is not None and moves[first - 1] == moves[-1]:
        first -= 1
    changed: tuple[str, ...] = ()
    said = registry().get(ruleset.name)
    if first < target and said is not None:  # the last move's events: first..target-1
        before = fold(ruleset, events[:first])
        changed = said.module.changed(
            [ruleset.redact(e, seat) for e in events[first:target]],
            ruleset.view(before, seat),
            ruleset.view(state, seat),
        )
    return render(
        ruleset, state, seat, version=target, seat_names=seats, lang=lang, changed=changed
    )


def cmd_render(args: argparse.Namespace) -> int:
    from domain.words import LANGUAGES
    from service.cli.games import InputError, input_error, load_json_file

    if args.lang not in LANGUAGES:
        print(
            f"plateau render: no language {args.lang!r} (languages: {', '.join(LANGUAGES)})",
            file=sys.stderr,
        )
        return 2

    if args.file:
        try:
            doc = load_json_file(args.file)
        except InputError as exc:
            return input_error("render", exc)
    else:
        doc = asyncio.run(_export(_settings(), args.game_id))
    svg = render_document(doc, args.version, args.seat, args.lang)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(svg)
    else:
        sys.stdout.write(svg)
    return 0


def main(argv: list[str] | None = None) -> int:
    from service.cli import games as cli_games

    parser = argparse.ArgumentParser(prog="plateau", description="Plateau game-state service")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the HTTP service under granian")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument("--workers", type=int, default=None)
    serve.add_argument("--access-log", action="store_true")
    serve.set_defaults(func=cmd_serve)
    openapi = sub.add_parser("openapi", help="print the OpenAPI 3.1 document")
    openapi.add_argument("--output", "-o", default=None)
    openapi.set_defaults(func=cmd_openapi)
    migrate = sub.add_parser("migrate", help="apply pending database migrations")
    migrate.set_defaults(func=cmd_migrate)
    cli_games.register(sub)
    replay = sub.add_parser(
        "replay", help="fold a game's events (from the store or an export file)"
    )
    replay.add_argument("game_id", nargs="?")
    replay.add_argument("--file", default=None)
    replay.set_defaults(func=cmd_replay)
    picture = sub.add_parser(
        "render", help="draw a game (from the store or an export file) as an SVG picture"
    )
    picture.add_argument("game_id", nargs="?")
    picture.add_argument("--file", default=None, help="an export of `plateau export`")
    picture.add_argument("--version", type=int, default=None, help="a past version")
    picture.add_argument(
        "--seat", default=None, help="draw what this seat sees (default: a spectator)"
    )
    picture.add_argument("--lang", default="en", help="the picture's language (en, fr)")
    picture.add_argument("--output", "-o", default=None)
    picture.set_defaults(func=cmd_render)
    from service.cli.bot import add_parser as add_bot_parser

    add_bot_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "render" and not (args.game_id or args.file):
        parser.error("render needs a game id or --file")
    if args.command == "replay" and not (args.game_id or args.file):
        parser.error("replay needs a game id or --file")
    os.environ.setdefault("PYTHONHASHSEED", "0")
    result: int = args.func(args)
    return result


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
