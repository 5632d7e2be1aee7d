"""Les Tours Arc-en-Ciel in words: sentences, labels, steps, targets, refusals and the
picture's text, in French and English (the choices are in the game's README, "Words")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel import RuleViolation, SetupContext
from domain.pictures import render as picture
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel import words as tours_words
from domain.tours_arc_en_ciel.components import TOWERS_OF
from domain.words import GameWords, Msg, build_steps, leaves, words_for
from tests.domain.tours_arc_en_ciel.helpers import (
    ICE_HELD,
    RS,
    ScriptedRng,
    at_phase,
    at_third,
    eliminate,
    in_play_phase,
    new_state,
    play,
    put,
    rejected,
    set_hand,
)
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CHECKED: GameWords = tours_words
"""mypy checks the module against the kernel's protocol."""
WORDS = words_for("tours_arc_en_ciel")
NAMES: dict[str, str | None] = {"fire": "Alice", "ice": None}
"""Every seat of the G2 game in seat order (fire is seat 0): ice named nobody."""
NBSP = "\u00a0"


def say(message: Msg | None, lang: str) -> str:
    assert message is not None
    return WORDS.text(message, lang, NAMES)


def sentences(events: list[Any], viewer: str | None, lang: str) -> list[str]:
    """The events' sentences as ``viewer`` reads them (bookkeeping left out)."""
    out = []
    for event in events:
        message = tours_words.sentence(RS.redact(event, viewer), viewer)
        if message is not None:
            out.append(say(message, lang))
    return out


def element_ids(svg: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', svg))


# --- Sentences -------------------------------------------------------------------


def test_a_landing_in_words_names_the_player_card_dragon_and_tower() -> None:
    command = cm.ToursLandDragon(
        island="coral", tower="coral_tourmaline", dragon="fire_10_blower_1"
    )
    _, events = play(in_play_phase(), "fire", command)
    assert sentences(events, "ice", "fr") == [
        f"Alice joue la carte «{NBSP}Forêt de Corail{NBSP}» pour poser un Dragon.",
        "Alice pose un Souffleur 10 sur la tour Corail–Tourmaline.",
    ]
    assert sentences(events, None, "en") == [
        'Alice plays the "Coral Forest" card to land a Dragon.',
        "Alice lands a Blower 10 on the Coral–Tourmaline tower.",
    ]
    wire = WORDS.render(tours_words.sentence(events[1], None) or Msg(""), "en", NAMES).message
    assert wire.args["player"].seat == "fire", "an event's seat index is served as its seat id"


def test_a_seat_whose_player_gave_no_name_is_its_house() -> None:
    state = at_phase(set_hand(new_state(), "ice", {"ivory": 1}), "ice", "play")
    _, events = play(state, "ice", cm.ToursDiscardCard(island="ivory"))
    assert sentences(events, "fire", "fr") == [
        f"Maison de Glace joue la carte «{NBSP}Temple d'Ivoire{NBSP}» pour rien."
    ]
    assert sentences(events, "fire", "en") == [
        'House of Ice plays the "Ivory Temple" card for nothing.'
    ]


def test_a_combat_says_each_side_the_winner_why_and_the_losers_fate() -> None:
    """The example of spec 10.6 (T10): 29 against 30, the blower goes back to its camp."""
    state = put(new_state(), "coral_tourmaline", "ice_10_mason_1", 3)
    state = at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play")
    command = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_15_blower_1"
    )
    _, events = play(state, "fire", command, dice=[8, 12])
    said = sentences(events, "ice", "fr")
    assert said[1] == "Alice attaque la tour Corail–Tourmaline avec un Souffleur 15."
    assert said[2] == (
        f"Combat sur la tour Corail–Tourmaline{NBSP}: Alice (Souffleur 15) fait 29 avec 8 au dé 20"
        f"{NBSP}; Maison de Glace (Maçon 10) fait 30 avec 12 au dé 20. Maison de Glace garde la"
        " tour avec le plus grand total, et le Souffleur 15 vaincu, qui était dans son bon droit,"
        " regagne son camp."
    )
    assert sentences(events, "fire", "en")[2] == (
        "Combat on the Coral–Tourmaline tower: Alice (Blower 15) scores 29 with 8 on the d20;"
        " House of Ice (Mason 10) scores 30 with 12 on the d20. House of Ice keeps the tower"
        " with the higher total, and the defeated Blower 15, which was in its good right,"
        " returns to its camp."
    )


