"""The steps of a turn (spec sections 7.1, 10 and 11), through one kernel ``Emitter``.

Every step reads ``emitter.state`` (kept up to date by ``emit``) and emits the
events the rules decide; ``decide`` and ``setup`` return ``emitter.events``.
"""

from __future__ import annotations

from domain import kernel
from domain.arkantis.components import MOVE_COST, REMOVE_TWO_COST
from domain.arkantis.events import (
    ArkantisCardLaid,
    ArkantisPlayerPassed,
    ArkantisSestercesEarned,
    ArkantisShape,
    ArkantisShapesCreated,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.evolve import evolve, index_of
from domain.arkantis.scoring import game_ended
from domain.arkantis.search import has_board_action
from domain.arkantis.shapes import card_type_of_mask, cell_ids
from domain.arkantis.state import ArkantisPlayerState, ArkantisState
from domain.kernel import Seat

Emitter = kernel.Emitter[ArkantisState]
"""The kernel ``Emitter`` over this game's state: what every step takes. Build one
with ``kernel.Emitter(evolve, state, rng)`` (calling the alias costs a typing call)."""

SMALL_SHAPE_MAX = 3
"""Shapes of 2-3 cells pay their size; 4-5 cell shapes open the validation window."""


def emitter(state: ArkantisState) -> Emitter:
    return kernel.Emitter(evolve, state)


def may_move(state: ArkantisState, player: ArkantisPlayerState) -> bool:
    """D34: a token has been removed since this player's previous move (or none yet)."""
    return (
        player.tokens_at_last_move is None or player.tokens_at_last_move > state.tokens.bit_count()
    )


def has_legal_action(state: ArkantisState, player: ArkantisPlayerState) -> bool:
    """Spec 10.3: some remove_token, affordable pair or affordable, allowed move is legal."""
    return has_board_action(
        state.tokens,
        player.sesterces >= REMOVE_TWO_COST,
        player.sesterces >= MOVE_COST and may_move(state, player),
    )


def next_player(state: ArkantisState) -> Seat | None:
    """The first player who has not passed, clockwise from the active one (10.2); None if all passed."""
    n = len(state.players)
    start = index_of(state.active_seat) if state.active_seat else n - 1
    for k in range(1, n + 1):
        p = state.players[(start + k) % n]
        if not p.passed:
            return p.seat
    return None


def start_turn(em: Emitter, seat: Seat) -> None:
    """Emit turn_started (turn + 1) for ``seat``, then forced passes (10.3) and the end (11)."""
    while True:
        em.emit(ArkantisTurnStarted(turn=em.state.turn + 1, seat=seat))
        if has_legal_action(em.state, em.state.players[index_of(seat)]):
            return
        em.emit(
            ArkantisPlayerPassed(
                turn=em.state.turn,
                seat=seat,
                reason="no_legal_action",
                leave_position=em.state.leave_count + 1,
            )
        )
        nxt = next_player(em.state)
        if nxt is None:
            em.emit(game_ended(em.state))
            return
        seat = nxt


def advance(em: Emitter) -> None:
    """After turn_ended / player_passed: the next turn (10.2) or the end (11)."""
    nxt = next_player(em.state)
    if nxt is None:
        em.emit(game_ended(em.state))
    else:
        start_turn(em, nxt)


def end_turn(em: Emitter, seat: Seat) -> None:
    """Close the turn, forfeiting the shapes still pending, and go on."""
    state = em.state
    em.emit(
        ArkantisTurnEnded(turn=state.turn, seat=seat, forfeited_shape_ids=state.pending_shape_ids)
    )
    advance(em)


def resolve_action(
    em: Emitter,
    seat: Seat,
    action: ArkantisTokensRemoved | ArkantisTokenMoved,
    red: list[int],
    blue: list[int],
) -> None:
    """Spec 7.1: the action, its new (red, blue) shapes as masks, earnings, then the
    validation window or the next turn."""
    coloured = [("red", m) for m in red] + [("blue", m) for m in blue]
    shapes = tuple(
        ArkantisShape(
            shape_id=f"s{number}",
            colour=colour,  # type: ignore[arg-type]
            cells=cell_ids(mask),
            size=mask.bit_count(),
            card_type=card_type_of_mask(mask),
        )
        for number, (colour, mask) in enumerate(coloured, 1)
    )
    em.emit(action)
    em.emit(ArkantisShapesCreated(turn=em.state.turn, seat=seat, shapes=shapes))
    small = [s for s in shapes if s.size <= SMALL_SHAPE_MAX]
    owed = sum(s.size for s in small)
    if owed:
        em.emit(
            ArkantisSestercesEarned(
                turn=em.state.turn,
                seat=seat,
                shape_ids=tuple(s.shape_id for s in small),
                owed=owed,
                paid=min(owed, em.state.bank),
            )
        )
    if not em.state.pending_shape_ids:
        end_turn(em, seat)


def lay_card(em: Emitter, seat: Seat, laid: ArkantisCardLaid) -> None:
    """A card validates a shape; the turn ends once nothing is pending."""
    em.emit(laid)
    if not em.state.pending_shape_ids:
        end_turn(em, seat)


def pass_turn(em: Emitter, seat: Seat) -> None:
    """A voluntary pass: the player leaves the game, the next one plays."""
    em.emit(
        ArkantisPlayerPassed(
            turn=em.state.turn,
            seat=seat,
            reason="voluntary",
            leave_position=em.state.leave_count + 1,
        )
    )
    advance(em)
