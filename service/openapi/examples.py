"""Examples for the OpenAPI document, taken from real (deterministic) games.

Each ruleset plays a few seeded random games with no service; the first
instance of every command, event, view and options type met becomes that
schema's example. Nothing is invented: every example is something the engine
produced or accepted, so it decodes and validates by construction.
"""

from __future__ import annotations

import functools
import random
from datetime import UTC, datetime
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


ORIGINAL_GAME = "6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b"
"""The game the fork examples fork (and refuse to fork)."""
FORK_VERSION = 14
"""The version the fork examples fork at."""
EXAMPLE_TIME = datetime(2026, 12, 5, 14, 30, tzinfo=UTC)


def position_examples() -> dict[str, Any]:
    """Examples of the named positions (docs/positions.md): a listed position, the
    list's first entries, the request body starting a game at one (sandbox only) and
    its answer, from the engine's own lists and the game it builds there."""
    from domain.positions import build_game, claims_of, listing, positions_for
    from service.games.schemas import GAME_SUMMARY, SeatInfo
    from service.games.tokens import sha256_hex

    name = "petits_dragons" if "petits_dragons" in RULESETS else next(iter(RULESETS))
    listed = listing(name, "en")
    scenario = next((p for p in listed if p["scenario"]), listed[0])
    position = positions_for(name)[0]
    rs = RULESETS[name]
    built = build_game(rs, position)
    game_id = "3c5e7a9b1d2f4e6a8c0b2d4f6a8c0e1f"
    claims = claims_of(rs, position)
    outcome = rs.outcome(built.state)
    started = GAME_SUMMARY[name](
        game_id=game_id,
        options=built.options,
        status="active" if outcome is None else "finished",
        version=len(built.events),
        seats=[
            SeatInfo(seat=seat, player_name=None, player_id=None, claimed=True) for seat in claims
        ],
        to_act=list(rs.to_act(built.state)),
        outcome=None,
        seed_sha256=sha256_hex(position.seed),
        seed=None,
        created_at=EXAMPLE_TIME,
        updated_at=EXAMPLE_TIME,
        imported=True,
        imported_in_play=True,
        tokens={
            seat: f"st.{game_id}.{sha256_hex(seat)[:32]}"
            for seat, claim in claims.items()
            if claim == "person"
        },
    )
    return {
        "PositionInfo": dict(scenario),
        "listed": [dict(entry) for entry in listed[:3]],
        "request": {"ruleset": name, "position": position.id},
        "started": msgspec.to_builtins(started),
    }


def fork_example() -> Any:
    """``forkGame``'s answer: a fork of a finished default game at ``FORK_VERSION``,
    waiting for its seats (the claim that fills the last one starts it there)."""
    from service.games.schemas import GAME_SUMMARY, ForkedFrom, SeatInfo
    from service.games.tokens import sha256_hex

    name = "petits_dragons" if "petits_dragons" in RULESETS else next(iter(RULESETS))
    rs = RULESETS[name]
    options = rs.Options()
    fork = GAME_SUMMARY[name](
        game_id="0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a",
        options=options,
        status="waiting",
        version=FORK_VERSION,
        seats=[
            SeatInfo(seat=seat, player_name=None, player_id=None, claimed=False)
            for seat in rs.seats(options)
        ],
        to_act=[],
        outcome=None,
        seed_sha256=sha256_hex("a new seed, committed now"),
        seed=None,
        created_at=EXAMPLE_TIME,
        updated_at=EXAMPLE_TIME,
        forked_from=ForkedFrom(game_id=ORIGINAL_GAME, version=FORK_VERSION, forked_at=EXAMPLE_TIME),
    )
    return msgspec.to_builtins(fork)
