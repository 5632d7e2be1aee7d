"""``/rulesets``: the games this server hosts, their components' names and their
words' catalogues."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Response, get
from litestar.params import PathParameter

from domain import RULESETS, AnyRuleset, members_of
from domain.kernel import tag_of_class
from service.api.deps import Language
from service.api.headers import language_headers
from service.api.problems import not_found
from service.games.positions import positions_of
from service.games.schemas import (
    RULESET_DETAIL,
    OptionName,
    PositionInfo,
    RulesetDetail,
    RulesetSummary,
)
from service.games.texts import LANGUAGES, Texts

RulesetParam = Annotated[str, PathParameter(max_length=64, description="A ruleset name")]
TEXTS = Texts()
FLUENT = "text/plain"
"""The catalogue's media type: Fluent (FTL) text; Fluent has no registered type."""


def _ruleset(name: str) -> AnyRuleset:
    found = RULESETS.get(name)
    if found is None:
        raise not_found(f"unknown ruleset {name!r}")
    return found


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
        self, ruleset: RulesetParam, language: Language
    ) -> Response[RulesetDetail]:
        """A ruleset's option schema and defaults, seats, message types, the static
        components (board graph, card lists) a frontend needs to draw it, and the
        display name of every component and every option in the caller's language."""
        rs = _ruleset(ruleset)
        default = rs.Options()
        detail: Any = RULESET_DETAIL[rs.name](
            title=rs.title,
            version=rs.version,
            min_seats=rs.min_seats,
            max_seats=rs.max_seats,
            has_chance=rs.has_chance,
            has_hidden_information=rs.has_hidden_information,
            default_options=default,
            default_seats=list(rs.seats(default)),
            options_schema=msgspec.json.schema(rs.Options),
            command_types=[tag_of_class(m) for m in members_of(rs.Command)],
            event_types=[tag_of_class(m) for m in members_of(rs.Event)],
            components=rs.components,
            language=language,
            languages=list(LANGUAGES),
            names=TEXTS.names(rs.name, language),
            option_names={
                option: OptionName(name=name, values=values)
                for option, (name, values) in TEXTS.options(rs.name, language).items()
            },
        )
        return Response(detail, headers=language_headers(language))

    @get(
        "/{ruleset:str}/positions",
        operation_id="listPositions",
        summary="The ruleset's named positions, to start a test game at",
    )
    async def list_positions(
        self, ruleset: RulesetParam, language: Language
    ) -> Response[list[PositionInfo]]:
        """Every named position of the ruleset: states a client's tests start from (each
        spec scenario whose given a game can reach, the opening, the last move before
        each end, a tie, each kind of chance event), titled in the caller's language.
        In the sandbox, `POST /games` with `{"ruleset": name, "position": id}` starts a
        game there (docs/positions.md)."""
        rs = _ruleset(ruleset)
        return Response(positions_of(rs.name, language), headers=language_headers(language))

    @get(
        "/{ruleset:str}/messages",
        operation_id="getMessages",
        summary="The ruleset's words: its Fluent catalogue in one language",
        media_type=FLUENT,
    )
    async def get_messages(self, ruleset: RulesetParam, language: Language) -> Response[str]:
        """The Fluent (FTL) catalogue of the ruleset in the caller's language: the
        shared messages (`plateau-…`) then the game's. Every `text` the API serves
        beside a `message` (`{id, args}`) is that message formatted with this
        catalogue: numbers by their `value`, every other argument by its `text`
        (e.g. with `@fluent/bundle` in JavaScript, `fluent.runtime` in Python, and
        `useIsolating: false`). A client can style the arguments, or translate the
        catalogue into a language this server lacks."""
        rs = _ruleset(ruleset)
        source = TEXTS.catalogue(rs.name, language)
        if source is None:
            raise not_found(f"{rs.name} has no words yet")
        return Response(source, media_type=FLUENT, headers=language_headers(language))
