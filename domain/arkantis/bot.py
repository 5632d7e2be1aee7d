"""Bot support for ArkantiS.

``determinize`` rebuilds a full state from a seat's view: every card is
unique (``components.CARDS``), so the cards the seat cannot see are all the
cards minus its own hand, every laid card and the face-up slots; they are
dealt at random, colour by colour, to the other hands (their per-colour counts
are public) and to the face-down piles (their counts are public).
``heuristic`` is the final score formula on public data (laid value +
sesterces - hand penalty, spec 11.2) with half the penalty given back per card
in hand (a card may still be laid).
"""

from __future__ import annotations

import random
from typing import Any

from domain.arkantis.components import CARD_BY_ID, CARDS, PRICE
from domain.arkantis.state import (
    ArkantisPile,
    ArkantisPlayerState,
    ArkantisState,
)
from domain.arkantis.views import ArkantisPlayerView, ArkantisView

SCALE = 6.0
ROLLOUT_DEPTH = 4
"""Commands rolled out after the search tree, each by the heuristic's choice among
``ROLLOUT_GREEDY`` sampled commands (a turn offers ~40)."""
ROLLOUT_GREEDY = 6


def seat_of(player: ArkantisPlayerView) -> str:
    """The seat a player view describes."""
    return player.seat


def _tokens(board: tuple[str, ...]) -> int:
    mask = 0
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == "B":
                mask |= 1 << (r * 7 + c)
    return mask


def determinize(view: ArkantisView, seat: str, rng: random.Random) -> ArkantisState:
    seen: set[str] = set()
    for p in view.players:
        seen.update(c.card_id for c in p.laid)
        if p.hand is not None:
            seen.update(p.hand)
    for pile in (view.orange, view.emerald):
        if pile.visible is not None:
            seen.add(pile.visible)
    pool: dict[str, list[Any]] = {
        colour: [c.card_id for c in CARDS if c.colour == colour and c.card_id not in seen]
        for colour in ("orange", "emerald")
    }
    for cards in pool.values():
        rng.shuffle(cards)

    def deal(colour: str, count: int) -> list[Any]:
        cards = pool[colour]
        taken, pool[colour] = cards[:count], cards[count:]
        return taken

    players = []
    for p in view.players:
        if p.hand is not None:
            hand = tuple(p.hand)
        else:
            hand = tuple(
                deal("orange", p.hand_count.orange) + deal("emerald", p.hand_count.emerald)
            )
        players.append(
            ArkantisPlayerState(
                seat=p.seat,
                seat_index=p.seat_index,
                sesterces=p.sesterces,
                hand=hand,
                laid=p.laid,
                passed=p.passed,
                leave_position=p.leave_position,
                tokens_at_last_move=p.tokens_at_last_move,
                swapped_in_turn=p.swapped_in_turn,
            )
        )
    orange = ArkantisPile(
        hidden=tuple(deal("orange", view.orange.hidden_count)), visible=view.orange.visible
    )
    emerald = ArkantisPile(
        hidden=tuple(deal("emerald", view.emerald.hidden_count)), visible=view.emerald.visible
    )
    return ArkantisState(
        status=view.status,
        options=view.options,
        tokens=_tokens(view.board),
        bank=view.bank,
        orange=orange,
        emerald=emerald,
        players=tuple(players),
        turn=view.turn,
        active_seat=view.active_seat,
        phase=view.phase,
        turn_shapes=view.turn_shapes,
        pending_shape_ids=view.pending_shape_ids,
        leave_count=view.leave_count,
        result=view.result,
    )


def heuristic(view: ArkantisView) -> dict[str, float]:
    out: dict[str, float] = {}
    for p in view.players:
        penalty = PRICE["orange"] * p.hand_count.orange + PRICE["emerald"] * p.hand_count.emerald
        out[seat_of(p)] = p.laid_value + p.sesterces - penalty / 2
    return out


def rollout(state: ArkantisState, seat: str, legal: list[Any], rng: random.Random) -> Any:
    """Random play that prefers laying a card and rarely passes or buys."""
    lay = [c for c in legal if type(c).__name__ == "ArkantisLayCard"]
    if lay:
        return rng.choice(lay)
    cheap = [
        c
        for c in legal
        if type(c).__name__ in ("ArkantisRemoveToken", "ArkantisEndTurn", "ArkantisSwapDuplicate")
    ]
    if cheap and rng.random() < 0.9:
        return rng.choice(cheap)
    return rng.choice(legal)


assert all(c.card_id in CARD_BY_ID for c in CARDS)
