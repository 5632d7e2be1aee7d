"""A move's CPU request by request, Plateau beside the stack floor, in one process
(opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_request [--games 100] [--seed 1]
                                                       [--out bench-results/request.json]

Under the command benchmark granian's workers blur where a move's CPU goes: py-spy
gives shares of busy samples, and the servers' CPU is one figure per run. Here each
ASGI app is called in this process, on one event loop (uvloop, as the workers' where
it is installed), with no server and no socket between client and app: Plateau's own app (``create_app``, PostgreSQL and Redis,
the per-address limits of ``bench_suite.PER_ADDRESS``), then the stack floor
(``floor_app``, answering with Plateau's sizes as measured in Plateau's pass). Both
play games as ``play.lua`` does: create a game, claim every seat, read the summary,
then read the legal commands and post one of them at random until the game ends.
The first half of the games warm the caches and are not counted. For every kind of
request it reports this process's CPU (``time.process_time``) per move, and per
move the CPU of PostgreSQL's and Redis's processes over the counted games. Without
granian and its sockets the figures are a floor of a worker's, in the same terms for
both apps.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import logging.config
import os
import platform
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Coroutine
from typing import Any

from tests.benchmarks import write_report
from tests.benchmarks.bench_suite import (
    PER_ADDRESS,
    Scratch,
    cached_sizes,
    cpu_seconds,
    cpu_used,
    migrate,
    scratch,
)
from tests.service.helpers import asgi_call

KINDS = ("create", "claim", "summary", "legal", "command")
RULESET = "arkantis"

App = Callable[[dict[str, Any], Any, Any], Coroutine[Any, Any, None]]


class _Lifespan:
    """The app's lifespan run on this loop (its pools and subscriptions live here)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> None:
        scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
        self.task = asyncio.create_task(self.app(scope, self.inbox.get, self.outbox.put))
        await self.inbox.put({"type": "lifespan.startup"})
        answer = await self.outbox.get()
        if answer["type"] != "lifespan.startup.complete":
            raise SystemExit(f"the app did not start: {answer}")

    async def __aexit__(self, *_: Any) -> None:
        await self.inbox.put({"type": "lifespan.shutdown"})
        await self.outbox.get()
        if self.task is not None:
            await self.task