def test_a_hidden_dragon_stays_hidden_to_the_others_in_every_sentence_and_label() -> None:
    """T23: fire's hidden Dragon moves; ice and spectators read "a hidden Dragon"."""
    state = put(new_state(), "coral_tourmaline", "fire_10_mason_1", hidden=True)
    command = cm.ToursMoveDragon(
        from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
    )
    _, events = play(at_third(state, "fire"), "fire", command)
    moved = (
        "déplace un {} de la tour Corail–Tourmaline vers la tour Rubis–Tourmaline en"
        " traversant le Pilier de Tourmaline."
    )
    assert sentences(events, "ice", "fr")[0] == "Alice " + moved.format("Dragon caché")
    assert sentences(events, None, "fr")[0] == "Alice " + moved.format("Dragon caché")
    assert sentences(events, "fire", "fr")[0] == "Alice " + moved.format("Maçon 10 caché")
    for viewer in ("ice", None):
        message = tours_words.sentence(RS.redact(events[0], viewer), viewer)
        assert "fire_10_mason_1" not in repr(message)
    # Ice, to atomize it, reads "the hidden Dragon" too; the picture shows "?" and no id.
    state = put(new_state(), "coral_tourmaline", "fire_10_mason_1", hidden=True)
    state = at_phase(set_hand(state, "ice", {"tourmaline": 2}), "ice", "play")
    view = RS.view(state, "ice")
    atomize = cm.ToursAtomize(
        island="tourmaline", tower="coral_tourmaline", dragon="ice_20_mason_1"
    )
    assert say(tours_words.label(atomize, view), "en") == (
        'Play two "Tourmaline Pillar" cards, atomize the hidden Dragon on the Coral–Tourmaline'
        " tower and land the Mason 20 no. 1 there"
    )
    svg = picture(RS, state, "ice", lang="fr", seat_names=NAMES)
    tower = re.search(r'<g id="coral_tourmaline".*?</g>', svg)
    assert tower is not None and "fire_10_mason_1" not in svg
    assert f"▲{NBSP}?" in tower.group(0) and "Dragon caché" in tower.group(0)


def test_a_pile_card_is_named_to_its_taker_only() -> None:
    state = new_state()
    top = state.pile[0]
    _, events = play(state, "fire", cm.ToursTakeCard(source="pile"))
    name = say(tours_words.island_name(top), "fr")
    assert sentences(events, "fire", "fr") == [
        f"Alice prend la carte «{NBSP}{name}{NBSP}» face cachée dans la pile."
    ]
    assert sentences(events, "ice", "fr") == ["Alice prend une carte face cachée dans la pile."]
    assert sentences(events, None, "en") == ["Alice takes a face-down card from the pile."]


def test_setup_and_bookkeeping_have_no_sentence() -> None:
    """Of the setup only the Gold tower is news; a turn's start and end, the shuffles and
    deals, and the pearl every landing brings, say nothing."""
    events = RS.setup(RS.Options(), SetupContext(last_winner_seat="fire"), ScriptedRng())
    said = [type(e).__name__ for e in events if tours_words.sentence(e, None) is not None]
    assert said == ["ToursGoldTowerAssigned"]
    assert say(tours_words.sentence(events[1], None), "fr") == (
        f"Alice a gagné la partie précédente et reçoit la tour Arc-en-Ciel «{NBSP}Or{NBSP}»"
        f"{NBSP}: +1 à la force de chacun de ses Dragons dans chaque combat."
    )
    landing = ev.ToursDefenseChanged(tower="coral_tourmaline", delta=1, defense=1, cause="landing")
    assert tours_words.sentence(landing, None) is None
    chance = replace(landing, delta=-3, defense=0, cause="chance")
    assert say(tours_words.sentence(chance, None), "en") == (
        "The Coral–Tourmaline tower loses 3 pearls (defence 0)."
    )


