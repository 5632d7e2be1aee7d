"""Post-processing of Litestar's OpenAPI document.

Litestar 2.x emits ``oneOf`` for tagged unions without a ``discriminator``;
we add one (``propertyName: type`` and a mapping from each tag to its
schema) so generated clients build tagged types. Untagged unions (views,
options, components of the different games) become ``anyOf``.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from domain import RULESETS
from domain.kernel import tags_of
from domain.words import LANGUAGES
from service.openapi.docstrings import describe
from service.openapi.links import add_links


def _classes() -> dict[str, Any]:
    """Schema component name -> msgspec class, for every class whose schema we refine."""
    from service.games import schemas

    out: dict[str, Any] = {}
    for rs in RULESETS.values():
        for union in (rs.Command, rs.Event):
            for member in getattr(union, "__args__", (union,)):
                out[member.__name__] = member
        out[rs.Options.__name__] = rs.Options
    for cls in (
        *schemas.NEW_GAME_CLASSES,
        *schemas.GAME_SUMMARY.values(),
        *schemas.STATE_RESPONSE.values(),
        *schemas.RULESET_DETAIL.values(),
        schemas.ClaimSeat,
        schemas.CreatePlayer,
        schemas.ForkGame,
    ):
        out[cls.__name__] = cls
    return out


UNTAGGED_SUFFIXES = ("View", "Options", "Components")


def _domain_schemas() -> dict[str, Any]:
    """msgspec's own JSON Schemas of every domain type.

    Litestar's generator drops some constraints (items of ``tuple[X, ...]``,
    ``minimum: 0``); msgspec renders exactly what its decoder enforces, so
    the domain's components come from msgspec."""
    from domain import Outcome

    types: list[Any] = [Outcome]
    for rs in RULESETS.values():
        types += list(getattr(rs.Command, "__args__", (rs.Command,)))
        types += list(getattr(rs.Event, "__args__", (rs.Event,)))
        types += [rs.View, rs.Options, rs.Components]
    _, components = msgspec.json.schema_components(
        types, ref_template="#/components/schemas/{name}"
    )
    return components


# Query parameters whose ``ge=0`` Litestar 2.x leaves out of the document.
NON_NEGATIVE_QUERY = {"after", "timeout"}


class _Normalizer:
    """One way to write each schema construct, whatever Litestar and msgspec emit."""

    REF = "#/components/schemas/"

    def __init__(self, classes: dict[str, Any]) -> None:
        self.classes = classes

    def tag_of(self, name: str) -> tuple[str, str] | None:
        cls = self.classes.get(name)
        if cls is None:
            return None
        config = cls.__struct_config__
        if not isinstance(config.tag, str) or not isinstance(config.tag_field, str):
            return None
        return config.tag_field, config.tag

    def visit(self, node: Any) -> Any:
        if isinstance(node, list):
            return [self.visit(v) for v in node]
        if not isinstance(node, dict):
            return node
        node = {k: self.visit(v) for k, v in node.items()}
        # Tuples: msgspec closes them with ``items: false`` after
        # ``prefixItems``; ``maxItems`` says the same and every client
        # generator reads it (openapi-python-client refuses a boolean schema).
        if node.get("items") is False and isinstance(node.get("prefixItems"), list):
            del node["items"]
            node.setdefault("maxItems", len(node["prefixItems"]))
        # Tags: one way everywhere, ``const`` with ``type: string`` (a bare
        # one-value enum becomes a one-member enum class in Python clients).
        enum = node.get("enum")
        if isinstance(enum, list) and len(enum) == 1 and isinstance(enum[0], str):
            del node["enum"]
            node["const"] = enum[0]
            node["type"] = "string"
        if isinstance(node.get("const"), str) and "type" not in node:
            node["type"] = "string"
        one_of = node.get("oneOf")
        # Litestar renders tuple[X, ...] items as oneOf [X, {}]; anything
        # matching X matches both, which makes oneOf fail: keep X.
        if isinstance(one_of, list) and len(one_of) == 2 and {} in one_of:
            node.pop("oneOf")
            node.update(next(o for o in one_of if o != {}))
        elif (
            isinstance(one_of, list)
            and one_of
            and all(isinstance(o, dict) and "$ref" in o for o in one_of)
        ):
            self._discriminate(node, [o["$ref"][len(self.REF) :] for o in one_of])
        return node

    def _discriminate(self, node: dict[str, Any], names: list[str]) -> None:
        """A ``oneOf`` of tagged classes gets a ``discriminator`` with a mapping;
        one of untagged, overlapping answers becomes an ``anyOf``."""
        tags = [self.tag_of(n) for n in names]
        if all(tags) and len({t[0] for t in tags if t}) == 1:
            node["discriminator"] = {
                "propertyName": tags[0][0],  # type: ignore[index]
                "mapping": {t[1]: self.REF + n for n, t in zip(names, tags, strict=True) if t},
            }
        elif all(n.endswith(UNTAGGED_SUFFIXES) for n in names):
            node["anyOf"] = node.pop("oneOf")


