"""What each seat sees (spec 9): hands hidden until the end, piles always."""

from __future__ import annotations

from domain.arkantis import RULESET
from tests.domain.arkantis.probes import hidden_values


def test_views_hide_other_hands_until_the_end() -> None:
    from tests.domain.arkantis.helpers import ALICE, BOB, context

    state = context("B")
    alice_view = RULESET.view(state, ALICE)
    assert alice_view.players[0].hand == ("key_1", "tower_1", "hammer_1")
    assert alice_view.players[1].hand is None
    assert (alice_view.players[1].hand_count.orange, alice_view.players[1].hand_count.emerald) == (
        2,
        1,
    )
    spectator = RULESET.view(state, None)
    assert all(p.hand is None for p in spectator.players) and spectator.viewer is None
    assert spectator.orange.hidden_count == len(state.orange.hidden)
    assert hidden_values(state, ALICE) == [
        ["boot_1", "rampart_1", "column_1"],
        list(state.orange.hidden),
        list(state.emerald.hidden),
    ]
    assert ["key_1", "tower_1", "hammer_1"] in hidden_values(state, BOB)


def test_every_hand_is_public_once_the_game_is_over() -> None:
    from tests.domain.arkantis.helpers import ALICE, BOB
    from tests.domain.arkantis.test_turns import t32_end

    state, _ = t32_end()
    view = RULESET.view(state, ALICE)
    assert [p.hand for p in view.players] == [("tower_2", "column_3"), ("boot_1",), ("key_3",)]
    assert all(p.hand is not None for p in RULESET.view(state, None).players)
    hidden = hidden_values(state, BOB)
    assert ["tower_2", "column_3"] not in hidden  # hands are no longer hidden
    assert list(state.orange.hidden) in hidden  # the piles stay hidden


def test_a_player_shown_again_follows_their_state() -> None:
    """A player's part of a view is remembered by their state and who looks: a
    changed hand shows its new counts, and the same state shows the hand to its
    owner only."""
    from msgspec.structs import replace

    from tests.domain.arkantis.helpers import ALICE, BOB, context

    state = context("B")
    before = RULESET.view(state, ALICE).players[1]
    bob = state.players[1]
    changed = replace(bob, hand=(*bob.hand, "key_2"))
    after_state = replace(state, players=(state.players[0], changed, *state.players[2:]))
    after = RULESET.view(after_state, ALICE).players[1]
    assert (after.hand_count.orange + after.hand_count.emerald) == (
        before.hand_count.orange + before.hand_count.emerald + 1
    )
    assert after.hand is None
    assert RULESET.view(after_state, BOB).players[1].hand == changed.hand
    assert RULESET.view(state, ALICE).players[1] == before