# --- Labels, steps and targets ------------------------------------------------------


def test_labels_name_the_card_the_dragon_and_the_tower() -> None:
    state = in_play_phase(hand={"carnelian": 1})
    view = RS.view(state, "fire")
    command = cm.ToursLandDragon(
        island="carnelian", tower="carnelian_pearl", dragon="fire_10_blower_2"
    )
    assert say(tours_words.label(command, view), "fr") == (
        f"Jouer la carte «{NBSP}Donjon de Cornaline{NBSP}» et poser le Souffleur 10 n°{NBSP}2"
        " sur la tour Cornaline–Perle"
    )
    assert say(tours_words.label(command, view), "en") == (
        'Play the "Carnelian Keep" card and land the Blower 10 no. 2 on the Carnelian–Pearl tower'
    )
    take = cm.ToursTakeCard(source="face_up", slot=1)
    card = say(tours_words.island_name(state.face_up[1] or ""), "fr")
    assert say(tours_words.label(take, view), "fr") == (
        f"Prendre la carte retournée «{NBSP}{card}{NBSP}»"
    )


def test_one_decision_of_many_landings_is_asked_one_question_at_a_time() -> None:
    """The action, then the Dragon, then the card (its island), then the tower: a tree whose
    leaves are the listed commands, each once."""
    state = in_play_phase(hand={"coral": 1, "topaz": 1})
    view = RS.view(state, "fire")
    commands = RS.legal_commands(state, "fire")
    tree = build_steps([tours_words.path(c, view) for c in commands])
    assert sorted(leaves(tree)) == list(range(len(commands)))
    assert [n.key for n in tree] == [
        "tours_arc_en_ciel.land_dragon",
        "tours_arc_en_ciel.discard_card",
    ]
    land = tree[0]
    assert [n.key for n in land.children] == list(state.reserve[0])  # the 18 Dragons
    dragon = land.children[0]
    assert dragon.targets == ("fire_10_blower_1",)
    assert [(n.key, n.targets) for n in dragon.children] == [
        ("coral", ("hand_coral", "coral")),
        ("topaz", ("hand_topaz", "topaz")),
    ]
    coral = dragon.children[0]
    assert [n.key for n in coral.children] == list(TOWERS_OF["coral"])
    rendered = WORDS.steps(commands, view, "fr", NAMES)
    assert rendered[0].label == "Poser un Dragon"
    assert rendered[0].children[0].label == f"le Souffleur 10 n°{NBSP}1"
    assert rendered[0].children[0].children[0].label == (
        f"avec la carte «{NBSP}Forêt de Corail{NBSP}»"
    )
    leaf = rendered[0].children[0].children[0].children[0]
    assert leaf.label == "sur la tour Saphir–Corail" and leaf.children == ()
    assert commands[leaf.command or 0] == cm.ToursLandDragon(
        island="coral", tower="sapphire_coral", dragon="fire_10_blower_1"
    )


def _targets_in_picture(state: Any, seat: str, command: Any) -> tuple[str, ...]:
    view = RS.view(state, seat)
    targets = tours_words.targets(command, view)
    drawn = element_ids(picture(RS, state, seat, lang="en", seat_names=NAMES))
    assert set(targets) <= drawn, f"{command}: {set(targets) - drawn} not drawn"
    return targets


