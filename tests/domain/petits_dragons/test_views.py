"""What a seat sees (§9): everything, and no event is redacted."""

from __future__ import annotations

from tests.domain.petits_dragons.helpers import (
    new,
    roll,
    rs,
)
from tests.domain.petits_dragons.probes import hidden_values

P1, P2 = "seat_0", "seat_1"


def test_views_show_everything_and_events_are_not_redacted() -> None:
    state = new()
    state, events = roll(state, 3, 4)
    for seat in (None, P1, P2, "seat_2"):
        view = rs.view(state, seat)
        assert view.game == state and view.seat == seat and view.to_act == rs.to_act(state)
        assert all(rs.redact(e, seat) == e for e in events)
        assert hidden_values(state, seat) == []
    assert rs.has_hidden_information is False and rs.has_chance is True
