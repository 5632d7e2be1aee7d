"""Opt-in: the whole games too long for the default suite, from the lobby, from move 1.

Les petits Dragons is a dice race: from the lobby's default game (two seats)
against the greedy bot, the person's random clicks took 153 to 582 moves and
69 to 131 s in Playwright (a 2-core machine shared with other suites), more
than the whole web suite's budget. The default suite plays its end from a late
named position (``test_play.py``) and its opening in the three other
language × device combinations (``test_play_openings.py``); this file plays
it whole, with every check of ``test_play.py``, when asked:

    PLATEAU_WEB_LONG_GAMES=1 .venv/bin/pytest tests/web/test_play_long.py -p no:xdist -s
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser

from tests.web.test_play import LONG, play_a_whole_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("PLATEAU_WEB_LONG_GAMES") != "1",
        reason="opt-in (one to two minutes a game): PLATEAU_WEB_LONG_GAMES=1",
    ),
]


@pytest.mark.parametrize("ruleset", sorted(LONG))
def test_a_long_whole_game_against_a_bot_by_clicks(
    ruleset: str, base: str, browser: Browser
) -> None:
    play_a_whole_game(ruleset, base, browser)
