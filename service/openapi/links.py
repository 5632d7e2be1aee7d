"""OpenAPI ``links``: how the answer of one operation feeds the next.

A client (or a stateful tester such as schemathesis) can walk a whole game
from the document alone::

    createGame ─201─> claimSeat ─201─> getGame ─200─> claimSeat (the next seat) …
                          │                │
                          └──> getState / getLegalCommands ─200─> submitCommand
                                                ^                      │
                                                └──────────201─────────┘

plus the reads that hang off a game (summary, state, log, picture, export,
stream). Links stay on this path: a stateful tester picks among the links
of the answers it holds, and every extra branch (players, say) dilutes the
walks that reach the rules.

The seat token is the one value no standard link can carry to the next
request: it travels in ``Authorization``, a security scheme, and OpenAPI
ignores a header parameter of that name (OAS 3.1, Parameter Object). Only the
stream takes the token in its own ``access_token`` query parameter, so that
link passes it; elsewhere the client (or the tester's auth provider) keeps the
token of each seat it claimed.
"""

from __future__ import annotations

from typing import Any

# Seats are listed in seat order; no ruleset seats more than five.
MAX_SEATS = 5
# A legal-commands answer lists the commands in a stable order: a few links
# to its first entries let a walker play legal moves, not only random ones.
COMMAND_LINKS = 3

_GAME_FROM_BODY = "$response.body#/game_id"
_GAME_FROM_PATH = "$request.path.game_id"


def _link(operation_id: str, description: str, **parameters: str) -> dict[str, Any]:
    return {
        "operationId": operation_id,
        "description": description,
        "parameters": {name.replace("__", "."): value for name, value in parameters.items()},
    }


def _get(operation_id: str, description: str, game: str) -> dict[str, Any]:
    return _link(operation_id, description, game_id=game)


def _claim_seats(count: int) -> dict[str, dict[str, Any]]:
    return {
        f"ClaimSeat{i}": _link(
            "claimSeat",
            f"Claim the game's seat number {i} (in seat order; 409 once it is taken)",
            path__game_id=_GAME_FROM_BODY,
            path__seat=f"$response.body#/seats/{i}/seat",
        )
        for i in range(count)
    }


def _play(count: int) -> dict[str, dict[str, Any]]:
    """Send one of the commands just listed, on the version they are legal at."""
    return {
        f"SubmitCommand{i}": {
            **_link(
                "submitCommand",
                f"Send the legal command number {i}, conditional on the version it is legal at",
                path__game_id=_GAME_FROM_PATH,
                **{"header__If-Match": "$response.header.ETag"},
            ),
            "requestBody": f"$response.body#/commands/{i}",
            # schemathesis: the linked command replaces the generated body
            # (merged field by field, a legal command is seldom legal).
            "x-schemathesis": {"merge_body": False},
        }
        for i in range(count)
    }


def _links() -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    summary = "The game's summary: seats (claimed or not), status, the seats to act"
    state = "The game's state, as the token sent may see it (a spectator's view without)"
    legal = "The commands the token's seat may send now, at the version in `ETag`"
    return {
        ("createGame", "201"): {
            # Every ruleset seats at least two: the two first claims start a
            # two-seat game (the default of every ruleset).
            **_claim_seats(2),
            "GetGame": _get("getGame", summary, _GAME_FROM_BODY),
        },
        ("forkGame", "201"): {
            **_claim_seats(2),
            "GetGame": _get("getGame", summary, _GAME_FROM_BODY),
            "GetState": _get("getState", "The fork's state at its version", _GAME_FROM_BODY),
        },
        ("importGame", "201"): {
            "GetGame": _get("getGame", summary, "$response.body#/game/game_id"),
        },
        ("getGame", "200"): {
            **_claim_seats(MAX_SEATS),
            "GetState": _get("getState", state, _GAME_FROM_BODY),
            "GetEvents": _get("getEvents", "The game's event log", _GAME_FROM_BODY),
            "GetPicture": _get("getPicture", "The game's picture (SVG)", _GAME_FROM_BODY),
            "ExportGame": _get("exportGame", "The finished game's export", _GAME_FROM_BODY),
        },
        ("claimSeat", "201"): {
            "GetGame": _get("getGame", summary, _GAME_FROM_PATH),
            "GetLegalCommands": _get("getLegalCommands", legal, _GAME_FROM_PATH),
            "StreamEvents": _link(
                "streamEvents",
                "The game's live events, as the seat just claimed sees them",
                path__game_id=_GAME_FROM_PATH,
                query__access_token="$response.body#/token",
            ),
        },
        ("getState", "200"): {
            "GetLegalCommands": _get("getLegalCommands", legal, _GAME_FROM_PATH),
            "GetPictureAtVersion": _link(
                "getPicture",
                "The picture of the state just read, at its version",
                path__game_id=_GAME_FROM_PATH,
                query__version="$response.body#/version",
            ),
        },
        ("getLegalCommands", "200"): _play(COMMAND_LINKS),
        ("submitCommand", "201"): {
            "GetLegalCommands": _get("getLegalCommands", legal, _GAME_FROM_PATH),
            "GetState": _get("getState", state, _GAME_FROM_PATH),
            "GetGame": _get("getGame", summary, _GAME_FROM_PATH),
        },
    }


def add_links(doc: dict[str, Any]) -> None:
    """Attach the links to the responses they start from."""
    links = _links()
    for item in doc.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            for status, response in op["responses"].items():
                found = links.get((op.get("operationId", ""), status))
                if found:
                    response["links"] = found
