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
from domain.positions import positions_for
from domain.words import CatalogueMessage, ChoiceStep, CommandLabel


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
GAME_ID_PATTERN = r"^[0-9A-Za-z_-]{1,64}$"
"""Every game id this service makes or accepts (``service.api.headers.GAME_ID``)."""
GameId = Annotated[
    str, Meta(min_length=1, max_length=64, examples=["6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b"])
]
PlayerName = Annotated[str, Meta(min_length=1, max_length=64, examples=["Alice"])]
GameStatus = Literal["waiting", "active", "finished"]


class Sentence(msgspec.Struct, kw_only=True, gc=False):
    """One event in words, in the caller's language and from the caller's view."""

    version: int
    """The event's version."""
    text: str
    """The sentence (`Alice retire deux jetons en ligne 1, colonne 4 et …`)."""
    message: CatalogueMessage
    """The catalogue message and the typed arguments `text` was built from (render it
    with `GET /rulesets/{ruleset}/messages` to get `text` back, or style its parts)."""


class LastMove(msgspec.Struct, kw_only=True, gc=False):
    """The game's last move (the events of its latest command), as the caller sees it."""

    seat: str | None
    """The seat that moved; null when the last events are the game's setup."""
    player_name: str | None
    """The name of that seat's player (the seat's display name when nobody named it)."""
    first_version: int
    """The version of the move's first event."""
    last_version: int
    """The version of the move's last event (the game's version)."""
    text: str
    """The move in words: its sentences, joined (empty when none of its events has one)."""
    sentences: list[Sentence]
    """The sentence of each of the move's events that has one."""
    changed: list[str]
    """The ids of the picture elements the move changed (`picture.svg` marks them with
    the class `last-move`)."""


class RulesetSummary(msgspec.Struct, kw_only=True, gc=False):
    """A ruleset the server plays, as listed by `GET /rulesets`."""

    name: str
    """The ruleset's id, used in URLs and as the `ruleset` tag (`arkantis`, ...)."""
    title: str
    """The game's human-readable title."""
    min_seats: int
    """The fewest seats a game of this ruleset may have."""
    max_seats: int
    """The most seats a game of this ruleset may have."""


class OptionName(msgspec.Struct, kw_only=True, gc=False):
    """An option of the ruleset in words, for a new-game form."""

    name: str
    """The option's display name in `language` (`natural_20_wins` -> `Un 20 naturel gagne
    le combat`)."""
    values: dict[str, str]
    """When the option's values (or the items of its list) are components, each one's
    display name (`houses`: `fire` -> `Maison du Feu`); empty otherwise."""


class RulesetDetailBase(msgspec.Struct, kw_only=True, gc=False):
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
    language: str
    """The language of `names` (negotiated from `Accept-Language` or `lang`)."""
    languages: list[str]
    """Every language this server speaks (`en`, `fr` ...)."""
    names: dict[str, dict[str, str]]
    """The display name of every component a command, event or picture names, by kind
    then id (`cell` -> `r1c4` -> `ligne 1, colonne 4`), in `language`; the kind
    `decided-by` names the outcome's tie-breaks."""
    option_names: dict[str, OptionName]
    """Every option (each property of `options_schema`) in `language`: its display name
    and its values' names, for a lobby's form."""


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
        description="Sandbox only (the server runs with `PLATEAU_SANDBOX=1`; `GET /health/ready` "
        "says `sandbox: true`): the game's seed, so a client's test plays the same dice and "
        "cards every time. Any other server, a production one always, answers 422 "
        "`sandbox_only` to a game with a `seed`, whatever its value: leave it out there.",
    ),
]


