"""``/games``: thin handlers; the application service (``svc``) is injected."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, MediaType, Request, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Body, HeaderParameter, Parameter, QueryParameter
from litestar.response import ServerSentEvent

from service.api.deps import Language, StrictBody, Svc
from service.api.headers import (
    COMMANDS,
    GAME,
    IDEMPOTENCY_KEY_LENGTH,
    LEGAL,
    PRIVATE,
    STATE,
    STREAM,
    bearer,
    client_address,
    etag,
    language_headers,
    names_etag,
    parse_if_match,
    parse_version_header,
    player_bearer,
)
from service.api.problems import Problem
from service.api.sse import event_stream
from service.games.exceptions import Unprocessable
from service.games.schemas import (
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

PICTURE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}
"""A picture is served on the API's origin: it may load nothing and run nothing."""

CURSOR_PATTERN = r"^[0-9]{1,16}-[0-9a-f]{1,64}$"


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


def not_modified(request: Request[Any, Any, Any], tag: str) -> bool:
    """``If-None-Match`` names this ETag (or ``*``): answer 304 with no body."""
    return names_etag(request.headers.get("if-none-match"), tag)


def problems(*codes: int, described: dict[int, str] | None = None) -> dict[int, ResponseSpec]:
    """The problem answers of an operation; ``described`` words some for it alone."""
    specs = {c: PROBLEMS[c] for c in codes}
    for code, text in (described or {}).items():
        specs[code] = ResponseSpec(
            data_container=Problem,
            media_type="application/problem+json",
            description=text,
            generate_examples=False,
        )
    return specs


async def start_position(svc: Svc, data: Any, address: str | None) -> Response[GameSummary]:
    """``POST /games`` with a ``position``: the game there, and its seats' tokens."""
    if data.options is not None or data.seed is not None or data.bots is not None:
        raise Unprocessable(
            "a position fixes the game's options, seed and seats: send none of them",
            code="position_conflict",
        )
    game, tokens = await svc.seats.start_position(
        data.__struct_config__.tag, data.position, address=address
    )
    # A copy: the summary itself is kept for every reader of this version.
    summary = msgspec.structs.replace(await svc.reads.summary(game), tokens=tokens)
    return Response(summary, status_code=201, headers={"Location": f"/games/{game.game_id}"})