def test_every_command_type_targets_what_the_picture_draws() -> None:
    state = new_state()
    assert _targets_in_picture(state, "fire", cm.ToursTakeCard(source="pile")) == ("pile",)
    assert _targets_in_picture(state, "fire", cm.ToursTakeCard(source="face_up", slot=2)) == (
        "face_up_2",
    )
    playing = in_play_phase(ICE_HELD, hand={"tourmaline": 2})
    land = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_20_mason_3"
    )
    assert _targets_in_picture(playing, "fire", land) == (
        "fire_20_mason_3", "hand_tourmaline", "tourmaline", "coral_tourmaline",
    )  # fmt: skip
    discard = cm.ToursDiscardCard(island="tourmaline")
    assert _targets_in_picture(playing, "fire", discard) == ("hand_tourmaline", "game_discard")
    atomize = cm.ToursAtomize(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_10_mason_1"
    )
    assert _targets_in_picture(playing, "fire", atomize) == (
        "hand_tourmaline", "tourmaline", "coral_tourmaline", "fire_10_mason_1",
    )  # fmt: skip
    empty = eliminate(playing, *list(playing.reserve[0]))
    instead = cm.ToursChanceInsteadOfLanding(island="tourmaline")
    assert _targets_in_picture(empty, "fire", instead) == ("hand_tourmaline", "chance_deck")
    alone = cm.ToursAtomize(island="tourmaline", tower="coral_tourmaline")
    assert _targets_in_picture(empty, "fire", alone) == (
        "hand_tourmaline", "tourmaline", "coral_tourmaline",
    )  # fmt: skip
    variants = in_play_phase(new_state(start_pair_invulnerability=True, enemy_start_pair_share=True),
                             hand={"coral": 2, "ivory": 2})  # fmt: skip
    invoke = cm.ToursInvokeInvulnerability(
        island="coral", tower="sapphire_coral", dragon="fire_15_mason_1"
    )
    assert _targets_in_picture(variants, "fire", invoke) == (
        "hand_coral", "coral", "sapphire_coral", "fire_15_mason_1",
    )  # fmt: skip
    share = cm.ToursShareIsland(island="ivory", target_island="ivory")
    assert _targets_in_picture(variants, "fire", share) == ("hand_ivory", "ivory")
    third = at_third(put(put(new_state(), "coral_tourmaline", "fire_10_mason_1"),
                         "sapphire_coral", "fire_10_mason_2"), "fire")  # fmt: skip
    assert _targets_in_picture(third, "fire", cm.ToursDrawChance()) == ("chance_deck",)
    move = cm.ToursMoveDragon(
        from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
    )
    assert _targets_in_picture(third, "fire", move) == (
        "coral_tourmaline", "tourmaline", "ruby_tourmaline",
    )  # fmt: skip
    swap = cm.ToursSwapDragons(tower_a="sapphire_coral", tower_b="coral_tourmaline")
    assert _targets_in_picture(third, "fire", swap) == ("sapphire_coral", "coral_tourmaline")
    assert tours_words.targets(cm.ToursSkipThirdAction(), RS.view(third, "fire")) == ()
    # Chance answers: a tower, a Dragon then a tower, an eliminated Dragon, an island; or none.
    answers = [
        cm.ToursResolveChance(tower="coral_tourmaline"),
        cm.ToursResolveChance(dragon="fire_20_blower_1", tower="diamond_jade"),
        cm.ToursResolveChance(island="jade"),
    ]
    for answer in answers:
        assert set(_targets_in_picture(third, "fire", answer)) == {
            x for x in (answer.tower, answer.dragon, answer.island) if x
        }
    resurrect = cm.ToursResolveChance(dragon="fire_15_blower_3")
    assert _targets_in_picture(eliminate(third, "fire_15_blower_3"), "fire", resurrect) == (
        "fire_15_blower_3",
    )
    assert tours_words.targets(cm.ToursResolveChance(decline=True), RS.view(third, "fire")) == ()


# --- Refusals ---------------------------------------------------------------------


def refusal(state: Any, seat: str, violation: RuleViolation, lang: str) -> str:
    return say(tours_words.refusal(violation, RS.view(state, seat)), lang)


