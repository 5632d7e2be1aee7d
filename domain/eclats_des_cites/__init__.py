"""Éclats des Cités: one card per turn, build a five-stage wonder (2-5 players).

The spec is ``docs/rules/eclats_des_cites.md``; see this package's README.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.eclats_des_cites import rules, setup, views
from domain.eclats_des_cites.commands import EclatsCommand, decode_command
from domain.eclats_des_cites.components import COMPONENTS, MAX_SEATS, MIN_SEATS, EclatsComponents
from domain.eclats_des_cites.events import EclatsEvent
from domain.eclats_des_cites.evolve import evolve
from domain.eclats_des_cites.options import (
    EclatsOptions,
    decode_options,
    seats,
    validate_options,
)
from domain.eclats_des_cites.state import EclatsState
from domain.eclats_des_cites.views import EclatsView
from domain.kernel import Outcome, Rng, Ruleset, RulesetBase, Seat, SetupContext


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

    def validate_options(self, options: EclatsOptions) -> None:
        return validate_options(options)

    def seats(self, options: EclatsOptions) -> tuple[Seat, ...]:
        return seats(options)

    def setup(self, options: EclatsOptions, context: SetupContext, rng: Rng) -> list[EclatsEvent]:
        return setup.setup(options, rng)

    def decide(
        self, state: EclatsState, seat: Seat, command: EclatsCommand, rng: Rng
    ) -> list[EclatsEvent]:
        return rules.decide(state, seat, command)

    evolve = staticmethod(evolve)
    """``evolve.evolve`` itself: folding is the hot path (no wrapper call)."""

    def legal_commands(self, state: EclatsState, seat: Seat) -> list[EclatsCommand]:
        return rules.legal_commands(state, seat)

    def to_act(self, state: EclatsState) -> list[Seat]:
        return rules.to_act(state)

    def view(self, state: EclatsState, seat: Seat | None) -> EclatsView:
        return views.view(state, seat)

    def redact(self, event: EclatsEvent, seat: Seat | None) -> EclatsEvent:
        return views.redact(event, seat)

    def outcome(self, state: EclatsState) -> Outcome | None:
        return rules.outcome(state)

    def decode_options(self, raw: Any) -> EclatsOptions:
        """Parse options; ``RuleViolation('invalid_options')`` on an unknown option or bad value."""
        return decode_options(raw)

    def decode_command(self, raw: Any) -> EclatsCommand:
        """Parse a JSON command; ``RuleViolation('invalid_payload')`` if malformed."""
        return decode_command(raw)


RULESET: Ruleset[EclatsOptions, EclatsState, EclatsCommand, EclatsEvent, EclatsView] = (
    EclatsRuleset()
)

__all__ = ["RULESET", "EclatsRuleset"]
