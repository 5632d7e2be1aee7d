"""Decide, legal commands and whose turn (spec sections 7 and 10)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NoReturn, TypeVar

from domain.arkantis.commands import (
    ArkantisBuyCard,
    ArkantisEndTurn,
    ArkantisLayCard,
    ArkantisMoveToken,
    ArkantisPassTurn,
    ArkantisRemoveToken,
    ArkantisRemoveTwoTokens,
    ArkantisSwapDuplicate,
)
from domain.arkantis.components import (
    CARD_BY_ID,
    CELL_INDEX,
    CELLS,
    COLOURS,
    MOVE_COST,
    PRICE,
    REMOVE_TWO_COST,
    SOURCES,
    CardId,
    Colour,
)
from domain.arkantis.events import (
    ArkantisCardBought,
    ArkantisCardLaid,
    ArkantisCardTurnedFaceUp,
    ArkantisDuplicateSwapped,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
)
from domain.arkantis.procedures import (
    emitter,
    end_turn,
    lay_card,
    may_move,
    pass_turn,
    resolve_action,
)
from domain.arkantis.search import board_singles, move_targets, pair_targets
from domain.arkantis.shapes import BIT, error_of, new_shapes
from domain.arkantis.state import ArkantisPlayerState, ArkantisState
from domain.kernel import Rng, RuleViolation


def _fail(code: str, message: str, **details: Any) -> NoReturn:
    raise RuleViolation(code, message, details)


def _player(state: ArkantisState, seat: str) -> ArkantisPlayerState:
    """C1-C3."""
    if state.status != "in_progress":
        _fail("game_not_in_progress", "the game is over")
    player = state.player(seat) if isinstance(seat, str) else None
    if player is None:
        _fail("unknown_player", f"{seat!r} is not a seat of this game", seat=seat)
    if player.passed:
        _fail("player_has_passed", f"{seat} has passed and left the game", seat=seat)
    return player


def _turn(state: ArkantisState, seat: str, phase: str) -> None:
    """C4-C5."""
    if state.active_seat != seat:
        _fail("not_your_turn", f"it is {state.active_seat}'s turn, not {seat}'s", seat=seat)
    if state.phase != phase:
        _fail(
            "wrong_phase",
            f"this command needs phase {phase}, the phase is {state.phase}",
            phase=state.phase,
        )


def _cell(value: Any) -> int:
    if not isinstance(value, str):
        _fail("invalid_parameters", f"a cell id must be a string, not {value!r}")
    index = CELL_INDEX.get(value)
    if index is None:
        _fail("invalid_cell", f"{value} is not a cell of the board (r1c1..r7c7)", cell=value)
    return index


def _card(value: Any, field: str) -> CardId:
    if not isinstance(value, str) or value not in CARD_BY_ID:
        _fail("invalid_parameters", f"{field} {value!r} is not a card id", field=field)
    return value  # type: ignore[return-value]


SHAPE_ERRORS: dict[str, str] = {
    "no_new_shapes": "this action creates no new shape",
    "no_new_red_shape": "this action creates no new red shape",
    "no_new_blue_shape": "this action creates no new blue shape",
}


def _shapes_check(before: int, after: int) -> tuple[list[int], list[int]]:
    """S1-S3: the (red, blue) new shapes of a legal action; raises otherwise."""
    red, blue = new_shapes(before, after)
    code = error_of(bool(red), bool(blue))
    if code is not None:
        _fail(code, SHAPE_ERRORS[code])
    return red, blue


def _resolved(
    state: ArkantisState,
    seat: str,
    action: ArkantisTokensRemoved | ArkantisTokenMoved,
    shapes: tuple[list[int], list[int]],
) -> list[Any]:
    em = emitter(state)
    resolve_action(em, seat, action, *shapes)
    return em.events


def _remove_token(state: ArkantisState, seat: str, cmd: ArkantisRemoveToken) -> list[Any]:
    _turn(state, seat, "action")
    i = _cell(cmd.cell)
    if not state.tokens & BIT[i]:
        _fail("cell_is_empty", f"{cmd.cell} holds no token", cell=cmd.cell)
    after = state.tokens & ~BIT[i]
    shapes = _shapes_check(state.tokens, after)
    action = ArkantisTokensRemoved(turn=state.turn, seat=seat, cells=(CELLS[i],), cost=0)
    return _resolved(state, seat, action, shapes)


def _remove_two(
    state: ArkantisState, seat: str, player: ArkantisPlayerState, cmd: ArkantisRemoveTwoTokens
) -> list[Any]:
    _turn(state, seat, "action")
    cells = cmd.cells
    if not isinstance(cells, (list, tuple)) or len(cells) != 2:
        _fail("invalid_parameters", "cells must list exactly two cells")
    i, j = _cell(cells[0]), _cell(cells[1])
    if i == j:
        _fail("duplicate_cells", f"{CELLS[i]} is given twice", cell=CELLS[i])
    for k in (i, j):
        if not state.tokens & BIT[k]:
            _fail("cell_is_empty", f"{CELLS[k]} holds no token", cell=CELLS[k])
    if player.sesterces < REMOVE_TWO_COST:
        _fail(
            "insufficient_sesterces",
            f"{seat} has {player.sesterces} sesterces, removing two tokens costs {REMOVE_TWO_COST}",
            sesterces=player.sesterces,
            cost=REMOVE_TWO_COST,
        )
    after = state.tokens & ~BIT[i] & ~BIT[j]
    shapes = _shapes_check(state.tokens, after)
    i, j = min(i, j), max(i, j)
    action = ArkantisTokensRemoved(
        turn=state.turn, seat=seat, cells=(CELLS[i], CELLS[j]), cost=REMOVE_TWO_COST
    )
    return _resolved(state, seat, action, shapes)


def _move(
    state: ArkantisState, seat: str, player: ArkantisPlayerState, cmd: ArkantisMoveToken
) -> list[Any]:
    _turn(state, seat, "action")
    i, j = _cell(cmd.from_cell), _cell(cmd.to_cell)
    if not state.tokens & BIT[i]:
        _fail("no_token_at_source", f"{CELLS[i]} holds no token", cell=CELLS[i])
    if state.tokens & BIT[j]:
        _fail("destination_not_empty", f"{CELLS[j]} already holds a token", cell=CELLS[j])
    if player.sesterces < MOVE_COST:
        _fail(
            "insufficient_sesterces",
            f"{seat} has {player.sesterces} sesterces, a move costs {MOVE_COST}",
            sesterces=player.sesterces,
            cost=MOVE_COST,
        )
    if not may_move(state, player):
        _fail(
            "no_removal_since_last_move",
            f"no token has been removed since {seat}'s previous move",
            tokens_at_last_move=player.tokens_at_last_move,
        )
    after = (state.tokens & ~BIT[i]) | BIT[j]
    shapes = _shapes_check(state.tokens, after)
    action = ArkantisTokenMoved(
        turn=state.turn, seat=seat, from_cell=CELLS[i], to_cell=CELLS[j], cost=MOVE_COST
    )
    return _resolved(state, seat, action, shapes)


def _lay_card(
    state: ArkantisState, seat: str, player: ArkantisPlayerState, cmd: ArkantisLayCard
) -> list[Any]:
    _turn(state, seat, "validation")
    if not isinstance(cmd.shape_id, str):
        _fail("invalid_parameters", "shape_id must be a string")
    card_id = _card(cmd.card_id, "card_id")
    shape = next((s for s in state.turn_shapes if s.shape_id == cmd.shape_id), None)
    if shape is None:
        _fail(
            "unknown_shape",
            f"{cmd.shape_id} is not a shape created this turn",
            shape_id=cmd.shape_id,
        )
    if shape.size < 4:
        _fail(
            "shape_not_validatable",
            f"{shape.shape_id} has {shape.size} cells; only 4-5 cell shapes take a card",
        )
    if shape.shape_id not in state.pending_shape_ids:
        _fail(
            "shape_already_validated",
            f"{shape.shape_id} is already validated",
            shape_id=shape.shape_id,
        )
    if card_id not in player.hand:
        _fail("card_not_in_hand", f"{card_id} is not in {seat}'s hand", card_id=card_id)
    card = CARD_BY_ID[card_id]
    if card.card_type != shape.card_type:
        _fail(
            "card_shape_mismatch",
            f"{card_id} is a {card.card_type}, {shape.shape_id} is a {shape.card_type}",
            card_id=card_id,
            shape_id=shape.shape_id,
        )
    laid = ArkantisCardLaid(
        turn=state.turn,
        seat=seat,
        shape_id=shape.shape_id,
        card_id=card_id,
        card_type=card.card_type,
        face_value=card.face_value,
    )
    em = emitter(state)
    lay_card(em, seat, laid)
    return em.events


def _end(state: ArkantisState, seat: str) -> list[Any]:
    _turn(state, seat, "validation")
    em = emitter(state)
    end_turn(em, seat)
    return em.events


def _pass(state: ArkantisState, seat: str) -> list[Any]:
    _turn(state, seat, "action")
    em = emitter(state)
    pass_turn(em, seat)
    return em.events


def _buy(
    state: ArkantisState, seat: str, player: ArkantisPlayerState, cmd: ArkantisBuyCard
) -> list[Any]:
    if cmd.colour not in COLOURS or cmd.source not in SOURCES:
        _fail("invalid_parameters", "colour must be orange or emerald, source hidden or visible")
    if cmd.expected_card_id is not None:
        if cmd.source == "hidden":
            _fail("invalid_parameters", "expected_card_id is only allowed with source visible")
        _card(cmd.expected_card_id, "expected_card_id")
    colour: Colour = cmd.colour
    pile = state.pile(colour)
    if cmd.source == "visible" and pile.visible is None:
        _fail("no_visible_card", f"the {colour} visible slot is empty", colour=colour)
    if cmd.source == "hidden" and not pile.hidden:
        _fail("pile_empty", f"the {colour} hidden pile is empty", colour=colour)
    if cmd.expected_card_id is not None and cmd.expected_card_id != pile.visible:
        _fail(
            "visible_card_changed",
            f"the {colour} visible card is {pile.visible}, not {cmd.expected_card_id}",
            visible_card_id=pile.visible,
        )
    price = PRICE[colour]
    if player.sesterces < price:
        _fail(
            "insufficient_sesterces",
            f"{seat} has {player.sesterces} sesterces, a {colour} card costs {price}",
            sesterces=player.sesterces,
            cost=price,
        )
    card = pile.visible if cmd.source == "visible" else pile.hidden[0]
    events: list[Any] = [
        ArkantisCardBought(
            turn=state.turn,
            seat=seat,
            colour=colour,
            source=cmd.source,
            card_id=card,
            price=price,  # type: ignore[arg-type]
        )
    ]
    if cmd.source == "visible" and pile.hidden:
        events.append(ArkantisCardTurnedFaceUp(colour=colour, card_id=pile.hidden[0]))
    return events


def _swap(
    state: ArkantisState, seat: str, player: ArkantisPlayerState, cmd: ArkantisSwapDuplicate
) -> list[Any]:
    card_id = _card(cmd.card_id, "card_id")
    twin = _card(cmd.twin_card_id, "twin_card_id")
    if card_id == twin:
        _fail("same_card", f"{card_id} is given twice", card_id=card_id)
    for c in (card_id, twin):
        if c not in player.hand:
            _fail("card_not_in_hand", f"{c} is not in {seat}'s hand", card_id=c)
    card = CARD_BY_ID[card_id]
    if card.card_type != CARD_BY_ID[twin].card_type:
        _fail("cards_not_identical", f"{card_id} and {twin} are not the same vestige")
    pile = state.pile(card.colour)
    if not pile.hidden:
        _fail("pile_empty", f"the {card.colour} hidden pile is empty", colour=card.colour)
    if player.swapped_in_turn == state.turn:
        _fail(
            "swap_limit_reached",
            f"{seat} has already swapped during turn {state.turn}",
            turn=state.turn,
        )
    return [
        ArkantisDuplicateSwapped(
            turn=state.turn,
            seat=seat,
            colour=card.colour,
            card_type=card.card_type,
            shown_card_ids=(card_id, twin),
            discarded_card_id=card_id,
            drawn_card_id=pile.hidden[0],
        )
    ]


def decide(state: ArkantisState, seat: str, command: Any, rng: Rng | None = None) -> list[Any]:
    """Validate ``command`` from ``seat`` in the spec's order; return its events."""
    player = _player(state, seat)
    if isinstance(command, ArkantisBuyCard):
        return _buy(state, seat, player, command)
    if isinstance(command, ArkantisSwapDuplicate):
        return _swap(state, seat, player, command)
    if isinstance(command, ArkantisRemoveToken):
        return _remove_token(state, seat, command)
    if isinstance(command, ArkantisRemoveTwoTokens):
        return _remove_two(state, seat, player, command)
    if isinstance(command, ArkantisMoveToken):
        return _move(state, seat, player, command)
    if isinstance(command, ArkantisLayCard):
        return _lay_card(state, seat, player, command)
    if isinstance(command, ArkantisEndTurn):
        return _end(state, seat)
    if isinstance(command, ArkantisPassTurn):
        return _pass(state, seat)
    _fail("invalid_parameters", f"{type(command).__name__} is not an ArkantiS command")


