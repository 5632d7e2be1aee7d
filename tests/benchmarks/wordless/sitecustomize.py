"""Plateau without its words: the benchmark's same-run reference for their cost (issue 30).

``scripts/bench`` starts one ``plateau serve`` with this folder on ``PYTHONPATH``;
Python imports ``sitecustomize`` at start-up, before the workers fork, and this
one tells the service every game has no words (``service.games.texts.words``
answers None, as for a ruleset without a ``words`` module): no labels, targets,
steps, sentences or last move are made or sent. Never on a path the service or
the tests use.
"""

from __future__ import annotations

from service.games import commands, reads, texts


def _no_words(ruleset: str) -> None:
    return None


for _module in (texts, reads, commands):
    _module.words = _no_words  # type: ignore[attr-defined]
