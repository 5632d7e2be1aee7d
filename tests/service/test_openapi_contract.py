"""What the committed OpenAPI document promises a client, read from the file itself.

(``test_openapi.py`` keeps the file equal to the code's document.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain import RULESETS
from domain.kernel import tags_of

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return loaded


def operations(doc: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    return {
        op["operationId"]: (path, method, op)
        for path, item in doc["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }


def test_sse_streams_document_their_messages() -> None:
    doc = document()
    ops = operations(doc)
    every_tag = sorted(t for rs in RULESETS.values() for t in tags_of(rs.Event))
    for operation, data in (("streamEvents", "LoggedEvent"), ("streamFeed", "FeedEvent")):
        media = ops[operation][2]["responses"]["200"]["content"]["text/event-stream"]
        assert media["schema"]["type"] == "string", media
        assert f"`{data}`" in media["schema"]["description"]
        message = media["x-sse-message"]
        assert message["data"] == {"$ref": f"#/components/schemas/{data}"}
        assert message["event"]["enum"] == every_tag
        assert message["id"]["pattern"] == "^[0-9]+$"
        # The data's model is a component that the JSON operations use too, so a
        # generated client has it.
        assert data in doc["components"]["schemas"]
