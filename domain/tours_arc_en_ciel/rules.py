"""``decide`` and ``legal_commands`` (spec section 7), and ``to_act``.

``decide`` validates in the spec's order (7.0, then the command's table) and
raises the spec's code; the per-command checks and ``legal_commands`` share
the predicates of ``board.py`` and ``chance.py``.
"""

from __future__ import annotations

from typing import Any

from domain import kernel
from domain.kernel import Rng, Seat, members_of
from domain.tours_arc_en_ciel import board, chance, procedures
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel.board import fail
from domain.tours_arc_en_ciel.components import (
    ATOMIZE_LIMIT,
    DRAGONS,
    FACE_UP_SLOTS,
    ISLAND_BY_ID,
    ISLANDS,
    START_ISLAND,
    TOWER_ENDS,
    TOWER_NO,
    TOWERS_OF,
    SeatIndex,
)
from domain.tours_arc_en_ciel.evolve import evolve
from domain.tours_arc_en_ciel.procedures import Emitter
from domain.tours_arc_en_ciel.state import ToursState

PHASE_OF: dict[type, str] = {
    cm.ToursTakeCard: "take",
    cm.ToursLandDragon: "play",
    cm.ToursDiscardCard: "play",
    cm.ToursChanceInsteadOfLanding: "play",
    cm.ToursAtomize: "play",
    cm.ToursInvokeInvulnerability: "play",
    cm.ToursShareIsland: "play",
    cm.ToursDrawChance: "third",
    cm.ToursMoveDragon: "third",
    cm.ToursSwapDragons: "third",
    cm.ToursSkipThirdAction: "third",
}
_ID_FIELDS = {
    "island": "island", "target_island": "island", "via_island": "island",
    "tower": "tower", "from_tower": "tower", "to_tower": "tower", "tower_a": "tower",
    "tower_b": "tower", "dragon": "dragon",
}  # fmt: skip
_ID_FIELDS_OF: dict[type, tuple[tuple[str, str], ...]] = {
    cls: tuple((f, _ID_FIELDS[f]) for f in cls.__struct_fields__ if f in _ID_FIELDS)
    for cls in members_of(cm.ToursCommand)
}
"""Per command class, its id parameters and their kinds, in field order."""


def seat_index(state: ToursState, seat: Seat) -> SeatIndex:
    """The index of ``seat`` (a House id) in ``state.houses``, or ``unknown_seat``."""
    if seat not in state.houses:
        raise fail("unknown_seat", f"{seat!r} is not a seat of this game", seat=seat)
    return state.houses.index(seat)


def _check_ids(state: ToursState, cmd: Any) -> None:
    for field, kind in _ID_FIELDS_OF[type(cmd)]:
        value = getattr(cmd, field)
        if value is None:
            continue
        if kind == "island" and value not in ISLAND_BY_ID:
            raise fail("unknown_island", f"{value!r} is not an island", **{field: value})
        if kind == "tower" and value not in TOWER_NO:
            raise fail("unknown_tower", f"{value!r} is not a tower bridge", **{field: value})
        if kind == "dragon" and (value not in DRAGONS or DRAGONS[value].house not in state.houses):
            raise fail(
                "unknown_dragon", f"{value!r} is not a Dragon of this game", **{field: value}
            )


def _common(state: ToursState, index: SeatIndex, cmd: Any) -> None:
    if state.phase == "over":
        raise fail("game_over", "the game is over")
    pending = state.pending
    is_resolve = isinstance(cmd, cm.ToursResolveChance)
    if pending is not None and not is_resolve:
        raise fail(
            "decision_pending", f"waiting for {pending.card} to be resolved", card=pending.card
        )
    if pending is not None and index != pending.decider:
        raise fail(
            "not_your_decision", f"seat {pending.decider} decides {pending.card}", seat=index
        )
    if is_resolve and pending is None:
        raise fail("no_pending_decision", "no chance decision is pending")
    if not is_resolve:
        if index != state.active_seat:
            raise fail("not_your_turn", f"it is seat {state.active_seat}'s turn", seat=index)
        if PHASE_OF[type(cmd)] != state.phase:
            raise fail("wrong_phase", f"{type(cmd).__name__} is not allowed in phase {state.phase}")
    _check_ids(state, cmd)


