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
    """A ruleset the server plays, as listed by `GET /rulesets`."""

    name: str
    """The ruleset's id, used in URLs and as the `ruleset` tag (`arkantis`, ...)."""
    title: str
    """The game's human-readable title."""
    min_seats: int
    """The fewest seats a game of this ruleset may have."""
    max_seats: int
    """The most seats a game of this ruleset may have."""


class RulesetDetailBase(msgspec.Struct, kw_only=True):
    title: str
    """The game's human-readable title."""
    version: int
    """The ruleset's version; it changes when the rules or the messages change."""
    min_seats: int
    """The fewest seats a game of this ruleset may have."""
    max_seats: int
    """The most seats a game of this ruleset may have."""
    has_chance: bool
    """True when the game has dice or shuffled decks (drawn from the game's seed)."""
    has_hidden_information: bool
    """True when some seats see things others do not (hands, deck order)."""
    default_seats: list[str]
    """The seat ids of the default game (seat ids depend on the options)."""
    options_schema: dict[str, Any]
    """JSON Schema of this ruleset's options (the same as its ``...Options`` component)."""
    command_types: list[str]
    """The `type` tag of every command of this ruleset."""
    event_types: list[str]
    """The `type` tag of every event of this ruleset."""


def _prefix(ruleset: Any) -> str:
    name: str = ruleset.Options.__name__
    return name.removesuffix("Options") or ruleset.name


def _per_ruleset(
    suffix: str, base: Any, tag_field: str, fields: Any, doc: str, field_docs: dict[str, str]
) -> dict[str, Any]:
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
        # The fields built here have no class body to hold attribute docstrings.
        cls.__field_docs__ = {k: v.format(title=rs.title) for k, v in field_docs.items()}  # type: ignore[attr-defined]
        out[rs.name] = cls
    return out


