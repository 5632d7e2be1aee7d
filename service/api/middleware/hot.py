"""The hot path: the plain hot requests of a game, routed without Litestar.

A client that plays reads its legal commands and posts commands, and reads
the summary and the state; spectators read the state; both follow the game's
stream (served by ``service.api.middleware.live``). Those requests, in
their plain form (no query, no ``Origin``, no repeated or NUL header), skip
Litestar's routing, parameter parsing and response building: that is this
module's only job. Everything else is shared with the controllers: the
request rules of ``service.api.headers``, the application service
(``service.games``) and the problem writer (``service.api.problems``), so
both doors give the same bytes and headers (``tests/service/test_hot_reads.py``
and ``tests/service/test_spectator_reads.py`` compare them).

* A read whose answer is not a plain 200/304 (a missing or refused token, an
  unknown game, a store or cache fault) goes to Litestar, which answers it:
  a read changes nothing. A spectator's state of the latest version that
  this process can vouch for (``AnswerCache.spectator_hit``) costs no round
  trip and no await at all.
* A command is submitted here only when it passes every check the framework
  makes before its handler runs (a JSON body within the size limit, decoded
  strictly; one valid bearer token; a well-formed ``If-Match`` and
  ``Idempotency-Key``); anything else goes to Litestar with its body. Once
  submitted, its answer is written here, a refusal or a fault as the
  controllers' exception handlers write it: a command is never decided twice.
"""

from __future__ import annotations

import logging
from typing import Any

from domain import RuleViolation
from service.api.headers import (
    COMMANDS,
    GAME,
    LEGAL,
    PRIVATE_RAW,
    STATE,
    STREAM,
    etag,
    idempotency_key_ok,
    language,
    language_raw,
    names_etag,
    parse_bearer,
    parse_if_match,
)
from service.api.middleware.lifecycle import Lifecycle
from service.api.middleware.live import plain_stream, serve_stream
from service.api.problems import problem_of, send_problem
from service.api.types import ASGIApp, Receive, Scope, Send
from service.games import GameService
from service.games.bodies import strict_body
from service.games.exceptions import ServiceError
from service.games.schemas import AnyCommand
from service.store.base import StoreUnavailable

log = logging.getLogger("plateau")

_COMMAND = frozenset(
    (
        b"authorization",
        b"if-match",
        b"idempotency-key",
        b"content-type",
        b"content-length",
        b"accept-language",
    )
)
"""The request headers a command reads or needs (each at most once, no U+0000)."""
_READ = frozenset((b"authorization", b"if-none-match", b"accept-language"))
"""The request headers these reads use (each at most once, no U+0000: otherwise
the framework's 400)."""
_JSON = (b"content-type", b"application/json")


def _headers(scope: Scope, wanted: frozenset[bytes]) -> dict[bytes, str] | None:
    """The ``wanted`` request headers, or None when the framework must answer
    (an ``Origin``: CORS is the framework's; a repeated or NUL header: its 400)."""
    given: dict[bytes, str] = {}
    for name, value in scope.get("headers", ()):
        if name == b"origin":
            return None
        if name in wanted:
            if name in given or b"\x00" in value:
                return None
            given[name] = value.decode("latin-1")  # decodes any byte
    return given


