"""Éclats des Cités words: sentences, labels, steps, targets, refusals and the picture's
text, in both languages (the conformance checks are tests/domain/test_words.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from domain import RuleViolation
from domain.eclats_des_cites import words as eclats_words
from domain.eclats_des_cites.events import (
    EclatsBattleFought,
    EclatsCardTaken,
    EclatsStageBuilt,
)
from domain.eclats_des_cites.picture import name_lines
from domain.kernel import fold
from domain.pictures import render as picture
from domain.words import GameWords, Msg, build_steps, leaves, words_for
from tests.domain.eclats_des_cites.helpers import (
    RS,
    given,
    pick,
    play,
    rejected,
    seat,
    setup_events,
    take,
    upgrade,
    wonder,
)
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CHECKED: GameWords = eclats_words
"""mypy checks the module against the kernel's protocol."""
WORDS = words_for("eclats_des_cites")
NAMES = {"seat_0": "Alice", "seat_1": "Bob", "seat_2": "Zoé"}
NBSP = "\u00a0"
NNBSP = "\u202f"


def say(message: Msg | None, lang: str) -> str:
    assert message is not None
    return WORDS.text(message, lang, NAMES)


def test_a_take_from_a_border_pile_in_words() -> None:
    """The card is played at once: the take says so, and names the card now on top."""
    event = EclatsCardTaken(seat=1, pile_id="border_0", card_id="heraut", new_top="cristal")
    sentence = eclats_words.sentence(event, None)
    assert say(sentence, "fr") == (
        f"Bob prend et joue la carte Héraut de la pioche de frontière 1{NNBSP}; "
        "la carte Cristal est aussitôt révélée."
    )
    assert say(sentence, "en") == (
        "Bob takes and plays the Herald card from border pile 1; the Crystal card is revealed."
    )
    last = EclatsCardTaken(seat=0, pile_id="border_1", card_id="bois", new_top=None)
    assert say(eclats_words.sentence(last, None), "en") == (
        "Alice takes and plays the Wood card, the last of border pile 2."
    )


def test_a_stage_says_what_paid_it() -> None:
    """T12: the Multiplicateur doubles a joker; the payment is in the sentence."""
    state = given(
        2,
        wonders={0: "pyramide_des_aurores"},
        stages={0: 1},
        upgrades={0: ["multiplicateur"]},
        tableaux={0: {"bois": 1}},
        piles={"border_0": ["energie", ...]},
    )
    _, events = play(state, seat(0), take("border_0"))
    built = next(e for e in events if isinstance(e, EclatsStageBuilt))
    sentence = eclats_words.sentence(built, "seat_1")
    assert say(sentence, "fr") == (
        "Alice construit l'étape 2, Galerie, pour 5 Prestige, en défaussant Énergie, "
        "la carte Énergie comptant pour 2 (Multiplicateur ×2)."
    )
    assert say(sentence, "en") == (
        "Alice builds stage 2, the Gallery, for 5 Prestige, discarding Energy, "
        "the Energy counting as 2 (Multiplier ×2)."
    )


def test_the_exploration_peek_names_the_card_to_the_peeker_only() -> None:
    """T34: the event is public, the card is not."""
    state = given(
        3, seat_index=1, upgrades={2: ["exploration"]}, piles={"central": ["heraut", ...]}
    )
    _, events = play(state, seat(1), take("border_1"))
    peek = events[-2]
    own = eclats_words.sentence(RS.redact(peek, "seat_2"), "seat_2")
    assert say(own, "fr") == (
        f"Zoé regarde en secret la carte du dessus de la pioche centrale{NBSP}: Héraut "
        "(Exploration)."
    )
    for viewer in ("seat_0", "seat_1", None):
        other = eclats_words.sentence(RS.redact(peek, viewer), viewer)
        assert other is not None and "heraut" not in repr(other)
        assert say(other, "en") == (
            "Zoé looks in secret at the top card of the central pile (Exploration)."
        )


def test_a_battle_in_words() -> None:
    """T22's battle: strengths, who wins what, the signal cards discarded."""
    event = EclatsBattleFought(
        strengths=[3, 1, 1, 0],
        victories_gained=[2, 0, 1, 0],
        discarded={0: ["bastion"], 1: ["heraut"]},
    )
    sentence = eclats_words.sentence(event, None)
    assert say(sentence, "en") == (
        "Battle! Strength: Alice (3), Bob (1), Zoé (1), and Player 4 (0). Alice wins 2 victories "
        "and Zoé wins 1 victory. The 2 signal cards (Bastions and Heralds) in play are "
        "discarded; the markers return to peace."
    )
    assert say(sentence, "fr").startswith(
        f"Bataille{NNBSP}! Force{NBSP}: Alice (3), Bob (1), Zoé (1) et Joueur 4 (0). "
        "Alice gagne 2 victoires et Zoé gagne 1 victoire."
    )


