"""Éclats des Cités: one card per turn, build a five-stage wonder (2-5 players).

The spec is ``shared/rules/eclats_des_cites.md``; see this package's README.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.eclats_des_cites import rules, views
from domain.eclats_des_cites.commands import EclatsCommand, decode_command
from domain.eclats_des_cites.components import COMPONENTS, EclatsComponents
from domain.eclats_des_cites.events import EclatsEvent
from domain.eclats_des_cites.evolve import evolve as _evolve
from domain.eclats_des_cites.state import EclatsOptions, EclatsState
from domain.eclats_des_cites.views import EclatsView
from domain.kernel import Outcome, Rng, RulesetBase, Seat, SetupContext


class EclatsRuleset(RulesetBase):
    """The Éclats des Cités ruleset object (see ``domain.kernel.Ruleset``)."""

    name: ClassVar[str] = "eclats_des_cites"
    title: ClassVar[str] = "Éclats des Cités"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = True

    Options = EclatsOptions
    Command: ClassVar[Any] = EclatsCommand
    Event: ClassVar[Any] = EclatsEvent
    State = EclatsState
    View = EclatsView
    Components = EclatsComponents
    components: ClassVar[EclatsComponents] = COMPONENTS

    def validate_options(self, options: Any) -> None:
        rules.validate_options(options)

    def seats(self, options: Any) -> tuple[Seat, ...]:
        return rules.seats(options)

    def setup(self, options: Any, context: SetupContext, rng: Rng) -> list[Any]:
        return rules.setup(options, rng)

    def decide(self, state: Any, seat: Seat, command: Any, rng: Rng) -> list[Any]:
        return rules.decide(state, seat, command)

    def evolve(self, state: Any | None, event: Any) -> Any:
        return _evolve(state, event)

    def legal_commands(self, state: Any, seat: Seat) -> list[Any]:
        return rules.legal_commands(state, seat)

    def to_act(self, state: Any) -> list[Seat]:
        return rules.to_act(state)

    def view(self, state: Any, seat: Seat | None) -> Any:
        return views.view(state, seat)

    def redact(self, event: Any, seat: Seat | None) -> Any:
        return views.redact(event, seat)

    def outcome(self, state: Any) -> Outcome | None:
        return rules.outcome(state)

    def hidden_values(self, state: Any, seat: Seat | None) -> list[Any]:
        return views.hidden_values(state, seat)

    def decode_options(self, raw: Any) -> EclatsOptions:
        """Parse options; ``RuleViolation('invalid_options')`` on an unknown option or bad value."""
        return rules.decode_options(raw)

    def decode_command(self, raw: Any) -> Any:
        """Parse a JSON command; ``RuleViolation('invalid_payload')`` if malformed."""
        return decode_command(raw)


RULESET = EclatsRuleset()

__all__ = ["RULESET", "EclatsRuleset"]
