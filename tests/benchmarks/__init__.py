"""Opt-in benchmarks and the training script: commands, not tests (pytest collects none)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_report(path: str | Path, report: dict[str, Any]) -> Path:
    """Write ``report`` as indented JSON to ``path`` (its folder made if need be)."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    return out
