"""What the stateful schemathesis run (``test_schemathesis.py``) found, one test each.

Each test failed before its fix.
"""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]
from litestar.testing import AsyncTestClient

from service.openapi.document import NO_NUL
from tests.service.helpers import assert_problem

NUL = "\u0000"


def _validator(doc: dict[str, Any], name: str) -> Any:
    schema = {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}
    return jsonschema.Draft202012Validator(schema)


async def test_a_map_key_with_nul_is_refused_by_the_document_too(
    client: AsyncTestClient[Any],
) -> None:
    """``bots`` with a seat named ``"\\n\\u0000"``: the service answers 400 (no
    U+0000 reaches the store), so the document must refuse it as well, or a
    schema-valid request is rejected (schemathesis ``positive_data_acceptance``)."""
    body = {"ruleset": "eclats_des_cites", "bots": {f"\n{NUL}": "random"}}
    assert_problem(await client.post("/games", json=body), 400, "invalid_request")
    doc = (await client.get("/schema/openapi.json")).json()
    assert not _validator(doc, "EclatsNewGame").is_valid(body)
    assert _validator(doc, "EclatsNewGame").is_valid({**body, "bots": {"seat_1": "random"}})
    # Every map of the document says so of its keys (or names them all).
    maps = [
        schema
        for schema in _walk(doc["components"]["schemas"])
        if isinstance(schema.get("additionalProperties"), dict)
    ]
    assert maps
    for schema in maps:
        keys = schema.get("propertyNames", {})
        assert "enum" in keys or keys.get("pattern") == NO_NUL, schema


def _walk(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_walk(value))
    return found
