"""The steps of a turn (spec 10, 11), each emitting its events through one
:class:`~domain.kernel.Emitter` that folds them as they go, so later steps
(combat after a landing, the share check, the end of the turn) read exactly
the state a replay rebuilds. ``rules.decide`` has validated the command.
"""

from __future__ import annotations

from typing import Any, Literal

from domain import kernel
from domain.tours_arc_en_ciel import board, chance, scoring
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.combat import TOWER_PEARL, land
from domain.tours_arc_en_ciel.components import DRAGONS, SeatIndex
from domain.tours_arc_en_ciel.state import ToursPending, ToursState

Emitter = kernel.Emitter[ToursState]
"""The kernel ``Emitter`` over this game's state: what every step takes. Build one
with ``kernel.Emitter(evolve, state, rng)`` (calling the alias costs a typing call)."""

EndReason = Literal["cards_exhausted", "all_dragons_on_board"]


def take_card(emitter: Emitter, index: SeatIndex, cmd: cm.ToursTakeCard) -> None:
    """Phase ``take`` (10.1): the card goes to the hand, a face-up slot is refilled."""
    st = emitter.state
    house = st.houses[index]
    if cmd.source == "pile":
        emitter.emit(
            ev.ToursCardTaken(seat=index, house=house, source="pile", slot=None, island=st.pile[0])
        )
    else:
        assert cmd.slot is not None
        island = st.face_up[cmd.slot]
        assert island is not None
        emitter.emit(
            ev.ToursCardTaken(
                seat=index, house=house, source="face_up", slot=cmd.slot, island=island
            )
        )
        if st.pile:
            emitter.emit(ev.ToursFaceUpRefilled(slot=cmd.slot, island=st.pile[0]))
    after = emitter.state
    if not after.pile and all(c is None for c in after.face_up):
        emitter.emit(ev.ToursLastCardTaken(seat=index))


def play_card(emitter: Emitter, index: SeatIndex, cmd: Any) -> None:
    """Phase ``play`` (10.2-10.6, 12.4, 12.5): one card (or a pair) and its effect."""
    st = emitter.state
    island = board.as_island(cmd.island)
    if isinstance(cmd, cm.ToursLandDragon):
        emitter.emit(ev.ToursCardPlayed(seat=index, islands=[island], purpose="land"))
        land(emitter, index, cmd.dragon, cmd.tower, "card")
    elif isinstance(cmd, cm.ToursDiscardCard):
        emitter.emit(ev.ToursCardPlayed(seat=index, islands=[island], purpose="discard"))
    elif isinstance(cmd, cm.ToursChanceInsteadOfLanding):
        emitter.emit(ev.ToursCardPlayed(seat=index, islands=[island], purpose="chance_instead"))
        chance.draw(emitter, index, "instead_of_landing")
    elif isinstance(cmd, cm.ToursAtomize):
        emitter.emit(ev.ToursCardPlayed(seat=index, islands=[island, island], purpose="atomize"))
        victim = st.occupant[cmd.tower]
        info = DRAGONS[victim]
        emitter.emit(
            ev.ToursDragonAtomized(
                seat=index,
                tower=board.as_tower(cmd.tower),
                victim_seat=board.owner_index(st, victim),
                dragon=victim,
                strength=info.strength,
                specialty=info.specialty,
                defense_destroyed=st.defense[cmd.tower],
            )  # fmt: skip
        )
        if cmd.dragon is not None:
            land(emitter, index, cmd.dragon, cmd.tower, "atomize")
    elif isinstance(cmd, cm.ToursInvokeInvulnerability):
        emitter.emit(
            ev.ToursCardPlayed(seat=index, islands=[island, island], purpose="invulnerability")
        )
        emitter.emit(ev.ToursInvulnerabilityGranted(seat=index))
        if cmd.tower is not None and cmd.dragon is not None:
            land(emitter, index, cmd.dragon, cmd.tower, "card")
    elif isinstance(cmd, cm.ToursShareIsland):
        emitter.emit(ev.ToursCardPlayed(seat=index, islands=[island, island], purpose="share"))
        owner = board.enemy_of_start(st, index, cmd.island)
        assert owner is not None
        emitter.emit(
            ev.ToursIslandShared(
                sharer_seat=index, owner_seat=owner, island=board.as_island(cmd.target_island)
            )
        )
    share_check(emitter)