def _free_commands(state: ArkantisState, player: ArkantisPlayerState) -> list[Any]:
    out: list[Any] = []
    for colour in COLOURS:
        pile = state.pile(colour)
        if player.sesterces < PRICE[colour]:
            continue
        if pile.hidden:
            out.append(ArkantisBuyCard(colour=colour, source="hidden"))
        if pile.visible is not None:
            out.append(
                ArkantisBuyCard(colour=colour, source="visible", expected_card_id=pile.visible)
            )
    if player.swapped_in_turn != state.turn:
        out.extend(_swaps(player.hand, bool(state.orange.hidden), bool(state.emerald.hidden)))
    return out


@lru_cache(maxsize=1024)
def _swaps(
    hand: tuple[CardId, ...], orange_hidden: bool, emerald_hidden: bool
) -> tuple[ArkantisSwapDuplicate, ...]:
    """The swap_duplicate commands of a hand, given which hidden piles hold cards
    (cached: a hand is offered the same swaps at every version until it changes)."""
    out: list[ArkantisSwapDuplicate] = []
    for a in hand:
        ta = CARD_BY_ID[a]
        if not (orange_hidden if ta.colour == "orange" else emerald_hidden):
            continue
        for b in hand:
            if a != b and CARD_BY_ID[b].card_type == ta.card_type:
                out.append(ArkantisSwapDuplicate(card_id=a, twin_card_id=b))
    return tuple(out)


