"""``Words.legal``: a seat's legal commands in words, made once per command where the
game says its words read nothing of the view (``VIEW_FREE``), must say exactly what
``label``, ``targets`` and ``steps`` say at every position.

The check runs over random games of every ruleset with one ``Words`` per ruleset for
the whole run, in both languages and with two sets of player names, so a command's
remembered words meet many views: a class wrongly declared view-free shows as a
difference."""

from __future__ import annotations

import random
from typing import Any, Literal

import msgspec
import pytest

from domain import RULESETS, Rng, SeatedPlayer, SetupContext, fold
from domain.words import LANGUAGES, CommandLabel, Step, Words, WordsError, build_steps, registry

MOVES = 120
"""Positions checked per game (every position up to there)."""
GAMES = 2


def fresh(name: str) -> Words:
    """A ruleset's words with empty caches (the registry's are shared by every test)."""
    kept = registry()[name]
    return Words(name, kept.module)


def positions(name: str, games: int = GAMES) -> list[tuple[Any, Any, dict[str, str | None]]]:
    """(legal commands, the view of the seat to act, players) along random games."""
    rs = RULESETS[name]
    rnd = random.Random(f"words-legal-{name}")
    out: list[tuple[Any, Any, dict[str, str | None]]] = []
    for g in range(games):
        options = rs.Options()
        seats = rs.seats(options)
        ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
        log = list(rs.setup(options, ctx, Rng(f"legal-{g}", 0)))
        state = fold(rs, log)
        names: list[dict[str, str | None]] = [
            {s: f"P{i}" for i, s in enumerate(seats)},
            dict.fromkeys(seats),
        ]
        for _ in range(MOVES):
            to_act = rs.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            commands = rs.legal_commands(state, seat)
            out.append((commands, rs.view(state, seat), names[len(out) % 2]))
            events = rs.decide(state, seat, rnd.choice(commands), Rng(f"legal-{g}", len(log)))
            state = fold(rs, events, state)
            log.extend(events)
    return out


@pytest.mark.parametrize("name", sorted(registry()))
def test_legal_says_what_label_targets_and_steps_say(name: str) -> None:
    remembered, plain = fresh(name), fresh(name)
    checked = 0
    for commands, view, players in positions(name):
        for lang in LANGUAGES:
            labels, steps = remembered.legal(commands, view, lang, players)
            expected = [
                CommandLabel(
                    text=plain.label(c, view, lang, players).text,
                    targets=tuple(plain.module.targets(c, view)),
                )
                for c in commands
            ]
            assert labels == expected
            assert steps == plain.steps(commands, view, lang, players)
            # What the service serves: the same, byte for byte as msgspec writes it.
            served = remembered.legal_json(commands, view, lang, players)
            assert served == (msgspec.json.encode(expected), msgspec.json.encode(steps))
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", sorted(registry()))
def test_view_free_words_are_said_with_no_view_at_all(name: str) -> None:
    """A command the game calls view-free (``VIEW_FREE``, ``VIEW_FREE_IF``) is said
    the same with no view at all (None): its words cannot read the view, whatever
    the position (a random game may never show the one view that would differ)."""
    said = fresh(name)
    module, checked = said.module, 0
    for commands, view, _ in positions(name):
        for command in commands:
            test = said._view_free_if.get(type(command))
            if type(command) not in said._view_free and (test is None or not test(command)):
                continue
            assert module.label(command, None) == module.label(command, view)
            assert module.targets(command, None) == module.targets(command, view)
            assert module.path(command, None) == module.path(command, view)
            checked += 1
    assert checked > 0 or not (said._view_free or said._view_free_if)


def test_arkantis_remembers_the_view_free_commands_only() -> None:
    said = fresh("arkantis")
    for commands, view, players in positions("arkantis", games=1)[:30]:
        said.legal(commands, view, "fr", players)
    kinds = {type(c) for c in _remembered_commands(said)}
    assert kinds, "no command remembered"
    assert kinds <= said._view_free | set(said._view_free_if) | set(said._view_keys)
    for command in _remembered_commands(said):
        test = said._view_free_if.get(type(command))
        assert test is None or test(command), command
    assert all(lang == "fr" for _, lang in said.remembered())


def test_arkantis_takes_a_purchase_naming_no_card_from_the_view() -> None:
    """A visible purchase that names no card (a hand-written command) is said from the
    view at each call, never remembered: the visible card changes."""
    from domain.arkantis.commands import ArkantisBuyCard

    said = fresh("arkantis")
    commands, view, players = positions("arkantis", games=1)[0]
    colours: tuple[Literal["emerald", "orange"], ...] = ("emerald", "orange")
    colour = next(c for c in colours if getattr(view, c).visible)
    named = ArkantisBuyCard(colour=colour, source="visible", expected_card_id="key_1")
    unnamed = ArkantisBuyCard(colour=colour, source="visible")
    hidden = ArkantisBuyCard(colour=colour, source="hidden")
    assert said._view_free_if[ArkantisBuyCard](named)
    assert said._view_free_if[ArkantisBuyCard](hidden)
    assert not said._view_free_if[ArkantisBuyCard](unnamed)
    labels, _ = said.legal([unnamed, hidden], view, "fr", players)
    assert labels[0].targets == (getattr(view, colour).visible,)
    assert [command for command, _ in said.remembered()] == [hidden]


def _remembered_commands(said: Words) -> list[Any]:
    return [command for command, _ in said.remembered()]


def test_legal_refuses_what_build_steps_refuses() -> None:
    """The same checks as ``build_steps``: two commands with one path fail alike."""
    said = fresh("arkantis")
    commands, view, players = next(
        (c, v, p) for c, v, p in positions("arkantis", games=1) if len(c) > 1
    )
    twice = [commands[0], commands[0]]
    with pytest.raises(WordsError):
        build_steps([said.module.path(c, view) for c in twice])
    with pytest.raises(WordsError):
        said.legal(twice, view, "en", players)
    assert isinstance(said.module.path(commands[0], view)[0], Step)


@pytest.mark.parametrize("kind", ["ArkantisRemoveTwoTokens", "ArkantisMoveToken"])
def test_legal_refuses_a_repeated_path_inside_a_run(kind: str) -> None:
    """A board's pair removals and moves come in runs sharing their first two steps,
    whose leaves ``legal_json`` adds to the level it found for the run: a path met
    again there, next to itself or after another of the run, fails as ``build_steps``
    fails, and a run read whole gives ``build_steps``'s tree."""
    said = fresh("arkantis")

    def firsts(commands: list[Any], view: Any) -> list[str]:
        """The first cell of each command of ``kind``."""
        return [said.module.path(c, view)[1].key for c in commands if type(c).__name__ == kind]

    commands, view, players = next(
        (c, v, p)
        for c, v, p in positions("arkantis", games=2)
        if len(set(firsts(c, v))) < len(firsts(c, v))  # a run of two or more
    )
    of_kind = [c for c in commands if type(c).__name__ == kind]
    first = said.module.path(of_kind[0], view)[1].key
    run = [c for c in of_kind if said.module.path(c, view)[1].key == first]
    assert len(run) >= 2
    _, steps = said.legal(run, view, "fr", players)
    assert steps == said.render_steps(
        build_steps([said.module.path(c, view) for c in run]), "fr", players
    )
    for repeated in ([run[0], run[0]], [run[0], run[1], run[0]], [*run, run[-1]]):
        with pytest.raises(WordsError):
            build_steps([said.module.path(c, view) for c in repeated])
        with pytest.raises(WordsError):
            said.legal(repeated, view, "en", players)
