"""Plateau's pure rules layer.

``RULESETS`` maps a ruleset name to its ruleset object. It is built by
discovering every sub-package of ``domain`` that exports ``RULESET``, so no
module outside a game's own package names the game.
"""

from __future__ import annotations

import importlib
import pkgutil

from domain.kernel import (
    CommandBase,
    EventBase,
    Outcome,
    Rng,
    Ruleset,
    RuleViolation,
    Seat,
    SeatedPlayer,
    SetupContext,
    Standing,
    fold,
    new_game,
    play,
)


def _discover() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if ruleset is None:
            continue
        if ruleset.name in found:
            raise RuntimeError(f"two rulesets named {ruleset.name!r}")
        found[ruleset.name] = ruleset
    return found


RULESETS: dict[str, Ruleset] = _discover()

__all__ = [
    "RULESETS",
    "CommandBase",
    "EventBase",
    "Outcome",
    "Rng",
    "RuleViolation",
    "Ruleset",
    "Seat",
    "SeatedPlayer",
    "SetupContext",
    "Standing",
    "fold",
    "new_game",
    "play",
]
