"""The application's live messages as Server-Sent Events.

Each message is encoded once (``Message.encoded``, shared by every stream of
the same view) and written as is: the answer is Litestar's ``ServerSentEvent``
(its media type and headers) with the iterator of those bytes in place of
Litestar's own encoding of every message for every stream.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from litestar.response import ServerSentEvent

from service.api.headers import PRIVATE, language_headers
from service.games.streams import Live


async def _chunks(messages: AsyncIterator[Live | list[Live]]) -> AsyncIterator[bytes]:
    """Each message's bytes (a heartbeat's: a comment line only); a batch's, in one write."""
    try:
        async for message in messages:
            if isinstance(message, list):
                yield b"".join(m.encoded for m in message)
            else:
                yield message.encoded
    finally:
        close = getattr(messages, "aclose", None)  # an async generator: its own finally runs now
        if close is not None:
            await close()


class EncodedEvents(ServerSentEvent):
    """A ``ServerSentEvent`` of messages already encoded (bytes, not Litestar's messages)."""

    def __init__(self, chunks: AsyncIterator[bytes], headers: dict[str, str]) -> None:
        super().__init__((), headers=headers)
        self.iterator = chunks


def event_stream(messages: AsyncIterator[Live | list[Live]], language: str) -> ServerSentEvent:
    """A private ``text/event-stream`` answer of ``messages``, one at a time or in
    batches (their words in ``language``)."""
    return EncodedEvents(_chunks(messages), {**PRIVATE, **language_headers(language)})