def finalize(doc: dict[str, Any]) -> dict[str, Any]:
    # Litestar leaves some values as objects (e.g. Structs in examples): plain JSON first.
    doc = json.loads(msgspec.json.encode(doc))
    doc.setdefault("components", {}).setdefault("schemas", {}).update(_domain_schemas())
    classes = _classes()
    result: dict[str, Any] = _Normalizer(classes).visit(doc)
    result.setdefault("info", {})["license"] = {"name": "MIT", "identifier": "MIT"}
    for name, field in (("CreatePlayer", "name"), ("ClaimSeat", "player_name")):
        prop = result["components"]["schemas"].get(name, {}).get("properties", {}).get(field)
        for variant in [prop, *(prop or {}).get("oneOf", []), *(prop or {}).get("anyOf", [])]:
            if isinstance(variant, dict) and variant.get("type") == "string":
                variant.setdefault("pattern", NO_NUL)
    _no_nul_anywhere(result["components"]["schemas"])
    _name_inline_enums(result)
    _enumerate_problem_codes(result)
    _declare_security(result)
    _document_problems(result)
    optional_bodies(result)
    _document_headers(result)
    _document_conditional_reads(result)
    _document_method_not_allowed(result)
    _document_languages(result)
    add_links(result)
    _add_examples(result)
    _add_fork_examples(result)
    describe(result)  # docstrings -> descriptions
    # forbid_unknown_fields=True is not reflected by Litestar: say it in the schema.
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        cls = classes.get(name)
        if (
            cls is not None
            and cls.__struct_config__.forbid_unknown_fields
            and schema.get("type") == "object"
        ):
            schema["additionalProperties"] = False
    return result


ETAG_OPERATIONS = {
    ("getGame", "200"),
    ("getState", "200"),
    ("getLegalCommands", "200"),
    ("getPicture", "200"),
    ("getEvents", "200"),
    ("submitCommand", "201"),
    ("submitCommand", "412"),
    ("exportGame", "200"),
}
LOCATION_OPERATIONS = {"createGame", "claimSeat", "createPlayer", "importGame", "forkGame"}
HEADERS = {
    "ETag": {
        "description": 'The game\'s version as a strong entity tag (`"12"`; `"12.fr"` for an '
        "answer in another language than the default, so each language has its own tag), "
        "for `If-Match` and `If-None-Match`",
        "schema": {"type": "string", "pattern": '^"[0-9]{1,12}(\\.[a-z]{2,8})?"$'},
    },
    "Content-Language": {
        "description": "The language of the answer's words (sentences, labels, names, "
        "refusals): the best of `Accept-Language` (or `lang`) among the server's languages",
        "schema": {"type": "string", "enum": list(LANGUAGES)},
    },
    "Vary": {
        "description": "`Accept-Language`: a cache keeps one answer per language",
        "schema": {"type": "string", "const": "Accept-Language"},
    },
    "Location": {
        "description": "The created (or claimed) resource",
        "schema": {"type": "string", "format": "uri-reference"},
    },
    "Retry-After": {
        "description": "Seconds to wait before retrying",
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    },
    "WWW-Authenticate": {
        "description": "`Bearer`: the scheme to authenticate with, on every 401",
        "required": True,
        "schema": {"type": "string", "const": "Bearer"},
    },
}


