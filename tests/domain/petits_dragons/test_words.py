"""Les petits Dragons words: sentences, labels, steps, targets, refusals and the picture's
text, in French and English, on the spec's scenarios (§14)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from domain import Rng, SetupContext
from domain.petits_dragons import words as dragons_words
from domain.petits_dragons.commands import (
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.components import CELL_COLOUR, CELLS
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.picture import MARK, wrap
from domain.petits_dragons.state import PetitsDragonsState
from domain.pictures import render as picture
from domain.words import GameWords, Msg, StepNode, build_steps, leaves, words_for
from tests.domain.petits_dragons.helpers import (
    assign,
    dice,
    give,
    move,
    new,
    place,
    play,
    put,
    rejected,
    roll,
    rs,
    stack,
    start_turn,
    t14_state,
)
from tests.domain.petits_dragons.test_combat import _t21_state
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CHECKED: GameWords = dragons_words
"""mypy checks the module against the kernel's protocol."""
WORDS = words_for("petits_dragons")
NAMES = {"seat_0": "Alice", "seat_1": "Bob", "seat_2": "Chloé"}
NBSP = "\u00a0"


def say(message: Msg | None, lang: str) -> str:
    assert message is not None
    return WORDS.text(message, lang, NAMES)


def said(events: list[Any], lang: str) -> list[str]:
    """The sentences of a move's events, bookkeeping left out."""
    messages = [dragons_words.sentence(e, None) for e in events]
    return [say(m, lang) for m in messages if m is not None]


def fr(text: str) -> str:
    """French typography: a non-breaking space before a colon."""
    return text.replace(" :", f"{NBSP}:")


# --- Sentences ------------------------------------------------------------------------


def test_an_arrival_reads_as_a_roll_a_walk_and_a_penalty() -> None:
    """T14: black's pawn walks five cells onto the centre."""
    state = start_turn(place(new(), "black_pawn_2", "yellow_h4"), "black")
    state, rolled = roll(state, 5, 1)
    state, moved = t14_state()
    assert said(rolled, "fr") == [fr("Le Noir lance les dés : rouge 5, bleu 1.")]
    assert said(moved, "fr") == [
        "Le Noir déplace son pion 2 de la case brune de la branche jaune à la case centrale"
        " (5 cases).",
        "Le Noir rentre son pion 2 sur la case centrale.",
        fr("Pénalité 1 pour le Noir : 100 à distribuer (arrivée d'un pion)."),
    ]
    assert said(moved, "en") == [
        "Black moves its pawn 2 from the brown cell of the yellow branch to the centre (5 cells).",
        "Black brings its pawn 2 home to the centre.",
        "Penalty 1 for Black: 100 to hand out (a pawn's arrival).",
    ]
    # T15: the answer, then the next turn names its player; the turn's end is bookkeeping.
    _, answered = play(state, "seat_1", assign("pen_1", give(100, "white")))
    assert said(answered, "fr") == [
        fr("Pénalité 1 : un œuf 100 pour le Blanc."),
        fr("Tour 3 (manche 1) : Chloé joue le Rouge."),
    ]
    # T17: souffler n'est pas jouer.
    _, closed = play(state, "seat_1", PetitsDragonsEndTurn())
    assert said(closed, "en")[:2] == [
        "Souffler n'est pas jouer: penalty 1, forgotten, puts a 100 egg into Black's nest.",
        "Black ends its turn without handing out all its penalties.",
    ]


def test_a_combat_gives_both_sides_dice_and_bonus_and_the_tie_to_the_defender() -> None:
    """T21: 7 against 7, the defender on its own colour keeps the cell."""
    _, events = _t21_state()
    assert said(events, "fr")[1:] == [
        fr(
            "Combat sur la base de la branche noire : le pion 6 du Blanc (7 : dés 4 et 3)"
            " contre le pion 3 du Noir (7 : dés 2 et 2, bonus 3)\u202f; égalité, le défenseur"
            " l'emporte : le Noir."
        ),
        "Retour au nid pour le pion 6 du Blanc.",
        fr(
            "Pénalité 1 pour le Noir : 50 à donner au Blanc vaincu (victoire en combat)"
            "\u202f; le jeu attend sa réponse."
        ),
    ]
    assert said(events, "en")[1] == (
        "Combat on the base of the black branch: White's pawn 6 (7: dice 4 and 3) against"
        " Black's pawn 3 (7: dice 2 and 2, bonus 3); a tie, won by the defender: Black."
    )


