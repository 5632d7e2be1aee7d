"""The spectator's view of a game's latest version, answered before the framework.

``GET /games/{game_id}/state`` without a token, a query or an ``Origin`` is the
read that fans out (everybody watching a game asks for it after every move).
When this process can vouch for that view from memory
(``ServiceCore.spectator_hit``: no round trip, no await), ``SpectatorReads``
answers it itself, exactly as the controller would (the same body, ``ETag``,
``Cache-Control``, ``Content-Type``; a 304 for a matching ``If-None-Match``),
inside ``service.ops.Edge`` (request id, access log, metrics and rate limits
as for any request). Anything else, and every miss, goes to Litestar
unchanged; ``tests/service/test_spectator_reads.py`` compares both answers.
"""

from __future__ import annotations

import re
from typing import Any

from service.lifecycle import ASGIApp, Receive, Scope, Send

STATE_PATH = re.compile(r"/games/([0-9A-Za-z_-]{1,64})/state")
ROUTE = "/games/{game_id}/state"
_FALL_THROUGH = frozenset((b"authorization", b"origin"))
"""Request headers that send a request to the controller: a token (the seat's
view, always from the shared head), an ``Origin`` (CORS is the framework's)."""


def names_etag(header: str, etag: str) -> bool:
    """The ``If-None-Match`` value ``header`` names ``etag`` (weak comparison)
    or is ``*``: the one rule of every 304 (``service.api.games.not_modified``
    applies it to a request)."""
    tags = {t.strip().removeprefix("W/") for t in header.split(",")}
    return "*" in tags or etag in tags


class SpectatorReads:
    """ASGI wrapper: vouched-for spectator views from memory, the rest to ``app``."""

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
        match = STATE_PATH.fullmatch(scope.get("path", ""))
        if match is None:
            return False
        games = getattr(self.state, "games", None)
        if games is None:
            return False
        if_none_match: str | None = None
        for name, value in scope.get("headers", ()):
            if name in _FALL_THROUGH:
                return False
            if name == b"if-none-match":
                if if_none_match is not None:  # repeated: the framework's 400
                    return False
                if_none_match = value.decode("latin-1")  # decodes any byte
                if "\x00" in if_none_match:  # the framework's 400
                    return False
        hit = games.spectator_hit(match.group(1))
        if hit is None:
            return False
        version, body = hit
        etag = f'"{version}"'
        scope["path_template"] = ROUTE  # for the access log and the metrics
        headers = [(b"etag", etag.encode()), (b"cache-control", b"private, no-store")]
        if if_none_match and names_etag(if_none_match, etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return True
        headers += [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True
