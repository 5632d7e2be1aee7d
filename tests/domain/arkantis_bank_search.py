"""Finding an ArkantiS game whose bank cannot pay what a player earns (T30).

Random play never drains the bank (``domain/arkantis/README.md``, "Named positions"):
players buy cards, and their prices, like the costs of pair removals and moves, go back
to the bank. Players who never buy and pick, at each turn, the board action that leaves
the most sesterces in their hands drain it in about ten actions: a move or a pair removal
that cuts the board into several small shapes pays 7 to 9 sesterces for a cost of 3 or 2.

``python -m tests.domain.arkantis_bank_search [players] [seeds] [width]`` runs, for each
seed ``arkantis-bank-shortfall-beam-<k>``, a beam search over the board actions (remove
one token, remove two, move one; D34 and each player's sesterces applied, no card ever
bought, every validation window closed with ``end_turn``): each layer keeps the
``width`` states where the bank holds least, and it stops at the first action that owes
more than the bank holds. The engine then plays that line from the seed's opening and
prints it as a ``Position`` literal's seed and commands (all but the last, which
``positions_checks.FINALS`` posts). The engine decides every command: the result is a
real game.
"""

from __future__ import annotations

import sys
from typing import Any

import msgspec

from domain import RULESETS, Rng
from domain.arkantis.components import CELLS, MOVE_COST, REMOVE_TWO_COST
from domain.arkantis.search import board_moves, board_pairs, board_singles
from domain.arkantis.shapes import BIT, new_shapes
from domain.kernel import SeatedPlayer, SetupContext

RULESET = RULESETS["arkantis"]
Action = tuple[int, ...] | tuple[str, int, int]
"""(cell,) removes one token, (cell, cell) two, ("move", from, to) moves one."""
Node = tuple[int, tuple[int, ...], tuple[int | None, ...], int, int]
"""(tokens, each seat's sesterces, each seat's tokens at its last move, active index, bank)."""


def opening(seed: str, players: int) -> tuple[Any, list[Any]]:
    options = msgspec.convert({"player_count": players}, type=RULESET.Options)
    seats = RULESET.seats(options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
    log = list(RULESET.setup(options, context, Rng(seed, 0)))
    state = None
    for event in log:
        state = RULESET.evolve(state, event)
    return state, log


def owed(before: int, after: int) -> int:
    """Spec 7.1 step 4: the sizes of the new shapes of 2 or 3 cells."""
    red, blue = new_shapes(before, after)
    return sum(m.bit_count() for m in red + blue if m.bit_count() <= 3)


def _children(node: Node) -> list[tuple[Action, int, int, Node]]:
    """(action, owed, bank before paying, the next node) of every legal board action."""
    tokens, money, last, active, bank = node
    count = tokens.bit_count()
    actions: list[tuple[Action, int, int]] = [
        ((i,), 0, tokens & ~BIT[i]) for i in board_singles(tokens)
    ]
    if money[active] >= REMOVE_TWO_COST:
        actions += [
            ((i, j), REMOVE_TWO_COST, tokens & ~BIT[i] & ~BIT[j]) for i, j in board_pairs(tokens)
        ]
    moved_at = last[active]
    if money[active] >= MOVE_COST and (moved_at is None or moved_at > count):
        actions += [
            (("move", i, j), MOVE_COST, (tokens & ~BIT[i]) | BIT[j]) for i, j in board_moves(tokens)
        ]
    out = []
    for action, cost, after in actions:
        o = owed(tokens, after)
        held = bank + cost
        paid = min(o, held)
        sesterces = list(money)
        sesterces[active] += paid - cost
        moved = list(last)
        if action[0] == "move":
            moved[active] = count
        child = (after, tuple(sesterces), tuple(moved), (active + 1) % len(money), held - paid)
        out.append((action, o, held, child))
    return out


def search(seed: str, players: int, width: int, depth: int = 60) -> list[Action] | None:
    """The board actions of a line whose last action owes more than the bank holds."""
    state, _ = opening(seed, players)
    seats = [p.seat for p in state.players]
    start: Node = (
        state.tokens,
        tuple(p.sesterces for p in state.players),
        (None,) * players,
        seats.index(state.active_seat),
        state.bank,
    )
    layer: dict[Node, tuple[Action, ...]] = {start: ()}
    for _ in range(depth):
        following: dict[Node, tuple[Action, ...]] = {}
        for node, line in layer.items():
            for action, o, held, child in _children(node):
                if o > held:
                    return [*line, action]
                following.setdefault(child, (*line, action))
        ranked = sorted(following, key=lambda n: (n[4], -n[0].bit_count()))
        layer = {n: following[n] for n in ranked[:width]}
        if not layer:
            return None
    return None


def _command(action: Action) -> dict[str, Any]:
    if action[0] == "move":
        return {
            "type": "arkantis.move_token",
            "from_cell": CELLS[int(action[1])],
            "to_cell": CELLS[int(action[2])],
        }
    if len(action) == 1:
        return {"type": "arkantis.remove_token", "cell": CELLS[int(action[0])]}
    cells = tuple(CELLS[int(i)] for i in action)
    return {"type": "arkantis.remove_two_tokens", "cells": cells}


def play(seed: str, players: int, line: list[Action]) -> list[tuple[str, dict[str, Any]]]:
    """The line played by the engine, an ``end_turn`` closing every validation window but
    the last action's: the commands, each checked legal first."""
    state, log = opening(seed, players)
    commands: list[tuple[str, dict[str, Any]]] = []

    def post(seat: str, body: dict[str, Any]) -> None:
        nonlocal state
        command = msgspec.convert(body, type=RULESET.Command)
        assert command in RULESET.legal_commands(state, seat), (seat, body)
        events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
        for event in events:
            state = RULESET.evolve(state, event)
        log.extend(events)
        commands.append((seat, body))

    for n, action in enumerate(line):
        seat = state.active_seat
        post(seat, _command(action))
        if state.phase == "validation" and n < len(line) - 1:
            post(seat, {"type": "arkantis.end_turn"})
    return commands


def find(players: int = 2, seeds: int = 10, width: int = 10) -> tuple[str, list[Any]] | None:
    for k in range(seeds):
        seed = f"arkantis-bank-shortfall-beam-{k}"
        line = search(seed, players, width)
        if line is not None:
            return seed, play(seed, players, line)
    return None


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 2
    seeds = int(argv[1]) if len(argv) > 1 else 10
    width = int(argv[2]) if len(argv) > 2 else 10
    found = find(players, seeds, width)
    if found is None:
        print("not found")
        return
    seed, commands = found
    print(f"seed={seed!r} ({len(commands)} commands; the last is the shortfall)")
    print("commands=(")
    for seat, body in commands:
        print(f"    ({seat!r}, {body!r}),")
    print(")")


if __name__ == "__main__":
    main(sys.argv[1:])
