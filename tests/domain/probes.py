"""The no-leak probes: per game, the values hidden from a seat in a state.

A probe is a test hook, not part of the rules: each game's
``tests/domain/<game>/probes.py`` defines ``hidden_values(state, seat)``,
returning values (another seat's hand as a list of card ids, a hidden pile's
order, ...) whose JSON encoding must appear in nothing served to ``seat``: not
its view, not any event of the log redacted for it, not its picture. Return
only values whose encoding is distinctive (lists of two or more ids).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from domain import RULESETS

Probe = Callable[[Any, str | None], list[Any]]


def _load() -> dict[str, Probe]:
    probes: dict[str, Probe] = {}
    for name in RULESETS:
        module = importlib.import_module(f"tests.domain.{name}.probes")
        probes[name] = module.hidden_values
    return probes


HIDDEN_VALUES: dict[str, Probe] = _load()


def hidden_values(ruleset: str, state: Any, seat: str | None) -> list[Any]:
    """The values of ``state`` hidden from ``seat`` (None: a spectator)."""
    return HIDDEN_VALUES[ruleset](state, seat)
