"""Regenerate the golden playthroughs in tests/data/tours_arc_en_ciel/.

    .venv/bin/python -m tests.domain.tours_arc_en_ciel.make_golden [DIRECTORY]

Each file holds the options, the seed, the Gold tower context, the (seat,
command) list played by the seeded random policy ``choose`` below and
every resulting event. ``test_golden.py`` replays the commands through
``decide`` with ``Rng(seed, version)`` and compares every event exactly.
Regenerate only after a deliberate rule change, and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from domain import SetupContext
from domain.tours_arc_en_ciel import RULESET
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel.options import ToursOptions
from tests.domain import golden

RARE = (
    cm.ToursAtomize,
    cm.ToursInvokeInvulnerability,
    cm.ToursShareIsland,
    cm.ToursChanceInsteadOfLanding,
)


def choose(rnd: random.Random, state: Any, seat: str, commands: list[Any]) -> Any:
    """A busy random player: rare plays first, then landings; third actions mix
    chance draws, moves and swaps, so the recorded games exercise most rules."""
    by_type: dict[type, list[Any]] = {}
    for c in commands:
        by_type.setdefault(type(c), []).append(c)
    rare = [c for t in RARE for c in by_type.get(t, [])]
    if rare and rnd.random() < 0.7:
        return rnd.choice(rare)
    for kind, chance in (
        (cm.ToursLandDragon, 0.9),
        (cm.ToursDrawChance, 0.5),
        (cm.ToursMoveDragon, 0.6),
    ):
        if kind in by_type and rnd.random() < chance:
            return rnd.choice(by_type[kind])
    return rnd.choice(commands)


DATA = Path(__file__).resolve().parents[2] / "data" / "tours_arc_en_ciel"

GAMES: dict[str, tuple[ToursOptions, str, str | None]] = {
    "default_two_players": (ToursOptions(), "golden-1", None),
    "three_players_natural_rolls": (
        ToursOptions(houses=["fire", "ice", "light"], natural_1_loses=True, natural_20_wins=True),
        "golden-2",
        "light",
    ),  # fmt: skip
    "two_players_all_variants": (
        ToursOptions(
            houses=["water", "shadow"],
            two_player_recycle=True,
            start_pair_invulnerability=True,
            enemy_start_pair_share=True,
        ),
        "golden-3",
        "shadow",
    ),  # fmt: skip
    "eight_players": (
        ToursOptions(houses=["bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"]),
        "golden-4",
        None,
    ),  # fmt: skip
}


def record(
    options: ToursOptions, seed: str, winner: str | None, game: golden.Playthrough
) -> dict[str, Any]:
    return {
        "options": options,
        "seed": seed,
        "last_winner_seat": winner,
        "setup_events": len(game.setup),
        "steps": [
            {"seat": seat, "command": command, "events": len(events)}
            for seat, command, events in game.steps
        ],
        "events": game.log,
    }


def main() -> None:
    out = golden.out_dir(DATA)
    for name, (options, seed, winner) in GAMES.items():
        context = SetupContext(last_winner_seat=winner)
        game = golden.play_out(RULESET, options, seed, choose, context=context)
        golden.write(out, name, record(options, seed, winner, game), game)


if __name__ == "__main__":
    main()
