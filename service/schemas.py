"""The HTTP API's message types (the contract's field names, as written).

The unions of every ruleset's commands, events, views, options and
components are built from ``domain.RULESETS``, so a new game appears in the
API and in the OpenAPI document with no change here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from domain import RULESETS, Outcome
from domain.bots import BotLevel


def _members(union: Any) -> tuple[Any, ...]:
    return tuple(union.__args__) if hasattr(union, "__args__") else (union,)


def _union(members: list[Any]) -> Any:
    if not members:  # pragma: no cover - at least one ruleset is always registered
        return Any
    return members[0] if len(members) == 1 else Union[tuple(members)]  # noqa: UP007


COMMAND_CLASSES: tuple[Any, ...] = tuple(
    m for rs in RULESETS.values() for m in _members(rs.Command)
)
EVENT_CLASSES: tuple[Any, ...] = tuple(m for rs in RULESETS.values() for m in _members(rs.Event))
AnyCommand = _union(list(COMMAND_CLASSES))
AnyEvent = _union(list(EVENT_CLASSES))
RulesetName = str
GameId = Annotated[
    str, Meta(min_length=1, max_length=64, examples=["6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b"])
]
PlayerName = Annotated[str, Meta(min_length=1, max_length=64, examples=["Alice"])]
GameStatus = Literal["waiting", "active", "finished"]


class RulesetSummary(msgspec.Struct, kw_only=True):
    name: str
    title: str
    min_seats: int
    max_seats: int


class RulesetDetailBase(msgspec.Struct, kw_only=True):
    title: str
    version: int
    min_seats: int
    max_seats: int
    has_chance: bool
    has_hidden_information: bool
    default_seats: list[str]
    """The seat ids of the default game (seat ids depend on the options)."""
    options_schema: dict[str, Any]
    """JSON Schema of this ruleset's options (the same as its ``...Options`` component)."""
    command_types: list[str]
    event_types: list[str]


def _prefix(ruleset: Any) -> str:
    name: str = ruleset.Options.__name__
    return name.removesuffix("Options") or ruleset.name


def _per_ruleset(suffix: str, base: Any, tag_field: str, fields: Any, doc: str) -> dict[str, Any]:
    """One subclass of ``base`` per ruleset, tagged with the ruleset's name on ``tag_field``."""
    out: dict[str, Any] = {}
    for rs in RULESETS.values():
        cls = msgspec.defstruct(
            f"{_prefix(rs)}{suffix}",
            fields(rs),
            bases=(base,),
            tag_field=tag_field,
            tag=rs.name,
            kw_only=True,
            module=__name__,
        )
        cls.__doc__ = doc.format(title=rs.title, name=rs.name)
        out[rs.name] = cls
    return out


RULESET_DETAIL = _per_ruleset(
    "RulesetDetail",
    RulesetDetailBase,
    "name",
    lambda rs: [("default_options", rs.Options), ("components", rs.Components)],
    "{title} (`{name}`): options, seats, message types and static components for drawing.",
)
RulesetDetail = _union(list(RULESET_DETAIL.values()))


SandboxSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=128,
        pattern=r"^[^\x00]+$",
        description="Sandbox only (the server runs with `PLATEAU_SANDBOX=1`): the game's seed, "
        "so a client's test plays the same dice and cards every time. Refused otherwise "
        "(422 `sandbox_only`).",
    ),
]


def _new_game_class(ruleset: Any) -> Any:
    prefix = ruleset.Options.__name__.removesuffix("Options") or ruleset.name
    cls = msgspec.defstruct(
        f"{prefix}NewGame",
        [
            ("options", ruleset.Options | None, None),
            ("bots", dict[str, BotLevel] | None, None),
            ("seed", SandboxSeed | None, None),
        ],
        tag_field="ruleset",
        tag=ruleset.name,
        forbid_unknown_fields=True,
        kw_only=True,
        module=__name__,
    )
    cls.__doc__ = (
        f"Create a game of {ruleset.title} (`ruleset: {ruleset.name}`); `options` omitted:"
        " the default game; `bots`: seat -> bot level, seats the service plays itself."
    )
    return cls


NEW_GAME_CLASSES: tuple[Any, ...] = tuple(_new_game_class(rs) for rs in RULESETS.values())
CreateGame = _union(list(NEW_GAME_CLASSES))
"""``POST /games`` body: ``{"ruleset": name, "options": {...}}``, a union tagged on ``ruleset``."""


class SeatInfo(msgspec.Struct, kw_only=True):
    seat: str
    player_name: str | None
    player_id: str | None
    claimed: bool
    bot: BotLevel | None = None
    """The level of the bot the service plays this seat with; null for a person."""


