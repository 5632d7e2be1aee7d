"""What the middleware answers, added to the OpenAPI document: the
``X-Request-ID`` header on every answer, 429 ``rate_limited`` on every limited
operation, the refusals of the request slots (503 ``overloaded`` /
``too_many_connections``, 408 ``body_timeout`` where a body is sent) and 503
``too_many_streams`` / ``draining`` on the streams."""

from __future__ import annotations

from typing import Any

from service.api.middleware.edge import UNLIMITED
from service.api.middleware.slots import EXEMPT

SLOTS = (
    "; or `overloaded` / `too_many_connections` (this process, or this client address, has"
    " its maximum of requests in progress: `PLATEAU_MAX_REQUESTS`,"
    " `PLATEAU_MAX_REQUESTS_PER_ADDRESS`)"
)
STREAMS = (
    "`too_many_streams` (this process, this client address or this token has its maximum of"
    " open streams: `PLATEAU_MAX_STREAMS`, `PLATEAU_MAX_STREAMS_PER_ADDRESS`,"
    " `PLATEAU_MAX_STREAMS_PER_TOKEN`) or `draining` (shutting down: reconnect, the load"
    " balancer picks another)"
)

QUOTAS = {
    "createGame": "; `quota_exceeded`: this client address created `PLATEAU_QUOTA_GAMES` games"
    " within `PLATEAU_QUOTA_WINDOW`, or a bots-only game beyond its"
    " `PLATEAU_BOT_GAMES_PER_ADDRESS` in play (`details.quota`: `games` or `bot_games`)",
    "forkGame": "; `quota_exceeded`: a fork is a new game: this client address created"
    " `PLATEAU_QUOTA_GAMES` games within `PLATEAU_QUOTA_WINDOW`, or a bots-only fork beyond"
    " its `PLATEAU_BOT_GAMES_PER_ADDRESS` in play (`details.quota`: `games` or `bot_games`)",
    "createPlayer": "; `quota_exceeded`: this client address created `PLATEAU_QUOTA_PLAYERS`"
    " players within `PLATEAU_QUOTA_WINDOW` (`details.quota`: `players`)",
    "claimSeat": "; `quota_exceeded`: a bot claim that would make a bots-only game beyond"
    " this client address's `PLATEAU_BOT_GAMES_PER_ADDRESS` in play (`details.quota`:"
    " `bot_games`)",
}
"""What a 429 also means on the operations with a per-address quota (``Seats``)."""


def document(doc: dict[str, Any]) -> dict[str, Any]:
    """Add what the middleware answers to the OpenAPI document: the
    ``X-Request-ID`` header on every answer, 429 ``rate_limited`` on every
    limited operation, the slots' 503 and 408, and 503 ``too_many_streams`` /
    ``draining`` on the streams."""
    components = doc.setdefault("components", {})
    components.setdefault("headers", {})["X-Request-ID"] = {
        "description": "The request's id: the client's `X-Request-ID` when it is 1-128 characters"
        " of `[A-Za-z0-9._:-]`, else a new one; in every log line of the request",
        "schema": {"type": "string", "maxLength": 128},
    }
    components["headers"]["Retry-After"] = {
        "description": "Seconds to wait before trying again",
        "schema": {"type": "integer", "minimum": 1},
    }
    problem = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    retry = {"Retry-After": {"$ref": "#/components/headers/Retry-After"}}
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            responses = op["responses"]
            if not path.startswith(UNLIMITED) and "429" not in responses:
                responses["429"] = {
                    "description": "Too many requests for this token or client address"
                    " (`rate_limited`, when `PLATEAU_RATE_LIMIT_*` is set)"
                    + QUOTAS.get(op.get("operationId", ""), ""),
                    "headers": dict(retry),
                    "content": problem,
                }
            if path.endswith("/events/stream") and method == "get":
                responses["503"] = {
                    "description": STREAMS,
                    "headers": dict(retry),
                    "content": problem,
                }
            elif not path.startswith(EXEMPT) and "503" in responses:
                responses["503"]["description"] += SLOTS
            if "requestBody" in op and "408" not in responses:
                responses["408"] = {
                    "description": "The request body did not arrive within"
                    " `PLATEAU_BODY_TIMEOUT` seconds (`body_timeout`); the connection is closed",
                    "content": problem,
                }
            for response in responses.values():
                if isinstance(response, dict):
                    headers = response.setdefault("headers", {})
                    headers.setdefault(
                        "X-Request-ID", {"$ref": "#/components/headers/X-Request-ID"}
                    )
    return doc
