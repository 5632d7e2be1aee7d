"""Conformance-suite knobs for the example ruleset (see tests/domain/test_conformance.py)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.domain.examples.race import RaceOptions

options = st.builds(RaceOptions, seat_count=st.integers(2, 3), target=st.integers(1, 40))
