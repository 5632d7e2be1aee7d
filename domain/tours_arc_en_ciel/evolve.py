"""``evolve``: fold one event into a new state (spec section 8, evolve rules).

Never raises on a valid log, never mutates its input, never draws: it copies
only the collections an event changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.kernel import unchanged
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import (
    DRAGONS,
    HOUSE_DRAGONS,
    ISLAND_BY_ID,
    TOWERS,
    IslandId,
)
from domain.tours_arc_en_ciel.state import (
    ToursContest,
    ToursPending,
    ToursResult,
    ToursShare,
    ToursState,
    ToursTurn,
)


def _hand_add(hand: dict[IslandId, int], island: IslandId) -> dict[IslandId, int]:
    new = dict(hand)
    new[island] = new.get(island, 0) + 1
    return dict(sorted(new.items()))


def _hand_remove(hand: dict[IslandId, int], islands: list[IslandId]) -> dict[IslandId, int]:
    new = dict(hand)
    for island in islands:
        left = new.get(island, 0) - 1
        if left > 0:
            new[island] = left
        else:
            new.pop(island, None)
    return new


def _to_reserve(reserve: list[str], dragon: str) -> list[str]:
    return sorted([*reserve, dragon], key=lambda d: DRAGONS[d].order)


def _set(items: list[Any], index: int, value: Any) -> list[Any]:
    new = list(items)
    new[index] = value
    return new


def _without(items: list[str], value: str) -> list[str]:
    new = list(items)
    if value in new:
        new.remove(value)
    return new


def _game_started(_: Any, e: ev.ToursGameStarted) -> ToursState:
    n = len(e.houses)
    return ToursState(
        options=e.options,
        houses=list(e.houses),
        turn_order=list(e.turn_order),
        hands=[{} for _ in range(n)],
        defense={t: 0 for t in TOWERS},
        reserve=[list(HOUSE_DRAGONS[h]) for h in e.houses],
        eliminated=[[] for _ in range(n)],
        combat_cards=[[] for _ in range(n)],
        point_cards=[[] for _ in range(n)],
        atomize_count=[0] * n,
    )


def _cards_dealt(s: ToursState, e: ev.ToursCardsDealt) -> ToursState:
    cards = e.cards or []
    hand: dict[IslandId, int] = {}
    for c in cards:
        hand[c] = hand.get(c, 0) + 1
    return replace(
        s, hands=_set(s.hands, e.seat, dict(sorted(hand.items()))), pile=s.pile[len(cards) :]
    )


def _card_taken(s: ToursState, e: ev.ToursCardTaken) -> ToursState:
    island = e.island if e.island is not None else s.pile[0]
    hands = _set(s.hands, e.seat, _hand_add(s.hands[e.seat], island))
    if e.source == "pile":
        return replace(s, hands=hands, pile=s.pile[1:], phase="play")
    return replace(s, hands=hands, face_up=_set(s.face_up, e.slot or 0, None), phase="play")


def _card_played(s: ToursState, e: ev.ToursCardPlayed) -> ToursState:
    return replace(
        s,
        hands=_set(s.hands, e.seat, _hand_remove(s.hands[e.seat], e.islands)),
        game_discard=[*s.game_discard, *e.islands],
        phase="third",
    )


def _dragon_arrived(s: ToursState, e: ev.ToursDragonArrived) -> ToursState:
    occupant = dict(s.occupant)
    reserve, eliminated = s.reserve, s.eliminated
    if e.origin == "tower" and e.from_tower is not None:
        dragon = occupant.pop(e.from_tower)
    else:
        assert e.dragon is not None
        dragon = e.dragon
        if e.origin == "reserve":
            reserve = _set(reserve, e.seat, _without(reserve[e.seat], dragon))
        else:
            eliminated = _set(eliminated, e.seat, _without(eliminated[e.seat], dragon))
    contest = None
    if e.contested:
        contest = ToursContest(tower=e.tower, attacker=dragon)
    else:
        occupant[e.tower] = dragon
    return replace(s, occupant=occupant, reserve=reserve, eliminated=eliminated, contest=contest)


def _combat_resolved(s: ToursState, e: ev.ToursCombatResolved) -> ToursState:
    a, d = e.attacker.dragon, e.defender.dragon
    occupant = dict(s.occupant)
    occupant[e.tower] = a if e.winner == "attacker" else d
    loser = e.loser_dragon
    loser_index = board.owner_index(s, loser)
    reserve, eliminated = s.reserve, s.eliminated
    if e.loser_fate == "reserve":
        reserve = _set(reserve, loser_index, _to_reserve(reserve[loser_index], loser))
    else:
        eliminated = _set(eliminated, loser_index, [*eliminated[loser_index], loser])
    combat_cards = s.combat_cards
    for side in (e.attacker, e.defender):
        if side.cards:
            left = list(combat_cards[side.seat])
            for c in side.cards:
                if c in left:
                    left.remove(c)
            combat_cards = _set(combat_cards, side.seat, left)
    combats = dict(s.turn.combats)
    combats[a] = combats.get(a, 0) + 1
    combats[d] = combats.get(d, 0) + 1
    hidden = s.hidden
    if a in hidden or d in hidden:
        hidden = [x for x in hidden if x != a and x != d]
    return replace(
        s,
        occupant=occupant,
        reserve=reserve,
        eliminated=eliminated,
        combat_cards=combat_cards,
        chance_discard=[*s.chance_discard, *e.attacker.cards, *e.defender.cards],
        turn=replace(s.turn, combats=combats),
        hidden=hidden,
        contest=None,
    )


def _dragons_swapped(s: ToursState, e: ev.ToursDragonsSwapped) -> ToursState:
    occupant = dict(s.occupant)
    occupant[e.tower_a], occupant[e.tower_b] = s.occupant[e.tower_b], s.occupant[e.tower_a]
    return replace(s, occupant=occupant)


def _dragon_atomized(s: ToursState, e: ev.ToursDragonAtomized) -> ToursState:
    occupant = dict(s.occupant)
    victim = occupant.pop(e.tower)
    defense = dict(s.defense)
    defense[e.tower] = 0
    return replace(
        s,
        occupant=occupant,
        defense=defense,
        eliminated=_set(s.eliminated, e.victim_seat, [*s.eliminated[e.victim_seat], victim]),
        hidden=[x for x in s.hidden if x != victim],
        atomize_count=_set(s.atomize_count, e.seat, s.atomize_count[e.seat] + 1),
    )


def _share_ended(s: ToursState, e: ev.ToursShareEnded) -> ToursState:
    shares = [
        replace(x, active=False)
        if x.active and (x.sharer, x.owner, x.island) == (e.sharer_seat, e.owner_seat, e.island)
        else x
        for x in s.shares
    ]
    return replace(s, shares=shares)


def _decision(s: ToursState, e: ev.ToursChanceDecisionRequested) -> ToursState:
    origin = s.turn.chance_origin or "third_action"
    pending = ToursPending(
        card=e.card, drawer=e.drawer_seat, decider=e.decider_seat, origin=origin,
        remaining=e.remaining,
    )  # fmt: skip
    return replace(s, pending=pending)


def _card_kept(s: ToursState, e: ev.ToursChanceCardKept) -> ToursState:
    if e.pile == "combat":
        return replace(
            s, combat_cards=_set(s.combat_cards, e.seat, [*s.combat_cards[e.seat], e.card]),
            pending=None,
        )  # fmt: skip
    return replace(
        s, point_cards=_set(s.point_cards, e.seat, [*s.point_cards[e.seat], e.card]), pending=None
    )


def _dragon_removed(s: ToursState, e: ev.ToursDragonRemoved) -> ToursState:
    occupant = dict(s.occupant)
    dragon = occupant.pop(e.tower)
    return replace(
        s,
        occupant=occupant,
        reserve=_set(s.reserve, e.seat, _to_reserve(s.reserve[e.seat], dragon)),
        hidden=[x for x in s.hidden if x != dragon],
    )


def _threshold_changed(s: ToursState, e: ev.ToursThresholdChanged) -> ToursState:
    mod = dict(s.threshold_mod)
    value = e.threshold - ISLAND_BY_ID[e.island].threshold
    if value:
        mod[e.island] = value
    else:
        mod.pop(e.island, None)
    return replace(s, threshold_mod=dict(sorted(mod.items())))


def _game_ended(s: ToursState, e: ev.ToursGameEnded) -> ToursState:
    by_seat = {x.seat: x for x in e.scores}
    first, second = e.ranking[0], e.ranking[1]
    a, b = by_seat[first], by_seat[second]
    decided_by = "score" if a.score != b.score else "pearls" if a.pearls != b.pearls else "roll"
    result = ToursResult(
        reasons=list(e.reasons), scores=list(e.scores), ranking=list(e.ranking),
        decided_by=decided_by,
    )  # fmt: skip
    return replace(s, phase="over", result=result, pending=None)


def _gold_tower_assigned(s: ToursState, e: ev.ToursGoldTowerAssigned) -> ToursState:
    return replace(s, gold_seat=e.seat)


def _game_deck_shuffled(s: ToursState, e: ev.ToursGameDeckShuffled) -> ToursState:
    return replace(s, pile=list(e.order or []))


def _chance_deck_shuffled(s: ToursState, e: ev.ToursChanceDeckShuffled) -> ToursState:
    return replace(s, chance_deck=list(e.order or []))


def _face_up_dealt(s: ToursState, e: ev.ToursFaceUpDealt) -> ToursState:
    return replace(s, face_up=list(e.cards), pile=s.pile[len(e.cards) :])


def _turn_started(s: ToursState, e: ev.ToursTurnStarted) -> ToursState:
    return replace(s, active_seat=e.seat, turn_number=e.turn_number, phase="take", turn=ToursTurn())


def _face_up_refilled(s: ToursState, e: ev.ToursFaceUpRefilled) -> ToursState:
    return replace(s, face_up=_set(s.face_up, e.slot, e.island), pile=s.pile[1:])


def _last_card_taken(s: ToursState, e: ev.ToursLastCardTaken) -> ToursState:
    return replace(s, final_turn=True)


def _defense_changed(s: ToursState, e: ev.ToursDefenseChanged) -> ToursState:
    return replace(s, defense={**s.defense, e.tower: e.defense})


def _invulnerability_granted(s: ToursState, e: ev.ToursInvulnerabilityGranted) -> ToursState:
    return replace(s, turn=replace(s.turn, invulnerable=True))


def _island_shared(s: ToursState, e: ev.ToursIslandShared) -> ToursState:
    share = ToursShare(sharer=e.sharer_seat, owner=e.owner_seat, island=e.island)
    return replace(s, shares=[*s.shares, share])


def _chance_deck_reshuffled(s: ToursState, e: ev.ToursChanceDeckReshuffled) -> ToursState:
    return replace(s, chance_deck=list(e.order or []), chance_discard=[])


def _chance_card_drawn(s: ToursState, e: ev.ToursChanceCardDrawn) -> ToursState:
    return replace(s, chance_deck=s.chance_deck[1:], turn=replace(s.turn, chance_origin=e.origin))


def _chance_card_discarded(s: ToursState, e: ev.ToursChanceCardDiscarded) -> ToursState:
    return replace(s, chance_discard=[*s.chance_discard, e.card], pending=None)


def _dragon_hidden(s: ToursState, e: ev.ToursDragonHidden) -> ToursState:
    return replace(s, hidden=sorted([*s.hidden, s.occupant[e.tower]]))


def _dragon_resurrected(s: ToursState, e: ev.ToursDragonResurrected) -> ToursState:
    return replace(
        s,
        eliminated=_set(s.eliminated, e.seat, _without(s.eliminated[e.seat], e.dragon)),
        reserve=_set(s.reserve, e.seat, _to_reserve(s.reserve[e.seat], e.dragon)),
    )


HANDLERS: dict[type, Callable[[Any, Any], ToursState]] = {
    ev.ToursGameStarted: _game_started,
    ev.ToursGoldTowerAssigned: _gold_tower_assigned,
    ev.ToursGameDeckShuffled: _game_deck_shuffled,
    ev.ToursChanceDeckShuffled: _chance_deck_shuffled,
    ev.ToursCardsDealt: _cards_dealt,
    ev.ToursFaceUpDealt: _face_up_dealt,
    ev.ToursTurnStarted: _turn_started,
    ev.ToursCardTaken: _card_taken,
    ev.ToursFaceUpRefilled: _face_up_refilled,
    ev.ToursLastCardTaken: _last_card_taken,
    ev.ToursCardPlayed: _card_played,
    ev.ToursDragonArrived: _dragon_arrived,
    ev.ToursCombatResolved: _combat_resolved,
    ev.ToursDefenseChanged: _defense_changed,
    ev.ToursDragonsSwapped: _dragons_swapped,
    ev.ToursDragonAtomized: _dragon_atomized,
    ev.ToursInvulnerabilityGranted: _invulnerability_granted,
    ev.ToursIslandShared: _island_shared,
    ev.ToursShareEnded: _share_ended,
    ev.ToursChanceDeckReshuffled: _chance_deck_reshuffled,
    ev.ToursChanceCardDrawn: _chance_card_drawn,
    ev.ToursChanceDecisionRequested: _decision,
    ev.ToursChanceDeclined: unchanged,
    ev.ToursChanceCardKept: _card_kept,
    ev.ToursChanceCardDiscarded: _chance_card_discarded,
    ev.ToursDragonRemoved: _dragon_removed,
    ev.ToursDragonHidden: _dragon_hidden,
    ev.ToursDragonResurrected: _dragon_resurrected,
    ev.ToursThresholdChanged: _threshold_changed,
    ev.ToursThirdActionSkipped: unchanged,
    ev.ToursTurnEnded: unchanged,
    ev.ToursGameEnded: _game_ended,
}
"""One named handler per event class of ``ToursEvent``."""


def evolve(state: ToursState | None, event: Any) -> ToursState:
    """Fold one event (``state`` is None only for ``game_started``)."""
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"tours_arc_en_ciel cannot evolve {type(event).__name__}")
    return handler(state, event)