def _in_words(op: dict[str, Any]) -> bool:
    """The operation answers in the caller's language (it takes ``lang``)."""
    return any(p.get("name") == "lang" and p.get("in") == "query" for p in op.get("parameters", []))


def _document_languages(doc: dict[str, Any]) -> None:
    """``Content-Language`` and ``Vary`` on the answers of operations in words."""
    for item in doc.get("paths", {}).values():
        for op in item.values():
            if isinstance(op, dict) and "responses" in op and _in_words(op):
                for status, response in op["responses"].items():
                    if status in ("200", "201", "304"):
                        headers = response.setdefault("headers", {})
                        headers["Content-Language"] = HEADERS["Content-Language"]
                        headers["Vary"] = HEADERS["Vary"]


def _document_headers(doc: dict[str, Any]) -> None:
    """Response headers, the SSE payload, and the 5xx answers of every operation."""
    problem = {"$ref": "#/components/schemas/Problem"}
    for item in doc.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            operation = op.get("operationId")
            responses = op["responses"]
            for status, response in responses.items():
                headers = response.setdefault("headers", {})
                if (operation, status) in ETAG_OPERATIONS:
                    headers["ETag"] = HEADERS["ETag"]
                if operation in LOCATION_OPERATIONS and status == "201":
                    headers["Location"] = HEADERS["Location"]
                if status == "401":
                    headers["WWW-Authenticate"] = HEADERS["WWW-Authenticate"]
                if not headers:
                    del response["headers"]
            responses.setdefault(
                "500",
                {
                    "description": "A bug (`internal_error`): never expected",
                    "content": {"application/problem+json": {"schema": problem}},
                },
            )
            unavailable = responses.setdefault(
                "503",
                {
                    "description": "The event store cannot be reached (`store_unavailable`)",
                    "content": {"application/problem+json": {"schema": problem}},
                },
            )
            unavailable.setdefault("headers", {})["Retry-After"] = HEADERS["Retry-After"]
            stream = responses.get("200", {}).get("content", {}).get("text/event-stream")
            if stream is not None:
                name, message = sse_message(SSE_STREAMS[str(operation)])
                doc.setdefault("components", {}).setdefault("schemas", {})[name] = message
                stream.clear()
                stream["schema"] = sse_body(name)


SSE_STREAMS = {
    "streamEvents": (
        "GameStreamMessage",
        "LoggedEvent",
        "version",
        "the event's version in its game (1, 2, ...)",
    ),
    "streamFeed": (
        "FeedStreamMessage",
        "FeedEvent",
        "position",
        "the event's global position (commit order)",
    ),
}
"""Stream operation -> (its message's schema, the schema of each message's ``data``,
what its ``id`` is)."""


def sse_message(stream: tuple[str, str, str, str]) -> tuple[str, dict[str, Any]]:
    """The component describing one Server-Sent Events message of a stream:
    ``id``, ``event`` and ``data``, the last a JSON string whose
    ``contentSchema`` is a component (so every generated client has its model)."""
    name, data, id_name, id_meaning = stream
    tags = sorted(tag for rs in RULESETS.values() for tag in tags_of(rs.Event))
    return name, {
        "type": "object",
        "title": name,
        "description": f"One Server-Sent Events message, its fields as the WHATWG parser "
        f"reads them. `id:` {id_meaning} (send it back as `Last-Event-ID` to resume), "
        f"`event:` the event's `type`, `data:` one `{data}` as JSON on one line.",
        "properties": {
            "id": {
                "type": "string",
                "pattern": "^[0-9]+$",
                "description": f"The `{id_name}` of `data`: {id_meaning}",
            },
            "event": {
                "type": "string",
                "enum": tags,
                "description": "The event's `type` (`<ruleset>.<name>`, `data.event.type`)",
            },
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": f"#/components/schemas/{data}"},
                "description": f"One `{data}`, as JSON on one line",
            },
        },
        "required": ["id", "event", "data"],
    }