def test_a_stack_kills_a_chief_and_eggs_replace_the_nest() -> None:
    """T22: three dice, the best two kept; the chief and its nest's pawns leave play."""
    state = place(new(), "black_chief", "arena")
    for n in range(1, 6):
        state = put(state, f"black_pawn_{n}", "home")
    state = stack(state, "white_pawn_7", "white_pawn_8", "yellow_h6")
    state, _ = roll(start_turn(state, "white"), 2, 4)
    cmd = move("white_pawn_7", "yellow_h7", "arena", die="red")
    _, events = play(state, "seat_0", cmd, dice(6, 5, 1, 6, 4))
    assert said(events, "fr")[:5] == [
        "Le Blanc déplace ses pions empilés 7 et 8 de la case blanche de la branche jaune"
        " à l'arène (2 cases, dé rouge).",
        fr(
            "Combat sur l'arène : les pions empilés 7 et 8 du Blanc (17 : dés 6, 5 et 1,"
            " gardés 6 et 5, bonus 6) contre le chef du Noir (16 : dés 6 et 4, bonus 6)"
            "\u202f; le Blanc l'emporte."
        ),
        "Le chef du Noir meurt sur l'arène et est écarté du jeu, avec les 4 pions encore au"
        " nid, remplacés par des œufs.",
        "Le nid du Noir reçoit un œuf 500 à la place de son chef.",
        "Le nid du Noir reçoit 4 œufs de 100 à la place de ses pions écartés.",
    ]
    assert said(events, "en")[4] == (
        "Black's nest receives 4 eggs of 100 in place of its pawns taken out of play."
    )


def test_setup_and_bookkeeping_have_no_sentence() -> None:
    """The game's creation and a turn ending by itself say nothing; a turn ending on the
    arena does (it makes an arena penalty next turn)."""
    created = rs.setup(PetitsDragonsOptions(), SetupContext(), Rng("words", 0))
    assert [type(e).__name__ for e in created if dragons_words.sentence(e, None)] == [
        "PetitsDragonsTurnStarted"
    ]
    state = start_turn(place(new(), "white_pawn_1", "black_h4"), "white")
    state, _ = roll(state, 4, 1)
    _, events = play(
        state, "seat_0", move("white_pawn_1", "black_h5", "black_h6", "black_h7", "arena")
    )
    assert said(events, "en")[:2] == [
        "White moves its pawn 1 from the green cell of the black branch to the arena (4 cells).",
        "White ends its turn holding the arena.",
    ]


# --- Labels, steps and targets ---------------------------------------------------------


def test_labels_name_the_dragon_the_destination_and_the_length() -> None:
    state = start_turn(put(new(), "white_pawn_1", "exit"), "white")
    state, _ = roll(state, 5, 2)
    view = rs.view(state, "seat_0")
    first = rs.legal_commands(state, "seat_0")[0]
    assert say(dragons_words.label(first, view), "fr") == (
        "Sortir le pion 1 du nid jusqu'à la case squelette de la branche blanche (5 cases)"
    )
    assert say(dragons_words.label(first, view), "en") == (
        "Bring pawn 1 out of the nest to the skeleton cell of the white branch (5 cells)"
    )
    # T20: a stack names its die; the pawn a command designates comes first.
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), "white")
    state, _ = roll(state, 3, 5)
    view = rs.view(state, "seat_0")
    cmd = move("white_pawn_8", "black_h1", "black_h2", "black_h3", die="red")
    assert say(dragons_words.label(cmd, view), "fr") == (
        "Avancer les pions empilés 8 et 7 jusqu'à la case squelette de la branche noire"
        " (3 cases, dé rouge)"
    )


def chief_on_a_double() -> PetitsDragonsState:
    """T24's position: green's chief on its base, a pawn on red's base, a double 4."""
    state = place(new([["green"], ["red"]]), "green_chief", "green_h0")
    state = place(state, "green_pawn_1", "red_h0")
    state = place(state, "red_pawn_2", "brown_h7")
    state, _ = roll(start_turn(state, "green"), 4, 4)
    return state


def keys(nodes: tuple[StepNode, ...]) -> list[str]:
    return [n.key for n in nodes]