async def _send_json(send: Send, status: int, headers: list[Any], body: bytes) -> None:
    headers += [_JSON, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class HotPath:
    """ASGI wrapper: the plain hot reads and commands through the application
    service, the rest to ``app``."""

    def __init__(self, app: ASGIApp, state: Any) -> None:
        self.app = app
        self.state = state  # the Litestar app's state: ``games`` is set by the lifespan

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        games: GameService | None = getattr(self.state, "games", None)
        if (
            games is not None
            and scope["type"] == "http"
            and scope.get("method") == "GET"
            and (game_id := STREAM.match(scope.get("path", ""))) is not None
        ):
            if await self._stream(games, game_id, scope, receive, send):
                return
        elif games is not None and scope["type"] == "http" and not scope.get("query_string"):
            method = scope.get("method")
            if method == "GET" and scope.get("path", "").startswith("/games/"):
                if await self._answer(scope, send):
                    return
            elif method == "POST" and (game_id := COMMANDS.match(scope.get("path", ""))):
                handled, receive = await self._command(games, game_id, scope, receive, send)
                if handled:
                    return
        await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, send: Send) -> bool:
        """Answer a plain read (True), or leave it to the framework (False)."""
        games: GameService = self.state.games
        given = _headers(scope, _READ)
        if given is None:
            return False
        token = None
        if b"authorization" in given:
            token = parse_bearer(given[b"authorization"])
            if token is None:  # the framework's 401
                return False
        path = scope["path"]
        reads = games.reads
        lang = language(given.get(b"accept-language"))
        try:
            if (game_id := STATE.match(path)) is not None:
                hit = reads.answers.spectator_hit(game_id, lang) if token is None else None
                version, body = hit or await reads.state_body(game_id, token, None, lang)
                route, private, conditional = STATE, True, True
            elif (game_id := LEGAL.match(path)) is not None:
                if token is None:  # the framework's 401
                    return False
                version, body = await reads.legal_body(game_id, token, lang)
                route, private, conditional = LEGAL, True, False
            elif (game_id := GAME.match(path)) is not None:
                game, body = await reads.summary_body(game_id, lang)
                version = game.version
                route, private, conditional = GAME, False, game.status != "waiting"
            else:
                return False
        except Exception:  # a read changes nothing: the framework answers it
            return False
        scope["path_template"] = route.template  # for the access log and the metrics
        tag = etag(version, lang)
        headers: list[Any] = [(b"etag", tag.encode())]
        if private:
            headers.append(PRIVATE_RAW)
        headers += language_raw(lang)
        if conditional and names_etag(given.get(b"if-none-match"), tag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return True
        await _send_json(send, 200, headers, body)
        return True

    async def _stream(
        self, games: GameService, game_id: str, scope: Scope, receive: Receive, send: Send
    ) -> bool:
        """A plain ``GET /games/{id}/events/stream`` served past the framework
        (``live``): True when served, False to leave it to the framework."""
        lifecycle: Lifecycle | None = getattr(self.state, "lifecycle", None)
        asked = plain_stream(scope)
        if lifecycle is None or lifecycle.draining or asked is None:
            return False  # draining: the framework's StreamGuard answers 503
        try:
            game = await games.repository.game(game_id)
            stream = await games.streams.open(game, asked.token, asked.lang)
        except Exception:  # a stream refused opens nothing: the framework answers it
            return False
        if lifecycle.draining:
            return False
        scope["path_template"] = STREAM.template  # for the access log and the metrics
        batches = stream.batches(after=asked.after, timeout=asked.timeout)
        await serve_stream(batches, asked.lang, receive, send, lifecycle)
        return True

    async def _command(
        self, games: GameService, game_id: str, scope: Scope, receive: Receive, send: Send
    ) -> tuple[bool, Receive]:
        """``POST /games/{id}/commands`` through ``Commands.submit``: (True, _)
        when answered here; else (False, a ``receive`` that gives the framework
        the body again)."""
        given = _headers(scope, _COMMAND)
        if given is None:
            return False, receive
        token = parse_bearer(given.get(b"authorization", ""))
        length = given.get(b"content-length", "")
        key = given.get(b"idempotency-key")
        if (
            token is None  # the framework's 401
            or given.get(b"content-type") != "application/json"
            or not length.isdigit()
            or int(length) > games.settings.max_body_bytes  # the framework's 413
            or not idempotency_key_ok(key)  # the framework's 400
        ):
            return False, receive
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # gone: the framework sees it too
                return False, _replay(chunks, message, receive)
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if len(body) != int(length):
            return False, _replay(chunks, None, receive)
        try:
            command = strict_body(body, AnyCommand)
            if_match = parse_if_match(given.get(b"if-match"))
        except ServiceError:  # the framework's 400
            return False, _replay(chunks, None, receive)
        scope["path_template"] = COMMANDS.template  # for the access log and the metrics
        path = scope["path"]
        try:
            lang = language(given.get(b"accept-language"))
            status, content, version = await games.commands.submit(
                game_id,
                token,
                body,
                if_match=if_match,
                idempotency_key=key,
                command=command,
                lang=lang,
            )
        except (ServiceError, RuleViolation, StoreUnavailable) as exc:
            status, code, detail, details, extra = problem_of(exc)
            await send_problem(send, status, code, detail, path, details=details, headers=extra)
            return True, receive
        except Exception:
            log.exception("unhandled error on POST %s", path)
            await send_problem(send, 500, "internal_error", "internal error", path)
            return True, receive
        headers = [(b"etag", etag(version).encode()), PRIVATE_RAW, *language_raw(lang)]
        await _send_json(send, status, headers, content)
        return True, receive


def _replay(chunks: list[bytes], last: Any, receive: Receive) -> Receive:
    """A ``receive`` that gives the body read so far again (then ``last``, if
    the client had gone), then carries on with ``receive``."""
    pending: list[Any] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]
    if last is not None:
        pending.append(last)

    async def again() -> Any:
        if pending:
            return pending.pop(0)
        return await receive()

    return again
