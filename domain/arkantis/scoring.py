"""Final scores, ranking and the tie-break that decided (spec section 11)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arkantis.components import CARD_BY_ID, PRICE, DecidedBy
from domain.arkantis.events import ArkantisGameEnded, ArkantisScore
from domain.arkantis.state import ArkantisPlayerState, ArkantisState
from domain.kernel import Outcome, Standing

TIE_BREAKS: tuple[DecidedBy, ...] = ("score", "laid_value", "laid_count", "leave_position")
"""The ranking criteria of 11.3, in order; all are "higher is better"."""


def laid_value(player: ArkantisPlayerState) -> int:
    """The face values of the cards a player has laid."""
    return sum(CARD_BY_ID[c.card_id].face_value for c in player.laid)


def hand_penalty(player: ArkantisPlayerState) -> int:
    """The purchase values of the cards left in a player's hand."""
    return sum(PRICE[CARD_BY_ID[c].colour] for c in player.hand)


def score_of(player: ArkantisPlayerState) -> ArkantisScore:
    """One player's score of spec 11.2, rank 0 until ``game_ended`` ranks it."""
    value = laid_value(player)
    penalty = hand_penalty(player)
    return ArkantisScore(
        seat=player.seat,
        laid_value=value,
        laid_count=len(player.laid),
        sesterces=player.sesterces,
        hand_penalty=penalty,
        score=value + player.sesterces - penalty,
        leave_position=player.leave_position or 0,
        rank=0,
    )


def _keys(score: ArkantisScore) -> tuple[int, int, int, int]:
    return (score.score, score.laid_value, score.laid_count, score.leave_position)


def game_ended(state: ArkantisState) -> ArkantisGameEnded:
    """The game_ended event: scores in seat order, the ranking and what decided it (11.3)."""
    unranked = [score_of(p) for p in state.players]
    ranked = sorted(unranked, key=lambda s: tuple(-k for k in _keys(s)))
    rank_of = {s.seat: i + 1 for i, s in enumerate(ranked)}
    first, second = _keys(ranked[0]), _keys(ranked[1])
    decided_by = next(
        (name for i, name in enumerate(TIE_BREAKS) if first[i] != second[i]), TIE_BREAKS[-1]
    )
    return ArkantisGameEnded(
        hands={p.seat: p.hand for p in state.players},
        scores=tuple(replace(s, rank=rank_of[s.seat]) for s in unranked),
        ranking=tuple(s.seat for s in ranked),
        winner_seat=ranked[0].seat,
        decided_by=decided_by,
    )


def outcome(state: ArkantisState) -> Outcome | None:
    """The recorded result as a kernel Outcome (None while the game goes on)."""
    if state.result is None:
        return None
    by_seat = {s.seat: s for s in state.result.scores}
    standings = tuple(
        Standing(seat=seat, rank=by_seat[seat].rank, score=by_seat[seat].score)
        for seat in state.result.ranking
    )
    return Outcome(
        standings=standings, winners=(state.result.winner_seat,), decided_by=state.result.decided_by
    )