def test_refusals_say_why_to_the_caller_in_the_seed_s_words() -> None:
    state = in_play_phase()
    violation = rejected(state, "ice", cm.ToursDiscardCard(island="coral"), "not_your_turn")
    assert refusal(state, "ice", violation, "fr") == f"Ce n'est pas votre tour{NBSP}: Alice joue."
    assert refusal(state, "ice", violation, "en") == "It is not your turn: Alice is playing."
    violation = rejected(state, "fire", cm.ToursDiscardCard(island="jade"), "card_not_in_hand")
    assert refusal(state, "fire", violation, "fr") == (
        f"Vous n'avez pas de carte «{NBSP}Mer de Jade{NBSP}» en main."
    )
    land = cm.ToursLandDragon(island="coral", tower="diamond_ruby", dragon="fire_10_mason_1")
    violation = rejected(state, "fire", land, "tower_not_adjacent")
    assert refusal(state, "fire", violation, "fr") == (
        "La tour Diamant–Rubis ne garde aucun pont qui touche la Forêt de Corail."
    )
    third = at_third(
        put(put(put(new_state(), "coral_tourmaline", "fire_10_mason_1"), "ruby_tourmaline",
                "ice_10_mason_1"), "sapphire_tourmaline", "ice_10_mason_2"), "fire",
    )  # fmt: skip
    move = cm.ToursMoveDragon(
        from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
    )
    violation = rejected(third, "fire", move, "island_not_passable")
    assert refusal(third, "fire", violation, "en") == (
        "You cannot cross the Tourmaline Pillar: it belongs to the enemy."
    )
    # An unknown id is never echoed; a hand-built violation without details gets the plain form.
    violation = rejected(state, "fire", cm.ToursLandDragon(island="coral", tower="ruby_coral",
                                                           dragon="fire_10_mason_1"), "unknown_tower")  # fmt: skip
    assert "ruby" not in refusal(state, "fire", violation, "fr").lower()
    plain = tours_words.refusal(RuleViolation("tower_not_adjacent", "", {}), None)
    assert say(plain, "fr") == "Cette tour ne touche pas cette île."


# --- The picture --------------------------------------------------------------------

RAW = re.compile(r"\b(fire|ice|water|air|light|moon|shadow|bronze)\b|_|\b\d+[BM]\d\b")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_picture_speaks_the_language_and_shows_no_ids(lang: str) -> None:
    path = golden_files("tours_arc_en_ciel")[0]
    log = golden_log("tours_arc_en_ciel", path)
    seats = golden_seats("tours_arc_en_ciel", path)
    names = dict(zip(seats, ["Alice", None], strict=True))
    for version, state in states_at("tours_arc_en_ciel", log, [10, 300, len(log)]).items():
        for seat in (None, *seats):
            svg = picture(RS, state, seat, version=version, lang=lang, seat_names=names)
            root = ET.fromstring(svg.encode())
            shown = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text"))
            assert not RAW.search(shown), RAW.search(shown)
            assert ("Cartes retournées" in shown) == (lang == "fr")
            assert ("Face-up cards" in shown) == (lang == "en")
            assert ("Forêt de" in shown) == (lang == "fr"), "island names whole, in the language"
            assert "…" not in shown, "no name is cut"
            # The score says island points, not a count of islands (the old "22 islands"),
            # each island scored, the cards and the pearls.
            assert re.search(
                r"score -?\d+ = (îles|islands) -?\d+ \((aucune|none|[^()]+ \d+)\) \+ "
                r"(cartes|cards) -?\d+ · \d+ (perles?|pearls?)",
                shown,
            ), shown


