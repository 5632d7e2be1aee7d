"""The games' words as the service serves them, in the caller's language.

The words themselves are the domain's (``domain.words`` and each game's
``words.py``, rendered through Fluent catalogues): this module only picks a
game's words, names its players, and builds the answers' word fields from
views and events already redacted for the caller, so a text never says more
than the caller may see. Answers that carry words are cached per language
like every other encoded answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain import RuleViolation
from domain.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Msg,
    NoWords,
    Rendered,
    Words,
    registry,
    words_for,
)
from service.games.schemas import LastMove, Sentence
from service.store.base import GameRecord

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Texts", "players_of", "warm"]

Players = Mapping[str, str | None]


def players_of(game: GameRecord) -> dict[str, str | None]:
    """Seat -> the name of the player holding it (None: nobody named it)."""
    return {s.seat: s.player_name for s in game.seats}


def warm() -> None:
    """Load every game's words now (their catalogues parsed: 0.4 s of CPU), not in the
    first request that needs them. ``plateau serve`` calls it before its workers fork,
    so they share the result; each app's lifespan calls it too (a no-op once done)."""
    registry()


def words(ruleset: str) -> Words | None:
    """The ruleset's words, or None for a ruleset with no ``words`` module."""
    try:
        return words_for(ruleset)
    except NoWords:
        return None


class Texts:
    """What a game's answers say in words (one per process; stateless but the
    words' own render cache)."""

    def sentence(
        self, game: GameRecord, event: Any, seat: str | None, lang: str
    ) -> Rendered | None:
        """The sentence of ``event`` (already redacted for ``seat``), or None."""
        said = words(game.ruleset)
        if said is None:
            return None
        return said.sentence(event, seat, lang, players_of(game))

    def labels(
        self, game: GameRecord, commands: Sequence[Any], view: Any, lang: str
    ) -> tuple[bytes, bytes] | None:
        """A seat's legal commands in words, as JSON: (a label and targets per command,
        the steps tree); None for a game with no words."""
        said = words(game.ruleset)
        if said is None:
            return None
        if not commands:
            return b"[]", b"[]"
        return said.legal_json(commands, view, lang, players_of(game))

    def last_move(
        self,
        game: GameRecord,
        seat: str | None,
        mover: str | None,
        events: Sequence[tuple[int, Any]],
        changed: Sequence[str],
        lang: str,
    ) -> LastMove | None:
        """A move of ``mover`` as ``seat`` sees it: its events (version, the event
        redacted for ``seat``) and the picture ids it changed."""
        if not events:
            return None
        said = words(game.ruleset)
        players = players_of(game)
        sentences = []
        if said is not None:
            for version, event in events:
                rendered = said.sentence(event, seat, lang, players)
                if rendered is not None:
                    sentences.append(
                        Sentence(version=version, text=rendered.text, message=rendered.message)
                    )
        name = None
        if mover is not None:
            name = players.get(mover) or (
                said.seat_name(mover, lang, players) if said is not None else None
            )
        return LastMove(
            seat=mover,
            player_name=name,
            first_version=events[0][0],
            last_version=events[-1][0],
            text=" ".join(s.text for s in sentences),
            sentences=sentences,
            changed=list(changed),
        )

    def refusal(
        self, game: GameRecord, violation: RuleViolation, view: Any | None, lang: str
    ) -> str | None:
        """A rule violation in words, to the caller (None: the game has no words)."""
        said = words(game.ruleset)
        if said is None:
            return None
        return said.refusal(violation, view, lang, players_of(game)).text

    def say(self, game: GameRecord, message: Msg, lang: str) -> str | None:
        """A shared message (``plateau-…``) in ``lang``, naming the game's players."""
        said = words(game.ruleset)
        if said is None:
            return None
        return said.text(message, lang, players_of(game))

    def names(self, ruleset: str, lang: str) -> dict[str, dict[str, str]]:
        said = words(ruleset)
        return {} if said is None else said.names(lang)

    def options(self, ruleset: str, lang: str) -> dict[str, tuple[str, dict[str, str]]]:
        """Every option's display name and its values' names in ``lang``."""
        said = words(ruleset)
        return {} if said is None else said.options(lang)

    def catalogue(self, ruleset: str, lang: str) -> str | None:
        said = words(ruleset)
        return None if said is None else said.catalogue(lang).source
