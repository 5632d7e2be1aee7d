"""The README's example runs as written and plays a game to its end."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

from domain.arkantis.state import ArkantisState
from domain.kernel import Outcome

README = Path(__file__).resolve().parents[3] / "domain" / "arkantis" / "README.md"


def test_readme_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    out = io.StringIO()
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], str(README), "exec"), namespace)
    printed = out.getvalue().splitlines()
    # First the prepared board: 7 rows of 7 B/R, 7 empty cells moved by phase 2.
    assert all(re.fullmatch(r"[BR]{7}", row) for row in printed[:7])
    assert "".join(printed[:7]).count("R") == 7
    # Then the outcome of a finished 3-player game, as the state records it.
    state = namespace["state"]
    assert isinstance(state, ArkantisState) and state.status == "finished"
    outcome = namespace["rs"].outcome(state)
    assert isinstance(outcome, Outcome) and printed[7:] == [repr(outcome)]
    assert sorted(outcome.ranking) == ["seat_0", "seat_1", "seat_2"]
    assert len(namespace["log"]) > 20 and namespace["rs"].to_act(state) == []
