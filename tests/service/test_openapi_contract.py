"""What the committed OpenAPI document promises a client, read from the file itself
(``test_openapi.py`` keeps the file equal to the code's document), and what the
service really sends where the document's tools cannot check it (the SSE messages)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from domain import RULESETS
from domain.kernel import tags_of
from tests.service.helpers import start_game

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
    for operation, name, data in (
        ("streamEvents", "GameStreamMessage", "LoggedEvent"),
        ("streamFeed", "FeedStreamMessage", "FeedEvent"),
    ):
        media = ops[operation][2]["responses"]["200"]["content"]["text/event-stream"]
        # OpenAPI 3.1 has no item schema: ``schema`` holds both readings, the
        # whole body (text, as generated clients return it) and one message (as
        # schemathesis and OpenAPI 3.2's ``itemSchema`` read a stream's schema).
        assert media["schema"]["anyOf"] == [
            {"type": "string", "description": "The whole stream, as text"},
            {"$ref": f"#/components/schemas/{name}"},
        ], media
        assert f"`{name}`" in media["schema"]["description"]
        schema = doc["components"]["schemas"][name]
        assert schema["type"] == "object" and f"`{data}`" in schema["description"]
        assert set(schema["required"]) == {"id", "event", "data"}
        message = schema["properties"]
        assert message["data"]["contentMediaType"] == "application/json"
        assert message["data"]["contentSchema"] == {"$ref": f"#/components/schemas/{data}"}
        assert message["event"]["enum"] == every_tag
        assert message["id"]["pattern"] == "^[0-9]+$"
        # The data's model is a component that the JSON operations use too, so a
        # generated client has it.
        assert data in doc["components"]["schemas"]


def message_schema(doc: dict[str, Any], media: dict[str, Any]) -> dict[str, Any]:
    """The component a stream's schema names for one message."""
    ref = media["schema"]["anyOf"][1]["$ref"]
    schema: dict[str, Any] = doc["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return schema


def sse_messages(text: str) -> list[dict[str, str]]:
    """The messages of a text/event-stream body (comment lines fire nothing)."""
    messages = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields[name] = fields.get(name, "") + value.removeprefix(" ")
        if fields:
            messages.append(fields)
    return messages


async def feed_end(client: AsyncTestClient[Any]) -> int:
    """The feed's last position (the database is shared by the run's API tests):
    the first ``after`` with nothing after it, by doubling then bisecting."""

    async def empty_after(n: int) -> bool:
        page = (await client.get("/events", params={"after": n, "limit": 1})).json()
        return not page["events"]

    high = 1
    while not await empty_after(high):
        high *= 2
    low = 0
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if await empty_after(mid) else (mid + 1, high)
    return low


async def test_the_streams_send_what_the_document_says(client: AsyncTestClient[Any]) -> None:
    import jsonschema  # type: ignore[import-untyped]

    doc = document()
    ops = operations(doc)
    start = await feed_end(client)
    game_id, tokens = await start_game(client)
    for operation, url, params in (
        ("streamEvents", f"/games/{game_id}/events/stream", {"access_token": tokens["seat_0"]}),
        ("streamFeed", "/events/stream", {"after": start}),
    ):
        spec = ops[operation][2]["responses"]["200"]["content"]["text/event-stream"]
        message = message_schema(doc, spec)["properties"]
        validator = jsonschema.Draft202012Validator(
            {**message["data"]["contentSchema"], "components": doc["components"]}
        )
        r = await client.get(url, params={**params, "timeout": 0})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        messages = sse_messages(r.text)
        assert messages, operation
        for m in messages:
            data = json.loads(m["data"])
            validator.validate(data)
            assert m["event"] in message["event"]["enum"] and m["event"] == data["event"]["type"]
            key = "version" if operation == "streamEvents" else "position"
            assert m["id"] == str(data[key])
