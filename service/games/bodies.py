"""Request bodies decoded strictly, as their JSON Schema reads.

JSON Schema counts ``2.0`` as an integer; msgspec's strict decoding does not.
Strict decoding is kept (it refuses ``0`` for ``false``, which Litestar's
lenient decoding takes), after a normalisation of integral floats.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset
from service.exceptions import InvalidRequest, Unprocessable

COMMAND_TAGS = frozenset(
    m.__struct_config__.tag
    for rs in RULESETS.values()
    for m in getattr(rs.Command, "__args__", (rs.Command,))
)


class _Tagged(msgspec.Struct):
    type: str | None = None


def _tag_in(body: bytes) -> str | None:
    try:
        return msgspec.json.decode(body, type=_Tagged).type
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def _integral_floats_as_ints(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    return value


def json_schema_body(body: bytes) -> bytes:
    """The body with integral floats (``2.0``) written as integers.

    JSON Schema counts ``2.0`` as an integer; msgspec's strict decoding does
    not. Strict decoding is kept (it refuses ``0`` for ``false``, which
    Litestar's lenient decoding takes), after this normalisation."""
    try:
        raw = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return body  # the typed decode reports it
    if _has_nul(raw):
        # PostgreSQL text cannot hold U+0000; no name, id or tag needs it.
        raise InvalidRequest("strings must not contain U+0000")
    return msgspec.json.encode(_integral_floats_as_ints(raw))


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    return False


def strict_body(body: bytes, typ: Any) -> Any:
    """Decode a request body strictly, as its JSON Schema reads."""
    try:
        return msgspec.json.decode(json_schema_body(body), type=typ)
    except msgspec.ValidationError as exc:
        raise InvalidRequest(f"invalid request body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise InvalidRequest(f"malformed JSON: {exc}") from None


def parse_command(ruleset: AnyRuleset, body: bytes) -> Any:
    """Strictly decode a command of this game's ruleset.

    The body already passed the union of every ruleset's commands (400
    otherwise); a well-formed command of another game is 422."""
    try:
        return msgspec.json.decode(json_schema_body(body), type=ruleset.Command)
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