def _position_id(ruleset: Any) -> Any:
    """The ids of the ruleset's named positions, as a string enum."""
    ids = tuple(p.id for p in positions_for(ruleset.name))
    return Annotated[
        Literal[ids],
        Meta(
            description="Sandbox only: start the game at this named position (`GET "
            "/rulesets/{ruleset}/positions`), its seats claimed: the answer's `tokens` hold a "
            "bearer token per seat. Not with `options`, `seed` or `bots` (422 "
            "`position_conflict`); any server not in sandbox mode answers 422 `sandbox_only`."
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
            ("position", _position_id(ruleset) | None, None),
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
        "position": "Sandbox only: the named position to start at (omitted: a new game).",
    }
    return cls


NEW_GAME_CLASSES: tuple[Any, ...] = tuple(_new_game_class(rs) for rs in RULESETS.values())
CreateGame = _union(list(NEW_GAME_CLASSES))
"""``POST /games`` body: ``{"ruleset": name, "options": {...}}``, a union tagged on ``ruleset``."""


class PositionInfo(msgspec.Struct, kw_only=True, gc=False):
    """A named position of a ruleset: a state a client's test can start a game at."""

    id: str
    """The position's id: `position` in `POST /games` (sandbox only)."""
    title: str
    """What the position shows, in the caller's language."""
    scenario: str | None
    """The test scenario of the ruleset's rules spec it comes from (`T14`: section 14 of
    `docs/rules/<ruleset>.md`); null for a position a frontend needs that no scenario
    gives (the opening, the last move before an end, a tie ...)."""


class SeatInfo(msgspec.Struct, kw_only=True, gc=False):
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


class ForkedFrom(msgspec.Struct, kw_only=True, gc=False):
    """Where a fork comes from (`POST /games/{game_id}/fork`)."""

    game_id: str
    """The original game."""
    version: int
    """The fork's log is the original's events 1..`version`, copied (0: none, a new
    start with the same options)."""
    forked_at: datetime | None = None
    """When the fork was made (UTC)."""


class ForkGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, gc=False):
    """`POST /games/{game_id}/fork` body: the version to fork the game at."""

    version: Annotated[int, Meta(ge=0, le=1_000_000_000_000, examples=[14])]
    """A resting version of the game (after a whole move, with a seat to act; 0: the
    start, before the setup): the fork's log is the original's events 1..`version`."""
    same_seed: bool = False
    """Keep the original's seed, so the same commands draw the same outcomes; default:
    a new seed, committed now (`seed_sha256`), decides every random outcome after
    `version`."""


class GameSummaryBase(msgspec.Struct, kw_only=True, gc=False):
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
    last_move: LastMove | None = None
    """The last move as a spectator sees it, in the caller's language; null before the
    first move (and for a game whose rules have no words)."""
    imported: bool = False
    """True when the game was imported (`POST /games/import`, `plateau import`)
    rather than created here."""
    imported_in_play: bool = False
    """True when the game was imported before its end (by the operator, or in
    the sandbox), or started at a named position: its seed was chosen by whoever
    exported it (a position's is public), so `seed_sha256` was not committed by this
    server before the first roll and the dice prove nothing about fairness
    (`plateau verify` says so)."""
    forked_from: ForkedFrom | None = None
    """The game and version this game was forked from (`POST /games/{game_id}/fork`);
    null for a game that is no fork."""
    tokens: dict[str, str] | None = None
    """Only in the answer to `POST /games` with a `position`: seat -> bearer token of
    every seat a person holds, shown once (as a seat claim's `token`); null elsewhere."""


GAME_SUMMARY = _per_ruleset(
    "GameSummary",
    GameSummaryBase,
    "ruleset",
    lambda rs: [("options", rs.Options)],
    "A game of {title}: status, seats, seats to act, outcome and seed commitment.",
    {"options": "The options this game was created with."},
)
GameSummary = _union(list(GAME_SUMMARY.values()))


class GamePage(msgspec.Struct, kw_only=True, gc=False):
    """One page of `GET /games`, newest first."""

    games: list[GameSummary]  # type: ignore[valid-type]
    """The games of this page."""
    next_cursor: str | None
    """Pass as ``cursor`` for the next page; null on the last page."""


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, gc=False):
    """`POST /games/{game_id}/seats/{seat}` body: claim a free seat."""

    player_name: PlayerName | None = None
    """Display name; optional when the request carries a player token."""
    bot: BotLevel | None = None
    """Make this a bot seat: the service plays it at this level (no token is answered)."""


