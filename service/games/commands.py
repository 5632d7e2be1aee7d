"""Commands: decide with the rules engine, append with optimistic concurrency
(``If-Match``, retries), replay an ``Idempotency-Key``, then cache, publish
and wake the bot runner."""

from __future__ import annotations

import os
from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset, Rng, RuleViolation, fold
from domain.words import kept_changing, stale
from domain.words import not_active as not_active_words
from service import metrics
from service.games.answers import AnswerCache, before_move_key, move_events_key, view_key
from service.games.auth import Authenticator
from service.games.bodies import command_of, parse_command
from service.games.exceptions import (
    Conflict,
    ServiceError,
    StaleVersion,
    Unprocessable,
    not_active,
)
from service.games.repository import (
    UNSET,
    CacheEntry,
    GameRepository,
    Loaded,
    now,
    stored_events,
)
from service.games.schemas import CommandAccepted, LastMove
from service.games.texts import DEFAULT_LANGUAGE, Texts, words
from service.games.tokens import sha256_hex
from service.settings import Settings
from service.store.base import (
    CommandRecord,
    GameRecord,
    GameUpdate,
    IdempotencyConflict,
    StoredEvent,
    VersionConflict,
)

Answer = tuple[int, bytes, int]
"""(HTTP status, the encoded ``CommandAccepted``, the version after it)."""