RULESET_DETAIL = _per_ruleset(
    "RulesetDetail",
    RulesetDetailBase,
    "name",
    lambda rs: [("default_options", rs.Options), ("components", rs.Components)],
    "{title} (`{name}`): options, seats, message types and static components for drawing.",
    {
        "default_options": "The options of the default game (a `POST /games` without options).",
        "components": "The game's static components (board, cards, pieces), to draw it.",
    },
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
    cls.__field_docs__ = {  # type: ignore[attr-defined]
        "options": f"The game's options ({ruleset.title}); omitted: the default game.",
        "bots": "Seat -> bot level: the seats the service plays itself (omitted: none).",
    }
    return cls


NEW_GAME_CLASSES: tuple[Any, ...] = tuple(_new_game_class(rs) for rs in RULESETS.values())
CreateGame = _union(list(NEW_GAME_CLASSES))
"""``POST /games`` body: ``{"ruleset": name, "options": {...}}``, a union tagged on ``ruleset``."""


class SeatInfo(msgspec.Struct, kw_only=True):
    """One seat of a game and who holds it."""

    seat: str
    """The seat's id (its colour or position, depending on the ruleset)."""
    player_name: str | None
    """The display name of the player holding this seat; null while unclaimed."""
    player_id: str | None
    """The player identity holding this seat, when claimed with a player token; else null."""
    claimed: bool
    """True once someone has claimed this seat."""
    bot: BotLevel | None = None
    """The level of the bot the service plays this seat with; null for a person."""


class GameSummaryBase(msgspec.Struct, kw_only=True):
    game_id: str
    """The game's id."""
    status: GameStatus
    """`waiting` until every seat is claimed, `active` while in play, then `finished`."""
    version: int
    """The number of events in the game's log; every accepted command increases it."""
    seats: list[SeatInfo]
    """Every seat of the game, in seat order."""
    to_act: list[str]
    """The seats that may send a command now (empty unless the game is active)."""
    outcome: Outcome | None
    """The final ranking once the game is finished; null before."""
    seed_sha256: str
    """Hex SHA-256 of the UTF-8 bytes of the game's secret seed, published at creation."""
    seed: str | None
    """The seed itself, revealed once the game is finished (null before)."""
    created_at: datetime
    """When the game was created (UTC)."""
    updated_at: datetime
    """When the game last changed (UTC)."""


GAME_SUMMARY = _per_ruleset(
    "GameSummary",
    GameSummaryBase,
    "ruleset",
    lambda rs: [("options", rs.Options)],
    "A game of {title}: status, seats, seats to act, outcome and seed commitment.",
    {"options": "The options this game was created with."},
)
GameSummary = _union(list(GAME_SUMMARY.values()))


class GamePage(msgspec.Struct, kw_only=True):
    """One page of `GET /games`, newest first."""

    games: list[GameSummary]  # type: ignore[valid-type]
    """The games of this page."""
    next_cursor: str | None
    """Pass as ``cursor`` for the next page; null on the last page."""


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """`POST /games/{game_id}/seats/{seat}` body: claim a free seat."""

    player_name: PlayerName | None = None
    """Display name; optional when the request carries a player token."""
    bot: BotLevel | None = None
    """Make this a bot seat: the service plays it at this level (no token is answered)."""


class SeatClaimed(msgspec.Struct, kw_only=True):
    """The seat now held, and its bearer token."""

    seat: str
    """The seat claimed."""
    token: str | None
    """Bearer token of this seat in this game. Shown once; only its hash is stored.
    Null for a bot seat: nobody may read a bot's hand or play for it."""


class StateResponseBase(msgspec.Struct, kw_only=True):
    game_id: str
    """The game's id."""
    version: int
    """The game's version this view was computed at."""
    seat: str | None
    """The seat this view is for; null for a spectator."""


STATE_RESPONSE = _per_ruleset(
    "StateResponse",
    StateResponseBase,
    "ruleset",
    lambda rs: [("view", rs.View)],
    "The state of a {title} game as one seat (or a spectator) may see it.",
    {"view": "What this seat may see of the game: hidden information of other seats is left out."},
)
StateResponse = _union(list(STATE_RESPONSE.values()))


class LegalCommands(msgspec.Struct, kw_only=True):
    """Every command the seat may send now."""

    version: int
    """The game's version these commands are legal at."""
    seat: str
    """The seat these commands are for."""
    commands: list[AnyCommand]  # type: ignore[valid-type]
    """Each legal command, exactly as it may be posted."""


class CommandAccepted(msgspec.Struct, kw_only=True):
    """A command was applied: the new version, the events it produced, and
    who acts next (a client needs no summary read to know whose turn it is)."""

    version: int
    """The game's version after this command."""
    events: list[AnyEvent]  # type: ignore[valid-type]
    """The events the command produced, redacted for the caller."""
    status: Literal["active", "finished"] | None = None
    """The game's status after this command (`finished`: it ended). Null only
    in the replayed answer of a command recorded before this field existed."""
    to_act: list[str] | None = None
    """The seats to act after this command (empty once finished), as the
    summary's `to_act`. Null only in the replayed answer of a command recorded
    before this field existed."""


class LoggedEvent(msgspec.Struct, kw_only=True):
    """One event of a game's log."""

    version: int
    """The game's version once this event was applied (the first event is version 1)."""
    recorded_at: datetime
    """When the event was recorded (UTC)."""
    event: AnyEvent  # type: ignore[valid-type]
    """The event, redacted for the caller."""


class EventLog(msgspec.Struct, kw_only=True):
    """A game's events (or a page of them), oldest first."""

    events: list[LoggedEvent]
    """The events, in log order."""
    last_version: int
    """The game's current version (the log may be paged: see ``limit``)."""


class CreatePlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """`POST /players` body: create a player identity."""

    name: PlayerName
    """The player's display name."""


class PlayerCreated(msgspec.Struct, kw_only=True):
    """A new player identity and its bearer token."""

    player_id: str
    """The player's id."""
    name: str
    """The player's display name."""
    token: str
    """Bearer token of this player identity. Shown once; only its hash is stored."""
    created_at: datetime
    """When the player was created (UTC)."""


class PlayerGame(msgspec.Struct, kw_only=True):
    """One game a player holds a seat in."""

    game_id: str
    """The game's id."""
    ruleset: str
    """The game's ruleset."""
    status: GameStatus
    """The game's status (`waiting`, `active` or `finished`)."""
    seat: str
    """The seat this player holds."""
    rank: int | None
    """This player's rank once the game is finished (1 = won)."""
    won: bool | None
    """Whether this player won, once the game is finished; else null."""
    score: int | None
    """This player's final score once the game is finished; else null."""
    updated_at: datetime
    """When the game last changed (UTC)."""


class PlayerDetail(msgspec.Struct, kw_only=True):
    """A player identity, its games and its record."""

    player_id: str
    """The player's id."""
    name: str
    """The player's display name."""
    created_at: datetime
    """When the player was created (UTC)."""
    games: list[PlayerGame]
    """The games this player holds a seat in."""
    games_played: int
    """How many finished games this player took part in."""
    games_won: int
    """How many of them this player won."""


class Liveness(msgspec.Struct, kw_only=True):
    """The process answers (`GET /health/live`)."""

    status: Literal["ok"]
    """Always `ok`."""


class Readiness(msgspec.Struct, kw_only=True):
    """Whether the server can serve requests, and the state of its backends."""

    status: Literal["ok", "degraded", "unavailable", "draining"]
    """`ok` when store and cache are up, `degraded` without the cache, `unavailable` without
    the store, `draining` once the process is shutting down (SIGTERM)."""
    store: Literal["ok", "down"]
    """The state of the event store."""
    cache: Literal["ok", "down", "memory"]
    """The state of the cache (`memory` when the server runs with its in-process cache)."""
    backend: str
    """The store's kind: the scheme of its database URL (`sqlite`, `postgresql`)."""
    sandbox: bool = False
    """True when the server accepts fixed seeds (``PLATEAU_SANDBOX=1``): never in production."""


class FeedEvent(msgspec.Struct, kw_only=True):
    """One event of the global feed."""

    position: int
    """The event's global position: strictly increasing in commit order across every game."""
    game_id: str
    """The event's game."""
    ruleset: str
    """The game's ruleset."""
    version: int
    """The event's version in its game's log."""
    recorded_at: datetime
    """When the event was recorded (UTC)."""
    event: AnyEvent  # type: ignore[valid-type]
    """Redacted as for a spectator while the game runs; complete once it is finished."""


class FeedPage(msgspec.Struct, kw_only=True):
    """One page of the global feed, in commit order."""

    events: list[FeedEvent]
    """The events of this page."""
    last_position: int
    """The position to pass as ``after`` for the next page (the request's ``after``
    when the page is empty)."""


class ImportedGame(msgspec.Struct, kw_only=True):
    """The result of importing an exported game: the stored game, its fresh tokens and the audit's verdict."""

    game: GameSummary  # type: ignore[valid-type]
    """The game as stored here."""
    tokens: dict[str, str]
    """A fresh bearer token per claimed seat of a game still in play (empty for a
    finished game), shown once."""
    verdict: str
    """The audit's one-line verdict."""
