"""Conformance-suite knobs for ArkantiS (see tests/domain/test_conformance.py)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from domain.arkantis.commands import (
    ArkantisBuyCard,
    ArkantisEndTurn,
    ArkantisLayCard,
    ArkantisPassTurn,
    ArkantisRemoveTwoTokens,
    ArkantisSwapDuplicate,
)
from domain.arkantis.components import CELL_INDEX
from domain.arkantis.options import ArkantisOptions


def _explicit(perm: list[int]) -> tuple[str, ...]:
    return tuple("".join("R" if c == col else "B" for c in range(1, 8)) for col in perm)


options = st.one_of(
    st.builds(ArkantisOptions, player_count=st.integers(2, 4)),
    st.builds(
        ArkantisOptions,
        player_count=st.integers(2, 4),
        tournament_mode=st.just(True),
        tournament_config=st.none() | st.integers(1, 80),
    ),
    st.builds(
        ArkantisOptions,
        player_count=st.integers(2, 4),
        explicit_layout=st.permutations(list(range(1, 8))).map(_explicit),
    ),
)
"""Every variant (random, tournament fixed or drawn, explicit layout) and seat count."""

MAX_STEPS = 5_000


class AnyVisiblePurchase:
    """Stands for the listed visible purchase of one colour.

    ``canonical`` gets no state, so it cannot fill in the card now face up. A visible
    purchase without ``expected_card_id`` is accepted exactly when the listed one
    (which names the face-up card) is, and a list holds at most one visible purchase
    per colour: this stand-in compares equal to exactly that one.
    """

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, colour: str) -> None:
        self.colour = colour

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ArkantisBuyCard)
            and other.colour == self.colour
            and other.source == "visible"
        )

    def __repr__(self) -> str:
        return f"AnyVisiblePurchase({self.colour})"


def canonical(command: Any) -> Any:
    """The listed form of an equivalent command (spec 7.12)."""
    if isinstance(command, ArkantisRemoveTwoTokens) and isinstance(command.cells, (list, tuple)):
        cells = command.cells
        if len(cells) == 2 and all(isinstance(c, str) for c in cells):
            ordered = tuple(sorted(cells, key=lambda c: CELL_INDEX.get(c, 99)))
            return ArkantisRemoveTwoTokens(cells=ordered)
    if (
        isinstance(command, ArkantisBuyCard)
        and command.source == "visible"
        and command.expected_card_id is None
    ):
        return AnyVisiblePurchase(command.colour)
    return command


def choose(rnd: random.Random, state: Any, seat: str, commands: list[Any]) -> Any:
    """Random player that prefers board actions and laying cards to passing and buying."""
    if rnd.random() < 0.05:
        return rnd.choice(commands)
    actions = [
        c
        for c in commands
        if not isinstance(
            c, (ArkantisBuyCard, ArkantisPassTurn, ArkantisEndTurn, ArkantisSwapDuplicate)
        )
    ]
    lays = [c for c in actions if isinstance(c, ArkantisLayCard)]
    if lays:
        return rnd.choice(lays)
    if actions:
        return rnd.choice(actions)
    buys = [c for c in commands if isinstance(c, ArkantisBuyCard)]
    if buys and rnd.random() < 0.3:
        return rnd.choice(buys)
    return rnd.choice(commands)
