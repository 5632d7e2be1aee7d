"""Players, games and seats: creating a player identity, creating a game
(with its bot seats) and claiming a seat, which starts the game when it is
the last one free."""

from __future__ import annotations

import secrets
import uuid
from collections import OrderedDict
from typing import Any

import msgspec

from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold
from service.games import forks, positions
from service.games.answers import move_events_key
from service.games.auth import OPERATOR, Authenticator
from service.games.codecs import stored_options
from service.games.exceptions import (
    Conflict,
    Forbidden,
    InvalidRequest,
    NotFound,
    Unprocessable,
    not_active,
)
from service.games.exports import ExportRejected
from service.games.imports import (
    ImportForbidden,
    ImportRules,
    MalformedImport,
    OverBudget,
    prepare_off_loop,
)
from service.games.quotas import Quotas, creator_of
from service.games.reads import Reads
from service.games.repository import GameRepository, now, stored_events
from service.games.schemas import ImportedGame
from service.games.tokens import PLAYER_TOKEN, SEAT_TOKEN, new_token, sha256_hex
from service.settings import Settings
from service.store.base import (
    GameAlreadyExists,
    GameNotFound,
    GameNotWaiting,
    GameRecord,
    GameUpdate,
    NewEvent,
    PlayerRecord,
    SeatRecord,
    SeatTaken,
    StartHook,
    UnknownSeat,
)

WAITING_KEPT = 10_000
"""Waiting games whose row this process wrote last (a creation, a claim), kept so
that the next claim of each here starts from that row instead of reading it (a
read of the games row and its seats: a round trip and two statements). A row
another process has changed since (its own claim) is safe to start from: the
store claims as a transaction when the game is not as this claim saw it (the
``filling`` hint of ``claim_seat``), a seat taken meanwhile is refused by it, and
a claim that fills the game after all reads the game again for its setup
(``_SeedNeeded``)."""


class _SeedNeeded(Exception):
    """A claim that a read saw leave a seat free fills the game: its setup needs
    the seed, fetched outside the store's transaction (``Seats._claim``)."""


def _holders(game: GameRecord, mine: SeatRecord) -> dict[str, SeatRecord]:
    """Seat -> its holder once ``mine`` is claimed too: what the setup will know about
    the players if this claim fills ``game``."""
    holders = {s.seat: s for s in game.seats if s.claimed}
    holders[mine.seat] = mine
    return holders


def rejected(exc: ExportRejected) -> Unprocessable:
    details: dict[str, Any] = {"reason": exc.reason}
    if exc.version is not None:
        details["first_bad_version"] = exc.version
    where = f" at version {exc.version}" if exc.version is not None else ""
    return Unprocessable(
        f"the export was refused{where}: {exc.message}", code="export_rejected", details=details
    )


