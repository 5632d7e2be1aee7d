"""Generate the golden playthroughs in tests/data/petits_dragons/.

Run from the repository root:

    .venv/bin/python -m tests.domain.petits_dragons.make_golden [DIRECTORY]

Each file holds the options, the seed, every (seat, command) in order, every
event as JSON and the final outcome. ``test_golden.py`` replays the commands
through ``decide`` with ``Rng(seed, version)`` and compares every event. Only
regenerate after a deliberate rule change, and review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from domain.petits_dragons import RULESET
from domain.petits_dragons.options import PetitsDragonsOptions
from tests.domain import golden
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


def record(options: PetitsDragonsOptions, seed: str, game: golden.Playthrough) -> dict[str, Any]:
    return {
        "options": msgspec.to_builtins(options),
        "seed": seed,
        "commands": [
            {"seat": seat, "command": msgspec.to_builtins(command)}
            for seat, command, _ in game.steps
        ],
        "events": msgspec.to_builtins(game.log),
        "outcome": msgspec.to_builtins(game.outcome),
    }


def main() -> None:
    out = golden.out_dir(DATA)
    for name, (options, seed) in GAMES.items():
        game = golden.play_out(RULESET, options, seed, choose)
        golden.write(out, name, record(options, seed, game), game, compact=True)


if __name__ == "__main__":
    main()