async def _play(
    app: App,
    games: int,
    seed: int,
    on_start: Callable[[], None] | None = None,
    hear: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """Play ``2 * games`` games on ``app``, ``on_start`` called once it has started;
    the second half counted. ``hear``: (a Redis URL, a channel pattern) where the app
    publishes its moves, listened to during the warm-up only (a subscriber more costs
    Redis), for the size of a move's message after its version (``move_bytes``)."""
    rnd = random.Random(seed)
    published: list[int] = []
    heard = None
    if hear is not None:
        from redis.asyncio import Redis

        heard = Redis.from_url(hear[0]).pubsub(ignore_subscribe_messages=True)
        await heard.psubscribe(hear[1])
    cpu: dict[str, float] = defaultdict(float)
    calls: Counter[str] = Counter()
    sizes: dict[str, list[int]] = {"legal": [], "command": []}
    before: dict[int, tuple[str, float]] = {}

    async def request(
        kind: str,
        method: str,
        path: str,
        sent: bytes = b"",
        headers: tuple[tuple[str, str], ...] = (),
    ) -> bytes:
        """One request of ``kind``, timed (a body is sent as JSON)."""
        lines = [*headers, ("content-type", "application/json")] if sent else list(headers)
        started = time.process_time()
        status, body = await asgi_call(app, method, path, lines, sent)
        cpu[kind] += time.process_time() - started
        calls[kind] += 1
        if status >= 300:
            raise SystemExit(f"{kind} answered {status}: {body[:300]!r}")
        if kind in sizes:
            sizes[kind].append(len(body))
        return body

    async with _Lifespan(app):
        if on_start is not None:
            on_start()
        for number in range(2 * games):
            if number == games:
                if heard is not None:
                    await heard.aclose()  # type: ignore[no-untyped-call]
                    heard = None
                cpu.clear()
                calls.clear()
                before = cpu_seconds(os.getpgid(0))
            created = json.loads(
                await request("create", "POST", "/games", json.dumps({"ruleset": RULESET}).encode())
            )
            game = created["game_id"]
            tokens: dict[str, str] = {}
            for seat in (s["seat"] for s in created["seats"]):
                claimed = await request(
                    "claim",
                    "POST",
                    f"/games/{game}/seats/{seat}",
                    json.dumps({"player_name": seat}).encode(),
                )
                tokens[seat] = json.loads(claimed)["token"]
            to_act = json.loads(await request("summary", "GET", f"/games/{game}"))["to_act"]
            while to_act:
                seat = rnd.choice(to_act)
                bearer = ("authorization", f"Bearer {tokens[seat]}")
                legal = json.loads(
                    await request(
                        "legal", "GET", f"/games/{game}/legal-commands", headers=(bearer,)
                    )
                )
                if not legal["commands"]:
                    break
                chosen = json.dumps(rnd.choice(legal["commands"])).encode()
                answer = json.loads(
                    await request(
                        "command",
                        "POST",
                        f"/games/{game}/commands",
                        chosen,
                        headers=(bearer, ("if-match", f'"{legal["version"]}"')),
                    )
                )
                to_act = answer["to_act"] if answer["status"] == "active" else []
                if heard is not None:  # published before the command answered
                    message = await heard.get_message(timeout=1.0)
                    while message is not None:
                        if move := message["data"].partition(b" ")[2]:  # a claim's: none
                            published.append(len(move))
                        message = await heard.get_message(timeout=0)
        servers = cpu_used(before, cpu_seconds(os.getpgid(0)))
    moves = max(1, calls["command"])
    us = {k: round(1e6 * cpu[k] / moves, 1) for k in KINDS}
    return {
        "games_counted": games,
        "moves_counted": calls["command"],
        "us_per_move": us,
        "us_per_call": {k: round(1e6 * cpu[k] / max(1, calls[k]), 1) for k in KINDS},
        "total_us_per_move": round(sum(us.values()), 1),
        "servers_us_per_move": {
            g: round(1e6 * servers[g] / moves, 1) for g in ("postgres", "redis")
        },
        "answer_bytes": {k: sum(v) // max(1, len(v)) for k, v in sizes.items()},
        "move_bytes": sum(published) // max(1, len(published)),
    }


def _run(play: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """``play`` on the event loop ``plateau serve``'s workers run: uvloop where it is
    installed (``PLATEAU_LOOP``'s default), else the standard one (said in the report)."""
    try:
        import uvloop
    except ImportError:
        return {**asyncio.run(play), "loop": "asyncio"}
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return {**runner.run(play), "loop": "uvloop"}


def _worker_logging() -> None:
    """The JSON lines of ``plateau serve``'s workers (``service.logs.dict_config``),
    written to /dev/null: the access log's line per request is a worker's work too.
    Set once the app has started (the framework's start-up sets its own logging)."""
    from service.logs import dict_config

    stderr, sys.stderr = sys.stderr, open(os.devnull, "w")  # kept by the handler
    try:
        logging.config.dictConfig(dict_config("json", "info"))
    finally:
        sys.stderr = stderr


def _plateau(place: Scratch, games: int, seed: int) -> dict[str, Any]:
    from service.app import create_app
    from service.settings import Settings

    migrate(place.env)
    settings = Settings.from_env({**place.env, **PER_ADDRESS})
    app = create_app(settings)
    channels = (place.redis_url, f"{place.prefix}game:*")
    return _run(_play(app, games, seed, _worker_logging, channels))  # type: ignore[arg-type]


def _floor(place: Scratch, games: int, seed: int, sizes: dict[str, str]) -> dict[str, Any]:
    migrate(place.env)
    saved = dict(os.environ)
    os.environ.update({**place.env, **sizes})  # read by floor_app at import
    try:
        name = "tests.benchmarks.floor_app"
        floor_app = importlib.reload(sys.modules[name]) if name in sys.modules else None
        floor_app = floor_app or importlib.import_module(name)
        return _run(_play(floor_app.app, games, seed))
    finally:
        os.environ.clear()
        os.environ.update(saved)


def bench(games: int, seed: int) -> dict[str, Any]:
    """Plateau's pass, then the floor's with Plateau's sizes; each on its own scratch
    database and Redis prefix, dropped afterwards."""
    place = scratch("request")
    try:
        plateau = _plateau(place, games, seed)
        sizes = {
            **cached_sizes(place.redis_url, place.prefix),
            "FLOOR_LEGAL_BYTES": str(plateau["answer_bytes"]["legal"]),
            "FLOOR_ANSWER_BYTES": str(plateau["answer_bytes"]["command"]),
            "FLOOR_MOVE_BYTES": str(plateau["move_bytes"]),
        }
    finally:
        place.drop()
    place = scratch("request_floor")
    try:
        floor = _floor(place, games, seed, sizes)
    finally:
        place.drop()
    return {"plateau": plateau, "floor": floor, "floor_sizes": sizes}


def print_report(result: dict[str, Any]) -> None:
    plateau, floor = result["plateau"], result["floor"]
    print(
        f"a move's CPU in one process ({plateau['loop']}), {RULESET}:"
        f" Plateau {plateau['total_us_per_move']} us"
        f" ({plateau['moves_counted']} moves), the stack floor {floor['total_us_per_move']} us"
        f" ({floor['moves_counted']} moves)"
    )
    print(f"  {'request':<10} {'Plateau':>9} {'floor':>9} {'extra':>9}  us a move")
    for kind in KINDS:
        p, f = plateau["us_per_move"][kind], floor["us_per_move"][kind]
        print(f"  {kind:<10} {p:>9.1f} {f:>9.1f} {p - f:>9.1f}")
    for group in ("postgres", "redis"):
        p, f = plateau["servers_us_per_move"][group], floor["servers_us_per_move"][group]
        print(f"  {group + ' CPU':<10} {p:>9.1f} {f:>9.1f} {p - f:>9.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=100, help="warm-up games, then as many counted"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="bench-results/request.json")
    args = parser.parse_args(argv)
    result = bench(args.games, args.seed)
    report = {
        "benchmark": "a move's CPU per request, in one process",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "ruleset": RULESET,
        "games": args.games,
        **result,
    }
    print_report(result)
    print(f"written to {write_report(args.out, report)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