def third_action(emitter: Emitter, index: SeatIndex, cmd: Any) -> None:
    """Phase ``third`` (10.7-10.9): draw, move, swap or skip, then end the turn
    (unless a chance decision is left pending)."""
    st = emitter.state
    done = True
    if isinstance(cmd, cm.ToursDrawChance):
        done = chance.draw(emitter, index, "third_action")
    elif isinstance(cmd, cm.ToursMoveDragon):
        dragon = st.occupant[cmd.from_tower]
        land(emitter, index, dragon, cmd.to_tower, "move", cmd.from_tower, cmd.via_island)
    elif isinstance(cmd, cm.ToursSwapDragons):
        a, b = board.as_tower(cmd.tower_a), board.as_tower(cmd.tower_b)
        emitter.emit(
            ev.ToursDragonsSwapped(
                seat=index,
                tower_a=a,
                tower_b=b,
                dragon_a=st.occupant[a],
                dragon_b=st.occupant[b],
                hidden_a=st.occupant[a] in st.hidden,
                hidden_b=st.occupant[b] in st.hidden,
            )  # fmt: skip
        )
        for t in (a, b):
            emitter.emit(
                ev.ToursDefenseChanged(
                    tower=t, delta=TOWER_PEARL, defense=st.defense[t] + TOWER_PEARL, cause="swap"
                )
            )
    else:
        emitter.emit(ev.ToursThirdActionSkipped(seat=index))
    share_check(emitter)
    if done:
        end_turn(emitter)


def resolve_chance(emitter: Emitter, pending: ToursPending, cmd: cm.ToursResolveChance) -> None:
    """A decider's answer (7.12); the turn ends once a third-action card is settled."""
    chance.apply(emitter, pending, cmd)
    share_check(emitter)
    if emitter.state.pending is None and pending.origin == "third_action":
        end_turn(emitter)


def share_check(emitter: Emitter) -> None:
    """End the shares whose owner no longer owns the island by bridges (12.5)."""
    st = emitter.state
    if not any(s.active for s in st.shares):
        return
    for share in st.shares:
        if share.active and share.owner not in board.island_owners_by_bridges(st, share.island):
            emitter.emit(
                ev.ToursShareEnded(
                    sharer_seat=share.sharer, owner_seat=share.owner, island=share.island
                )
            )


def end_turn(emitter: Emitter) -> None:
    """End the turn; end the game (11.1) or start the next seat's turn."""
    st = emitter.state
    emitter.emit(ev.ToursTurnEnded(seat=st.active_seat))
    reasons: list[EndReason] = []
    if st.final_turn:
        reasons.append("cards_exhausted")
    if any(board.all_on_board(st, index) for index in range(len(st.houses))):
        reasons.append("all_dragons_on_board")
    if reasons:
        end_game(emitter, reasons)
    else:
        emitter.emit(
            ev.ToursTurnStarted(
                seat=board.next_index(st, st.active_seat), turn_number=st.turn_number + 1
            )
        )


def end_game(emitter: Emitter, reasons: list[EndReason]) -> None:
    """Score every seat and rank them (11.2-11.4), rolling off the remaining ties."""
    st = emitter.state
    table = scoring.scores(st)
    ranking, rounds = scoring.ranking(st, table, emitter.draw())
    emitter.emit(
        ev.ToursGameEnded(
            reasons=reasons,
            scores=table,
            tiebreak_rounds=rounds,
            ranking=ranking,
            winner_seat=ranking[0],
        )  # fmt: skip
    )
