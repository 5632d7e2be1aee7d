"""``POST /games/{game_id}/fork``: a new game from any resting version of another."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, post
from litestar.params import Body, HeaderParameter

from service.api.deps import StrictBody, Svc
from service.api.games import GameIdParam, problems
from service.api.headers import bearer, client_address
from service.games.schemas import ForkGame, GameSummary

ForkAuthHeader = Annotated[
    str | None,
    HeaderParameter(
        name="Authorization",
        required=False,
        description="`Bearer <operator token>` (`PLATEAU_OPERATOR_TOKEN`): forks a game still in"
        " play; not needed for a finished game, nor in the sandbox",
    ),
]


class ForksController(Controller):
    tags = ["games"]

    @post(
        "/games/{game_id:str}/fork",
        operation_id="forkGame",
        summary="Fork a game at a resting version: a new game with its first events",
        status_code=201,
        responses=problems(
            400,
            401,
            403,
            404,
            422,
            described={
                401: "An `Authorization` header that is not `Bearer <token>` (`unauthenticated`)",
                403: "`fork_forbidden`: the game is still in play; only the operator's token"
                " (`PLATEAU_OPERATOR_TOKEN`) or a server in sandbox mode forks it (its fork"
                " would show its hidden hands and cards). `details.status`: the game's status",
                404: "Unknown game (`not_found`)",
                422: "`not_a_resting_point`: the version is inside a move (or after the end);"
                " `details.previous_resting_version` and `details.next_resting_version` name"
                " the nearest versions to fork at (null when there is none);"
                " `version_out_of_range`: beyond the game's log (`details.last_version`)",
            },
        ),
        dto=StrictBody,
        return_dto=None,
    )
    async def fork_game(
        self,
        request: Request[Any, Any, Any],
        svc: Svc,
        game_id: GameIdParam,
        data: Annotated[
            ForkGame, Body(description='`{"version": N}`, and `"same_seed": true` to keep its luck')
        ],
        authorization: ForkAuthHeader = None,
    ) -> Response[GameSummary]:
        """A new game whose log is the first ``version`` events of this one, copied
        (``forked_from: {game_id, version, forked_at}`` in its summary), with the
        same ruleset, options and seats: every seat free to claim again, each bot
        seat played by the same bot. It waits for its seats like a new game; the
        claim that fills the last one starts it at ``version``, with the same
        seats to act as the original had there.

        A finished game may be forked by anyone at any resting version: the end
        of its setup or of a move, with a seat to act (or 0: a new start with
        the same options). Every random outcome after ``version`` is drawn from
        the fork's own seed, a new one committed now (``seed_sha256``) unless
        ``same_seed`` keeps the original's: then the same commands give the same
        events, byte for byte. A game still in play is forked only with the
        operator's token or in the sandbox (403 ``fork_forbidden``). A version
        inside a move answers 422 ``not_a_resting_point`` naming the nearest
        resting versions; one beyond the log, 422 ``version_out_of_range``.
        ``plateau verify`` checks a fork: its copied events are the original's,
        and its outcomes after them follow from its own seed."""
        token = bearer(authorization)  # 401 when malformed; any other token is no operator
        fork = await svc.seats.fork_game(
            game_id,
            data.version,
            same_seed=data.same_seed,
            operator=svc.auth.is_operator(token),
            address=client_address(request.scope, svc.settings.trusted_proxies),
        )
        summary = await svc.reads.summary(fork)
        return Response(summary, status_code=201, headers={"Location": f"/games/{fork.game_id}"})