def _own(state: ToursState, index: SeatIndex, tower: str) -> bool:
    d = state.occupant.get(tower)
    return d is not None and DRAGONS[d].house == state.houses[index]


def _need_cards(state: ToursState, index: SeatIndex, island: str, n: int) -> None:
    if board.hand_count(state, index, island) < n:
        code = "card_not_in_hand" if n == 1 else "pair_not_in_hand"
        raise fail(code, f"not {n} card(s) of {island} in hand", island=island)


def _check_landing(
    state: ToursState, index: SeatIndex, island: str, tower: str, dragon: str
) -> None:
    if tower not in TOWERS_OF[island]:
        raise fail(
            "tower_not_adjacent",
            f"tower {tower} does not touch {island}",
            tower=tower,
            island=island,
        )
    if _own(state, index, tower):
        raise fail("tower_occupied_by_own_dragon", f"tower {tower} holds your Dragon", tower=tower)
    if not board.is_eligible(state, index, dragon):
        raise fail("dragon_not_available", f"{dragon} cannot land now", dragon=dragon)


def _check_play(state: ToursState, index: SeatIndex, cmd: Any) -> None:
    opts = state.options
    if isinstance(cmd, cm.ToursLandDragon):
        _need_cards(state, index, cmd.island, 1)
        _check_landing(state, index, cmd.island, cmd.tower, cmd.dragon)
    elif isinstance(cmd, cm.ToursDiscardCard):
        _need_cards(state, index, cmd.island, 1)
    elif isinstance(cmd, cm.ToursChanceInsteadOfLanding):
        _need_cards(state, index, cmd.island, 1)
        if state.reserve[index]:
            raise fail("reserve_not_empty", "you still have Dragons in reserve")
        if not state.eliminated[index]:
            raise fail("no_eliminated_dragon", "none of your Dragons is eliminated")
        if not board.chance_available(state):
            raise fail("chance_deck_empty", "no chance card is left")
    elif isinstance(cmd, cm.ToursAtomize):
        _need_cards(state, index, cmd.island, 2)
        if state.atomize_count[index] >= ATOMIZE_LIMIT:
            raise fail("atomize_limit_reached", "you have already atomized twice")
        if cmd.tower not in TOWERS_OF[cmd.island]:
            raise fail(
                "tower_not_adjacent", f"tower {cmd.tower} does not touch {cmd.island}",
                tower=cmd.tower, island=cmd.island,
            )  # fmt: skip
        if cmd.tower not in state.occupant or _own(state, index, cmd.tower):
            raise fail(
                "tower_not_enemy", f"tower {cmd.tower} holds no enemy Dragon", tower=cmd.tower
            )
        if cmd.dragon is None:
            if board.eligible_dragons(state, index):
                raise fail("dragon_required", "choose the Dragon that occupies the tower")
        elif not board.is_eligible(state, index, cmd.dragon):
            raise fail("dragon_not_available", f"{cmd.dragon} cannot land now", dragon=cmd.dragon)
    elif isinstance(cmd, cm.ToursInvokeInvulnerability):
        if not opts.start_pair_invulnerability:
            raise fail(
                "variant_disabled", "start_pair_invulnerability is off",
                variant="start_pair_invulnerability",
            )  # fmt: skip
        if cmd.island != START_ISLAND[state.houses[index]]:
            raise fail(
                "not_own_start_island", f"{cmd.island} is not your start island", island=cmd.island
            )
        _need_cards(state, index, cmd.island, 2)
        if (cmd.tower is None) != (cmd.dragon is None):
            raise fail("invalid_parameters", "give both tower and dragon, or neither")
        if cmd.tower is not None and cmd.dragon is not None:
            _check_landing(state, index, cmd.island, cmd.tower, cmd.dragon)
    elif isinstance(cmd, cm.ToursShareIsland):
        if not opts.enemy_start_pair_share:
            raise fail(
                "variant_disabled",
                "enemy_start_pair_share is off",
                variant="enemy_start_pair_share",
            )
        enemy = board.enemy_of_start(state, index, cmd.island)
        if enemy is None:
            raise fail(
                "not_enemy_start_island", f"{cmd.island} is no enemy's start island",
                island=cmd.island,
            )  # fmt: skip
        _need_cards(state, index, cmd.island, 2)
        if enemy not in board.owners_by_bridges(state)[cmd.target_island]:
            raise fail(
                "target_not_owned_by_enemy", f"seat {enemy} does not own {cmd.target_island}",
                island=cmd.target_island, house=state.houses[enemy],
            )  # fmt: skip


