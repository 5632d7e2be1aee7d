"""Request bodies decoded strictly, as their JSON Schema reads.

JSON Schema counts ``2.0`` as an integer; msgspec's strict decoding does not.
Strict decoding is kept (it refuses ``0`` for ``false``, which Litestar's
lenient decoding takes), after a normalisation of integral floats.

Every body is first decoded once as plain JSON (``json_value``), which is
where its bounds are checked: no string holds U+0000, and arrays and objects
are nested at most ``MAX_JSON_DEPTH`` deep. msgspec decodes nesting by
recursion and raises ``RecursionError`` near Python's recursion limit (about
1,000 levels, less the caller's own frames), so a body nested 2,000 deep
answered 500; the bound is far below that limit and far above any body the
API takes (a command or options object is a few levels deep, an export
about ten).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset
from service.games.codecs import decoder
from service.games.exceptions import InvalidRequest, Unprocessable

COMMAND_TAGS = frozenset(
    m.__struct_config__.tag
    for rs in RULESETS.values()
    for m in getattr(rs.Command, "__args__", (rs.Command,))
)


class _Tagged(msgspec.Struct):
    type: str | None = None


def _tag_in(body: bytes) -> str | None:
    try:
        tag: str | None = decoder(_Tagged).decode(body).type
        return tag
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


MAX_JSON_DEPTH = 64
"""How deep arrays and objects may nest in a request body: ``[[1]]`` is 2
deep. Deeper is 400 ``invalid_request`` (docs/errors.md)."""

TOO_DEEP = f"JSON nested deeper than {MAX_JSON_DEPTH} levels"


def json_value(body: bytes) -> Any:
    """A request body decoded as plain JSON, within its bounds: a body nested
    over ``MAX_JSON_DEPTH`` levels or holding U+0000 in a string (PostgreSQL
    text cannot hold it; no name, id or tag needs it) raises ``InvalidRequest``,
    as malformed JSON does; integral floats (``2.0``) come back as integers."""
    try:
        raw = msgspec.json.decode(body)
    except RecursionError:  # deeper than msgspec can go: deeper than the bound
        raise InvalidRequest(TOO_DEEP) from None
    except msgspec.DecodeError as exc:
        raise InvalidRequest(f"malformed JSON: {exc}") from None
    return _checked(raw, 0)


def _checked(value: Any, depth: int) -> Any:
    """``value`` with integral floats as ints, checked for depth and U+0000."""
    if isinstance(value, str):
        if "\x00" in value:
            raise InvalidRequest("strings must not contain U+0000")
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, list | dict) and depth >= MAX_JSON_DEPTH:
        raise InvalidRequest(TOO_DEEP)
    if isinstance(value, list):
        return [_checked(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {_checked(k, depth + 1): _checked(v, depth + 1) for k, v in value.items()}
    return value


def json_schema_body(body: bytes) -> bytes:
    """The body re-encoded from ``json_value``: within its bounds, integral
    floats (``2.0``) written as integers, for msgspec's strict typed decoding."""
    return msgspec.json.encode(json_value(body))


def strict_body(body: bytes, typ: Any) -> Any:
    """Decode a request body strictly, as its JSON Schema reads."""
    try:
        return decoder(typ).decode(json_schema_body(body))
    except msgspec.ValidationError as exc:
        raise InvalidRequest(f"invalid request body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise InvalidRequest(f"malformed JSON: {exc}") from None


def parse_command(ruleset: AnyRuleset, body: bytes) -> Any:
    """Strictly decode a command of this game's ruleset.

    The body already passed the union of every ruleset's commands (400
    otherwise); a well-formed command of another game is 422."""
    try:
        return decoder(ruleset.Command).decode(json_schema_body(body))
    except msgspec.ValidationError as exc:
        tag = _tag_in(body)
        if tag is not None and tag in COMMAND_TAGS and not tag.startswith(ruleset.name + "."):
            raise Unprocessable(
                f"{tag!r} is not a command of {ruleset.name}",
                code="command_not_in_ruleset",
                details={"ruleset": ruleset.name, "type": tag},
            ) from None
        raise InvalidRequest(f"invalid command for ruleset {ruleset.name}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise InvalidRequest(f"malformed JSON: {exc}") from None


def command_of(ruleset: AnyRuleset, command: Any) -> Any:
    """A command already decoded (strictly, as one of every ruleset's
    commands) checked to be one of this game's ruleset: 422 otherwise, as
    ``parse_command`` answers."""
    if type(command) not in getattr(ruleset.Command, "__args__", (ruleset.Command,)):
        tag = type(command).__struct_config__.tag
        raise Unprocessable(
            f"{tag!r} is not a command of {ruleset.name}",
            code="command_not_in_ruleset",
            details={"ruleset": ruleset.name, "type": tag},
        )
    return command
