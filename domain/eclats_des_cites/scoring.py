"""Prestige, the final ranking and the outcome (spec section 11)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    PROGRESS_PER_UPGRADE,
    VICTORY_PRESTIGE,
    WONDER_BY_ID,
    CardId,
    SeatIndex,
    seat_id,
)
from domain.eclats_des_cites.events import EclatsScore
from domain.eclats_des_cites.state import EclatsPlayer, EclatsState
from domain.kernel import Outcome, Standing


def stage_prestige(wonder: str | None, stages: int) -> int:
    """Prestige of the first ``stages`` stages of ``wonder``."""
    if wonder is None:
        return 0
    return sum(WONDER_BY_ID[wonder].stage_prestige[:stages])


def culture(tableau: Mapping[CardId, int]) -> int:
    """Prestige of the kept culture cards."""
    return sum(CARD_BY_ID[card].prestige * k for card, k in tableau.items())


def victory_prestige(victories: int) -> int:
    return VICTORY_PRESTIGE * victories


def progress(upgrades: Sequence[str]) -> int:
    """Progrès: 2 per upgrade held (itself included); nothing without it."""
    return PROGRESS_PER_UPGRADE * len(upgrades) if "progres" in upgrades else 0


def score(player: EclatsPlayer) -> EclatsScore:
    """``player``'s score if the game ended now."""
    sp = stage_prestige(player.wonder, player.stages_built)
    cu = culture(player.tableau)
    vp = victory_prestige(player.victories)
    pr = progress(player.upgrades)
    return EclatsScore(
        seat=player.seat,
        stages=player.stages_built,
        stage_prestige=sp,
        culture=cu,
        victories=player.victories,
        victory_prestige=vp,
        progress=pr,
        total=sp + cu + vp + pr,
    )


def scores(state: EclatsState) -> list[EclatsScore]:
    """Every seat's score, in seat order."""
    return [score(player) for player in state.players]


def ranking(
    totals: Sequence[int], stages: Sequence[int], first_seat: SeatIndex
) -> tuple[list[SeatIndex], str]:
    """Seat indices best first, and what separated the first two (section 11).

    Keys: total, then stages built, then turn position (later first). Turn
    positions are unique, so the ranking is always complete.
    """
    n = len(totals)
    order = sorted(
        range(n), key=lambda index: (-totals[index], -stages[index], -((index - first_seat) % n))
    )
    a, b = order[0], order[1]
    if totals[a] != totals[b]:
        decided = "score"
    elif stages[a] != stages[b]:
        decided = "stages_built"
    else:
        decided = "turn_position"
    return order, decided


def outcome(state: EclatsState) -> Outcome | None:
    """The ranking ``game_ended`` recorded, with the tie-break that decided it."""
    result = state.result
    if state.status != "finished" or result is None:
        return None
    by_index = {score.seat: score for score in result.scores}
    _, decided = ranking(
        [by_index[i].total for i in range(state.n)],
        [by_index[i].stages for i in range(state.n)],
        state.first_seat,
    )
    standings = tuple(
        Standing(seat=seat_id(index), rank=rank, score=by_index[index].total)
        for rank, index in enumerate(result.ranking, start=1)
    )
    return Outcome(standings=standings, winners=(seat_id(result.winner),), decided_by=decided)
