"""The hot requests of a game, answered before the framework.

A client that plays reads its legal commands (``GET
/games/{id}/legal-commands``) and posts a command (``POST
/games/{id}/commands``), and reads the summary (``GET /games/{id}``) and the
state (``GET /games/{id}/state``); spectators read the state. Those requests,
in their plain form, go straight to the application service here, inside
``service.ops.Edge`` (request id, access log, metrics and rate limits as for
any request), without the framework's routing, parameter parsing and response
building; the answers are the controllers' bytes and headers (``ETag``,
``Cache-Control``, ``Content-Type``, the same 304s and problems).

* Reads (no query, no ``Origin``, no repeated or NUL header) are answered by
  ``summary_body``, ``legal_body`` and ``state_body`` (the same caches,
  shared head and authentication); any failure (a missing or refused token,
  an unknown game, a store or cache fault) goes to Litestar, which answers
  it as it always did: a read changes nothing. A spectator's state of the
  latest version that this process can vouch for
  (``ServiceCore.spectator_hit``) costs no round trip and no await at all.
* A command is submitted here only when it passes every check the framework
  makes before its handler runs (a JSON body within the size limit, decoded
  strictly; one valid bearer token; a well-formed ``If-Match`` and
  ``Idempotency-Key``; no query, no ``Origin``); anything else goes to
  Litestar with its body. Once submitted, its answer is written here, a
  refusal or a fault exactly as the framework's handlers write it
  (``service.errors.problem_of``): a command is never decided twice.

``tests/service/test_hot_reads.py`` and ``tests/service/test_spectator_reads.py``
compare both paths' answers.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from domain import RuleViolation
from service.api.deps import parse_if_match
from service.errors import PROBLEM_JSON, problem_body, problem_of
from service.exceptions import ServiceError
from service.games.bodies import strict_body
from service.lifecycle import ASGIApp, Receive, Scope, Send
from service.schemas import AnyCommand
from service.store.base import StoreUnavailable

log = logging.getLogger("plateau")

STATE_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/state")
LEGAL_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/legal-commands")
SUMMARY_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})")
ROUTE = "/games/{game_id}/state"
LEGAL_ROUTE = "/games/{game_id}/legal-commands"
SUMMARY_ROUTE = "/games/{game_id}"
COMMANDS_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/commands")
COMMANDS_ROUTE = "/games/{game_id}/commands"
_COMMAND = frozenset(
    (b"authorization", b"if-match", b"idempotency-key", b"content-type", b"content-length")
)
"""The request headers a command reads or needs (each at most once, no U+0000)."""
_READ = frozenset((b"authorization", b"if-none-match"))
"""The request headers these operations read (each at most once, no U+0000:
otherwise the framework's 400)."""
_PRIVATE = (b"cache-control", b"private, no-store")
_JSON = (b"content-type", b"application/json")


def names_etag(header: str, etag: str) -> bool:
    """The ``If-None-Match`` value ``header`` names ``etag`` (weak comparison)
    or is ``*``: the one rule of every 304 (``service.api.games.not_modified``
    applies it to a request)."""
    tags = {t.strip().removeprefix("W/") for t in header.split(",")}
    return "*" in tags or etag in tags


def _bearer(value: str) -> str | None:
    """The token of ``Bearer <token>`` (``service.api.deps.bearer``), None when malformed."""
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


class HotPath:
    """ASGI wrapper: the plain hot reads and commands through the application
    service, the rest to ``app``."""

    def __init__(self, app: ASGIApp, state: Any) -> None:
        self.app = app
        self.state = state  # the Litestar app's state: its ``games`` is set by the lifespan

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("query_string"):
            method = scope.get("method")
            if method == "GET":
                if await self._answer(scope, send):
                    return
            elif method == "POST" and COMMANDS_PATH.fullmatch(scope.get("path", "")):
                handled, receive = await self._command(scope, receive, send)
                if handled:
                    return
        await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, send: Send) -> bool:
        path = scope.get("path", "")
        if not path.startswith("/games/"):
            return False
        games = getattr(self.state, "games", None)
        if games is None:
            return False
        read: dict[bytes, str] = {}
        for name, value in scope.get("headers", ()):
            if name == b"origin":  # CORS is the framework's
                return False
            if name in _READ:
                if name in read or b"\x00" in value:  # the framework's 400
                    return False
                read[name] = value.decode("latin-1")  # decodes any byte
        authorization = read.get(b"authorization")
        token = None
        if authorization is not None:
            token = _bearer(authorization)
            if token is None:  # the framework's 401
                return False
        if_none_match = read.get(b"if-none-match")
        try:
            match = STATE_PATH.fullmatch(path)
            if match is not None:
                game_id = match.group(1)
                hit = games.spectator_hit(game_id) if token is None else None
                version, body = hit or await games.state_body(game_id, token, None)
                route, private, conditional = ROUTE, True, True
            elif (match := LEGAL_PATH.fullmatch(path)) is not None:
                if token is None:  # the framework's 401
                    return False
                version, body = await games.legal_body(match.group(1), token)
                route, private, conditional = LEGAL_ROUTE, True, False
            elif (match := SUMMARY_PATH.fullmatch(path)) is not None:
                game, body = await games.summary_body(match.group(1))
                version = game.version
                route, private, conditional = SUMMARY_ROUTE, False, game.status != "waiting"
            else:
                return False
        except Exception:  # a read changes nothing: the framework answers it
            return False
        scope["path_template"] = route  # for the access log and the metrics
        etag = f'"{version}"'
        headers = [(b"etag", etag.encode())]
        if private:
            headers.append(_PRIVATE)
        if conditional and if_none_match and names_etag(if_none_match, etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return True
        headers += [_JSON, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True

    async def _command(self, scope: Scope, receive: Receive, send: Send) -> tuple[bool, Receive]:
        """``POST /games/{id}/commands`` through ``GameService.submit``: (True,
        _) when answered here; else (False, a ``receive`` that gives the
        framework the body again).

        Only a request that passes every check the framework makes before its
        handler runs (a JSON body within the size limit, decoded strictly; one
        valid bearer token; a well-formed ``If-Match`` and ``Idempotency-Key``)
        is submitted here; anything else goes to the framework, which refuses
        it as it always did. Once submitted, the answer is written here, a
        failure as the framework's handlers write it (``problem_of``): a
        command is never decided twice."""
        games = getattr(self.state, "games", None)
        settings = getattr(self.state, "settings", None)
        if games is None or settings is None:
            return False, receive
        given: dict[bytes, str] = {}
        for name, value in scope.get("headers", ()):
            if name == b"origin":  # CORS is the framework's
                return False, receive
            if name in _COMMAND:
                if name in given or b"\x00" in value:  # the framework's 400
                    return False, receive
                given[name] = value.decode("latin-1")
        token = _bearer(given.get(b"authorization", ""))
        length = given.get(b"content-length", "")
        key = given.get(b"idempotency-key")
        if (
            token is None  # the framework's 401
            or given.get(b"content-type") != "application/json"
            or not length.isdigit()
            or int(length) > settings.max_body_bytes  # the framework's 413
            or (key is not None and not 1 <= len(key) <= 200)  # the framework's 400
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
        game_id = COMMANDS_PATH.fullmatch(scope["path"]).group(1)  # type: ignore[union-attr]
        scope["path_template"] = COMMANDS_ROUTE  # for the access log and the metrics
        try:
            status, content, version = await games.submit(
                game_id, token, body, if_match=if_match, idempotency_key=key, command=command
            )
        except (ServiceError, RuleViolation, StoreUnavailable) as exc:
            status, code, detail, details, extra = problem_of(exc)
            await _send_problem(send, status, code, detail, scope["path"], details, extra)
            return True, receive
        except Exception:
            log.exception("unhandled error on POST %s", scope["path"])
            await _send_problem(send, 500, "internal_error", "internal error", scope["path"])
            return True, receive
        headers = [
            (b"etag", f'"{version}"'.encode()),
            _PRIVATE,
            _JSON,
            (b"content-length", str(len(content)).encode()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
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


async def _send_problem(
    send: Send,
    status: int,
    code: str,
    detail: str,
    path: str,
    details: dict[str, Any] | None = None,
    extra: dict[str, str] | None = None,
) -> None:
    """A problem answer exactly as ``service.errors.problem_response`` writes it."""
    body = problem_body(status, code, detail, path, details)
    headers = [
        (b"cache-control", b"no-store"),
        *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (extra or {}).items()),
        (b"content-type", PROBLEM_JSON.encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
