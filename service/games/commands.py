"""Commands: authenticate the seat, decide with the rules engine, append
with optimistic concurrency (``If-Match``, retries), replay an
``Idempotency-Key``, then cache, publish and wake the bot runner."""

from __future__ import annotations

import uuid
from typing import Any

import msgspec

from domain import RULESETS, Rng, RuleViolation, fold
from service import metrics
from service.exceptions import Conflict, ServiceError, StaleVersion, Unprocessable
from service.games.auth import Auth, required
from service.games.bodies import command_of, parse_command
from service.games.core import _UNSET, now, sha256_hex
from service.schemas import CommandAccepted
from service.store.base import CommandRecord, GameRecord, IdempotencyConflict, VersionConflict


class Commands(Auth):
    """Deciding and appending one command."""

    async def submit(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        *,
        if_match: frozenset[int] | None,
        idempotency_key: str | None,
        command: Any = None,
    ) -> tuple[int, bytes, int]:
        """Decide and append one command. Returns (status, JSON body, version).

        ``command``: the body already decoded (as any ruleset's command); the
        body is decoded here otherwise.

        With a shared cache the games row and the state come from it (one
        round trip, no database read); the append's version check is the
        authority, and a lost race re-reads the store."""
        head, entry = await self._head(game_id, hold=True)
        game = head if head is not None else await self.game(game_id)
        viewer = await self.viewer(game, required(token, "a seat token is required to play"))
        seat = viewer.seat
        assert seat is not None
        return await self.submit_as(
            game,
            seat,
            body,
            if_match=if_match,
            idempotency_key=idempotency_key,
            command=command,
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
        command: Any = None,
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
                command=command,
                cached=cached,
                from_head=from_head,
            )
        except (ServiceError, RuleViolation):
            if idempotency_key is None:
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
        command: Any,
        cached: Any,
        from_head: bool,
    ) -> tuple[int, bytes, int]:
        game_id = game.game_id
        ruleset = RULESETS[game.ruleset]
        if command is None:
            command = parse_command(ruleset, body)
        else:
            command = command_of(ruleset, command)
        if game.status != "active":
            raise Conflict(f"game {game_id} is {game.status}", code="game_not_active")
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
                raise Conflict(f"game {game_id} is {loaded.game.status}", code="game_not_active")
            version = loaded.version
            if if_match is not None and version not in if_match:
                named = ", ".join(str(v) for v in sorted(if_match)) or "no strong tag"
                metrics.command(ruleset.name, "stale")
                raise StaleVersion(
                    f"If-Match names version {named}, the game is at version {version}",
                    current_version=version,
                )
            events = ruleset.decide(loaded.state, seat, command, Rng(seed, version))
            state = fold(ruleset, events, loaded.state)
            new_version = version + len(events)
            update = self._update(ruleset, state)
            answer = CommandAccepted(
                version=new_version,
                events=[ruleset.redact(e, seat) for e in events],
                status=update.status,  # type: ignore[arg-type]
                to_act=list(update.to_act),
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
                    raise StaleVersion(
                        f"the game moved on to version {current} meanwhile",
                        current_version=current,
                    ) from None
                continue
            except IdempotencyConflict:
                assert idempotency_key is not None
                replay = await self._replay(game_id, seat, idempotency_key, request_hash)
                if replay is None:  # pragma: no cover - the conflicting record must exist
                    raise Conflict(
                        "concurrent request with the same key", code="version_conflict"
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
            # The new state cached and the move published: one Redis command
            # (or, on other backends, the two side by side).
            await self._remember(game_id, state, new_version, version, game=written, announce=True)
            self._moved(written)
            return 201, response, new_version
        raise Conflict(
            f"game {game_id} kept changing under this command; reload and retry",
            code="version_conflict",
        )

    async def _replay(
        self, game_id: str, seat: str, key: str, request_hash: str
    ) -> tuple[int, bytes, int] | None:
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
