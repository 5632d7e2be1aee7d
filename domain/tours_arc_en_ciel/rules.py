"""``decide`` and ``legal_commands`` (spec section 7), ``to_act`` and ``outcome``.

``decide`` validates in the spec's order (7.0, then the command's table) and
raises the spec's code; the per-command checks and ``legal_commands`` share
the predicates of ``board.py`` and ``chance.py``.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Outcome, Rng, Standing
from domain.tours_arc_en_ciel import board, chance
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.board import fail
from domain.tours_arc_en_ciel.components import (
    DRAGONS,
    ISLAND_BY_ID,
    ISLANDS,
    START_ISLAND,
    TOWER_ENDS,
    TOWER_NO,
    TOWERS_OF,
)
from domain.tours_arc_en_ciel.effects import Ctx, end_turn, land, share_check
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


def seat_index(state: ToursState, seat: str) -> int:
    if seat not in state.houses:
        raise fail("unknown_seat", f"{seat!r} is not a seat of this game", seat=seat)
    return state.houses.index(seat)


def _check_ids(state: ToursState, cmd: Any) -> None:
    for field in cmd.__struct_fields__:
        kind = _ID_FIELDS.get(field)
        value = getattr(cmd, field)
        if kind is None or value is None:
            continue
        if kind == "island" and value not in ISLAND_BY_ID:
            raise fail("unknown_island", f"{value!r} is not an island", **{field: value})
        if kind == "tower" and value not in TOWER_NO:
            raise fail("unknown_tower", f"{value!r} is not a tower bridge", **{field: value})
        if kind == "dragon" and (value not in DRAGONS or DRAGONS[value].house not in state.houses):
            raise fail(
                "unknown_dragon", f"{value!r} is not a Dragon of this game", **{field: value}
            )


def _common(state: ToursState, seat: int, cmd: Any) -> None:
    if state.phase == "over":
        raise fail("game_over", "the game is over")
    pending = state.pending
    is_resolve = isinstance(cmd, cm.ToursResolveChance)
    if pending is not None and not is_resolve:
        raise fail(
            "decision_pending", f"waiting for {pending.card} to be resolved", card=pending.card
        )
    if pending is not None and seat != pending.decider:
        raise fail("not_your_decision", f"seat {pending.decider} decides {pending.card}", seat=seat)
    if is_resolve and pending is None:
        raise fail("no_pending_decision", "no chance decision is pending")
    if not is_resolve:
        if seat != state.active_seat:
            raise fail("not_your_turn", f"it is seat {state.active_seat}'s turn", seat=seat)
        if PHASE_OF[type(cmd)] != state.phase:
            raise fail("wrong_phase", f"{type(cmd).__name__} is not allowed in phase {state.phase}")
    _check_ids(state, cmd)


def _own(state: ToursState, seat: int, tower: str) -> bool:
    d = state.occupant.get(tower)
    return d is not None and DRAGONS[d].house == state.houses[seat]


def _need_cards(state: ToursState, seat: int, island: str, n: int) -> None:
    if board.hand_count(state, seat, island) < n:
        code = "card_not_in_hand" if n == 1 else "pair_not_in_hand"
        raise fail(code, f"not {n} card(s) of {island} in hand", island=island)


def _check_landing(state: ToursState, seat: int, island: str, tower: str, dragon: str) -> None:
    if tower not in TOWERS_OF[island]:
        raise fail("tower_not_adjacent", f"tower {tower} does not touch {island}", tower=tower)
    if _own(state, seat, tower):
        raise fail("tower_occupied_by_own_dragon", f"tower {tower} holds your Dragon", tower=tower)
    if not board.is_eligible(state, seat, dragon):
        raise fail("dragon_not_available", f"{dragon} cannot land now", dragon=dragon)


def _check_play(state: ToursState, seat: int, cmd: Any) -> None:
    opts = state.options
    if isinstance(cmd, cm.ToursLandDragon):
        _need_cards(state, seat, cmd.island, 1)
        _check_landing(state, seat, cmd.island, cmd.tower, cmd.dragon)
    elif isinstance(cmd, cm.ToursDiscardCard):
        _need_cards(state, seat, cmd.island, 1)
    elif isinstance(cmd, cm.ToursChanceInsteadOfLanding):
        _need_cards(state, seat, cmd.island, 1)
        if state.reserve[seat]:
            raise fail("reserve_not_empty", "you still have Dragons in reserve")
        if not state.eliminated[seat]:
            raise fail("no_eliminated_dragon", "none of your Dragons is eliminated")
        if not board.chance_available(state):
            raise fail("chance_deck_empty", "no chance card is left")
    elif isinstance(cmd, cm.ToursAtomize):
        _need_cards(state, seat, cmd.island, 2)
        if state.atomize_count[seat] >= 2:
            raise fail("atomize_limit_reached", "you have already atomized twice")
        if cmd.tower not in TOWERS_OF[cmd.island]:
            raise fail("tower_not_adjacent", f"tower {cmd.tower} does not touch {cmd.island}")
        if cmd.tower not in state.occupant or _own(state, seat, cmd.tower):
            raise fail(
                "tower_not_enemy", f"tower {cmd.tower} holds no enemy Dragon", tower=cmd.tower
            )
        if cmd.dragon is None:
            if board.eligible_dragons(state, seat):
                raise fail("dragon_required", "choose the Dragon that occupies the tower")
        elif not board.is_eligible(state, seat, cmd.dragon):
            raise fail("dragon_not_available", f"{cmd.dragon} cannot land now", dragon=cmd.dragon)
    elif isinstance(cmd, cm.ToursInvokeInvulnerability):
        if not opts.start_pair_invulnerability:
            raise fail("variant_disabled", "start_pair_invulnerability is off")
        if cmd.island != START_ISLAND[state.houses[seat]]:
            raise fail("not_own_start_island", f"{cmd.island} is not your start island")
        _need_cards(state, seat, cmd.island, 2)
        if (cmd.tower is None) != (cmd.dragon is None):
            raise fail("invalid_parameters", "give both tower and dragon, or neither")
        if cmd.tower is not None and cmd.dragon is not None:
            _check_landing(state, seat, cmd.island, cmd.tower, cmd.dragon)
    elif isinstance(cmd, cm.ToursShareIsland):
        if not opts.enemy_start_pair_share:
            raise fail("variant_disabled", "enemy_start_pair_share is off")
        enemy = _enemy_of_start(state, seat, cmd.island)
        if enemy is None:
            raise fail("not_enemy_start_island", f"{cmd.island} is no enemy's start island")
        _need_cards(state, seat, cmd.island, 2)
        if enemy not in board.owners_by_bridges(state)[cmd.target_island]:
            raise fail(
                "target_not_owned_by_enemy", f"seat {enemy} does not own {cmd.target_island}",
                island=cmd.target_island,
            )  # fmt: skip


def _enemy_of_start(state: ToursState, seat: int, island: str) -> int | None:
    for s, house in enumerate(state.houses):
        if s != seat and START_ISLAND[house] == island:
            return s
    return None


def _check_move(state: ToursState, seat: int, cmd: cm.ToursMoveDragon) -> None:
    if not _own(state, seat, cmd.from_tower):
        raise fail("not_your_dragon", f"tower {cmd.from_tower} holds none of your Dragons")
    if cmd.via_island not in TOWER_ENDS[cmd.from_tower]:
        raise fail("via_not_endpoint", f"{cmd.via_island} is not an end of {cmd.from_tower}")
    if cmd.to_tower == cmd.from_tower or cmd.to_tower not in TOWERS_OF[cmd.via_island]:
        raise fail("tower_not_adjacent", f"tower {cmd.to_tower} does not touch {cmd.via_island}")
    if not board.passable(board.island_owners(state, cmd.via_island), seat):
        raise fail("island_not_passable", f"{cmd.via_island} belongs to an enemy")
    if _own(state, seat, cmd.to_tower):
        raise fail("tower_occupied_by_own_dragon", f"tower {cmd.to_tower} holds your Dragon")


def _check_swap(state: ToursState, seat: int, cmd: cm.ToursSwapDragons) -> None:
    if cmd.tower_a == cmd.tower_b:
        raise fail("same_tower", f"tower {cmd.tower_a} given twice")
    for t in (cmd.tower_a, cmd.tower_b):
        if not _own(state, seat, t):
            raise fail("not_your_dragon", f"tower {t} holds none of your Dragons", tower=t)


def decide(state: ToursState, seat_name: str, cmd: Any, rng: Rng) -> list[Any]:
    seat = seat_index(state, seat_name)
    _common(state, seat, cmd)
    ctx = Ctx(state, rng)
    if isinstance(cmd, cm.ToursResolveChance):
        pending = state.pending
        assert pending is not None
        chance.check(state, pending, cmd)
        chance.apply(ctx, pending, cmd)
        share_check(ctx)
        if ctx.state.pending is None and pending.origin == "third_action":
            end_turn(ctx)
        return ctx.events
    if isinstance(cmd, cm.ToursTakeCard):
        _take(ctx, seat, cmd)
        return ctx.events
    if state.phase == "play":
        _check_play(state, seat, cmd)
        _play(ctx, seat, cmd)
        share_check(ctx)
        return ctx.events
    done = True
    if isinstance(cmd, cm.ToursDrawChance):
        if not board.chance_available(state):
            raise fail("chance_deck_empty", "no chance card is left")
        done = chance.draw(ctx, seat, "third_action")
    elif isinstance(cmd, cm.ToursMoveDragon):
        _check_move(state, seat, cmd)
        land(
            ctx,
            seat,
            state.occupant[cmd.from_tower],
            cmd.to_tower,
            "move",
            cmd.from_tower,
            cmd.via_island,
        )
    elif isinstance(cmd, cm.ToursSwapDragons):
        _check_swap(state, seat, cmd)
        a, b = board.as_tower(cmd.tower_a), board.as_tower(cmd.tower_b)
        ctx.emit(
            ev.ToursDragonsSwapped(
                seat=seat,
                tower_a=a,
                tower_b=b,
                dragon_a=state.occupant[a],
                dragon_b=state.occupant[b],
                hidden_a=state.occupant[a] in state.hidden,
                hidden_b=state.occupant[b] in state.hidden,
            )  # fmt: skip
        )
        for t in (a, b):
            ctx.emit(
                ev.ToursDefenseChanged(tower=t, delta=1, defense=state.defense[t] + 1, cause="swap")
            )
    else:
        if _third_available(state, seat):
            raise fail("third_action_available", "draw a chance card, move or swap instead")
        ctx.emit(ev.ToursThirdActionSkipped(seat=seat))
    share_check(ctx)
    if done:
        end_turn(ctx)
    return ctx.events


def _take(ctx: Ctx, seat: int, cmd: cm.ToursTakeCard) -> None:
    st = ctx.state
    if (cmd.source == "pile") != (cmd.slot is None) or (
        cmd.slot is not None and not 0 <= cmd.slot <= 2
    ):
        raise fail(
            "invalid_slot", "give a slot 0..2 for face_up and none for the pile", slot=cmd.slot
        )
    if cmd.source == "pile":
        if not st.pile:
            raise fail("pile_empty", "the pile is empty")
        ctx.emit(
            ev.ToursCardTaken(
                seat=seat, house=st.houses[seat], source="pile", slot=None, island=st.pile[0]
            )
        )
    else:
        assert cmd.slot is not None
        island = st.face_up[cmd.slot]
        if island is None:
            raise fail("face_up_slot_empty", f"face-up slot {cmd.slot} is empty", slot=cmd.slot)
        ctx.emit(
            ev.ToursCardTaken(
                seat=seat, house=st.houses[seat], source="face_up", slot=cmd.slot, island=island
            )
        )
        if st.pile:
            ctx.emit(ev.ToursFaceUpRefilled(slot=cmd.slot, island=st.pile[0]))
    after = ctx.state
    if not after.pile and all(c is None for c in after.face_up):
        ctx.emit(ev.ToursLastCardTaken(seat=seat))


def _play(ctx: Ctx, seat: int, cmd: Any) -> None:
    st = ctx.state
    island = board.as_island(cmd.island)
    if isinstance(cmd, cm.ToursLandDragon):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island], purpose="land"))
        land(ctx, seat, cmd.dragon, cmd.tower, "card")
    elif isinstance(cmd, cm.ToursDiscardCard):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island], purpose="discard"))
    elif isinstance(cmd, cm.ToursChanceInsteadOfLanding):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island], purpose="chance_instead"))
        chance.draw(ctx, seat, "instead_of_landing")
    elif isinstance(cmd, cm.ToursAtomize):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island, island], purpose="atomize"))
        victim = st.occupant[cmd.tower]
        info = DRAGONS[victim]
        ctx.emit(
            ev.ToursDragonAtomized(
                seat=seat,
                tower=board.as_tower(cmd.tower),
                victim_seat=board.owner_seat(st, victim),
                dragon=victim,
                strength=info.strength,
                specialty=info.specialty,
                defense_destroyed=st.defense[cmd.tower],
            )  # fmt: skip
        )
        if cmd.dragon is not None:
            land(ctx, seat, cmd.dragon, cmd.tower, "atomize")
    elif isinstance(cmd, cm.ToursInvokeInvulnerability):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island, island], purpose="invulnerability"))
        ctx.emit(ev.ToursInvulnerabilityGranted(seat=seat))
        if cmd.tower is not None and cmd.dragon is not None:
            land(ctx, seat, cmd.dragon, cmd.tower, "card")
    elif isinstance(cmd, cm.ToursShareIsland):
        ctx.emit(ev.ToursCardPlayed(seat=seat, islands=[island, island], purpose="share"))
        owner = _enemy_of_start(st, seat, cmd.island)
        assert owner is not None
        ctx.emit(
            ev.ToursIslandShared(
                sharer_seat=seat, owner_seat=owner, island=board.as_island(cmd.target_island)
            )
        )


# --- legal_commands ------------------------------------------------------------


def _moves(state: ToursState, seat: int) -> list[cm.ToursMoveDragon]:
    own = board.owners(state)
    out = []
    for f in board.own_towers(state, seat):
        for via in TOWER_ENDS[f]:
            if not board.passable(own[via], seat):
                continue
            for t in TOWERS_OF[via]:
                if t != f and not _own(state, seat, t):
                    out.append(cm.ToursMoveDragon(from_tower=f, via_island=via, to_tower=t))
    return out


def _third_available(state: ToursState, seat: int) -> bool:
    return (
        board.chance_available(state)
        or len(board.own_towers(state, seat)) >= 2
        or bool(_moves(state, seat))
    )


def _landings(
    state: ToursState, seat: int, island: str, dragons: list[str]
) -> list[tuple[str, str]]:
    return [(t, d) for t in TOWERS_OF[island] if not _own(state, seat, t) for d in dragons]


def legal_commands(state: ToursState, seat_name: str) -> list[Any]:
    if state.phase == "over" or seat_name not in state.houses:
        return []
    seat = state.houses.index(seat_name)
    if state.pending is not None:
        return chance.options(state, state.pending) if seat == state.pending.decider else []
    if seat != state.active_seat:
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
        dragons = board.eligible_dragons(state, seat)
        for island, count in state.hands[seat].items():
            out.extend(
                cm.ToursLandDragon(island=island, tower=t, dragon=d)
                for t, d in _landings(state, seat, island, dragons)
            )
            out.append(cm.ToursDiscardCard(island=island))
            if not state.reserve[seat] and state.eliminated[seat] and board.chance_available(state):
                out.append(cm.ToursChanceInsteadOfLanding(island=island))
            if count >= 2 and state.atomize_count[seat] < 2:
                for t in TOWERS_OF[island]:
                    if t in state.occupant and not _own(state, seat, t):
                        out.extend(
                            cm.ToursAtomize(island=island, tower=t, dragon=d)
                            for d in ([*dragons] if dragons else [None])
                        )
            if (
                count >= 2
                and opts.start_pair_invulnerability
                and island == START_ISLAND[state.houses[seat]]
            ):
                out.append(cm.ToursInvokeInvulnerability(island=island))
                out.extend(
                    cm.ToursInvokeInvulnerability(island=island, tower=t, dragon=d)
                    for t, d in _landings(state, seat, island, dragons)
                )
            if count >= 2 and opts.enemy_start_pair_share:
                enemy = _enemy_of_start(state, seat, island)
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
    out.extend(_moves(state, seat))
    towers = board.own_towers(state, seat)
    out.extend(
        cm.ToursSwapDragons(tower_a=a, tower_b=b)
        for i, a in enumerate(towers)
        for b in towers[i + 1 :]
    )
    if not out:
        out.append(cm.ToursSkipThirdAction())
    return out


def to_act(state: ToursState) -> list[str]:
    if state.phase == "over":
        return []
    seat = state.pending.decider if state.pending is not None else state.active_seat
    return [state.houses[seat]]


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
