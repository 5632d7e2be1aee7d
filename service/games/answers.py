"""Encoded answers kept per process: a view at a version never changes.

An answer of a (what, game, version, seat) is redacted and encoded once and
kept as bytes (an LRU of ``BODY_CACHE`` entries); a started game's summary
struct likewise. And a spectator's view of a game's latest version is served
from memory, with no round trip, while this process can vouch that the game
has not moved (``spectator_hit``).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from domain.words import DEFAULT_LANGUAGE
from service.cache.base import Notifier

BODY_CACHE = 4096
"""Encoded answers kept per process, keyed by (what, game, version, seat): a
view at a version never changes, so it is redacted and encoded once."""
SPECTATOR_MAX_AGE = 1.0
"""Seconds a spectator's view of a game's latest version is served from this
process's memory (``spectator_hit``) before it is checked against the shared
head again, however sure the process is that the game has not moved: the
bound on staleness should a published move not arrive."""


def move_events_key(game_id: str, version: int) -> tuple[str, str, int]:
    """The key of the events of the move that ends at ``version`` (``bodies``)."""
    return ("move-events", game_id, version)


def before_move_key(game_id: str, version: int) -> tuple[str, str, int]:
    """The key of the state before the move that ends at ``version``: kept by the
    command that made it, so the last-move reader need not rebuild it."""
    return ("before-move", game_id, version)


def view_key(game_id: str, version: int, seat: str | None) -> tuple[str, str, int, str | None]:
    """The key of a seat's (or, with None, a spectator's) view of a game at a version
    (``bodies``): made once for the legal commands' words, the last move's changes and
    the state, by whichever asks first; keyed by the viewer, as what it shows depends
    on who looks."""
    return ("view", game_id, version, seat)


class Lru(OrderedDict[Any, Any]):
    """A bounded mapping that forgets the least recently used entry first."""

    def __init__(self, size: int = BODY_CACHE) -> None:
        super().__init__()
        self.size = size

    def find(self, key: Any) -> Any:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def view(self, ruleset: Any, game_id: str, version: int, state: Any, seat: str | None) -> Any:
        """``ruleset.view(state, seat)`` of ``state``, the game's state at ``version``:
        made once and kept (``view_key``)."""
        key = view_key(game_id, version, seat)
        known = self.find(key)
        if known is None:
            known = self.keep(key, ruleset.view(state, seat))
        return known

    def keep(self, key: Any, value: Any) -> Any:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value


class AnswerCache:
    """The encoded answers of this process, and the spectator views it vouches for."""

    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier
        self.bodies = Lru()
        """(what, game, version, seat ...) -> encoded answer."""
        self.summaries = Lru()
        """(game, version) -> a started game's summary struct."""
        self._spectator = Lru()
        """(game id, language) -> (latest version, the spectator's view there, the
        notifier's ``hearing()`` token then, when it was checked)."""

    def spectator_hit(self, game_id: str, lang: str = DEFAULT_LANGUAGE) -> tuple[int, bytes] | None:
        """The spectator's view of ``game_id`` at its latest version, from memory:
        (version, JSON bytes), or None when this process cannot vouch for it.

        Vouched for when, since the view was read from the shared head, this
        process has kept hearing every move (the same ``hearing()`` token),
        heard of no version past it, and at most ``SPECTATOR_MAX_AGE`` seconds
        went by. A move published elsewhere is heard within the pub/sub
        delivery time, so a spectator may see a move that long after another
        process acknowledged it; a seat (a writer) always reads the shared
        head. Costs no round trip and no await."""
        entry = self._spectator.get((game_id, lang))
        if entry is None:
            return None
        version, body, token, checked = entry
        notifier = self.notifier
        if (
            notifier.hearing() != token
            or notifier.latest(game_id) != version
            or time.monotonic() - checked > SPECTATOR_MAX_AGE
        ):
            return None
        return version, body

    def vouch(
        self,
        game_id: str,
        version: int,
        body: bytes,
        token: int | None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> None:
        """Remember the spectator's view of ``version``, read from the shared head
        (or the store) after ``token`` was the notifier's: every later move is heard."""
        notifier = self.notifier
        if token is None or notifier.hearing() != token:
            return
        notifier.observe(game_id, version)
        self._spectator.keep((game_id, lang), (version, body, token, time.monotonic()))
