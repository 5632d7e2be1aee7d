"""The words of ArkantiS: names, sentences, labels, targets, steps and refusals.

Every message id is a literal here (the catalogues are
``locales/<lang>/arkantis.ftl``; ``domain/words.py`` renders). Sentences and labels
are written from the viewer's redacted event or view only. French words are the
seed's (``docs/seeds/001_*.txt``; README "French reviewer's checklist").

Picture ids (``picture.py``): cells ``r<row>c<col>``, this turn's shapes ``s<n>``,
cards by card id, the piles ``orange``/``emerald`` and their face-down halves
``orange_hidden``/``emerald_hidden``, seat panels by seat id.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

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
    CARD_TYPES,
    CARDS,
    CELL_INDEX,
    COLOURS,
    MAX_SEATS,
    MIN_SEATS,
    MOVE_COST,
    PRICE,
    REMOVE_TWO_COST,
    SEAT_PREFIX,
    SIZE,
    TOURNAMENT_COUNT,
)
from domain.arkantis.events import (
    ArkantisBoardLayoutDrawn,
    ArkantisBoardPrepared,
    ArkantisCardBought,
    ArkantisCardLaid,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisDuplicateSwapped,
    ArkantisEmptyCellMoved,
    ArkantisFirstPlayerDrawn,
    ArkantisGameCreated,
    ArkantisGameEnded,
    ArkantisPhase2DieRolled,
    ArkantisPileShuffled,
    ArkantisPlayerPassed,
    ArkantisSestercesDistributed,
    ArkantisSestercesEarned,
    ArkantisShape,
    ArkantisShapesCreated,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.views import ArkantisView
from domain.kernel import RuleViolation, Seat, tag_of_class
from domain.words import (
    Many,
    Msg,
    OptionWords,
    Part,
    Player,
    Step,
    labels,
    msg,
    refusals,
    seat_number,
    sentences,
)

# --- Names ----------------------------------------------------------------------

CELL = "arkantis-cell"
SHAPE = "arkantis-shape"
CARD_NAME: Mapping[str, str] = {
    "set_square": "arkantis-card-set-square",
    "hammer": "arkantis-card-hammer",
    "bayonet": "arkantis-card-bayonet",
    "column": "arkantis-card-column",
    "paving": "arkantis-card-paving",
    "key": "arkantis-card-key",
    "statuette": "arkantis-card-statuette",
    "boot": "arkantis-card-boot",
    "rampart": "arkantis-card-rampart",
    "trowel": "arkantis-card-trowel",
    "arch": "arkantis-card-arch",
    "pickaxe": "arkantis-card-pickaxe",
    "bastion": "arkantis-card-bastion",
    "tiers": "arkantis-card-tiers",
    "serpent": "arkantis-card-serpent",
    "tower": "arkantis-card-tower",
    "cross": "arkantis-card-cross",
}
PILE_NAME: Mapping[str, str] = {
    "orange": "arkantis-pile-orange",
    "emerald": "arkantis-pile-emerald",
}
HIDDEN_PILE_NAME: Mapping[str, str] = {
    "orange": "arkantis-pile-hidden-orange",
    "emerald": "arkantis-pile-hidden-emerald",
}
COLOUR_NAME: Mapping[str, str] = {
    "orange": "arkantis-colour-orange",
    "emerald": "arkantis-colour-emerald",
}
SHAPE_COLOUR_NAME: Mapping[str, str] = {
    "red": "arkantis-shape-colour-red",
    "blue": "arkantis-shape-colour-blue",
}
SOURCE_NAME: Mapping[str, str] = {
    "hidden": "arkantis-source-hidden",
    "visible": "arkantis-source-visible",
}
PHASE_NAME: Mapping[str, str] = {
    "action": "arkantis-phase-action",
    "validation": "arkantis-phase-validation",
}
DECIDED_BY_NAME: Mapping[str, str] = {
    "score": "arkantis-decided-by-score",
    "laid_value": "arkantis-decided-by-laid-value",
    "laid_count": "arkantis-decided-by-laid-count",
    "leave_position": "arkantis-decided-by-leave-position",
}
PASS_REASON_NAME: Mapping[str, str] = {
    "voluntary": "arkantis-pass-reason-voluntary",
    "no_legal_action": "arkantis-pass-reason-no-legal-action",
}


def hidden_pile_id(colour: str) -> str:
    """The picture id of a pile's face-down half (what buying from ``hidden`` names)."""
    return f"{colour}_hidden"


