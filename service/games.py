"""The application service: load, decide, append, cache, publish.

Controllers call these methods; nothing here knows HTTP beyond raising
``ApiError`` with the contract's status and code. No game is named here:
everything goes through ``domain.RULESETS``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import (
    RULESETS,
    AnyRuleset,
    Outcome,
    Rng,
    RuleViolation,
    SeatedPlayer,
    SetupContext,
    fold,
)
from domain.pictures import render as render_picture
from service import metrics
from service.cache.base import StateCache
from service.errors import ApiError, bad_request, not_found
from service.schemas import (
    GAME_SUMMARY,
    STATE_RESPONSE,
    CommandAccepted,
    GameSummary,
    LegalCommands,
    LoggedEvent,
    PlayerDetail,
    PlayerGame,
    SeatInfo,
)
from service.settings import Settings
from service.store.base import (
    CommandRecord,
    EventStore,
    GameNotFound,
    GameNotWaiting,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    NewEvent,
    PlayerRecord,
    SeatRecord,
    SeatTaken,
    StoredEvent,
    UnknownSeat,
    VersionConflict,
)
from service.streams import Notifier

log = logging.getLogger("plateau.games")

SEAT_TOKEN = "st"
PLAYER_TOKEN = "pt"

TOKEN_TTL = 10.0
"""Seconds a token found in the store is trusted without asking it again (per
process). Only tokens that were found are remembered: an unknown token is
looked up every time, and a token removed from the store (none is, today)
would stay accepted by a process for at most this long."""
HEAD_TTL = 30.0
"""Seconds a game's head (its games row at its latest version) lives in the
shared cache after it was last written. Heads are written with the state after
every command, compare-and-set on the version; if that write fails (Redis
unreachable at that instant) readers may be served the previous version for at
most this long."""
BODY_CACHE = 4096
"""Encoded answers kept per process, keyed by (what, game, version, seat): a
view at a version never changes, so it is redacted and encoded once."""
_UNSET: Any = object()


COMMAND_TAGS = frozenset(
    m.__struct_config__.tag
    for rs in RULESETS.values()
    for m in getattr(rs.Command, "__args__", (rs.Command,))
)


class _Tagged(msgspec.Struct):
    type: str | None = None


def _tag_in(body: bytes) -> str | None:
    try:
        return msgspec.json.decode(body, type=_Tagged).type
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def _integral_floats_as_ints(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    return value


def json_schema_body(body: bytes) -> bytes:
    """The body with integral floats (``2.0``) written as integers.

    JSON Schema counts ``2.0`` as an integer; msgspec's strict decoding does
    not. Strict decoding is kept (it refuses ``0`` for ``false``, which
    Litestar's lenient decoding takes), after this normalisation."""
    try:
        raw = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return body  # the typed decode reports it
    if _has_nul(raw):
        # PostgreSQL text cannot hold U+0000; no name, id or tag needs it.
        raise bad_request("strings must not contain U+0000")
    return msgspec.json.encode(_integral_floats_as_ints(raw))


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    return False


def strict_body(body: bytes, typ: Any) -> Any:
    """Decode a request body strictly, as its JSON Schema reads."""
    try:
        return msgspec.json.decode(json_schema_body(body), type=typ)
    except msgspec.ValidationError as exc:
        raise bad_request(f"invalid request body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise bad_request(f"malformed JSON: {exc}") from None


def now() -> datetime:
    return datetime.now(UTC)


def sha256_hex(data: str | bytes) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def new_token(kind: str, owner: str) -> str:
    return f"{kind}.{owner}.{secrets.token_urlsafe(24)}"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: a seat of this game, or a spectator (seat None)."""

    seat: str | None


@dataclass(slots=True)
class Loaded:
    game: GameRecord
    ruleset: AnyRuleset
    state: Any
    version: int


class Codecs:
    """msgspec encoders/decoders per ruleset, built once."""

    def __init__(self, ruleset: AnyRuleset) -> None:
        self.state_decoder = msgspec.msgpack.Decoder(ruleset.State)
        self.event_type = ruleset.Event
        self.options_type = ruleset.Options


class GameService:
    def __init__(
        self, settings: Settings, store: EventStore, cache: StateCache, notifier: Notifier
    ) -> None:
        self.settings = settings
        self.store = store
        self.cache = cache
        self.notifier = notifier
        self.encoder = msgspec.msgpack.Encoder()
        self.json = msgspec.json.Encoder()
        self.codecs = {name: Codecs(rs) for name, rs in RULESETS.items()}
        self._seeds: OrderedDict[str, str] = OrderedDict()
        self._seat_tokens: dict[tuple[str, str], tuple[str, float]] = {}
        self._player_tokens: dict[str, tuple[PlayerRecord, float]] = {}
        self._bodies: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._summaries: OrderedDict[tuple[Any, ...], GameSummary] = OrderedDict()
        self.heads = bool(getattr(cache, "supports_heads", False))
        self._game_decoder = msgspec.msgpack.Decoder(GameRecord)
        self.on_moved: list[Callable[[str], None]] = []
        """Called with a game id after this process appended to it, for a game
        with a bot seat (the bot runner listens)."""

    def _moved(self, game: GameRecord) -> None:
        if any(s.bot for s in game.seats):  # nobody listens for the others
            for listener in self.on_moved:
                listener(game.game_id)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def ruleset(name: str) -> AnyRuleset:
        try:
            return RULESETS[name]
        except KeyError:
            raise not_found(f"unknown ruleset {name!r}") from None

    async def game(self, game_id: str) -> GameRecord:
        game = await self.store.get_game(game_id)
        if game is None:
            raise not_found(f"no game {game_id!r}")
        return game

    async def seed(self, game_id: str) -> str:
        seed = self._seeds.get(game_id)
        if seed is None:
            seed = await self.store.get_seed(game_id)
            if seed is None:
                raise not_found(f"no game {game_id!r}")
            self._seeds[game_id] = seed
            while len(self._seeds) > 10_000:
                self._seeds.popitem(last=False)
        return seed

    async def prime_seeds(self, games: list[GameRecord]) -> None:
        """Fetch the seeds of the finished ``games`` not known yet in one query
        (``GET /games``: no query per finished game)."""
        missing = [
            g.game_id for g in games if g.status == "finished" and g.game_id not in self._seeds
        ]
        if missing:
            for game_id, seed in (await self.store.get_seeds(missing)).items():
                self._seeds[game_id] = seed
            while len(self._seeds) > 10_000:
                self._seeds.popitem(last=False)

    # ------------------------------------------------------------------ the shared head
    async def _head(self, game_id: str) -> tuple[GameRecord | None, Any]:
        """(games row, cached state entry) from the shared cache, or (None, _UNSET).

        Used only with a cache shared by every process (Redis): the head is
        written after every command, so it is the latest version."""
        if not self.heads:
            return None, _UNSET
        head, entry = await self.cache.get_with_head(game_id)  # type: ignore[attr-defined]
        if head is None:
            return None, _UNSET
        try:
            game = self._game_decoder.decode(head[1])
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None, _UNSET
        if game.version != head[0] or game.version == 0:
            return None, _UNSET
        return game, entry

    async def game_fast(self, game_id: str) -> GameRecord:
        """The games row, from the shared head when there is one (no database)."""
        game, _ = await self._head(game_id)
        return game if game is not None else await self.game(game_id)

    def _body(self, key: tuple[Any, ...]) -> bytes | None:
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
        return body

    def _keep(self, key: tuple[Any, ...], body: bytes) -> bytes:
        self._bodies[key] = body
        while len(self._bodies) > BODY_CACHE:
            self._bodies.popitem(last=False)
        return body

    def decode_event(self, ruleset: AnyRuleset, data: dict[str, Any]) -> Any:
        # Through JSON, not msgspec.convert: stored JSON has string keys where
        # an event may declare int-keyed dicts, which only the JSON decoder maps back.
        return msgspec.json.decode(self.json.encode(data), type=ruleset.Event)

    async def summary(self, game: GameRecord) -> GameSummary:
        """The summary of ``game``; built once per version of a started game
        (it never changes then), so a page of ``GET /games`` costs little."""
        key = ("summary-struct", game.game_id, game.version)
        if game.status != "waiting":
            known = self._summaries.get(key)
            if known is not None:
                return known
        made = await self._summary(game)
        if game.status != "waiting":
            self._summaries[key] = made
            while len(self._summaries) > BODY_CACHE:
                self._summaries.popitem(last=False)
        return made

    async def _summary(self, game: GameRecord) -> GameSummary:
        ruleset = RULESETS[game.ruleset]
        seed = await self.seed(game.game_id) if game.status == "finished" else None
        return GAME_SUMMARY[game.ruleset](
            game_id=game.game_id,
            options=msgspec.json.decode(self.json.encode(game.options), type=ruleset.Options),
            status=game.status,
            version=game.version,
            seats=[
                SeatInfo(
                    seat=s.seat,
                    player_name=s.player_name,
                    player_id=s.player_id,
                    claimed=s.claimed,
                    bot=s.bot,  # type: ignore[arg-type]
                )
                for s in game.seats
            ],
            to_act=list(game.to_act),
            outcome=msgspec.convert(game.outcome, type=Outcome) if game.outcome else None,
            seed_sha256=game.seed_sha256,
            seed=seed,
            created_at=game.created_at,
            updated_at=game.updated_at,
        )

    # ------------------------------------------------------------------ auth
    async def viewer(self, game: GameRecord, token: str | None) -> Viewer:
        """Resolve a bearer token to a seat of ``game`` (None: spectator)."""
        if token is None:
            return Viewer(seat=None)
        kind, _, rest = token.partition(".")
        owner, _, secret = rest.partition(".")
        if not owner or not secret or kind not in (SEAT_TOKEN, PLAYER_TOKEN):
            raise ApiError(401, "unauthenticated", "malformed bearer token")
        digest = sha256_hex(token)
        if kind == SEAT_TOKEN:
            if not hmac.compare_digest(owner, game.game_id):
                raise ApiError(403, "forbidden", "this token belongs to another game")
            key = (game.game_id, digest)
            known = self._seat_tokens.get(key)
            if known is not None and known[1] > time.monotonic():
                return Viewer(seat=known[0])
            seat = await self.store.seat_by_token(game.game_id, digest)
            if seat is None:
                raise ApiError(401, "unauthenticated", "unknown or revoked seat token")
            if len(self._seat_tokens) > 100_000:
                self._seat_tokens.clear()
            self._seat_tokens[key] = (seat, time.monotonic() + TOKEN_TTL)
            return Viewer(seat=seat)
        player = await self._player_by_token(digest)
        if player is None:
            raise ApiError(401, "unauthenticated", "unknown player token")
        held = [s.seat for s in game.seats if s.player_id == player.player_id]
        if len(held) != 1:
            raise ApiError(
                403,
                "forbidden",
                "this player holds no seat in this game"
                if not held
                else "this player holds several seats here: use a seat token",
            )
        return Viewer(seat=held[0])

    async def player_from_token(self, token: str) -> PlayerRecord:
        kind, _, rest = token.partition(".")
        if kind != PLAYER_TOKEN or "." not in rest:
            raise ApiError(401, "unauthenticated", "claiming a seat needs a player token (or none)")
        player = await self._player_by_token(sha256_hex(token))
        if player is None:
            raise ApiError(401, "unauthenticated", "unknown player token")
        return player

    async def _player_by_token(self, digest: str) -> PlayerRecord | None:
        """``store.player_by_token``, remembered for ``TOKEN_TTL`` when found."""
        known = self._player_tokens.get(digest)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        player = await self.store.player_by_token(digest)
        if player is not None:
            if len(self._player_tokens) > 100_000:
                self._player_tokens.clear()
            self._player_tokens[digest] = (player, time.monotonic() + TOKEN_TTL)
        return player

    # ------------------------------------------------------------------ players
    async def create_player(self, name: str) -> tuple[PlayerRecord, str]:
        player_id = uuid.uuid4().hex
        token = new_token(PLAYER_TOKEN, player_id)
        record = PlayerRecord(player_id=player_id, name=name, created_at=now())
        await self.store.create_player(record, sha256_hex(token))
        return record, token

    async def player_detail(self, player_id: str) -> PlayerDetail:
        player = await self.store.get_player(player_id)
        if player is None:
            raise not_found(f"no player {player_id!r}")
        games: list[PlayerGame] = []
        for game in await self.store.player_games(player_id):
            outcome = msgspec.convert(game.outcome, type=Outcome) if game.outcome else None
            for seat in game.seats:
                if seat.player_id != player_id:
                    continue
                standing = (
                    next((s for s in outcome.standings if s.seat == seat.seat), None)
                    if outcome
                    else None
                )
                games.append(
                    PlayerGame(
                        game_id=game.game_id,
                        ruleset=game.ruleset,
                        status=game.status,  # type: ignore[arg-type]
                        seat=seat.seat,
                        rank=standing.rank if standing else None,
                        won=(seat.seat in outcome.winners) if outcome else None,
                        score=standing.score if standing else None,
                        updated_at=game.updated_at,
                    )
                )
        return PlayerDetail(
            player_id=player.player_id,
            name=player.name,
            created_at=player.created_at,
            games=games,
            games_played=sum(1 for g in games if g.status == "finished"),
            games_won=sum(1 for g in games if g.won),
        )

    # ------------------------------------------------------------------ games
    async def create_game(
        self,
        ruleset_name: str,
        options: Any | None,
        bots: dict[str, str] | None = None,
        *,
        seed: str | None = None,
    ) -> GameRecord:
        """A new game; ``bots`` seats bots; ``seed`` (sandbox only) fixes its dice and cards."""
        if seed is not None and not self.settings.sandbox:
            raise ApiError(
                422,
                "sandbox_only",
                "a seed is accepted only when the server runs in sandbox mode (PLATEAU_SANDBOX=1)",
            )
        ruleset = RULESETS.get(ruleset_name)
        if ruleset is None:
            raise bad_request(f"unknown ruleset {ruleset_name!r}", known=sorted(RULESETS))
        if options is None:
            options = ruleset.Options()
        ruleset.validate_options(options)
        seats = ruleset.seats(options)
        unknown = sorted(set(bots or {}) - set(seats))
        if unknown:
            raise ApiError(
                422,
                "unknown_bot_seat",
                f"bots names seats this game lacks: {unknown}",
                details={"seats": list(seats)},
            )
        seed = seed if seed is not None else secrets.token_hex(16)
        created = now()
        game = GameRecord(
            game_id=uuid.uuid4().hex,
            ruleset=ruleset.name,
            options=msgspec.to_builtins(options),
            status="waiting",
            version=0,
            seats=[SeatRecord(seat=s) for s in ruleset.seats(options)],
            to_act=[],
            outcome=None,
            seed_sha256=sha256_hex(seed),
            created_at=created,
            updated_at=created,
        )
        await self.store.create_game(game, seed)
        self._seeds[game.game_id] = seed
        for seat in seats:  # in seat order: the last one may start the game
            if bots and seat in bots:
                game, _ = await self.claim_seat(game.game_id, seat, None, None, bot=bots[seat])
        return game

    async def claim_seat(
        self,
        game_id: str,
        seat: str,
        player_name: str | None,
        token: str | None,
        *,
        bot: str | None = None,
    ) -> tuple[GameRecord, str]:
        game = await self.game(game_id)
        ruleset = RULESETS[game.ruleset]
        if bot is not None and token:
            raise ApiError(422, "bot_with_token", "a bot seat is claimed without a player token")
        player = await self.player_from_token(token) if token else None
        name = player_name or (player.name if player else None) or (f"{bot} bot" if bot else None)
        if seat not in {s.seat for s in game.seats}:
            raise not_found(f"game {game_id} has no seat {seat!r}")
        seat_token = new_token(SEAT_TOKEN, game_id)
        seed = await self.seed(game_id)  # fetched now: the hook runs inside the store's transaction
        # What setup will know about the players if this claim fills the game.
        holders = {s.seat: s for s in game.seats if s.claimed}
        holders[seat] = SeatRecord(
            seat=seat,
            player_id=player.player_id if player else None,
            player_name=name,
            claimed=True,
        )
        last_winner_seat: str | None = None
        if len(holders) == len(game.seats):
            ids = [h.player_id for h in holders.values() if h.player_id]
            if ids:
                winner = await self.store.last_winner(game.ruleset, ids)
                last_winner_seat = next(
                    (s for s, h in holders.items() if h.player_id == winner), None
                )

        async def on_full(full: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
            options = msgspec.json.decode(self.json.encode(full.options), type=ruleset.Options)
            context = SetupContext(
                players=tuple(
                    SeatedPlayer(seat=s.seat, player_id=s.player_id, player_name=s.player_name)
                    for s in full.seats
                ),
                last_winner_seat=last_winner_seat,
            )
            events = ruleset.setup(options, context, Rng(seed, 0))
            state = fold(ruleset, events)
            return self._new_events(events), self._update(ruleset, state)

        try:
            updated = await self.store.claim_seat(
                game_id,
                seat,
                player_id=player.player_id if player else None,
                player_name=name,
                token_hash=sha256_hex(seat_token),
                on_full=on_full,
                bot=bot,
            )
        except GameNotFound:
            raise not_found(f"no game {game_id!r}") from None
        except UnknownSeat:
            raise not_found(f"game {game_id} has no seat {seat!r}") from None
        except GameNotWaiting:
            raise ApiError(409, "game_not_active", f"game {game_id} has already started") from None
        except SeatTaken:
            raise ApiError(409, "seat_taken", f"seat {seat!r} is already taken") from None
        if updated.status != "waiting":
            await self.notifier.publish(game_id, updated.version)
            self._moved(updated)
        return updated, seat_token

    def _new_events(self, events: list[Any]) -> list[NewEvent]:
        return [
            NewEvent(type=type(e).__struct_config__.tag, data=msgspec.to_builtins(e))
            for e in events
        ]

    @staticmethod
    def _update(ruleset: AnyRuleset, state: Any) -> GameUpdate:
        outcome = ruleset.outcome(state)
        if outcome is None:
            return GameUpdate(status="active", to_act=list(ruleset.to_act(state)))
        return GameUpdate(
            status="finished",
            to_act=[],
            outcome=msgspec.to_builtins(outcome),
            winners=list(outcome.winners),
        )

    # ------------------------------------------------------------------ loading
    async def load(
        self,
        game_id: str,
        *,
        version: int | None = None,
        game: GameRecord | None = None,
        cached: Any = _UNSET,
    ) -> Loaded:
        """The game's state at its current version, or at ``version`` (a past one).

        ``game``: the games row if the caller has just read it (saves a query);
        ``cached``: the cache entry if the caller has just read it too."""
        if game is None:
            game = await self.game(game_id)
        ruleset = RULESETS[game.ruleset]
        if game.version == 0:
            raise ApiError(
                409, "game_not_active", f"game {game_id} has not started: seats are free"
            )
        target = game.version if version is None else version
        if target < 1 or target > game.version:
            raise not_found(f"game {game_id} has no version {target} (versions 1..{game.version})")
        codec = self.codecs[game.ruleset]
        if target == game.version:
            if cached is _UNSET:
                cached = await self.cache.get(game_id)
            metrics.cache_lookup(cached is not None and cached[0] == target)
            if cached is not None and cached[0] == target:
                try:
                    return Loaded(game, ruleset, codec.state_decoder.decode(cached[1]), target)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    # A cache entry from another code version: rebuild from the store.
                    log.warning("discarding an undecodable cached state of %s: %s", game_id, exc)
        state: Any = None
        base = 0
        snapshot = await self.store.load_snapshot(game_id, at_or_before=target)
        if snapshot is not None:
            state, base = codec.state_decoder.decode(snapshot.state), snapshot.version
        tail = await self.store.read(game_id, after=base, upto=target)
        for stored in tail:
            state = ruleset.evolve(state, self.decode_event(ruleset, stored.data))
        if target == game.version:
            await self._remember(game_id, state, target, base, game=game)
        return Loaded(game, ruleset, state, target)

    async def _remember(
        self,
        game_id: str,
        state: Any,
        version: int,
        previous: int,
        *,
        game: GameRecord | None = None,
    ) -> None:
        """Cache ``state`` at ``version``; snapshot it when a multiple of
        ``snapshot_every`` lies in (previous, version], so a cold load never
        folds more than ``snapshot_every`` events. Both are optimisations:
        a failure is logged, never raised."""
        encoded = self.encoder.encode(state)
        if self.heads and game is not None and game.version == version:
            # The state and the games row at this version, in one round trip.
            await self.cache.put_with_head(  # type: ignore[attr-defined]
                game_id, version, self.encoder.encode(game), encoded, HEAD_TTL
            )
        else:
            await self.cache.put(game_id, version, encoded)
        every = self.settings.snapshot_every
        if version // every > previous // every:
            try:
                await self.store.save_snapshot(game_id, version, encoded)
            except Exception as exc:
                log.warning("snapshot of %s at %d failed: %s", game_id, version, exc)

    # ------------------------------------------------------------------ commands
    def parse_command(self, ruleset: AnyRuleset, body: bytes) -> Any:
        """Strictly decode a command of this game's ruleset.

        The body already passed the union of every ruleset's commands (400
        otherwise); a well-formed command of another game is 422."""
        try:
            return msgspec.json.decode(json_schema_body(body), type=ruleset.Command)
        except msgspec.ValidationError as exc:
            tag = _tag_in(body)
            if tag is not None and tag in COMMAND_TAGS and not tag.startswith(ruleset.name + "."):
                raise ApiError(
                    422,
                    "command_not_in_ruleset",
                    f"{tag!r} is not a command of {ruleset.name}",
                    details={"ruleset": ruleset.name, "type": tag},
                ) from None
            raise bad_request(f"invalid command for ruleset {ruleset.name}: {exc}") from None
        except msgspec.DecodeError as exc:
            raise bad_request(f"malformed JSON: {exc}") from None

    async def submit(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
    ) -> tuple[int, bytes, int]:
        """Decide and append one command. Returns (status, JSON body, version).

        With a shared cache the games row and the state come from it (one
        round trip, no database read); the append's version check is the
        authority, and a lost race re-reads the store."""
        head, entry = await self._head(game_id)
        game = head if head is not None else await self.game(game_id)
        if token is None:
            raise ApiError(
                401,
                "unauthenticated",
                "a seat token is required to play",
                headers={"WWW-Authenticate": "Bearer"},
            )
        viewer = await self.viewer(game, token)
        seat = viewer.seat
        assert seat is not None
        return await self.submit_as(
            game,
            seat,
            body,
            if_match=if_match,
            idempotency_key=idempotency_key,
            cached=entry,
            from_head=head is not None,
        )

    async def submit_as(
        self,
        game: GameRecord,
        seat: str,
        body: bytes,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
        cached: Any = _UNSET,
        from_head: bool = False,
    ) -> tuple[int, bytes, int]:
        """``submit`` for a seat already authenticated (a client's token, or a bot seat).

        ``cached``: the state entry read with the game; ``from_head``: the game
        came from the shared head (which may lag: the store is asked before
        answering 409 or 412 on its word).

        An ``Idempotency-Key`` costs no query of its own: the append records
        it under a unique index (a key already used makes it fail, nothing
        written, and the first answer is replayed), and a command refused for
        any other reason looks the key up before answering, so a retry gets
        the first answer whatever the game did since."""
        request_hash = sha256_hex(body)
        try:
            return await self._submit_as(
                game,
                seat,
                body,
                request_hash,
                if_match=if_match,
                idempotency_key=idempotency_key,
                cached=cached,
                from_head=from_head,
            )
        except (ApiError, RuleViolation) as exc:
            if idempotency_key is None or (isinstance(exc, ApiError) and exc.status >= 500):
                raise
            replay = await self._replay(game.game_id, seat, idempotency_key, request_hash)
            if replay is None:
                raise
            metrics.command(game.ruleset, "replayed")
            return replay

    async def _submit_as(
        self,
        game: GameRecord,
        seat: str,
        body: bytes,
        request_hash: str,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
        cached: Any,
        from_head: bool,
    ) -> tuple[int, bytes, int]:
        game_id = game.game_id
        ruleset = RULESETS[game.ruleset]
        command = self.parse_command(ruleset, body)
        if game.status != "active":
            raise ApiError(409, "game_not_active", f"game {game_id} is {game.status}")
        seed = await self.seed(game_id)
        attempts = max(1, self.settings.command_retries)
        fresh: GameRecord | None = game  # read just above; re-read after a lost race
        entry = cached
        for _ in range(attempts + (1 if from_head else 0)):
            loaded = await self.load(game_id, game=fresh, cached=entry)
            fresh, entry = None, _UNSET
            if from_head and (
                loaded.game.status != "active"
                or (if_match is not None and loaded.version not in if_match)
            ):
                from_head = False  # the head may lag behind the store: ask the store
                continue
            if loaded.game.status != "active":
                raise ApiError(409, "game_not_active", f"game {game_id} is {loaded.game.status}")
            version = loaded.version
            if if_match is not None and version not in if_match:
                named = ", ".join(str(v) for v in sorted(if_match)) or "no strong tag"
                metrics.command(ruleset.name, "stale")
                raise ApiError(
                    412,
                    "stale_version",
                    f"If-Match names version {named}, the game is at version {version}",
                    details={"current_version": version},
                    headers={"ETag": f'"{version}"'},
                )
            events = ruleset.decide(loaded.state, seat, command, Rng(seed, version))
            state = fold(ruleset, events, loaded.state)
            new_version = version + len(events)
            answer = CommandAccepted(
                version=new_version, events=[ruleset.redact(e, seat) for e in events]
            )
            response = self.json.encode(answer)
            record = CommandRecord(
                command_id=uuid.uuid4().hex,
                seat=seat,
                idempotency_key=idempotency_key,
                request_hash=request_hash,
                command=msgspec.to_builtins(command),
                response_status=201,
                response=response,
            )
            update = self._update(ruleset, state)
            update.at = now()
            try:
                await self.store.append(
                    game_id,
                    version,
                    self._new_events(events),
                    update=update,
                    command=record,
                )
            except VersionConflict:
                metrics.command(ruleset.name, "stale" if if_match is not None else "conflict")
                if if_match is not None:
                    current = (await self.game(game_id)).version
                    raise ApiError(
                        412,
                        "stale_version",
                        f"the game moved on to version {current} meanwhile",
                        details={"current_version": current},
                        headers={"ETag": f'"{current}"'},
                    ) from None
                continue
            except IdempotencyConflict:
                assert idempotency_key is not None
                replay = await self._replay(game_id, seat, idempotency_key, request_hash)
                if replay is None:  # pragma: no cover - the conflicting record must exist
                    raise ApiError(
                        409, "version_conflict", "concurrent request with the same key"
                    ) from None
                metrics.command(ruleset.name, "replayed")
                return replay
            metrics.command(ruleset.name, "accepted", len(events))
            written = msgspec.structs.replace(
                loaded.game,
                version=new_version,
                status=update.status,
                to_act=list(update.to_act),
                outcome=update.outcome,
                updated_at=update.at,
                finished_at=(loaded.game.finished_at or update.at)
                if update.status == "finished"
                else None,
            )
            # The new state cached and the move published side by side (two
            # connections): one round trip of waiting, not two.
            await asyncio.gather(
                self._remember(game_id, state, new_version, version, game=written),
                self.notifier.publish(game_id, new_version),
            )
            self._moved(written)
            return 201, response, new_version
        raise ApiError(
            409,
            "version_conflict",
            f"game {game_id} kept changing under this command; reload and retry",
        )

    async def _replay(
        self, game_id: str, seat: str, key: str, request_hash: str
    ) -> tuple[int, bytes, int] | None:
        previous = await self.store.get_command(game_id, seat, key)
        if previous is None:
            return None
        if previous.request_hash != request_hash:
            raise ApiError(
                422,
                "idempotency_key_reused",
                "this Idempotency-Key was used with a different request body",
            )
        version = msgspec.json.decode(previous.response, type=CommandAccepted).version
        return previous.response_status, previous.response, version

    # ------------------------------------------------------------------ reads
    async def legal(self, game_id: str, token: str | None) -> tuple[Loaded, str, list[Any]]:
        game = await self.game(game_id)
        if token is None:
            raise ApiError(
                401,
                "unauthenticated",
                "a seat token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )
        viewer = await self.viewer(game, token)
        assert viewer.seat is not None
        if game.version == 0:
            return Loaded(game, RULESETS[game.ruleset], None, 0), viewer.seat, []
        loaded = await self.load(game_id, game=game)
        return loaded, viewer.seat, loaded.ruleset.legal_commands(loaded.state, viewer.seat)

    async def state_body(
        self, game_id: str, token: str | None, version: int | None
    ) -> tuple[int, bytes]:
        """``GET /state``'s answer as (version, JSON bytes): redacted and
        encoded once per (game, version, seat); with a shared cache a hit
        reads no database."""
        game, entry = await self._head(game_id) if version is None else (None, _UNSET)
        if game is None:
            game = await self.game(game_id)
        viewer = await self.viewer(game, token)
        target = game.version if version is None else version
        key = ("state", game_id, target, viewer.seat)
        body = self._body(key)
        if body is not None and 1 <= target <= game.version:
            return target, body
        loaded = await self.load(game_id, version=version, game=game, cached=entry)
        view = loaded.ruleset.view(loaded.state, viewer.seat)
        answer = STATE_RESPONSE[game.ruleset](
            game_id=game_id, version=loaded.version, seat=viewer.seat, view=view
        )
        return loaded.version, self._keep(key, self.json.encode(answer))

    async def summary_body(self, game_id: str) -> tuple[GameRecord, bytes]:
        """``GET /games/{id}``'s answer as JSON bytes, encoded once per version
        of a started game; with a shared cache it reads no database."""
        game = await self.game_fast(game_id)
        key = ("summary", game_id, game.version)
        body = self._body(key) if game.status != "waiting" else None
        if body is None:
            body = self.json.encode(await self.summary(game))
            if game.status != "waiting":
                self._keep(key, body)
        return game, body

    async def legal_body(self, game_id: str, token: str | None) -> tuple[int, bytes]:
        """``GET /legal-commands``' answer as (version, JSON bytes), computed
        once per (game, version, seat)."""
        game, entry = await self._head(game_id)
        if game is None:
            game = await self.game(game_id)
        if token is None:
            raise ApiError(
                401,
                "unauthenticated",
                "a seat token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )
        viewer = await self.viewer(game, token)
        assert viewer.seat is not None
        key = ("legal", game_id, game.version, viewer.seat)
        body = self._body(key)
        if body is not None:
            return game.version, body
        if game.version == 0:
            commands: list[Any] = []
        else:
            loaded = await self.load(game_id, game=game, cached=entry)
            commands = loaded.ruleset.legal_commands(loaded.state, viewer.seat)
        answer = LegalCommands(version=game.version, seat=viewer.seat, commands=commands)
        return game.version, self._keep(key, self.json.encode(answer))

    async def view(
        self, game_id: str, token: str | None, version: int | None
    ) -> tuple[Loaded, Viewer, Any]:
        game = await self.game(game_id)
        viewer = await self.viewer(game, token)
        loaded = await self.load(game_id, version=version, game=game)
        return loaded, viewer, loaded.ruleset.view(loaded.state, viewer.seat)

    async def picture(
        self, game_id: str, token: str | None, version: int | None
    ) -> tuple[Loaded, str]:
        """The SVG picture of what the bearer may see: the state path's auth, version and redaction."""
        game = await self.game(game_id)
        viewer = await self.viewer(game, token)
        loaded = await self.load(game_id, version=version, game=game)
        names = {s.seat: s.player_name for s in game.seats}
        svg = render_picture(
            loaded.ruleset, loaded.state, viewer.seat, version=loaded.version, seat_names=names
        )
        return loaded, svg

    async def events(
        self, game: GameRecord, viewer: Viewer, *, after: int, limit: int | None
    ) -> list[LoggedEvent]:
        ruleset = RULESETS[game.ruleset]
        stored = await self.store.read(game.game_id, after=after, limit=limit)
        return [self.logged(ruleset, game, viewer, e) for e in stored]

    def logged(
        self, ruleset: AnyRuleset, game: GameRecord, viewer: Viewer, stored: StoredEvent
    ) -> LoggedEvent:
        event = self.decode_event(ruleset, stored.data)
        if game.status != "finished":
            event = ruleset.redact(event, viewer.seat)
        return LoggedEvent(version=stored.version, recorded_at=stored.recorded_at, event=event)


__all__ = ["GameService", "Viewer", "RuleViolation"]
