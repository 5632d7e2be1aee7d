"""A directed search for T16's given: a pawn's arrival penalty to hand out, bank 100 = 0.

``python -m tests.domain.petits_dragons_bank_search [first] [seeds] [plies]``

Random play never empties the bank's 80 hundreds: a game ends long before. Here every
player plays greedily to drain them: each legal command is tried on the pure engine and the
one that keeps the game going with the fewest 100s left in the bank wins (ties: the bank's
50s nearest to T16's 5, then the pieces' progress towards the centre, then at random), so
arena holds, arrivals and penalties given out (never a 100 removed) empty it. Each of four
seats plays one colour; seeds ``petits_dragons-bank-out-of-100s-<k>``. Prints the first game
reaching a pawn's arrival penalty, the only one pending, with bank 100 = 0 and a 50 left, as a
``Position`` literal's seed and commands. The engine decides every move: a real game.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import msgspec

from domain import RULESETS, Rng
from domain.kernel import SeatedPlayer, SetupContext
from domain.petits_dragons.components import distance_to_centre

RULESET = RULESETS["petits_dragons"]
SEATS = [["white"], ["black"], ["red"], ["green"]]


def _body(command: Any) -> dict[str, Any]:
    return {k: v for k, v in msgspec.to_builtins(command).items() if v is not None}


FIFTIES = 5
"""T16's bank 50 = 5: the search steers the bank's 50s towards it."""


def given(state: Any) -> bool:
    """T16's given: a pawn's arrival penalty the only one pending, bank 100 = 0, a 50 left."""
    if state.status != "in_progress" or state.turn is None or state.turn.phase != "closing":
        return False
    if state.bank.e100 != 0 or state.bank.e50 < 1:
        return False
    pending = [p for p in state.penalties if p.status == "pending"]
    return [(p.kind, p.owner, p.blocking) for p in pending] == [
        ("pawn_arrival", state.turn.colour, False)
    ]


def _progress(state: Any) -> int:
    """How far the colours' pieces got: home counts most, then closeness to the centre."""
    total = 0
    for colour, dragon in state.dragons.items():
        for piece in (dragon.chief, *dragon.pawns.values()):
            if piece.position == "home":
                total += 40
            elif piece.position in ("board", "exit"):
                total += 20 - distance_to_centre(colour, piece.cell or "exit")
    return total


def _score(command: Any, after: Any, chooser: random.Random) -> tuple[Any, ...]:
    """Smaller is better: the game goes on, fewer 100s in the bank, 50s nearer 5, progress."""
    ended = after.status != "in_progress"
    fifties = abs(after.bank.e50 - FIFTIES)
    return (ended, after.bank.e100, fifties, -_progress(after), chooser.random())


def play(seed: str, plies: int) -> list[tuple[str, dict[str, Any]]] | None:
    options = msgspec.convert({"seats": SEATS}, type=RULESET.Options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RULESET.seats(options)))
    log = list(RULESET.setup(options, context, Rng(seed, 0)))
    state: Any = None
    for event in log:
        state = RULESET.evolve(state, event)
    version = len(log)
    chooser = random.Random(seed)
    commands: list[tuple[str, dict[str, Any]]] = []
    for _ in range(plies):
        if given(state):
            return commands
        if state.status != "in_progress":
            return None
        seat = RULESET.to_act(state)[0]
        best: tuple[Any, ...] | None = None
        choice = None
        for command in RULESET.legal_commands(state, seat):
            events = list(RULESET.decide(state, seat, command, Rng(seed, version)))
            after = state
            for event in events:
                after = RULESET.evolve(after, event)
            key = _score(command, after, chooser)
            if best is None or key < best:
                best, choice = key, (command, events, after)
        if choice is None:
            return None
        command, events, state = choice
        version += len(events)
        commands.append((seat, _body(command)))
    return None


def main() -> None:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    for k in range(first, first + seeds):
        seed = f"petits_dragons-bank-out-of-100s-{k}"
        found = play(seed, plies)
        print(seed, "found" if found else "no", len(found) if found else "", flush=True)
        if found:
            print(repr(found))
            return


if __name__ == "__main__":
    main()
