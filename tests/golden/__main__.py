"""``python -m tests.golden [--check] [name …]``: record the corpus (``scripts/golden``)
or replay it and report the differences (``scripts/golden --check``)."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path
from typing import Any

from domain import RULESETS
from tests.golden import corpus, refusals
from tests.golden.corpus import Session
from tests.golden.record import Recorder, coverage_of, positions, whole_game


def corpus_names() -> list[str]:
    return [*sorted(RULESETS), "service"]


SANDBOX = {"sandbox": True}


def record(name: str) -> list[tuple[Path, int]]:
    """Record the corpus files of ``name`` (a ruleset, or ``service``); returns each
    file written with its number of exchanges."""
    written: list[tuple[Path, int]] = []
    if name == "service":
        with corpus.server(refusals.SERVICE) as client:
            rec = Recorder(Session(client))
            refusals.service_refusals(rec)
            note = "the service's problem codes and conditional answers"
            written.append(save(name, "refusals", rec, note, refusals.SERVICE))
        with corpus.server(refusals.OUTSIDE_SANDBOX) as client:
            rec = Recorder(Session(client))
            refusals.outside_sandbox(rec)
            note = "the codes only a server outside the sandbox answers"
            written.append(save(name, "outside-sandbox", rec, note, refusals.OUTSIDE_SANDBOX))
        return written
    with corpus.server(SANDBOX) as client:
        game = Recorder(Session(client))
        whole_game(game, name)
        written.append(save(name, "game", game, "a whole game played through HTTP"))
        seen = coverage_of(game.exchanges, name)
        shown = Recorder(Session(client))
        positions(shown, name, seen)
        written.append(save(name, "positions", shown, "every named position, and rare types"))
        refused = Recorder(Session(client))
        refusals.ruleset_refusals(refused, name)
        written.append(save(name, "refusals", refused, "the rules' refusals"))
    return written


def save(
    name: str, part: str, rec: Recorder, note: str, settings: dict[str, Any] = SANDBOX
) -> tuple[Path, int]:
    path = corpus.CORPUS / name / f"{part}.ndjson"
    ruleset = name if name in RULESETS else None
    corpus.write(path, corpus.header_line(ruleset, settings, note), rec.exchanges)
    return path, len(rec.exchanges)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/golden", description=__doc__)
    parser.add_argument("--check", action="store_true", help="replay and report differences")
    parser.add_argument("names", nargs="*", help="rulesets (or `service`); all by default")
    args = parser.parse_args(argv)
    for name in ("httpx", "plateau", "plateau.access"):
        logging.getLogger(name).setLevel(logging.WARNING)
    names = args.names or corpus_names()
    if args.check:
        failures = 0
        for path in corpus.files():
            if path.parent.name not in names:
                continue
            started = time.monotonic()
            difference = corpus.replay(path)
            took = time.monotonic() - started
            rel = path.relative_to(corpus.ROOT)
            if difference:
                failures += 1
                print(f"{rel}: DIFFERS ({took:.1f} s)\n{difference}", flush=True)
            else:
                print(f"{rel}: same ({took:.1f} s)", flush=True)
        return 1 if failures else 0
    for name in names:
        started = time.monotonic()
        written = record(name)
        took = time.monotonic() - started
        summary = ", ".join(f"{p.name} {n} exchanges" for p, n in written)
        print(f"{name}: {summary} ({took:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
