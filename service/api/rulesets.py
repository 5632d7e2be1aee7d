from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.params import PathParameter

from domain import RULESETS
from service.errors import not_found
from service.schemas import RULESET_DETAIL, RulesetDetail, RulesetSummary


def _members(union: object) -> tuple[type, ...]:
    return tuple(getattr(union, "__args__", (union,)))


class RulesetsController(Controller):
    path = "/rulesets"
    tags = ["rulesets"]

    @get("/", operation_id="listRulesets", summary="List the games")
    async def list_rulesets(self) -> list[RulesetSummary]:
        """Every ruleset this server hosts."""
        return [
            RulesetSummary(
                name=rs.name, title=rs.title, min_seats=rs.min_seats, max_seats=rs.max_seats
            )
            for rs in RULESETS.values()
        ]

    @get(
        "/{ruleset:str}", operation_id="getRuleset", summary="One game: options, seats, components"
    )
    async def get_ruleset(
        self, ruleset: Annotated[str, PathParameter(max_length=64, description="A ruleset name")]
    ) -> RulesetDetail:
        """A ruleset's option schema and defaults, seats, message types and the
        static components (board graph, card lists) a frontend needs to draw it."""
        rs = RULESETS.get(ruleset)
        if rs is None:
            raise not_found(f"unknown ruleset {ruleset!r}")
        default = rs.Options()
        return RULESET_DETAIL[rs.name](
            title=rs.title,
            version=rs.version,
            min_seats=rs.min_seats,
            max_seats=rs.max_seats,
            has_chance=rs.has_chance,
            has_hidden_information=rs.has_hidden_information,
            default_options=default,
            default_seats=list(rs.seats(default)),
            options_schema=msgspec.json.schema(rs.Options),
            command_types=[m.__struct_config__.tag for m in _members(rs.Command)],  # type: ignore[attr-defined]
            event_types=[m.__struct_config__.tag for m in _members(rs.Event)],  # type: ignore[attr-defined]
            components=rs.components,
        )
