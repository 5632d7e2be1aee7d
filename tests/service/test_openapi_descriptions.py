"""Every schema and (nearly) every property of the public document is described (issue 12)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from service.cli import openapi_document
from service.openapi.docstrings import attribute_docs, class_doc, describe

FLOOR = 0.95


def _properties(node: Any) -> list[tuple[str, Any]]:
    """Every property schema anywhere in ``node`` (components and inline schemas)."""
    out: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            out += list(props.items())
        for value in node.values():
            out += _properties(value)
    elif isinstance(node, list):
        for value in node:
            out += _properties(value)
    return out


def test_at_least_95_percent_of_properties_are_described() -> None:
    props = _properties(openapi_document())
    assert len(props) > 1000  # the whole document was walked
    bare = sorted({name for name, schema in props if "description" not in schema})
    share = 1 - len(bare) / len(props)
    assert share >= FLOOR, f"{share:.1%} of properties described; bare: {bare[:40]}"


def test_every_component_schema_is_described() -> None:
    schemas = openapi_document()["components"]["schemas"]
    bare = sorted(name for name, schema in schemas.items() if not schema.get("description"))
    assert bare == []


class _Base(msgspec.Struct, kw_only=True):
    """The base."""

    a: int
    """From the base."""
    b: int
    """Overridden below."""


class _Child(_Base, kw_only=True, tag="child"):
    b: int
    """From the child."""
    c: Annotated[int, msgspec.Meta(description="From Meta.")]
    """Loses to Meta."""
    d: int


def test_docstrings_reach_schemas_and_meta_keeps_precedence() -> None:
    assert attribute_docs(_Child) == {
        "a": "From the base.",
        "b": "From the child.",
        "c": "Loses to Meta.",
    }
    assert class_doc(_Child) is None  # the base's docstring does not describe a subclass
    made = msgspec.defstruct("_Made", [("x", int)])
    made.__doc__ = "Built at run time."
    assert class_doc(made) == "Built at run time."

    # describe() only knows the API's classes: check it on a real one.
    from service.games.schemas import GAME_SUMMARY

    summary = next(iter(GAME_SUMMARY.values()))
    doc: dict[str, Any] = {"components": {"schemas": {}}}
    doc["components"]["schemas"][summary.__name__] = {
        "type": "object",
        "properties": {
            **{f.encode_name: {} for f in msgspec.structs.fields(summary)},
            "ruleset": {},
            "game_id": {"description": "Kept."},
        },
    }
    described = describe(doc)["components"]["schemas"][summary.__name__]
    assert described["description"] == class_doc(summary)
    assert described["properties"]["seed_sha256"]["description"].startswith("Hex SHA-256")
    assert described["properties"]["game_id"]["description"] == "Kept."
    assert described["properties"]["options"]["description"]  # a defstruct field
    assert described["properties"]["ruleset"]["description"].startswith("Always `")
