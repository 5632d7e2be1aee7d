from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Body, HeaderParameter, Parameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain import RULESETS
from service.api.deps import PRIVATE, bearer, parse_if_match, parse_version_header, service
from service.errors import ApiError, Problem
from service.games import strict_body
from service.schemas import (
    STATE_RESPONSE,
    AnyCommand,
    ClaimSeat,
    CommandAccepted,
    CreateGame,
    EventLog,
    GamePage,
    GameSummary,
    LegalCommands,
    SeatClaimed,
    StateResponse,
)
from service.store._common import decode_cursor, encode_cursor

GameIdParam = Annotated[str, Parameter(min_length=1, max_length=64, description="A game id")]
SeatParam = Annotated[
    str, Parameter(min_length=1, max_length=64, description="A seat id of the game")
]
AuthHeader = Annotated[
    str | None,
    HeaderParameter(
        name="Authorization",
        required=False,
        description="`Bearer <token>`: a seat token (or a player token holding one seat of this game)",
    ),
]
StatusFilter = Literal["waiting", "active", "finished"]
MAX_VERSION = 10**12
_TAG = r'(W/)?"[0-9]{1,12}"'
VERSION_TAG = rf"^\*$|^{_TAG}(, ?{_TAG})*$"

PICTURE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}
"""A picture is served on the API's origin: it may load nothing and run nothing."""

CURSOR_PATTERN = r"^[0-9]{1,16}-[0-9a-f]{1,64}$"


def to_store_cursor(cursor: str) -> str:
    """The API cursor ``<created_at in µs since the epoch>-<game_id>`` as the store's.

    Any string of the documented pattern names a position in the keyset
    order, so a well-formed cursor never fails."""
    micros, _, game_id = cursor.partition("-")
    created_at = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=int(micros))
    return encode_cursor(created_at, game_id)


def from_store_cursor(cursor: str) -> str:
    created_at, game_id = decode_cursor(cursor)
    delta = created_at - datetime(1970, 1, 1, tzinfo=UTC)
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return f"{micros}-{game_id}"


PROBLEMS = {
    code: ResponseSpec(
        data_container=Problem,
        media_type="application/problem+json",
        description=text,
        generate_examples=False,
    )
    for code, text in {
        400: "Malformed request (`invalid_request`)",
        401: "Missing or invalid token (`unauthenticated`)",
        403: "Token of another game or seat (`forbidden`)",
        404: "Unknown game, seat or version (`not_found`)",
        409: "`seat_taken`, `game_not_active` or `version_conflict`",
        412: "If-Match names a stale version (`stale_version`)",
        422: "A rule violation (the ruleset's code, e.g. `not_your_turn`) or `idempotency_key_reused`",
    }.items()
}


def problems(*codes: int) -> dict[int, ResponseSpec]:
    return {c: PROBLEMS[c] for c in codes}


