"""MkDocs hook: the API reference page, rendered from ``openapi/openapi.json`` at build time.

``docs/api-reference.md`` holds a marker line; this hook replaces it with
Markdown generated from the committed OpenAPI document: every operation with
its authentication, parameters, request body, responses (headers and links
included) and the problem codes each can answer, then the ``ProblemCode``
enum, then every component schema with its properties. Nothing is fetched:
the page is plain Markdown, so the site builds offline and the reference can
never drift from the document (regenerating the document regenerates it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

MARKER = "<!-- openapi-reference: rendered from openapi/openapi.json by docs/hooks.py -->"
DOCUMENT = Path("openapi") / "openapi.json"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
SECTIONS = (  # (tag or path prefix, title), in the order a client meets them
    ("/rulesets", "Rulesets"),
    ("/games", "Games"),
    ("/players", "Players"),
    ("/events", "The global feed"),
    ("/health", "Health and metrics"),
    ("/metrics", "Health and metrics"),
)


def on_config(config: Any) -> Any:
    """Rebuild the page when the document changes under ``mkdocs serve``."""
    config["watch"].append(str(_root(config) / DOCUMENT))
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARKER not in markdown:
        return markdown
    document = json.loads((_root(config) / DOCUMENT).read_text(encoding="utf-8"))
    return markdown.replace(MARKER, render(document))


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


# ---------------------------------------------------------------- rendering


def render(document: dict[str, Any]) -> str:
    """The whole reference as Markdown (headings from level 2)."""
    out: list[str] = []
    info = document["info"]
    out += [f"OpenAPI {document['openapi']}, `{info['title']}` version {info['version']}.", ""]
    out += [_prose(info.get("description", "")), ""]
    operations = list(_operations(document))
    codes = set(document["components"]["schemas"].get("ProblemCode", {}).get("enum", []))
    out += ["## Operations", ""]
    out += ["| operation | method and path | summary |", "|---|---|---|"]
    for method, path, op in operations:
        out.append(
            f"| [`{op['operationId']}`](#{_op_anchor(op)}) | `{method.upper()} {path}` "
            f"| {_cell(op.get('summary', ''))} |"
        )
    out.append("")
    current = None
    for method, path, op in operations:
        section = _section(path)
        if section != current:
            out += [f"## {section}", ""]
            current = section
        out += _operation(document, method, path, op, codes)
    out += _problem_codes(operations, codes)
    out += _schemas(document)
    return "\n".join(out) + "\n"


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    found = [
        (method, path, op)
        for path, item in document["paths"].items()
        for method, op in item.items()
        if method in METHODS
    ]
    order = [title for _, title in SECTIONS]
    return sorted(found, key=lambda f: (order.index(_section(f[1])), f[1], f[0] != "get"))


def _section(path: str) -> str:
    for prefix, title in SECTIONS:
        if path == prefix or path.startswith(prefix + "/"):
            return title
    return "Other"


def _op_anchor(op: dict[str, Any]) -> str:
    return f"op-{op['operationId'].lower()}"


def _schema_anchor(name: str) -> str:
    return f"schema-{name.lower()}"


def _operation(
    document: dict[str, Any], method: str, path: str, op: dict[str, Any], codes: set[str]
) -> list[str]:
    out = [f"### `{method.upper()} {path}` {{#{_op_anchor(op)}}}", ""]
    out += [f"**{_prose(op.get('summary', ''))}** (`{op['operationId']}`)", ""]
    if op.get("description"):
        out += [_prose(op["description"]), ""]
    security = op.get("security")
    if security:
        schemes = [", ".join(s) for s in security if s]
        optional = any(not s for s in security)
        how = " or ".join(f"`{s}`" for s in schemes)
        out += [f"Authentication: {how} token, {'optional' if optional else 'required'}.", ""]
    else:
        out += ["Authentication: none.", ""]
    parameters = [_resolve(document, p) for p in op.get("parameters", [])]
    if parameters:
        out += ["| parameter | in | type | required | description |", "|---|---|---|---|---|"]
        for p in parameters:
            out.append(
                f"| `{p['name']}` | {p['in']} | {_type(p.get('schema', {}))} "
                f"| {'yes' if p.get('required') else 'no'} "
                f"| {_cell(p.get('description') or p.get('schema', {}).get('description', ''))} |"
            )
        out.append("")
    body = op.get("requestBody")
    if body:
        body = _resolve(document, body)
        for media, content in body.get("content", {}).items():
            required = "required" if body.get("required") else "optional"
            out += [f"Request body ({required}), `{media}`: {_type(content.get('schema', {}))}", ""]
    out += ["| status | description | body | headers |", "|---|---|---|---|"]
    answered: list[str] = []
    for status, response in op["responses"].items():
        response = _resolve(document, response)
        description = response.get("description", "")
        answered += [c for c in re.findall(r"`+([a-z0-9_]+)`+", description) if c in codes]
        bodies = [
            f"`{media}` {_type(content['schema'])}" if "schema" in content else f"`{media}`"
            for media, content in response.get("content", {}).items()
        ]
        headers = ", ".join(f"`{name}`" for name in response.get("headers", {}))
        out.append(
            f"| {status} | {_cell(description)} | {'; '.join(bodies) or '(none)'} "
            f"| {headers or '(none)'} |"
        )
    out.append("")
    if answered:
        listed = ", ".join(f"`{c}`" for c in dict.fromkeys(answered))
        out += [f"Problem codes named by its responses: {listed}.", ""]
    links = [
        (status, name, link)
        for status, response in op["responses"].items()
        for name, link in _resolve(document, response).get("links", {}).items()
    ]
    if links:
        out += ["Links (where an answer leads):", ""]
        for status, name, link in links:
            target = link.get("operationId", "")
            out.append(
                f"- {status} → [`{target}`](#{_op_anchor({'operationId': target})}) "
                f"({name}): {_prose(link.get('description', ''))}"
            )
        out.append("")
    return out


def _problem_codes(operations: list[tuple[str, str, dict[str, Any]]], codes: set[str]) -> list[str]:
    if not codes:
        return []
    where: dict[str, list[str]] = {c: [] for c in codes}
    for _, _, op in operations:
        for response in op["responses"].values():
            for c in re.findall(r"`+([a-z0-9_]+)`+", response.get("description", "")):
                if c in where and op["operationId"] not in where[c]:
                    where[c].append(op["operationId"])
    out = ["## Problem codes {#problem-codes}", ""]
    out += [
        "Every `code` a `Problem` can carry (the schema "
        f"[`ProblemCode`](#{_schema_anchor('ProblemCode')})): the service's own codes and "
        "each ruleset's rule violations, which any command may answer with a 422. "
        "The operations named are those whose response descriptions name the code.",
        "",
        "| code | named by |",
        "|---|---|",
    ]
    for code in sorted(codes):
        ops = ", ".join(f"[`{o}`](#{_op_anchor({'operationId': o})})" for o in where[code])
        out.append(f"| `{code}` | {ops or 'a rule violation (422)'} |")
    out.append("")
    return out


def _schemas(document: dict[str, Any]) -> list[str]:
    out = ["## Schemas", ""]
    for name, schema in sorted(document["components"]["schemas"].items()):
        out += [f"### {name} {{#{_schema_anchor(name)}}}", ""]
        if schema.get("description"):
            out += [_prose(schema["description"]), ""]
        properties = schema.get("properties")
        if properties:
            required = set(schema.get("required", []))
            out += ["| property | type | required | description |", "|---|---|---|---|"]
            for prop, sub in properties.items():
                out.append(
                    f"| `{prop}` | {_type(sub)} | {'yes' if prop in required else 'no'} "
                    f"| {_cell(sub.get('description', ''))} |"
                )
            out.append("")
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra:
                out += [f"Other properties: {_type(extra)}.", ""]
        else:
            out += [f"Type: {_type(schema)}.", ""]
    return out


def _resolve(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _type(schema: dict[str, Any]) -> str:
    """A schema as a short type expression, with links to the component schemas."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{_schema_anchor(name)})"
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " \\| ".join(_type(s) for s in schema[key])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        values = schema["enum"]
        shown = " \\| ".join(f"`{json.dumps(v)}`" for v in values[:12])
        return shown + (f" \\| … ({len(values)} values)" if len(values) > 12 else "")
    kind = schema.get("type")
    if isinstance(kind, list):
        return " \\| ".join(_type({**schema, "type": k}) for k in kind)
    if kind == "array":
        items = schema.get("prefixItems")
        if items:
            return "[" + ", ".join(_type(i) for i in items) + "]"
        return f"array of {_type(schema.get('items', {}))}"
    if kind == "object" and "additionalProperties" in schema and not schema.get("properties"):
        values = schema["additionalProperties"]
        return f"map of {_type(values)}" if isinstance(values, dict) and values else "object"
    if kind is None:
        return "any"
    bounds = [
        f"{label} {schema[key]}"
        for key, label in (
            ("minimum", "≥"),
            ("maximum", "≤"),
            ("minLength", "length ≥"),
            ("maxLength", "length ≤"),
            ("minItems", "items ≥"),
            ("maxItems", "items ≤"),
        )
        if key in schema
    ]
    shown = f"{kind}" + (f" ({schema['format']})" if "format" in schema else "")
    return shown + (f" ({', '.join(bounds)})" if bounds else "")


def _prose(text: str) -> str:
    """Docstring text as Markdown: RST's double backticks become code spans, and
    any ``<`` outside a code span is escaped (``<ruleset>`` is not an HTML tag)."""
    text = re.sub(r"``(.+?)``", r"`\1`", text, flags=re.S)
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(
        p if p.startswith("`") and p.endswith("`") and len(p) > 1 else p.replace("<", "&lt;")
        for p in parts
    ).strip()


def _cell(text: str) -> str:
    """Prose fit for a table cell: one line, pipes outside code spans escaped (a
    table keeps a pipe inside a code span as it is)."""
    parts = re.split(r"(`[^`]*`)", " ".join(_prose(text).split()))
    return "".join(p if p.startswith("`") else p.replace("|", "\\|") for p in parts)