def sse_body(message: str) -> dict[str, Any]:
    """A ``text/event-stream`` answer's schema, read right by both kinds of tool.

    OpenAPI 3.1 has no item schema for a stream: read strictly, ``schema`` is
    the whole body, which is text (the first branch: generated clients return
    it as a string, openapi-python-client included, which cannot parse an
    object out of a ``text/*`` body). Tools that read a 3.1 stream's schema as
    one message's, as OpenAPI 3.2's ``itemSchema`` (schemathesis validates
    every message so), match the second branch.
    """
    return {
        "description": f"Server-Sent Events: the body is text (a string), a sequence of "
        f"messages, each a `{message}` (`id:`, `event:`, `data:` lines, then a blank line). "
        "Heartbeats are comment lines (`: heartbeat`) only: they fire no event in an "
        "EventSource. OpenAPI 3.1 has no item schema for a stream, so both readings are "
        f"here: the whole body (a string) and one message (a `{message}`).",
        "anyOf": [
            {"type": "string", "description": "The whole stream, as text"},
            {"$ref": f"#/components/schemas/{message}"},
        ],
    }


NOT_MODIFIED_OPERATIONS = {
    "getGame": "once the game has started (a waiting game's seats change without a new version)",
    "getState": "",
}
"""Operations that honour ``If-None-Match`` (``service.api.games.not_modified``)."""


def _document_conditional_reads(doc: dict[str, Any]) -> None:
    """``If-None-Match`` and its 304 on the reads that honour it."""
    for item in doc.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or op.get("operationId") not in NOT_MODIFIED_OPERATIONS:
                continue
            when = NOT_MODIFIED_OPERATIONS[op["operationId"]]
            op.setdefault("parameters", []).append(
                {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": False,
                    "description": "The `ETag` of a previous answer (or a list of them, or `*`): "
                    "when it still names the current version, the answer is 304 with no body"
                    + (f", {when}" if when else "")
                    + '. Weak tags (`W/"12"`) match too (weak comparison, RFC 9110); '
                    "a value naming no current tag is no match (200), never an error.",
                    "schema": {"type": "string", "pattern": NO_NUL},
                }
            )
            op["responses"]["304"] = {
                "description": "Not modified: `If-None-Match` names the current version",
                "headers": {"ETag": HEADERS["ETag"]},
            }


def _document_method_not_allowed(doc: dict[str, Any]) -> None:
    """Another method on an operation's path answers 405 with ``Allow``."""
    allow = {
        "description": "The methods of this path, comma-separated (`GET, OPTIONS`)",
        "schema": {"type": "string", "pattern": "^[A-Z]+(, [A-Z]+)*$"},
    }
    problem = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    for item in doc.get("paths", {}).values():
        methods = sorted(
            {m.upper() for m, op in item.items() if isinstance(op, dict)} | {"OPTIONS"}
        )
        for op in item.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            op["responses"]["405"] = {
                "description": "`method_not_allowed`: this path answers only "
                + ", ".join(f"`{m}`" for m in methods)
                + " (the `Allow` header lists them; `OPTIONS` answers 204 with the same header)",
                "headers": {"Allow": allow},
                "content": problem,
            }


# Inline enums whose generated name (parent + property) is taken by a
# component: openapi-python-client would name ToursShare.island's enum
# ``ToursShareIsland``, the command of that name, and drop the schema.
NAMED_ENUMS = {("ToursShare", "island"): "ToursIslandName"}


