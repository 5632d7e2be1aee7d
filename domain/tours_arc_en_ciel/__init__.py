"""Les Tours Arc-en-Ciel: Dragons of up to eight Houses conquer islands by
holding the Rainbow towers on their bridges (spec: docs/rules/tours_arc_en_ciel.md).

Metadata only: ``RULESET`` assembles it with the functions of the package's
modules, laid out as this package's ``README.md`` shows.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.kernel import Ruleset, RulesetBase
from domain.tours_arc_en_ciel import evolve, options, rules, scoring, setup, views
from domain.tours_arc_en_ciel.commands import ToursCommand
from domain.tours_arc_en_ciel.components import COMPONENTS, ToursComponents
from domain.tours_arc_en_ciel.events import ToursEvent
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursState
from domain.tours_arc_en_ciel.views import ToursView


class ToursRuleset(RulesetBase):
    """The ``tours_arc_en_ciel`` ruleset object (see ``domain.kernel.Ruleset``)."""

    name: ClassVar[str] = "tours_arc_en_ciel"
    title: ClassVar[str] = "Les Tours Arc-en-Ciel"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = True
    error_codes: ClassVar[frozenset[str]] = frozenset(
        {
            "atomize_limit_reached",
            "card_not_in_hand",
            "chance_deck_empty",
            "decision_pending",
            "decline_not_allowed",
            "dragon_not_available",
            "dragon_required",
            "duplicate_house",
            "face_up_slot_empty",
            "game_over",
            "invalid_gold_tower_seat",
            "invalid_house_set",
            "invalid_parameters",
            "invalid_seat_count",
            "invalid_slot",
            "invalid_target",
            "island_not_passable",
            "no_eliminated_dragon",
            "no_pending_decision",
            "not_enemy_start_island",
            "not_own_start_island",
            "not_your_decision",
            "not_your_dragon",
            "not_your_turn",
            "pair_not_in_hand",
            "pile_empty",
            "reserve_not_empty",
            "same_tower",
            "target_not_owned_by_enemy",
            "third_action_available",
            "tower_not_adjacent",
            "tower_not_enemy",
            "tower_occupied_by_own_dragon",
            "unknown_dragon",
            "unknown_house",
            "unknown_island",
            "unknown_seat",
            "unknown_tower",
            "variant_disabled",
            "variant_requires_two_players",
            "via_not_endpoint",
            "wrong_phase",
        }
    )
    """Every ``RuleViolation`` code this ruleset raises (each is a 422 ``code``)."""

    Options: ClassVar[type[ToursOptions]] = ToursOptions
    Command: ClassVar[Any] = ToursCommand
    Event: ClassVar[Any] = ToursEvent
    State: ClassVar[type[ToursState]] = ToursState
    View: ClassVar[type[ToursView]] = ToursView
    Components: ClassVar[type[ToursComponents]] = ToursComponents
    components: ClassVar[ToursComponents] = COMPONENTS


RULESET: Ruleset[ToursOptions, ToursState, ToursCommand, ToursEvent, ToursView] = (
    ToursRuleset.assemble(options, setup, rules, evolve, views, scoring)
)

__all__ = ["RULESET", "ToursRuleset"]
