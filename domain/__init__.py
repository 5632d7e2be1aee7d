"""Plateau's pure rules layer.

``RULESETS`` maps a ruleset name to its ruleset object. It is built by
discovering every sub-package of ``domain``: each must export ``RULESET``
(a :class:`~domain.kernel.Ruleset`) named like its package, so no module
outside a game's own package names the game, and a half-written game fails
loudly at import instead of vanishing from the registry.
"""

from __future__ import annotations

import importlib
import pkgutil

from domain.kernel import (
    AnyRuleset,
    CommandBase,
    Emitter,
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
    members_of,
    new_game,
    play,
    tag_of,
    tags_of,
)


class DiscoveryError(RuntimeError):
    """A game package that does not export a proper ``RULESET``."""


def discover(package: str = __name__, path: list[str] | None = None) -> dict[str, AnyRuleset]:
    """Every game sub-package of ``package``, by ruleset name (sorted)."""
    found: dict[str, AnyRuleset] = {}
    modules = pkgutil.iter_modules(__path__ if path is None else path)
    for info in sorted(modules, key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if ruleset is None:
            raise DiscoveryError(f"{module.__name__} is a game package but exports no RULESET")
        if getattr(ruleset, "name", None) != info.name:
            raise DiscoveryError(
                f"{module.__name__}.RULESET is named {getattr(ruleset, 'name', None)!r}; "
                f"a ruleset is named like its package ({info.name!r})"
            )
        found[ruleset.name] = ruleset
    return found


RULESETS: dict[str, AnyRuleset] = discover()

__all__ = [
    "RULESETS",
    "AnyRuleset",
    "CommandBase",
    "DiscoveryError",
    "Emitter",
    "EventBase",
    "Outcome",
    "Rng",
    "RuleViolation",
    "Ruleset",
    "Seat",
    "SeatedPlayer",
    "SetupContext",
    "Standing",
    "discover",
    "fold",
    "members_of",
    "new_game",
    "play",
    "tag_of",
    "tags_of",
]
