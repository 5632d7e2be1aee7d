"""The README's example runs as written and does what it says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import msgspec

from domain import fold

README = Path(__file__).resolve().parents[3] / "domain" / "eclats_des_cites" / "README.md"


def test_readme_example_plays_a_game_to_its_end() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a python example"
    out = io.StringIO()
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], str(README), "exec"), namespace)
    rs, state, log = namespace["rs"], namespace["state"], namespace["log"]
    # A finished three-player game, whose log replays to the same state.
    outcome = rs.outcome(state)
    assert outcome is not None and len(outcome.standings) == 3
    assert rs.to_act(state) == []
    assert msgspec.json.encode(fold(rs, log)) == msgspec.json.encode(state)
    # It printed that outcome, then seat_0's prestige, which is its final score.
    printed, prestige = out.getvalue().splitlines()
    assert printed == repr(outcome)
    assert int(prestige) == outcome.scores["seat_0"]
