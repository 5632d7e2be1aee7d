"""Landing and combat (spec 10.5, 10.6): a Dragon arrives on a tower and
fights its occupant, every die recorded in ``combat_resolved``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from domain.kernel import Rng
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import (
    CHANCE_BY_KIND,
    DICE_SIDES,
    DRAGONS,
    ChanceKind,
    SeatIndex,
    TowerId,
)
from domain.tours_arc_en_ciel.state import ToursState

if TYPE_CHECKING:  # procedures imports this module
    from domain.tours_arc_en_ciel.procedures import Emitter

EVEN_FACES = tuple(range(2, DICE_SIDES + 1, 2))
ODD_FACES = tuple(range(1, DICE_SIDES, 2))
TOWER_PEARL = 1
"""Defense (pearls) a tower gains on each landing and each swap."""
GOOD_RIGHT_BONUS = 5
"""Strength bonus of a blower attacking or a mason defending."""
GOLD_BONUS = 1
"""Strength bonus of the Gold tower holder in every combat."""
FATIGUE_MALUS = 5
"""Strength lost by an attacker per combat its Dragon already fought this turn."""

Cause = Literal["card", "move", "atomize", "extra_dragon", "enemy_arrival"]


def land(
    emitter: Emitter,
    index: SeatIndex,
    dragon: str,
    tower_id: str,
    cause: Cause,
    from_tower_id: str | None = None,
    via_id: str | None = None,
) -> None:
    st = emitter.state
    tower = board.as_tower(tower_id)
    from_tower = None if from_tower_id is None else board.as_tower(from_tower_id)
    via = None if via_id is None else board.as_island(via_id)
    info = DRAGONS[dragon]
    origin: Literal["reserve", "eliminated", "tower"]
    if from_tower is not None:
        origin = "tower"
    elif dragon in st.reserve[index]:
        origin = "reserve"
    else:
        origin = "eliminated"
    defender = st.occupant.get(tower)
    emitter.emit(
        ev.ToursDragonArrived(
            seat=index,
            dragon=dragon,
            strength=info.strength,
            specialty=info.specialty,
            origin=origin,
            from_tower=from_tower,
            via_island=via,
            tower=tower,
            cause=cause,
            contested=defender is not None,
            hidden=dragon in st.hidden,
        )  # fmt: skip
    )
    if defender is not None:
        combat(emitter, index, dragon, defender, tower)
    value = emitter.state.defense[tower] + TOWER_PEARL
    emitter.emit(
        ev.ToursDefenseChanged(tower=tower, delta=TOWER_PEARL, defense=value, cause="landing")
    )


def _roll(rng: Rng, parity: str | None) -> int:
    if parity == "even":
        return rng.choice(EVEN_FACES)
    if parity == "odd":
        return rng.choice(ODD_FACES)
    return rng.die(DICE_SIDES)


def _side(
    st: ToursState,
    rng: Rng,
    index: SeatIndex,
    dragon: str,
    attacking: bool,
    cards: list[ChanceKind],
    mode: str,
    parity: str | None,
    tower_defense: int,
) -> ev.ToursCombatSide:
    info = DRAGONS[dragon]
    best, worst = "combat_best_of_two" in cards, "combat_worst_of_two" in cards
    if best != worst:
        rolls = [_roll(rng, parity), _roll(rng, parity)]
        natural = max(rolls) if best else min(rolls)
    else:
        rolls = [_roll(rng, parity)]
        natural = rolls[0]
    double, halve = "combat_double_die" in cards, "combat_halve_die" in cards
    die_value = (
        natural * 2
        if double and not halve
        else -(-natural // 2)
        if halve and not double
        else natural
    )
    double, halve = "combat_double_strength" in cards, "combat_halve_strength" in cards
    printed = info.strength
    strength_value = (
        printed * 2
        if double and not halve
        else -(-printed // 2)
        if halve and not double
        else printed
    )
    good_right = (
        GOOD_RIGHT_BONUS
        if (attacking and info.specialty == "blower")
        or (not attacking and info.specialty == "mason")
        else 0
    )
    gold = GOLD_BONUS if st.gold_seat == index else 0
    card_flat = sum(
        CHANCE_BY_KIND[c].amount for c in cards if c.startswith(("combat_plus", "combat_minus"))
    )
    fatigue = -FATIGUE_MALUS * st.turn.combats.get(dragon, 0) if attacking else 0
    effective = strength_value + good_right + gold
    if mode == "dice_only":
        total = die_value
    elif mode == "strength_only":
        total = effective
    else:
        total = die_value + effective + card_flat + fatigue + tower_defense
    return ev.ToursCombatSide(
        seat=index, dragon=dragon, strength=info.strength, specialty=info.specialty, rolls=rolls,
        natural=natural, die_value=die_value, strength_value=strength_value,
        good_right=good_right, gold=gold, card_flat=card_flat, fatigue=fatigue,
        tower_defense=tower_defense, cards=list(cards), total=total,
    )  # fmt: skip


def combat(
    emitter: Emitter, a_index: SeatIndex, attacker: str, defender: str, tower: TowerId
) -> None:
    """Resolve the fight on ``tower`` between the arriving ``attacker`` and its occupant."""
    st = emitter.state
    rng = emitter.draw()
    d_index = board.owner_index(st, defender)
    ca, cd = st.combat_cards[a_index], st.combat_cards[d_index]
    both = set(ca) | set(cd)
    dice, strength = "combat_dice_only" in both, "combat_strength_only" in both
    mode: Literal["normal", "dice_only", "strength_only"] = (
        "dice_only"
        if dice and not strength
        else "strength_only"
        if strength and not dice
        else "normal"
    )
    even, odd = "combat_even_dice" in both, "combat_odd_dice" in both
    parity: Literal["even", "odd"] | None = (
        "even" if even and not odd else "odd" if odd and not even else None
    )
    a = _side(st, rng, a_index, attacker, True, ca, mode, parity, 0)
    d = _side(st, rng, d_index, defender, False, cd, mode, parity, st.defense[tower])
    opts = st.options
    reason: Literal["totals", "tie_defender", "natural_20", "natural_1", "invulnerable"]
    if st.turn.invulnerable and st.active_seat in (a_index, d_index):
        reason, attacker_wins = "invulnerable", st.active_seat == a_index
    elif (
        opts.natural_20_wins and mode != "strength_only" and (a.natural == 20) != (d.natural == 20)
    ):
        reason, attacker_wins = "natural_20", a.natural == 20
    elif opts.natural_1_loses and mode != "strength_only" and (a.natural == 1) != (d.natural == 1):
        reason, attacker_wins = "natural_1", d.natural == 1
    elif a.total == d.total:
        reason, attacker_wins = "tie_defender", False
    else:
        reason, attacker_wins = "totals", a.total > d.total
    loser = d if attacker_wins else a
    in_right = loser.good_right > 0
    emitter.emit(
        ev.ToursCombatResolved(
            tower=tower,
            mode=mode,
            parity=parity,
            attacker=a,
            defender=d,
            winner="attacker" if attacker_wins else "defender",
            reason=reason,
            loser_dragon=loser.dragon,
            loser_fate="reserve" if in_right else "eliminated",
        )  # fmt: skip
    )
