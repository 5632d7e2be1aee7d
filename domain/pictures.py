"""Board pictures of every ruleset: ``render(ruleset, state, seat, ...)`` -> SVG text.

Each game's ``domain/<game>/picture.py`` exports ``render(view, components,
context)``; this module finds them (like ``domain.RULESETS``, without naming a
game) and builds the context (the title line and the players' names) from
public facts only: the version, the seats to act, the winners; the language of
its text (``lang``, through the game's words when it has some) and the ids the
last move changed (marked in every game by ``domain.svg``). ``cues`` lists each game's
colours that carry a rule with the second cue drawn beside each (``domain.svg.Cue``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from domain import RULESETS
from domain.kernel import AnyRuleset
from domain.svg import Cue, PictureContext
from domain.words import DEFAULT_LANGUAGE, Msg, NoWords, words_for

Renderer = Callable[[Any, Any, PictureContext], str]
Cues = Callable[[Callable[[Msg], str]], tuple[Cue, ...]]


def _load() -> tuple[dict[str, Renderer], dict[str, Cues]]:
    found: dict[str, Renderer] = {}
    cue_lists: dict[str, Cues] = {}
    for name in RULESETS:
        module = importlib.import_module(f"domain.{name}.picture")
        found[name] = module.render
        cue_lists[name] = module.cues
    return found, cue_lists


RENDERERS, CUES = _load()


def cues(ruleset: str, lang: str = DEFAULT_LANGUAGE) -> tuple[Cue, ...]:
    """The colours of ``ruleset``'s pictures that carry a rule, each with its second cue
    (a mark in ``lang`` when it comes from the game's words)."""
    return CUES[ruleset](partial(words_for(ruleset).text, lang=lang))


def context_for(
    ruleset: AnyRuleset,
    state: Any,
    seat: str | None,
    *,
    version: int | None = None,
    seat_names: Mapping[str, str | None] | None = None,
    lang: str = DEFAULT_LANGUAGE,
    changed: Iterable[str] = (),
) -> PictureContext:
    outcome = ruleset.outcome(state)
    names = {k: v for k, v in (seat_names or {}).items() if v}
    say: Callable[[Msg], str] | None = None
    seat_label: Callable[[str], str] | None = None
    try:
        words = words_for(ruleset.name)
    except NoWords:
        pass
    else:
        words.catalogue(lang)  # an unknown language fails here, not halfway through a picture
        say = partial(words.text, lang=lang, players=names)
        seat_label = partial(words.seat_name, lang=lang, players=names)

    return PictureContext(
        ruleset=ruleset.name,
        title=ruleset.title,
        version=version,
        viewer=seat,
        to_act=() if outcome is not None else tuple(ruleset.to_act(state)),
        winners=tuple(outcome.winners) if outcome is not None else None,
        seat_names=names,
        lang=lang,
        changed=frozenset(changed),
        say=say,
        seat_label=seat_label,
    )


def render(
    ruleset: AnyRuleset,
    state: Any,
    seat: str | None,
    *,
    version: int | None = None,
    seat_names: Mapping[str, str | None] | None = None,
    lang: str = DEFAULT_LANGUAGE,
    changed: Iterable[str] = (),
) -> str:
    """The picture of ``state`` as ``seat`` (None: a spectator) may see it, its text in
    ``lang``, the elements whose ids are in ``changed`` (the last move's) marked."""
    context = context_for(
        ruleset, state, seat, version=version, seat_names=seat_names, lang=lang, changed=changed
    )
    return RENDERERS[ruleset.name](ruleset.view(state, seat), ruleset.components, context)
