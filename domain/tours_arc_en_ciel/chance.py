"""Chance cards: drawing, targets, decisions and effects (spec 10.7, 10.8, 7.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.combat import land
from domain.tours_arc_en_ciel.commands import ToursResolveChance
from domain.tours_arc_en_ciel.components import (
    CHANCE_BY_KIND,
    DRAGONS,
    ISLAND_BY_ID,
    ISLANDS,
    TOWER_NO,
    ChanceKind,
    SeatIndex,
    TowerId,
)
from domain.tours_arc_en_ciel.state import ToursPending, ToursState

if TYPE_CHECKING:  # procedures imports this module
    from domain.tours_arc_en_ciel.procedures import Emitter

TOWER_GROUPS = frozenset(
    {"add_defense", "remove_enemy_defense", "give_enemy_defense", "remove_enemy_dragon",
     "lose_dragon", "hide_dragons"}
)  # fmt: skip
LANDING_GROUPS = frozenset({"extra_dragon", "enemy_dragon_arrives"})


def decider_of(st: ToursState, card: str, drawer: SeatIndex) -> SeatIndex:
    return board.next_index(st, drawer) if CHANCE_BY_KIND[card].decider == "next" else drawer


def target_towers(
    st: ToursState, card: str, drawer: SeatIndex, decider: SeatIndex
) -> list[TowerId]:
    """Valid `tower` answers for a tower or landing card."""
    spec = CHANCE_BY_KIND[card]
    group, cond = spec.group, spec.condition
    if group in ("add_defense",):
        return board.own_towers(st, drawer)
    if group in ("remove_enemy_defense", "give_enemy_defense"):
        return board.enemy_towers(st, drawer)
    if group == "remove_enemy_dragon":
        hidden = st.hidden
        return [
            t for t in board.enemy_towers(st, drawer)
            if cond == "any" or (st.occupant[t] not in hidden and board.matches(st.occupant[t], cond))
        ]  # fmt: skip
    if group == "lose_dragon":
        return [t for t in board.own_towers(st, drawer) if board.matches(st.occupant[t], cond)]
    if group == "hide_dragons":
        return [t for t in board.own_towers(st, drawer) if st.occupant[t] not in st.hidden]
    if group in LANDING_GROUPS:
        return board.arrival_towers(st, decider)
    return []


def target_dragons(st: ToursState, card: str, drawer: SeatIndex, decider: SeatIndex) -> list[str]:
    """Valid `dragon` answers for a landing or resurrection card."""
    spec = CHANCE_BY_KIND[card]
    if spec.group == "resurrect":
        return sorted(st.eliminated[drawer], key=lambda d: DRAGONS[d].order)
    if spec.group in LANDING_GROUPS:
        return [d for d in board.eligible_dragons(st, decider) if board.matches(d, spec.condition)]
    return []


def has_target(st: ToursState, card: str, drawer: SeatIndex) -> bool:
    group = CHANCE_BY_KIND[card].group
    decider = decider_of(st, card, drawer)
    if group in TOWER_GROUPS:
        return bool(target_towers(st, card, drawer, decider))
    if group in LANDING_GROUPS:
        return bool(target_dragons(st, card, drawer, decider)) and bool(
            target_towers(st, card, drawer, decider)
        )
    if group == "resurrect":
        return bool(st.eliminated[drawer])
    if group == "lose_defense":
        return any(st.defense[t] > 0 for t in board.own_towers(st, drawer))
    if group == "resurrection_for_all":
        return any(st.eliminated)
    return True  # bridges_needed


def options(st: ToursState, pending: ToursPending) -> list[ToursResolveChance]:
    """Every answer `resolve_chance` accepts now (legal_commands)."""
    card, drawer, decider = pending.card, pending.drawer, pending.decider
    spec = CHANCE_BY_KIND[card]
    out = [ToursResolveChance(decline=True)] if spec.decline else []
    group = spec.group
    if group in TOWER_GROUPS:
        out.extend(ToursResolveChance(tower=t) for t in target_towers(st, card, drawer, decider))
    elif group in LANDING_GROUPS:
        towers = target_towers(st, card, drawer, decider)
        out.extend(
            ToursResolveChance(dragon=d, tower=t)
            for d in target_dragons(st, card, drawer, decider)
            for t in towers
        )
    elif group == "resurrect":
        out.extend(ToursResolveChance(dragon=d) for d in target_dragons(st, card, drawer, decider))
    elif group == "bridges_needed":
        out.extend(ToursResolveChance(island=i) for i in ISLANDS)
    return out


def check(st: ToursState, pending: ToursPending, cmd: ToursResolveChance) -> None:
    """Raise the spec 7.12 error for an answer that is not accepted."""
    card, drawer, decider = pending.card, pending.drawer, pending.decider
    spec = CHANCE_BY_KIND[card]
    group = spec.group
    given = {"tower": cmd.tower, "dragon": cmd.dragon, "island": cmd.island}
    if cmd.decline:
        if not spec.decline:
            raise board.fail("decline_not_allowed", f"{card} cannot be declined", card=card)
        if any(v is not None for v in given.values()):
            raise board.fail("invalid_parameters", "a declining answer takes no parameter")
        return
    needed = (
        {"tower"} if group in TOWER_GROUPS
        else {"dragon", "tower"} if group in LANDING_GROUPS
        else {"dragon"} if group == "resurrect"
        else {"island"}
    )  # fmt: skip
    for name, value in given.items():
        if (value is None) == (name in needed):
            raise board.fail(
                "invalid_parameters",
                f"{card} needs exactly {', '.join(sorted(needed))}",
                card=card, parameter=name,
            )  # fmt: skip
    if cmd.tower is not None and cmd.tower not in target_towers(st, card, drawer, decider):
        raise board.fail(
            "invalid_target", f"tower {cmd.tower} is not a target of {card}", tower=cmd.tower
        )
    if cmd.dragon is not None:
        if group == "resurrect":
            if cmd.dragon not in st.eliminated[drawer]:
                raise board.fail(
                    "invalid_target", f"{cmd.dragon} is not an eliminated Dragon of the drawer",
                    dragon=cmd.dragon,
                )  # fmt: skip
        else:
            if not board.matches(cmd.dragon, spec.condition) and board.is_eligible(
                st, decider, cmd.dragon
            ):
                raise board.fail(
                    "invalid_target", f"{cmd.dragon} does not match {card}", dragon=cmd.dragon
                )
            if not board.is_eligible(st, decider, cmd.dragon):
                raise board.fail(
                    "dragon_not_available", f"{cmd.dragon} cannot land now", dragon=cmd.dragon
                )


def apply(emitter: Emitter, pending: ToursPending, cmd: ToursResolveChance) -> None:
    """Effect events of one accepted answer, then the next request or the discard."""
    st = emitter.state
    card, drawer, decider = pending.card, pending.drawer, pending.decider
    if cmd.decline:
        emitter.emit(ev.ToursChanceDeclined(seat=decider, card=card))
        emitter.emit(ev.ToursChanceCardDiscarded(card=card, outcome="declined"))
        return
    spec = CHANCE_BY_KIND[card]
    group = spec.group
    if group in ("add_defense", "give_enemy_defense", "remove_enemy_defense"):
        assert cmd.tower is not None
        before = st.defense[cmd.tower]
        delta = spec.amount if group != "remove_enemy_defense" else -min(spec.amount, before)
        emitter.emit(
            ev.ToursDefenseChanged(
                tower=board.as_tower(cmd.tower), delta=delta, defense=before + delta, cause="chance"
            )
        )
    elif group in ("remove_enemy_dragon", "lose_dragon"):
        assert cmd.tower is not None
        removed = st.occupant[cmd.tower]
        info = DRAGONS[removed]
        emitter.emit(
            ev.ToursDragonRemoved(
                seat=board.owner_index(st, removed),
                tower=board.as_tower(cmd.tower),
                dragon=removed,
                strength=info.strength,
                specialty=info.specialty,
                was_hidden=removed in st.hidden,
            )  # fmt: skip
        )
    elif group == "hide_dragons":
        assert cmd.tower is not None
        emitter.emit(
            ev.ToursDragonHidden(
                seat=drawer, tower=board.as_tower(cmd.tower), dragon=st.occupant[cmd.tower]
            )
        )
    elif group in LANDING_GROUPS:
        assert cmd.tower is not None and cmd.dragon is not None
        cause: Literal["extra_dragon", "enemy_arrival"] = (
            "extra_dragon" if group == "extra_dragon" else "enemy_arrival"
        )
        land(emitter, decider, cmd.dragon, cmd.tower, cause)
    elif group == "resurrect":
        assert cmd.dragon is not None
        emitter.emit(ev.ToursDragonResurrected(seat=drawer, dragon=cmd.dragon))
    elif group == "bridges_needed":
        assert cmd.island is not None
        island = ISLAND_BY_ID[cmd.island]
        value = min(max(board.threshold(st, cmd.island) + spec.amount, 1), island.bridges)
        emitter.emit(
            ev.ToursThresholdChanged(
                island=board.as_island(cmd.island), delta=spec.amount, threshold=value
            )
        )
    if pending.remaining > 1:
        emitter.emit(
            ev.ToursChanceDecisionRequested(
                decider_seat=decider, drawer_seat=drawer, card=card, remaining=pending.remaining - 1
            )
        )
    else:
        emitter.emit(ev.ToursChanceCardDiscarded(card=card, outcome="applied"))


def draw(
    emitter: Emitter, index: SeatIndex, origin: Literal["third_action", "instead_of_landing"]
) -> bool:
    """Draw and resolve a chance card; True when no decision is left pending."""
    if not emitter.state.chance_deck:
        order = emitter.draw().shuffled(emitter.state.chance_discard)
        emitter.emit(ev.ToursChanceDeckReshuffled(order=order, count=len(order)))
    card: ChanceKind = emitter.state.chance_deck[0]
    emitter.emit(ev.ToursChanceCardDrawn(seat=index, card=card, origin=origin))
    st = emitter.state
    spec = CHANCE_BY_KIND[card]
    if spec.timing != "now":
        pile: Literal["combat", "points"] = "combat" if spec.timing == "combat" else "points"
        emitter.emit(ev.ToursChanceCardKept(seat=index, card=card, pile=pile))
        return True
    if not has_target(st, card, index):
        emitter.emit(ev.ToursChanceCardDiscarded(card=card, outcome="void"))
        return True
    group = spec.group
    if group == "lose_defense":
        towers = [t for t in board.own_towers(st, index) if st.defense[t] > 0]
        tower = min(towers, key=lambda t: (-st.defense[t], TOWER_NO[t]))
        delta = -min(spec.amount, st.defense[tower])
        emitter.emit(
            ev.ToursDefenseChanged(
                tower=tower, delta=delta, defense=st.defense[tower] + delta, cause="chance"
            )
        )
    elif group == "resurrection_for_all":
        turns = st.turn_order
        start = turns.index(index)
        for s in turns[start:] + turns[:start]:
            if st.eliminated[s]:
                emitter.emit(ev.ToursDragonResurrected(seat=s, dragon=st.eliminated[s][0]))
    elif group == "hide_dragons" and len(target_towers(st, card, index, index)) <= spec.amount:
        for t in target_towers(st, card, index, index):
            emitter.emit(ev.ToursDragonHidden(seat=index, tower=t, dragon=st.occupant[t]))
    elif group == "resurrect" and len(st.eliminated[index]) <= spec.amount:
        for d in list(st.eliminated[index]):
            emitter.emit(ev.ToursDragonResurrected(seat=index, dragon=d))
    else:
        remaining = spec.amount if group in ("hide_dragons", "resurrect") else 1
        emitter.emit(
            ev.ToursChanceDecisionRequested(
                decider_seat=decider_of(st, card, index),
                drawer_seat=index,
                card=card,
                remaining=remaining,
            )  # fmt: skip
        )
        return False
    emitter.emit(ev.ToursChanceCardDiscarded(card=card, outcome="applied"))
    return True
