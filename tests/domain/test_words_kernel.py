"""The words kernel (``domain/words.py``): rendering, wire forms, steps, languages."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from fluent.runtime import FluentResource

from domain import RULESETS
from domain.pictures import render as picture
from domain.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LOCALES,
    Many,
    Part,
    Player,
    Step,
    UnknownLanguage,
    Words,
    WordsError,
    build_steps,
    caption,
    leaves,
    msg,
    registry,
    seat_number,
    words_for,
)

ARKANTIS = words_for("arkantis")
NNBSP = "\u202f"


def test_languages_are_the_locale_directories() -> None:
    assert DEFAULT_LANGUAGE == "en"
    assert set(LANGUAGES) == {p.name for p in LOCALES.iterdir() if (p / "plateau.ftl").is_file()}
    assert {"en", "fr"} <= set(LANGUAGES)


def test_a_third_language_is_its_files_and_nothing_else(tmp_path: Path) -> None:
    """Copy the catalogues, add a language by adding its two files: it is spoken."""
    shared, game = tmp_path / "locales", tmp_path / "arkantis"
    shutil.copytree(LOCALES, shared)
    shutil.copytree(Path(ARKANTIS.module.__file__).parent / "locales", game)  # type: ignore[attr-defined]
    for root, name in ((shared, "plateau.ftl"), (game, "arkantis.ftl")):
        (root / "de").mkdir()
        text = (root / "en" / name).read_text(encoding="utf-8")
        (root / "de" / name).write_text(text.replace("Player {", "Spieler {"), encoding="utf-8")
    words = Words("arkantis", ARKANTIS.module, root=shared, game_root=game)
    assert words.languages == ("de", "en", "fr")
    assert words.text(seat_number(2), "de") == "Spieler 2"
    assert words.names("de")["cell"]["r1c4"] == "row 1, column 4"


def test_a_language_without_a_game_catalogue_fails_loudly(tmp_path: Path) -> None:
    shared = tmp_path / "locales"
    shutil.copytree(LOCALES, shared)
    (shared / "de").mkdir()
    shutil.copy(shared / "en" / "plateau.ftl", shared / "de" / "plateau.ftl")
    with pytest.raises(WordsError, match="no catalogue"):
        Words("arkantis", ARKANTIS.module, root=shared)


def test_numbers_plurals_and_lists_follow_the_language() -> None:
    one = msg("arkantis-sesterces-earned", player=Player("seat_0"), paid=1)
    many = msg("arkantis-sesterces-earned", player=Player("seat_0"), paid=1234)
    assert ARKANTIS.text(one, "en") == "Player 1 earns 1 sesterce."
    assert ARKANTIS.text(many, "en") == "Player 1 earns 1,234 sesterces."
    assert ARKANTIS.text(one, "fr") == "Joueur 1 gagne 1 sesterce."
    assert ARKANTIS.text(many, "fr") == f"Joueur 1 gagne 1{NNBSP}234 sesterces."
    cells = Many(tuple(Part("cell", c) for c in ("r1c4", "r2c6", "r3c1")))
    label = msg("arkantis-label-remove-two-tokens", cells=cells, cost=2)
    assert ARKANTIS.text(label, "en") == (
        "Remove the tokens at row 1, column 4, row 2, column 6, and row 3, column 1 (2 sesterces)"
    )
    assert ARKANTIS.text(label, "fr") == (
        "Retirer les jetons en ligne 1, colonne 4, ligne 2, colonne 6 et ligne 3, colonne 1"
        " (2 sesterces)"
    )


def test_players_are_named_or_get_their_seat_name() -> None:
    message = msg("arkantis-player-passed", player=Player("seat_1"))
    assert ARKANTIS.text(message, "fr", {"seat_1": "Bob"}) == (
        "Bob passe son tour et abandonne la partie."
    )
    assert ARKANTIS.text(message, "fr", {"seat_1": None}) == (
        "Joueur 2 passe son tour et abandonne la partie."
    )
    assert ARKANTIS.text(message, "en", {"seat_1": ""}).startswith("Player 2 passes")


def test_a_seat_named_by_its_index_is_the_seat_in_that_place_of_the_players() -> None:
    """Games whose events name seats by index (Tours) pass the game's seats in seat order:
    the index picks the seat, the wire form names its id, and two games whose seats come
    in different orders never share a rendering."""
    message = msg("arkantis-player-passed", player=Player(1))
    ordered = {"seat_0": "Alice", "seat_1": None}
    rendered = ARKANTIS.render(message, "en", ordered)
    assert rendered.text.startswith("Player 2 passes")
    assert rendered.message.args["player"].seat == "seat_1"
    swapped = {"seat_1": None, "seat_0": "Alice"}
    assert ARKANTIS.text(message, "en", swapped).startswith("Alice passes")
    with pytest.raises(WordsError, match="seats in order"):
        ARKANTIS.render(message, "en", {"seat_0": "Alice"})


def test_the_wire_form_carries_ids_texts_and_renders_back() -> None:
    message = msg(
        "arkantis-tokens-removed-two",
        player=Player("seat_0"),
        cells=Many((Part("cell", "r1c4"), Part("cell", "r2c6"))),
        cost=2,
    )
    rendered = ARKANTIS.render(message, "fr", {"seat_0": "Alice"})
    assert rendered.text == (
        "Alice retire deux jetons, en ligne 1, colonne 4 et ligne 2, colonne 6, pour 2 sesterces."
    )
    wire = rendered.message
    assert wire.id == "arkantis-tokens-removed-two"
    assert wire.args["player"].kind == "player" and wire.args["player"].seat == "seat_0"
    assert wire.args["player"].text == "Alice"
    cells = wire.args["cells"]
    assert cells.kind == "list" and cells.text == "ligne 1, colonne 4 et ligne 2, colonne 6"
    assert [(i.kind, i.id, i.text) for i in cells.items or ()] == [
        ("cell", "r1c4", "ligne 1, colonne 4"),
        ("cell", "r2c6", "ligne 2, colonne 6"),
    ]
    assert wire.args["cost"].kind == "number" and wire.args["cost"].value == 2
    assert ARKANTIS.render_wire(wire, "fr") == rendered.text
    nested = ARKANTIS.render(
        msg(
            "arkantis-shapes-created",
            player=Player("seat_0"),
            count=1,
            shapes=Many(
                (
                    msg(
                        "arkantis-shape-found-red",
                        size=3,
                        shape=Part("shape", "s1", seat_number(1)),
                    ),
                )
            ),
        ),
        "en",
    )
    item = (nested.message.args["shapes"].items or ())[0]
    assert item.kind == "message" and item.id == "arkantis-shape-found-red"
    assert ARKANTIS.render_wire(nested.message, "en") == nested.text


def test_unknown_languages_components_and_messages_are_errors() -> None:
    with pytest.raises(UnknownLanguage):
        ARKANTIS.text(seat_number(1), "xx")
    with pytest.raises(WordsError, match="no name"):
        ARKANTIS.text(msg("arkantis-label-remove-token", cell=Part("cell", "r9c9")), "en")
    with pytest.raises(WordsError, match="no message"):
        ARKANTIS.text(msg("arkantis-no-such-message"), "en")
    with pytest.raises(WordsError):
        ARKANTIS.text(msg("arkantis-label-remove-token"), "en")  # its $cell is missing


def test_names_are_served_per_kind_and_language() -> None:
    fr = ARKANTIS.names("fr")
    assert fr["card"]["paving_2"] == "Pavé d'ArkantiS"
    assert fr["pile"]["emerald_hidden"] == "tas émeraude caché"
    assert fr["decided-by"]["laid_value"] == "valeur des cartes abattues"
    assert fr["seat"]["seat_3"] == "Joueur 4"
    assert ARKANTIS.names("en")["cell"]["r7c1"] == "row 7, column 1"


def step(key: str, *targets: str) -> Step:
    return Step(key, seat_number(1), targets)


def test_steps_share_prefixes_and_hold_each_command_once() -> None:
    tree = build_steps(
        [
            (step("remove"), step("r1c1", "r1c1")),
            (step("remove"), step("r1c2", "r1c2")),
            (step("two"), step("r1c1", "r1c1"), step("r1c2", "r1c2")),
            (step("pass"),),
        ]
    )
    assert [n.key for n in tree] == ["remove", "two", "pass"]
    assert [c.key for c in tree[0].children] == ["r1c1", "r1c2"]
    assert tree[2].command == 3 and tree[0].command is None
    assert sorted(leaves(tree)) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    "paths",
    [
        [(step("a"),), (step("a"),)],  # the same path twice
        [(step("a"),), (step("a"), step("b"))],  # a command's path is a prefix of another's
        [(step("a"), step("b")), (step("a"),)],
        [(step("a", "x"), step("b")), (step("a", "y"), step("c"))],  # one key, two targets
        [()],
    ],
)
def test_steps_refuse_ambiguous_paths(paths: list[tuple[Step, ...]]) -> None:
    with pytest.raises(WordsError):
        build_steps(paths)


def test_captions_in_every_language() -> None:
    def who(seat: str) -> str:
        return {"a": "Alice", "b": "Bob"}[seat]

    args = {"version": 1234, "viewer": None, "to_act": ("a", "b"), "winners": None}
    assert caption("ArkantiS", "en", who, **args) == (  # type: ignore[arg-type]
        "ArkantiS · version 1234 · to act: Alice and Bob · seen by a spectator"
    )
    assert caption("ArkantiS", "fr", who, version=3, viewer="b", to_act=(), winners=()) == (
        "ArkantiS · version 3 · partie terminée, gagnée par personne · vu par Bob"
    )


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_game_marks_the_last_move_in_its_picture(name: str) -> None:
    """``domain.svg`` marks the changed ids of any game: class and an outline."""
    from domain import new_game

    rs = RULESETS[name]
    state, _ = new_game(rs, seed="last-move")
    plain = picture(rs, state, None)
    ids = [i.split('"')[0] for i in plain.split(' id="')[1:]]
    target = next(i for i in ids if i != "caption")
    marked = picture(rs, state, None, changed=(target,))
    assert "last-move" not in plain
    assert re.search(rf'<[a-z]+ [^>]*id="{re.escape(target)}"[^>]*class="[^"]*last-move', marked)
    assert 'class="last-move-outline"' in marked
    assert picture(rs, state, None, lang="fr") != plain or name != "arkantis"


def test_a_rendering_is_shared_only_by_games_that_give_its_players_the_same_names() -> None:
    """Renderings are remembered by the names of the players a message names (a label
    naming nobody reads the same in every game): a player inside a list counts too."""
    message = msg("plateau-caption-to-act", seats=Many((Player("seat_0"), Player("seat_1"))))
    first = {"seat_0": "Alice", "seat_1": "Bob"}
    assert ARKANTIS.text(message, "en", first) == "to act: Alice and Bob"
    assert ARKANTIS.text(message, "en", {**first, "seat_1": "Chloé"}) == "to act: Alice and Chloé"
    nobody = msg("arkantis-label-pass-turn")
    assert ARKANTIS.text(nobody, "fr", first) == ARKANTIS.text(nobody, "fr", {"seat_0": "Zoé"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_formatted_once_read_as_fluent_formats_them(lang: str) -> None:
    """The catalogues' bundle keeps each integer's text and plural category once made
    (``_Bundle``): every message of the game with numbers, plural selectors and lists
    reads exactly as the library's own ``FluentBundle`` renders it, twice over."""
    from fluent.runtime import FluentBundle

    catalogue = ARKANTIS.catalogue(lang)
    plain = FluentBundle([lang], use_isolating=False)
    plain.add_resource(FluentResource(catalogue.source))
    numbers = (0, 1, 2, 5, 21, 1234, 1_000_000, -4)
    for message_id in ("arkantis-label-end-turn", "arkantis-label-move-token"):
        for n in numbers * 2:
            args: dict[str, int | str] = {
                "count": n,
                "shapes": "x",
                "cost": n,
                "source": "a",
                "destination": "b",
            }
            pattern = plain.get_message(message_id).value
            assert pattern is not None
            theirs, errors = plain.format_pattern(pattern, dict(args))
            assert not errors
            assert catalogue.format(message_id, args) == theirs


