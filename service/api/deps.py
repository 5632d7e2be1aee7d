"""What the controllers are given: the application service (injected with
``Provide``) and request bodies decoded once, strictly. The request headers'
rules are ``service.api.headers``."""

from __future__ import annotations

from collections.abc import Generator
from typing import Annotated, Any, ClassVar, Literal, Union, get_args

from litestar.di import NamedDependency, Provide
from litestar.dto import AbstractDTO, DTOFieldDefinition
from litestar.params import HeaderParameter, QueryParameter
from litestar.typing import FieldDefinition

from service.api.headers import language as negotiate
from service.games import GameService
from service.games.bodies import strict_body
from service.games.exceptions import InvalidRequest
from service.games.texts import LANGUAGES


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

LanguageCode = Literal[LANGUAGES]  # type: ignore[valid-type]
"""The languages of the catalogues (``domain/locales/*``): adding one adds it here."""


def _language(
    accept_language: Annotated[
        str | None,
        HeaderParameter(
            name="Accept-Language",
            required=False,
            pattern=r"^[^\x00]*$",  # anything (even empty): what cannot be read is ignored
            description="The languages the caller reads, by preference (`fr, en;q=0.5`): "
            "the answer's words (sentences, labels, names, refusals) are in the best of the "
            "server's languages, named by `Content-Language`; default `en`",
        ),
    ] = None,
    lang: Annotated[
        LanguageCode | None,
        QueryParameter(
            description="The answer's language, over `Accept-Language` (for EventSource and "
            "links, which cannot send headers)",
            required=False,
        ),
    ] = None,
) -> str:
    return negotiate(accept_language, lang)


LANGUAGE = Provide(_language, sync_to_thread=False)
"""The ``language`` dependency: the answer's language, negotiated once per request."""
Language = NamedDependency[str]
"""A handler's ``language`` parameter (``Accept-Language`` or ``?lang=``, negotiated)."""


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
        # An optional body (``X | None``) may be left out, but a body sent is an ``X``:
        # a JSON ``null`` is no more a ``ClaimSeat`` than ``[]`` is (400), as the
        # document says (the schema is ``X``'s, the body not required).
        annotation = field_definition.annotation
        present = tuple(a for a in get_args(annotation) if a is not type(None))
        if field_definition.is_optional and present:
            annotation = present[0] if len(present) == 1 else Union[present]  # noqa: UP007
        cls._types[handler_id] = annotation

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
