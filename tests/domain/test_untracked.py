"""The data a worker keeps (states, views, events, commands, the store's rows) is
not tracked by Python's collector (``gc=False``): a busy worker holds hundreds of
thousands of them, and each young collection would scan every new one (a game's
new state and view per move, a stream's recent events). Measured at 1,500 games at
human pace: young collections of 130,000 to 170,000 objects took 50 to 190 ms each,
every request in flight waiting (docs/performance.md, "Capacity at human pace").

Safe because these structs are data: frozen (the domain's), holding strings,
numbers, tuples, dicts and other such structs, never a reference back to themselves,
so no cycle for the collector to find."""

from __future__ import annotations

import gc
import importlib
import inspect
import pkgutil
import random
from collections.abc import Iterator
from types import ModuleType

import msgspec
import pytest

import domain
from domain import RULESETS, Rng, SeatedPlayer, SetupContext
from domain.kernel import fold

SERVICE_DATA = ("service.store.base", "service.games.repository", "service.games.schemas")
"""The service's modules whose structs are rows, announcements and answers."""


def _modules() -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(domain.__path__, "domain."):
        yield importlib.import_module(info.name)
    for name in SERVICE_DATA:
        yield importlib.import_module(name)


def _structs() -> list[type[msgspec.Struct]]:
    found: dict[str, type[msgspec.Struct]] = {}
    for module in _modules():
        for _, value in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(value, msgspec.Struct)
                and value is not msgspec.Struct
                and value.__module__ == module.__name__
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


STRUCTS = _structs()


def test_the_walk_finds_the_data() -> None:
    names = {s.__qualname__ for s in STRUCTS}
    # One of each kind: a state, a view, an event, a command, a store row, an answer.
    assert {"ArkantisState", "ArkantisView", "ArkantisTokensRemoved"} <= names
    assert {"ArkantisRemoveTwoTokens", "StoredEvent", "GameRecord", "LegalCommands"} <= names
    assert len(STRUCTS) > 150


@pytest.mark.parametrize("struct", STRUCTS, ids=lambda s: f"{s.__module__}.{s.__qualname__}")
def test_struct_is_untracked(struct: type[msgspec.Struct]) -> None:
    assert struct.__struct_config__.gc is False, (
        f"{struct.__qualname__} is tracked by the collector: declare it with gc=False"
    )


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_decoded_state_leaves_the_collector_nothing_to_scan(name: str) -> None:
    """A state as the cache gives it back, after 40 random moves: after one young
    collection (which untracks the tuples that hold only untracked values), nothing
    in it is tracked but its mutable containers (dicts, lists, sets), which always are."""
    rs = RULESETS[name]
    options = rs.Options()
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in rs.seats(options)))
    state = fold(rs, rs.setup(options, ctx, Rng("untracked", 0)))
    rnd = random.Random(7)
    for turn in range(40):
        moves = [(seat, c) for seat in rs.to_act(state) for c in rs.legal_commands(state, seat)]
        if not moves or rs.outcome(state) is not None:
            break
        seat, command = rnd.choice(moves)
        state = fold(rs, rs.decide(state, seat, command, Rng("untracked", turn + 1)), state)
    decoded = msgspec.json.decode(msgspec.json.encode(state), type=type(state))
    gc.collect(0)
    seen: set[int] = set()
    tracked: list[str] = []

    def walk(value: object) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        if gc.is_tracked(value) and not isinstance(value, (dict, list, set)):
            tracked.append(type(value).__qualname__)
        if isinstance(value, msgspec.Struct):
            for field in value.__struct_fields__:
                walk(getattr(value, field))
        elif isinstance(value, (tuple, list, frozenset, set)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)

    walk(decoded)
    assert len(seen) > 50  # a real state, not an empty one
    assert tracked == []
