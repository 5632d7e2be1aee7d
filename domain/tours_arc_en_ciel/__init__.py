"""Les Tours Arc-en-Ciel: Dragons of up to eight Houses conquer islands by
holding the Rainbow towers on their bridges (spec: shared/rules/tours_arc_en_ciel.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.kernel import Outcome, Rng, RulesetBase, SetupContext
from domain.tours_arc_en_ciel import rules, setup, views
from domain.tours_arc_en_ciel.commands import ToursCommand
from domain.tours_arc_en_ciel.components import COMPONENTS, ToursComponents
from domain.tours_arc_en_ciel.events import ToursEvent
from domain.tours_arc_en_ciel.evolve import evolve as _evolve
from domain.tours_arc_en_ciel.state import ToursOptions, ToursState
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

    Options = ToursOptions
    Command: Any = ToursCommand
    Event: Any = ToursEvent
    State = ToursState
    View = ToursView
    Components = ToursComponents
    components: ToursComponents = COMPONENTS

    def validate_options(self, options: ToursOptions) -> None:
        setup.validate_options(options)

    def seats(self, options: ToursOptions) -> tuple[str, ...]:
        return tuple(options.houses)

    def setup(self, options: ToursOptions, context: SetupContext, rng: Rng) -> list[Any]:
        return setup.setup(options, context, rng)

    def decide(self, state: ToursState, seat: str, command: Any, rng: Rng) -> list[Any]:
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: ToursState | None, event: Any) -> ToursState:
        return _evolve(state, event)

    def legal_commands(self, state: ToursState, seat: str) -> list[Any]:
        return rules.legal_commands(state, seat)

    def to_act(self, state: ToursState) -> list[str]:
        return rules.to_act(state)

    def view(self, state: ToursState, seat: str | None) -> ToursView:
        return views.view(state, seat)

    def redact(self, event: Any, seat: str | None) -> Any:
        return views.redact(event, seat)

    def outcome(self, state: ToursState) -> Outcome | None:
        return rules.outcome(state)

    def hidden_values(self, state: ToursState, seat: str | None) -> list[Any]:
        return views.hidden_values(state, seat)


RULESET = ToursRuleset()

__all__ = ["RULESET", "ToursRuleset"]
