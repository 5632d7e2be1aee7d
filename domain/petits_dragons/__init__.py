"""Les petits Dragons: a dice race on a 66-cell disc (spec: shared/rules/petits_dragons.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.kernel import Outcome, Rng, RulesetBase, SetupContext

from . import flow, rules, views
from .commands import PetitsDragonsCommand
from .components import BANK_START, BOARD_ID, COLOUR_INDEX, COMPONENTS, PetitsDragonsComponents
from .components import turn_order as order_of
from .events import PetitsDragonsEvent, PetitsDragonsGameCreated
from .fold import evolve as _evolve
from .options import PetitsDragonsOptions, seat_ids, validate
from .state import PetitsDragonsEggs, PetitsDragonsSeatColours, PetitsDragonsState
from .views import PetitsDragonsView


class PetitsDragonsRuleset(RulesetBase):
    name: ClassVar[str] = "petits_dragons"
    title: ClassVar[str] = "Les petits Dragons"
    version: ClassVar[int] = 1
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = False

    Options = PetitsDragonsOptions
    Command = PetitsDragonsCommand
    Event = PetitsDragonsEvent
    State = PetitsDragonsState
    View = PetitsDragonsView
    Components = PetitsDragonsComponents
    components = COMPONENTS

    def validate_options(self, options: PetitsDragonsOptions) -> None:
        validate(options)

    def seats(self, options: PetitsDragonsOptions) -> tuple[str, ...]:
        return seat_ids(options)

    def setup(self, options: PetitsDragonsOptions, context: SetupContext, rng: Rng) -> list[Any]:
        """No random step at setup (§5): the game is created and green's turn starts."""
        validate(options)
        seats = [
            PetitsDragonsSeatColours(seat=s, colours=list(cs))
            for s, cs in zip(seat_ids(options), options.seats, strict=True)
        ]
        in_play = sorted((c for cs in options.seats for c in cs), key=COLOUR_INDEX.__getitem__)
        side: dict[Any, str] = {}
        for entry in seats:
            for c in entry.colours:
                side[c] = entry.seat
                for k, team in enumerate(options.teams or [], start=1):
                    if options.option_alliances and entry.seat in team:
                        side[c] = f"team_{k}"
        created = PetitsDragonsGameCreated(
            board=BOARD_ID,
            seats=seats,
            option_multi_colour=options.option_multi_colour,
            option_alliances=options.option_alliances,
            teams=[list(t) for t in options.teams] if options.teams is not None else None,
            colours_in_play=in_play,
            turn_order=order_of(in_play),
            side=side,
            bank=PetitsDragonsEggs(e500=BANK_START[500], e100=BANK_START[100], e50=BANK_START[50]),
        )
        return flow.opening(_evolve(None, created), created)

    def decide(self, state: PetitsDragonsState, seat: str, command: Any, rng: Rng) -> list[Any]:
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: PetitsDragonsState | None, event: Any) -> PetitsDragonsState:
        return _evolve(state, event)

    def legal_commands(self, state: PetitsDragonsState, seat: str) -> list[Any]:
        return rules.legal_commands(state, seat)

    def to_act(self, state: PetitsDragonsState) -> list[str]:
        return rules.to_act(state)

    def view(self, state: PetitsDragonsState, seat: str | None) -> PetitsDragonsView:
        return views.view(state, seat)

    def redact(self, event: Any, seat: str | None) -> Any:
        return views.redact(event, seat)

    def outcome(self, state: PetitsDragonsState) -> Outcome | None:
        return rules.outcome(state)

    def hidden_values(self, state: PetitsDragonsState, seat: str | None) -> list[Any]:
        return views.hidden_values(state, seat)


RULESET = PetitsDragonsRuleset()

__all__ = ["RULESET", "PetitsDragonsRuleset"]