def _check_move(state: ToursState, index: SeatIndex, cmd: cm.ToursMoveDragon) -> None:
    if not _own(state, index, cmd.from_tower):
        raise fail(
            "not_your_dragon", f"tower {cmd.from_tower} holds none of your Dragons",
            tower=cmd.from_tower,
        )  # fmt: skip
    if cmd.via_island not in TOWER_ENDS[cmd.from_tower]:
        raise fail(
            "via_not_endpoint", f"{cmd.via_island} is not an end of {cmd.from_tower}",
            island=cmd.via_island, tower=cmd.from_tower,
        )  # fmt: skip
    if cmd.to_tower == cmd.from_tower or cmd.to_tower not in TOWERS_OF[cmd.via_island]:
        raise fail(
            "tower_not_adjacent", f"tower {cmd.to_tower} does not touch {cmd.via_island}",
            tower=cmd.to_tower, island=cmd.via_island,
        )  # fmt: skip
    if not board.passable(board.island_owners(state, cmd.via_island), index):
        raise fail(
            "island_not_passable", f"{cmd.via_island} belongs to an enemy", island=cmd.via_island
        )
    if _own(state, index, cmd.to_tower):
        raise fail(
            "tower_occupied_by_own_dragon", f"tower {cmd.to_tower} holds your Dragon",
            tower=cmd.to_tower,
        )  # fmt: skip


def _check_swap(state: ToursState, index: SeatIndex, cmd: cm.ToursSwapDragons) -> None:
    if cmd.tower_a == cmd.tower_b:
        raise fail("same_tower", f"tower {cmd.tower_a} given twice", tower=cmd.tower_a)
    for t in (cmd.tower_a, cmd.tower_b):
        if not _own(state, index, t):
            raise fail("not_your_dragon", f"tower {t} holds none of your Dragons", tower=t)


def _check_take(state: ToursState, cmd: cm.ToursTakeCard) -> None:
    if (cmd.source == "pile") != (cmd.slot is None) or (
        cmd.slot is not None and not 0 <= cmd.slot < FACE_UP_SLOTS
    ):
        raise fail(
            "invalid_slot", "give a slot 0..2 for face_up and none for the pile", slot=cmd.slot
        )
    if cmd.source == "pile":
        if not state.pile:
            raise fail("pile_empty", "the pile is empty")
    elif state.face_up[cmd.slot or 0] is None:
        raise fail("face_up_slot_empty", f"face-up slot {cmd.slot} is empty", slot=cmd.slot)


def _check_third(state: ToursState, index: SeatIndex, cmd: Any) -> None:
    if isinstance(cmd, cm.ToursDrawChance):
        if not board.chance_available(state):
            raise fail("chance_deck_empty", "no chance card is left")
    elif isinstance(cmd, cm.ToursMoveDragon):
        _check_move(state, index, cmd)
    elif isinstance(cmd, cm.ToursSwapDragons):
        _check_swap(state, index, cmd)
    elif _third_available(state, index):
        raise fail("third_action_available", "draw a chance card, move or swap instead")


def decide(state: ToursState, seat: Seat, cmd: Any, rng: Rng) -> list[Any]:
    """Validate ``cmd`` from ``seat`` in the spec's order, then run its procedure."""
    index = seat_index(state, seat)
    _common(state, index, cmd)
    emitter: Emitter = kernel.Emitter(evolve, state, rng)
    if isinstance(cmd, cm.ToursResolveChance):
        pending = state.pending
        assert pending is not None
        chance.check(state, pending, cmd)
        procedures.resolve_chance(emitter, pending, cmd)
    elif isinstance(cmd, cm.ToursTakeCard):
        _check_take(state, cmd)
        procedures.take_card(emitter, index, cmd)
    elif state.phase == "play":
        _check_play(state, index, cmd)
        procedures.play_card(emitter, index, cmd)
    else:
        _check_third(state, index, cmd)
        procedures.third_action(emitter, index, cmd)
    return emitter.events


