"""The refused commands and options that raise each rule-violation code, found with
the rules engine alone (no HTTP); the recorder then posts them and keeps those the
server refuses with that very code.

Candidates are the legal commands of the named positions (and of a few random games
from them), sent by every seat, as they are and with one field changed to a value
that field takes elsewhere or to an out-of-range one; options are the defaults and
the named positions' options with one or two fields changed the same way. A code no
such change raises comes from the named positions' checks
(``tests/domain/positions_checks.py``): each command a check expects refused, at the
point of the check's game where it is sent.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import msgspec

from domain.kernel import AnyRuleset, RuleViolation, Seat
from domain.positions import Position, positions_for
from tests.domain import positions_checks as checks
from tests.golden.plan import EXTRA_OPTIONS, Game, body

BODIES_PER_TYPE = 24
"""Distinct bodies of each command type kept as candidates."""
VALUES_PER_FIELD = 8
"""Values of each field tried as a change (beside the generic ones)."""
RANDOM_MOVES = 40
"""Moves of the random game played from each named position to gather commands."""
DEEP_MOVES = {"arkantis": 150, "eclats_des_cites": 300}
"""Moves of a second random game from each named position, probed as well, where the
rules decide fast enough (late states: empty piles, a finished game)."""
GENERIC: list[Any] = [-1, 0, 1, 2, 3, 5, 6, 7, 9, 99, "", "zz", "r9c9", [], None, True]
"""Values every field is also tried with (``r9c9``: a cell id by ArkantiS's pattern,
off its 7x7 board)."""


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _distinct(values: list[Any], limit: int) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(_key(value), value)
    return list(seen.values())[:limit]


PROBE_EVERY = 3
"""A state of the random games is probed every this many moves."""


def walks(ruleset: AnyRuleset) -> tuple[list[Game], list[dict[str, Any]]]:
    """The states probed (each named position, then every ``PROBE_EVERY`` moves of a
    random game from it) and the bodies of every command type legal in them."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    states: list[Game] = []
    extra = [
        Position(id=f"options-{n}", scenario=None, seed="golden-rare-0", options=options)
        for n, options in enumerate(EXTRA_OPTIONS.get(ruleset.name, []), start=1)
    ]
    starts = [p for p in [*positions_for(ruleset.name), *extra] if not p.claims]
    runs = [(p, random.Random(p.id), RANDOM_MOVES) for p in starts]
    deep = DEEP_MOVES.get(ruleset.name, 0)
    runs += [(p, random.Random(f"{p.id}/deep"), deep) for p in starts if deep]
    for position, rng, moves in runs:
        game = Game.of(ruleset, position)
        for step in range(moves):
            if step % PROBE_EVERY == 0:
                states.append(dataclasses.replace(game, played=list(game.played)))
            if game.over():
                break
            choices = list(game.choices())
            for _, command in choices:
                b = body(command)
                by_type.setdefault(b["type"], []).append(b)
            seat, command = rng.choice(choices)
            game.play(seat, command, game.decide(seat, command))
    pool = [b for bodies in by_type.values() for b in _distinct(bodies, BODIES_PER_TYPE)]
    return states, pool


def _list_changes(value: list[Any]) -> list[list[Any]]:
    """A list with an item doubled, dropped, reversed, or changed to a foreign value."""
    out = [value[:1] * 2, [*value, *value[:1]], value[::-1], value[:-1], value[1:]]
    for index, item in enumerate(value[:3]):
        for other in ("zz", "r9c9", 99, -1, [], ["zz"]):
            out.append([*value[:index], other, *value[index + 1 :]])
        if isinstance(item, list):
            out.extend(
                [*value[:index], inner, *value[index + 1 :]] for inner in _list_changes(item)
            )
    return out


