"""The longest whole games against a bot by clicks, on a 390×844 phone (French and English).

Les Tours and petits Dragons, made as ``test_play.MADE`` says (Les Tours' default
game from the lobby in one language, with four or eight Houses in the other; petits
Dragons from a seed), in a file of their own so that
``pytest-xdist``'s ``--dist loadgroup`` runs it beside ``test_play_desktop.py``
and ``test_play.py`` rather than after them. ``test_play.py`` says what every
whole game checks.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web.test_play import COMBINATIONS, label, play_a_whole_game

pytestmark = pytest.mark.slow

CASES = [
    (ruleset, lang, phone)
    for ruleset in ("petits_dragons", "tours_arc_en_ciel")
    for lang, phone in COMBINATIONS
    if phone
]


@pytest.mark.parametrize(
    ("ruleset", "lang", "phone"), CASES, ids=[f"{r}-{label(lang, p)}" for r, lang, p in CASES]
)
def test_a_long_whole_game_against_a_bot_by_clicks(
    ruleset: str, lang: str, phone: bool, base: str, browser: Browser
) -> None:
    play_a_whole_game(ruleset, lang, phone, base, browser)