def test_bookkeeping_events_have_no_sentence() -> None:
    """Setup, decisions asked, cards played, turns starting and ending: no sentence."""
    log = setup_events(3)
    state = fold(RS, log)
    said = [type(e).__name__ for e in log if eclats_words.sentence(e, None) is not None]
    assert said == []
    chooser = f"seat_{state.pending.seat}" if state.pending else ""
    _, events = play(state, chooser, wonder("colosse"))
    said = [type(e).__name__ for e in events if eclats_words.sentence(e, None) is not None]
    assert said == ["EclatsWonderChosen"]


def test_the_wonder_choice_is_one_question_with_its_answers() -> None:
    """The steps tree of the opening choice: "Choose a wonder", then the five wonders,
    each with its power and its Prestige; every answer targets the wonder drawn."""
    state = fold(RS, setup_events(2))
    chooser = f"seat_{state.pending.seat}" if state.pending else ""
    view = RS.view(state, chooser)
    commands = RS.legal_commands(state, chooser)
    tree = build_steps([eclats_words.path(c, view) for c in commands])
    assert sorted(leaves(tree)) == list(range(len(commands))) and len(tree) == 1
    (root,) = WORDS.steps(commands, view, "fr", NAMES)
    assert root.label == "Choisir une merveille" and root.targets == ()
    assert [child.key for child in root.children] == [
        "observatoire",
        "sanctuaire",
        "colosse",
        "pyramide_des_aurores",
        "palais",
    ]
    colosse = root.children[2]
    assert colosse.label == (
        f"Choisir la merveille Colosse (pouvoir aux étapes 2 et 4{NBSP}: Portée{NNBSP}; "
        "22 Prestige une fois achevée)"
    )
    assert colosse.targets == ("colosse",)
    (root_en,) = WORDS.steps(commands, view, "en", NAMES)
    assert root_en.children[3].label == (
        "Choose the Pyramid of Dawns (no power; 27 Prestige when complete)"
    )
    svg = picture(RS, state, chooser, lang="fr")
    assert all(f'id="{w}"' in svg for w in (c.key for c in root.children))


def test_taking_names_your_left_and_right_piles() -> None:
    """The seed's "votre pioche de gauche / de droite", from the taker's seat; the central
    pile's top is hidden, so its label names no card."""
    state = given(3, seat_index=1, piles={"border_1": ["cristal", ...], "border_0": ["roue", ...]})
    view = RS.view(state, "seat_1")
    labels = {
        eclats_words.targets(c, view)[0]: say(eclats_words.label(c, view), "fr")
        for c in RS.legal_commands(state, "seat_1")
    }
    assert labels == {
        "border_1": "Prendre la carte Cristal de votre pioche de gauche (pioche de frontière 2)",
        "border_0": "Prendre la carte Roue de votre pioche de droite (pioche de frontière 1)",
        "central": "Prendre la carte cachée du dessus de la pioche centrale",
    }
    (root,) = WORDS.steps(RS.legal_commands(state, "seat_1"), view, "en", NAMES)
    assert root.label == "Take a card"
    assert [(c.key, c.targets) for c in root.children] == [
        ("border_1", ("border_1",)),
        ("border_0", ("border_0",)),
        ("central", ("central",)),
    ]


def test_every_command_type_targets_its_element() -> None:
    # A revealed card (T18), then the upgrade choice of a science pair.
    state = given(3, piles={"border_0": ["boussole", ...], "central": ["bois", "heraut", ...]})
    state, _ = play(state, seat(0), take("border_0"))
    view = RS.view(state, "seat_0")
    assert eclats_words.targets(pick("heraut"), view) == ("heraut",)
    assert say(eclats_words.decision(view.pending), "en") == (  # type: ignore[arg-type]
        "Play one of the cards revealed by the Compass card"
    )
    state = given(2, tableaux={0: {"roue": 1}}, piles={"border_0": ["roue", ...]},
                  face_up=["technologie", "bonus", "commerce"])  # fmt: skip
    state, _ = play(state, seat(0), take("border_0"))
    view = RS.view(state, "seat_0")
    assert eclats_words.targets(upgrade("bonus"), view) == ("bonus",)
    assert eclats_words.targets(upgrade("hidden"), view) == ("hidden",)
    assert say(eclats_words.label(upgrade("bonus"), view), "fr") == (
        f"Prendre l'amélioration Bonus{NBSP}: après votre première construction de chaque "
        "tour, prenez et jouez une carte de plus"
    )
    svg = picture(RS, state, "seat_0")
    assert 'id="upgrade_slot_1"' in svg and 'id="bonus"' in svg and 'id="hidden"' in svg


def test_the_last_move_names_the_pile_the_board_and_the_stage() -> None:
    state = given(
        2, wonders={0: "palais"}, tableaux={0: {"bois": 1}}, piles={"border_1": ["pierre", ...]}
    )
    before = RS.view(state, "seat_1")
    after_state, events = play(state, seat(0), take("border_1"))
    after = RS.view(after_state, "seat_1")
    changed = eclats_words.changed([RS.redact(e, "seat_1") for e in events], before, after)
    assert changed == ("border_1", "seat_0", "seat_0_stage_1", "discard")
    svg = picture(RS, after_state, "seat_1", changed=changed)
    for element in changed:
        assert re.search(rf'id="{element}"[^>]*class="[^"]*last-move', svg), element