def _name_inline_enums(doc: dict[str, Any]) -> None:
    schemas = doc.get("components", {}).get("schemas", {})
    for (parent, prop), name in NAMED_ENUMS.items():
        props = schemas.get(parent, {}).get("properties", {})
        inline = props.get(prop)
        if isinstance(inline, dict) and "enum" in inline and name not in schemas:
            description = inline.pop("description", None)
            schemas[name] = {
                "title": name,
                "description": f"The values of `{parent}.{prop}`.",
                **inline,
            }
            props[prop] = {"$ref": f"#/components/schemas/{name}"}
            if description:
                props[prop]["description"] = description


def _enumerate_problem_codes(doc: dict[str, Any]) -> None:
    """``Problem.code`` is one of ``ProblemCode``: every code the API can answer,
    the service's and each ruleset's (``service.api.problems.problem_codes``)."""
    from service.api.problems import problem_codes

    codes = problem_codes()
    schemas = doc["components"]["schemas"]
    lines = "\n".join(f"- `{code}`: {source}" for code, source in codes.items())
    schemas["ProblemCode"] = {
        "title": "ProblemCode",
        "type": "string",
        "enum": list(codes),
        "description": "Every `code` a problem can carry, stable across versions (a new one is "
        "an addition to this list). A rule violation answers 422 with its ruleset's code. "
        "Each code with its status (and the rulesets that raise it):\n\n" + lines,
    }
    schemas["Problem"]["properties"]["code"] = {"$ref": "#/components/schemas/ProblemCode"}


# Operations that answer 401 without a token; the others that read one only
# change the view with it (a spectator's without).
TOKEN_REQUIRED = {"getLegalCommands", "submitCommand", "importGame"}


def _declare_security(doc: dict[str, Any]) -> None:
    """The ``bearer`` scheme on every operation that reads a token.

    Litestar documents the token as an ``Authorization`` header parameter,
    which OpenAPI ignores and no generated client attaches globally: each
    operation says instead whether the token is required (``[bearer]``),
    optional (``[bearer, {}]``: it only changes the view) or unused (``[]``).
    """
    for item in doc.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            params = op.get("parameters", [])
            reads_token = any(
                p.get("in") == "header" and p.get("name", "").lower() == "authorization"
                for p in params
            )
            op["parameters"] = [
                p
                for p in params
                if not (p.get("in") == "header" and p.get("name", "").lower() == "authorization")
            ]
            if not op["parameters"]:
                del op["parameters"]
            if op.get("operationId") in TOKEN_REQUIRED:
                op["security"] = [{"bearer": []}]
            elif reads_token:
                op["security"] = [{"bearer": []}, {}]
            else:
                op["security"] = []


PROBLEM_DESCRIPTIONS = {
    "400": "Malformed request (`invalid_request`): bad JSON, wrong types, values out of range",
    "404": "Unknown resource (`not_found`)",
    "413": "Request body too large (`payload_too_large`)",
}


NO_NUL = r"^[^\x00]*$"
r"""A string without U+0000, the escape written out (``\x00``, which ECMA-262
and Python patterns read as U+0000). A raw U+0000 in the document landed in
generated code (a TypeScript regex literal holding a NUL byte, which git and
grep take for binary); hey-api's zod plugin turns a ``\u0000`` escape into
that raw byte too, while ``\x00`` reaches every generator tried as written."""


def no_nul(schema: dict[str, Any]) -> None:
    """A string the store keeps: U+0000 is refused (400), so say so."""
    if schema.get("type") == "string" and "pattern" not in schema and "enum" not in schema:
        schema["pattern"] = NO_NUL
        schema.setdefault("minLength", 1)


