"""Golden playthroughs (``tests/data/<game>/*.json``) as event logs, and states at any version."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from domain import RULESETS
from domain.kernel import fold

DATA = Path(__file__).resolve().parents[1] / "data"


def golden_files(ruleset: str) -> list[Path]:
    return sorted((DATA / ruleset).glob("*.json"))


def golden_log(ruleset: str, path: Path) -> list[Any]:
    """Every event of a golden file, whichever of the generators' layouts it uses."""
    record = msgspec.json.decode(path.read_bytes())
    raw = record.get("events")
    if not isinstance(raw, list) or not raw:
        raw = list(record["setup"]) + [e for step in record["steps"] for e in step["events"]]
    rs = RULESETS[ruleset]
    return [msgspec.json.decode(msgspec.json.encode(e), type=rs.Event) for e in raw]


def states_at(ruleset: str, log: list[Any], versions: list[int]) -> dict[int, Any]:
    """The state after each of ``versions`` events (ascending), folding the log once."""
    rs = RULESETS[ruleset]
    out: dict[int, Any] = {}
    state: Any = None
    done = 0
    for version in sorted(set(versions)):
        state = fold(rs, log[done:version], state)
        done = version
        out[version] = state
    return out


def sample_versions(length: int, count: int = 5) -> list[int]:
    """``count`` versions spread from the first state to the last."""
    return sorted({max(1, round(length * k / (count - 1))) for k in range(count)})


def golden_seats(ruleset: str, path: Path) -> tuple[str, ...]:
    rs = RULESETS[ruleset]
    record = msgspec.json.decode(path.read_bytes())
    return tuple(rs.seats(msgspec.convert(record["options"], rs.Options)))