def refusal(violation: RuleViolation, state: Any, who: str, lang: str) -> str:
    return say(eclats_words.refusal(violation, RS.view(state, who)), lang)


def test_refusals_say_why_to_the_caller() -> None:
    state = given(3, seat_index=1)
    violation = rejected(state, seat(0), take("central"), "not_your_turn")
    assert refusal(violation, state, "seat_0", "fr") == f"Ce n'est pas votre tour{NBSP}: Bob joue."
    violation = rejected(state, seat(1), take("border_2"), "pile_not_allowed")
    assert refusal(violation, state, "seat_1", "en") == (
        "You may not take from border pile 3 now: take from your left pile, your right pile "
        "or the central pile."
    )
    violation = rejected(state, seat(1), pick("bois"), "wrong_command")
    assert refusal(violation, state, "seat_1", "fr") == (
        "La partie attend la prise d'une carte, pas le choix d'une carte révélée."
    )
    empty = given(2, piles={"central": []})
    violation = rejected(empty, seat(0), take("central"), "pile_empty")
    assert refusal(violation, empty, "seat_0", "en") == "There is no card left in the central pile."
    violation = rejected(state, seat(1), take("border_7"), "unknown_pile")
    assert refusal(violation, state, "seat_1", "en") == (
        "There is no such pile: the piles are the central pile and border piles 1 to 3."
    )
    assert "border_7" not in refusal(violation, state, "seat_1", "fr")


def test_a_taken_wonder_names_its_holder() -> None:
    state = fold(RS, setup_events(3))
    first = f"seat_{state.pending.seat}" if state.pending else ""
    state, _ = play(state, first, wonder("colosse"))
    second = f"seat_{state.pending.seat}" if state.pending else ""
    violation = rejected(state, second, wonder("colosse"), "wonder_taken")
    holder = NAMES[first]
    assert refusal(violation, state, second, "fr") == (
        f"La merveille Colosse est déjà prise par {holder}."
    )
    assert refusal(violation, state, second, "en") == f"{holder} already has the Colossus."


def test_long_names_are_never_cut() -> None:
    assert name_lines("Archives des échos", 11, 94) == ["Archives", "des échos"]
    assert name_lines("Pyramide des Aurores", 12, 136, bold=True) == ["Pyramide", "des Aurores"]
    assert name_lines("Héraut", 11, 94) == ["Héraut"]


RAW = re.compile(r"seat_\d|border_\d|_[a-z]|\b(?:bois|heraut|prisme|archives_)\b")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_picture_shows_no_ids_and_speaks_the_language(lang: str) -> None:
    path = next(p for p in golden_files("eclats_des_cites") if p.stem == "three_players")
    log = golden_log("eclats_des_cites", path)
    seats = golden_seats("eclats_des_cites", path)
    for version, state in states_at("eclats_des_cites", log, [2, 120, len(log)]).items():
        for viewer in (None, *seats):
            svg = picture(RS, state, viewer, version=version, lang=lang)
            root = ET.fromstring(svg.encode())
            shown = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text"))
            assert not RAW.search(shown), RAW.search(shown)
            assert ("Pioche centrale" in shown) == (lang == "fr")
            assert ("Central pile" in shown) == (lang == "en")
            assert ("Familles" in shown) == (lang == "fr")


def test_the_opening_choice_reads_as_a_choice() -> None:
    """The research's "(setup; green: what it offers)" is now a question and five answers
    with what each wonder gives, in the caller's language."""
    state = fold(RS, setup_events(2))
    chooser = f"seat_{state.pending.seat}" if state.pending else ""
    svg = picture(RS, state, chooser, seat_names=NAMES, lang="fr")
    text = "".join(ET.fromstring(svg.encode()).itertext())
    assert f"{NAMES[chooser]} · Choisir une merveille" in text
    assert "Pyramide des Aurores" in text and "Pas de pouvoir, mais plus de Prestige" in text
    assert "setup" not in text and "green" not in text


def test_pile_tops_carry_their_family_letter_and_the_discard_is_listed() -> None:
    state = given(2, piles={"border_0": ["archives_des_echos", ...], "border_1": ["heraut", ...]})
    state, _ = play(state, seat(0), take("border_1"))  # a Héraut, kept
    svg = picture(RS, state, "seat_0", lang="fr")
    pile = svg.split('id="border_0"', 1)[1].split("</g>", 1)[0]
    assert ">C</text>" in pile and ">Archives</text>" in pile and ">des échos</text>" in pile
    state = given(
        2, tableaux={0: {"bois": 1}}, wonders={0: "palais"}, piles={"border_0": ["pierre", ...]}
    )
    state, _ = play(state, seat(0), take("border_0"))
    text = "".join(ET.fromstring(picture(RS, state, "seat_1", lang="fr").encode()).itertext())
    assert f"Défausse (2 cartes){NBSP}: Bois, Pierre" in text
