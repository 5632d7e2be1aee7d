"""The state of a game of Les petits Dragons (§6), as msgspec Structs.

``evolve`` builds a new state per event, copying only what changes, so the
containers here are never mutated once a state has been built.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel import Seat
from domain.petits_dragons.components import (
    BranchState,
    CellId,
    Colour,
    DieValue,
    PieceId,
    Position,
    RollOutcome,
    UnitKind,
)

Phase = Literal["awaiting_roll", "awaiting_action", "awaiting_penalty", "closing"]
PenaltyKind = Literal["chief_arrival", "pawn_arrival", "stack_arrival", "combat_win", "arena_hold"]
PenaltyStatus = Literal["pending", "resolved", "backfired", "lapsed"]
Resume = Literal["replay", "end_of_turn"]
EndReason = Literal["plain_roll", "suite", "birth", "no_legal_action"]
EndGameReason = Literal["colour_completed", "no_colour_can_act", "round_limit"]


class PetitsDragonsEggs(msgspec.Struct, frozen=True, kw_only=True):
    """A count of eggs per denomination (JSON keys ``"500"``, ``"100"``, ``"50"``)."""

    e500: int = msgspec.field(default=0, name="500")
    e100: int = msgspec.field(default=0, name="100")
    e50: int = msgspec.field(default=0, name="50")

    def get(self, denomination: int) -> int:
        if denomination == 500:
            return self.e500
        if denomination == 100:
            return self.e100
        return self.e50

    def add(self, denomination: int, count: int) -> PetitsDragonsEggs:
        if denomination == 500:
            return PetitsDragonsEggs(e500=self.e500 + count, e100=self.e100, e50=self.e50)
        if denomination == 100:
            return PetitsDragonsEggs(e500=self.e500, e100=self.e100 + count, e50=self.e50)
        return PetitsDragonsEggs(e500=self.e500, e100=self.e100, e50=self.e50 + count)

    @property
    def value(self) -> int:
        return 500 * self.e500 + 100 * self.e100 + 50 * self.e50


class PetitsDragonsRoll(msgspec.Struct, frozen=True, kw_only=True):
    """The last movement roll of the turn."""

    red: DieValue
    blue: DieValue
    outcome: RollOutcome


class PetitsDragonsUnit(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What a cell holds: a chief, a single pawn or a stack."""

    colour: Colour
    kind: UnitKind
    piece_ids: tuple[PieceId, ...]
    """1 id, or 2 pawn ids (ascending) for a stack."""


