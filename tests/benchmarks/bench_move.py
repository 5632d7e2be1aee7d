"""The Python work of one move, part by part (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.bench_move [--ruleset arkantis] [--games 40]
                                                    [--out bench-results/move.json]

A move under the command benchmark is a ``legal-commands`` read and a command. Besides
its I/O (granian, the Redis and PostgreSQL drivers, which the stack floor also pays),
the server runs the rules engine, the words and the encodings for it. This plays
random games (a listed command at random, as ``play.lua`` does) and times, in one
process with no I/O, each of those parts with the service's own calls, in the order
the server makes them: what each part costs in microseconds a move, where a py-spy
profile of a busy server only gives shares that its cache misses and its neighbours
blur. The first ``--games`` warm the caches a long-running worker has warm (the
words' per-command phrases, the engine's per-board searches) and are not counted;
the next ``--games`` are. It is a floor of the server's cost for these parts: the
server runs them with colder processor caches, between other requests.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold
from service.cli import GC_THRESHOLDS
from service.games.commands import _Attempt
from service.games.repository import GameRepository, announcement, stored_events
from service.games.schemas import CommandAccepted, LegalCommandsWire
from service.games.texts import Texts, words
from service.store.base import GameRecord, SeatRecord
from service.store.postgres import events_json
from tests.benchmarks import write_report

PARTS = (
    ("legal_commands", "the engine: the seat's legal commands (legal-commands read)"),
    ("view", "the engine: the seat's view (the words of the read)"),
    ("labels", "the words: the commands' labels and steps tree (Words.legal_json)"),
    ("encode_legal", "the read's answer encoded"),
    ("decide", "the engine: decide (the command)"),
    ("fold", "the engine: the events folded into the state"),
    ("update", "the games row's status, seats to act and outcome"),
    ("redact", "the events redacted for the mover"),
    ("view_after", "the engine: the mover's view after the move"),
    ("changed", "the words: what the move changed in the picture"),
    ("last_move", "the words: the move in sentences (Texts.last_move)"),
    ("encode_answer", "the command's answer encoded"),
    ("record", "the command's record (its id, the command as JSON values)"),
    ("new_events", "the events as the store takes them"),
    ("store_json", "the events' JSON for the append statement"),
    ("stored_events", "the events as kept for the last-move reads"),
    ("state_bytes", "the new state encoded for the cache (MessagePack)"),
    ("announcement", "the move's announcement encoded (games row and events, MessagePack)"),
)


def _game(ruleset: str, seats: list[str]) -> GameRecord:
    at = datetime.now(UTC)
    return GameRecord(
        game_id="bench",
        ruleset=ruleset,
        options={},
        status="active",
        version=0,
        seats=[SeatRecord(seat=s, claimed=True) for s in seats],
        to_act=[],
        outcome=None,
        seed_sha256="x",
        created_at=at,
        updated_at=at,
    )


def _redacted(rs: Any, events: list[Any], seat: str) -> list[Any]:
    return [rs.redact(e, seat) for e in events]


@contextmanager
def workers_collector() -> Iterator[None]:
    """The garbage collector as ``plateau serve``'s workers run it: what is loaded so
    far frozen, the young generation collected every ``GC_THRESHOLDS[0]`` containers
    (Python's default thresholds collect seven times as often, and their collections
    land in whichever part allocates next: a part's figure then moved by 40 µs with
    another part's change). Restored afterwards."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def bench(name: str, games: int, seed: int, lang: str = "fr") -> dict[str, Any]:
    with workers_collector():
        return _bench(name, games, seed, lang)


def _bench(name: str, games: int, seed: int, lang: str) -> dict[str, Any]:
    rs = RULESETS[name]
    said = words(name)
    texts = Texts()
    encode = msgspec.json.Encoder().encode
    pack = msgspec.msgpack.Encoder().encode  # the cache's encoding (``GameRepository``)
    rnd = random.Random(seed)
    spent: dict[str, float] = defaultdict(float)
    clock = time.perf_counter

    def timed(part: str, call: Callable[..., Any], *args: Any) -> Any:
        t0 = clock()
        out = call(*args)
        spent[part] += clock() - t0
        return out

    counted = moves = legal_total = 0
    for number in range(2 * games):
        measuring = number >= games
        if measuring and not counted:
            spent.clear()
        options = rs.Options()
        seats = list(rs.seats(options))
        game = _game(name, seats)
        context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
        secret = f"bench-move-{seed}-{number}"
        state = fold(rs, rs.setup(options, context, Rng(secret, 0)))
        version = 1
        for _ in range(2_000):
            to_act = rs.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            legal = timed("legal_commands", rs.legal_commands, state, seat)
            view = timed("view", rs.view, state, seat)
            labels = timed("labels", texts.labels, game, legal, view, lang)
            empty = msgspec.Raw(b"[]")
            wire = LegalCommandsWire(
                version=version, seat=seat, commands=legal, labels=empty, steps=empty
            )
            if labels is not None:
                wire.labels, wire.steps = msgspec.Raw(labels[0]), msgspec.Raw(labels[1])
            timed("encode_legal", encode, wire)
            command = rnd.choice(legal)
            events = timed("decide", rs.decide, state, seat, command, Rng(secret, version))
            after = timed("fold", fold, rs, events, state)
            update = timed("update", GameRepository.update, rs, after)
            redacted = timed("redact", _redacted, rs, events, seat)
            moved = None
            if said is not None:
                seen = timed("view_after", rs.view, after, seat)
                changed = timed("changed", said.module.changed, redacted, view, seen)
                numbered = [(version + 1 + i, e) for i, e in enumerate(redacted)]
                moved = timed(
                    "last_move", texts.last_move, game, seat, seat, numbered, changed, lang
                )
            answer = CommandAccepted(
                version=version + len(events),
                events=redacted,
                status=update.status,
                to_act=list(update.to_act),
                last_move=moved,
            )
            timed("encode_answer", encode, answer)
            attempt = _Attempt(seat, command, "", None, None, lang)
            timed("record", attempt.record, b"")
            appended = timed("new_events", GameRepository.new_events, events)
            timed("store_json", events_json, appended)
            kept = timed(
                "stored_events", stored_events, "bench", version, appended, game.updated_at
            )
            timed("state_bytes", pack, after)
            row = msgspec.structs.replace(game, version=version + len(events))
            timed("announcement", announcement, row, kept)
            state, version = after, version + len(events)
            if measuring:
                counted += 1
                legal_total += len(legal)
            moves += 1
    total = sum(spent.values())
    per_move = {p: round(1e6 * spent[p] / max(1, counted), 1) for p, _ in PARTS if p in spent}
    return {
        "ruleset": name,
        "moves_counted": counted,
        "mean_legal": round(legal_total / max(1, counted), 1),
        "us_per_move": per_move,
        "total_us_per_move": round(1e6 * total / max(1, counted), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", action="append", help="only these (repeatable)")
    parser.add_argument("--games", type=int, default=40, help="warm-up games, then as many counted")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--out", default="bench-results/move.json")
    args = parser.parse_args(argv)
    names = args.ruleset or ["arkantis"]
    results = [bench(n, args.games, args.seed, args.lang) for n in names]
    report = {
        "benchmark": "move parts",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "games": args.games,
        "lang": args.lang,
        "parts": dict(PARTS),
        "results": results,
    }
    for r in results:
        print(
            f"{r['ruleset']}: {r['total_us_per_move']} us of Python a move"
            f" ({r['moves_counted']} moves, {r['mean_legal']} legal commands on average)"
        )
        for part, us in sorted(r["us_per_move"].items(), key=lambda kv: -kv[1]):
            print(f"  {part:<15} {us:>8.1f} us  {dict(PARTS)[part]}")
    print(f"written to {write_report(args.out, report)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
