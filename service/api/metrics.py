"""``GET /metrics``: Prometheus text exposition of every worker of this server."""

from __future__ import annotations

from litestar import Response, get

from service import metrics


@get(
    "/metrics",
    operation_id="getMetrics",
    summary="Prometheus metrics",
    tags=["health"],
    media_type="text/plain",
    sync_to_thread=False,
)
def metrics_endpoint() -> Response[bytes]:
    """Requests by route and status, latency histograms, commands and events by
    ruleset, conflicts and stale versions, cache hits and misses, open streams,
    store pool use, per-worker memory and descriptors (the Prometheus text
    format, summed over every live worker of this server)."""
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type, headers={"Cache-Control": "no-store"})