class GameSummaryBase(msgspec.Struct, kw_only=True):
    game_id: str
    status: GameStatus
    version: int
    seats: list[SeatInfo]
    to_act: list[str]
    outcome: Outcome | None
    seed_sha256: str
    """Hex SHA-256 of the UTF-8 bytes of the game's secret seed, published at creation."""
    seed: str | None
    """The seed itself, revealed once the game is finished (null before)."""
    created_at: datetime
    updated_at: datetime


GAME_SUMMARY = _per_ruleset(
    "GameSummary",
    GameSummaryBase,
    "ruleset",
    lambda rs: [("options", rs.Options)],
    "A game of {title}: status, seats, seats to act, outcome and seed commitment.",
)
GameSummary = _union(list(GAME_SUMMARY.values()))


class GamePage(msgspec.Struct, kw_only=True):
    games: list[GameSummary]  # type: ignore[valid-type]
    next_cursor: str | None
    """Pass as ``cursor`` for the next page; null on the last page."""


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    player_name: PlayerName | None = None
    """Display name; optional when the request carries a player token."""
    bot: BotLevel | None = None
    """Make this a bot seat: the service plays it at this level (no token is answered)."""


class SeatClaimed(msgspec.Struct, kw_only=True):
    seat: str
    token: str | None
    """Bearer token of this seat in this game. Shown once; only its hash is stored.
    Null for a bot seat: nobody may read a bot's hand or play for it."""


class StateResponseBase(msgspec.Struct, kw_only=True):
    game_id: str
    version: int
    seat: str | None
    """The seat this view is for; null for a spectator."""


STATE_RESPONSE = _per_ruleset(
    "StateResponse",
    StateResponseBase,
    "ruleset",
    lambda rs: [("view", rs.View)],
    "The state of a {title} game as one seat (or a spectator) may see it.",
)
StateResponse = _union(list(STATE_RESPONSE.values()))


class LegalCommands(msgspec.Struct, kw_only=True):
    version: int
    seat: str
    commands: list[AnyCommand]  # type: ignore[valid-type]


class CommandAccepted(msgspec.Struct, kw_only=True):
    version: int
    """The game's version after this command."""
    events: list[AnyEvent]  # type: ignore[valid-type]
    """The events the command produced, redacted for the caller."""


class LoggedEvent(msgspec.Struct, kw_only=True):
    version: int
    recorded_at: datetime
    event: AnyEvent  # type: ignore[valid-type]


class EventLog(msgspec.Struct, kw_only=True):
    events: list[LoggedEvent]
    last_version: int
    """The game's current version (the log may be paged: see ``limit``)."""


class CreatePlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: PlayerName


class PlayerCreated(msgspec.Struct, kw_only=True):
    player_id: str
    name: str
    token: str
    """Bearer token of this player identity. Shown once; only its hash is stored."""
    created_at: datetime


class PlayerGame(msgspec.Struct, kw_only=True):
    game_id: str
    ruleset: str
    status: GameStatus
    seat: str
    rank: int | None
    """This player's rank once the game is finished (1 = won)."""
    won: bool | None
    score: int | None
    updated_at: datetime


class PlayerDetail(msgspec.Struct, kw_only=True):
    player_id: str
    name: str
    created_at: datetime
    games: list[PlayerGame]
    games_played: int
    games_won: int


class Liveness(msgspec.Struct, kw_only=True):
    status: Literal["ok"]


class Readiness(msgspec.Struct, kw_only=True):
    status: Literal["ok", "degraded", "unavailable", "draining"]
    store: Literal["ok", "down"]
    cache: Literal["ok", "down", "memory"]
    backend: str
    sandbox: bool = False
    """True when the server accepts fixed seeds (``PLATEAU_SANDBOX=1``): never in production."""


class FeedEvent(msgspec.Struct, kw_only=True):
    """One event of the global feed."""

    position: int
    """The event's global position: strictly increasing in commit order across every game."""
    game_id: str
    ruleset: str
    version: int
    """The event's version in its game's log."""
    recorded_at: datetime
    event: AnyEvent  # type: ignore[valid-type]
    """Redacted as for a spectator while the game runs; complete once it is finished."""


class FeedPage(msgspec.Struct, kw_only=True):
    events: list[FeedEvent]
    last_position: int
    """The position to pass as ``after`` for the next page (the request's ``after``
    when the page is empty)."""


class ImportedGame(msgspec.Struct, kw_only=True):
    game: GameSummary  # type: ignore[valid-type]
    """The game as stored here."""
    tokens: dict[str, str]
    """A fresh bearer token per claimed seat of a game still in play (empty for a
    finished game), shown once."""
    verdict: str
    """The audit's one-line verdict."""