class PetitsDragonsPiece(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Where one dragon is."""

    position: Position
    cell: CellId | None = None
    """Set iff ``position`` is ``board``."""
    stacked_with: PieceId | None = None
    """The other pawn of its stack, if any."""


class PetitsDragonsDragon(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One colour's people, eggs and arena flag."""

    chief: PetitsDragonsPiece
    pawns: dict[PieceId, PetitsDragonsPiece]
    chief_dead: bool = False
    """True once the chief died in combat: the colour can no longer hatch."""
    eggs: PetitsDragonsEggs = msgspec.field(default_factory=PetitsDragonsEggs)
    """Eggs in this colour's nest."""
    held_arena_at_turn_end: bool = False
    """A unit of this colour was on the arena when its last turn ended."""


class PetitsDragonsUsage(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A unit's turn usage (§3.4), reset at the start of each of its colour's turns."""

    centre_used: bool = False
    branches: dict[Colour, BranchState] = msgspec.field(default_factory=dict)
    """Branch states other than ``none`` (a branch not listed is ``none``)."""


class PetitsDragonsTurn(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The turn in progress."""

    number: int
    colour: Colour
    phase: Phase
    roll_index: int = 0
    """Rolls made so far in this turn."""
    last_roll: PetitsDragonsRoll | None = None
    birth_this_roll: bool = False
    usage: dict[PieceId, PetitsDragonsUsage] = msgspec.field(default_factory=dict)
    """Keyed by piece; both pawns of a stack share identical entries."""
    blocking_penalty: str | None = None
    """Set while ``phase`` is ``awaiting_penalty``."""
    resume: Resume | None = None
    """What follows the current action once resolved (replay, or the end-of-turn procedure)."""
    end_reason: EndReason | None = None
    """Set when the end-of-turn procedure starts; used by ``turn_ended``."""


class PetitsDragonsPenalty(msgspec.Struct, frozen=True, kw_only=True):
    """A penalty: a pending decision of its owner's controller."""

    penalty_id: str
    owner: Colour
    kind: PenaltyKind
    value: int
    restricted_to: Colour | None
    blocking: bool
    created_in_turn: int
    status: PenaltyStatus = "pending"


class PetitsDragonsColourScore(msgspec.Struct, frozen=True, kw_only=True):
    """One colour's final count (§11.2)."""

    eggs: PetitsDragonsEggs
    egg_points: int
    chief_in_nest_points: int
    pawns_in_nest: int
    pawn_points: int
    total: int
    pieces_home: int


class PetitsDragonsSideScore(msgspec.Struct, frozen=True, kw_only=True):
    """One side's (player's or team's) final count."""

    side_id: str
    colours: list[Colour]
    total: int
    pieces_home: int
    pieces_in_nest: int


class PetitsDragonsRank(msgspec.Struct, frozen=True, kw_only=True):
    """One side's place: 1 is best (lowest total)."""

    rank: int
    side_id: str


class PetitsDragonsResult(msgspec.Struct, frozen=True, kw_only=True):
    """How the game ended."""

    reason: EndGameReason
    completed_by: Colour | None
    colour_scores: dict[Colour, PetitsDragonsColourScore]
    side_scores: list[PetitsDragonsSideScore]
    ranking: list[PetitsDragonsRank]
    decided_by: str
    """What separated the first two sides: score, pieces_home, completed_by, pieces_in_nest, tie."""


class PetitsDragonsSeatColours(msgspec.Struct, frozen=True, kw_only=True):
    """A seat and the colours it leads."""

    seat: Seat
    colours: list[Colour]


class PetitsDragonsState(msgspec.Struct, frozen=True, kw_only=True):
    """The whole game (perfect information: everything here is public)."""

    status: Literal["in_progress", "finished"]
    seats: list[PetitsDragonsSeatColours]
    option_multi_colour: bool
    option_alliances: bool
    teams: list[list[str]] | None
    colours_in_play: list[Colour]
    turn_order: list[Colour]
    controller: dict[Colour, Seat]
    """The seat leading each colour in play."""
    side: dict[Colour, str]
    round: int
    bank: PetitsDragonsEggs
    board: dict[CellId, PetitsDragonsUnit | None]
    """66 keys; ``centre`` is always null."""
    dragons: dict[Colour, PetitsDragonsDragon]
    """Every colour in play."""
    turn: PetitsDragonsTurn | None
    penalties: list[PetitsDragonsPenalty]
    """The pending penalties, in creation order (answered ones live on in the event log)."""
    next_penalty_number: int = 1
    """``pen_<n>`` of the next penalty; ids below it that are not pending are closed."""
    result: PetitsDragonsResult | None = None


# --- derived predicates (§6) ---------------------------------------------------------------


def pieces_of(dragon: PetitsDragonsDragon) -> list[PetitsDragonsPiece]:
    return [dragon.chief, *dragon.pawns.values()]


def can_hatch(dragon: PetitsDragonsDragon) -> bool:
    if dragon.chief_dead:
        return False
    if dragon.chief.position == "nest":
        return True
    return any(p.position == "nest" for p in dragon.pawns.values())


def inactive(dragon: PetitsDragonsDragon) -> bool:
    for p in pieces_of(dragon):
        if p.position in ("board", "exit"):
            return False
    return not can_hatch(dragon)


def completed(dragon: PetitsDragonsDragon) -> bool:
    return all(p.position == "home" for p in pieces_of(dragon))


def pending_of(state: PetitsDragonsState, colour: Colour) -> list[PetitsDragonsPenalty]:
    return [p for p in state.penalties if p.owner == colour]


def enemies_of(state: PetitsDragonsState, colour: Colour) -> list[Colour]:
    """Colours in play on another side, in colour index order."""
    side = state.side[colour]
    return [c for c in state.colours_in_play if state.side[c] != side]
