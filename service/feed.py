"""The global event feed: every game's events in commit order, paged by position.

A reader keeps the last position it saw and asks for what comes after it.
The stores never serve a position while a lower one may still commit (SQLite
has one writer at a time; PostgreSQL serves only positions below the oldest
in-flight writer's marker, see ``service/store/postgres.py``), so a reader
resuming after position ``p`` never misses an event committed later with a
lower position, and never sees one twice. Events are redacted as for a
spectator while their game runs, complete once it is finished.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import msgspec
from litestar.response import ServerSentEventMessage

from domain import RULESETS, tag_of
from service.games import GameService, Viewer
from service.schemas import FeedEvent, FeedPage
from service.store.base import GameRecord

SPECTATOR = Viewer(seat=None)


async def feed_page(svc: GameService, *, after: int, limit: int) -> FeedPage:
    stored = await svc.store.read_all(after_position=after, limit=limit)
    games: dict[str, GameRecord] = {}
    for game_id in dict.fromkeys(e.game_id for e in stored):
        games[game_id] = await svc.game(game_id)
    events = []
    for e in stored:
        game = games[e.game_id]
        logged = svc.logged(RULESETS[game.ruleset], game, SPECTATOR, e)
        events.append(
            FeedEvent(
                position=e.position,
                game_id=e.game_id,
                ruleset=game.ruleset,
                version=e.version,
                recorded_at=e.recorded_at,
                event=logged.event,
            )
        )
    return FeedPage(events=events, last_position=stored[-1].position if stored else after)


async def feed_messages(
    svc: GameService,
    *,
    after: int,
    timeout: float | None,
    poll: float,
    heartbeat: float,
    page_size: int = 500,
) -> AsyncIterator[ServerSentEventMessage]:
    """SSE messages (``id`` = position, ``event`` = type, ``data`` = a FeedEvent):
    everything after ``after``, then new events as they are committed, until
    ``timeout`` seconds have passed (forever when None)."""
    loop = asyncio.get_running_loop()
    deadline = None if timeout is None else loop.time() + timeout
    encoder = msgspec.json.Encoder()
    position = after
    quiet_since = loop.time()
    while True:
        page = await feed_page(svc, after=position, limit=page_size)
        for item in page.events:
            yield ServerSentEventMessage(
                data=encoder.encode(item).decode(),
                event=tag_of(item.event),
                id=str(item.position),
            )
        position = page.last_position
        if len(page.events) == page_size:
            continue
        now = loop.time()
        if page.events:
            quiet_since = now
        elif now - quiet_since >= heartbeat:
            quiet_since = now
            # A comment line only: a `data:` field would make every
            # EventSource fire an empty message.
            yield ServerSentEventMessage(comment="heartbeat", data=None)
        wait = poll
        if deadline is not None:
            wait = min(wait, deadline - now)
            if wait <= 0:
                return
        try:
            await asyncio.sleep(wait)
        except asyncio.CancelledError:
            return
