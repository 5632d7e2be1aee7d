"""Les petits Dragons: a dice race on a 66-cell disc (spec: docs/rules/petits_dragons.md).

This module holds the ruleset's metadata; ``RULESET`` assembles it with the
functions of the package's modules (see ``README.md`` for the layout)."""

from __future__ import annotations

from typing import ClassVar

from domain.kernel import Ruleset, RulesetBase
from domain.petits_dragons import evolve, options, rules, scoring, setup, views
from domain.petits_dragons.commands import PetitsDragonsCommand
from domain.petits_dragons.components import COMPONENTS, PetitsDragonsComponents
from domain.petits_dragons.events import PetitsDragonsEvent
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import PetitsDragonsState
from domain.petits_dragons.views import PetitsDragonsView


class PetitsDragonsRuleset(RulesetBase):
    name: ClassVar[str] = "petits_dragons"
    title: ClassVar[str] = "Les petits Dragons"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = False
    error_codes: ClassVar[frozenset[str]] = frozenset(
        {
            "action_pending",
            "alliances_need_even_players",
            "ally_occupied",
            "already_there",
            "awaiting_other_player",
            "branch_already_used",
            "branch_direction_reversed",
            "cannot_stack_chief",
            "cannot_stop_on_centre",
            "centre_already_used",
            "chief_dead",
            "chief_must_be_born_first",
            "chief_needs_double_5_or_6",
            "chief_not_in_nest",
            "die_choice_not_allowed",
            "die_choice_required",
            "duplicate_colour",
            "egg_not_in_nest",
            "egg_unavailable",
            "exit_path_invalid",
            "game_finished",
            "invalid_colour",
            "invalid_colour_count",
            "invalid_die",
            "invalid_kind",
            "invalid_path",
            "invalid_player_count",
            "invalid_teams",
            "invalid_transfers",
            "legal_move_available",
            "multi_colour_disabled",
            "must_roll",
            "nest_empty",
            "no_colour",
            "not_a_double",
            "not_adjacent",
            "not_own_colour_cell",
            "not_your_penalty",
            "not_your_piece",
            "not_your_turn",
            "own_branch_climb",
            "penalty_not_pending",
            "piece_not_in_play",
            "reversal_not_allowed",
            "stack_full",
            "target_must_be_defeated",
            "target_not_enemy",
            "teams_without_alliances",
            "teleport_not_allowed",
            "unknown_cell",
            "unknown_command",
            "unknown_penalty",
            "unknown_piece",
            "unknown_seat",
            "wrong_denomination",
            "wrong_direction",
            "wrong_path_length",
            "wrong_phase",
            "wrong_total",
        }
    )
    """Every ``RuleViolation`` code this ruleset raises (each is a 422 ``code``)."""

    Options = PetitsDragonsOptions
    Command = PetitsDragonsCommand
    Event = PetitsDragonsEvent
    State = PetitsDragonsState
    View = PetitsDragonsView
    Components = PetitsDragonsComponents
    components = COMPONENTS


RULESET: Ruleset[
    PetitsDragonsOptions,
    PetitsDragonsState,
    PetitsDragonsCommand,
    PetitsDragonsEvent,
    PetitsDragonsView,
] = PetitsDragonsRuleset.assemble(options, setup, rules, evolve, views, scoring)

__all__ = ["RULESET", "PetitsDragonsRuleset"]
