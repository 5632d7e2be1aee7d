"""The README's example runs as written and prints what the rules compute."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

from domain.kernel import fold
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.scoring import scores
from tests.domain.tours_arc_en_ciel.helpers import RS

README = Path(__file__).resolve().parents[3] / "domain" / "tours_arc_en_ciel" / "README.md"


def run_example() -> tuple[str, dict[str, Any]]:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README has no python example"
    namespace: dict[str, Any] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], str(README), "exec"), namespace)
    return out.getvalue(), namespace


def test_readme_example_prints_the_winner_and_score_of_its_log() -> None:
    printed, namespace = run_example()
    log = namespace["log"]
    replayed = fold(RS, log)
    end = log[-1]
    assert isinstance(end, ev.ToursGameEnded) and RS.to_act(replayed) == []
    winner = replayed.houses[end.ranking[0]]
    fire = replayed.houses.index("fire")
    assert printed.splitlines() == [
        f"winners: {winner} decided by: {replayed.result.decided_by}",
        f"fire scored: {scores(replayed)[fire].score}",
    ]
    assert RS.outcome(replayed) == RS.outcome(namespace["state"])


def test_readme_example_is_deterministic() -> None:
    assert run_example()[0] == run_example()[0]
