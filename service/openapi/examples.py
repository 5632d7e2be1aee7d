"""Examples for the OpenAPI document, taken from real (deterministic) games.

Each ruleset plays a few seeded random games with no service; the first
instance of every command, event, view and options type met becomes that
schema's example. Nothing is invented: every example is something the engine
produced or accepted, so it decodes and validates by construction.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import msgspec

from domain import RULESETS, new_game, play

GAMES_PER_RULESET = 4
MAX_COMMANDS_PER_GAME = 4000


@functools.cache
def message_examples() -> dict[str, Any]:
    """Schema (class) name -> one example, as JSON-ready builtins."""
    found: dict[str, Any] = {}

    def keep(value: Any) -> None:
        name = type(value).__name__
        if name not in found:
            found[name] = msgspec.json.decode(msgspec.json.encode(value))

    for rs in RULESETS.values():
        rnd = random.Random(f"plateau-examples-{rs.name}")
        keep(rs.Options())
        for game in range(GAMES_PER_RULESET):
            seed = f"example-{game}"
            state, log = new_game(rs, seed=seed)
            for event in log:
                keep(event)
            for _ in range(MAX_COMMANDS_PER_GAME):
                to_act = rs.to_act(state)
                if not to_act:
                    break
                seat = rnd.choice(to_act)
                legal = rs.legal_commands(state, seat)
                for command in legal:
                    keep(command)
                state, events = play(rs, state, log, seat, rnd.choice(legal), seed=seed)
                for event in events:
                    keep(event)
            keep(rs.view(state, None))
    return found


def position_examples() -> dict[str, Any]:
    """Examples of the named positions (docs/positions.md): a listed position, and the
    request body starting a game at one (sandbox only), from the engine's own lists."""
    from domain.positions import listing, positions_for

    name = "petits_dragons" if "petits_dragons" in RULESETS else next(iter(RULESETS))
    listed = listing(name, "en")
    scenario = next((p for p in listed if p["scenario"]), listed[0])
    return {
        "PositionInfo": dict(scenario),
        "request": {"ruleset": name, "position": positions_for(name)[0].id},
    }
