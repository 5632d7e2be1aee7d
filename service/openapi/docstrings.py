"""Docstrings into the OpenAPI document.

A field's documentation is the string literal written right after its
annotation in the class body (an *attribute docstring*); a schema's is the
class docstring (``cls.__doc__``, so classes built with
``msgspec.defstruct`` count too). Neither Litestar nor msgspec carries
attribute docstrings into JSON Schema, and Litestar drops class docstrings:
:func:`describe` fills every component schema's ``description`` and every
property's from them, wherever the schema has none (a ``Meta(description=...)``
keeps precedence).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from functools import cache
from typing import Any

import msgspec
import msgspec.inspect as mi


@cache
def _own_attribute_docs(cls: type) -> dict[str, str]:
    """Attribute docstrings written in ``cls``'s own body (not its bases')."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):  # built dynamically (defstruct): no source of its own
        return {}
    tree = ast.parse(source)
    body = next(
        (n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__),
        [],
    )
    out: dict[str, str] = {}
    for stmt, nxt in zip(body, body[1:], strict=False):
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            out[stmt.target.id] = inspect.cleandoc(nxt.value.value)
    return out


def attribute_docs(cls: type) -> dict[str, str]:
    """Field name (as in Python) -> docstring, the nearest class of the MRO winning."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object or klass is msgspec.Struct:
            continue
        out.update(_own_attribute_docs(klass))
        # Classes built with msgspec.defstruct may carry theirs in ``__field_docs__``.
        out.update(klass.__dict__.get("__field_docs__", {}))
    return out


def class_doc(cls: type) -> str | None:
    """The class's own docstring (an inherited one does not describe a subclass)."""
    doc = cls.__dict__.get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) and doc.strip() else None


def _struct_classes(roots: list[Any]) -> list[type]:
    """Every Struct class reachable from ``roots`` (through fields, unions, containers)."""
    seen: dict[type, None] = {}

    def walk(t: mi.Type) -> None:
        if isinstance(t, mi.StructType):
            if t.cls in seen:
                return
            seen[t.cls] = None
            for f in t.fields:
                walk(f.type)
        elif isinstance(t, mi.Metadata):
            walk(t.type)
        elif isinstance(t, mi.UnionType):
            for u in t.types:
                walk(u)
        elif isinstance(t, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
            walk(t.item_type)
        elif isinstance(t, mi.TupleType):
            for u in t.item_types:
                walk(u)
        elif isinstance(t, mi.DictType):
            walk(t.key_type)
            walk(t.value_type)

    for t in mi.multi_type_info(roots):
        walk(t)
    return list(seen)


def _roots() -> list[Any]:
    """The public API's types: every ruleset's messages and the service's schemas."""
    from domain import RULESETS, Outcome
    from service.api import problems as errors
    from service.games import schemas

    roots: list[Any] = [Outcome, errors.Problem]
    for rs in RULESETS.values():
        roots += [rs.Command, rs.Event, rs.View, rs.Options, rs.Components]
    for value in vars(schemas).values():
        if isinstance(value, (dict, tuple)):
            members = value.values() if isinstance(value, dict) else value
            roots += [v for v in members if isinstance(v, type) and issubclass(v, msgspec.Struct)]
        elif isinstance(value, type) and issubclass(value, msgspec.Struct):
            roots.append(value)
    return [r for r in roots if not (isinstance(r, type) and r is msgspec.Struct)]


def _encoded_fields(cls: type) -> dict[str, str]:
    """Encoded (wire) name -> Python name of every field of ``cls``."""
    return {f.encode_name: f.name for f in msgspec.structs.fields(cls)}


def _classes_by_schema_name() -> dict[str, list[type]]:
    out: dict[str, list[type]] = {}
    for cls in _struct_classes(_roots()):
        out.setdefault(cls.__name__, []).append(cls)
    return out


def _match(candidates: list[type], schema: dict[str, Any]) -> type | None:
    """The class a component schema was generated from: same name, same properties."""
    props = set(schema.get("properties", {}))
    for cls in candidates:
        config = cls.__struct_config__  # type: ignore[attr-defined]
        wire = set(_encoded_fields(cls))
        if isinstance(config.tag_field, str):
            wire.add(config.tag_field)
        if wire == props:
            return cls
    return None


def describe(doc: dict[str, Any]) -> dict[str, Any]:
    """Fill missing descriptions of component schemas and their properties, in place."""
    classes = _classes_by_schema_name()
    for name, schema in doc.get("components", {}).get("schemas", {}).items():
        cls = _match(classes.get(name, []), schema)
        if cls is None:
            continue
        if "description" not in schema and (text := class_doc(cls)):
            schema["description"] = text
        docs = attribute_docs(cls)
        names = _encoded_fields(cls)
        config = cls.__struct_config__  # type: ignore[attr-defined]
        if isinstance(config.tag_field, str) and isinstance(config.tag, (str, int)):
            docs = {**docs, "\0tag": f"Always `{config.tag}`: the tag naming this type."}
            names = {**names, config.tag_field: "\0tag"}
        for wire, prop in schema.get("properties", {}).items():
            text = docs.get(names.get(wire, ""))
            if text and isinstance(prop, dict) and "description" not in prop:
                prop["description"] = text
    return doc