class SeatClaimed(msgspec.Struct, kw_only=True, gc=False):
    """The seat now held, and its bearer token."""

    seat: str
    """The seat claimed."""
    token: str | None
    """Bearer token of this seat in this game. Shown once; only its hash is stored.
    Null for a bot seat: nobody may read a bot's hand or play for it."""


class StateResponseBase(msgspec.Struct, kw_only=True, gc=False):
    game_id: str
    """The game's id."""
    version: int
    """The game's version this view was computed at."""
    seat: str | None
    """The seat this view is for; null for a spectator."""
    last_move: LastMove | None = None
    """The move that led to this version, as this seat sees it, in the caller's
    language; null before the first move."""


STATE_RESPONSE = _per_ruleset(
    "StateResponse",
    StateResponseBase,
    "ruleset",
    lambda rs: [("view", rs.View)],
    "The state of a {title} game as one seat (or a spectator) may see it.",
    {"view": "What this seat may see of the game: hidden information of other seats is left out."},
)
StateResponse = _union(list(STATE_RESPONSE.values()))


class LegalCommands(msgspec.Struct, kw_only=True, gc=False):
    """Every command the seat may send now."""

    version: int
    """The game's version these commands are legal at."""
    seat: str
    """The seat these commands are for."""
    commands: list[AnyCommand]  # type: ignore[valid-type]
    """Each legal command, exactly as it may be posted."""
    labels: list[CommandLabel]
    """Per command (same order as `commands`): its label in the caller's language and
    the picture ids it names."""
    steps: list[ChoiceStep]
    """The same commands as a tree of successive choices, in the order a player thinks
    (one question at a time); each leaf's `command` is an index into `commands`, and
    every command is the leaf of exactly one path."""


class LegalCommandsWire(msgspec.Struct, kw_only=True, gc=False):
    """``LegalCommands`` as the service writes it: its words already encoded
    (``Words.legal_json``), so encoding it writes the same bytes with no struct made
    per label or step. Its fields are ``LegalCommands``' in the same order (a test
    checks the two agree)."""

    version: int
    seat: str
    commands: list[Any]
    labels: msgspec.Raw
    steps: msgspec.Raw


class CommandAccepted(msgspec.Struct, kw_only=True, gc=False):
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
    last_move: LastMove | None = None
    """This command as a move: its sentences in the caller's language and the picture
    ids it changed. Null in the replayed answer of a command recorded before it existed."""


class LoggedEvent(msgspec.Struct, kw_only=True, gc=False):
    """One event of a game's log."""

    version: int
    """The game's version once this event was applied (the first event is version 1)."""
    recorded_at: datetime
    """When the event was recorded (UTC)."""
    event: AnyEvent  # type: ignore[valid-type]
    """The event, redacted for the caller."""
    seat: str | None = None
    """The seat whose command caused the event; null for the game's setup."""
    move: str | None = None
    """The events of one move (one command) share this id; null for the setup."""
    text: str | None = None
    """The event in words, in the caller's language and from the caller's view; null
    for setup and bookkeeping events (a history of texts reads as moves)."""
    message: CatalogueMessage | None = None
    """The catalogue message and arguments `text` was built from."""


class EventLog(msgspec.Struct, kw_only=True, gc=False):
    """A game's events (or a page of them), oldest first."""

    events: list[LoggedEvent]
    """The events, in log order."""
    last_version: int
    """The game's current version (the log may be paged: see ``limit``)."""


class CreatePlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, gc=False):
    """`POST /players` body: create a player identity."""

    name: PlayerName
    """The player's display name."""


class PlayerCreated(msgspec.Struct, kw_only=True, gc=False):
    """A new player identity and its bearer token."""

    player_id: str
    """The player's id."""
    name: str
    """The player's display name."""
    token: str
    """Bearer token of this player identity. Shown once; only its hash is stored."""
    created_at: datetime
    """When the player was created (UTC)."""