class GamesController(Controller):
    tags = ["games"]

    @post(
        "/games",
        operation_id="createGame",
        summary="Create a game",
        status_code=201,
        responses=problems(
            400,
            422,
            described={
                422: "Options the ruleset refuses (its code, e.g. `invalid_player_count`), "
                "`bots` naming a seat the game lacks (`unknown_bot_seat`), or a `seed` sent to "
                "a server not in sandbox mode (`sandbox_only`: `GET /health/ready` says "
                "`sandbox: false`), a `position` there too, or with `options`, `seed` or `bots` "
                "(`position_conflict`)"
            },
        ),
        dto=StrictBody,
        return_dto=None,
    )
    async def create_game(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        data: Annotated[CreateGame, Body(description='`{"ruleset": name, "options": {...}}`')],
    ) -> Response[GameSummary]:
        """A new game in status ``waiting``; ``{"ruleset": name}`` alone creates the
        default game. Invalid options answer 422 with the ruleset's code. A
        ``seed`` is taken only by a server in sandbox mode (``PLATEAU_SANDBOX=1``,
        a test server: ``GET /health/ready`` says ``sandbox``); any other server
        answers 422 ``sandbox_only``, whatever the seed. A client
        address may create ``PLATEAU_QUOTA_GAMES`` games per ``PLATEAU_QUOTA_WINDOW``
        and have ``PLATEAU_BOT_GAMES_PER_ADDRESS`` bots-only games in play (429
        ``quota_exceeded`` beyond); a game still waiting for its players
        ``PLATEAU_WAITING_GAME_TTL`` after its creation is deleted.

        In the sandbox, ``{"ruleset": name, "position": id}`` starts the game at a
        named position (``GET /rulesets/{ruleset}/positions``): its log is built by
        the rules engine from the position's seed and commands, every seat is
        claimed, and the answer's ``tokens`` hold each seat's bearer token (shown
        once). Such a game is marked ``imported_in_play``: its seed is public."""
        address = client_address(request.scope, svc.settings.trusted_proxies)
        if data.position is not None:
            return await start_position(svc, data, address)
        game = await svc.seats.create_game(
            data.__struct_config__.tag,
            data.options,
            data.bots,
            seed=data.seed,
            address=address,
        )
        summary = await svc.reads.summary(game)
        return Response(summary, status_code=201, headers={"Location": f"/games/{game.game_id}"})

    @get("/games", operation_id="listGames", summary="List games", responses=problems(400))
    async def list_games(
        self,
        svc: Svc,
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
        return await svc.reads.list_games(
            ruleset=ruleset, status=status, player_id=player_id, limit=limit, cursor=cursor
        )

    @get(GAME.litestar, operation_id="getGame", summary="Game summary", responses=problems(404))
    async def get_game(
        self, request: Request[Any, Any, Any], svc: Svc, language: Language, game_id: GameIdParam
    ) -> Response[GameSummary]:
        """Status, version, seats and who holds them, seats to act, outcome,
        ``seed_sha256`` (and the seed once finished)."""
        game, body = await svc.reads.summary_body(game_id, language)
        tag = etag(game.version, language)
        headers = {"ETag": tag, **language_headers(language)}
        if game.status != "waiting" and not_modified(request, tag):
            return Response(b"", status_code=304, headers=headers)
        return Response(body, media_type=MediaType.JSON, headers=headers)

    @post(
        "/games/{game_id:str}/seats/{seat:str}",
        operation_id="claimSeat",
        summary="Claim a seat",
        status_code=201,
        responses=problems(400, 401, 404, 409, 422),
        dto=StrictBody,
        return_dto=None,
    )
    async def claim_seat(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
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
        token = bearer(authorization)
        bot = data.bot if data else None
        _, seat_token = await svc.seats.claim_seat(
            game_id,
            seat,
            data.player_name if data else None,
            token,
            bot=bot,
            address=client_address(request.scope, svc.settings.trusted_proxies),
        )
        return Response(
            SeatClaimed(seat=seat, token=None if bot else seat_token),
            status_code=201,
            headers={"Location": f"/games/{game_id}", **PRIVATE},
        )

    @get(
        STATE.litestar,
        operation_id="getState",
        summary="The game state as the bearer's seat sees it",
        responses=problems(401, 403, 404, 409),
    )
    async def get_state(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        language: Language,
        game_id: GameIdParam,
        authorization: AuthHeader = None,
        version: Annotated[
            int | None,
            Parameter(ge=1, le=MAX_VERSION, required=False, description="A past version"),
        ] = None,
    ) -> Response[StateResponse]:
        """The view for the bearer's seat (a spectator's without a token), at the
        current version or at any past ``version``. ``ETag: "<version>"``."""
        at, body = await svc.reads.state_body(game_id, bearer(authorization), version, language)
        tag = etag(at, language)
        headers = {"ETag": tag, **PRIVATE, **language_headers(language)}
        if not_modified(request, tag):
            return Response(b"", status_code=304, headers=headers)
        return Response(body, media_type=MediaType.JSON, headers=headers)

    @get(
        "/games/{game_id:str}/picture.svg",
        operation_id="getPicture",
        summary="A picture of the game as the bearer's seat sees it (SVG)",
        media_type="image/svg+xml",
        responses=problems(401, 403, 404, 409),
    )
    async def get_picture(
        self,
        svc: Svc,
        language: Language,
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
        loaded, svg = await svc.reads.picture(game_id, bearer(authorization), version, language)
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={
                "ETag": etag(loaded.version, language),
                **PRIVATE,
                **PICTURE_HEADERS,
                **language_headers(language),
            },
        )

    @get(
        LEGAL.litestar,
        operation_id="getLegalCommands",
        summary="Every command the bearer's seat may submit now",
        responses=problems(401, 403, 404),
    )
    async def legal_commands(
        self,
        svc: Svc,
        language: Language,
        game_id: GameIdParam,
        authorization: AuthHeader = None,
    ) -> Response[LegalCommands]:
        """Command objects ready to post to ``/games/{game_id}/commands``."""
        at, body = await svc.reads.legal_body(game_id, bearer(authorization), language)
        # The encoded LegalCommands, served as is (the annotation documents its schema).
        encoded: Any = body
        headers = {"ETag": etag(at, language), **PRIVATE, **language_headers(language)}
        return Response(encoded, media_type=MediaType.JSON, headers=headers)

    @post(
        COMMANDS.litestar,
        operation_id="submitCommand",
        summary="Play one command",
        status_code=201,
        responses=problems(400, 401, 403, 404, 409, 412, 422),
        dto=StrictBody,
        return_dto=None,
    )
    async def submit_command(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        language: Language,
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
                min_length=IDEMPOTENCY_KEY_LENGTH[0],
                max_length=IDEMPOTENCY_KEY_LENGTH[1],
                description="A retried request with the same key returns the first answer and appends nothing",
            ),
        ] = None,
    ) -> Response[CommandAccepted]:
        """Validated by the rules engine; on success the events are appended and
        returned redacted for the caller. Without ``If-Match`` a concurrent
        change is retried a few times, then 409 ``version_conflict``."""
        token = player_bearer(authorization)  # 401 before any other header is judged
        status, content, version = await svc.commands.submit(
            game_id,
            token,
            await request.body(),  # the bytes, for the idempotency record's hash
            if_match=parse_if_match(if_match),
            idempotency_key=idempotency_key,
            command=data,
            lang=language,
        )
        # The encoded CommandAccepted (the stored one on a replay), served as is.
        encoded: Any = content
        return Response(
            encoded,
            status_code=status,
            media_type=MediaType.JSON,
            headers={"ETag": etag(version), **PRIVATE, **language_headers(language)},
        )

    @get(
        "/games/{game_id:str}/events",
        operation_id="getEvents",
        summary="The event log, redacted for the bearer",
        responses=problems(401, 403, 404),
    )
    async def get_events(
        self,
        svc: Svc,
        language: Language,
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
        game = await svc.repository.game(game_id)  # 404 before a malformed Authorization's 401
        body = await svc.reads.event_log(
            game, bearer(authorization), after=after, limit=limit, lang=language
        )
        headers = {
            "ETag": etag(body.last_version, language),
            **PRIVATE,
            **language_headers(language),
        }
        return Response(body, headers=headers)

    @get(
        STREAM.litestar,
        operation_id="streamEvents",
        summary="Live events (Server-Sent Events)",
        responses=problems(401, 403, 404),
        media_type="text/event-stream",
    )
    async def stream_events(
        self,
        svc: Svc,
        language: Language,
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
        game = await svc.repository.game(game_id)
        token = bearer(authorization) if authorization else access_token
        stream = await svc.streams.open(game, token, language)  # 401, 403 now
        start = after or 0
        if last_event_id is not None:
            parsed = parse_version_header(last_event_id, "Last-Event-ID")
            start = parsed if parsed is not None else start
        return event_stream(stream.batches(after=start, timeout=timeout), language)
