"""Éclats des Cités: one card per turn, build a five-stage wonder (2-5 players).

The spec is ``docs/rules/eclats_des_cites.md``; see this package's README.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.eclats_des_cites import evolve, options, rules, scoring, setup, views
from domain.eclats_des_cites.commands import EclatsCommand
from domain.eclats_des_cites.components import COMPONENTS, MAX_SEATS, MIN_SEATS, EclatsComponents
from domain.eclats_des_cites.events import EclatsEvent
from domain.eclats_des_cites.options import EclatsOptions
from domain.eclats_des_cites.state import EclatsState
from domain.eclats_des_cites.views import EclatsView
from domain.kernel import Ruleset, RulesetBase


class EclatsRuleset(RulesetBase):
    """The Éclats des Cités ruleset object (see ``domain.kernel.Ruleset``)."""

    name: ClassVar[str] = "eclats_des_cites"
    title: ClassVar[str] = "Éclats des Cités"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = True
    error_codes: ClassVar[frozenset[str]] = frozenset(
        {
            "card_not_revealed",
            "game_finished",
            "hidden_pile_empty",
            "invalid_options",
            "invalid_payload",
            "not_a_player",
            "not_your_turn",
            "pile_empty",
            "pile_not_allowed",
            "unknown_pile",
            "unknown_upgrade",
            "unknown_wonder",
            "upgrade_not_available",
            "wonder_taken",
            "wrong_command",
        }
    )
    """Every ``RuleViolation`` code this ruleset raises (each is a 422 ``code``)."""

    Options: ClassVar[type[EclatsOptions]] = EclatsOptions
    Command: ClassVar[Any] = EclatsCommand
    Event: ClassVar[Any] = EclatsEvent
    State: ClassVar[type[EclatsState]] = EclatsState
    View: ClassVar[type[EclatsView]] = EclatsView
    Components: ClassVar[type[EclatsComponents]] = EclatsComponents
    components: ClassVar[EclatsComponents] = COMPONENTS


RULESET: Ruleset[EclatsOptions, EclatsState, EclatsCommand, EclatsEvent, EclatsView] = (
    EclatsRuleset.assemble(options, setup, rules, evolve, views, scoring)
)

__all__ = ["RULESET", "EclatsRuleset"]
