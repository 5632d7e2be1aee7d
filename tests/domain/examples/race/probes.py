"""The example ruleset has perfect information: nothing is hidden from anyone."""

from __future__ import annotations

from typing import Any


def hidden_values(state: Any, seat: str | None) -> list[Any]:
    return []