# --- legal_commands ------------------------------------------------------------


def _moves(state: ToursState, index: SeatIndex) -> list[cm.ToursMoveDragon]:
    own = board.owners(state)
    out = []
    for f in board.own_towers(state, index):
        for via in TOWER_ENDS[f]:
            if not board.passable(own[via], index):
                continue
            for t in TOWERS_OF[via]:
                if t != f and not _own(state, index, t):
                    out.append(cm.ToursMoveDragon(from_tower=f, via_island=via, to_tower=t))
    return out


def _third_available(state: ToursState, index: SeatIndex) -> bool:
    return (
        board.chance_available(state)
        or len(board.own_towers(state, index)) >= 2
        or bool(_moves(state, index))
    )


def _landings(
    state: ToursState, index: SeatIndex, island: str, dragons: list[str]
) -> list[tuple[str, str]]:
    return [(t, d) for t in TOWERS_OF[island] if not _own(state, index, t) for d in dragons]


def legal_commands(state: ToursState, seat: Seat) -> list[Any]:
    if state.phase == "over" or seat not in state.houses:
        return []
    index = state.houses.index(seat)
    if state.pending is not None:
        return chance.options(state, state.pending) if index == state.pending.decider else []
    if index != state.active_seat:
        return []
    out: list[Any] = []
    if state.phase == "take":
        if state.pile:
            out.append(cm.ToursTakeCard(source="pile"))
        out.extend(
            cm.ToursTakeCard(source="face_up", slot=i)
            for i, c in enumerate(state.face_up)
            if c is not None
        )
        return out
    if state.phase == "play":
        opts = state.options
        dragons = board.eligible_dragons(state, index)
        for island, count in state.hands[index].items():
            out.extend(
                cm.ToursLandDragon(island=island, tower=t, dragon=d)
                for t, d in _landings(state, index, island, dragons)
            )
            out.append(cm.ToursDiscardCard(island=island))
            if (
                not state.reserve[index]
                and state.eliminated[index]
                and board.chance_available(state)
            ):
                out.append(cm.ToursChanceInsteadOfLanding(island=island))
            if count >= 2 and state.atomize_count[index] < ATOMIZE_LIMIT:
                for t in TOWERS_OF[island]:
                    if t in state.occupant and not _own(state, index, t):
                        out.extend(
                            cm.ToursAtomize(island=island, tower=t, dragon=d)
                            for d in ([*dragons] if dragons else [None])
                        )
            if (
                count >= 2
                and opts.start_pair_invulnerability
                and island == START_ISLAND[state.houses[index]]
            ):
                out.append(cm.ToursInvokeInvulnerability(island=island))
                out.extend(
                    cm.ToursInvokeInvulnerability(island=island, tower=t, dragon=d)
                    for t, d in _landings(state, index, island, dragons)
                )
            if count >= 2 and opts.enemy_start_pair_share:
                enemy = board.enemy_of_start(state, index, island)
                if enemy is not None:
                    by_bridges = board.owners_by_bridges(state)
                    out.extend(
                        cm.ToursShareIsland(island=island, target_island=i)
                        for i in ISLANDS
                        if enemy in by_bridges[i]
                    )
        return out
    if board.chance_available(state):
        out.append(cm.ToursDrawChance())
    out.extend(_moves(state, index))
    towers = board.own_towers(state, index)
    out.extend(
        cm.ToursSwapDragons(tower_a=a, tower_b=b)
        for i, a in enumerate(towers)
        for b in towers[i + 1 :]
    )
    if not out:
        out.append(cm.ToursSkipThirdAction())
    return out


def to_act(state: ToursState) -> list[Seat]:
    if state.phase == "over":
        return []
    index = state.pending.decider if state.pending is not None else state.active_seat
    return [state.houses[index]]
