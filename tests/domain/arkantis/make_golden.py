"""Generate the golden playthroughs in tests/data/arkantis/.

Regenerate (only after a deliberate rule change; review the diff):

    .venv/bin/python -m tests.domain.arkantis.make_golden

Each file holds the options, the seed, every (seat, command) in order and the
events they produced (setup included), as JSON. test_golden.py replays the
commands through decide with Rng(seed, version) and compares every event.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec

from domain.arkantis import RULESET
from domain.arkantis.state import ArkantisOptions
from domain.kernel import Rng, SeatedPlayer, SetupContext
from tests.domain.arkantis.support import choose

DATA = Path(__file__).resolve().parents[2] / "data" / "arkantis"

GAMES: dict[str, tuple[ArkantisOptions, str]] = {
    "default_2p": (ArkantisOptions(), "golden-1"),
    "tournament_3p": (ArkantisOptions(player_count=3, tournament_mode=True), "golden-2"),
    "explicit_4p": (
        ArkantisOptions(
            player_count=4,
            explicit_layout=("BBRBBBB", "BBBBBRB", "RBBBBBB", "BBBBRBB", "BRBBBBB", "BBBBBBR", "BBBRBBB"),
        ),
        "golden-3",
    ),
}


def play(options: ArkantisOptions, seed: str) -> dict[str, Any]:
    rnd = random.Random(seed)
    seats = RULESET.seats(options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
    log: list[Any] = list(RULESET.setup(options, context, Rng(seed, 0)))
    state = None
    for event in log:
        state = RULESET.evolve(state, event)
    assert state is not None
    commands = []
    while RULESET.outcome(state) is None:
        movers = [s for s in seats if RULESET.legal_commands(state, s)]
        active = RULESET.to_act(state)[0]
        seat = active if rnd.random() < 0.8 else rnd.choice(movers)
        command = choose(rnd, state, seat, RULESET.legal_commands(state, seat))
        events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
        for event in events:
            state = RULESET.evolve(state, event)
        log.extend(events)
        commands.append([seat, msgspec.to_builtins(command)])
    return {
        "options": msgspec.to_builtins(options),
        "seed": seed,
        "commands": commands,
        "events": msgspec.to_builtins(log),
        "outcome": msgspec.to_builtins(RULESET.outcome(state)),
    }


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, (options, seed) in GAMES.items():
        game = play(options, seed)
        path = DATA / f"{name}.json"
        path.write_bytes(msgspec.json.format(msgspec.json.encode(game), indent=1) + b"\n")
        print(f"{path}: {len(game['commands'])} commands, {len(game['events'])} events")


if __name__ == "__main__":
    main()