class PlayerGame(msgspec.Struct, kw_only=True, gc=False):
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


class PlayerDetail(msgspec.Struct, kw_only=True, gc=False):
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


class Liveness(msgspec.Struct, kw_only=True, gc=False):
    """The process answers (`GET /health/live`)."""

    status: Literal["ok"]
    """Always `ok`."""


class Readiness(msgspec.Struct, kw_only=True, gc=False):
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


class FeedEvent(msgspec.Struct, kw_only=True, gc=False):
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
    seat: str | None = None
    """The seat whose command caused the event; null for the game's setup."""
    move: str | None = None
    """The events of one move (one command) share this id; null for the setup."""
    text: str | None = None
    """The event in words, in the caller's language, as a spectator sees it (the
    finished game's complete view once it is over); null for bookkeeping events."""
    message: CatalogueMessage | None = None
    """The catalogue message and arguments `text` was built from."""


class FeedPage(msgspec.Struct, kw_only=True, gc=False):
    """One page of the global feed, in commit order."""

    events: list[FeedEvent]
    """The events of this page."""
    last_position: int
    """The position to pass as ``after`` for the next page (the request's ``after``
    when the page is empty)."""


class ImportedGame(msgspec.Struct, kw_only=True, gc=False):
    """The result of importing an exported game: the stored game, its fresh tokens and the audit's verdict."""

    game: GameSummary  # type: ignore[valid-type]
    """The game as stored here."""
    tokens: dict[str, str]
    """A fresh bearer token per claimed seat of a game still in play (empty for a
    finished game), shown once."""
    verdict: str
    """The audit's one-line verdict."""


# --- the export format (``plateau-game/2``) -------------------------------------------

EXPORT_FORMATS = ("plateau-game/1", "plateau-game/2")
Timestamp = Annotated[
    datetime,
    Meta(
        description="ISO 8601; without an offset, UTC. Not later than now (5 minutes of clock skew allowed)."
    ),
]


class ExportedSeat(msgspec.Struct, kw_only=True, gc=False):
    """One seat of an exported game."""

    seat: Annotated[str, Meta(min_length=1, max_length=64)]
    """The seat's id: the seats are the ruleset's, in its order, for the game's options."""
    player_name: PlayerName | None = None
    """The name the seat was claimed with (as `ClaimSeat.player_name`); null while free."""
    player_id: str | None = None
    """The player identity on the exporting server; not imported (ids are each server's own)."""
    claimed: bool = False
    """True once the seat was claimed."""
    bot: str | None = None
    """The bot level playing the seat on the exporting server; not imported."""


class ExportedGame(msgspec.Struct, kw_only=True, gc=False):
    """The game's summary as the exporting server stored it."""

    game_id: Annotated[str, Meta(pattern=GAME_ID_PATTERN, min_length=1, max_length=64)]
    """The game's id (kept by an import, unless `new_id=true`)."""
    ruleset: Annotated[str, Meta(min_length=1, max_length=64)]
    """The ruleset's name (`GET /rulesets`)."""
    options: dict[str, Any] = {}
    """The game's options, as the ruleset's options schema reads (omitted: its defaults)."""
    status: GameStatus
    """`waiting`, `active` or `finished`: checked against the log, which must end
    exactly when a `finished` game did."""
    version: Annotated[int, Meta(ge=0)] = 0
    """The number of events (the log's own count is what an import keeps)."""
    seats: list[ExportedSeat]
    """Every seat of the game, in seat order."""
    to_act: list[str] = []
    """The seats to act (recomputed from the log by an import)."""
    outcome: dict[str, Any] | None = None
    """The final ranking (an `Outcome`) of a finished game; checked against the log."""
    seed_sha256: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]
    """Hex SHA-256 of the seed, published when the game was created."""
    created_at: Timestamp | None = None
    """When the game was created (omitted: the time of the import). Like every
    timestamp of an export: not later than now (5 minutes of clock skew allowed)."""
    updated_at: Timestamp | None = None
    """When the game last changed, not before `created_at` (omitted: `created_at`)."""
    finished_at: Timestamp | None = None
    """When a finished game ended, between `created_at` and `updated_at` (omitted:
    `updated_at`)."""
    imported: Literal["finished", "in_play"] | None = None
    """Null for a game played where it was exported from; `finished` when that
    server imported it once over, `in_play` when it imported it before its end
    (its seed was chosen by an exporter: re-importing keeps that mark)."""
    forked_from: ForkedFrom | None = None
    """The game and version this game was forked from: its events 1..`version` are
    the original's, copied (decided from the original's seed), and only the
    outcomes after them follow from this game's seed. Null for a game that is no fork."""
    forked_at: Timestamp | None = None
    """When the fork was made (null for a game that is no fork)."""


