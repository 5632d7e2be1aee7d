"""What every game's golden-playthrough generator shares.

``play_out`` plays one seeded game to its end the way the service would (each
command decided with ``Rng(seed, version)``), and ``write`` stores a game's
record as JSON. Each game's generator keeps its own options, policy and record
layout, which its ``test_golden.py`` reads back.

A generator writes to ``tests/data/<game>/``, or to the directory given as its
first argument (to compare with the committed files before replacing them).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from domain.kernel import AnyRuleset, Outcome, SetupContext, new_game, play

Choose = Callable[[random.Random, Any, str, list[Any]], Any]
"""``(rnd, state, seat, legal_commands) -> command``."""


class Step(NamedTuple):
    seat: str
    command: Any
    events: list[Any]


class Playthrough(NamedTuple):
    setup: list[Any]
    steps: list[Step]
    log: list[Any]
    """Every event: the setup's, then each step's."""
    outcome: Outcome


def play_out(
    ruleset: AnyRuleset,
    options: Any,
    seed: str,
    choose: Choose,
    *,
    context: SetupContext | None = None,
    pick_seat: Callable[[random.Random, Any], str] | None = None,
) -> Playthrough:
    """Play to the end: ``pick_seat`` (default: the first seat to act) and
    ``choose`` draw from one ``random.Random(seed)``."""
    state, log = new_game(ruleset, options, seed=seed, context=context)
    setup = list(log)
    rnd = random.Random(seed)
    steps: list[Step] = []
    while (outcome := ruleset.outcome(state)) is None:
        seat = ruleset.to_act(state)[0] if pick_seat is None else pick_seat(rnd, state)
        command = choose(rnd, state, seat, ruleset.legal_commands(state, seat))
        state, events = play(ruleset, state, log, seat, command, seed=seed)
        steps.append(Step(seat, command, events))
    return Playthrough(setup, steps, log, outcome)


def out_dir(default: Path) -> Path:
    """The command line's directory if one is given, else ``default``."""
    return Path(sys.argv[1]) if len(sys.argv) > 1 else default


def write(
    directory: Path, name: str, record: Any, game: Playthrough, *, compact: bool = False
) -> None:
    """Write ``record`` to ``directory/name.json``, one-space indented or ``compact``."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    raw = msgspec.json.encode(record)
    path.write_bytes((raw if compact else msgspec.json.format(raw, indent=1)) + b"\n")
    print(f"{path}: {len(game.steps)} commands, {len(game.log)} events")
