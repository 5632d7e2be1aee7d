"""ArkantiS: archaeological digs on a 7x7 board (spec ``docs/rules/arkantis.md``).

``RULESET`` is the object the registry discovers; see README.md for a game
played with no service.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.arkantis import evolve, options, rules, scoring, setup, views
from domain.arkantis.commands import ArkantisCommand
from domain.arkantis.components import COMPONENTS, ArkantisComponents
from domain.arkantis.events import ArkantisEvent
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.state import ArkantisState
from domain.arkantis.views import ArkantisView
from domain.kernel import Ruleset, RulesetBase


class ArkantisRuleset(RulesetBase):
    """The ArkantiS ruleset (version 1)."""

    name: ClassVar[str] = "arkantis"
    title: ClassVar[str] = "ArkantiS"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = True
    error_codes: ClassVar[frozenset[str]] = frozenset(
        {
            "card_not_in_hand",
            "card_shape_mismatch",
            "cards_not_identical",
            "cell_is_empty",
            "conflicting_layout_options",
            "destination_not_empty",
            "duplicate_cells",
            "game_not_in_progress",
            "insufficient_sesterces",
            "invalid_cell",
            "invalid_layout",
            "invalid_parameters",
            "invalid_player_count",
            "invalid_tournament_config",
            "no_new_blue_shape",
            "no_new_red_shape",
            "no_new_shapes",
            "no_removal_since_last_move",
            "no_token_at_source",
            "no_visible_card",
            "not_your_turn",
            "pile_empty",
            "player_has_passed",
            "same_card",
            "shape_already_validated",
            "shape_not_validatable",
            "swap_limit_reached",
            "tournament_config_without_tournament_mode",
            "unknown_player",
            "unknown_shape",
            "visible_card_changed",
            "wrong_phase",
        }
    )
    """Every ``RuleViolation`` code this ruleset raises (each is a 422 ``code``)."""

    Options: ClassVar[type[ArkantisOptions]] = ArkantisOptions
    Command: ClassVar[Any] = ArkantisCommand
    Event: ClassVar[Any] = ArkantisEvent
    State: ClassVar[type[ArkantisState]] = ArkantisState
    View: ClassVar[type[ArkantisView]] = ArkantisView
    Components: ClassVar[type[ArkantisComponents]] = ArkantisComponents
    components: ClassVar[ArkantisComponents] = COMPONENTS


RULESET: Ruleset[ArkantisOptions, ArkantisState, ArkantisCommand, ArkantisEvent, ArkantisView] = (
    ArkantisRuleset.assemble(options, setup, rules, evolve, views, scoring)
)

__all__ = ["RULESET", "ArkantisRuleset"]
