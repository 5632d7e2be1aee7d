"""Seats and the opening events of ArkantiS (spec sections 4 and 5)."""

from __future__ import annotations

from typing import Any

from domain.arkantis.components import (
    BASE_ROW,
    CARD_IDS_BY_COLOUR,
    DEAL,
    DISPERSED_LAYOUTS,
    MIDDLE_ROW,
    SEAT_PREFIX,
    SESTERCES,
    SIZE,
    START_SESTERCES,
    TOURNAMENT_COUNT,
    TOURNAMENT_LAYOUTS,
    CardId,
    Colour,
    LayoutSource,
    cell_id,
)
from domain.arkantis.events import (
    ArkantisBoardLayoutDrawn,
    ArkantisBoardPrepared,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisEmptyCellMoved,
    ArkantisFirstPlayerDrawn,
    ArkantisGameCreated,
    ArkantisPhase2DieRolled,
    ArkantisPileShuffled,
    ArkantisSeatEntry,
    ArkantisSestercesDistributed,
)
from domain.arkantis.evolve import evolve
from domain.arkantis.options import ArkantisOptions, layout_columns
from domain.arkantis.procedures import emitter, start_turn
from domain.arkantis.shapes import FULL, mask_of, mask_to_rows
from domain.kernel import Rng, SetupContext

PHASE_2_ROWS: tuple[int, ...] = tuple(r for r in range(BASE_ROW, 0, -1) if r != MIDDLE_ROW)
"""Die face k -> row of the k-th full cell of the column, counted from the base (5.2):
7, 6, 5, 3, 2, 1 (the middle row's cell is the empty one being moved)."""


def seats(options: ArkantisOptions) -> tuple[str, ...]:
    return tuple(f"{SEAT_PREFIX}{i}" for i in range(options.player_count))


def setup(options: ArkantisOptions, context: SetupContext, rng: Rng) -> list[Any]:
    """The opening events of spec 5.7, every random draw recorded in them."""
    ids = seats(options)
    events: list[Any] = [
        ArkantisGameCreated(
            players=tuple(ArkantisSeatEntry(seat=s, seat_index=i) for i, s in enumerate(ids)),
            tournament_mode=options.tournament_mode,
            tournament_config=options.tournament_config,
            explicit_layout=tuple(options.explicit_layout)
            if options.explicit_layout is not None
            else None,
        )
    ]
    source: LayoutSource
    config: int | None = None
    if options.explicit_layout is not None:
        source = "explicit"
        layout = layout_columns(options.explicit_layout)
        assert layout is not None
    elif options.tournament_mode:
        source = "tournament"
        config = options.tournament_config or rng.randint(1, TOURNAMENT_COUNT)
        layout = TOURNAMENT_LAYOUTS[config - 1]
    else:
        source = "random"
        layout = rng.choice(DISPERSED_LAYOUTS)
    empty = tuple(cell_id(r, int(layout[r - 1])) for r in range(1, SIZE + 1))
    events.append(
        ArkantisBoardLayoutDrawn(source=source, tournament_config=config, empty_cells=empty)
    )
    die = rng.die(6)
    column = int(layout[MIDDLE_ROW - 1])
    target = cell_id(PHASE_2_ROWS[die - 1], column)
    events.append(ArkantisPhase2DieRolled(value=die))
    middle = cell_id(MIDDLE_ROW, column)
    events.append(ArkantisEmptyCellMoved(column=column, from_cell=middle, to_cell=target))
    board = (FULL & ~mask_of(empty) | mask_of((middle,))) & ~mask_of((target,))
    events.append(ArkantisBoardPrepared(rows=mask_to_rows(board)))
    orange: list[CardId] = rng.shuffled(CARD_IDS_BY_COLOUR["orange"])
    emerald: list[CardId] = rng.shuffled(CARD_IDS_BY_COLOUR["emerald"])
    events.append(ArkantisPileShuffled(colour="orange", count=len(orange), card_ids=tuple(orange)))
    events.append(
        ArkantisPileShuffled(colour="emerald", count=len(emerald), card_ids=tuple(emerald))
    )
    piles: dict[Colour, list[CardId]] = {"orange": orange, "emerald": emerald}
    for seat in ids:
        dealt = tuple(piles[colour].pop(0) for colour in DEAL)
        events.append(ArkantisCardsDealt(seat=seat, colours=DEAL, card_ids=dealt))
    events.append(ArkantisCardTurnedFaceUp(colour="orange", card_id=orange[0]))
    events.append(ArkantisCardTurnedFaceUp(colour="emerald", card_id=emerald[0]))
    events.append(
        ArkantisSestercesDistributed(
            amount_each=START_SESTERCES, seats=ids, bank=SESTERCES - START_SESTERCES * len(ids)
        )
    )
    first = rng.choice(ids)
    events.append(ArkantisFirstPlayerDrawn(seat=first))
    state = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    em = emitter(state)
    start_turn(em, first)
    return events + em.events
