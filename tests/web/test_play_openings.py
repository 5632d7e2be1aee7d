"""Every ruleset in every language and on every device: the first moves against a bot.

``test_play.py`` (and ``test_play_long.py``) play one whole game of each
ruleset in one combination of language (French, English) and device (desktop
1280×900, phone 390×844); here its three other combinations play the opening
of a default game created in the lobby against the greedy bot, by clicks
only, with the same checks at each question (no raw id in the visible text,
tap targets of at least 24×24 px, no sideways scroll, *Your turn* in the
status and the title) and after each of the bot's moves (the last-move mark
on the picture, its sentence the newest history entry).
"""

from __future__ import annotations

import itertools
import random
import time

import pytest
from playwright.sync_api import Browser

from tests.web.browser import get_json
from tests.web.test_play import WHOLE, from_the_lobby, play_to_the_end

pytestmark = pytest.mark.slow

OPENING = 3
"""An opening lasts until this many of the bot's moves were seen marked on the board and said
in the history (the person's moves between them: one to a dozen, petits Dragons' dice may
give the person several turns in a row)."""
CASES = [
    (ruleset, lang, phone)
    for ruleset in sorted(WHOLE)
    for lang, phone in itertools.product(("en", "fr"), (False, True))
    if (lang, phone) != WHOLE[ruleset]
]


@pytest.mark.parametrize(
    ("ruleset", "lang", "phone"),
    CASES,
    ids=[f"{r}-{lang}-{'phone' if p else 'desktop'}" for r, lang, p in CASES],
)
def test_the_opening_against_a_bot_by_clicks(
    ruleset: str, lang: str, phone: bool, base: str, browser: Browser
) -> None:
    started = time.monotonic()
    rng = random.Random(f"opening-{ruleset}-{lang}-{phone}")
    tab, game, seat = from_the_lobby(browser, base, ruleset, lang, phone)
    counts = play_to_the_end(tab, base, game, seat, lang, rng, stop_after=OPENING)
    status = get_json(base, f"/games/{game}")["status"]
    assert counts["marks"] >= OPENING or status == "finished", counts
    tab.close()
    print(
        f"{ruleset} ({lang}, {'phone' if phone else 'desktop'}): {counts}"
        f" in {time.monotonic() - started:.1f} s"
    )