def test_every_house_colour_has_a_symbol_beside_it() -> None:
    """Towers, owner marks, fixed bridges and panels show the House's symbol, not only its
    colour (8 Houses: water and fire, air and moon, bronze and light look alike to many)."""
    path = next(p for p in golden_files("tours_arc_en_ciel") if p.stem == "eight_players")
    log = golden_log("tours_arc_en_ciel", path)
    state = states_at("tours_arc_en_ciel", log, [len(log) // 2])[len(log) // 2]
    svg = picture(RS, state, None, lang="en")
    symbols = {h: WORDS.text(Msg(tours_words.HOUSE_SYMBOL[h]), "en") for h in state.houses}
    assert len(set(symbols.values())) == 8
    view = RS.view(state, None)
    for tower in view.towers:
        element = re.search(rf'<g id="{tower.tower}"[^>]*>(.*?)</g>', svg)
        assert element is not None
        if tower.house is not None:
            assert symbols[tower.house] in element.group(1), tower
    for house, symbol in symbols.items():
        for bridge in re.findall(
            rf'<g id="[a-z_]+" class="bridge" data-house="{house}">(.*?)</g>', svg
        ):
            assert symbol in bridge
        owners = re.findall(rf'data-owner="{house}"/><text[^>]*>([^<]*)</text>', svg)
        assert all(o == symbol for o in owners)
        panel = re.search(rf'<g id="{house}" class="seat">(.*?)</g>', svg, re.S)
        assert panel is not None and symbol in panel.group(1)


def test_the_last_move_is_marked_where_it_happened() -> None:
    state = in_play_phase(hand={"coral": 1, "jade": 1})
    before = RS.view(state, "fire")
    command = cm.ToursLandDragon(
        island="coral", tower="coral_tourmaline", dragon="fire_10_blower_1"
    )
    after_state, events = play(state, "fire", command)
    after = RS.view(after_state, "fire")
    changed = tours_words.changed(events, before, after)
    assert changed == ("fire", "game_discard", "coral_tourmaline")
    svg = picture(RS, after_state, "fire", changed=changed)
    for element_id in changed:
        assert re.search(rf'id="{element_id}" class="[^"]*last-move', svg), element_id
    # The card left the hand: hand_coral is no longer drawn, so it is not among the ids.
    assert "hand_coral" not in element_ids(svg) and "hand_jade" in element_ids(svg)


def test_a_share_and_a_pending_decision_are_said_in_the_picture_and_the_history() -> None:
    """Variant 12.5 (T33): fire shares the Diamond that ice owns; then a chance card waits for
    ice's answer. Both read in words, in the history and under the map."""
    state = new_state(enemy_start_pair_share=True)
    for n, tower in enumerate(
        ["diamond_sapphire", "diamond_emerald", "diamond_onyx", "diamond_opal"]
    ):
        state = put(state, tower, f"ice_10_mason_{n + 1}" if n < 3 else "ice_15_mason_1")
    state = at_phase(set_hand(state, "fire", {"ivory": 2}), "fire", "play")
    share = cm.ToursShareIsland(island="ivory", target_island="diamond")
    assert say(tours_words.label(share, RS.view(state, "fire")), "fr") == (
        f"Jouer les deux cartes «{NBSP}Temple d'Ivoire{NBSP}» et partager le Grand Trésor de"
        " Diamant avec Maison de Glace"
    )
    state, events = play(state, "fire", share)
    assert sentences(events, None, "en")[1] == (
        "Alice shares the Great Diamond Treasure with House of Ice: each will score half its"
        " points."
    )
    state = replace(
        state, phase="third", chance_deck=["enemy_dragon_arrives_any", *state.chance_deck]
    )
    state, events = play(state, "fire", cm.ToursDrawChance())
    assert sentences(events, "ice", "fr")[-1] == (
        f"Maison de Glace doit choisir la cible de la carte «{NBSP}Arrivée d'un Dragon ennemi"
        f"{NBSP}» tirée par Alice."
    )
    svg = picture(RS, state, "ice", lang="fr", seat_names=NAMES)
    shown = " ".join(ET.fromstring(svg.encode()).itertext())
    assert f"Partage{NBSP}: Alice partage le Grand Trésor de Diamant avec Maison de Glace." in shown
    assert (
        f"Carte de chance «{NBSP}Arrivée d'un Dragon ennemi{NBSP}» tirée par Alice{NBSP}: Maison"
        " de Glace choisit une cible." in shown
    )
