"""What the corpus plays, chosen with the rules engine alone (no HTTP): the moves
from each named position that reach every command and event type, the ad-hoc
positions for the rare events no named one reaches in a few moves, and the refused
commands that raise each rule-violation code.

A position's game on the server decides with ``Rng(seed, version)`` like
``domain.positions.build_game``, so what the engine predicts here is what the
server answers when the recorder plays it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain import RULESETS
from domain.kernel import AnyRuleset, Rng, RuleViolation, Seat, tag_of, tags_of
from domain.positions import Position, build_game, positions_for

MOVES_PER_POSITION = 4
"""At most this many moves are played from a named position (fewer once a move
shows nothing new)."""
SEARCH_GAMES = {"eclats_des_cites": 40}
"""Random games played from each named position when looking for a rare type (3
for a ruleset not named here: tours_arc_en_ciel's are slow to decide)."""
SEARCH_MOVES = 300
EXTRA_SEEDS = 60
EXTRA_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "tours_arc_en_ciel": [
        {
            "two_player_recycle": True,
            "start_pair_invulnerability": True,
            "enemy_start_pair_share": True,
        },
    ],
    "eclats_des_cites": [{"seat_count": 3}, {"seat_count": 4}, {"seat_count": 5}],
}
"""Options no named position has, whose games the search for rare types also plays
(each from a new game with the seed ``golden-rare``)."""


@dataclass
class Coverage:
    commands: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)

    def gain(self, command: Any, events: list[Any]) -> int:
        new_events = {tag_of(e) for e in events} - self.events
        return len(new_events) + (tag_of(command) not in self.commands)

    def add(self, command: Any | None, events: list[Any]) -> None:
        if command is not None:
            self.commands.add(tag_of(command))
        self.events |= {tag_of(e) for e in events}


def body(command: Any) -> dict[str, Any]:
    out = msgspec.to_builtins(command)
    assert isinstance(out, dict)
    return out


def fold(ruleset: AnyRuleset, state: Any, events: list[Any]) -> Any:
    for event in events:
        state = ruleset.evolve(state, event)
    return state


@dataclass
class Game:
    """A position's game in the engine, played on from its log."""

    ruleset: AnyRuleset
    position: Position
    state: Any
    version: int
    played: list[tuple[Seat, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def of(cls, ruleset: AnyRuleset, position: Position) -> Game:
        built = build_game(ruleset, position)
        return cls(ruleset, position, built.state, len(built.events))

    def over(self) -> bool:
        return self.ruleset.outcome(self.state) is not None

    def choices(self) -> Iterator[tuple[Seat, Any]]:
        for seat in self.ruleset.to_act(self.state):
            for command in self.ruleset.legal_commands(self.state, seat):
                yield seat, command

    def decide(self, seat: Seat, command: Any) -> list[Any]:
        rng = Rng(self.position.seed, self.version)
        return list(self.ruleset.decide(self.state, seat, command, rng))

    def play(self, seat: Seat, command: Any, events: list[Any]) -> None:
        self.state = fold(self.ruleset, self.state, events)
        self.version += len(events)
        self.played.append((seat, body(command)))

    def as_position(self, position_id: str) -> Position:
        """This game so far as a position of its own (to import)."""
        commands = (*self.position.commands, *self.played)
        return msgspec.structs.replace(self.position, id=position_id, commands=commands)


def moves_from(ruleset: AnyRuleset, position: Position, seen: Coverage) -> list[tuple[Seat, Any]]:
    """Up to ``MOVES_PER_POSITION`` moves, each the legal one showing most command and
    event types not seen yet (the first legal one on a tie); the first move always,
    then only while moves show something new."""
    game = Game.of(ruleset, position)
    moves: list[tuple[Seat, Any]] = []
    while not game.over() and len(moves) < MOVES_PER_POSITION:
        best: tuple[int, Seat, Any, list[Any]] | None = None
        for seat, command in game.choices():
            events = game.decide(seat, command)
            gain = seen.gain(command, events)
            if best is None or gain > best[0]:
                best = (gain, seat, command, events)
        if best is None or (moves and best[0] == 0):
            break
        _, seat, command, events = best
        seen.add(command, events)
        game.play(seat, command, events)
        moves.append((seat, command))
    return moves


def rare_scenes(
    ruleset: AnyRuleset, seen: Coverage
) -> list[tuple[Position, list[tuple[Seat, Any]], list[str]]]:
    """For each command or event type still unseen: an ad-hoc position (a new game
    with options no named position has, or a named one, played on at random) whose
    next move shows it, with that move."""
    scenes: list[tuple[Position, list[tuple[Seat, Any]], list[str]]] = []
    extra = [
        (Position(id=f"options-{n}", scenario=None, seed=f"golden-rare-{k}", options=o), 1, 600)
        for n, o in enumerate(EXTRA_OPTIONS.get(ruleset.name, []), start=1)
        for k in range(EXTRA_SEEDS)
    ]
    games = SEARCH_GAMES.get(ruleset.name, 3)
    named = [(p, games, SEARCH_MOVES) for p in positions_for(ruleset.name) if not p.claims]
    for position, games, moves in [*extra, *named]:
        for n in range(games):
            if not _missing(ruleset, seen):
                return scenes
            rng = random.Random(f"{position.id}/{position.seed}/{n}")
            scenes.extend(_search(ruleset, position, rng, moves, seen))
    return scenes


def _missing(ruleset: AnyRuleset, seen: Coverage) -> set[str]:
    return (set(tags_of(ruleset.Event)) - seen.events) | (
        set(tags_of(ruleset.Command)) - seen.commands
    )


def pick(rng: random.Random, choices: list[tuple[Seat, Any]]) -> tuple[Seat, Any]:
    """A random legal move: a command type at random, then one of that type (so a
    rare type such as drawing a chance card is played as often as a common one)."""
    by_type: dict[str, list[tuple[Seat, Any]]] = {}
    for seat, command in choices:
        by_type.setdefault(tag_of(command), []).append((seat, command))
    return rng.choice(by_type[rng.choice(sorted(by_type))])


def _search(
    ruleset: AnyRuleset, position: Position, rng: random.Random, moves: int, seen: Coverage
) -> Iterator[tuple[Position, list[tuple[Seat, Any]], list[str]]]:
    """A random game from ``position`` (``pick``); where a legal move shows an unseen
    type, the game before it as a position, that move, and what it shows."""
    game = Game.of(ruleset, position)
    for _ in range(moves):
        if game.over():
            return
        choices = list(game.choices())
        missing = _missing(ruleset, seen)
        for seat, command in choices:
            events = game.decide(seat, command)
            shows = ({tag_of(e) for e in events} | {tag_of(command)}) & missing
            if shows:
                seen.add(command, events)
                name = f"{position.id}-{position.seed}-then-{len(game.played)}"
                yield game.as_position(name), [(seat, command)], sorted(shows)
                break
        seat, command = pick(rng, choices)
        game.play(seat, command, game.decide(seat, command))


def rulesets() -> list[str]:
    return sorted(RULESETS)


def violation(game: Game, seat: Seat, command: Any) -> str | None:
    try:
        game.decide(seat, command)
    except RuleViolation as exc:
        return exc.code
    return None
