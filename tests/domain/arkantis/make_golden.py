"""Generate the golden playthroughs in tests/data/arkantis/.

Regenerate (only after a deliberate rule change; review the diff):

    .venv/bin/python -m tests.domain.arkantis.make_golden [DIRECTORY]

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
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.state import ArkantisState
from tests.domain import golden
from tests.domain.arkantis.support import choose

DATA = Path(__file__).resolve().parents[2] / "data" / "arkantis"

GAMES: dict[str, tuple[ArkantisOptions, str]] = {
    "default_2p": (ArkantisOptions(), "golden-1"),
    "tournament_3p": (ArkantisOptions(player_count=3, tournament_mode=True), "golden-2"),
    "explicit_4p": (
        ArkantisOptions(
            player_count=4,
            explicit_layout=(
                "BBRBBBB",
                "BBBBBRB",
                "RBBBBBB",
                "BBBBRBB",
                "BRBBBBB",
                "BBBBBBR",
                "BBBRBBB",
            ),
        ),
        "golden-3",
    ),
}


def pick_seat(rnd: random.Random, state: ArkantisState) -> str:
    """Mostly the active player; otherwise any seat with a legal (free) command."""
    movers = [s for s in RULESET.seats(state.options) if RULESET.legal_commands(state, s)]
    active = RULESET.to_act(state)[0]
    return active if rnd.random() < 0.8 else rnd.choice(movers)


def record(options: ArkantisOptions, seed: str, game: golden.Playthrough) -> dict[str, Any]:
    return {
        "options": msgspec.to_builtins(options),
        "seed": seed,
        "commands": [[seat, msgspec.to_builtins(command)] for seat, command, _ in game.steps],
        "events": msgspec.to_builtins(game.log),
        "outcome": msgspec.to_builtins(game.outcome),
    }


def main() -> None:
    out = golden.out_dir(DATA)
    for name, (options, seed) in GAMES.items():
        game = golden.play_out(RULESET, options, seed, choose, pick_seat=pick_seat)
        golden.write(out, name, record(options, seed, game), game)


if __name__ == "__main__":
    main()