def seat_name(seat: Seat) -> Msg:
    """``Player 1`` for ``seat_0``: seats are numbered from 1 in playing order."""
    return seat_number(int(seat.removeprefix(SEAT_PREFIX)) + 1)


def names() -> dict[str, dict[str, Msg]]:
    """Every component a command, event or picture names, by kind (shapes of a turn are
    named in each message: ``shape_part``)."""
    return {
        "cell": {
            c: msg(CELL, row=i // SIZE + 1, column=i % SIZE + 1) for c, i in CELL_INDEX.items()
        },
        "card": {c.card_id: msg(CARD_NAME[c.card_type]) for c in CARDS},
        "card-type": {t.type_id: msg(CARD_NAME[t.type_id]) for t in CARD_TYPES},
        "pile": {
            **{c: msg(PILE_NAME[c]) for c in COLOURS},
            **{hidden_pile_id(c): msg(HIDDEN_PILE_NAME[c]) for c in COLOURS},
        },
        "colour": {c: msg(COLOUR_NAME[c]) for c in COLOURS},
        "shape-colour": {c: msg(SHAPE_COLOUR_NAME[c]) for c in SHAPE_COLOUR_NAME},
        "source": {s: msg(SOURCE_NAME[s]) for s in SOURCE_NAME},
        "phase": {p: msg(PHASE_NAME[p]) for p in PHASE_NAME},
        "decided-by": {d: msg(DECIDED_BY_NAME[d]) for d in DECIDED_BY_NAME},
        "pass-reason": {r: msg(PASS_REASON_NAME[r]) for r in PASS_REASON_NAME},
        "seat": {f"{SEAT_PREFIX}{i}": seat_name(f"{SEAT_PREFIX}{i}") for i in range(MAX_SEATS)},
    }


def cell(cell_id: str) -> Part:
    return Part("cell", cell_id)


def card(card_id: str) -> Part:
    return Part("card", card_id)


def card_type(type_id: str) -> Part:
    return Part("card-type", type_id)


def pile(colour: str) -> Part:
    return Part("pile", colour)


def hidden_pile(colour: str) -> Part:
    return Part("pile", hidden_pile_id(colour))


def shape_part(shape_id: str) -> Part:
    """A shape of this turn (``s2``): ``shape 2``."""
    return Part("shape", shape_id, msg(SHAPE, number=int(shape_id.removeprefix("s"))))


def copy_of(card_id: str) -> int:
    """Which copy of its type a card is (``key_2`` -> 2)."""
    return int(card_id.rsplit("_", 1)[1])


# --- Sentences --------------------------------------------------------------------

TOKEN_REMOVED = "arkantis-tokens-removed-one"
TOKENS_REMOVED = "arkantis-tokens-removed-two"
TOKEN_MOVED = "arkantis-token-moved"
SHAPES_CREATED = "arkantis-shapes-created"
SHAPE_FOUND: Mapping[tuple[str, bool], str] = {
    ("red", False): "arkantis-shape-found-red",
    ("blue", False): "arkantis-shape-found-blue",
    ("red", True): "arkantis-shape-found-red-card",
    ("blue", True): "arkantis-shape-found-blue-card",
}
SESTERCES_EARNED = "arkantis-sesterces-earned"
SESTERCES_EARNED_SHORT = "arkantis-sesterces-earned-bank-short"
CARD_LAID = "arkantis-card-laid"
TURN_ENDED = "arkantis-turn-ended"
PLAYER_PASSED: Mapping[str, str] = {
    "voluntary": "arkantis-player-passed",
    "no_legal_action": "arkantis-player-passed-forced",
}
CARD_BOUGHT_VISIBLE = "arkantis-card-bought-visible"
CARD_BOUGHT_HIDDEN = "arkantis-card-bought-hidden"
CARD_BOUGHT_HIDDEN_UNSEEN = "arkantis-card-bought-hidden-unseen"
CARD_TURNED_FACE_UP = "arkantis-card-turned-face-up"
DUPLICATE_SWAPPED = "arkantis-duplicate-swapped"
DUPLICATE_SWAPPED_UNSEEN = "arkantis-duplicate-swapped-unseen"
FIRST_PLAYER = "arkantis-first-player-drawn"
GAME_ENDED = "arkantis-game-ended"


def _shape_found(shape: ArkantisShape) -> Msg:
    key = SHAPE_FOUND[(shape.colour, shape.card_type is not None)]
    if shape.card_type is None:
        return msg(key, shape=shape_part(shape.shape_id), size=shape.size)
    return msg(
        key, shape=shape_part(shape.shape_id), size=shape.size, card=card_type(shape.card_type)
    )


def _tokens_removed(e: ArkantisTokensRemoved, seat: Seat | None) -> Msg:
    if len(e.cells) == 1:
        return msg(TOKEN_REMOVED, player=Player(e.seat), cell=cell(e.cells[0]))
    return msg(
        TOKENS_REMOVED,
        player=Player(e.seat),
        cells=Many(tuple(cell(c) for c in e.cells)),
        cost=e.cost,
    )


def _token_moved(e: ArkantisTokenMoved, seat: Seat | None) -> Msg:
    return msg(
        TOKEN_MOVED,
        player=Player(e.seat),
        source=cell(e.from_cell),
        destination=cell(e.to_cell),
        cost=e.cost,
    )


def _shapes_created(e: ArkantisShapesCreated, seat: Seat | None) -> Msg:
    return msg(
        SHAPES_CREATED,
        player=Player(e.seat),
        shapes=Many(tuple(_shape_found(s) for s in e.shapes)),
        count=len(e.shapes),
    )


def _sesterces_earned(e: ArkantisSestercesEarned, seat: Seat | None) -> Msg:
    if e.paid < e.owed:
        return msg(SESTERCES_EARNED_SHORT, player=Player(e.seat), paid=e.paid, owed=e.owed)
    return msg(SESTERCES_EARNED, player=Player(e.seat), paid=e.paid)


def _card_laid(e: ArkantisCardLaid, seat: Seat | None) -> Msg:
    return msg(
        CARD_LAID,
        player=Player(e.seat),
        card=card(e.card_id),
        shape=shape_part(e.shape_id),
        value=e.face_value,
    )


def _turn_ended(e: ArkantisTurnEnded, seat: Seat | None) -> Msg | None:
    """Only a turn closed with shapes still pending is a player's decision (``end_turn``);
    a turn that ends by itself after the action is bookkeeping."""
    if not e.forfeited_shape_ids:
        return None
    return msg(
        TURN_ENDED,
        player=Player(e.seat),
        shapes=Many(tuple(shape_part(s) for s in e.forfeited_shape_ids)),
        count=len(e.forfeited_shape_ids),
    )


def _player_passed(e: ArkantisPlayerPassed, seat: Seat | None) -> Msg:
    return msg(PLAYER_PASSED[e.reason], player=Player(e.seat))


def _card_bought(e: ArkantisCardBought, seat: Seat | None) -> Msg:
    if e.source == "visible" and e.card_id is not None:
        return msg(CARD_BOUGHT_VISIBLE, player=Player(e.seat), card=card(e.card_id), price=e.price)
    if e.card_id is not None:  # the buyer sees the card drawn from the face-down pile
        return msg(
            CARD_BOUGHT_HIDDEN,
            player=Player(e.seat),
            pile=hidden_pile(e.colour),
            card=card(e.card_id),
            price=e.price,
        )
    return msg(
        CARD_BOUGHT_HIDDEN_UNSEEN, player=Player(e.seat), pile=hidden_pile(e.colour), price=e.price
    )


def _card_turned_face_up(e: ArkantisCardTurnedFaceUp, seat: Seat | None) -> Msg:
    return msg(CARD_TURNED_FACE_UP, card=card(e.card_id), pile=pile(e.colour))


def _duplicate_swapped(e: ArkantisDuplicateSwapped, seat: Seat | None) -> Msg:
    if e.drawn_card_id is None:
        return msg(
            DUPLICATE_SWAPPED_UNSEEN,
            player=Player(e.seat),
            card=card_type(e.card_type),
            pile=pile(e.colour),
        )
    return msg(
        DUPLICATE_SWAPPED,
        player=Player(e.seat),
        card=card_type(e.card_type),
        pile=pile(e.colour),
        drawn=card(e.drawn_card_id),
    )


def _first_player(e: ArkantisFirstPlayerDrawn, seat: Seat | None) -> Msg:
    return msg(FIRST_PLAYER, player=Player(e.seat))


def _game_ended(e: ArkantisGameEnded, seat: Seat | None) -> Msg:
    score = next(s.score for s in e.scores if s.seat == e.winner_seat)
    return msg(
        GAME_ENDED,
        player=Player(e.winner_seat),
        score=score,
        decided=Part("decided-by", e.decided_by),
    )


SENTENCES: Mapping[type[Any], Callable[[Any, Seat | None], Msg | None] | None] = {
    # Setup and bookkeeping: no sentence, so a history reads as moves.
    ArkantisGameCreated: None,
    ArkantisBoardLayoutDrawn: None,
    ArkantisPhase2DieRolled: None,
    ArkantisEmptyCellMoved: None,
    ArkantisBoardPrepared: None,
    ArkantisPileShuffled: None,
    ArkantisCardsDealt: None,
    ArkantisSestercesDistributed: None,
    ArkantisTurnStarted: None,
    # Who starts, and every move and its consequences.
    ArkantisFirstPlayerDrawn: _first_player,
    ArkantisCardTurnedFaceUp: _card_turned_face_up,
    ArkantisTokensRemoved: _tokens_removed,
    ArkantisTokenMoved: _token_moved,
    ArkantisShapesCreated: _shapes_created,
    ArkantisSestercesEarned: _sesterces_earned,
    ArkantisCardLaid: _card_laid,
    ArkantisTurnEnded: _turn_ended,
    ArkantisPlayerPassed: _player_passed,
    ArkantisCardBought: _card_bought,
    ArkantisDuplicateSwapped: _duplicate_swapped,
    ArkantisGameEnded: _game_ended,
}
"""Every event class -> its sentence (None: setup and bookkeeping)."""


sentence = sentences(SENTENCES)


# --- Labels -----------------------------------------------------------------------

LABEL_REMOVE_TOKEN = "arkantis-label-remove-token"
LABEL_REMOVE_TWO_TOKENS = "arkantis-label-remove-two-tokens"
LABEL_MOVE_TOKEN = "arkantis-label-move-token"
LABEL_LAY_CARD = "arkantis-label-lay-card"
LABEL_END_TURN = "arkantis-label-end-turn"
LABEL_PASS_TURN = "arkantis-label-pass-turn"
LABEL_BUY_HIDDEN = "arkantis-label-buy-hidden"
LABEL_BUY_VISIBLE = "arkantis-label-buy-visible"
LABEL_SWAP_DUPLICATE = "arkantis-label-swap-duplicate"


def _pending(view: ArkantisView) -> tuple[str, ...]:
    return tuple(view.pending_shape_ids)


def _label_remove_token(c: ArkantisRemoveToken, view: ArkantisView) -> Msg:
    return msg(LABEL_REMOVE_TOKEN, cell=cell(c.cell))


def _label_remove_two(c: ArkantisRemoveTwoTokens, view: ArkantisView) -> Msg:
    return msg(
        LABEL_REMOVE_TWO_TOKENS,
        cells=Many(tuple(cell(x) for x in c.cells)),
        cost=REMOVE_TWO_COST,
    )


def _label_move(c: ArkantisMoveToken, view: ArkantisView) -> Msg:
    return msg(
        LABEL_MOVE_TOKEN, source=cell(c.from_cell), destination=cell(c.to_cell), cost=MOVE_COST
    )


def _label_lay_card(c: ArkantisLayCard, view: ArkantisView) -> Msg:
    return msg(LABEL_LAY_CARD, card=card(c.card_id), shape=shape_part(c.shape_id))


def _label_end_turn(c: ArkantisEndTurn, view: ArkantisView) -> Msg:
    pending = _pending(view)
    return msg(
        LABEL_END_TURN, shapes=Many(tuple(shape_part(s) for s in pending)), count=len(pending)
    )


def _label_pass(c: ArkantisPassTurn, view: ArkantisView) -> Msg:
    return msg(LABEL_PASS_TURN)


def _label_buy(c: ArkantisBuyCard, view: ArkantisView) -> Msg:
    price = PRICE[c.colour]
    if c.source == "visible" and c.expected_card_id is not None:
        return msg(LABEL_BUY_VISIBLE, card=card(c.expected_card_id), price=price)
    if c.source == "visible":  # a hand-written command without its expected card
        visible = getattr(view, c.colour).visible
        if visible is not None:
            return msg(LABEL_BUY_VISIBLE, card=card(visible), price=price)
    return msg(LABEL_BUY_HIDDEN, pile=hidden_pile(c.colour), price=price)


def _label_swap(c: ArkantisSwapDuplicate, view: ArkantisView) -> Msg:
    info = CARD_BY_ID[c.card_id]
    return msg(
        LABEL_SWAP_DUPLICATE,
        card=card_type(info.card_type),
        copy=copy_of(c.card_id),
        pile=pile(info.colour),
    )


LABELS: Mapping[type[Any], Callable[[Any, ArkantisView], Msg]] = {
    ArkantisRemoveToken: _label_remove_token,
    ArkantisRemoveTwoTokens: _label_remove_two,
    ArkantisMoveToken: _label_move,
    ArkantisLayCard: _label_lay_card,
    ArkantisEndTurn: _label_end_turn,
    ArkantisPassTurn: _label_pass,
    ArkantisBuyCard: _label_buy,
    ArkantisSwapDuplicate: _label_swap,
}
"""Every command class -> its label."""


label = labels(LABELS)


# --- Targets and steps ------------------------------------------------------------


def targets(command: Any, view: ArkantisView) -> tuple[str, ...]:
    """The picture ids ``command`` names: cells, a shape and a card, a pile's face-down
    half or its face-up card, the two shown cards; ``()`` for end and pass."""
    if isinstance(command, ArkantisRemoveToken):
        return (command.cell,)
    if isinstance(command, ArkantisRemoveTwoTokens):
        return tuple(command.cells)
    if isinstance(command, ArkantisMoveToken):
        return (command.from_cell, command.to_cell)
    if isinstance(command, ArkantisLayCard):
        return (command.shape_id, command.card_id)
    if isinstance(command, ArkantisBuyCard):
        if command.source == "hidden":
            return (hidden_pile_id(command.colour),)
        visible = command.expected_card_id or getattr(view, command.colour).visible
        return (visible,) if visible is not None else (command.colour,)
    if isinstance(command, ArkantisSwapDuplicate):
        return (command.card_id, command.twin_card_id)
    return ()


STEP_REMOVE_TOKEN = "arkantis-step-remove-token"
STEP_REMOVE_TWO_TOKENS = "arkantis-step-remove-two-tokens"
STEP_MOVE_TOKEN = "arkantis-step-move-token"
STEP_LAY_CARD = "arkantis-step-lay-card"
STEP_BUY_CARD = "arkantis-step-buy-card"
STEP_SWAP_DUPLICATE = "arkantis-step-swap-duplicate"
STEP_CELL = "arkantis-step-cell"
STEP_FROM = "arkantis-step-from"
STEP_TO = "arkantis-step-to"
STEP_SHAPE = "arkantis-step-shape"
STEP_CARD = "arkantis-step-card"
STEP_SWAP_COPY = "arkantis-step-swap-copy"


def _kind(command: Any, label_id: str, cost: int | None = None) -> Step:
    """The first step of a command: which action (its key is the command's tag)."""
    return _kind_step(tag_of_class(type(command)), label_id, cost)


@functools.cache
def _kind_step(tag: str, label_id: str, cost: int | None) -> Step:
    return Step(tag, msg(label_id) if cost is None else msg(label_id, cost=cost))


@functools.cache
def _cell_step(cell_id: str, label_id: str = STEP_CELL) -> Step:
    """Choosing a cell (the same step at every version: built once; a path is asked for
    every legal command at every version)."""
    return Step(cell_id, msg(label_id, cell=cell(cell_id)), (cell_id,))


def path(command: Any, view: ArkantisView) -> tuple[Step, ...]:
    """``command`` as successive choices: the action, then what it names in the order a
    player points at it (first cell then second; the token then its destination; the
    shape then the card; the pile; the card to put back then its twin)."""
    if isinstance(command, ArkantisRemoveToken):
        return (_kind(command, STEP_REMOVE_TOKEN), _cell_step(command.cell))
    if isinstance(command, ArkantisRemoveTwoTokens):
        first, second = command.cells
        return (
            _kind(command, STEP_REMOVE_TWO_TOKENS, cost=REMOVE_TWO_COST),
            _cell_step(first),
            _cell_step(second),
        )
    if isinstance(command, ArkantisMoveToken):
        return (
            _kind(command, STEP_MOVE_TOKEN, cost=MOVE_COST),
            _cell_step(command.from_cell, STEP_FROM),
            _cell_step(command.to_cell, STEP_TO),
        )
    if isinstance(command, ArkantisLayCard):
        kind = _shape_card_type(command, view)
        shape_label = (
            msg(STEP_SHAPE, shape=shape_part(command.shape_id), card=card_type(kind))
            if kind is not None
            else msg(SHAPE, number=int(command.shape_id.removeprefix("s")))
        )
        return (
            _kind(command, STEP_LAY_CARD),
            Step(command.shape_id, shape_label, (command.shape_id,)),
            Step(command.card_id, msg(STEP_CARD, card=card(command.card_id)), (command.card_id,)),
        )
    if isinstance(command, ArkantisBuyCard):
        return (
            _kind(command, STEP_BUY_CARD),
            Step(
                "|".join((command.colour, command.source)),
                label(command, view),
                targets(command, view),
            ),
        )
    if isinstance(command, ArkantisSwapDuplicate):
        info = CARD_BY_ID[command.card_id]
        return (
            _kind(command, STEP_SWAP_DUPLICATE),
            Step(
                command.card_id,
                msg(STEP_SWAP_COPY, card=card_type(info.card_type), copy=copy_of(command.card_id)),
                (command.card_id,),
            ),
            Step(
                command.twin_card_id,
                msg(STEP_CARD, card=card(command.twin_card_id)),
                (command.twin_card_id,),
            ),
        )
    return (Step(tag_of_class(type(command)), label(command, view)),)


VIEW_FREE: frozenset[type[Any]] = frozenset(
    {
        ArkantisRemoveToken,
        ArkantisRemoveTwoTokens,
        ArkantisMoveToken,
        ArkantisPassTurn,
        ArkantisSwapDuplicate,
    }
)
"""The commands whose label, targets and path read nothing of the view (not the end of
a turn, which names the pending shapes; not laying a card, whose shape step names the
shape's card type; buying, see ``VIEW_FREE_IF``)."""


def _buy_names_its_card(command: ArkantisBuyCard) -> bool:
    """A purchase from the hidden half, or of the visible card it names (every listed
    one does): its words read nothing of the view. One of a visible card that names no
    card (a hand-written command) takes the card from the view."""
    return command.source == "hidden" or command.expected_card_id is not None


VIEW_FREE_IF: Mapping[type[Any], Callable[[Any], bool]] = {ArkantisBuyCard: _buy_names_its_card}
"""The classes whose words read the view in some commands only (``domain.words``)."""


def _shape_card_type(command: ArkantisLayCard, view: ArkantisView) -> str | None:
    """What laying a card reads of the view: the card type its shape asks for (named
    by the shape's step), if any."""
    shape = next((s for s in view.turn_shapes if s.shape_id == command.shape_id), None)
    return shape.card_type if shape is not None and shape.card_type else None


VIEW_KEYS: Mapping[type[Any], Callable[[Any, ArkantisView], Any]] = {
    ArkantisEndTurn: lambda command, view: _pending(view),
    ArkantisLayCard: _shape_card_type,
}
"""The classes whose words read one part of the view: that part (``domain.words``):
the end of a turn names the shapes still pending; laying a card names its shape's
card type."""


# --- The last move ------------------------------------------------------------------


def changed(events: Sequence[Any], before: ArkantisView, after: ArkantisView) -> tuple[str, ...]:
    """The picture ids one move changed, as the viewer sees them after it: cells whose
    token went or came, the move's shapes while they are drawn, a laid card, a pile
    that lost or turned a card, the panels of the seats whose money, hand or status
    changed. Ids absent from the picture after the move (a shape of a turn that
    ended) are left out."""
    shapes = {s.shape_id for s in after.turn_shapes}
    cards_shown = {c.card_id for p in after.players for c in p.laid}
    cards_shown |= {c for p in after.players for c in (p.hand or ())}
    cards_shown |= {p.visible for p in (after.orange, after.emerald) if p.visible}
    out: list[str] = []

    def add(*ids: str) -> None:
        out.extend(i for i in ids if i not in out)

    for e in events:
        if isinstance(e, ArkantisTokensRemoved):
            add(*e.cells)
            if e.cost:
                add(e.seat)
        elif isinstance(e, ArkantisTokenMoved):
            add(e.from_cell, e.to_cell, e.seat)
        elif isinstance(e, ArkantisShapesCreated):
            add(*(s.shape_id for s in e.shapes if s.shape_id in shapes))
        elif isinstance(e, ArkantisSestercesEarned):
            add(e.seat)
        elif isinstance(e, ArkantisCardLaid):
            add(*(i for i in (e.shape_id, e.card_id) if i in shapes | cards_shown), e.seat)
        elif isinstance(e, ArkantisCardBought):
            add(e.seat, e.colour if e.source == "visible" else hidden_pile_id(e.colour))
        elif isinstance(e, ArkantisCardTurnedFaceUp):
            add(*(i for i in (e.card_id,) if i in cards_shown), e.colour)
        elif isinstance(e, ArkantisDuplicateSwapped):
            add(e.seat, hidden_pile_id(e.colour))
        elif isinstance(e, ArkantisPlayerPassed):
            add(e.seat)
    return tuple(out)


# --- The picture's text --------------------------------------------------------------

PICTURE_PILE = "arkantis-picture-pile"
PICTURE_HIDDEN_COUNT = "arkantis-picture-hidden-count"
PICTURE_FACE_DOWN = "arkantis-picture-face-down"
PICTURE_FACE_UP = "arkantis-picture-face-up"
PICTURE_NO_VISIBLE = "arkantis-picture-no-visible"
PICTURE_BANK = "arkantis-picture-bank"
PICTURE_TOKENS = "arkantis-picture-tokens"
PICTURE_TURN = "arkantis-picture-turn"
PICTURE_TURN_PHASE = "arkantis-picture-turn-phase"
PICTURE_ACTIVE = "arkantis-picture-active"
PICTURE_PENDING = "arkantis-picture-pending"
PICTURE_SHAPE = "arkantis-picture-shape"
PICTURE_SHAPE_CARD = "arkantis-picture-shape-card"
PICTURE_SHAPE_LAID = "arkantis-picture-shape-laid"
PICTURE_SEAT = "arkantis-picture-seat"
PICTURE_MARK_ACTIVE = "arkantis-picture-mark-active"
PICTURE_MARK_PASSED = "arkantis-picture-mark-passed"
PICTURE_MARK_SCORE = "arkantis-picture-mark-score"
PICTURE_LAID = "arkantis-picture-laid"
PICTURE_HAND = "arkantis-picture-hand"
PICTURE_HAND_EMPTY = "arkantis-picture-hand-empty"
PICTURE_HAND_HIDDEN = "arkantis-picture-hand-hidden"
PICTURE_CARD_VALUE = "arkantis-picture-card-value"
PICTURE_LEGEND_TOKENS = "arkantis-picture-legend-tokens"
PICTURE_LEGEND_SHAPES = "arkantis-picture-legend-shapes"
PICTURE_LEGEND_CARDS = "arkantis-picture-legend-cards"


def card_name(card_id: str) -> Msg:
    """The name of a card (its vestige's name)."""
    return msg(CARD_NAME[CARD_BY_ID[card_id].card_type])


# --- Refusals -------------------------------------------------------------------------

REFUSAL: Mapping[str, str] = {
    "card_not_in_hand": "arkantis-refusal-card-not-in-hand",
    "card_shape_mismatch": "arkantis-refusal-card-shape-mismatch",
    "cards_not_identical": "arkantis-refusal-cards-not-identical",
    "cell_is_empty": "arkantis-refusal-cell-is-empty",
    "conflicting_layout_options": "arkantis-refusal-conflicting-layout-options",
    "destination_not_empty": "arkantis-refusal-destination-not-empty",
    "duplicate_cells": "arkantis-refusal-duplicate-cells",
    "game_not_in_progress": "arkantis-refusal-game-not-in-progress",
    "insufficient_sesterces": "arkantis-refusal-insufficient-sesterces",
    "invalid_cell": "arkantis-refusal-invalid-cell",
    "invalid_layout": "arkantis-refusal-invalid-layout",
    "invalid_parameters": "arkantis-refusal-invalid-parameters",
    "invalid_player_count": "arkantis-refusal-invalid-player-count",
    "invalid_tournament_config": "arkantis-refusal-invalid-tournament-config",
    "no_new_blue_shape": "arkantis-refusal-no-new-blue-shape",
    "no_new_red_shape": "arkantis-refusal-no-new-red-shape",
    "no_new_shapes": "arkantis-refusal-no-new-shapes",
    "no_removal_since_last_move": "arkantis-refusal-no-removal-since-last-move",
    "no_token_at_source": "arkantis-refusal-no-token-at-source",
    "no_visible_card": "arkantis-refusal-no-visible-card",
    "not_your_turn": "arkantis-refusal-not-your-turn",
    "pile_empty": "arkantis-refusal-pile-empty",
    "player_has_passed": "arkantis-refusal-player-has-passed",
    "same_card": "arkantis-refusal-same-card",
    "shape_already_validated": "arkantis-refusal-shape-already-validated",
    "shape_not_validatable": "arkantis-refusal-shape-not-validatable",
    "swap_limit_reached": "arkantis-refusal-swap-limit-reached",
    "tournament_config_without_tournament_mode": (
        "arkantis-refusal-tournament-config-without-tournament-mode"
    ),
    "unknown_player": "arkantis-refusal-unknown-player",
    "unknown_shape": "arkantis-refusal-unknown-shape",
    "visible_card_changed": "arkantis-refusal-visible-card-changed",
    "wrong_phase": "arkantis-refusal-wrong-phase",
}
"""Every code of ``RULESET.error_codes`` -> its sentence (tested equal)."""
PLAIN: Mapping[str, str] = {
    "card_not_in_hand": "arkantis-refusal-card-not-in-hand-plain",
    "card_shape_mismatch": "arkantis-refusal-card-shape-mismatch-plain",
    "cell_is_empty": "arkantis-refusal-cell-is-empty-plain",
    "destination_not_empty": "arkantis-refusal-destination-not-empty-plain",
    "duplicate_cells": "arkantis-refusal-duplicate-cells-plain",
    "insufficient_sesterces": "arkantis-refusal-insufficient-sesterces-plain",
    "no_token_at_source": "arkantis-refusal-no-token-at-source-plain",
    "no_visible_card": "arkantis-refusal-no-visible-card-plain",
    "not_your_turn": "arkantis-refusal-not-your-turn-plain",
    "pile_empty": "arkantis-refusal-pile-empty-plain",
    "shape_already_validated": "arkantis-refusal-shape-already-validated-plain",
    "visible_card_changed": "arkantis-refusal-visible-card-changed-plain",
    "wrong_phase": "arkantis-refusal-wrong-phase-plain",
}
"""The same refusals when the violation lacks the detail they name (never in practice:
the rules give it; a hand-built violation may not)."""


def _detail(violation: RuleViolation, key: str, known: Mapping[str, Any]) -> str | None:
    """A detail that names a known component (details may echo what the caller sent)."""
    value = violation.details.get(key)
    return value if isinstance(value, str) and value in known else None


def _refusal_args(violation: RuleViolation, view: ArkantisView | None) -> dict[str, Any] | None:
    """The arguments of a code's refusal; None when a detail it needs is missing."""
    code, details = violation.code, violation.details
    if code in ("cell_is_empty", "destination_not_empty", "no_token_at_source", "duplicate_cells"):
        cell_id = _detail(violation, "cell", CELL_INDEX)
        return {"cell": cell(cell_id)} if cell_id else None
    card_id = _detail(violation, "card_id", CARD_BY_ID)
    shape_id = details.get("shape_id")
    shape = shape_part(shape_id) if isinstance(shape_id, str) and _is_shape(shape_id) else None
    if code == "card_not_in_hand":
        return {"card": card(card_id)} if card_id else None
    if code == "card_shape_mismatch":
        return {"card": card(card_id), "shape": shape} if card_id and shape else None
    if code == "shape_already_validated":
        return {"shape": shape} if shape else None
    if code in ("no_visible_card", "pile_empty"):
        colour = _detail(violation, "colour", PRICE)
        if colour is None:
            return None
        return {"pile": pile(colour) if code == "no_visible_card" else hidden_pile(colour)}
    if code == "insufficient_sesterces":
        have, cost = details.get("sesterces"), details.get("cost")
        if isinstance(have, int) and isinstance(cost, int) and cost > have:
            return {"missing": cost - have, "cost": cost}
        return None
    if code == "not_your_turn":
        active = view.active_seat if view is not None else None
        return {"player": Player(active)} if active else None
    if code == "wrong_phase":
        phase = _detail(violation, "phase", PHASE_NAME)
        return {"phase": Part("phase", phase)} if phase else None
    if code == "visible_card_changed":
        visible = _detail(violation, "visible_card_id", CARD_BY_ID)
        return {"card": card(visible)} if visible else None
    if code == "invalid_player_count":
        return {"low": MIN_SEATS, "high": MAX_SEATS}
    if code == "invalid_tournament_config":
        return {"high": TOURNAMENT_COUNT}
    if code == "invalid_cell":
        return {"size": SIZE}
    return {}


refusal = refusals(REFUSAL, PLAIN, _refusal_args)


def _is_shape(value: str) -> bool:
    return value.startswith("s") and value[1:].isdigit() and len(value) <= 4


__all__ = [
    "LABELS",
    "SENTENCES",
    "changed",
    "label",
    "names",
    "options",
    "path",
    "refusal",
    "seat_name",
    "sentence",
    "targets",
]


# --- The options --------------------------------------------------------------------

OPTION_PLAYER_COUNT = "arkantis-option-player-count"
OPTION_TOURNAMENT_MODE = "arkantis-option-tournament-mode"
OPTION_TOURNAMENT_CONFIG = "arkantis-option-tournament-config"
OPTION_EXPLICIT_LAYOUT = "arkantis-option-explicit-layout"


def options() -> Mapping[str, OptionWords]:
    """Every option's display name (the lobby's form), and what names its values."""
    return {
        "player_count": OptionWords(msg(OPTION_PLAYER_COUNT)),
        "tournament_mode": OptionWords(msg(OPTION_TOURNAMENT_MODE)),
        "tournament_config": OptionWords(msg(OPTION_TOURNAMENT_CONFIG)),
        "explicit_layout": OptionWords(msg(OPTION_EXPLICIT_LAYOUT)),
    }
