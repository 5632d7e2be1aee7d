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


def _members(union: Any) -> tuple[Any, ...]:
    return tuple(union.__args__) if hasattr(union, "__args__") else (union,)


def _union(members: list[Any]) -> Any:
    if not members:  # pragma: no cover - at least one ruleset is always registered
        return Any
    return members[0] if len(members) == 1 else Union[tuple(members)]  # noqa: UP007


COMMAND_CLASSES: tuple[Any, ...] = tuple(m for rs in RULESETS.values() for m in _members(rs.Command))
EVENT_CLASSES: tuple[Any, ...] = tuple(m for rs in RULESETS.values() for m in _members(rs.Event))
AnyCommand = _union(list(COMMAND_CLASSES))
AnyEvent = _union(list(EVENT_CLASSES))
AnyView = _union([rs.View for rs in RULESETS.values()])
AnyOptions = _union([rs.Options for rs in RULESETS.values()])
AnyComponents = _union([rs.Components for rs in RULESETS.values()])

RulesetName = str
GameId = Annotated[str, Meta(min_length=1, max_length=64, examples=["6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b"])]
PlayerName = Annotated[str, Meta(min_length=1, max_length=64, examples=["Alice"])]
GameStatus = Literal["waiting", "active", "finished"]


class RulesetSummary(msgspec.Struct, kw_only=True):
    name: str
    title: str
    min_seats: int
    max_seats: int


class RulesetDetail(msgspec.Struct, kw_only=True):
    name: str
    title: str
    version: int
    min_seats: int
    max_seats: int
    has_chance: bool
    has_hidden_information: bool
    default_options: AnyOptions  # type: ignore[valid-type]
    """The options of a game created with ``{"ruleset": name}``."""
    default_seats: list[str]
    """The seat ids of the default game (seat ids depend on the options)."""
    options_schema: dict[str, Any]
    """JSON Schema of this ruleset's options (also in components/schemas)."""
    command_types: list[str]
    event_types: list[str]
    components: AnyComponents  # type: ignore[valid-type]
    """Static components (board graph, card lists) for drawing the game."""


class CreateGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    ruleset: Annotated[str, Meta(examples=["arkantis"])]
    options: dict[str, Any] | None = None
    """The ruleset's options (see ``GET /rulesets/{ruleset}``); omitted: the default game."""


class SeatInfo(msgspec.Struct, kw_only=True):
    seat: str
    player_name: str | None
    player_id: str | None
    claimed: bool


class GameSummary(msgspec.Struct, kw_only=True):
    game_id: str
    ruleset: str
    options: AnyOptions  # type: ignore[valid-type]
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


class GamePage(msgspec.Struct, kw_only=True):
    games: list[GameSummary]
    next_cursor: str | None
    """Pass as ``cursor`` for the next page; null on the last page."""


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    player_name: PlayerName | None = None
    """Display name; optional when the request carries a player token."""


class SeatClaimed(msgspec.Struct, kw_only=True):
    seat: str
    token: str
    """Bearer token of this seat in this game. Shown once; only its hash is stored."""


class StateResponse(msgspec.Struct, kw_only=True):
    game_id: str
    ruleset: str
    version: int
    seat: str | None
    """The seat this view is for; null for a spectator."""
    view: AnyView  # type: ignore[valid-type]


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
    status: Literal["ok", "degraded", "unavailable"]
    store: Literal["ok", "down"]
    cache: Literal["ok", "down", "memory"]
    backend: str
