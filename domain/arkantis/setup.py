"""Options, seats and the opening events of ArkantiS (spec sections 4, 5 and 7.10)."""

from __future__ import annotations

from typing import Any

from domain.arkantis.components import (
    BASE_ROW,
    CARD_IDS_BY_COLOUR,
    DEAL,
    DISPERSED_LAYOUTS,
    MAX_SEATS,
    MIDDLE_ROW,
    MIN_SEATS,
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
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.procedures import emitter, start_turn
from domain.arkantis.shapes import FULL, mask_of, mask_to_rows
from domain.kernel import Rng, RuleViolation, SetupContext

PHASE_2_ROWS: tuple[int, ...] = tuple(r for r in range(BASE_ROW, 0, -1) if r != MIDDLE_ROW)
"""Die face k -> row of the k-th full cell of the column, counted from the base (5.2):
7, 6, 5, 3, 2, 1 (the middle row's cell is the empty one being moved)."""


def validate_options(options: ArkantisOptions) -> None:
    """The create_game validations of spec 7.10, in order."""
    n = options.player_count
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise RuleViolation(
            "invalid_player_count", f"player_count must be 2 to 4, not {n!r}", {"player_count": n}
        )
    if not isinstance(options.tournament_mode, bool):
        raise RuleViolation("invalid_parameters", "tournament_mode must be a boolean")
    if options.tournament_mode and options.explicit_layout is not None:
        raise RuleViolation(
            "conflicting_layout_options",
            "tournament_mode and explicit_layout cannot be used together",
        )
    config = options.tournament_config
    if config is not None and not options.tournament_mode:
        raise RuleViolation(
            "tournament_config_without_tournament_mode",
            f"tournament_config {config!r} needs tournament_mode",
            {"tournament_config": config},
        )
    if config is not None and (
        isinstance(config, bool)
        or not isinstance(config, int)
        or not 1 <= config <= TOURNAMENT_COUNT
    ):
        raise RuleViolation(
            "invalid_tournament_config",
            f"tournament_config must be 1 to 80, not {config!r}",
            {"tournament_config": config},
        )
    if options.explicit_layout is not None and layout_columns(options.explicit_layout) is None:
        raise RuleViolation(
            "invalid_layout",
            "explicit_layout must be 7 strings of 7 'B'/'R' with one 'R' per row and per column",
        )


def layout_columns(rows: Any) -> str | None:
    """The 7-digit layout of valid explicit rows, else None."""
    if not isinstance(rows, (list, tuple)) or len(rows) != SIZE:
        return None
    columns = []
    for row in rows:
        if (
            not isinstance(row, str)
            or len(row) != SIZE
            or set(row) - {"B", "R"}
            or row.count("R") != 1
        ):
            return None
        columns.append(row.index("R") + 1)
    if sorted(columns) != list(range(1, SIZE + 1)):
        return None
    return "".join(map(str, columns))


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