def test_steps_ask_for_the_dragon_then_how_then_where_then_which_way() -> None:
    state = chief_on_a_double()
    view = rs.view(state, "seat_0")
    commands = rs.legal_commands(state, "seat_0")
    tree = build_steps([dragons_words.path(c, view) for c in commands])
    assert sorted(leaves(tree)) == list(range(len(commands)))
    assert keys(tree) == ["green_pawn_2", "green_chief", "green_pawn_1"]
    birth, chief, _ = tree
    assert birth.command is not None and birth.targets == ("green_pawn_2",)
    assert say(birth.label, "fr") == "Faire naître le pion 2 (double 4)"
    assert say(chief.label, "fr") == "Le chef sur la base de la branche verte"
    assert chief.targets == ("green_chief",)
    walk, teleport = chief.children
    assert (walk.key, teleport.key) == ("walk", "teleport")
    assert walk.targets == ("die_red", "die_blue")
    assert say(walk.label, "en") == "Move 4 cells"
    # Two walks reach black's base, one each way round the ring: a fourth question.
    black_base = next(n for n in walk.children if n.key == "black_h0")
    assert keys(black_base.children) == ["anticlockwise", "clockwise"]
    assert say(black_base.children[1].label, "fr") == "Dans le sens des aiguilles d'une montre"
    assert black_base.children[1].targets == ("brown_h0", "blue_h0", "white_h0", "black_h0")
    other = next(n for n in walk.children if n.key == "red_h2")
    assert other.command is not None and not other.children
    # A teleport onto an enemy says the combat it starts.
    onto = next(n for n in teleport.children if n.key == "brown_h7")
    assert say(onto.label, "fr") == (
        "Sur la case verte de la branche brune (combat contre le pion 2 du Rouge)"
    )
    assert len(teleport.children) == 7


def test_every_command_type_targets_what_the_picture_draws() -> None:
    state = chief_on_a_double()
    view = rs.view(state, "seat_0")
    drawn = set(re.findall(r' id="([^"]+)"', picture(rs, state, "seat_0")))
    targets: list[tuple[Any, tuple[str, ...]]] = [
        (PetitsDragonsRollDice(), ()),
        (PetitsDragonsEndTurn(), ()),
        (PetitsDragonsPassRoll(), ()),
        (PetitsDragonsGiveBirth(kind="pawn"), ("green_pawn_2",)),
        (PetitsDragonsGiveBirth(kind="chief"), ("green_chief",)),
        (
            move("green_chief", "skeleton_h0", "red_h0", "red_h1", "red_h2"),
            ("green_chief", "red_h2"),
        ),
        (PetitsDragonsTeleport(piece_id="green_chief", to="brown_h7"), ("green_chief", "brown_h7")),
    ]
    for command, expected in targets:
        assert dragons_words.targets(command, view) == expected
        assert set(expected) <= drawn
    # A stack's die is its picture element; a penalty's colour is that colour's panel.
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), "white")
    state, _ = roll(state, 3, 5)
    cmd = move("white_pawn_8", "black_h1", "black_h2", "black_h3", die="red")
    assert dragons_words.targets(cmd, rs.view(state, "seat_0")) == (
        "white_pawn_8",
        "die_red",
        "black_h3",
    )
    assert {"die_red", "die_blue"} <= set(re.findall(r' id="([^"]+)"', picture(rs, state, None)))
    state, _ = t14_state()
    answer = assign("pen_1", give(100, "red"))
    assert dragons_words.targets(answer, rs.view(state, "seat_1")) == ("pen_1", "panel_red")
    assert {"pen_1", "panel_red"} <= set(re.findall(r' id="([^"]+)"', picture(rs, state, None)))


def test_a_penalty_answer_is_asked_penalty_first_then_egg_by_egg() -> None:
    state, _ = t14_state()
    view = rs.view(state, "seat_1")
    commands = rs.legal_commands(state, "seat_1")
    tree = WORDS.steps(commands, view, "fr", NAMES)
    assert [n.label for n in tree] == [
        "Terminer le tour (la pénalité non distribuée se retourne contre vous)",
        fr("Pénalité 1 : 100 à distribuer (arrivée d'un pion)"),
    ]
    assert [(n.label, n.targets) for n in tree[1].children] == [
        ("Donner un œuf 100 au Blanc", ("panel_white",)),
        ("Donner un œuf 100 au Rouge", ("panel_red",)),
    ]


# --- Refusals -------------------------------------------------------------------------


def refusal(state: PetitsDragonsState, seat: str, command: Any, lang: str) -> str:
    violation = rejected(state, seat, command)
    return say(dragons_words.refusal(violation, rs.view(state, seat)), lang)


