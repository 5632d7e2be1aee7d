"""What a seat may see (spec 9): views and redacted events; T23, T40.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import msgspec
from msgspec.structs import replace

from domain.pictures import render as picture
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    at_phase,
    at_third,
    drawn,
    last_turn,
    new_state,
    play,
    put,
    set_hand,
    t12_state,
)


def test_t23_hiding_and_redaction() -> None:
    state = new_state()
    for tower, dragon in [("diamond_ruby", "fire_10_mason_1"), ("sapphire_coral", "fire_15_blower_1"),
                          ("coral_tourmaline", "fire_20_mason_2")]:  # fmt: skip
        state = put(state, tower, dragon)
    state, events = play(at_third(state, "fire", "hide_dragons_4"), "fire", cm.ToursDrawChance())
    assert events[1:5] == [
        ev.ToursDragonHidden(seat=0, tower="diamond_ruby", dragon="fire_10_mason_1"),
        ev.ToursDragonHidden(seat=0, tower="sapphire_coral", dragon="fire_15_blower_1"),
        ev.ToursDragonHidden(seat=0, tower="coral_tourmaline", dragon="fire_20_mason_2"),
        ev.ToursChanceCardDiscarded(card="hide_dragons_4", outcome="applied"),
    ]
    assert RS.redact(events[1], "ice").dragon is None and RS.redact(events[1], "fire") == events[1]
    move = cm.ToursMoveDragon(
        from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
    )
    state, events = play(at_third(state, "fire"), "fire", move)
    arrived = events[0]
    seen = RS.redact(arrived, "ice")
    assert (seen.dragon, seen.strength, seen.specialty) == (None, None, None)
    assert RS.redact(arrived, None) == seen
    assert RS.redact(arrived, "fire") == arrived and arrived.dragon == "fire_20_mason_2"
    tower_view = next(t for t in RS.view(state, "ice").towers if t.tower == "ruby_tourmaline")
    assert (tower_view.house, tower_view.hidden, tower_view.dragon, tower_view.strength) == (
        "fire",
        True,
        None,
        None,
    )
    own_view = next(t for t in RS.view(state, "fire").towers if t.tower == "ruby_tourmaline")
    assert own_view.dragon == "fire_20_mason_2"


def test_t40_reserve_redaction() -> None:
    state = at_phase(set_hand(new_state(), "fire", {"coral": 1}), "fire", "play")
    state, _ = play(
        state,
        "fire",
        cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_20_blower_1"),
    )
    theirs = RS.view(state, "ice").reserves[0]
    assert theirs.dragons is None and theirs.count == 17
    assert theirs.strengths == [10] * 6 + [15] * 6 + [20] * 5
    mine = RS.view(state, "fire").reserves[0]
    assert (
        mine.dragons is not None
        and len(mine.dragons) == 17
        and "fire_20_blower_1" not in mine.dragons
    )
    assert RS.view(state, None).reserves[0].dragons is None
    assert (
        RS.view(state, "ice").hands[0].cards is None and RS.view(state, "fire").hands[0].cards == {}
    )


def test_remove_enemy_dragon_any_takes_a_hidden_dragon_and_redacts_it() -> None:
    state = put(new_state(), "opal_jet", "ice_15_mason_2", 4, hidden=True)
    state, _ = drawn(state, "remove_enemy_dragon_any")
    after, events = play(state, "fire", cm.ToursResolveChance(tower="opal_jet"))
    removed = events[0]
    assert removed == ev.ToursDragonRemoved(seat=1, tower="opal_jet", dragon="ice_15_mason_2", strength=15,
                                            specialty="mason", was_hidden=True)  # fmt: skip
    seen = RS.redact(removed, "fire")
    assert (seen.dragon, seen.specialty, seen.strength) == (None, None, 15)
    assert RS.redact(removed, "ice") == removed
    assert (
        after.hidden == []
        and "ice_15_mason_2" in after.reserve[1]
        and after.defense["opal_jet"] == 4
    )


def test_pile_card_is_hidden_from_others() -> None:
    state = new_state()
    _, events = play(state, "fire", cm.ToursTakeCard(source="pile"))
    taken = events[0]
    assert taken.island == state.pile[0]
    assert RS.redact(taken, "ice").island is None and RS.redact(taken, None).island is None
    assert RS.redact(taken, "fire") == taken
    dealt = RS.setup(
        state.options, __import__("domain").SetupContext(), __import__("domain").Rng("x", 0)
    )
    hands = [e for e in dealt if isinstance(e, ev.ToursCardsDealt)]
    assert RS.redact(hands[0], "ice").cards is None and RS.redact(hands[0], "fire") == hands[0]
    assert RS.redact(dealt[2], "fire").order is None and RS.redact(dealt[2], "fire").count == 72


def test_views_do_not_leak_hands() -> None:
    state = set_hand(new_state(), "ice", {"amber": 2, "jet": 1})
    secret = msgspec.json.encode({"amber": 2, "jet": 1})
    assert secret not in msgspec.json.encode(RS.view(state, "fire"))
    assert secret not in msgspec.json.encode(RS.view(state, None))
    assert secret in msgspec.json.encode(RS.view(state, "ice"))
    assert RS.view(state, "ice").hands[1].cards == {"amber": 2, "jet": 1}
    assert RS.view(state, "fire").hands[1].count == 3


def test_the_end_of_the_game_reveals_hidden_dragons_reserves_and_hands() -> None:
    """Issue 31: a finished game's log names every hidden Dragon, so its views do too
    (README decision 12): no "?" on a tower, every reserve and hand listed, for a
    spectator and the other House alike; and the score line says the breakdown."""
    hidden = "fire_15_mason_1"  # on diamond_ruby
    state = replace(set_hand(t12_state(), "fire", {"coral": 1}), hidden=[hidden])

    def ruby(view: object) -> tuple[object, ...]:
        t = next(t for t in view.towers if t.tower == "diamond_ruby")  # type: ignore[attr-defined]
        return t.dragon, t.strength, t.specialty, t.hidden

    assert ruby(RS.view(state, "ice")) == (None, None, None, True)
    assert RS.view(state, "ice").hands[0].cards is None
    over, _ = play(last_turn(state), "fire", cm.ToursDrawChance(), dice=[13, 5])
    assert over.phase == "over" and RS.outcome(over) is not None
    for seat in ("ice", None):
        view = RS.view(over, seat)
        assert ruby(view) == (hidden, 15, "mason", True)
        assert view.hands[0].cards == {"coral": 1}
        assert all(r.dragons is not None and len(r.dragons) == r.count for r in view.reserves)
    svg = picture(RS, over, None, lang="en")
    root = ET.fromstring(svg.encode())
    tower = next(e for e in root.iter() if e.attrib.get("id") == "diamond_ruby")
    shown = [str(t.text) for t in tower.iter("{http://www.w3.org/2000/svg}text")]
    assert "?" not in "".join(shown) and "15M" in shown[0]
    assert 'id="hand_coral"' not in svg  # shown, but only the viewer's cards are targets
    # The final score in words: each island scored with its points, cards, pearls.
    for house, second, pearls in (("fire", "Coral Forest", 0), ("ice", "Ivory Temple", 0)):
        panel = next(e for e in root.iter() if e.attrib.get("id") == house)
        said = " ".join(str(t.text) for t in panel.iter("{http://www.w3.org/2000/svg}text"))
        assert (
            f"score 22 = islands 22 (Great Diamond Treasure 20 and {second} 2) + cards 0 · "
            f"{pearls} pearls"
        ) in said, said
        assert house != "fire" or "Hand: Coral Forest" in said
