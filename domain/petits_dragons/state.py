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


class PetitsDragonsEggs(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A count of eggs per denomination (JSON keys ``"500"``, ``"100"``, ``"50"``)."""

    e500: int = msgspec.field(default=0, name="500")
    """How many 500 eggs."""
    e100: int = msgspec.field(default=0, name="100")
    """How many 100 eggs."""
    e50: int = msgspec.field(default=0, name="50")
    """How many 50 eggs."""

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


class PetitsDragonsRoll(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The last movement roll of the turn."""

    red: DieValue
    """The red die's face."""
    blue: DieValue
    """The blue die's face."""
    outcome: RollOutcome
    """What the roll allows."""


class PetitsDragonsUnit(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What a cell holds: a chief, a single pawn or a stack."""

    colour: Colour
    """The unit's colour."""
    kind: UnitKind
    """The unit's kind."""
    piece_ids: tuple[PieceId, ...]
    """1 id, or 2 pawn ids (ascending) for a stack."""


class PetitsDragonsPiece(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """Where one dragon is."""

    position: Position
    """Where the piece is."""
    cell: CellId | None = None
    """Set iff ``position`` is ``board``."""
    stacked_with: PieceId | None = None
    """The other pawn of its stack, if any."""


class PetitsDragonsDragon(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One colour's people, eggs and arena flag."""

    chief: PetitsDragonsPiece
    """The colour's chief."""
    pawns: dict[PieceId, PetitsDragonsPiece]
    """The colour's pawns, by id."""
    chief_dead: bool = False
    """True once the chief died in combat: the colour can no longer hatch."""
    eggs: PetitsDragonsEggs = msgspec.field(default_factory=PetitsDragonsEggs)
    """Eggs in this colour's nest."""
    held_arena_at_turn_end: bool = False
    """A unit of this colour was on the arena when its last turn ended."""


class PetitsDragonsUsage(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """A unit's turn usage (§3.4), reset at the start of each of its colour's turns."""

    centre_used: bool = False
    """True once the unit entered the centre this turn (allowed once per turn)."""
    branches: dict[Colour, BranchState] = msgspec.field(default_factory=dict)
    """Branch states other than ``none`` (a branch not listed is ``none``)."""


class PetitsDragonsTurn(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """The turn in progress."""

    number: int
    """The turn's number."""
    colour: Colour
    """The colour playing."""
    phase: Phase
    """The turn's phase."""
    roll_index: int = 0
    """Rolls made so far in this turn."""
    last_roll: PetitsDragonsRoll | None = None
    """The last roll of this turn, if any."""
    birth_this_roll: bool = False
    """True when a piece was born on this roll."""
    usage: dict[PieceId, PetitsDragonsUsage] = msgspec.field(default_factory=dict)
    """Keyed by piece; both pawns of a stack share identical entries."""
    blocking_penalty: str | None = None
    """Set while ``phase`` is ``awaiting_penalty``."""
    resume: Resume | None = None
    """What follows the current action once resolved (replay, or the end-of-turn procedure)."""
    end_reason: EndReason | None = None
    """Set when the end-of-turn procedure starts; used by ``turn_ended``."""


class PetitsDragonsPenalty(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A penalty: a pending decision of its owner's controller."""

    penalty_id: str
    """The penalty's id."""
    owner: Colour
    """The colour that must distribute it."""
    kind: PenaltyKind
    """The penalty's kind."""
    value: int
    """Its value."""
    restricted_to: Colour | None
    """For a combat win: the defeated colour, the only one it may go to; else null."""
    blocking: bool
    """True when play waits until it is answered."""
    created_in_turn: int
    """The turn it was created in."""
    status: PenaltyStatus = "pending"
    """Its status."""


class PetitsDragonsColourScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One colour's final count (§11.2)."""

    eggs: PetitsDragonsEggs
    """The eggs in the colour's nest."""
    egg_points: int
    """500, 100 or 50 points per egg in the nest."""
    chief_in_nest_points: int
    """500 if the chief is still in the nest (never hatched), else 0."""
    pawns_in_nest: int
    """How many pawns are in the nest."""
    pawn_points: int
    """100 per pawn still in the nest."""
    total: int
    """The colour's score (lowest ranks first)."""
    pieces_home: int
    """Dragons home (a chief counts 1, a stack 2): the first tie-break."""


class PetitsDragonsSideScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One side's (player's or team's) final count."""

    side_id: str
    """The side."""
    colours: list[Colour]
    """The side's colours."""
    total: int
    """The sum of its colours' scores (lowest ranks first)."""
    pieces_home: int
    """How many of its pieces arrived home."""
    pieces_in_nest: int
    """Dragons in its nests (pawns plus an unhatched chief): a tie-break, fewer first."""


class PetitsDragonsRank(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One side's place: 1 is best (lowest total)."""

    rank: int
    """The side's rank (1 = won)."""
    side_id: str
    """The side."""


class PetitsDragonsResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """How the game ended."""

    reason: EndGameReason
    """Why the game ended."""
    completed_by: Colour | None
    """The colour that completed the game, if any."""
    colour_scores: dict[Colour, PetitsDragonsColourScore]
    """Every colour's score."""
    side_scores: list[PetitsDragonsSideScore]
    """Every side's score."""
    ranking: list[PetitsDragonsRank]
    """The sides, best first."""
    decided_by: str
    """What separated the first two sides: score, pieces_home, completed_by, pieces_in_nest, tie."""


class PetitsDragonsSeatColours(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat and the colours it leads."""

    seat: Seat
    """The seat."""
    colours: list[Colour]
    """The colours it plays."""


class PetitsDragonsState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole game (perfect information: everything here is public)."""

    status: Literal["in_progress", "finished"]
    """`in_progress` until the game ends, then `finished`."""
    seats: list[PetitsDragonsSeatColours]
    """The colours each seat plays."""
    option_multi_colour: bool
    """True when a seat plays several colours."""
    option_alliances: bool
    """True when colours play in teams."""
    teams: list[list[str]] | None
    """The teams under alliances; else null."""
    colours_in_play: list[Colour]
    """The colours in the game."""
    turn_order: list[Colour]
    """The colours in playing order."""
    controller: dict[Colour, Seat]
    """The seat leading each colour in play."""
    side: dict[Colour, str]
    """The side of each colour."""
    round: int
    """The round's number."""
    bank: PetitsDragonsEggs
    """The eggs left in the bank."""
    board: dict[CellId, PetitsDragonsUnit | None]
    """66 keys; ``centre`` is always null."""
    dragons: dict[Colour, PetitsDragonsDragon]
    """Every colour in play."""
    turn: PetitsDragonsTurn | None
    """The turn in progress, if any."""
    penalties: list[PetitsDragonsPenalty]
    """The pending penalties, in creation order (answered ones live on in the event log)."""
    next_penalty_number: int = 1
    """``pen_<n>`` of the next penalty; ids below it that are not pending are closed."""
    result: PetitsDragonsResult | None = None
    """The result once the game has ended."""


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
