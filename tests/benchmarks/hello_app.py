"""The floor of the HTTP figures: a Litestar hello app, served by granian with
the settings ``plateau serve`` uses (ASGI interface, the same worker count).

``GET /hello`` answers a small JSON object, ``POST /hello`` echoes a JSON body
(the load generator's ceiling is measured against both)."""

from __future__ import annotations

from typing import Any

from litestar import Litestar, Request, get, post


@get("/hello", sync_to_thread=False)
def hello() -> dict[str, str]:
    return {"hello": "world"}


@post("/hello", status_code=201)
async def echo(request: Request[Any, Any, Any]) -> dict[str, int]:
    body = await request.body()
    return {"received": len(body)}


app = Litestar(route_handlers=[hello, echo], debug=False)
