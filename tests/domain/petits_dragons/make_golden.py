"""Generate the golden playthroughs in tests/data/petits_dragons/.

Run from the repository root:

    .venv/bin/python -m tests.domain.petits_dragons.make_golden

Each file holds the options, the seed, every (seat, command) in order, every
event as JSON and the final outcome. ``test_golden.py`` replays the commands
through ``decide`` with ``Rng(seed, version)`` and compares every event. Only
regenerate after a deliberate rule change, and review the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel import new_game, play
from domain.petits_dragons import RULESET
from domain.petits_dragons.options import PetitsDragonsOptions
from tests.domain.petits_dragons.support import choose

DATA = Path(__file__).resolve().parents[2] / "data" / "petits_dragons"

GAMES: dict[str, tuple[PetitsDragonsOptions, str]] = {
    "default_two_players": (PetitsDragonsOptions(), "golden-1"),
    "three_players": (PetitsDragonsOptions(seats=[["white"], ["red"], ["brown"]]), "golden-2"),
    "alliances_four_players": (
        PetitsDragonsOptions(
            seats=[["green"], ["black"], ["red"], ["blue"]],
            option_alliances=True,
            teams=[["seat_0", "seat_2"], ["seat_1", "seat_3"]],
        ),
        "golden-3",
    ),
    "multi_colour_two_players": (
        PetitsDragonsOptions(
            seats=[["green", "yellow"], ["black", "brown"]], option_multi_colour=True
        ),
        "golden-4",
    ),
}


def playthrough(options: PetitsDragonsOptions, seed: str) -> dict[str, Any]:
    state, log = new_game(RULESET, options, seed=seed)
    rnd = random.Random(seed)
    commands: list[dict[str, Any]] = []
    while RULESET.outcome(state) is None:
        seat = RULESET.to_act(state)[0]
        command = choose(rnd, state, seat, RULESET.legal_commands(state, seat))
        commands.append({"seat": seat, "command": msgspec.to_builtins(command)})
        state, _ = play(RULESET, state, log, seat, command, seed=seed)
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
        record = playthrough(options, seed)
        path = DATA / f"{name}.json"
        path.write_text(json.dumps(record, separators=(",", ":")) + "\n")
        print(f"{path}: {len(record['commands'])} commands, {len(record['events'])} events")


if __name__ == "__main__":
    main()