class GamesController(Controller):
    path = "/games"
    tags = ["games"]

    @post(
        "/",
        operation_id="createGame",
        summary="Create a game",
        status_code=201,
        responses=problems(400, 422),
    )
    async def create_game(
        self,
        request: Request[Any, Any, Any],
        data: Annotated[CreateGame, Body(description='`{"ruleset": name, "options": {...}}`')],
    ) -> Response[GameSummary]:
        """A new game in status ``waiting``; ``{"ruleset": name}`` alone creates the
        default game. Invalid options answer 422 with the ruleset's code."""
        svc = service(request)
        data = strict_body(await request.body(), CreateGame)
        game = await svc.create_game(
            data.__struct_config__.tag, data.options, data.bots, seed=data.seed
        )
        summary = await svc.summary(game)
        return Response(summary, status_code=201, headers={"Location": f"/games/{game.game_id}"})

    @get("/", operation_id="listGames", summary="List games", responses=problems(400))
    async def list_games(
        self,
        request: Request[Any, Any, Any],
        ruleset: Annotated[str | None, Parameter(required=False, max_length=64)] = None,
        status: Annotated[
            StatusFilter | None, QueryParameter(description="Only games in this status")
        ] = None,
        player_id: Annotated[str | None, Parameter(required=False, max_length=64)] = None,
        limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
        cursor: Annotated[
            str | None,
            Parameter(
                required=False,
                pattern=CURSOR_PATTERN,
                description="`next_cursor` of the previous page",
            ),
        ] = None,
    ) -> GamePage:
        """Newest first, filtered, paged with an opaque ``cursor``."""
        svc = service(request)
        games, next_cursor = await svc.store.list_games(
            ruleset=ruleset,
            status=status,
            player_id=player_id,
            limit=limit,
            cursor=to_store_cursor(cursor) if cursor else None,
        )
        return GamePage(
            games=[await svc.summary(g) for g in games],
            next_cursor=from_store_cursor(next_cursor) if next_cursor else None,
        )

    @get("/{game_id:str}", operation_id="getGame", summary="Game summary", responses=problems(404))
    async def get_game(
        self, request: Request[Any, Any, Any], game_id: GameIdParam
    ) -> Response[GameSummary]:
        """Status, version, seats and who holds them, seats to act, outcome,
        ``seed_sha256`` (and the seed once finished)."""
        svc = service(request)
        game = await svc.game(game_id)
        return Response(await svc.summary(game), headers={"ETag": f'"{game.version}"'})

    @post(
        "/{game_id:str}/seats/{seat:str}",
        operation_id="claimSeat",
        summary="Claim a seat",
        status_code=201,
        responses=problems(400, 401, 404, 409, 422),
    )
    async def claim_seat(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        seat: SeatParam,
        authorization: AuthHeader = None,
        data: Annotated[
            ClaimSeat | None,
            Body(description="`{player_name}`; may be omitted with a player token"),
        ] = None,
    ) -> Response[SeatClaimed]:
        """Claim a free seat with a ``player_name`` or a player token
        (``Authorization: Bearer <player token>``). Answers the seat's bearer
        token, shown once. Claiming the last seat starts the game: the
        ruleset's setup events are appended in the same transaction."""
        svc = service(request)
        token = bearer(authorization)
        body = await request.body()
        data = strict_body(body, ClaimSeat | None) if body.strip() else None
        bot = data.bot if data else None
        _, seat_token = await svc.claim_seat(
            game_id, seat, data.player_name if data else None, token, bot=bot
        )
        return Response(
            SeatClaimed(seat=seat, token=None if bot else seat_token),
            status_code=201,
            headers={"Location": f"/games/{game_id}", **PRIVATE},
        )

    @get(
        "/{game_id:str}/state",
        operation_id="getState",
        summary="The game state as the bearer's seat sees it",
        responses=problems(401, 403, 404, 409),
    )
    async def get_state(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        authorization: AuthHeader = None,
        version: Annotated[
            int | None,
            Parameter(ge=1, le=MAX_VERSION, required=False, description="A past version"),
        ] = None,
    ) -> Response[StateResponse]:
        """The view for the bearer's seat (a spectator's without a token), at the
        current version or at any past ``version``. ``ETag: "<version>"``."""
        svc = service(request)
        loaded, viewer, view = await svc.view(game_id, bearer(authorization), version)
        body = STATE_RESPONSE[loaded.game.ruleset](
            game_id=game_id, version=loaded.version, seat=viewer.seat, view=view
        )
        return Response(body, headers={"ETag": f'"{loaded.version}"', **PRIVATE})

    @get(
        "/{game_id:str}/picture.svg",
        operation_id="getPicture",
        summary="A picture of the game as the bearer's seat sees it (SVG)",
        media_type="image/svg+xml",
        responses=problems(401, 403, 404, 409),
    )
    async def get_picture(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        authorization: AuthHeader = None,
        version: Annotated[
            int | None,
            Parameter(ge=1, le=MAX_VERSION, required=False, description="A past version"),
        ] = None,
    ) -> Response[str]:
        """The board, pieces, cards and panels of ``/state`` drawn as one SVG
        document (800 px wide), with the same authentication, redaction and
        versions; the element of each cell, island, tower, bridge, card or pile
        carries the id the commands use (the places are in the ruleset's
        ``components.geometry``). Served with ``Content-Security-Policy:
        default-src 'none'; style-src 'unsafe-inline'`` and
        ``X-Content-Type-Options: nosniff``. ``ETag: "<version>"``."""
        loaded, svg = await service(request).picture(game_id, bearer(authorization), version)
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={"ETag": f'"{loaded.version}"', **PRIVATE, **PICTURE_HEADERS},
        )

    @get(
        "/{game_id:str}/legal-commands",
        operation_id="getLegalCommands",
        summary="Every command the bearer's seat may submit now",
        responses=problems(401, 403, 404),
    )
    async def legal_commands(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        authorization: AuthHeader = None,
    ) -> Response[LegalCommands]:
        """Command objects ready to post to ``/games/{game_id}/commands``."""
        loaded, seat, commands = await service(request).legal(game_id, bearer(authorization))
        body = LegalCommands(version=loaded.version, seat=seat, commands=commands)
        return Response(body, headers={"ETag": f'"{loaded.version}"', **PRIVATE})

    @post(
        "/{game_id:str}/commands",
        operation_id="submitCommand",
        summary="Play one command",
        status_code=201,
        responses=problems(400, 401, 403, 404, 409, 412, 422),
    )
    async def submit_command(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        data: Annotated[
            AnyCommand,
            Body(description="One command of the game's ruleset (see its legal-commands)"),
        ],
        authorization: AuthHeader = None,
        if_match: Annotated[
            str | None,
            HeaderParameter(
                name="If-Match",
                required=False,
                description='Play only at this version: `"12"` (else 412). A list '
                '(`"12", "13"`) matches any of its versions; a weak tag (`W/"12"`) never '
                "matches (strong comparison); `*` matches whatever the current version",
            ),
        ] = None,
        idempotency_key: Annotated[
            str | None,
            HeaderParameter(
                name="Idempotency-Key",
                required=False,
                min_length=1,
                max_length=200,
                description="A retried request with the same key returns the first answer and appends nothing",
            ),
        ] = None,
    ) -> Response[CommandAccepted]:
        """Validated by the rules engine; on success the events are appended and
        returned redacted for the caller. Without ``If-Match`` a concurrent
        change is retried a few times, then 409 ``version_conflict``."""
        svc = service(request)
        body = await request.body()
        token = bearer(authorization)
        if token is None:  # 401 before any other header is judged
            raise ApiError(
                401,
                "unauthenticated",
                "a seat token is required to play",
                headers={"WWW-Authenticate": "Bearer"},
            )
        status, content, version = await svc.submit(
            game_id,
            token,
            body,
            if_match=parse_if_match(if_match),
            idempotency_key=idempotency_key,
        )
        return Response(
            msgspec.json.decode(content, type=CommandAccepted),
            status_code=status,
            headers={"ETag": f'"{version}"', **PRIVATE},
        )

    @get(
        "/{game_id:str}/events",
        operation_id="getEvents",
        summary="The event log, redacted for the bearer",
        responses=problems(401, 403, 404),
    )
    async def get_events(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        authorization: AuthHeader = None,
        after: Annotated[
            int, Parameter(ge=0, le=MAX_VERSION, description="Only events with a greater version")
        ] = 0,
        limit: Annotated[int, Parameter(ge=1, le=1000)] = 1000,
    ) -> Response[EventLog]:
        """Each event as ``{version, recorded_at, event}``. Hidden fields are
        redacted for the bearer's seat while the game runs; once it is finished
        the log is served complete (the seed is public by then)."""
        svc = service(request)
        game = await svc.game(game_id)
        viewer = await svc.viewer(game, bearer(authorization))
        events = await svc.events(game, viewer, after=after, limit=limit)
        body = EventLog(events=events, last_version=game.version)
        return Response(body, headers={"ETag": f'"{game.version}"', **PRIVATE})

    @get(
        "/{game_id:str}/events/stream",
        operation_id="streamEvents",
        summary="Live events (Server-Sent Events)",
        responses=problems(401, 403, 404),
        media_type="text/event-stream",
    )
    async def stream_events(
        self,
        request: Request[Any, Any, Any],
        game_id: GameIdParam,
        authorization: AuthHeader = None,
        access_token: Annotated[
            str | None,
            Parameter(
                required=False,
                description="The seat token, for EventSource clients that cannot send headers",
            ),
        ] = None,
        last_event_id: Annotated[
            str | None,
            HeaderParameter(
                name="Last-Event-ID",
                required=False,
                pattern=r"^[0-9]{1,12}$",
                description="Resume after this version",
            ),
        ] = None,
        timeout: Annotated[
            float | None,
            Parameter(
                ge=0,
                le=86400,
                required=False,
                description="Close the stream after this many seconds (0: send what exists and close); "
                "default: stay open while the game runs",
            ),
        ] = None,
        after: Annotated[
            int | None,
            Parameter(ge=0, le=MAX_VERSION, required=False, description="Start after this version"),
        ] = None,
    ) -> ServerSentEvent:
        """One SSE message per event: ``id`` = version, ``event`` = the event's
        ``type``, ``data`` = ``{version, recorded_at, event}`` redacted for the
        seat. Resumes from ``Last-Event-ID`` (or ``after``). Heartbeat comments
        keep idle connections alive. The stream ends after the last event of a
        finished game, or after ``timeout`` seconds."""
        svc = service(request)
        game = await svc.game(game_id)
        token = bearer(authorization) if authorization else access_token
        viewer = await svc.viewer(game, token)
        start = after or 0
        if last_event_id is not None:
            parsed = parse_version_header(last_event_id, "Last-Event-ID")
            start = parsed if parsed is not None else start
        heartbeat = request.app.state.settings.sse_heartbeat
        ruleset = RULESETS[game.ruleset]
        encoder = msgspec.json.Encoder()

        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout

        async def messages() -> AsyncIterator[ServerSentEventMessage]:
            position = start
            while True:
                current = await svc.game(game_id)
                for stored in await svc.store.read(game_id, after=position, limit=500):
                    logged = svc.logged(ruleset, current, viewer, stored)
                    position = stored.version
                    yield ServerSentEventMessage(
                        data=encoder.encode(logged).decode(),
                        event=stored.type,
                        id=str(stored.version),
                    )
                if position < current.version:
                    continue
                if current.status == "finished":
                    return
                wait = heartbeat
                if deadline is not None:
                    wait = min(wait, deadline - loop.time())
                    if wait <= 0:
                        return
                try:
                    await svc.notifier.wait(game_id, position, wait)
                except asyncio.CancelledError:
                    return
                if position >= (await svc.game(game_id)).version:
                    # A comment line only: a `data:` field would make every
                    # EventSource fire an empty message.
                    yield ServerSentEventMessage(comment="heartbeat", data=None)

        return ServerSentEvent(messages(), headers=PRIVATE)