def _no_nul_anywhere(node: Any) -> None:
    """Every free string of a body is refused with U+0000 (400, ``json_schema_body``):
    each string schema without a pattern, enum, const or format says so, and
    so does each map (an object with ``additionalProperties``) of its keys."""
    if isinstance(node, dict):
        if node.get("type") == "string" and not {"pattern", "enum", "const", "format"} & set(node):
            node["pattern"] = NO_NUL
        if isinstance(node.get("additionalProperties"), dict) and "propertyNames" not in node:
            node["propertyNames"] = {"pattern": NO_NUL}
        for value in node.values():
            _no_nul_anywhere(value)
    elif isinstance(node, list):
        for value in node:
            _no_nul_anywhere(value)


def not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A parameter's schema without its ``null``, in each form Litestar writes an
    optional one: a ``oneOf`` with ``{"type": "null"}``, ``type: ["null", ...]``
    and ``null`` in an ``enum`` (``?status=null`` is the text "null", never
    absent: listing it told clients to send it, and the service refuses it)."""
    variants = schema.get("oneOf")
    if isinstance(variants, list):
        kept = [v for v in variants if v.get("type") != "null"]
        if len(kept) == 1 and len(kept) < len(variants):
            schema = {**{k: v for k, v in schema.items() if k != "oneOf"}, **kept[0]}
    types = schema.get("type")
    if isinstance(types, list) and "null" in types:
        kept_types = [t for t in types if t != "null"]
        schema = {**schema, "type": kept_types[0] if len(kept_types) == 1 else kept_types}
    if isinstance(schema.get("enum"), list) and None in schema["enum"]:
        schema = {**schema, "enum": [v for v in schema["enum"] if v is not None]}
    return schema


def optional_bodies(doc: dict[str, Any]) -> None:
    """A body whose schema admits ``null`` is optional (the handler's ``data``
    defaults to None: ``claimSeat`` with a player token needs none). Litestar
    declares every body required; say it may be left out, and of what it is when
    sent (a JSON ``null`` is still taken as no body, and not advertised)."""
    for item in doc.get("paths", {}).values():
        for op in item.values():
            body = op.get("requestBody") if isinstance(op, dict) else None
            if not isinstance(body, dict):
                continue
            for media in body.get("content", {}).values():
                schema = media.get("schema", {})
                variants = schema.get("oneOf")
                if not isinstance(variants, list) or {"type": "null"} not in variants:
                    continue
                kept = [v for v in variants if v != {"type": "null"}]
                rest = {k: v for k, v in schema.items() if k != "oneOf"}
                media["schema"] = {**rest, **kept[0]} if len(kept) == 1 else {**rest, "oneOf": kept}
                body["required"] = False


def _document_problems(doc: dict[str, Any]) -> None:
    """Every operation documents its generic errors as problem+json.

    Litestar adds its own 400 (``application/json``) to operations with
    parameters; ours are RFC 9457 problems, so the document says so.
    """
    problem = {"$ref": "#/components/schemas/Problem"}
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            # An absent header or query parameter is "not sent", never null.
            for param in op.get("parameters", []):
                if param.get("in") in {"header", "query"}:
                    param["schema"] = not_null(param.get("schema", {}))
                if param.get("in") == "header" and param.get("name") == "If-Match":
                    # Checked by service.api.deps.parse_if_match (400 otherwise).
                    from service.api.headers import VERSION_TAG

                    param.setdefault("schema", {})["pattern"] = VERSION_TAG
                no_nul(param.get("schema", {}))
                if param.get("in") == "query" and param.get("name") in NON_NEGATIVE_QUERY:
                    param["schema"]["minimum"] = 0
            responses = op["responses"]
            wanted = ["400"]
            if "{" in path:
                wanted.append("404")
            if method in {"post", "put", "patch"}:
                wanted.append("413")
            for status in wanted:
                current = responses.get(status)
                if current and "application/problem+json" in current.get("content", {}):
                    continue
                responses[status] = {
                    "description": PROBLEM_DESCRIPTIONS[status],
                    "content": {"application/problem+json": {"schema": problem}},
                }


def _add_examples(doc: dict[str, Any]) -> None:
    """One real example per command, event, view and options schema."""
    from service.openapi.examples import message_examples

    schemas = doc.get("components", {}).get("schemas", {})
    for name, example in message_examples().items():
        schema = schemas.get(name)
        if schema is not None and "examples" not in schema:
            schema["examples"] = [example]
    _add_position_examples(doc)


def _problem_example(status: int, code: str, detail: str, path: str, details: Any) -> Any:
    from service.api.problems import TITLES

    return {
        "type": f"urn:plateau:problem:{code}",
        "title": TITLES[status],
        "status": status,
        "code": code,
        "detail": detail,
        "instance": path,
        "details": details,
    }


def _add_fork_examples(doc: dict[str, Any]) -> None:
    """``forkGame``'s body, answer and refusals, by example."""
    from service.openapi.examples import FORK_VERSION, ORIGINAL_GAME, fork_example

    op = doc.get("paths", {}).get("/games/{game_id}/fork", {}).get("post")
    if op is None:
        return
    path = f"/games/{ORIGINAL_GAME}/fork"
    op["requestBody"]["content"]["application/json"]["examples"] = {
        "newSeed": {
            "summary": f"From version {FORK_VERSION}, with a new seed for what follows",
            "value": {"version": FORK_VERSION},
        },
        "sameSeed": {
            "summary": f"From version {FORK_VERSION}, with the original's luck",
            "value": {"version": FORK_VERSION, "same_seed": True},
        },
    }
    op["responses"]["201"]["content"]["application/json"]["examples"] = {
        "fork": {
            "summary": f"The fork, waiting for its seats, at version {FORK_VERSION}",
            "value": fork_example(),
        }
    }
    refusals = {
        "403": {
            "inPlay": _problem_example(
                403,
                "fork_forbidden",
                "game 6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b is active: only a finished game may be"
                " forked by anyone",
                path,
                {"status": "active"},
            )
        },
        "422": {
            "midMove": _problem_example(
                422,
                "not_a_resting_point",
                "version 16 of game 6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b is inside a move",
                path,
                {"previous_resting_version": 14, "next_resting_version": 19},
            ),
            "beyondTheLog": _problem_example(
                422,
                "version_out_of_range",
                "game 6f1c2a4e9b7d4e0f8a1b2c3d4e5f6a7b has versions 0..120: no version 500",
                path,
                {"last_version": 120},
            ),
        },
    }
    for status, examples in refusals.items():
        media = op["responses"][status]["content"]["application/problem+json"]
        media["examples"] = {name: {"value": value} for name, value in examples.items()}


