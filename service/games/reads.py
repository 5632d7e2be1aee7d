"""Reads and history: game pages, states and pictures as a seat sees them,
legal commands, the event log, and a player's games.

Answers that never change for a (game, version, seat) are redacted and
encoded once (``ServiceCore._body``/``_keep``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from domain import RULESETS, Outcome
from domain.pictures import render as render_picture
from service.exceptions import Conflict, NotFound
from service.exports import export_game
from service.games.auth import Auth, required
from service.games.core import _UNSET, Loaded, Viewer
from service.schemas import (
    STATE_RESPONSE,
    EventLog,
    GamePage,
    LegalCommands,
    LoggedEvent,
    PlayerDetail,
    PlayerGame,
)
from service.store import decode_cursor, encode_cursor
from service.store.base import GameRecord

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_store_cursor(cursor: str) -> str:
    """The API cursor ``<created_at in µs since the epoch>-<game_id>`` as the store's.

    Any string of the documented pattern names a position in the keyset
    order, so a well-formed cursor never fails."""
    micros, _, game_id = cursor.partition("-")
    created_at = _EPOCH + timedelta(microseconds=int(micros))
    return encode_cursor(created_at, game_id)


def from_store_cursor(cursor: str) -> str:
    created_at, game_id = decode_cursor(cursor)
    delta = created_at - _EPOCH
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return f"{micros}-{game_id}"


class Reads(Auth):
    """What a seat (or a spectator) may read."""

    async def list_games(
        self,
        *,
        ruleset: str | None,
        status: str | None,
        player_id: str | None,
        limit: int,
        cursor: str | None,
    ) -> GamePage:
        """Newest first, filtered, paged with the API's ``cursor``."""
        games, next_cursor = await self.store.list_games(
            ruleset=ruleset,
            status=status,
            player_id=player_id,
            limit=limit,
            cursor=to_store_cursor(cursor) if cursor else None,
        )
        await self.prime_seeds(games)  # one query for the page's finished games
        return GamePage(
            games=[await self.summary(g) for g in games],
            next_cursor=from_store_cursor(next_cursor) if next_cursor else None,
        )

    async def export_finished(self, game_id: str) -> tuple[GameRecord, dict[str, Any]]:
        """A finished game's export (``plateau-game/2``). Only a finished game:
        before its end the seed and the command log would reveal hidden
        information (409 ``game_not_finished``)."""
        game = await self.game(game_id)
        if game.status != "finished":
            raise Conflict(
                f"game {game_id} is {game.status}: only a finished game is exported over HTTP",
                code="game_not_finished",
            )
        return game, await export_game(self.store, game)

    async def event_log(
        self, game: GameRecord, token: str | None, *, after: int, limit: int | None
    ) -> EventLog:
        """``GET /events``' answer: the log after ``after``, redacted for the bearer."""
        viewer = await self.viewer(game, token)
        events = await self.events(game, viewer, after=after, limit=limit)
        return EventLog(events=events, last_version=game.version)

    async def player_detail(self, player_id: str) -> PlayerDetail:
        player = await self.store.get_player(player_id)
        if player is None:
            raise NotFound(f"no player {player_id!r}")
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

    async def legal(self, game_id: str, token: str | None) -> tuple[Loaded, str, list[Any]]:
        game = await self.game(game_id)
        viewer = await self.viewer(game, required(token))
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
        reads no database, and a spectator's read of the latest version that
        this process can vouch for reads nothing (``spectator_hit``)."""
        spectator = token is None and version is None
        if spectator:
            hit = self.spectator_hit(game_id)
            if hit is not None:
                return hit
        hearing = self.notifier.hearing() if spectator and self.heads else None
        if version is None:
            game, entry = await self.read_head(game_id)
        else:
            game, entry = await self.game(game_id), _UNSET
        viewer = await self.viewer(game, token)
        target = game.version if version is None else version
        key = ("state", game_id, target, viewer.seat)
        body = self._body(key)
        if body is None or not 1 <= target <= game.version:
            loaded = await self.load(game_id, version=version, game=game, cached=entry)
            view = loaded.ruleset.view(loaded.state, viewer.seat)
            answer = STATE_RESPONSE[game.ruleset](
                game_id=game_id, version=loaded.version, seat=viewer.seat, view=view
            )
            target, body = loaded.version, self._keep(key, self.json.encode(answer))
        if spectator and target == game.version:
            self._vouch(game_id, target, body, hearing)
        return target, body

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
        game, entry = await self.read_head(game_id)
        viewer = await self.viewer(game, required(token))
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
