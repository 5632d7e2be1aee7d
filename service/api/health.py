from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, get
from litestar.openapi.datastructures import ResponseSpec

from service.api.deps import Svc
from service.games.schemas import Liveness, Readiness


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/live", operation_id="getLiveness", summary="Liveness")
    async def live(self) -> Liveness:
        """The process is up."""
        return Liveness(status="ok")

    @get(
        "/ready",
        operation_id="getReadiness",
        summary="Readiness",
        responses={
            503: ResponseSpec(
                data_container=Readiness,
                description="The event store is down, or this process is draining (SIGTERM)",
                generate_examples=False,
            )
        },
    )
    async def ready(self, request: Request[Any, Any, Any], svc: Svc) -> Response[Readiness]:
        """Store and cache status: ``degraded`` when Redis is down (requests still
        succeed, from the store), 503 when the event store is down or the process
        is draining before shutdown (``draining``)."""
        store_ok, cache = await svc.backends()
        status = "unavailable" if not store_ok else ("degraded" if cache == "down" else "ok")
        lifecycle = getattr(request.app.state, "lifecycle", None)  # service.api.middleware.edge
        draining = lifecycle is not None and lifecycle.draining
        if draining:  # SIGTERM received: a load balancer must stop sending here
            status = "draining"
        body = Readiness(
            status=status,  # type: ignore[arg-type]
            store="ok" if store_ok else "down",
            cache=cache,  # type: ignore[arg-type]
            backend=svc.settings.database_url.split(":", 1)[0],
            sandbox=svc.settings.sandbox,
        )
        return Response(
            body,
            status_code=200 if store_ok and not draining else 503,
            headers={"Cache-Control": "no-store"},
        )
