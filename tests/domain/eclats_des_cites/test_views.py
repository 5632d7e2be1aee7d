"""Views and redaction (spec section 9), and spec scenario T34 (the private peek)."""

from __future__ import annotations

import msgspec

from domain import fold
from domain.eclats_des_cites import events as ev
from tests.domain.eclats_des_cites.helpers import RS, given, play, seat, setup_events, take, types
from tests.domain.eclats_des_cites.probes import hidden_values


def test_game_set_up_redaction_shows_counts_and_border_tops_only() -> None:
    events = setup_events(3, seed="redact")
    setup = events[0]
    assert setup.central is not None and setup.borders is not None
    for viewer in (None, "seat_0", "seat_1", "seat_2"):
        red = RS.redact(setup, viewer)
        assert isinstance(red, ev.EclatsGameSetUp)
        assert red.central is None and red.borders is None and red.upgrades_hidden is None
        assert red.central_count == 60 and red.upgrades_hidden_count == 4
        assert red.upgrades_face_up == setup.upgrades_face_up
        for pile, cards in setup.borders.items():
            assert red.border_tops[pile] == ev.EclatsBorderTop(count=25, top=cards[0])
        encoded = msgspec.json.encode(red)
        assert msgspec.json.decode(encoded, type=RS.Event) == red
        # The hidden orders are nowhere in the redacted copy.
        assert msgspec.json.encode(setup.central[:6])[:-1] not in encoded
        assert msgspec.json.encode(setup.upgrades_hidden) not in encoded


def test_public_events_are_not_changed_by_redaction() -> None:
    state = given(2, piles={"central": ["bois", ...]})
    _, out = play(state, seat(0), take("central"))
    for e in out:
        assert RS.redact(e, "seat_1") is e and RS.redact(e, None) is e


def test_view_shows_counts_and_border_tops_not_the_pile_orders() -> None:
    state = fold(RS, setup_events(2, seed="view"))
    for viewer in (None, "seat_0", "seat_1"):
        v = RS.view(state, viewer)
        assert [p.pile_id for p in v.piles] == ["central", "border_0", "border_1"]
        assert [p.count for p in v.piles] == [60, 25, 25]
        assert v.piles[0].top is None
        assert v.piles[1].top == state.piles["border_0"][0]
        assert v.upgrades_hidden_count == 4 and len(v.upgrades_face_up) == 3
        encoded = msgspec.json.encode(v)
        assert msgspec.json.encode(list(state.piles["border_0"][:3])) not in encoded
        assert msgspec.json.encode(list(state.upgrades_hidden)) not in encoded
        assert msgspec.json.decode(encoded, type=RS.View) == v
    assert RS.view(state, "seat_1").viewer == 1 and RS.view(state, None).viewer is None
    assert RS.view(state, "seat_4").viewer is None  # not a seat of this game


def test_view_of_a_player_board_is_public_with_strength_and_prestige() -> None:
    state = given(
        2,
        wonders={0: "palais"},
        stages={0: 2},
        upgrades={0: ["protection"]},
        tableaux={0: {"sentinelle": 1, "jardin_des_brumes": 1}},
    )
    for viewer in (None, "seat_0", "seat_1"):
        p0 = RS.view(state, viewer).players[0]
        assert p0.strength == 3 and p0.prestige == 3 + 3 + 3
        assert p0.tableau == {"sentinelle": 1, "jardin_des_brumes": 1}


def test_hidden_values_cover_every_hidden_order() -> None:
    state = fold(RS, setup_events(4, seed="hv"))
    values = hidden_values(state, "seat_0")
    assert list(state.piles["central"]) in values
    for i in range(4):
        assert list(state.piles[f"border_{i}"]) in values
    assert list(state.upgrades_hidden) in values
    served = msgspec.json.encode(RS.view(state, "seat_0"))
    served += b"".join(msgspec.json.encode(RS.redact(e, "seat_0")) for e in setup_events(4, "hv"))
    for value in values:
        assert msgspec.json.encode(value) not in served


def test_t34_the_exploration_peek_is_private() -> None:
    state = given(
        3, seat_index=1, upgrades={2: ["exploration"]}, piles={"central": ["heraut", ...]}
    )
    state, out = play(state, seat(1), take("border_1"))
    assert out[-3:] == [
        ev.EclatsTurnStarted(seat=2, turn_number=2),
        ev.EclatsCentralTopPeeked(seat=2, card_id="heraut"),
        ev.EclatsDecisionRequested(
            seat=2, kind="take_card", source="turn", options=["border_2", "border_1", "central"]
        ),
    ]
    peek = out[-2]
    assert RS.redact(peek, "seat_2") == peek
    for viewer in ("seat_0", "seat_1", None):
        assert RS.redact(peek, viewer) == ev.EclatsCentralTopPeeked(seat=2, card_id=None)
        turn = RS.view(state, viewer).turn
        assert turn is not None and turn.peeked_card is None
    turn = RS.view(state, "seat_2").turn
    assert turn is not None and turn.peeked_card == "heraut"
    # With an empty central pile there is nothing to peek at.
    empty = given(3, seat_index=1, upgrades={2: ["exploration"]}, piles={"central": []})
    _, out = play(empty, seat(1), take("border_1"))
    assert "central_top_peeked" not in types(out)
    assert types(out)[-2:] == ["turn_started", "decision_requested"]
