"""Plateau with its words timed from inside: the benchmark's second figure for their
cost (issue 30), one that the host's noise cannot move much.

``scripts/bench --words`` starts the server with words with this folder on
``PYTHONPATH``; Python imports ``sitecustomize`` at start-up, before the workers
fork. It wraps the two places where the words are made, ``Texts.labels`` (a legal
list's labels, targets and steps) and ``Commands._in_words`` (a move's last move:
its sentences, what it changed, the mover's view after it), with the CPU clock of
the calling thread, and counts apart the part of the second that the service would
pay without words too: the mover's view after the move, which the mover's next
legal-commands read takes from memory (a server without words makes it there). On
``SIGUSR1`` a worker writes ``{PLATEAU_BENCH_TIMERS}-{pid}.json``: each timer's
CPU nanoseconds and calls, and the worker's main thread CPU seconds so far, so the
benchmark can say which share of the same worker's CPU over the same window its
words took. The wrappers' own clock reads (four per move) are counted in that
share. With ``PLATEAU_BENCH_WORDLESS`` set it first switches the words off as
``wordless/sitecustomize.py`` does: the server without words then runs the same
timers around nothing, so both servers pay the clock reads alike. Never on a path
the service or the tests use.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domain import RULESETS
from service.games import commands, texts

TIMERS: dict[str, list[int]] = {}
"""name -> [CPU nanoseconds, calls]."""
_inside = threading.local()


def _count(name: str, spent: int) -> None:
    timer = TIMERS.setdefault(name, [0, 0])
    timer[0] += spent
    timer[1] += 1


def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time_ns()
        _inside.name = name
        try:
            return function(*args, **kwargs)
        finally:
            _inside.name = None
            _count(name, time.thread_time_ns() - started)

    return timed


def _view_timed(function: Callable[..., Any]) -> Callable[..., Any]:
    def view(*args: Any, **kwargs: Any) -> Any:
        if getattr(_inside, "name", None) != "in_words":
            return function(*args, **kwargs)
        started = time.thread_time_ns()
        try:
            return function(*args, **kwargs)
        finally:
            _count("view_after", time.thread_time_ns() - started)

    return view


def _dump(signum: int, frame: Any) -> None:
    path = f"{os.environ['PLATEAU_BENCH_TIMERS']}-{os.getpid()}.json"
    with open(path + ".part", "w") as out:
        json.dump({"timers": TIMERS, "main_thread_cpu_s": time.thread_time()}, out)
    os.replace(path + ".part", path)


if os.environ.get("PLATEAU_BENCH_WORDLESS"):  # the server without words, timed alike
    _wordless = Path(__file__).resolve().parents[1] / "wordless" / "sitecustomize.py"
    _spec = importlib.util.spec_from_file_location("plateau_bench_wordless", _wordless)
    assert _spec is not None and _spec.loader is not None
    _spec.loader.exec_module(importlib.util.module_from_spec(_spec))
texts.Texts.labels = _timed("labels", texts.Texts.labels)  # type: ignore[method-assign]
commands.Commands._in_words = _timed("in_words", commands.Commands._in_words)  # type: ignore[method-assign]
for _ruleset in RULESETS.values():
    object.__setattr__(_ruleset, "view", _view_timed(_ruleset.view))
signal.signal(signal.SIGUSR1, _dump)
