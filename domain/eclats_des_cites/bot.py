"""Bot support for Éclats des Cités.

``determinize`` rebuilds a full state from a seat's view: the unseen cards are
the game's cards (the central and border compositions) minus every card the
view shows (tableaux, discard, border tops, revealed cards); the central pile
and each border pile below its top are dealt at random from them (their
counts are public), and the hidden upgrades from the upgrades nobody holds or
sees. A peek the seat did not make stays unknown (null). ``heuristic`` is the
public prestige of each seat (spec 11, shown in the view) plus a little per
card kept and per stage built (what prestige will come from).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from domain.eclats_des_cites.components import (
    MATERIALS,
    ONE_UNIT_JOKERS,
    PRISME,
    SCIENCE_SYMBOLS,
    STAGES,
    UPGRADE_IDS,
    WONDER_BY_ID,
    border_composition,
    central_composition,
    seat_id,
)
from domain.eclats_des_cites.state import EclatsPlayer, EclatsState, EclatsTurn
from domain.eclats_des_cites.views import EclatsView

SCALE = 4.0
ROLLOUT_DEPTH = 6
"""Commands rolled out after the search tree, each by the heuristic's choice among
(at most) ``ROLLOUT_GREEDY`` commands."""
ROLLOUT_GREEDY = 8


def determinize(view: EclatsView, seat: str, rng: random.Random) -> EclatsState:
    n = view.seat_count
    pool: Counter[Any] = Counter(central_composition())
    for _ in range(n):
        pool.update(border_composition())
    seen: Counter[Any] = Counter(view.discard)
    for p in view.players:
        seen.update(p.tableau)
    for pile in view.piles:
        if pile.top is not None:
            seen[pile.top] += 1
    if view.turn is not None:
        seen.update(view.turn.revealed)
        if view.turn.peeked_card is not None:
            seen[view.turn.peeked_card] += 1
    unseen = list((pool - seen).elements())
    rng.shuffle(unseen)
    filler = sorted(pool)

    def deal(count: int) -> list[Any]:
        nonlocal unseen
        taken, unseen = unseen[:count], unseen[count:]
        while len(taken) < count:  # more hidden cards than the accounting finds: any kind
            taken.append(rng.choice(filler))
        return taken

    piles: dict[Any, Any] = {}
    for pile in view.piles:
        if pile.pile_id == "central":
            cards = deal(pile.count)
            if view.turn is not None and view.turn.peeked_card is not None and cards:
                cards[0] = view.turn.peeked_card
            piles[pile.pile_id] = tuple(cards)
        elif pile.count == 0:
            piles[pile.pile_id] = ()
        else:
            top = pile.top
            assert top is not None
            piles[pile.pile_id] = (top, *deal(pile.count - 1))
    known_upgrades = set(view.upgrades_face_up)
    for p in view.players:
        known_upgrades.update(p.upgrades)
    hidden_upgrades = [u for u in UPGRADE_IDS if u not in known_upgrades]
    rng.shuffle(hidden_upgrades)
    hidden_upgrades = hidden_upgrades[: view.upgrades_hidden_count]
    while len(hidden_upgrades) < view.upgrades_hidden_count:
        hidden_upgrades.append(rng.choice(UPGRADE_IDS))
    t = view.turn
    turn = None
    if t is not None:
        turn = EclatsTurn(
            seat=t.seat,
            jokers_played=t.jokers_played,
            stages_built_this_turn=t.stages_built_this_turn,
            grant_queue=tuple(t.grant_queue),
            revealed=tuple(t.revealed),
            reveal_source=t.reveal_source,
            exploring_card=t.exploring_card,
            peeked_card=t.peeked_card,
        )
    return EclatsState(
        status=view.status,
        n=n,
        players=tuple(
            EclatsPlayer(
                seat=p.seat,
                wonder=p.wonder,
                stages_built=p.stages_built,
                tableau=dict(p.tableau),
                upgrades=tuple(p.upgrades),
                permanent_shields=p.permanent_shields,
                victories=p.victories,
                turns_taken=p.turns_taken,
            )
            for p in view.players
        ),
        first_seat=view.first_seat,
        wonder_choice_order=tuple(view.wonder_choice_order),
        current_seat=view.current_seat,
        turn_number=view.turn_number,
        piles=piles,
        discard=tuple(view.discard),
        upgrades_face_up=tuple(view.upgrades_face_up),
        upgrades_hidden=tuple(hidden_upgrades),
        alerts=view.alerts,
        pending=view.pending,
        turn=turn,
        wonder_completed_by=view.wonder_completed_by,
        result=view.result,
    )


def _stage_progress(tableau: dict[Any, int], stage: int) -> float:
    """How much of stage ``stage``'s material (1..5) the kept cards already cover, 0..1."""
    if stage > len(STAGES):
        return 0.0
    spec = STAGES[stage - 1]
    materials = [tableau.get(m, 0) for m in MATERIALS]
    wild = sum(tableau.get(j, 0) for j in ONE_UNIT_JOKERS) + 2 * tableau.get(PRISME, 0)
    if spec.pattern == "different":
        have = sum(1 for m in materials if m > 0) + wild
    else:
        have = max(materials) + wild
    return min(spec.count, have) / spec.count


def heuristic(view: EclatsView) -> dict[str, float]:
    """Prestige now, plus the expected Prestige of the next stage times how much of
    its material is kept, plus a little per science symbol and shield."""
    out: dict[str, float] = {}
    for p in view.players:
        value = float(p.prestige)
        if p.wonder is not None and p.stages_built < len(STAGES):
            nxt = WONDER_BY_ID[p.wonder].stage_prestige[p.stages_built]
            value += 0.8 * nxt * _stage_progress(p.tableau, p.stages_built + 1)
        value += 0.7 * sum(1 for s in SCIENCE_SYMBOLS if p.tableau.get(s, 0) > 0)
        value += 0.8 * p.strength
        out[seat_id(p.seat)] = value
    return out