class Commands:
    """Deciding and appending one command."""

    def __init__(
        self, settings: Settings, games: GameRepository, answers: AnswerCache, auth: Authenticator
    ) -> None:
        self.settings = settings
        self.games = games
        self.answers = answers
        self.auth = auth
        self.store = games.store
        self.texts = Texts()
        self.json = msgspec.json.Encoder()

    async def submit(
        self,
        game_id: str,
        token: str,
        body: bytes,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
        command: Any = None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> Answer:
        """Decide and append one command of the bearer of ``token``; its answer (and
        a refusal's detail) in ``lang``.

        ``command``: the body already decoded (as any ruleset's command); the
        body is decoded here otherwise.

        With a shared cache the games row and the state come from it (one
        round trip, no database read); the append's version check is the
        authority, and a lost race re-reads the store."""
        head, entry = await self.games.head(game_id, hold=True)
        game = head if head is not None else await self.games.game(game_id)
        seat = await self.auth.seat(game, token)
        return await self.submit_as(
            game,
            seat,
            body,
            if_match=if_match,
            idempotency_key=idempotency_key,
            command=command,
            cached=entry,
            from_head=head is not None,
            lang=lang,
        )

    async def submit_as(
        self,
        game: GameRecord,
        seat: str,
        body: bytes,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
        command: Any = None,
        cached: CacheEntry = UNSET,
        from_head: bool = False,
        lang: str = DEFAULT_LANGUAGE,
    ) -> Answer:
        """``submit`` for a seat already authenticated (a client's token, or a bot seat).

        ``cached``: the state entry read with the game; ``from_head``: the game
        came from the shared head (which may lag: the store is asked before
        answering 409 or 412 on its word).

        An ``Idempotency-Key`` costs no query of its own: the append records
        it under a unique index (a key already used makes it fail, nothing
        written, and the first answer is replayed), and a command refused for
        any other reason looks the key up before answering, so a retry gets
        the first answer whatever the game did since. The body's hash is taken only
        with a key: nothing else reads it."""
        request_hash = sha256_hex(body) if idempotency_key is not None else ""
        ruleset = RULESETS[game.ruleset]
        try:
            command = (
                parse_command(ruleset, body) if command is None else command_of(ruleset, command)
            )
            if game.status != "active":
                raise self._not_active(game, lang)
            attempt = _Attempt(seat, command, request_hash, if_match, idempotency_key, lang)
            return await self._decide_and_append(game, ruleset, attempt, cached, from_head)
        except (ServiceError, RuleViolation) as refused:
            if idempotency_key is not None:
                replay = await self._replay(game.game_id, seat, idempotency_key, request_hash)
                if replay is not None:
                    metrics.command(game.ruleset, "replayed")
                    return replay
            if isinstance(refused, StaleVersion) and refused.since is not None:
                raise await self._stale(refused, *refused.since, lang) from None
            raise

    async def _decide_and_append(
        self,
        game: GameRecord,
        ruleset: AnyRuleset,
        attempt: _Attempt,
        cached: CacheEntry,
        from_head: bool,
    ) -> Answer:
        """Load, decide, append; a lost race (no ``If-Match``) tries again with
        the store's state, up to ``command_retries`` times."""
        game_id = game.game_id
        seed = await self.games.seed(game_id)
        fresh: GameRecord | None = game  # read just above; re-read after a lost race
        entry = cached
        for _ in range(max(1, self.settings.command_retries) + (1 if from_head else 0)):
            loaded = await self.games.load(game_id, game=fresh, cached=entry)
            fresh, entry = None, UNSET
            if from_head and (
                loaded.game.status != "active"
                or (attempt.if_match is not None and loaded.version not in attempt.if_match)
            ):
                from_head = False  # the head may lag behind the store: ask the store
                continue
            if loaded.game.status != "active":
                raise self._not_active(loaded.game, attempt.lang)
            try:
                attempt.check_version(ruleset, loaded.version)
            except StaleVersion as exc:
                named = min(attempt.if_match or {loaded.version})
                exc.since = (loaded.game, named)  # said once no replay answers instead
                raise
            answer = await self._append(loaded, attempt, seed)
            if answer is not None:
                return answer
        conflict = Conflict(
            f"game {game_id} kept changing under this command; reload and retry",
            code="version_conflict",
        )
        conflict.detail = self.texts.say(game, kept_changing(), attempt.lang) or conflict.detail
        raise conflict

    def _not_active(self, game: GameRecord, lang: str) -> Conflict:
        """409 ``game_not_active``, said in ``lang``."""
        refused = not_active(game.game_id, game.status)
        refused.detail = self.texts.say(game, not_active_words(game.status), lang) or refused.detail
        return refused

    async def _stale(
        self, refused: StaleVersion, game: GameRecord, named: int, lang: str
    ) -> StaleVersion:
        """412 ``stale_version``, said in ``lang``: the game moved on, and who moved."""
        current = refused.current_version
        if named >= current or words(game.ruleset) is None:
            return refused
        moved: list[str] = []
        for event in await self.store.read(game.game_id, after=named, upto=current, limit=1000):
            if event.seat is not None and event.seat not in moved:
                moved.append(event.seat)
        refused.detail = self.texts.say(game, stale(moved), lang) or refused.detail
        return refused

    def _in_words(
        self, loaded: Loaded, attempt: _Attempt, redacted: list[Any], state: Any, version: int
    ) -> tuple[LastMove | None, Any]:
        """The command as a move, in the caller's language and from the caller's view,
        and the caller's view after it (None for a game with no words): kept once the
        move is appended (``view_key``), for the caller's next reads.

        ``redacted``: the command's events as the caller sees them (its answer's). The
        view before it is the one the caller's legal commands were said from, when this
        process made them."""
        said = words(loaded.ruleset.name)
        if said is None:
            return None, None
        ruleset, seat = loaded.ruleset, attempt.seat
        before = self.answers.bodies.view(ruleset, loaded.game.game_id, version, loaded.state, seat)
        after = ruleset.view(state, seat)
        changed = said.module.changed(redacted, before, after)
        moved = self.texts.last_move(
            loaded.game,
            seat,
            seat,
            [(version + 1 + i, e) for i, e in enumerate(redacted)],
            changed,
            attempt.lang,
        )
        return moved, after

    async def _append(self, loaded: Loaded, attempt: _Attempt, seed: str) -> Answer | None:
        """Decide ``attempt`` on ``loaded`` and append its events: the answer,
        or None when another command won the race (try again)."""
        game_id, ruleset, version = loaded.game.game_id, loaded.ruleset, loaded.version
        try:
            events = ruleset.decide(loaded.state, attempt.seat, attempt.command, Rng(seed, version))
        except RuleViolation as refused:  # said to the caller, from the caller's view
            view = self.answers.bodies.view(ruleset, game_id, version, loaded.state, attempt.seat)
            said = self.texts.refusal(loaded.game, refused, view, attempt.lang)
            refused.message = said or refused.message
            raise
        state = fold(ruleset, events, loaded.state)
        new_version = version + len(events)
        update = self.games.update(ruleset, state)
        redacted = [ruleset.redact(e, attempt.seat) for e in events]
        moved, view_after = self._in_words(loaded, attempt, redacted, state, version)
        response = self.json.encode(
            CommandAccepted(
                version=new_version,
                events=redacted,
                status=update.status,  # type: ignore[arg-type]
                to_act=list(update.to_act),
                last_move=moved,
            )
        )
        update.at = now()
        record = attempt.record(response)
        appended = self.games.new_events(events)
        # The state the cache takes, and the snapshot when one is due (in the
        # append's statement: no transaction of its own).
        encoded = self.games.encoder.encode(state)
        snapshot = encoded if self.games.snapshot_due(version, new_version) else None
        try:
            await self.store.append(
                game_id, version, appended, update=update, command=record, snapshot=snapshot
            )
        except VersionConflict:
            metrics.command(ruleset.name, "stale" if attempt.if_match is not None else "conflict")
            if attempt.if_match is not None:
                current = await self.games.game(game_id)
                moved_on = StaleVersion(
                    f"the game moved on to version {current.version} meanwhile",
                    current_version=current.version,
                )
                moved_on.since = (current, version)
                raise moved_on from None
            return None
        except IdempotencyConflict:
            assert attempt.key is not None
            replay = await self._replay(game_id, attempt.seat, attempt.key, attempt.request_hash)
            if replay is None:  # pragma: no cover - the conflicting record must exist
                raise Conflict(
                    "concurrent request with the same key", code="version_conflict"
                ) from None
            metrics.command(ruleset.name, "replayed")
            return replay
        metrics.command(ruleset.name, "accepted", len(events))
        written = _written(loaded.game, new_version, update)
        # The new state cached and the move published with its events: one
        # Redis command (or, on other backends, the two side by side).
        stored = stored_events(
            game_id, version, appended, update.at, record.command_id, record.seat
        )
        await self.games.remember(
            game_id,
            state,
            new_version,
            version,
            game=written,
            announce=True,
            events=stored,
            encoded=encoded,
            snapshotted=snapshot is not None,
        )
        self.games.moved(written)
        self._keep_move(loaded, stored)
        if view_after is not None:  # only now: a lost race's state never was the game's
            self.answers.bodies.keep(view_key(game_id, new_version, attempt.seat), view_after)
        return 201, response, new_version

    def _keep_move(self, before: Loaded, stored: tuple[StoredEvent, ...]) -> None:
        """The move just appended, as the last-move reader asks for it (its events and
        the state before it): this process's next reads of the game say it without
        reading the store again."""
        game_id, version = before.game.game_id, before.version + len(stored)
        self.answers.bodies.keep(move_events_key(game_id, version), stored)
        self.answers.bodies.keep(before_move_key(game_id, version), before)

    async def _replay(self, game_id: str, seat: str, key: str, request_hash: str) -> Answer | None:
        previous = await self.store.get_command(game_id, seat, key)
        if previous is None:
            return None
        if previous.request_hash != request_hash:
            raise Unprocessable(
                "this Idempotency-Key was used with a different request body",
                code="idempotency_key_reused",
            )
        version = msgspec.json.decode(previous.response, type=CommandAccepted).version
        return previous.response_status, previous.response, version


class _Attempt:
    """One command of one seat, as it is tried (maybe several times)."""

    __slots__ = ("command", "if_match", "key", "lang", "request_hash", "seat")

    def __init__(
        self,
        seat: str,
        command: Any,
        request_hash: str,
        if_match: frozenset[int] | None,
        key: str | None,
        lang: str,
    ) -> None:
        self.seat, self.command, self.request_hash = seat, command, request_hash
        self.if_match, self.key, self.lang = if_match, key, lang

    def check_version(self, ruleset: AnyRuleset, version: int) -> None:
        """412 when ``If-Match`` names another version than the game's ``version``."""
        if self.if_match is not None and version not in self.if_match:
            named = ", ".join(str(v) for v in sorted(self.if_match)) or "no strong tag"
            metrics.command(ruleset.name, "stale")
            raise StaleVersion(
                f"If-Match names version {named}, the game is at version {version}",
                current_version=version,
            )

    def record(self, response: bytes) -> CommandRecord:
        """The command's record. Its answer and its body's hash are kept only with
        an ``Idempotency-Key``, the one way to have it replayed: a move's answer
        is a kilobyte or more, every byte of it parsed and written by PostgreSQL."""
        keyed = self.key is not None
        return CommandRecord(
            # 128 random bits as 32 hex digits, as ``uuid4().hex`` wrote them without
            # its version bits and its ``UUID`` object (about a quarter of the time).
            command_id=os.urandom(16).hex(),
            seat=self.seat,
            idempotency_key=self.key,
            request_hash=self.request_hash if keyed else None,
            command=msgspec.to_builtins(self.command),
            response_status=201,
            response=response if keyed else b"",
        )


def _written(game: GameRecord, version: int, update: GameUpdate) -> GameRecord:
    """The games row as an append at ``version`` with ``update`` leaves it."""
    return msgspec.structs.replace(
        game,
        version=version,
        status=update.status,
        to_act=list(update.to_act),
        outcome=update.outcome,
        updated_at=update.at,
        finished_at=(game.finished_at or update.at) if update.status == "finished" else None,
    )