def _add_position_examples(doc: dict[str, Any]) -> None:
    """A named position listed, and ``createGame``'s bodies: a default game, and a game
    at a named position (sandbox only)."""
    from service.openapi.examples import position_examples

    found = position_examples()
    schema = doc.get("components", {}).get("schemas", {}).get("PositionInfo")
    if schema is not None:
        schema["examples"] = [found["PositionInfo"]]
    create = doc.get("paths", {}).get("/games", {}).get("post", {})
    for media in create.get("requestBody", {}).get("content", {}).values():
        media["examples"] = {
            "default": {
                "summary": "The default game of a ruleset",
                "value": {"ruleset": found["request"]["ruleset"]},
            },
            "position": {
                "summary": "Sandbox only: a game started at a named position, seats claimed",
                "value": found["request"],
            },
        }
    for media in create.get("responses", {}).get("201", {}).get("content", {}).values():
        media["examples"] = {
            "position": {
                "summary": "Sandbox only: the game at a named position, with its seats' tokens",
                "value": found["started"],
            }
        }
    listing = doc.get("paths", {}).get("/rulesets/{ruleset}/positions", {}).get("get", {})
    for media in listing.get("responses", {}).get("200", {}).get("content", {}).values():
        media["examples"] = {
            "positions": {
                "summary": f"The first positions of {found['request']['ruleset']}",
                "value": found["listed"],
            }
        }
