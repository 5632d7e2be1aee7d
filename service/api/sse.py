"""The application's live messages as Server-Sent Events (Litestar's)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.api.headers import PRIVATE, language_headers
from service.games.streams import Live, Message


async def _events(messages: AsyncIterator[Live]) -> AsyncIterator[ServerSentEventMessage]:
    async for message in messages:
        if isinstance(message, Message):
            yield ServerSentEventMessage(data=message.data, event=message.event, id=message.id)
        else:  # a comment line only: a `data:` field would fire an empty message
            yield ServerSentEventMessage(comment="heartbeat", data=None)


def event_stream(messages: AsyncIterator[Live], language: str) -> ServerSentEvent:
    """A private ``text/event-stream`` answer of ``messages`` (their words in ``language``)."""
    return ServerSentEvent(_events(messages), headers={**PRIVATE, **language_headers(language)})
