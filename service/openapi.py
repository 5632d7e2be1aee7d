"""Post-processing of Litestar's OpenAPI document.

Litestar 2.x emits ``oneOf`` for tagged unions without a ``discriminator``;
we add one (``propertyName: type`` and a mapping from each tag to its
schema) so generated clients build tagged types. Untagged unions (views,
options, components of the different games) become ``anyOf``.
"""

from __future__ import annotations

from typing import Any

from domain import RULESETS


def _tag_map() -> dict[str, str]:
    """Schema component name -> tag, for every command and event class."""
    out: dict[str, str] = {}
    for rs in RULESETS.values():
        for union in (rs.Command, rs.Event):
            for member in getattr(union, "__args__", (union,)):
                out[member.__name__] = member.__struct_config__.tag
    return out


UNTAGGED_SUFFIXES = ("View", "Options", "Components")


def finalize(doc: dict[str, Any]) -> dict[str, Any]:
    tags = _tag_map()
    ref_prefix = "#/components/schemas/"

    def visit(node: Any) -> Any:
        if isinstance(node, dict):
            node = {k: visit(v) for k, v in node.items()}
            one_of = node.get("oneOf")
            if isinstance(one_of, list) and one_of and all(isinstance(o, dict) and "$ref" in o for o in one_of):
                names = [o["$ref"][len(ref_prefix):] for o in one_of]
                if all(n in tags for n in names):
                    node["discriminator"] = {
                        "propertyName": "type",
                        "mapping": {tags[n]: ref_prefix + n for n in names},
                    }
                elif all(n.endswith(UNTAGGED_SUFFIXES) for n in names):
                    node["anyOf"] = node.pop("oneOf")
            return node
        if isinstance(node, list):
            return [visit(v) for v in node]
        return node

    return visit(doc)  # type: ignore[no-any-return]
