"""The HTTP edge: one controller per resource, thin (parse, call the
application, shape the answer); the request rules (``headers``), the one
problem writer (``problems``) and every ASGI wrapper (``middleware/``)."""

from __future__ import annotations

from typing import Any

from service.api.exports import ExportsController
from service.api.forks import ForksController
from service.api.games import GamesController
from service.api.health import HealthController
from service.api.metrics import metrics_endpoint
from service.api.players import PlayersController
from service.api.rulesets import RulesetsController
from service.api.web import web_handlers


def route_handlers() -> list[Any]:
    """Every route handler of the API and the web client (not the document's own)."""
    return [
        HealthController,
        RulesetsController,
        GamesController,
        ExportsController,
        ForksController,
        PlayersController,
        *web_handlers(),
        metrics_endpoint,
    ]