class Seats:
    """Players, games and seats."""

    def __init__(
        self, settings: Settings, games: GameRepository, auth: Authenticator, reads: Reads
    ) -> None:
        self.settings = settings
        self.games = games
        self.auth = auth
        self.reads = reads
        self.store = games.store
        self.auditing = 0
        """Imports of this process being checked and audited now (in the import thread)."""
        self.quotas = Quotas(settings, games.store)
        self._waiting: OrderedDict[str, GameRecord] = OrderedDict()
        """``WAITING_KEPT``."""

    def _keep_waiting(self, game: GameRecord) -> None:
        if game.status != "waiting":
            self._waiting.pop(game.game_id, None)
            return
        self._waiting[game.game_id] = game
        self._waiting.move_to_end(game.game_id)
        while len(self._waiting) > WAITING_KEPT:
            self._waiting.popitem(last=False)

    async def import_game(
        self, body: bytes | bytearray, importer: str, *, new_id: bool
    ) -> tuple[str, ImportedGame]:
        """Check and audit an export (off the event loop, on the CPU budget
        ``PLATEAU_IMPORT_AUDIT_SECONDS``) and store it whole: (its game id, the
        answer). ``importer`` (``Authenticator.importer``) may import a game in
        play only as the operator, or in the sandbox. 400 for a body that is no
        JSON object; 403 ``import_forbidden``; 422 ``export_rejected`` or
        ``import_over_budget``; 409 ``game_exists`` for a known id without
        ``new_id``. Nothing is stored unless it answers 201."""
        settings = self.settings
        rules = ImportRules(
            in_play=importer == OPERATOR or settings.sandbox,
            new_id=new_id,
            snapshot_every=settings.snapshot_every,
            budget=settings.import_audit_seconds,
        )
        try:
            self.auditing += 1
            try:
                prepared = await prepare_off_loop(body, rules)
            finally:
                self.auditing -= 1
            await self.store.import_game(prepared.bundle)
        except MalformedImport as exc:
            raise InvalidRequest(str(exc)) from None
        except ImportForbidden as exc:
            raise Forbidden(str(exc), code="import_forbidden") from None
        except OverBudget as exc:
            raise Unprocessable(
                f"{exc}: PLATEAU_IMPORT_AUDIT_SECONDS bounds the audit of one import; an"
                " operator imports a longer game with `plateau import`, which has no budget",
                code="import_over_budget",
                details={"budget_seconds": exc.seconds},
            ) from None
        except ExportRejected as exc:
            raise rejected(exc) from None
        except GameAlreadyExists:
            raise Conflict(
                "a game with this id exists here: import it with ?new_id=true", code="game_exists"
            ) from None
        game = prepared.bundle.game
        summary = await self.reads.summary(game)
        answer = ImportedGame(game=summary, tokens=prepared.tokens, verdict=prepared.verdict)
        return game.game_id, answer

    async def fork_game(
        self,
        game_id: str,
        version: int,
        *,
        same_seed: bool = False,
        operator: bool = False,
        address: str | None = None,
    ) -> GameRecord:
        """A fork of ``game_id`` at ``version`` (``service.games.forks``), its bot
        seats claimed by the same bots. ``operator``: the caller holds the
        operator's token (a game in play may be forked then, or in the sandbox).
        404 for an unknown game; 403 ``fork_forbidden``; 422
        ``version_out_of_range`` or ``not_a_resting_point``; 429 as ``create_game``."""
        original = await self.games.game(game_id)
        if original.status != "finished" and not (operator or self.settings.sandbox):
            raise Forbidden(
                f"game {game_id} is {original.status}: only a finished game (every hand and its"
                " seed revealed) may be forked by anyone; a game in play needs the operator's"
                " token or the sandbox, since its fork would show its hidden hands and cards",
                code="fork_forbidden",
                details={"status": original.status},
            )
        if version > original.version:
            raise Unprocessable(
                f"game {game_id} has versions 0..{original.version}: no version {version}",
                code="version_out_of_range",
                details={"last_version": original.version},
            )
        events = await self.store.read(game_id, upto=original.version)
        try:
            prefix = forks.resting(original.ruleset, events, version, self.settings.snapshot_every)
        except forks.NotResting as exc:
            raise Unprocessable(
                f"version {version} of game {game_id} is inside a move or after its end: a fork"
                " starts where a seat may act (the previous and the next resting versions are"
                " in details)",
                code="not_a_resting_point",
                details={
                    "previous_resting_version": exc.previous,
                    "next_resting_version": exc.following,
                },
            ) from None
        seed = await self.games.seed(game_id) if same_seed else secrets.token_hex(16)
        commands = await self.store.command_log(game_id) if version > 0 else []
        creator = creator_of(address)
        bots = {s.seat: s.bot for s in original.seats if s.bot}
        async with self.quotas.hold(creator):
            bots_only = bool(bots) and len(bots) == len(original.seats)
            await self.quotas.check(creator, games=True, bot_games=bots_only)
            made = forks.bundle(
                original,
                events,
                commands,
                version=version,
                seed=seed,
                snapshots=prefix.snapshots,
                now=now(),
                creator=creator,
            )
            await self.store.import_game(made)
            fork = made.game
            self.games.know_seed(fork.game_id, seed)
            for seat, level in bots.items():  # in seat order: the last one may start it
                fork, _ = await self.claim_seat(fork.game_id, seat, None, None, bot=level)
        return fork

    async def create_player(
        self, name: str, *, address: str | None = None
    ) -> tuple[PlayerRecord, str]:
        """A new player; ``address``: the client's, for its quota (``Quotas``)."""
        player_id = uuid.uuid4().hex
        token = new_token(PLAYER_TOKEN, player_id)
        creator = creator_of(address)
        async with self.quotas.hold(creator):
            await self.quotas.check(creator, players=True)
            record = PlayerRecord(player_id=player_id, name=name, created_at=now())
            await self.store.create_player(record, sha256_hex(token), creator=creator)
        return record, token

    async def create_game(
        self,
        ruleset_name: str,
        options: Any | None,
        bots: dict[str, str] | None = None,
        *,
        seed: str | None = None,
        address: str | None = None,
    ) -> GameRecord:
        """A new game; ``bots`` seats bots; ``seed`` (sandbox only) fixes its dice and
        cards; ``address``: the client's, for its quotas (``Quotas``)."""
        if seed is not None and not self.settings.sandbox:
            raise Unprocessable(
                "a seed is accepted only when the server runs in sandbox mode (PLATEAU_SANDBOX=1)",
                code="sandbox_only",
            )
        ruleset = RULESETS.get(ruleset_name)
        if ruleset is None:
            raise InvalidRequest(
                f"unknown ruleset {ruleset_name!r}", details={"known": sorted(RULESETS)}
            )
        if options is None:
            options = ruleset.Options()
        ruleset.validate_options(options)
        seats = ruleset.seats(options)
        unknown = sorted(set(bots or {}) - set(seats))
        if unknown:
            raise Unprocessable(
                f"bots names seats this game lacks: {unknown}",
                code="unknown_bot_seat",
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
        creator = creator_of(address)
        async with self.quotas.hold(creator):
            bots_only = bool(bots) and set(seats) <= set(bots or {})
            await self.quotas.check(creator, games=True, bot_games=bots_only)
            await self.store.create_game(game, seed, creator=creator)
            self.games.know_seed(game.game_id, seed)
            self._keep_waiting(game)
            for seat in seats:  # in seat order: the last one may start the game
                if bots and seat in bots:
                    game, _ = await self.claim_seat(game.game_id, seat, None, None, bot=bots[seat])
        return game

    async def start_position(
        self, ruleset_name: str, position_id: str, *, address: str | None = None
    ) -> tuple[GameRecord, dict[str, str]]:
        """A new game at a named position (``domain/<game>/positions.py``), sandbox only:
        its log built by the engine, stored like an import, every seat claimed as the
        position says; (the game, a token per seat a person holds)."""
        if not self.settings.sandbox:
            raise Unprocessable(
                "a position is accepted only when the server runs in sandbox mode"
                " (PLATEAU_SANDBOX=1): its seed is public",
                code="sandbox_only",
            )
        creator = creator_of(address)
        async with self.quotas.hold(creator):
            await self.quotas.check(creator, games=True)
            prepared = await positions.prepare_off_loop(
                ruleset_name, position_id, self.settings.snapshot_every
            )
            await self.store.import_game(prepared.bundle)
        game = prepared.bundle.game
        self.games.know_seed(game.game_id, prepared.bundle.seed)
        self.games.moved(game)  # a bot seat to act plays at once
        return game, prepared.tokens

    async def claim_seat(
        self,
        game_id: str,
        seat: str,
        player_name: str | None,
        token: str | None,
        *,
        bot: str | None = None,
        address: str | None = None,
    ) -> tuple[GameRecord, str]:
        """Claim ``seat``; ``address``: the client's. A bot claim that makes the
        game bots-only is charged to that address (``Quotas``: bots-only games in play)."""
        charge = None
        if bot is not None and address is not None:
            game = await self.games.game(game_id)
            if all(s.bot for s in game.seats if s.seat != seat):
                charge = creator_of(address)
        async with self.quotas.hold(charge):
            await self.quotas.check(charge, bot_games=True)
            return await self._claim(game_id, seat, player_name, token, bot=bot, creator=charge)

    async def _starter(
        self,
        game: GameRecord,
        seed: str | None,
        last_winner_seat: str | None,
        *,
        filling: bool,
        started: list[Any],
    ) -> StartHook:
        """What the claim that fills ``game`` appends and writes: the setup drawn
        from ``seed``, or nothing for a fork, which starts where its log stops.
        ``started`` receives the state the game starts in and the setup's events
        (none for a fork), to be cached once the claim is committed (the first
        reads then find both, with no store read).
        ``seed`` None (the read saw a seat left free): a hook asked for a setup
        raises ``_SeedNeeded``, which rolls the claim back; ``_claim`` fetches
        the seed and claims again."""
        ruleset = RULESETS[game.ruleset]
        game_id = game.game_id
        forked: Any = None
        if filling and game.version > 0 and game.status == "waiting":
            # A fork: its copied log is its opening, folded now (it never changes
            # while it waits), outside the store's transaction.
            forked = (await self.games.load(game_id, game=game)).state

        async def on_full(full: GameRecord) -> tuple[list[NewEvent], GameUpdate]:
            if full.version > 0:  # a fork starts where its log stops: no setup
                state = forked
                if state is None:
                    state = (await self.games.load(game_id, version=full.version)).state
                started.append((state, []))
                return [], self.games.update(ruleset, state)
            if seed is None:  # another claim came in between: see the docstring
                raise _SeedNeeded
            options = stored_options(ruleset, full.options)
            context = SetupContext(
                players=tuple(
                    SeatedPlayer(seat=s.seat, player_id=s.player_id, player_name=s.player_name)
                    for s in full.seats
                ),
                last_winner_seat=last_winner_seat,
            )
            events = ruleset.setup(options, context, Rng(seed, 0))
            state = fold(ruleset, events)
            appended = self.games.new_events(events)
            started.append((state, appended))
            return appended, self.games.update(ruleset, state)

        return on_full

    async def _claim(
        self,
        game_id: str,
        seat: str,
        player_name: str | None,
        token: str | None,
        *,
        bot: str | None,
        creator: str | None,
    ) -> tuple[GameRecord, str]:
        if bot is not None and token:
            raise Unprocessable(
                "a bot seat is claimed without a player token", code="bot_with_token"
            )
        # The row as this process wrote it last (``WAITING_KEPT``), else as the store has it.
        game = self._waiting.pop(game_id, None) or await self.games.game(game_id)
        player = await self.auth.player(token) if token else None
        name = player_name or (player.name if player else None) or (f"{bot} bot" if bot else None)
        if seat not in {s.seat for s in game.seats}:
            raise NotFound(f"game {game_id} has no seat {seat!r}")
        seat_token = new_token(SEAT_TOKEN, game_id)
        # What setup will know about the players if this claim fills the game.
        mine = SeatRecord(
            seat=seat,
            player_id=player.player_id if player else None,
            player_name=name,
            claimed=True,
            bot=bot,
        )
        holders = _holders(game, mine)
        filling = len(holders) == len(game.seats)
        last_winner_seat = await self._last_winner_seat(game, holders) if filling else None
        # Fetched before the store's transaction, in which the hook runs; only
        # for a claim that fills the game (``_starter``).
        seed = await self.games.seed(game_id) if filling else None
        full = (
            msgspec.structs.replace(game, seats=[holders[s.seat] for s in game.seats])
            if filling
            else None
        )
        started: list[tuple[Any, list[NewEvent]]] = []
        try:
            while True:
                on_full = await self._starter(
                    game, seed, last_winner_seat, filling=filling, started=started
                )
                try:
                    updated = await self.store.claim_seat(
                        game_id,
                        seat,
                        player_id=player.player_id if player else None,
                        player_name=name,
                        token_hash=sha256_hex(seat_token),
                        on_full=on_full,
                        bot=bot,
                        creator=creator,
                        filling=full,
                    )
                    break
                except _SeedNeeded:
                    # The claim fills the game after all (a claim came in since the
                    # row was read): the setup from the game as it is now.
                    seed = await self.games.seed(game_id)
                    game = await self.games.game(game_id)
                    last_winner_seat = await self._last_winner_seat(game, _holders(game, mine))
        except GameNotFound:
            raise NotFound(f"no game {game_id!r}") from None
        except UnknownSeat:
            raise NotFound(f"game {game_id} has no seat {seat!r}") from None
        except GameNotWaiting:
            raise not_active(game_id, "active") from None
        except SeatTaken:
            raise Conflict(f"seat {seat!r} is already taken", code="seat_taken") from None
        self.auth.know_seat(game_id, seat_token, seat)  # its first move: no store look-up
        self._keep_waiting(updated)
        if updated.status != "waiting":
            await self._announce_start(updated, started)
        return updated, seat_token

    async def _last_winner_seat(
        self, game: GameRecord, holders: dict[str, SeatRecord]
    ) -> str | None:
        """The seat of whichever of the game's players won their latest game of this
        ruleset (a setup may seat them first), or None."""
        ids = [h.player_id for h in holders.values() if h.player_id]
        if not ids:
            return None
        winner = await self.store.last_winner(game.ruleset, ids)
        return next((s for s, h in holders.items() if h.player_id == winner), None)

    async def _announce_start(
        self, game: GameRecord, started: list[tuple[Any, list[NewEvent]]]
    ) -> None:
        """A claim started ``game``: its state cached (``started``: the state the hook
        made, the last one if the store ran it more than once) and the start
        announced, in one Redis command; its bots told. The setup's events are kept
        as the move that ends at the game's version, which the summary's last move
        asks for (none yet: the setup is no one's move) without reading them back."""
        if started:
            state, setup = started[-1]
            if setup and len(setup) == game.version:
                self.reads.answers.bodies.keep(
                    move_events_key(game.game_id, game.version),
                    stored_events(game.game_id, 0, setup, game.updated_at),
                )
            await self.games.remember(
                game.game_id, state, game.version, 0, game=game, announce=True
            )
        else:
            await self.games.notifier.publish(game.game_id, game.version)
        self.games.moved(game)