# Every board command exists once: the lists below share these frozen instances.
_REMOVE: tuple[ArkantisRemoveToken, ...] = tuple(ArkantisRemoveToken(cell=c) for c in CELLS)
_REMOVE_TWO: tuple[tuple[ArkantisRemoveTwoTokens, ...], ...] = tuple(
    tuple(ArkantisRemoveTwoTokens(cells=(a, b)) for b in CELLS) for a in CELLS
)
_MOVE: tuple[tuple[ArkantisMoveToken, ...], ...] = tuple(
    tuple(ArkantisMoveToken(from_cell=a, to_cell=b) for b in CELLS) for a in CELLS
)


@lru_cache(maxsize=1024)
def _removals(tokens: int) -> tuple[ArkantisRemoveToken, ...]:
    """The board's legal remove_token commands (cached per board, like its search)."""
    return tuple(_REMOVE[i] for i in board_singles(tokens))


_Command = TypeVar("_Command")


def _unpack(
    rows: tuple[tuple[_Command, ...], ...], targets: tuple[tuple[int, int], ...]
) -> tuple[_Command, ...]:
    """The commands ``rows[i][j]`` for every ``(i, mask)`` of ``targets`` and bit j of the
    mask, in that order: the bits are read in place (lowest first, like ``indices``),
    a board has hundreds of pair removals and moves."""
    out: list[_Command] = []
    append = out.append
    for i, mask in targets:
        row = rows[i]
        while mask:
            low = mask & -mask
            append(row[low.bit_length() - 1])
            mask ^= low
    return tuple(out)