class ExportedEvent(msgspec.Struct, kw_only=True, gc=False):
    """One event of the log, as stored."""

    version: Annotated[int, Meta(ge=1, le=2_147_483_647)]
    """The game's version once this event was applied: 1..N, contiguous."""
    data: dict[str, Any]
    """The event, tagged on `type` (one of the ruleset's events, `AnyEvent`)."""
    type: str | None = None
    """The event's `type` tag (the tag inside `data` is the one read)."""
    recorded_at: Timestamp | None = None
    """When the event was recorded (omitted: the time of the import)."""
    command_id: Annotated[str, Meta(max_length=128)] | None = None
    """The command (in `commands`) that caused the event; null for the opening."""
    seat: Annotated[str, Meta(max_length=64)] | None = None
    """The seat whose command caused the event; null for the opening."""
    schema_version: Annotated[int, Meta(ge=1, le=1000)] = 1
    """The event's schema version."""
    position: int | None = None
    """Its global position on the exporting server (not imported: positions are each server's)."""
    game_id: str | None = None
    """The exported game's id (as `game.game_id`)."""


class ExportedCommand(msgspec.Struct, kw_only=True, gc=False):
    """One accepted command: deciding it again at `version` with the seed gives its events."""

    version: Annotated[int, Meta(ge=0, le=2_147_483_647)]
    """The version the command was decided at (one less than its first event's)."""
    seat: Annotated[str, Meta(min_length=1, max_length=64)]
    """The seat that sent it."""
    command: dict[str, Any]
    """The command as it was posted (one of the ruleset's commands, `AnyCommand`)."""
    command_id: Annotated[str, Meta(min_length=1, max_length=128)]
    """Its id on the exporting server (an import gives it a fresh one)."""
    recorded_at: Timestamp | None = None
    """When it was accepted (omitted: the time of the import)."""


class GameExport(msgspec.Struct, kw_only=True, gc=False):
    """A whole game (format `plateau-game/2`): what `GET /games/{game_id}/export`
    and `plateau export` write, and `POST /games/import`, `plateau import` and
    `plateau verify` read. Anyone holding it can audit the game with no server:
    the seed matches its commitment and every random outcome follows from it."""

    format: Literal["plateau-game/1", "plateau-game/2"]
    """`plateau-game/2`; `plateau-game/1` (no command log) is still read."""
    game: ExportedGame
    """The game's summary."""
    seed: Annotated[str, Meta(min_length=1, max_length=256)] | None = None
    """The game's seed: revealed once the game is finished; in an operator's
    export of a game in play (`plateau export --with-seed`); else null."""
    events: list[ExportedEvent]
    """The whole log, in version order (as the viewer of `view` sees it, when set)."""
    commands: list[ExportedCommand] | None = None
    """The command log in version order (null in `plateau-game/1` and in a
    redacted export)."""
    view: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    """Null: the whole game. `spectator` or a seat id: the events as that viewer
    sees them (`plateau export` of a game in play without `--with-seed`): hidden
    information is left out, so it is a record to read, never imported or audited."""
