"""Procedures that emit events inside one ``decide``: landing, combat, end of turn.

A :class:`Ctx` collects the events of one command and folds each one into a
working state as it goes, so later steps see the effects of earlier ones
exactly as a replay will.
"""

from __future__ import annotations

from typing import Any, Literal

from domain.kernel import Rng
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import (
    CHANCE_BY_KIND,
    DRAGONS,
    ISLAND_BY_ID,
    ISLANDS,
    ChanceKind,
    TowerId,
)
from domain.tours_arc_en_ciel.evolve import evolve
from domain.tours_arc_en_ciel.state import ToursIslandPoints, ToursRoll, ToursScore, ToursState

EVEN_FACES = tuple(range(2, 21, 2))
ODD_FACES = tuple(range(1, 20, 2))

Cause = Literal["card", "move", "atomize", "extra_dragon", "enemy_arrival"]


class Ctx:
    """The events of one command, and the state they lead to."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: ToursState, rng: Rng | None) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def draw(self) -> Rng:
        assert self.rng is not None, "this step needs randomness"
        return self.rng


# --- Landing and combat (10.5, 10.6) -----------------------------------------


def land(
    ctx: Ctx,
    seat: int,
    dragon: str,
    tower_id: str,
    cause: Cause,
    from_tower_id: str | None = None,
    via_id: str | None = None,
) -> None:
    st = ctx.state
    tower = board.as_tower(tower_id)
    from_tower = None if from_tower_id is None else board.as_tower(from_tower_id)
    via = None if via_id is None else board.as_island(via_id)
    info = DRAGONS[dragon]
    origin: Literal["reserve", "eliminated", "tower"]
    if from_tower is not None:
        origin = "tower"
    elif dragon in st.reserve[seat]:
        origin = "reserve"
    else:
        origin = "eliminated"
    defender = st.occupant.get(tower)
    ctx.emit(
        ev.ToursDragonArrived(
            seat=seat,
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
        combat(ctx, seat, dragon, defender, tower)
    value = ctx.state.defense[tower] + 1
    ctx.emit(ev.ToursDefenseChanged(tower=tower, delta=1, defense=value, cause="landing"))


def _roll(rng: Rng, parity: str | None) -> int:
    if parity == "even":
        return rng.choice(EVEN_FACES)
    if parity == "odd":
        return rng.choice(ODD_FACES)
    return rng.die(20)


def _side(
    st: ToursState,
    rng: Rng,
    seat: int,
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
        5
        if (attacking and info.specialty == "blower")
        or (not attacking and info.specialty == "mason")
        else 0
    )
    gold = 1 if st.gold_seat == seat else 0
    card_flat = sum(
        CHANCE_BY_KIND[c].amount for c in cards if c.startswith(("combat_plus", "combat_minus"))
    )
    fatigue = -5 * st.turn.combats.get(dragon, 0) if attacking else 0
    effective = strength_value + good_right + gold
    if mode == "dice_only":
        total = die_value
    elif mode == "strength_only":
        total = effective
    else:
        total = die_value + effective + card_flat + fatigue + tower_defense
    return ev.ToursCombatSide(
        seat=seat, dragon=dragon, strength=info.strength, specialty=info.specialty, rolls=rolls,
        natural=natural, die_value=die_value, strength_value=strength_value,
        good_right=good_right, gold=gold, card_flat=card_flat, fatigue=fatigue,
        tower_defense=tower_defense, cards=list(cards), total=total,
    )  # fmt: skip


def combat(ctx: Ctx, a_seat: int, attacker: str, defender: str, tower: TowerId) -> None:
    st = ctx.state
    rng = ctx.draw()
    d_seat = board.owner_seat(st, defender)
    ca, cd = st.combat_cards[a_seat], st.combat_cards[d_seat]
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
    a = _side(st, rng, a_seat, attacker, True, ca, mode, parity, 0)
    d = _side(st, rng, d_seat, defender, False, cd, mode, parity, st.defense[tower])
    opts = st.options
    reason: Literal["totals", "tie_defender", "natural_20", "natural_1", "invulnerable"]
    if st.turn.invulnerable and st.active_seat in (a_seat, d_seat):
        reason, attacker_wins = "invulnerable", st.active_seat == a_seat
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
    ctx.emit(
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


# --- End of command, end of turn, end of game (10.9, 11) ---------------------


def share_check(ctx: Ctx) -> None:
    st = ctx.state
    if not any(s.active for s in st.shares):
        return
    for share in st.shares:
        if share.active and share.owner not in board.island_owners_by_bridges(st, share.island):
            ctx.emit(
                ev.ToursShareEnded(
                    sharer_seat=share.sharer, owner_seat=share.owner, island=share.island
                )
            )


def end_turn(ctx: Ctx) -> None:
    st = ctx.state
    ctx.emit(ev.ToursTurnEnded(seat=st.active_seat))
    reasons: list[Literal["cards_exhausted", "all_dragons_on_board"]] = []
    if st.final_turn:
        reasons.append("cards_exhausted")
    if any(board.all_on_board(st, s) for s in range(len(st.houses))):
        reasons.append("all_dragons_on_board")
    if reasons:
        end_game(ctx, reasons)
    else:
        ctx.emit(
            ev.ToursTurnStarted(
                seat=board.next_seat(st, st.active_seat), turn_number=st.turn_number + 1
            )
        )


def scores(st: ToursState) -> list[ToursScore]:
    own = board.owners_by_bridges(st)
    active = [s for s in st.shares if s.active]
    out = []
    for seat in range(len(st.houses)):
        islands = []
        for island in ISLANDS:
            value = ISLAND_BY_ID[island].value
            if seat in own[island]:
                if any(s.owner == seat and s.island == island for s in active):
                    value //= 2
            elif not any(
                s.sharer == seat and s.island == island and s.owner in own[island] for s in active
            ):
                continue
            else:
                value //= 2
            islands.append(ToursIslandPoints(island=island, points=value))
        island_points = sum(i.points for i in islands)
        card_points = sum(CHANCE_BY_KIND[c].amount for c in st.point_cards[seat])
        out.append(
            ToursScore(
                seat=seat,
                islands=islands,
                island_points=island_points,
                card_points=card_points,
                score=island_points + card_points,
                pearls=board.pearls(st, seat),
            )  # fmt: skip
        )
    return out


def _roll_off(rng: Rng, group: list[int], rounds: list[list[ToursRoll]]) -> list[int]:
    """Order a tied group by d20 rolls, re-rolling ties among themselves."""
    if len(group) == 1:
        return group
    rolls = [ToursRoll(seat=s, roll=rng.die(20)) for s in group]
    rounds.append(rolls)
    ranked: list[int] = []
    for value in sorted({r.roll for r in rolls}, reverse=True):
        ranked.extend(_roll_off(rng, [r.seat for r in rolls if r.roll == value], rounds))
    return ranked


def end_game(ctx: Ctx, reasons: list[Literal["cards_exhausted", "all_dragons_on_board"]]) -> None:
    st = ctx.state
    table = scores(st)
    position = {s: i for i, s in enumerate(st.turn_order)}
    keyed = sorted(st.turn_order, key=lambda s: (-table[s].score, -table[s].pearls, position[s]))
    rounds: list[list[ToursRoll]] = []
    ranking: list[int] = []
    i = 0
    while i < len(keyed):
        key = (table[keyed[i]].score, table[keyed[i]].pearls)
        j = i
        while j < len(keyed) and (table[keyed[j]].score, table[keyed[j]].pearls) == key:
            j += 1
        group = keyed[i:j]
        ranking.extend(_roll_off(ctx.draw(), group, rounds) if len(group) > 1 else group)
        i = j
    ctx.emit(
        ev.ToursGameEnded(
            reasons=reasons,
            scores=table,
            tiebreak_rounds=rounds,
            ranking=ranking,
            winner_seat=ranking[0],
        )  # fmt: skip
    )
