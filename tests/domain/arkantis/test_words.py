"""ArkantiS words: sentences, labels, targets, refusals and the picture's text, in both languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from domain import RULESETS, Rng, RuleViolation, new_game
from domain.arkantis import words as arkantis_words
from domain.arkantis.commands import ArkantisBuyCard, ArkantisRemoveTwoTokens
from domain.arkantis.events import ArkantisCardBought, ArkantisTokensRemoved
from domain.arkantis.picture import name_lines
from domain.pictures import render as picture
from domain.words import GameWords, words_for
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CHECKED: GameWords = arkantis_words
"""mypy checks the module against the kernel's protocol."""
RS = RULESETS["arkantis"]
WORDS = words_for("arkantis")
NAMES = {"seat_0": "Alice", "seat_1": "Bob"}


def say(message: object, lang: str) -> str:
    assert message is not None
    return WORDS.text(message, lang, NAMES)  # type: ignore[arg-type]


def test_a_removal_in_words_and_as_a_label() -> None:
    event = ArkantisTokensRemoved(turn=3, seat="seat_0", cells=("r1c4", "r2c6"), cost=2)
    sentence = arkantis_words.sentence(event, "seat_1")
    assert say(sentence, "fr") == (
        "Alice retire deux jetons, en ligne 1, colonne 4 et ligne 2, colonne 6, pour 2 sesterces."
    )
    assert say(sentence, "en") == (
        "Alice removes two tokens, at row 1, column 4 and row 2, column 6, for 2 sesterces."
    )
    state, _ = new_game(RS, seed="words")
    label = arkantis_words.label(
        ArkantisRemoveTwoTokens(cells=("r1c4", "r2c6")), RS.view(state, None)
    )
    assert say(label, "fr") == (
        "Retirer les jetons en ligne 1, colonne 4 et ligne 2, colonne 6 (2 sesterces)"
    )


def test_a_hidden_purchase_names_the_card_to_the_buyer_only() -> None:
    event = ArkantisCardBought(
        turn=2, seat="seat_1", colour="orange", source="hidden", card_id="key_2", price=2
    )
    own = arkantis_words.sentence(RS.redact(event, "seat_1"), "seat_1")
    other = arkantis_words.sentence(RS.redact(event, "seat_0"), "seat_0")
    spectator = arkantis_words.sentence(RS.redact(event, None), None)
    assert (
        say(own, "fr")
        == "Bob achète la carte du dessus du tas orange caché (Clé) pour 2 sesterces."
    )
    assert (
        say(other, "fr")
        == say(spectator, "fr")
        == ("Bob achète la carte du dessus du tas orange caché pour 2 sesterces.")
    )
    assert "key" not in repr(other) and "Key" not in say(other, "en")


def test_bookkeeping_events_have_no_sentence() -> None:
    _, log = new_game(RS, seed="words")
    said = [type(e).__name__ for e in log if arkantis_words.sentence(e, None) is not None]
    assert said == [
        "ArkantisCardTurnedFaceUp",
        "ArkantisCardTurnedFaceUp",
        "ArkantisFirstPlayerDrawn",
    ]


def test_buying_targets_the_pile_half_it_names() -> None:
    state, _ = new_game(RS, seed="words")
    view = RS.view(state, "seat_0")
    assert arkantis_words.targets(ArkantisBuyCard(colour="orange", source="hidden"), view) == (
        "orange_hidden",
    )
    visible = view.emerald.visible
    command = ArkantisBuyCard(colour="emerald", source="visible", expected_card_id=visible)
    assert arkantis_words.targets(command, view) == (visible,)


def refused(state: object, seat: str, command: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        RS.decide(state, seat, command, Rng("words", 0))
    return caught.value


def test_refusals_say_why_to_the_caller() -> None:
    state, _ = new_game(RS, seed="words")
    active = RS.to_act(state)[0]
    other = "seat_1" if active == "seat_0" else "seat_0"
    pairs = [c for c in RS.legal_commands(state, active) if isinstance(c, ArkantisRemoveTwoTokens)]
    violation = refused(state, other, pairs[0])
    assert violation.code == "not_your_turn"
    text = say(arkantis_words.refusal(violation, RS.view(state, other)), "fr")
    assert text == f"Ce n'est pas votre tour\u00a0: {NAMES[active]} joue."
    # Three cards cost more than the three starting sesterces: the fourth purchase is short.
    for _ in range(2):
        buy = ArkantisBuyCard(colour="emerald", source="hidden")
        events = RS.decide(state, other, buy, Rng("words", 1))
        for event in events:
            state = RS.evolve(state, event)
    violation = refused(state, other, ArkantisBuyCard(colour="orange", source="hidden"))
    assert violation.code == "insufficient_sesterces"
    message = arkantis_words.refusal(violation, RS.view(state, other))
    assert say(message, "fr") == "Il vous manque 1 sesterce\u00a0: cela coûte 2 sesterces."
    assert say(message, "en") == "You are 1 sesterce short: this costs 2."


def test_long_card_names_are_never_cut() -> None:
    assert name_lines("Pavé d'ArkantiS") == ["Pavé", "d'ArkantiS"]
    assert name_lines("Tour d'ArkantiS") == ["Tour", "d'ArkantiS"]
    assert name_lines("ArkantiS paving stone") == ["ArkantiS", "paving stone"]
    assert name_lines("Baïonnette") == ["Baïonnette"]


RAW = re.compile(r"seat_\d|\br\dc\d\b|\b[a-z]+_\d\b|\bs\d\b|[a-z]_[a-z]")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_picture_shows_no_ids_and_speaks_the_language(lang: str) -> None:
    path = golden_files("arkantis")[0]
    log = golden_log("arkantis", path)
    seats = golden_seats("arkantis", path)
    for version, state in states_at("arkantis", log, [10, 40, len(log)]).items():
        for seat in (None, *seats):
            svg = picture(RS, state, seat, version=version, lang=lang)
            root = ET.fromstring(svg.encode())
            shown = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text"))
            assert not RAW.search(shown), RAW.search(shown)
            assert ("tas orange" in shown) == (lang == "fr")
            assert ("orange pile" in shown) == (lang == "en")
