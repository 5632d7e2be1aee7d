"""The longest whole game against a bot by clicks, in a file of its own.

Les petits Dragons is a dice race: from the lobby's default game (two seats)
against the greedy bot, the person's random clicks took 122 to 582 moves and
15 to 131 s in Playwright (six runs on a 2-core machine shared with other
suites; most games about 150 moves, 15-40 s on a quiet machine). Its own file,
so that ``pytest-xdist``'s ``--dist loadgroup`` runs it beside
``test_play.py``'s whole games rather than after them. ``test_play.py`` also
plays its end from a late named position (the resume link, the last move
before the end), in a second.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web.test_play import LONG, play_a_whole_game

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("ruleset", sorted(LONG))
def test_a_long_whole_game_against_a_bot_by_clicks(
    ruleset: str, base: str, browser: Browser
) -> None:
    play_a_whole_game(ruleset, base, browser)
