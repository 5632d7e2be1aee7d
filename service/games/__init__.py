"""The application service: load, decide, append, cache, publish.

Controllers call ``GameService``; nothing here knows HTTP: failures are the
exceptions of ``service/exceptions.py``, which ``service/errors.py`` maps to
HTTP in one place. No game is named here: everything goes through
``domain.RULESETS``. One class, one module per concern:

- ``core``: the games row, seeds, the shared head, encoded answers, loading;
- ``auth``: bearer tokens resolved to a seat;
- ``seats``: players, games and seat claims (a full game starts);
- ``commands``: decide and append one command (``If-Match``, idempotency);
- ``reads``: pages, states, pictures, legal commands, the event log, history;
- ``bodies``: request bodies decoded strictly, as their JSON Schema reads.
"""

from __future__ import annotations

from domain import RuleViolation
from service.games.auth import PLAYER_TOKEN, SEAT_TOKEN, TOKEN_TTL, new_token
from service.games.bodies import json_schema_body, parse_command, strict_body
from service.games.commands import Commands
from service.games.core import BODY_CACHE, HEAD_TTL, Codecs, Loaded, Viewer, now, sha256_hex
from service.games.reads import Reads
from service.games.seats import Seats


class GameService(Commands, Seats, Reads):
    """The application service every controller, the bot runner and the feed use."""


__all__ = [
    "BODY_CACHE",
    "HEAD_TTL",
    "PLAYER_TOKEN",
    "SEAT_TOKEN",
    "TOKEN_TTL",
    "Codecs",
    "GameService",
    "Loaded",
    "RuleViolation",
    "Viewer",
    "json_schema_body",
    "new_token",
    "now",
    "parse_command",
    "sha256_hex",
    "strict_body",
]
