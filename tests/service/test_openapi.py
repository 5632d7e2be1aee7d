"""The committed OpenAPI document is the code's, valid, and precise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient
from openapi_spec_validator import validate

from domain import RULESETS
from service.cli import openapi_document

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def generated() -> dict[str, Any]:
    return openapi_document()


def test_committed_document_matches_the_code() -> None:
    text = json.dumps(generated(), indent=2, ensure_ascii=False) + "\n"
    assert COMMITTED.exists(), "run `plateau openapi -o openapi/openapi.json`"
    assert COMMITTED.read_text(encoding="utf-8") == text, (
        "openapi/openapi.json drifted from the code: regenerate it with `plateau openapi -o openapi/openapi.json`"
    )


def test_document_is_valid_openapi_3_1() -> None:
    doc = generated()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_every_operation_has_an_id_and_problem_responses() -> None:
    doc = generated()
    ids = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            ids.append(op["operationId"])
            if path.startswith("/games/{game_id}"):
                assert "404" in op["responses"], (path, method)
                assert op["responses"]["404"]["content"].get("application/problem+json"), (
                    path,
                    method,
                )
    assert len(ids) == len(set(ids))


def _union_with_mapping(
    doc: dict[str, Any], path: str, method: str, pointer: list[str]
) -> dict[str, Any]:
    node: Any = doc["paths"][path][method]
    for key in pointer:
        node = node[key]
    if "$ref" in node:
        node = doc["components"]["schemas"][node["$ref"].split("/")[-1]]
    return dict(node)


def test_commands_and_events_are_discriminated_unions_with_one_schema_per_tag() -> None:
    doc = generated()
    schemas = doc["components"]["schemas"]
    body = _union_with_mapping(
        doc,
        "/games/{game_id}/commands",
        "post",
        ["requestBody", "content", "application/json", "schema"],
    )
    assert body["discriminator"]["propertyName"] == "type"
    mapping = body["discriminator"]["mapping"]
    expected = {
        m.__struct_config__.tag
        for rs in RULESETS.values()
        for m in getattr(rs.Command, "__args__", (rs.Command,))
    }
    assert set(mapping) == expected
    assert len(set(mapping.values())) == len(mapping), "each type maps to exactly one schema"
    for tag, ref in mapping.items():
        schema = schemas[ref.split("/")[-1]]
        assert schema["properties"]["type"].get("const") == tag or schema["properties"]["type"].get(
            "enum"
        ) == [tag]
    # Every ``event`` property holds an event, but an SSE message's, which is its name.
    event_unions = [
        s["properties"]["event"]
        for s in schemas.values()
        if isinstance(s, dict)
        and "event" in s.get("properties", {})
        and s["properties"]["event"].get("type") != "string"
    ]
    assert event_unions
    for union in event_unions:
        assert union["discriminator"]["propertyName"] == "type"
        assert len(union["discriminator"]["mapping"]) == sum(
            len(getattr(rs.Event, "__args__", (rs.Event,))) for rs in RULESETS.values()
        )


async def test_the_served_document_is_the_committed_one(client: AsyncTestClient[Any]) -> None:
    r = await client.get("/schema/openapi.json")
    assert r.status_code == 200
    assert r.json() == generated()
    r = await client.get("/schema")
    assert r.status_code == 200 and "swagger" in r.text.lower()


def test_examples_are_real_messages_that_match_their_schemas() -> None:
    import jsonschema  # type: ignore[import-untyped]
    import msgspec

    doc = generated()
    schemas = doc["components"]["schemas"]
    classes: dict[str, Any] = {}
    for rs in RULESETS.values():
        for union in (rs.Command, rs.Event):
            for member in getattr(union, "__args__", (union,)):
                classes[member.__name__] = member
        classes[rs.View.__name__] = rs.View
        classes[rs.Options.__name__] = rs.Options
    with_examples = [name for name in classes if schemas[name].get("examples")]
    # Every options and view schema, and most commands and events, carry one.
    assert len(with_examples) >= 0.85 * len(classes), sorted(set(classes) - set(with_examples))
    for name in with_examples:
        example = schemas[name]["examples"][0]
        decoded = msgspec.json.decode(json.dumps(example), type=classes[name])
        assert json.loads(msgspec.json.encode(decoded)) == example, name
        validator = jsonschema.Draft202012Validator(
            {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}
        )
        validator.validate(example)


def test_fork_and_position_examples_are_answers_the_service_types() -> None:
    """The examples of ``forkGame``, ``listPositions`` and ``createGame`` at a position
    decode into the service's own classes and validate against their schemas; an
    answer's example has every field the service sends (a body may leave defaults out)."""
    import jsonschema
    import msgspec

    from service.games.schemas import CreateGame, ForkGame, GameSummary, PositionInfo

    doc = generated()
    fork = doc["paths"]["/games/{game_id}/fork"]["post"]
    create = doc["paths"]["/games"]["post"]
    positions = doc["paths"]["/rulesets/{ruleset}/positions"]["get"]
    bodies: list[tuple[Any, set[str], Any]] = [
        (fork["requestBody"], {"newSeed", "sameSeed"}, ForkGame),
        (create["requestBody"], {"default", "position"}, CreateGame),
    ]
    answers: list[tuple[Any, set[str], Any]] = [
        (fork["responses"]["201"], {"fork"}, GameSummary),
        (create["responses"]["201"], {"position"}, GameSummary),
        (positions["responses"]["200"], {"positions"}, list[PositionInfo]),
    ]
    for where, names, cls in bodies + answers:
        media = where["content"]["application/json"]
        assert names <= set(media["examples"]), media["examples"].keys()
        validator = jsonschema.Draft202012Validator(
            {**media["schema"], "components": doc["components"]}
        )
        for example in media["examples"].values():
            decoded = msgspec.json.decode(json.dumps(example["value"]), type=cls)
            if (where, names, cls) in answers:
                assert json.loads(msgspec.json.encode(decoded)) == example["value"]
            validator.validate(example["value"])
    started = create["responses"]["201"]["content"]["application/json"]["examples"]["position"]
    assert set(started["value"]["tokens"]) == {s["seat"] for s in started["value"]["seats"]}
    forked = fork["responses"]["201"]["content"]["application/json"]["examples"]["fork"]["value"]
    assert forked["forked_from"]["version"] == forked["version"]
    assert positions["responses"]["200"]["content"]["application/json"]["examples"]["positions"][
        "value"
    ]
