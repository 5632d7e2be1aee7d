"""Board pictures of every ruleset: ``render(ruleset, state, seat, ...)`` -> SVG text.

Each game's ``domain/<game>/picture.py`` exports ``render(view, components,
context)``; this module finds them (like ``domain.RULESETS``, without naming a
game) and builds the context (the title line and the players' names) from
public facts only: the version, the seats to act, the winners.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from domain import RULESETS
from domain.kernel import AnyRuleset
from domain.svg import PictureContext

Renderer = Callable[[Any, Any, PictureContext], str]


def _load() -> dict[str, Renderer]:
    found: dict[str, Renderer] = {}
    for name in RULESETS:
        module = importlib.import_module(f"domain.{name}.picture")
        found[name] = module.render
    return found


RENDERERS: dict[str, Renderer] = _load()


def context_for(
    ruleset: AnyRuleset,
    state: Any,
    seat: str | None,
    *,
    version: int | None = None,
    seat_names: Mapping[str, str | None] | None = None,
) -> PictureContext:
    outcome = ruleset.outcome(state)
    return PictureContext(
        ruleset=ruleset.name,
        title=ruleset.title,
        version=version,
        viewer=seat,
        to_act=() if outcome is not None else tuple(ruleset.to_act(state)),
        winners=tuple(outcome.winners) if outcome is not None else None,
        seat_names={k: v for k, v in (seat_names or {}).items() if v},
    )


def render(
    ruleset: AnyRuleset,
    state: Any,
    seat: str | None,
    *,
    version: int | None = None,
    seat_names: Mapping[str, str | None] | None = None,
) -> str:
    """The picture of ``state`` as ``seat`` (None: a spectator) may see it."""
    context = context_for(ruleset, state, seat, version=version, seat_names=seat_names)
    return RENDERERS[ruleset.name](ruleset.view(state, seat), ruleset.components, context)
