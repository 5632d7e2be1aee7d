"""The README's no-service example runs as written and plays a whole game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.kernel import fold
from domain.petits_dragons.events import PetitsDragonsGameEnded

README = Path(__file__).resolve().parents[3] / "domain" / "petits_dragons" / "README.md"


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), str(README), "exec"), namespace)
    rs, state, log = namespace["rs"], namespace["state"], namespace["log"]
    outcome = rs.outcome(state)  # type: ignore[attr-defined]
    assert outcome is not None
    # It prints the outcome of the game it played ...
    assert capsys.readouterr().out == f"{outcome}\n"
    # ... a game of the three seats it asked for, whose log replays to the final state
    # and ends with the game_ended the outcome is read from.
    assert fold(rs, log) == state  # type: ignore[arg-type]
    end = log[-1]  # type: ignore[index]
    assert isinstance(end, PetitsDragonsGameEnded)
    assert sorted(s.seat for s in outcome.standings) == ["seat_0", "seat_1", "seat_2"]
    totals = {side.side_id: side.total for side in end.side_scores}
    assert [(s.seat, s.score) for s in outcome.standings] == [
        (r.side_id, totals[r.side_id]) for r in end.ranking
    ]
    assert outcome.winners == tuple(r.side_id for r in end.ranking if r.rank == 1)
