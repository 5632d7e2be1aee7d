"""Whole-game exports and imports, and the global event feed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, cast

from litestar import Controller, Request, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import OpenAPIMediaType, Operation, Reference, RequestBody
from litestar.params import HeaderParameter, Parameter
from litestar.response import ServerSentEvent

from service.api.deps import Language, Svc
from service.api.games import GameIdParam, problems
from service.api.headers import PRIVATE, bearer, etag, language_headers
from service.api.problems import Problem
from service.api.sse import event_stream
from service.games.exceptions import TooLarge
from service.games.feed import feed_page
from service.games.schemas import FeedPage, GameExport, ImportedGame

MAX_POSITION = 10**15


IMPORT_PROBLEMS = {
    status: ResponseSpec(
        data_container=Problem,
        media_type="application/problem+json",
        description=text,
        generate_examples=False,
    )
    for status, text in {
        400: "Not a JSON object, or a string holding U+0000 (`invalid_request`)",
        401: "No credential: outside the sandbox an import needs a player token or the"
        " operator's token (`unauthenticated`)",
        403: "`import_forbidden`: a player token imports only a finished game (its seed revealed);"
        " a game in play needs the operator's token (`PLATEAU_OPERATOR_TOKEN`) or the sandbox",
        409: "`game_exists`: a game with the export's id exists here (use `new_id=true`)",
        413: "The body is over `PLATEAU_MAX_IMPORT_BYTES` (`payload_too_large`), refused while"
        " it streams in, before anything is parsed",
        422: "`export_rejected` (`details.reason`, `details.first_bad_version`): the export does"
        " not pass its checks or its audit; `import_over_budget`: its audit needs more CPU"
        " than `PLATEAU_IMPORT_AUDIT_SECONDS`",
    }.items()
}
ImportAuthHeader = Annotated[
    str | None,
    HeaderParameter(
        name="Authorization",
        required=False,
        description="`Bearer <token>`: a player token (finished games), or the operator's"
        " token (`PLATEAU_OPERATOR_TOKEN`: any game); optional in the sandbox only",
    ),
]


@dataclass
class ImportOperation(Operation):
    """``importGame``'s operation: its body is read by the handler itself
    (counted while it streams in), so the schema is declared here."""

    def __post_init__(self) -> None:
        self.request_body = RequestBody(
            required=True,
            description="An export (`GET /games/{game_id}/export`, `plateau export`): format"
            " `plateau-game/2` (or `plateau-game/1`, without a command log)",
            content={
                "application/json": OpenAPIMediaType(
                    schema=Reference(ref="#/components/schemas/GameExport")
                )
            },
        )


async def bounded_body(request: Request[Any, Any, Any], limit: int) -> bytearray:
    """The request body, refused (413) as soon as it is known to exceed
    ``limit``: by its ``Content-Length`` before reading anything, else while it
    streams in, so at most ``limit`` bytes (and one chunk) are ever held."""
    refused = TooLarge(f"an import is at most {limit} bytes (PLATEAU_MAX_IMPORT_BYTES)")
    announced = request.headers.get("content-length")
    if announced is not None and announced.isdigit() and int(announced) > limit:
        raise refused
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise refused
    return body


class ExportsController(Controller):
    tags = ["exports"]

    @get(
        "/games/{game_id:str}/export",
        operation_id="exportGame",
        summary="A finished game, whole: its events, command log and seed",
        responses=problems(404, 409),
    )
    async def export_game(self, svc: Svc, game_id: GameIdParam) -> Response[GameExport]:
        """The game in the ``plateau-game/2`` format that ``POST /games/import``,
        ``plateau import`` and ``plateau verify`` read. Only a finished game is
        exported over HTTP (409 ``game_not_finished`` otherwise): before its end
        the seed and the command log would reveal hidden information."""
        game, document = await svc.reads.export_finished(game_id)
        # The document is GameExport's builtins, written once by exports.export_game.
        return cast(
            "Response[GameExport]", Response(document, headers={"ETag": etag(game.version)})
        )

    @post(
        "/games/import",
        operation_id="importGame",
        summary="Import an exported game, verified first",
        status_code=201,
        responses=IMPORT_PROBLEMS,
        request_max_body_size=None,  # bounded_body counts it against PLATEAU_MAX_IMPORT_BYTES
        operation_class=ImportOperation,
    )
    async def import_game(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        new_id: Annotated[
            bool,
            Parameter(description="Store the game under a new id (default: the export's own id)"),
        ] = False,
        authorization: ImportAuthHeader = None,
    ) -> Response[ImportedGame]:
        """The body is an export (``GET /games/{game_id}/export``, ``plateau
        export``). Outside the sandbox it needs a credential (401 without): a
        player token imports a finished game, whose seed is revealed; a game
        still in play needs the operator's token (403 ``import_forbidden``
        otherwise), since whoever exported it chose its seed. Every imported game
        is marked (``imported``, ``imported_in_play`` in its summary).

        Nothing is stored before every check passes: the game id is one this
        service could have made, names and timestamps are bounded as in
        ``POST /games``, and the audit (off the event loop, on a CPU budget:
        422 ``import_over_budget`` beyond ``PLATEAU_IMPORT_AUDIT_SECONDS``) finds
        the ruleset, every event decoding, the log folding, versions contiguous,
        the seed matching its commitment and the recorded commands, decided
        again from the seed, reproducing the log exactly. A refused export
        answers 422 ``export_rejected`` naming the check that failed
        (``details.reason``) and the first bad version
        (``details.first_bad_version``). An active game gets a fresh token per
        claimed seat."""
        settings = svc.settings
        importer = await svc.auth.importer(bearer(authorization), sandbox=settings.sandbox)
        body = await bounded_body(request, settings.max_import_bytes)
        game_id, answer = await svc.seats.import_game(body, importer, new_id=new_id)
        return Response(answer, status_code=201, headers={"Location": f"/games/{game_id}"})

    @get(
        "/events",
        operation_id="getFeed",
        summary="Every game's events in commit order (the global feed)",
        responses=problems(400),
    )
    async def get_feed(
        self,
        svc: Svc,
        language: Language,
        after: Annotated[
            int,
            Parameter(ge=0, le=MAX_POSITION, description="Only events with a greater position"),
        ] = 0,
        limit: Annotated[int, Parameter(ge=1, le=1000)] = 100,
    ) -> Response[FeedPage]:
        """Paged by global position: pass ``last_position`` as ``after`` for the
        next page. A reader that resumes from its last position never misses or
        repeats an event. Events are redacted as for a spectator while their
        game runs, complete once it is finished."""
        page = await feed_page(svc.reads, after=after, limit=limit, lang=language)
        return Response(page, headers={**PRIVATE, **language_headers(language)})

    @get(
        "/events/stream",
        operation_id="streamFeed",
        summary="The global feed, live (Server-Sent Events)",
        responses=problems(400),
        media_type="text/event-stream",
    )
    async def stream_feed(
        self,
        svc: Svc,
        language: Language,
        after: Annotated[
            int,
            Parameter(ge=0, le=MAX_POSITION, description="Start after this position"),
        ] = 0,
        last_event_id: Annotated[
            str | None,
            HeaderParameter(
                name="Last-Event-ID",
                required=False,
                pattern=r"^[0-9]{1,15}$",
                description="Resume after this position",
            ),
        ] = None,
        timeout: Annotated[
            float,
            Parameter(
                ge=0,
                le=86400,
                description="Close the stream after this many seconds (default: a day)",
            ),
        ] = 86400,
    ) -> ServerSentEvent:
        """One SSE message per event: ``id`` = its global position, ``event`` =
        its ``type``, ``data`` = a FeedEvent. Resumes from ``Last-Event-ID`` (or
        ``after``)."""
        start = int(last_event_id) if last_event_id is not None else after
        return event_stream(
            svc.feed.messages(after=start, timeout=timeout, lang=language), language
        )
