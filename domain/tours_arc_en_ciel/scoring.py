"""Scores and the final ranking (spec 11): islands, point cards, pearls, roll-offs."""

from __future__ import annotations

from domain.kernel import Outcome, Rng, Standing
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel.components import (
    CHANCE_BY_KIND,
    DICE_SIDES,
    ISLAND_BY_ID,
    ISLANDS,
    SeatIndex,
)
from domain.tours_arc_en_ciel.state import ToursIslandPoints, ToursRoll, ToursScore, ToursState


def scores(st: ToursState) -> list[ToursScore]:
    """Every seat's score if the game ended now (11.2), by seat index."""
    own = board.owners_by_bridges(st)
    active = [s for s in st.shares if s.active]
    out = []
    for index in range(len(st.houses)):
        islands = []
        for island in ISLANDS:
            value = ISLAND_BY_ID[island].value
            if index in own[island]:
                if any(s.owner == index and s.island == island for s in active):
                    value //= 2
            elif not any(
                s.sharer == index and s.island == island and s.owner in own[island] for s in active
            ):
                continue
            else:
                value //= 2
            islands.append(ToursIslandPoints(island=island, points=value))
        island_points = sum(i.points for i in islands)
        card_points = sum(CHANCE_BY_KIND[c].amount for c in st.point_cards[index])
        out.append(
            ToursScore(
                seat=index,
                islands=islands,
                island_points=island_points,
                card_points=card_points,
                score=island_points + card_points,
                pearls=board.pearls(st, index),
            )  # fmt: skip
        )
    return out


def _roll_off(rng: Rng, group: list[SeatIndex], rounds: list[list[ToursRoll]]) -> list[SeatIndex]:
    """Order a tied group by d20 rolls, re-rolling ties among themselves."""
    if len(group) == 1:
        return group
    rolls = [ToursRoll(seat=s, roll=rng.die(DICE_SIDES)) for s in group]
    rounds.append(rolls)
    ranked: list[SeatIndex] = []
    for value in sorted({r.roll for r in rolls}, reverse=True):
        ranked.extend(_roll_off(rng, [r.seat for r in rolls if r.roll == value], rounds))
    return ranked


def ranking(
    st: ToursState, table: list[ToursScore], rng: Rng
) -> tuple[list[SeatIndex], list[list[ToursRoll]]]:
    """Every seat best first (11.3, 11.4): by score, then pearls, then d20
    roll-offs among the seats still tied; with the roll-off rounds."""
    position = {s: i for i, s in enumerate(st.turn_order)}
    keyed = sorted(st.turn_order, key=lambda s: (-table[s].score, -table[s].pearls, position[s]))
    rounds: list[list[ToursRoll]] = []
    ranked: list[SeatIndex] = []
    i = 0
    while i < len(keyed):
        key = (table[keyed[i]].score, table[keyed[i]].pearls)
        j = i
        while j < len(keyed) and (table[keyed[j]].score, table[keyed[j]].pearls) == key:
            j += 1
        group = keyed[i:j]
        ranked.extend(_roll_off(rng, group, rounds) if len(group) > 1 else group)
        i = j
    return ranked, rounds


def outcome(state: ToursState) -> Outcome | None:
    result = state.result
    if result is None:
        return None
    by_seat = {s.seat: s for s in result.scores}
    standings = tuple(
        Standing(seat=state.houses[s], rank=i + 1, score=by_seat[s].score)
        for i, s in enumerate(result.ranking)
    )
    return Outcome(
        standings=standings,
        winners=(state.houses[result.ranking[0]],),
        decided_by=result.decided_by,
    )
