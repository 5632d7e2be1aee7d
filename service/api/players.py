from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, get, post
from litestar.params import Body, Parameter

from service.api.deps import StrictBody, Svc
from service.api.headers import PRIVATE, client_address
from service.games.schemas import CreatePlayer, PlayerCreated, PlayerDetail

PlayerIdParam = Annotated[str, Parameter(min_length=1, max_length=64, description="A player id")]


class PlayersController(Controller):
    path = "/players"
    tags = ["players"]

    @post(
        "/",
        operation_id="createPlayer",
        summary="Create a player identity",
        status_code=201,
        dto=StrictBody,
        return_dto=None,
    )
    async def create_player(
        self, request: Request[Any, Any, Any], svc: Svc, data: Annotated[CreatePlayer, Body()]
    ) -> Response[PlayerCreated]:
        """A named identity with its own bearer token (shown once). Claim seats
        with it to build a game history; its results appear in ``GET /players/{player_id}``.
        A client address may create ``PLATEAU_QUOTA_PLAYERS`` players per
        ``PLATEAU_QUOTA_WINDOW`` (429 ``quota_exceeded`` beyond)."""
        address = client_address(request.scope, svc.settings.trusted_proxies)
        record, token = await svc.seats.create_player(data.name, address=address)
        body = PlayerCreated(
            player_id=record.player_id, name=record.name, token=token, created_at=record.created_at
        )
        return Response(
            body, status_code=201, headers={"Location": f"/players/{record.player_id}", **PRIVATE}
        )

    @get("/{player_id:str}", operation_id="getPlayer", summary="A player and its game history")
    async def get_player(self, svc: Svc, player_id: PlayerIdParam) -> PlayerDetail:
        """The player's games (newest first) and results."""
        return await svc.reads.player_detail(player_id)