def mutations(pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each body of the pool, and each with one field changed (for a list: one item
    changed to an item another body's list has, or one more such item)."""
    values: dict[str, list[Any]] = {}
    items: dict[str, list[Any]] = {}
    for b in pool:
        for name, value in b.items():
            values.setdefault(name, []).append(value)
            if isinstance(value, list):
                values[name].extend(_list_changes(value))
                items.setdefault(name, []).extend(value)
    out = list(pool)
    for b in pool:
        for name, value in b.items():
            if name == "type":
                continue
            for other in [*_distinct(values[name], VALUES_PER_FIELD), *GENERIC]:
                out.append({**b, name: other})
            if isinstance(value, list):
                for item in _distinct(items[name], VALUES_PER_FIELD):
                    out.append({**b, name: [*value, item]})
                    for index in range(min(len(value), 4)):
                        out.append({**b, name: [*value[:index], item, *value[index + 1 :]]})
    # A command of one type with the fields of another (a missing or foreign field).
    types = sorted({b["type"] for b in pool})
    out.extend({**b, "type": t} for b in pool[:: max(1, len(pool) // 40)] for t in types)
    return _distinct(out, 10**6)


class _Recording(checks.Game):
    """A check's game that notes each command it expects refused, with the commands
    posted before it."""

    def __init__(self, ruleset: str, where: Position) -> None:
        super().__init__(ruleset, where)
        self.posted: list[tuple[Seat, dict[str, Any]]] = []
        self.refusals: list[tuple[Position, Seat, dict[str, Any], str]] = []

    def post(self, seat: str, body: dict[str, Any]) -> list[Any]:
        events = super().post(seat, body)
        self.posted.append((seat, body))
        return events

    def refused(self, seat: str, body: dict[str, Any]) -> str:
        code = super().refused(seat, body)
        at = self.position
        if self.posted:
            at = msgspec.structs.replace(
                at,
                id=f"{at.id}-then-{len(self.posted)}",
                commands=(*at.commands, *self.posted),
            )
        self.refusals.append((at, seat, body, code))
        return code


def check_refusals(ruleset: AnyRuleset) -> Iterator[tuple[Position, Seat, dict[str, Any], str]]:
    """(position, seat, body, code): every command a named position's check expects
    refused, in the order of the positions."""
    for where in positions_for(ruleset.name):
        check = checks.CHECKS.get((ruleset.name, where.id))
        if check is None or where.claims:
            continue
        game = _Recording(ruleset.name, where)
        check(game)
        yield from game.refusals


def command_refusals(
    ruleset: AnyRuleset,
) -> Iterator[tuple[Position, Seat, dict[str, Any], str]]:
    """(position, seat, body, code): the first refusal found of each code; the position
    is a named one, or one played on from it (an ad-hoc position, to import). The
    search's come first, then the checks' codes it missed."""
    found: set[str] = set()
    for refusal in _searched_refusals(ruleset):
        found.add(refusal[3])
        yield refusal
    for refusal in check_refusals(ruleset):
        if refusal[3] not in found:
            found.add(refusal[3])
            yield refusal


def _searched_refusals(
    ruleset: AnyRuleset,
) -> Iterator[tuple[Position, Seat, dict[str, Any], str]]:
    states, pool = walks(ruleset)
    candidates = mutations(pool)
    found: set[str] = set()
    for game in states:
        seats = ruleset.seats(msgspec.convert(game.position.options, ruleset.Options))
        for seat in seats:
            for candidate in candidates:
                try:
                    command = msgspec.convert(candidate, ruleset.Command)
                    game.decide(seat, command)
                except RuleViolation as exc:
                    if exc.code not in found:
                        found.add(exc.code)
                        named = game.position.id
                        at = game.as_position(f"{named}-then-{len(game.played)}")
                        yield (at if game.played else game.position), seat, candidate, exc.code
                except (msgspec.ValidationError, ValueError, TypeError, KeyError, IndexError):
                    continue


def _schema_values(ruleset: AnyRuleset) -> dict[str, list[Any]]:
    """Values of each option built from its schema's enums: lists of one to all the
    values, and lists of such lists (petits Dragons' colours per seat)."""
    schema = msgspec.json.schema(ruleset.Options)
    properties = next(iter(schema["$defs"].values()))["properties"]
    out: dict[str, list[Any]] = {}
    for name, prop in properties.items():
        items = prop.get("items", {})
        if "enum" in items:
            e = items["enum"]
            out[name] = [e[:k] for k in range(1, len(e) + 1)]
        elif "enum" in items.get("items", {}):
            e = items["items"]["enum"]
            out[name] = [
                [[c] for c in e[:3]],
                [e[:2], e[2:3]],
                [e[:5], e[5:6]],
                [[e[0]], [e[0]]],
                [[e[0]], []],
            ]
    return out


def options_refusals(ruleset: AnyRuleset) -> Iterator[tuple[dict[str, Any], str]]:
    """(options, code): the first options found refused with each code."""
    bases = _distinct(
        [msgspec.to_builtins(ruleset.Options())]
        + [
            msgspec.to_builtins(msgspec.convert(p.options, ruleset.Options))
            for p in positions_for(ruleset.name)
        ],
        10**6,
    )
    values: dict[str, list[Any]] = {}
    for base in bases:
        for name, value in base.items():
            values.setdefault(name, []).append(value)
            if isinstance(value, list):
                values[name].extend([value[:1], value * 5, *_list_changes(value)])
            if isinstance(value, bool):
                values[name].append(not value)
    for name, vs in _schema_values(ruleset).items():
        values[name] = [*vs, *values.get(name, [])]
    changes = [
        (name, value)
        for name, vs in values.items()
        for value in [*_distinct(vs, VALUES_PER_FIELD * 3), *GENERIC]
    ]
    found: set[str] = set()
    for base in bases:
        singles = [{name: value} for name, value in changes]
        pairs = [
            {a[0]: a[1], b[0]: b[1]} for a, b in itertools.combinations(changes, 2) if a[0] != b[0]
        ]
        for change in [*singles, *pairs]:
            options = {**base, **change}
            try:
                ruleset.validate_options(msgspec.convert(options, ruleset.Options))
            except RuleViolation as exc:
                if exc.code not in found:
                    found.add(exc.code)
                    yield options, exc.code
            except (msgspec.ValidationError, ValueError, TypeError, KeyError, IndexError):
                continue
