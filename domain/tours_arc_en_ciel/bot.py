"""Bot support for Les Tours Arc-en-Ciel.

``determinize`` rebuilds a full state from a seat's view. Hidden from a seat:
the game pile's order, the other hands (counts public), the chance deck (count
public), the other reserves' Dragon ids (strengths public) and the other
Houses' hidden board Dragons (House public). The unseen island cards (all game
cards minus the seat's hand, the face-up cards and the discard) are dealt at
random to the other hands and the pile; the unseen chance cards to the deck;
each other House's unlocated Dragons fill its reserve by the public strengths,
the rest its hidden towers. Not in the view, so reset in the sample: the
variant options (off), this turn's combat counts (fatigue: none) and the
turn's chance origin (taken from the pending card, if any).
``heuristic``: the score if the game ended now (shown in the view) plus a
little per tower held and per Dragon still in play.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from domain.tours_arc_en_ciel.components import (
    CHANCE_CARDS,
    DRAGONS,
    GAME_CARDS,
    HOUSE_DRAGONS,
    ISLAND_BY_ID,
)
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursState, ToursTurn
from domain.tours_arc_en_ciel.views import ToursView

SCALE = 4.0
ROLLOUT_DEPTH = 15
"""Commands rolled out (uniformly at random) after the search tree: the view and
heuristic cost ~0.5 ms here, too much to choose each rollout command by it."""


def _take(pool: list[Any], count: int, rng: random.Random, filler: tuple[Any, ...]) -> list[Any]:
    taken = pool[:count]
    del pool[:count]
    while len(taken) < count:
        taken.append(rng.choice(filler))
    return taken


def determinize(view: ToursView, seat: str, rng: random.Random) -> ToursState:
    n = len(view.houses)
    viewer = view.viewer
    # Island cards.
    seen: Counter[Any] = Counter(view.game_discard)
    seen.update(c for c in view.face_up if c is not None)
    for h in view.hands:
        if h.cards is not None:
            seen.update(h.cards)
    islands = list((Counter[Any](GAME_CARDS) - seen).elements())
    rng.shuffle(islands)
    hands: list[dict[Any, int]] = []
    for h in view.hands:
        if h.cards is not None:
            hands.append(dict(h.cards))
        else:
            hand = Counter(_take(islands, h.count, rng, GAME_CARDS))
            hands.append(dict(sorted(hand.items())))
    pile = _take(islands, view.pile_count, rng, GAME_CARDS)
    # Chance cards.
    used: Counter[Any] = Counter(view.chance_discard)
    for cards in (*view.combat_cards, *view.point_cards):
        used.update(cards)
    if view.pending is not None:
        used[view.pending.card] += 1
    chance = list((Counter[Any](CHANCE_CARDS) - used).elements())
    rng.shuffle(chance)
    chance_deck = _take(chance, view.chance_deck_count, rng, CHANCE_CARDS)
    # Dragons.
    occupant: dict[str, str] = {}
    defense: dict[str, int] = {}
    hidden: list[str] = []
    located: set[str] = {d for e in view.eliminated for d in e}
    unknown_towers: dict[str, list[str]] = {}
    for t in view.towers:
        defense[t.tower] = t.defense
        if t.house is None:
            continue
        if t.dragon is not None:
            occupant[t.tower] = t.dragon
            located.add(t.dragon)
            if t.hidden:
                hidden.append(t.dragon)
        else:
            unknown_towers.setdefault(t.house, []).append(t.tower)
    for r in view.reserves:
        if r.dragons is not None:
            located.update(r.dragons)
    reserve: list[list[str]] = []
    for s, house in enumerate(view.houses):
        r = view.reserves[s]
        if r.dragons is not None:
            reserve.append(list(r.dragons))
            continue
        free = [d for d in HOUSE_DRAGONS[house] if d not in located]
        rng.shuffle(free)
        mine: list[str] = []
        for strength in r.strengths:
            pick = next((d for d in free if DRAGONS[d].strength == strength), None)
            if pick is None:
                pick = free[0] if free else HOUSE_DRAGONS[house][0]
            if pick in free:
                free.remove(pick)
            mine.append(pick)
        reserve.append(sorted(mine, key=lambda d: DRAGONS[d].order))
        for tower in unknown_towers.get(house, []):
            dragon = free.pop() if free else HOUSE_DRAGONS[house][0]
            occupant[tower] = dragon
            hidden.append(dragon)
    threshold_mod = {
        i.island: i.threshold - ISLAND_BY_ID[i.island].threshold
        for i in view.islands
        if i.threshold != ISLAND_BY_ID[i.island].threshold
    }
    del viewer, n
    return ToursState(
        options=ToursOptions(houses=list(view.houses)),
        houses=list(view.houses),
        turn_order=list(view.turn_order),
        gold_seat=view.gold_seat,
        phase=view.phase,
        active_seat=view.active_seat,
        turn_number=view.turn_number,
        final_turn=view.final_turn,
        pile=pile,
        face_up=list(view.face_up),
        hands=hands,
        game_discard=list(view.game_discard),
        chance_deck=chance_deck,
        chance_discard=list(view.chance_discard),
        occupant=occupant,
        defense=defense,
        reserve=reserve,
        eliminated=[list(e) for e in view.eliminated],
        hidden=sorted(hidden),
        threshold_mod=threshold_mod,
        shares=list(view.shares),
        combat_cards=[list(c) for c in view.combat_cards],
        point_cards=[list(c) for c in view.point_cards],
        atomize_count=list(view.atomize_count),
        turn=ToursTurn(
            invulnerable=view.invulnerable,
            chance_origin=view.pending.origin if view.pending is not None else None,
        ),
        pending=view.pending,
        result=view.result,
    )


def heuristic(view: ToursView) -> dict[str, float]:
    towers: Counter[str] = Counter(t.house for t in view.towers if t.house is not None)
    out: dict[str, float] = {}
    for score in view.scores:
        house = view.houses[score.seat]
        lost = len(view.eliminated[score.seat])
        out[house] = score.score + 0.4 * towers[house] - 0.3 * lost + 0.01 * score.pearls
    return out