@lru_cache(maxsize=1024)
def _pair_removals(tokens: int) -> tuple[ArkantisRemoveTwoTokens, ...]:
    return _unpack(_REMOVE_TWO, pair_targets(tokens))


@lru_cache(maxsize=1024)
def _moves(tokens: int) -> tuple[ArkantisMoveToken, ...]:
    return _unpack(_MOVE, move_targets(tokens))


def legal_commands(state: ArkantisState, seat: str) -> list[Any]:
    """Every command decide accepts from ``seat`` now, canonical form, spec 7.12 order."""
    if state.status != "in_progress":
        return []
    player = state.player(seat)
    if player is None or player.passed:
        return []
    out: list[Any] = []
    if state.active_seat == seat and state.phase == "action":
        out.extend(_removals(state.tokens))
        if player.sesterces >= REMOVE_TWO_COST:
            out.extend(_pair_removals(state.tokens))
        if player.sesterces >= MOVE_COST and may_move(state, player):
            out.extend(_moves(state.tokens))
        out.append(ArkantisPassTurn())
    elif state.active_seat == seat and state.phase == "validation":
        for shape in state.turn_shapes:
            if shape.shape_id in state.pending_shape_ids:
                out.extend(
                    ArkantisLayCard(shape_id=shape.shape_id, card_id=c)
                    for c in player.hand
                    if CARD_BY_ID[c].card_type == shape.card_type
                )
        out.append(ArkantisEndTurn())
    out.extend(_free_commands(state, player))
    return out


def to_act(state: ArkantisState) -> list[str]:
    if state.status != "in_progress" or state.active_seat is None:
        return []
    return [state.active_seat]


__all__ = ["decide", "legal_commands", "to_act"]