def test_legal_words_that_name_nobody_are_shared_by_every_game() -> None:
    """A view-free command whose words name no player is said once per language, for
    every game whatever its players' names (``Words.legal``); the tree and labels are
    the same as with no memory at all."""
    from domain.arkantis.commands import ArkantisMoveToken, ArkantisPassTurn

    said = Words("arkantis", ARKANTIS.module)
    commands = [ArkantisMoveToken(from_cell="r1c1", to_cell="r1c2"), ArkantisPassTurn()]
    first, _ = said.legal(commands, None, "fr", {"seat_0": "Alice", "seat_1": "Bob"})
    made: list[Any] = []
    say = said._say_command

    def counted(command: Any, *rest: Any) -> Any:
        made.append(command)
        return say(command, *rest)

    said._say_command = counted  # type: ignore[method-assign, assignment]
    second, steps = said.legal(commands, None, "fr", {"seat_0": "Zoé", "seat_1": "Yann"})
    assert first == second
    assert made == []  # the same words, not made again
    assert len(said.remembered()) == 2
    assert steps == Words("arkantis", ARKANTIS.module).steps(commands, None, "fr")


def test_a_class_kept_two_ways_is_refused() -> None:
    """A command class in two of ``VIEW_FREE``, ``VIEW_FREE_IF`` and ``VIEW_KEYS`` would
    be kept one way and silently not the other: the words refuse to load."""
    import types

    module = ARKANTIS.module
    kind = next(iter(module.VIEW_KEYS))  # type: ignore[attr-defined]
    twice = types.SimpleNamespace(**vars(module))
    twice.VIEW_FREE = frozenset({*module.VIEW_FREE, kind})  # type: ignore[attr-defined]
    with pytest.raises(WordsError, match="two of VIEW_FREE"):
        Words("arkantis", twice)


