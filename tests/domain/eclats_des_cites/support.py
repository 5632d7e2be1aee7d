"""Conformance-suite knobs for Éclats des Cités (see tests/domain/test_conformance.py).

The game has no variant option (spec section 12); ``options`` covers every
seat count. Every decision is a forced choice among its listed options, so
random games end on their own (at most 60 + 25·n turns, spec section 11).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from domain.eclats_des_cites.options import EclatsOptions

options = st.builds(EclatsOptions, seat_count=st.integers(min_value=2, max_value=5))

MAX_STEPS = 2_000
"""A game takes at most 60 + 25·5 turns plus a bounded number of extra answers."""


def choose(rnd: random.Random, state: Any, seat: str, commands: list[Any]) -> Any:
    """Any listed command, uniformly: every decision of this game is mandatory."""
    if len(commands) == 1:
        return commands[0]
    return rnd.choice(commands)
