"""schemathesis hooks for ``test_schemathesis.py`` (loaded by the CLI via ``SCHEMATHESIS_HOOKS``).

* **Seat tokens.** The links in the document carry ids from one answer to the
  next request (game, seat, legal command, version); the seat token cannot
  travel that way, since it is a credential (``Authorization``, the ``bearer``
  scheme) and no link parameter may set it. So, as a client does, these hooks
  keep the token of every seat a ``claimSeat`` answered, and an auth provider
  puts the token of a seat to act on each request for that game. The token is
  schemathesis's *explicit* auth: ``ignored_auth`` then replays those requests
  without a token and with a wrong one, and expects 401/403.
* **Bounded streams.** A stream request with a valid (or no) ``timeout``, a
  number or a string holding one, gets ``timeout=0``: the backlog, then the
  end, instead of a connection held until the client's request timeout.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import httpx
import schemathesis

BASE_URL = os.environ.get("PLATEAU_SCHEMATHESIS_BASE_URL", "http://127.0.0.1:8000")

# The operations whose view or permission depends on the seat token.
SEAT_TOKEN_OPERATIONS = {
    "GET /games/{game_id}/state",
    "GET /games/{game_id}/legal-commands",
    "GET /games/{game_id}/events",
    "GET /games/{game_id}/picture.svg",
    "GET /games/{game_id}/events/stream",
    "POST /games/{game_id}/commands",
}
STREAMS = {"GET /games/{game_id}/events/stream", "GET /events/stream"}

_lock = threading.Lock()
# game id -> seat -> token, from the claimSeat answers seen so far.
_tokens: dict[str, dict[str, str]] = {}
# game id -> the seats to act, from the last summary read (dropped by a claim or a command).
_to_act: dict[str, list[str]] = {}
_client = httpx.Client(base_url=BASE_URL, timeout=30)


@schemathesis.hook
def after_call(ctx: Any, case: Any, response: Any) -> None:
    label = case.operation.label
    game_id = str((case.path_parameters or {}).get("game_id"))
    if label == "POST /games/{game_id}/seats/{seat}" and response.status_code == 201:
        body = response.json()
        if isinstance(body.get("token"), str):
            with _lock:
                _tokens.setdefault(game_id, {})[body["seat"]] = body["token"]
                _to_act.pop(game_id, None)
    elif label == "GET /games/{game_id}" and response.status_code == 200:
        with _lock:
            _to_act[game_id] = list(response.json().get("to_act", []))
    elif label == "POST /games/{game_id}/commands" and response.status_code == 201:
        with _lock:
            _to_act.pop(game_id, None)


def _seats_to_act(game_id: str) -> list[str]:
    """Who is to act is public (the summary): as a client would, read it when unknown."""
    with _lock:
        known = _to_act.get(game_id)
    if known is not None:
        return known
    summary = _client.get(f"/games/{game_id}")
    to_act = list(summary.json().get("to_act", [])) if summary.status_code == 200 else []
    with _lock:
        _to_act[game_id] = to_act
    return to_act


@schemathesis.auth(refresh_interval=None)
class SeatTokens:
    """The token of a seat to act in the request's game (else of any seat claimed there)."""

    def get(self, case: Any, ctx: Any) -> str | None:
        if ctx.operation.label not in SEAT_TOKEN_OPERATIONS:
            return None
        game_id = str((case.path_parameters or {}).get("game_id"))
        with _lock:
            seats = dict(_tokens.get(game_id, {}))
        if not seats:
            return None
        for seat in _seats_to_act(game_id):
            if seat in seats:
                return seats[seat]
        return next(iter(seats.values()))

    def set(self, case: Any, data: str, ctx: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def _holds_the_stream(timeout: object) -> bool:
    """Whether the server would accept ``timeout`` and hold the stream open for it.

    The coverage phase sends query values as strings (``"86400"``), the other
    phases as numbers; a value the server refuses (out of range, not a number,
    repeated) is a negative case and stays as it is: it is answered 400 at once.
    """
    if timeout is None:
        return True
    if isinstance(timeout, bool):
        return False
    if isinstance(timeout, str):
        try:
            timeout = float(timeout)
        except ValueError:
            return False
    return isinstance(timeout, (int, float)) and 0 <= timeout <= 86400


@schemathesis.hook
def before_call(ctx: Any, case: Any, kwargs: dict[str, Any]) -> None:
    """Every phase's calls go through here (the coverage phase skips the map hooks)."""
    if case.operation.label not in STREAMS:
        return
    query = case.query if isinstance(case.query, dict) else {}
    timeout = query.get("timeout")
    if _holds_the_stream(timeout):
        query["timeout"] = "0" if isinstance(timeout, str) else 0
        case.query = query
