"""Named positions: states of a game a client's tests start from, built by the engine.

A :class:`Position` is a seed, the game's options, who holds each seat, and the commands
played from the ruleset's opening with that seed. :func:`build` folds those commands
through the ruleset's own functions exactly as the service does (``decide`` at each
version with ``Rng(seed, version)``), so a position is never a hand-written state: it is
a game's log, which replays and verifies like any other (``plateau verify``).

Each game lists its positions as ``POSITIONS`` in ``domain/<game>/positions.py`` (the
same module name in every game; :func:`registry` finds them like ``domain.pictures``
finds ``picture.py``, naming no game). A position drawn from the rules spec names its
scenario (``T14``: section 14 of ``docs/rules/<game>.md``). Titles are Fluent messages,
one per position id, in ``domain/<game>/locales/<lang>/positions.ftl``; French uses the
seeds' vocabulary.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec
from fluent.runtime import FluentBundle

from domain.kernel import AnyRuleset, Rng, Seat, SeatedPlayer, SetupContext
from domain.words import DEFAULT_LANGUAGE, LANGUAGES, UnknownLanguage, WordsError, parse

DOMAIN = Path(__file__).resolve().parent
POSITION_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
"""A position id: kebab-case ASCII (also its title's Fluent message id)."""

Claim = Literal["person", "random", "greedy", "mcts"]
"""Who holds a seat of a position's game: a person (the service gives a token) or a
bot level (``domain.bots``)."""


class Position(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A named state of one game, as the seed, options and commands reaching it."""

    id: str
    """Kebab-case, unique in its game; also its title's message id."""
    scenario: str | None
    """The spec scenario it comes from (``T14``), or None for a position a frontend
    needs that no scenario gives (the opening, the last move, a tie ...)."""
    seed: str
    """The game's seed: the opening's draws, and every random outcome after it."""
    commands: tuple[tuple[Seat, dict[str, Any]], ...] = ()
    """(seat, command body as posted) from the opening, in order."""
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    """The game's options as JSON (omitted fields: the ruleset's defaults)."""
    claims: dict[Seat, Claim] | None = None
    """Who holds each seat; None: a person at every seat."""


class PositionError(Exception):
    """A position its ruleset refuses (a bug in a game's ``positions.py``)."""


class NoPositions(LookupError):
    """A ruleset with no ``positions`` module."""


class Built(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A position's game as the engine built it."""

    options: Any
    """The decoded options."""
    events: list[Any]
    """The whole log, setup first."""
    commands: list[tuple[int, Seat, Any]]
    """(version decided at, seat, decoded command), in order."""
    state: Any
    """The state after the last event."""


def options_of(ruleset: AnyRuleset, position: Position) -> Any:
    return msgspec.convert(position.options, type=ruleset.Options)


def claims_of(ruleset: AnyRuleset, position: Position) -> dict[Seat, Claim]:
    """Every seat of the position's game, in seat order, with who holds it."""
    seats = ruleset.seats(options_of(ruleset, position))
    given = position.claims or {}
    unknown = set(given) - set(seats)
    if unknown:
        raise PositionError(f"{position.id}: claims name seats the game lacks: {sorted(unknown)}")
    return {seat: given.get(seat, "person") for seat in seats}


def build_game(ruleset: AnyRuleset, position: Position) -> Built:
    """Set up the game and decide every command as the service would (``decide`` at the
    log's version with ``Rng(seed, version)``); a refused command is a
    :class:`PositionError` naming its index."""
    options = options_of(ruleset, position)
    ruleset.validate_options(options)
    seats = ruleset.seats(options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
    events = list(ruleset.setup(options, context, Rng(position.seed, 0)))
    state = None
    for event in events:
        state = ruleset.evolve(state, event)
    commands: list[tuple[int, Seat, Any]] = []
    for index, (seat, body) in enumerate(position.commands):
        try:
            command = msgspec.convert(body, type=ruleset.Command)
            new = ruleset.decide(state, seat, command, Rng(position.seed, len(events)))
        except Exception as exc:  # RuleViolation, or a body that is no command
            raise PositionError(f"{position.id}: command {index} ({body}) refused: {exc}") from exc
        commands.append((len(events), seat, command))
        for event in new:
            state = ruleset.evolve(state, event)
        events.extend(new)
    return Built(options=options, events=events, commands=commands, state=state)


def build(ruleset: AnyRuleset, position: Position) -> list[Any]:
    """The position's events: its whole log, built by the engine."""
    return build_game(ruleset, position).events


# --- The registry -------------------------------------------------------------------


@cache
def registry() -> dict[str, tuple[Position, ...]]:
    """Ruleset name -> its positions, for every ruleset with a ``positions`` module."""
    from domain import RULESETS

    found: dict[str, tuple[Position, ...]] = {}
    for name in RULESETS:
        module_name = f"domain.{name}.positions"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue
            raise
        positions = tuple(module.POSITIONS)
        ids = [p.id for p in positions]
        bad = [i for i in ids if not POSITION_ID.match(i)]
        if bad or len(set(ids)) != len(ids):
            raise PositionError(f"{name}: position ids are unique and kebab-case: {ids}")
        found[name] = positions
    return found


def positions_for(ruleset: str) -> tuple[Position, ...]:
    found = registry().get(ruleset)
    if found is None:
        raise NoPositions(f"no positions module for {ruleset} (domain/{ruleset}/positions.py)")
    return found


def position(ruleset: str, position_id: str) -> Position | None:
    return next((p for p in positions_for(ruleset) if p.id == position_id), None)


# --- Titles -------------------------------------------------------------------------


class Titles:
    """A game's position titles: ``locales/<lang>/positions.ftl``, one message per id."""

    def __init__(self, ruleset: str, root: Path | None = None) -> None:
        root = root or DOMAIN / ruleset / "locales"
        self.bundles: dict[str, FluentBundle] = {}
        self.ids: dict[str, frozenset[str]] = {}
        for lang in LANGUAGES:
            path = root / lang / "positions.ftl"
            resource = parse(path.read_text(encoding="utf-8"), str(path))
            bundle = FluentBundle([lang], use_isolating=False)
            bundle.add_resource(resource)
            self.bundles[lang] = bundle
            self.ids[lang] = frozenset(e.id.name for e in resource.body if hasattr(e, "id"))

    def title(self, position_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
        bundle = self.bundles.get(lang)
        if bundle is None:
            raise UnknownLanguage(f"no {lang!r} catalogue; languages: {LANGUAGES}")
        if not bundle.has_message(position_id):
            raise WordsError(f"no title for the position {position_id!r} in {lang!r}")
        pattern = bundle.get_message(position_id).value
        assert pattern is not None
        text, errors = bundle.format_pattern(pattern, {})
        if errors:
            raise WordsError(f"{position_id} ({lang}): {errors}")
        return str(text)


@cache
def titles_for(ruleset: str) -> Titles:
    return Titles(ruleset)


def listing(ruleset: str, lang: str) -> list[Mapping[str, str | None]]:
    """Every position of ``ruleset``: its id, its title in ``lang``, its scenario."""
    titles = titles_for(ruleset)
    return [
        {"id": p.id, "title": titles.title(p.id, lang), "scenario": p.scenario}
        for p in positions_for(ruleset)
    ]


__all__ = [
    "Built",
    "Claim",
    "NoPositions",
    "Position",
    "PositionError",
    "Titles",
    "build",
    "build_game",
    "claims_of",
    "listing",
    "position",
    "positions_for",
    "registry",
    "titles_for",
]