def test_refusals_say_why_with_the_facts_of_the_game() -> None:
    state = start_turn(put(new(), "white_pawn_1", "exit"), "white")
    state, _ = roll(state, 5, 2)
    assert refusal(state, "seat_1", PetitsDragonsRollDice(), "fr") == fr(
        "Ce n'est pas votre tour : Alice joue le Blanc."
    )
    short = move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5")
    assert refusal(state, "seat_0", short, "fr") == "Le chemin doit compter 5 cases."
    assert refusal(state, "seat_0", short, "en") == "The path must have 5 cells."
    # T9: red 4 over blue 1 sends a lone pawn clockwise.
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    state, _ = roll(state, 4, 1)
    against = move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0")
    assert refusal(state, "seat_0", against, "en") == (
        "Red 4, blue 1: on the outer ring a lone pawn goes clockwise."
    )
    # T21: the blocking penalty is black's, and it goes to the defeated white.
    state, _ = _t21_state()
    assert refusal(state, "seat_0", PetitsDragonsRollDice(), "fr") == (
        "Le jeu attend que le Noir distribue la pénalité 1."
    )
    assert refusal(state, "seat_0", assign("pen_1", give(50, "white")), "fr") == (
        "Cette pénalité est celle du Noir."
    )
    assert refusal(state, "seat_1", assign("pen_1", give(50, "red")), "en") == (
        "A combat's penalty goes to the defeated, White."
    )


# --- The picture ----------------------------------------------------------------------

RAW = re.compile(r"seat_\d|\b[a-z]+_h\d\b|\b[a-z]+_(chief|pawn_\d)\b|pen_\d|[a-z]_[a-z]")


def shown_text(svg: str) -> str:
    root = ET.fromstring(svg.encode())
    return " ".join(
        "".join(e.itertext()) for e in root.iter() if e.tag.endswith(("}text", "}title"))
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_picture_shows_no_ids_and_speaks_the_language(lang: str) -> None:
    for path in golden_files("petits_dragons"):
        log = golden_log("petits_dragons", path)
        seats = golden_seats("petits_dragons", path)
        for version, state in states_at(
            "petits_dragons", log, [40, len(log) // 2, len(log)]
        ).items():
            svg = picture(rs, state, seats[0], version=version, lang=lang)
            shown = shown_text(svg)
            assert not RAW.search(shown), RAW.search(shown)
            assert ("branche noire" in shown) == (lang == "fr")
            assert ("black branch" in shown) == (lang == "en")


def test_colours_that_carry_rules_also_carry_a_symbol() -> None:
    """Every coloured cell and every dragon shows its colour's symbol (deuteranopia merges
    green, red, brown and skeleton), and the eight symbols differ."""
    assert len(set(MARK.values())) == len(MARK)
    state = chief_on_a_double()
    root = ET.fromstring(picture(rs, state, "seat_0").encode())
    groups = {e.attrib["id"]: e for e in root.iter() if "id" in e.attrib}
    for cell in CELLS:
        colour = CELL_COLOUR[cell]
        texts = ["".join(t.itertext()) for t in groups[cell].iter() if t.tag.endswith("}text")]
        assert texts == ([MARK[colour]] if colour else []), cell
    for unit, people in (
        ("green_chief", "green"),
        ("green_pawn_1", "green"),
        ("red_pawn_2", "red"),
    ):
        texts = ["".join(t.itertext()) for t in groups[unit].iter() if t.tag.endswith("}text")]
        assert MARK[people] in texts, unit


def test_the_last_move_is_marked_on_the_board() -> None:
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    before, _ = roll(state, 4, 1)
    cmd = move("white_pawn_2", "white_h1", "white_h0", "black_h0", "yellow_h0")
    after, events = play(before, "seat_0", cmd)
    changed = dragons_words.changed(events, rs.view(before, None), rs.view(after, None))
    assert changed[:3] == ("white_pawn_2", "white_h2", "yellow_h0")
    svg = picture(rs, after, None, changed=changed)
    for element in changed:
        assert re.search(rf'id="{element}" class="[^"]*last-move', svg), element
    # A cell's outline follows the cell (an annular sector), not a rectangle around it.
    for cell in ("white_h2", "yellow_h0"):
        sector = rs.components.geometry.by_id()[cell].path
        assert f'<path class="last-move-outline" d="{sector}"' in svg


def test_long_texts_wrap_and_are_never_cut() -> None:
    text = "Pénalité 12 du Squelette : 50 à donner au Blanc vaincu (victoire en combat)"
    lines = wrap(text, 300, 13)
    assert " ".join(lines) == text and len(lines) > 1
