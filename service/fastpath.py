"""The hot reads of a game, answered before the framework.

A client that plays reads, after every move, the summary (``GET
/games/{id}``), its legal commands (``GET /games/{id}/legal-commands``) and
the state (``GET /games/{id}/state``); spectators read the state. Those
requests, in their plain form (no query, no ``Origin``, no repeated or NUL
header), are answered here by the application service's own body functions
(``summary_body``, ``legal_body``, ``state_body``: the same caches, shared
head and authentication), with the controller's bytes and headers (``ETag``,
``Cache-Control``, ``Content-Type``, the same 304s), inside
``service.ops.Edge`` (request id, access log, metrics and rate limits as for
any request), without the framework's routing, parameter parsing and
response building. Anything else, and any failure (a missing or refused
token, an unknown game, a store or cache fault: reads change nothing), goes
to Litestar unchanged, which answers it as it always did.

A spectator's state of the latest version that this process can vouch for
(``ServiceCore.spectator_hit``) costs no round trip and no await at all.
``tests/service/test_spectator_reads.py`` and ``tests/service/test_hot_reads.py``
compare both paths' answers.
"""

from __future__ import annotations

import re
from typing import Any

from service.lifecycle import ASGIApp, Receive, Scope, Send

STATE_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/state")
LEGAL_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/legal-commands")
SUMMARY_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})")
ROUTE = "/games/{game_id}/state"
LEGAL_ROUTE = "/games/{game_id}/legal-commands"
SUMMARY_ROUTE = "/games/{game_id}"
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


class FastReads:
    """ASGI wrapper: the plain hot reads from the application service, the rest to ``app``."""

    def __init__(self, app: ASGIApp, state: Any) -> None:
        self.app = app
        self.state = state  # the Litestar app's state: its ``games`` is set by the lifespan

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        answered = (
            scope["type"] == "http"
            and scope.get("method") == "GET"
            and not scope.get("query_string")
            and await self._answer(scope, send)
        )
        if not answered:
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
