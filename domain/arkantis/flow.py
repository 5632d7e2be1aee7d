"""Turn flow and the end of the game (spec sections 10 and 11)."""

from __future__ import annotations

from typing import Any

from domain.arkantis.components import CARD_BY_ID, MOVE_COST, PRICE, REMOVE_TWO_COST, DecidedBy
from domain.arkantis.events import (
    ArkantisGameEnded,
    ArkantisPlayerPassed,
    ArkantisScore,
    ArkantisTurnStarted,
)
from domain.arkantis.evolve import evolve, seat_index
from domain.arkantis.shapes import has_board_action
from domain.arkantis.state import ArkantisPlayerState, ArkantisState

TIE_BREAKS: tuple[DecidedBy, ...] = ("score", "laid_value", "laid_count", "leave_position")


def may_move(state: ArkantisState, player: ArkantisPlayerState) -> bool:
    """D34: a token has been removed since this player's previous move (or none yet)."""
    return (
        player.tokens_at_last_move is None or player.tokens_at_last_move > state.tokens.bit_count()
    )


def has_legal_action(state: ArkantisState, player: ArkantisPlayerState) -> bool:
    """Spec 10.3: some remove_token, affordable pair or affordable, allowed move is legal."""
    return has_board_action(
        state.tokens,
        player.sesterces >= REMOVE_TWO_COST,
        player.sesterces >= MOVE_COST and may_move(state, player),
    )


def start_turn(state: ArkantisState, player_id: str, out: list[Any]) -> ArkantisState:
    """Emit turn_started (turn + 1) for ``player_id``, then forced passes (10.3) and the end (11)."""
    while True:
        event: Any = ArkantisTurnStarted(turn=state.turn + 1, player_id=player_id)
        out.append(event)
        state = evolve(state, event)
        player = state.players[seat_index(player_id)]
        if has_legal_action(state, player):
            return state
        event = ArkantisPlayerPassed(
            turn=state.turn,
            player_id=player_id,
            reason="no_legal_action",
            leave_position=state.leave_count + 1,
        )
        out.append(event)
        state = evolve(state, event)
        nxt = next_player(state)
        if nxt is None:
            return end_game(state, out)
        player_id = nxt


def next_player(state: ArkantisState) -> str | None:
    """The first player who has not passed, clockwise from the active one (10.2); None if all passed."""
    n = len(state.players)
    start = seat_index(state.active_player_id) if state.active_player_id else n - 1
    for k in range(1, n + 1):
        p = state.players[(start + k) % n]
        if not p.passed:
            return p.player_id
    return None


def advance(state: ArkantisState, out: list[Any]) -> ArkantisState:
    """After turn_ended / player_passed: the next turn (10.2) or the end (11)."""
    nxt = next_player(state)
    if nxt is None:
        return end_game(state, out)
    return start_turn(state, nxt, out)


def score_of(player: ArkantisPlayerState) -> tuple[int, int, int, int]:
    """(score, laid_value, laid_count, hand_penalty) of spec 11.2."""
    laid_value = sum(CARD_BY_ID[c.card_id].face_value for c in player.laid)
    penalty = sum(PRICE[CARD_BY_ID[c].colour] for c in player.hand)
    return laid_value + player.sesterces - penalty, laid_value, len(player.laid), penalty


def end_game(state: ArkantisState, out: list[Any]) -> ArkantisState:
    """Emit game_ended with the scores, the ranking and the tie-break that decided (11.3)."""
    rows = []
    for p in state.players:
        score, laid_value, laid_count, penalty = score_of(p)
        keys = (score, laid_value, laid_count, p.leave_position or 0)
        rows.append((keys, p, laid_value, laid_count, penalty, score))
    ranked = sorted(rows, key=lambda r: tuple(-k for k in r[0]))
    rank_of = {r[1].player_id: i + 1 for i, r in enumerate(ranked)}
    decided_by: DecidedBy = "leave_position"
    for i, name in enumerate(TIE_BREAKS):
        if ranked[0][0][i] != ranked[1][0][i]:
            decided_by = name
            break
    scores = tuple(
        ArkantisScore(
            player_id=p.player_id,
            laid_value=laid_value,
            laid_count=laid_count,
            sesterces=p.sesterces,
            hand_penalty=penalty,
            score=score,
            leave_position=p.leave_position or 0,
            rank=rank_of[p.player_id],
        )
        for _, p, laid_value, laid_count, penalty, score in rows
    )
    event = ArkantisGameEnded(
        hands={p.player_id: p.hand for p in state.players},
        scores=scores,
        ranking=tuple(r[1].player_id for r in ranked),
        winner_id=ranked[0][1].player_id,
        decided_by=decided_by,
    )
    out.append(event)
    return evolve(state, event)
