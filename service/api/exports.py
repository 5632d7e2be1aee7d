"""Whole-game exports and imports, and the global event feed."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, get, post
from litestar.params import Body, HeaderParameter, Parameter
from litestar.response import ServerSentEvent

from service.api.deps import PRIVATE, Svc
from service.api.games import GameIdParam, problems
from service.exceptions import TooLarge
from service.feed import feed_messages, feed_page
from service.schemas import FeedPage, ImportedGame

MAX_POSITION = 10**15


class ExportsController(Controller):
    tags = ["exports"]

    @get(
        "/games/{game_id:str}/export",
        operation_id="exportGame",
        summary="A finished game, whole: its events, command log and seed",
        responses=problems(404, 409),
    )
    async def export_game(self, svc: Svc, game_id: GameIdParam) -> Any:
        """The game in the ``plateau-game/2`` format that ``POST /games/import``,
        ``plateau import`` and ``plateau verify`` read. Only a finished game is
        exported over HTTP (409 ``game_not_finished`` otherwise): before its end
        the seed and the command log would reveal hidden information."""
        game, document = await svc.export_finished(game_id)
        return Response(document, headers={"ETag": f'"{game.version}"'})

    @post(
        "/games/import",
        operation_id="importGame",
        summary="Import an exported game, verified first",
        status_code=201,
        responses=problems(400, 409, 422),
        request_max_body_size=64 * 1024 * 1024,
    )
    async def import_game(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        data: Annotated[
            dict[str, Any],
            Body(
                description="An export (`plateau-game/2`, or `plateau-game/1` without a command"
                " log): `{format, game, seed, events, commands}`"
            ),
        ],
        new_id: Annotated[
            bool,
            Parameter(description="Store the game under a new id (default: the export's own id)"),
        ] = False,
    ) -> Response[ImportedGame]:
        """The body is an export (``GET /games/{game_id}/export``, ``plateau
        export``). It is audited before anything is stored: the ruleset exists,
        every event decodes, the log folds, versions are contiguous, the seed
        matches its commitment and re-deciding the recorded commands from the
        seed reproduces the log exactly. A refused export answers 422
        ``export_rejected`` naming the first bad version
        (``details.first_bad_version``) and the check that failed
        (``details.reason``); nothing is stored. A game still in play (an
        operator's export with its seed) gets a fresh token per claimed seat."""
        limit = svc.settings.max_import_bytes
        if len(await request.body()) > limit:  # the bytes already read, only measured
            raise TooLarge(f"an import is at most {limit} bytes")
        game_id, answer = await svc.import_game(data, new_id=new_id)
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
        page = await feed_page(svc, after=after, limit=limit)
        return Response(page, headers=PRIVATE)

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
        settings = svc.settings
        messages = feed_messages(
            svc,
            after=start,
            timeout=timeout,
            poll=settings.feed_poll,
            heartbeat=settings.sse_heartbeat,
        )
        return ServerSentEvent(messages, headers=PRIVATE)
