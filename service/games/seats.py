"""Players, games and seats: creating a player identity, creating a game
(with its bot seats) and claiming a seat, which starts the game when it is
the last one free."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import msgspec

from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold
from service.exceptions import Conflict, InvalidRequest, NotFound, Unprocessable
from service.exports import ExportRejected, import_export
from service.games.auth import PLAYER_TOKEN, SEAT_TOKEN, Auth, new_token
from service.games.core import now, sha256_hex
from service.schemas import ImportedGame
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
    UnknownSeat,
)


def rejected(exc: ExportRejected) -> Unprocessable:
    details: dict[str, Any] = {"reason": exc.reason}
    if exc.version is not None:
        details["first_bad_version"] = exc.version
    where = f" at version {exc.version}" if exc.version is not None else ""
    return Unprocessable(
        f"the export was refused{where}: {exc.message}", code="export_rejected", details=details
    )


class Seats(Auth):
    """Players, games and seats."""

    async def import_game(self, document: Any, *, new_id: bool) -> tuple[str, ImportedGame]:
        """Audit an export and store it whole: (its game id, the answer).
        422 ``export_rejected`` (nothing stored); 409 ``game_exists`` for a
        known id without ``new_id``."""
        try:
            game, tokens, report = await import_export(self.store, document, new_id=new_id)
        except ExportRejected as exc:
            raise rejected(exc) from None
        except GameAlreadyExists:
            raise Conflict(
                "a game with this id exists here: import it with ?new_id=true", code="game_exists"
            ) from None
        summary = await self.summary(game)
        return game.game_id, ImportedGame(game=summary, tokens=tokens, verdict=report.verdict)

    async def create_player(self, name: str) -> tuple[PlayerRecord, str]:
        player_id = uuid.uuid4().hex
        token = new_token(PLAYER_TOKEN, player_id)
        record = PlayerRecord(player_id=player_id, name=name, created_at=now())
        await self.store.create_player(record, sha256_hex(token))
        return record, token

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
            raise Unprocessable(
                "a bot seat is claimed without a player token", code="bot_with_token"
            )
        player = await self.player_from_token(token) if token else None
        name = player_name or (player.name if player else None) or (f"{bot} bot" if bot else None)
        if seat not in {s.seat for s in game.seats}:
            raise NotFound(f"game {game_id} has no seat {seat!r}")
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
            raise NotFound(f"no game {game_id!r}") from None
        except UnknownSeat:
            raise NotFound(f"game {game_id} has no seat {seat!r}") from None
        except GameNotWaiting:
            raise Conflict(f"game {game_id} has already started", code="game_not_active") from None
        except SeatTaken:
            raise Conflict(f"seat {seat!r} is already taken", code="seat_taken") from None
        if updated.status != "waiting":
            await self.notifier.publish(game_id, updated.version)
            self._moved(updated)
        return updated, seat_token
