"""Shared request helpers for the controllers: the application service
(injected with ``Provide``), request bodies decoded once, and header parsing."""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import Any, ClassVar

from litestar.di import NamedDependency, Provide
from litestar.dto import AbstractDTO, DTOFieldDefinition
from litestar.typing import FieldDefinition

from service.exceptions import InvalidRequest, Unauthenticated
from service.games import GameService, strict_body

PRIVATE = {"Cache-Control": "private, no-store"}


class ServiceSlot:
    """Where the lifespan puts the application service of one app; controllers
    receive it as their ``svc`` parameter (``Provide(slot.provide)``)."""

    def __init__(self) -> None:
        self.games: GameService | None = None

    def provide(self) -> GameService:
        assert self.games is not None, "the application service starts with the app's lifespan"
        return self.games

    def dependency(self) -> Provide:
        return Provide(self.provide, sync_to_thread=False)


Svc = NamedDependency[GameService]
"""A handler's ``svc`` parameter: the application service, injected."""


class StrictBody(AbstractDTO[Any]):
    """Decodes a handler's ``data`` once, strictly, as its JSON Schema reads
    (``service.games.strict_body``: ``2.0`` is an integer, ``0`` is not
    ``false``), instead of Litestar's lenient conversion. Its OpenAPI schema
    is the annotation's own, as without a DTO."""

    _types: ClassVar[dict[str, Any]] = {}

    @classmethod
    def generate_field_definitions(
        cls, model_type: type[Any]
    ) -> Generator[DTOFieldDefinition, None, None]:
        yield from ()

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:
        return False

    @classmethod
    def is_supported_model_type_field(cls, field_definition: FieldDefinition) -> bool:
        return False  # request bodies only: answers are encoded as without a DTO

    @classmethod
    def create_for_field_definition(
        cls, field_definition: FieldDefinition, handler_id: str, backend_cls: Any = None
    ) -> None:
        cls._types[handler_id] = field_definition.annotation

    @classmethod
    def create_openapi_schema(
        cls, field_definition: FieldDefinition, handler_id: str, schema_creator: Any
    ) -> Any:
        return schema_creator.for_field_definition(field_definition)

    def decode_bytes(self, value: bytes) -> Any:
        handler_id = self.asgi_connection.route_handler.handler_id
        return strict_body(value, self._types[handler_id])

    def decode_builtins(self, value: dict[str, Any]) -> Any:  # pragma: no cover - JSON only
        raise InvalidRequest("a JSON body is expected")


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None when absent)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("the Authorization header must be 'Bearer <token>'", challenge=True)
    return token.strip()


_ENTITY_TAG = re.compile(r'\s*(W/)?"([^"]*)"\s*(?:,|$)')


def parse_if_match(value: str | None) -> frozenset[int] | None:
    """An ``If-Match`` field (RFC 9110 §13.1.1) as the versions it may match.

    ``None`` when absent or ``*`` (any current version). Otherwise the
    strong tags' versions; a weak tag (``W/"2"``) never matches under the
    strong comparison ``If-Match`` requires, so ``W/"2"`` alone is a set
    that matches nothing (412). Anything but a list of quoted versions is 400.
    """
    if value is None:
        return None
    raw = value.strip()
    if raw == "*":
        return None
    malformed = InvalidRequest('If-Match must be "*" or a list of quoted versions, e.g. "12"')
    versions: set[int] = set()
    position = 0
    while position < len(raw):
        match = _ENTITY_TAG.match(raw, position)
        if match is None or match.end() == position:
            raise malformed
        opaque = match.group(2)
        if not opaque.isascii() or not opaque.isdigit() or len(opaque) > 12:
            raise malformed
        if match.group(1) is None:
            versions.add(int(opaque))
        position = match.end()
        if raw.endswith(",") and position == len(raw):
            raise malformed
    if not raw:
        raise malformed
    return frozenset(versions)


def parse_version_header(value: str | None, header: str) -> int | None:
    """``"12"``, ``W/"12"`` or ``12`` -> 12."""
    if value is None:
        return None
    raw = value.strip()
    if raw.startswith("W/"):
        raw = raw[2:]
    raw = raw.strip('"')
    if not raw.isdigit() or len(raw) > 12:
        raise InvalidRequest(f'{header} must be a version in quotes, e.g. "12"')
    return int(raw)