def _plan_variables(plan: tuple[Any, ...]) -> tuple[set[str], set[str]]:
    """(the plain variables, the selectors' variables) of a ``Catalogue.plans`` plan."""
    plain: set[str] = set()
    selectors: set[str] = set()
    for part in plan:
        if isinstance(part, str):
            continue
        if len(part) == 1:
            plain.add(part[0])
            continue
        selectors.add(part[0])
        for variant in (*[v[2] for v in part[1]], part[2]):
            inner_plain, inner_selectors = _plan_variables(variant)
            plain |= inner_plain
            selectors |= inner_selectors
    return plain, selectors


@pytest.mark.parametrize("name", sorted(registry()))
def test_messages_joined_without_fluent_read_as_fluent_writes_them(name: str) -> None:
    """A message of text, variables and plural selectors is formatted by a join
    (``Catalogue.plans``): every such message of every catalogue, with numbers that
    meet each plural category and exact variant and with texts, reads exactly as the
    library's own ``FluentBundle`` writes it; a selector given a text, and a missing
    variable, go to Fluent itself."""
    from fluent.runtime import FluentBundle

    numbers = (0, 1, 2, 3, 5, 11, 21, 101, 1234, 1_000_000, -4)
    for lang in LANGUAGES:
        catalogue = registry()[name].catalogue(lang)
        plain = FluentBundle([lang], use_isolating=False)
        plain.add_resource(FluentResource(catalogue.source))
        assert len(catalogue.plans) > len(catalogue.ids) * 0.9  # most messages
        for message_id, plan in catalogue.plans.items():
            pattern = plain.get_message(message_id).value
            assert pattern is not None
            texts, selectors = _plan_variables(plan)
            cases: list[dict[str, int | str]] = [
                {**{v: f"«{v}»" for v in texts - selectors}, **dict.fromkeys(selectors, n)}
                for n in numbers
            ]
            cases += [dict.fromkeys(texts | selectors, n) for n in numbers[:4]]
            if selectors:
                cases.append({v: "many" for v in texts | selectors})
            for args in cases:
                theirs, errors = plain.format_pattern(pattern, dict(args))
                if errors:
                    with pytest.raises(WordsError):
                        catalogue.format(message_id, args)
                else:
                    assert catalogue.format(message_id, args) == theirs, (message_id, args)
            if texts | selectors:
                with pytest.raises(WordsError):
                    catalogue.format(message_id, {})
