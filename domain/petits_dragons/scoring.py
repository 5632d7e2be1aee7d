"""End of game (§11): colour scores, side scores, ranking with every tie-break."""

from __future__ import annotations

from domain.kernel import Outcome, Seat, Standing
from domain.petits_dragons.components import NEST_POINTS, Colour
from domain.petits_dragons.state import (
    EndGameReason,
    PetitsDragonsColourScore,
    PetitsDragonsRank,
    PetitsDragonsResult,
    PetitsDragonsSideScore,
    PetitsDragonsState,
)


def colour_score(state: PetitsDragonsState, colour: Colour) -> PetitsDragonsColourScore:
    dragon = state.dragons[colour]
    eggs = dragon.eggs
    chief_points = NEST_POINTS["chief"] if dragon.chief.position == "nest" else 0
    pawns_in_nest = sum(1 for p in dragon.pawns.values() if p.position == "nest")
    home = sum(1 for p in dragon.pawns.values() if p.position == "home")
    home += 1 if dragon.chief.position == "home" else 0
    return PetitsDragonsColourScore(
        eggs=eggs,
        egg_points=eggs.value,
        chief_in_nest_points=chief_points,
        pawns_in_nest=pawns_in_nest,
        pawn_points=NEST_POINTS["pawn"] * pawns_in_nest,
        total=eggs.value + chief_points + NEST_POINTS["pawn"] * pawns_in_nest,
        pieces_home=home,
    )


def side_ids(state: PetitsDragonsState) -> list[str]:
    """Sides in first-appearance order of their colours in ``colours_in_play``."""
    out: list[str] = []
    for c in state.colours_in_play:
        if state.side[c] not in out:
            out.append(state.side[c])
    return out


def compute_result(
    state: PetitsDragonsState, reason: EndGameReason, completed_by: Colour | None
) -> PetitsDragonsResult:
    scores = {c: colour_score(state, c) for c in state.colours_in_play}
    sides: list[PetitsDragonsSideScore] = []
    for sid in side_ids(state):
        colours = [c for c in state.colours_in_play if state.side[c] == sid]
        in_nest = 0
        for c in colours:
            in_nest += scores[c].pawns_in_nest
            in_nest += 1 if state.dragons[c].chief.position == "nest" else 0
        sides.append(
            PetitsDragonsSideScore(
                side_id=sid,
                colours=colours,
                total=sum(scores[c].total for c in colours),
                pieces_home=sum(scores[c].pieces_home for c in colours),
                pieces_in_nest=in_nest,
            )
        )
    finisher = state.side[completed_by] if completed_by is not None else None

    def key(s: PetitsDragonsSideScore) -> tuple[int, int, int, int]:
        return (s.total, -s.pieces_home, 0 if s.side_id == finisher else 1, s.pieces_in_nest)

    ordered = sorted(sides, key=key)
    ranking: list[PetitsDragonsRank] = []
    for i, s in enumerate(ordered):
        rank = i + 1
        if i > 0 and key(s) == key(ordered[i - 1]):
            rank = ranking[-1].rank
        ranking.append(PetitsDragonsRank(rank=rank, side_id=s.side_id))
    return PetitsDragonsResult(
        reason=reason,
        completed_by=completed_by,
        colour_scores=scores,
        side_scores=sides,
        ranking=ranking,
        decided_by=_decided_by([key(s) for s in ordered[:2]]),
    )


_CRITERIA = ("score", "pieces_home", "completed_by", "pieces_in_nest")


def _decided_by(keys: list[tuple[int, int, int, int]]) -> str:
    if len(keys) < 2:
        return "score"
    for name, a, b in zip(_CRITERIA, keys[0], keys[1], strict=True):
        if a != b:
            return name
    return "tie"


def outcome(state: PetitsDragonsState) -> Outcome | None:
    """The ranking ``game_ended`` recorded, every seat with its side's rank and total."""
    result = state.result
    if result is None:
        return None
    rank_of = {r.side_id: r.rank for r in result.ranking}
    total_of = {s.side_id: s.total for s in result.side_scores}
    order = {r.side_id: i for i, r in enumerate(result.ranking)}
    seat_side: dict[Seat, str] = {entry.seat: state.side[entry.colours[0]] for entry in state.seats}
    seat_index = {entry.seat: index for index, entry in enumerate(state.seats)}
    seats = sorted(seat_side, key=lambda s: (order[seat_side[s]], seat_index[s]))
    standings = tuple(
        Standing(seat=s, rank=rank_of[seat_side[s]], score=total_of[seat_side[s]]) for s in seats
    )
    winners = tuple(s.seat for s in standings if s.rank == 1)
    return Outcome(standings=standings, winners=winners, decided_by=result.decided_by)
