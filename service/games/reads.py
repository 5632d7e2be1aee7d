"""Reads and history: game pages, summaries, states and pictures as a seat
sees them, legal commands, the event log, and a player's games.

Answers that never change for a (game, version, seat) are redacted and
encoded once (``AnswerCache``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset, Outcome
from domain.pictures import render as render_picture
from service.games.answers import AnswerCache, before_move_key, move_events_key
from service.games.auth import SPECTATOR, Authenticator, Viewer, required
from service.games.codecs import stored_event, stored_options
from service.games.exceptions import Conflict, NotFound
from service.games.exports import export_game
from service.games.repository import UNSET, GameRepository, Loaded
from service.games.schemas import (
    GAME_SUMMARY,
    STATE_RESPONSE,
    EventLog,
    ForkedFrom,
    GamePage,
    GameSummary,
    LastMove,
    LegalCommandsWire,
    LoggedEvent,
    PlayerDetail,
    PlayerGame,
    SeatInfo,
)
from service.games.texts import DEFAULT_LANGUAGE, Texts, players_of, words
from service.store import decode_cursor, encode_cursor
from service.store.base import GameRecord, StoredEvent

MOVE_WINDOW = 64
"""Events read at once, from the end of a log, to find its last move (doubled until
the move's first event is in the window)."""

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


_EMPTY = msgspec.Raw(b"[]")
"""An empty list, encoded."""


class Reads:
    """What a seat (or a spectator) may read."""

    def __init__(self, games: GameRepository, answers: AnswerCache, auth: Authenticator) -> None:
        self.games = games
        self.answers = answers
        self.auth = auth
        self.store = games.store
        self.texts = Texts()
        self.json = msgspec.json.Encoder()

    # --- summaries ----------------------------------------------------------------------

    async def summary(
        self, game: GameRecord, lang: str = DEFAULT_LANGUAGE, *, last_move: bool = False
    ) -> GameSummary:
        """The summary of ``game``; built once per version (and language) of a
        started game (it never changes then), so a page of ``GET /games`` costs
        little. ``last_move``: with the last move as a spectator sees it (one
        game's summary; a page's summaries leave it out)."""
        key = (game.game_id, game.version, lang, last_move)
        if game.status != "waiting":
            known = self.answers.summaries.find(key)
            if known is not None:
                return known
        ruleset = RULESETS[game.ruleset]
        seed = await self.games.seed(game.game_id) if game.status == "finished" else None
        made = GAME_SUMMARY[game.ruleset](
            game_id=game.game_id,
            options=stored_options(ruleset, game.options),
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
            last_move=await self.last_move(game, SPECTATOR, game.version, lang)
            if last_move
            else None,
            imported=game.imported is not None,
            imported_in_play=game.imported == "in_play",
            forked_from=None
            if game.forked_from is None
            else ForkedFrom(
                game_id=game.forked_from.game_id,
                version=game.forked_from.version,
                forked_at=game.forked_at,
            ),
        )
        if game.status != "waiting":
            self.answers.summaries.keep(key, made)
        return made

    async def summary_body(
        self, game_id: str, lang: str = DEFAULT_LANGUAGE
    ) -> tuple[GameRecord, bytes]:
        """``GET /games/{id}``'s answer as JSON bytes, encoded once per version
        (and language) of a started game; with a shared cache a hit reads no database."""
        game = await self.games.latest(game_id)
        key = ("summary", game_id, game.version, lang)
        body = self.answers.bodies.find(key) if game.status != "waiting" else None
        if body is None:
            body = self.json.encode(await self.summary(game, lang, last_move=True))
            if game.status != "waiting":
                self.answers.bodies.keep(key, body)
        return game, body

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
        await self.games.prime_seeds(games)  # one query for the page's finished games
        return GamePage(
            games=[await self.summary(g) for g in games],
            next_cursor=from_store_cursor(next_cursor) if next_cursor else None,
        )

    # --- what a seat sees ---------------------------------------------------------------

    async def state_body(
        self, game_id: str, token: str | None, version: int | None, lang: str = DEFAULT_LANGUAGE
    ) -> tuple[int, bytes]:
        """``GET /state``'s answer as (version, JSON bytes): redacted and
        encoded once per (game, version, seat); with a shared cache a hit
        reads no database, and a spectator's read of the latest version that
        this process can vouch for reads nothing (``spectator_hit``)."""
        spectator = token is None and version is None
        if spectator:
            hit = self.answers.spectator_hit(game_id, lang)
            if hit is not None:
                return hit
        notifier = self.games.notifier
        hearing = notifier.hearing() if spectator and self.games.shared else None
        if version is None:
            game, entry = await self.games.read_head(game_id)
        else:
            game, entry = await self.games.game(game_id), UNSET
        viewer = await self.auth.viewer(game, token)
        target = game.version if version is None else version
        key = ("state", game_id, target, viewer.seat, lang)
        # A waiting fork's seats (the names its words use) change without a new
        # version: its answers are made afresh until it starts.
        waiting = game.status == "waiting"
        body = None if waiting else self.answers.bodies.find(key)
        if body is None or not 1 <= target <= game.version:
            loaded = await self.games.load(game_id, version=version, game=game, cached=entry)
            view = self.answers.bodies.view(
                loaded.ruleset, game_id, loaded.version, loaded.state, viewer.seat
            )
            answer = STATE_RESPONSE[game.ruleset](
                game_id=game_id,
                version=loaded.version,
                seat=viewer.seat,
                view=view,
                last_move=await self.last_move(game, viewer, loaded.version, lang, after=loaded),
            )
            encoded = self.json.encode(answer)
            target, body = (
                loaded.version,
                encoded if waiting else self.answers.bodies.keep(key, encoded),
            )
        if spectator and target == game.version and not waiting:
            self.answers.vouch(game_id, target, body, hearing, lang)
        return target, body

    async def legal_body(
        self, game_id: str, token: str | None, lang: str = DEFAULT_LANGUAGE
    ) -> tuple[int, bytes]:
        """``GET /legal-commands``' answer as (version, JSON bytes), computed
        once per (game, version, seat, language): 404 for an unknown game before
        401 for a missing token."""
        game, entry = await self.games.read_head(game_id)
        seat = await self.auth.seat(game, required(token))
        key = ("legal", game_id, game.version, seat, lang)
        waiting = game.status == "waiting"  # nobody acts before it starts (a fork waits)
        body = None if waiting else self.answers.bodies.find(key)
        if body is not None:
            return game.version, body
        answer = LegalCommandsWire(
            version=game.version, seat=seat, commands=[], labels=_EMPTY, steps=_EMPTY
        )
        if waiting:
            return game.version, self.json.encode(answer)
        if game.version > 0:
            loaded = await self.games.load(game_id, game=game, cached=entry)
            answer.commands = loaded.ruleset.legal_commands(loaded.state, seat)
            view = self.answers.bodies.view(
                loaded.ruleset, game_id, loaded.version, loaded.state, seat
            )
            said = self.texts.labels(game, answer.commands, view, lang)
            if said is not None:
                answer.labels, answer.steps = msgspec.Raw(said[0]), msgspec.Raw(said[1])
        return game.version, self.answers.bodies.keep(key, self.json.encode(answer))

    async def picture(
        self, game_id: str, token: str | None, version: int | None, lang: str = DEFAULT_LANGUAGE
    ) -> tuple[Loaded, str]:
        """The SVG picture of what the bearer may see: the state path's auth, version
        and redaction, in ``lang``, with what the last move changed marked."""
        game = await self.games.game(game_id)
        viewer = await self.auth.viewer(game, token)
        loaded = await self.games.load(game_id, version=version, game=game)
        moved = await self.last_move(game, viewer, loaded.version, lang, after=loaded)
        svg = render_picture(
            loaded.ruleset,
            loaded.state,
            viewer.seat,
            version=loaded.version,
            seat_names=players_of(game),
            lang=lang,
            changed=tuple(moved.changed) if moved is not None else (),
        )
        return loaded, svg

    # --- the last move ------------------------------------------------------------------

    async def last_move(
        self,
        game: GameRecord,
        viewer: Viewer,
        version: int,
        lang: str,
        *,
        after: Loaded | None = None,
    ) -> LastMove | None:
        """The move that led to ``version`` (the events of its command) as ``viewer``
        sees it, in ``lang``: its sentences and the picture ids it changed. Null
        before the first move. Computed once per (game, version, seat, language).

        ``after``: the state at ``version`` when the caller has loaded it."""
        if version < 1 or words(game.ruleset) is None:
            return None
        key = ("last-move", game.game_id, version, viewer.seat, lang, game.status)
        known = self.answers.bodies.find(key)
        if known is not None:
            return known if isinstance(known, LastMove) else None
        stored = await self._move_events(game.game_id, version)
        if not stored or stored[-1].command_id is None:  # the setup: no move yet
            self.answers.bodies.keep(key, False)
            return None
        if stored[0].version < 2:  # pragma: no cover - a command follows the setup's events
            return None
        ruleset = RULESETS[game.ruleset]
        events = [(e, self.logged(ruleset, game, viewer, e).event) for e in stored]
        if after is None or after.version != version:
            after = await self.games.load(game.game_id, version=version, game=game)
        before = self.answers.bodies.find(before_move_key(game.game_id, version))
        if not isinstance(before, Loaded) or before.version != stored[0].version - 1:
            before = await self.games.load(game.game_id, version=stored[0].version - 1, game=game)
        said = words(game.ruleset)
        assert said is not None
        views = self.answers.bodies
        changed = said.module.changed(
            [event for _, event in events],
            views.view(ruleset, game.game_id, before.version, before.state, viewer.seat),
            views.view(ruleset, game.game_id, version, after.state, viewer.seat),
        )
        moved = self.texts.last_move(
            game,
            viewer.seat,
            stored[-1].seat,
            [(e.version, event) for e, event in events],
            changed,
            lang,
        )
        self.answers.bodies.keep(key, moved)
        return moved

    async def _move_events(self, game_id: str, version: int) -> list[StoredEvent]:
        """The events of the command whose last event is ``version`` (kept per version:
        every seat and language reads the same)."""
        key = move_events_key(game_id, version)
        known = self.answers.bodies.find(key)
        if known is not None:
            return list(known)
        window = MOVE_WINDOW
        while True:
            start = max(0, version - window)
            tail = await self.store.read(game_id, after=start, upto=version)
            if not tail:
                return []
            command = tail[-1].command_id
            first = len(tail) - 1
            while first > 0 and tail[first - 1].command_id == command:
                first -= 1
            if first > 0 or start == 0:
                run = tail[first:]
                self.answers.bodies.keep(key, tuple(run))
                return run
            window *= 2

    # --- the log ------------------------------------------------------------------------

    def logged(
        self,
        ruleset: AnyRuleset,
        game: GameRecord,
        viewer: Viewer,
        stored: StoredEvent,
        lang: str | None = None,
    ) -> LoggedEvent:
        """A stored event as ``viewer`` may see it (complete once the game is
        finished); with ``lang``, its sentence from that view."""
        event = stored_event(ruleset, stored.data)
        if game.status != "finished":
            event = ruleset.redact(event, viewer.seat)
        logged = LoggedEvent(
            version=stored.version,
            recorded_at=stored.recorded_at,
            event=event,
            seat=stored.seat,
            move=stored.command_id,
        )
        if lang is not None:
            said = self.texts.sentence(game, event, viewer.seat, lang)
            if said is not None:
                logged.text, logged.message = said.text, said.message
        return logged

    async def event_log(
        self,
        game: GameRecord,
        token: str | None,
        *,
        after: int,
        limit: int | None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> EventLog:
        """``GET /events``' answer: the log after ``after``, redacted for the bearer,
        each event with its sentence in ``lang``."""
        viewer = await self.auth.viewer(game, token)
        ruleset = RULESETS[game.ruleset]
        stored = await self.store.read(game.game_id, after=after, limit=limit)
        events = [self.logged(ruleset, game, viewer, e, lang) for e in stored]
        return EventLog(events=events, last_version=game.version)

    async def export_finished(self, game_id: str) -> tuple[GameRecord, dict[str, Any]]:
        """A finished game's export (``plateau-game/2``). Only a finished game:
        before its end the seed and the command log would reveal hidden
        information (409 ``game_not_finished``)."""
        game = await self.games.game(game_id)
        if game.status != "finished":
            raise Conflict(
                f"game {game_id} is {game.status}: only a finished game is exported over HTTP",
                code="game_not_finished",
            )
        return game, await export_game(self.store, game)

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
