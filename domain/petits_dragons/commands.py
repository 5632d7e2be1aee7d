"""Commands of Les petits Dragons (§7): one frozen Struct per spec command.

A command never names the acting seat: ``decide`` gets it from the service.
Tags are ``"petits_dragons.<spec name>"``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel import CommandBase
from domain.petits_dragons.components import CellId, Colour, Denomination, DieId, PieceId, PieceKind


class PetitsDragonsRollDice(CommandBase, frozen=True, tag="petits_dragons.roll_dice"):
    """Roll the red and blue dice (phase ``awaiting_roll``)."""


class PetitsDragonsGiveBirth(CommandBase, frozen=True, tag="petits_dragons.give_birth"):
    """Hatch a dragon out of the nest on a double; it waits at the exit and the turn ends."""

    kind: PieceKind
    """``chief`` (double 5 or 6 only) or ``pawn`` (the lowest-numbered pawn in the nest)."""


class PetitsDragonsMovePiece(CommandBase, frozen=True, tag="petits_dragons.move_piece"):
    """Walk one unit along ``path`` (exactly as many cells as the movement value)."""

    piece_id: PieceId
    """The pawn or chief; for a stack, either of its two pawns."""
    path: list[CellId]
    """The cells stepped on, in order, excluding the starting position."""
    die: DieId | None = None
    """Stacks only: the die whose value they move by (required on a plain roll)."""


class PetitsDragonsTeleport(CommandBase, frozen=True, tag="petits_dragons.teleport"):
    """On a double, move the chief or a stack onto any cell of its own colour."""

    piece_id: PieceId
    """The chief, or either pawn of a stack."""
    to: CellId
    """The cell to teleport to."""


class PetitsDragonsPassRoll(CommandBase, frozen=True, tag="petits_dragons.pass_roll"):
    """Give up the current roll (allowed only when no move or teleport is legal)."""


class PetitsDragonsTransfer(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False
):
    """One egg of a penalty answer: given from the bank to an enemy, or removed from the own nest."""

    action: Literal["give", "remove"]
    """Give the eggs to the target, or remove them from it."""
    denomination: Denomination
    """The eggs' denomination."""
    to: Colour | None = None
    """The enemy colour receiving a ``give``; absent for ``remove``."""


class PetitsDragonsAssignPenalty(CommandBase, frozen=True, tag="petits_dragons.assign_penalty"):
    """Answer a pending penalty (§7.7); the order of ``transfers`` does not matter."""

    penalty_id: str
    """``pen_<n>``."""
    transfers: list[PetitsDragonsTransfer]
    """The egg transfers paying the penalty."""


class PetitsDragonsEndTurn(CommandBase, frozen=True, tag="petits_dragons.end_turn"):
    """Close the turn (phase ``closing``) or decline a replay; pending penalties backfire."""


PetitsDragonsCommand = (
    PetitsDragonsRollDice
    | PetitsDragonsGiveBirth
    | PetitsDragonsMovePiece
    | PetitsDragonsTeleport
    | PetitsDragonsPassRoll
    | PetitsDragonsAssignPenalty
    | PetitsDragonsEndTurn
)

TURN_COMMANDS = (
    PetitsDragonsRollDice,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsTeleport,
    PetitsDragonsPassRoll,
    PetitsDragonsEndTurn,
)
