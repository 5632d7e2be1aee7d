"""Conformance of every ruleset's words (``domain/<game>/words.py`` and its catalogues).

For every ruleset in ``domain.RULESETS``:

* the catalogues parse, every language has the same ids as the default one, every id
  used in a ``words.py`` is in the catalogues and every catalogue id is used (by code,
  or by another message), and no id is built by an f-string;
* every event class has a sentence function or an explicit None (bookkeeping), every
  command class a label, every error code a refusal of its own;
* over random games (the conformance suite's options and policy): every legal
  command's targets are ids of the picture of that version and seat, a command that
  names a picture element has a target, the steps tree holds each listed command
  once, the ids a move changed are in the picture after it; every text (sentences for
  every viewer, labels, steps, refusals) is clean (no seat id, cell id, raw type or
  underscore) in every language, re-renders from its wire form to the same text, and
  leaks none of the viewer's hidden values (``tests/domain/probes.py``).
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain import RULESETS, AnyRuleset, Rng, RuleViolation, SeatedPlayer, SetupContext
from domain.kernel import fold, members_of, tag_of, tag_of_class
from domain.pictures import render as picture
from domain.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    REFUSED,
    CatalogueArg,
    Msg,
    Rendered,
    StepNode,
    Words,
    build_steps,
    leaves,
    parse,
    words_for,
)
from tests.domain.probes import hidden_values
from tests.domain.test_conformance import GAMES, mutate, support_for
from tests.pictures.support import golden_files, golden_log, golden_seats

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
WORDS_GAMES = max(1, GAMES // 16)
"""Random games per ruleset: words check every move's sentences for every viewer, and
pictures, labels and steps at a quarter of the steps, so a sixteenth of the conformance
suite's count (``PLATEAU_CONFORMANCE_GAMES``: 12 games by default, a whole petits Dragons
game being a thousand moves; the opt-in long run's 10000 plays 625)."""
PLAYER_NAMES = {0: "Alice", 1: None, 2: "Zoé", 3: None}
"""Seat index -> player name: some named, some not (their seat's fallback name shows)."""

SEAT_ID = re.compile(r"seat_\d")
CELL_ID = re.compile(r"\br\dc\d\b")
WORD = re.compile(r"[A-Za-z0-9_]+")


ALL = pytest.mark.parametrize("name", sorted(RULESETS))


# --- Catalogues and ids -------------------------------------------------------------


def words_modules(name: str) -> list[Path]:
    """The modules whose string literals are message ids: the kernel's and the game's."""
    words_for(name)  # NoWords when the game has none
    return [DOMAIN / "words.py", DOMAIN / name / "words.py"]


def id_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"^(plateau|{name})(-[a-z0-9]+)+$")


def ids_in_code(name: str) -> set[str]:
    pattern = id_pattern(name)
    found: set[str] = set()
    for path in words_modules(name):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if pattern.match(node.value):
                    found.add(node.value)
    return found


class References(Visitor):
    """The messages and variables a node refers to."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: set[str] = set()
        self.variables: set[str] = set()

    def visit_MessageReference(self, node: ftl.MessageReference) -> None:
        self.messages.add(node.id.name)
        self.generic_visit(node)

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.variables.add(node.id.name)
        self.generic_visit(node)


def referenced_in_catalogue(resource: ftl.Resource) -> set[str]:
    """Message ids that messages of ``resource`` refer to (``{ other-message }``)."""
    refs = References()
    refs.visit(resource)
    return refs.messages


@ALL
def test_catalogues_parse_and_agree_across_languages(name: str) -> None:
    words = words_for(name)
    assert DEFAULT_LANGUAGE in words.languages and set(words.languages) == set(LANGUAGES)
    reference = words.catalogue(DEFAULT_LANGUAGE).ids
    pattern = id_pattern(name)
    for lang in words.languages:
        catalogue = words.catalogue(lang)
        parse(catalogue.source, f"{name} {lang}")  # raises on any Junk
        assert not [i for i in catalogue.ids if not pattern.match(i)], "ids are prefixed"
        assert catalogue.ids - reference == set(), f"{lang} has ids {DEFAULT_LANGUAGE} lacks"
        assert reference - catalogue.ids == set(), f"{lang} lacks ids of {DEFAULT_LANGUAGE}"


@ALL
def test_every_id_in_code_is_in_the_catalogues_and_every_catalogue_id_is_used(name: str) -> None:
    words = words_for(name)
    used = ids_in_code(name)
    for lang in words.languages:
        catalogue = words.catalogue(lang)
        missing = used - catalogue.ids
        assert not missing, f"used in code, missing from the {lang} catalogue: {sorted(missing)}"
        referenced = referenced_in_catalogue(parse(catalogue.source, lang))
        shared = {i for i in catalogue.ids if i.startswith("plateau-")}
        # Shared ids may serve other games; the kernel's own literals cover them.
        unused = catalogue.ids - used - referenced - shared
        assert not unused, f"in the {lang} catalogue, used nowhere: {sorted(unused)}"
        assert not (shared - ids_in_code(name) - referenced), "a shared id nobody uses"


@ALL
def test_no_message_id_is_built(name: str) -> None:
    """Ids are literals: an f-string starting with an id prefix would hide one from the
    catalogue checks."""
    prefix = re.compile(rf"^(plateau|{name})-")
    for path in words_modules(name):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    assert not prefix.match(first.value), f"{path.name}: an id built by an f-string"


@ALL
def test_ids_live_in_words_modules(name: str) -> None:
    """No other module of the game spells a catalogue id: it imports it from words.py."""
    ids = words_for(name).catalogue(DEFAULT_LANGUAGE).ids
    for path in sorted((DOMAIN / name).glob("*.py")):
        if path.name == "words.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                raise AssertionError(f"{path.name} spells the id {node.value!r}")


def _enum_values(schema: dict[str, Any]) -> set[str]:
    """Every string an option's JSON Schema enumerates (``enum`` anywhere inside it)."""
    found: set[str] = set()
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            found |= {v for v in node.get("enum", ()) if isinstance(v, str)}
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


@ALL
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_its_values_have_a_name(name: str, lang: str) -> None:
    """The lobby names options in the caller's language (issue 31): every property of
    the option schema has a display name, and every value its schema enumerates (a
    House, a colour) has one too; no name is a raw id."""
    rs = RULESETS[name]
    schema = msgspec.json.schema(rs.Options)
    properties = schema["$defs"][rs.Options.__name__]["properties"]
    said = words_for(name).options(lang)
    assert set(said) == set(properties)
    for option, (display, values) in said.items():
        assert display and "_" not in display and display != option, option
        assert _enum_values(properties[option]) <= set(values), option
        assert all(v and "_" not in v for v in values.values()), option
    if lang == "fr":
        assert said != words_for(name).options("en")


@ALL
def test_every_catalogue_message_renders(name: str) -> None:
    """Each message with every variable given (as a number: selectors and NUMBER take
    it): no reference to a missing message or term, no Fluent error."""
    words = words_for(name)
    for lang in words.languages:
        catalogue = words.catalogue(lang)
        resource = parse(catalogue.source, lang)
        for entry in resource.body:
            if not isinstance(entry, ftl.Message):
                continue
            refs = References()
            refs.visit(entry)
            text = catalogue.format(entry.id.name, dict.fromkeys(refs.variables, 2))
            assert text.strip() and "{" not in text, (entry.id.name, text)


# --- Every message type has words ----------------------------------------------------


@ALL
def test_every_event_and_command_class_has_words(name: str) -> None:
    rs, module = RULESETS[name], words_for(name).module
    events, commands = set(members_of(rs.Event)), set(members_of(rs.Command))
    assert set(module.SENTENCES) == events, (
        f"events without an entry: {sorted(tag_of_class(c) for c in events - set(module.SENTENCES))}"
    )
    assert set(module.LABELS) == commands, (
        f"commands without a label: {sorted(tag_of_class(c) for c in commands - set(module.LABELS))}"
    )
    assert any(f is not None for f in module.SENTENCES.values())


@ALL
def test_every_error_code_has_its_own_refusal(name: str) -> None:
    rs, words = RULESETS[name], words_for(name)
    seen: dict[str, str] = {}
    for code in sorted(rs.error_codes):
        message = words.module.refusal(RuleViolation(code, "", {}), None)
        assert message.id != REFUSED, f"{code} has no refusal of its own"
        for lang in words.languages:
            assert_clean(words.render(message, lang), lang, code)
        seen[code] = message.id
    assert len(set(seen.values())) == len(seen), "two codes say the same"


@ALL
def test_golden_logs_have_a_sentence_for_every_event_with_one(name: str) -> None:
    """The golden playthroughs (deterministic) give every sentence function a real event
    to say, for every viewer, in every language."""
    rs, words = RULESETS[name], words_for(name)
    said: set[type[Any]] = set()
    for path in golden_files(name):
        log = golden_log(name, path)
        seats = golden_seats(name, path)
        for event in log:
            for viewer in (None, *seats):
                redacted = rs.redact(event, viewer)
                message = words.module.sentence(redacted, viewer)
                if message is None:
                    continue
                said.add(type(event))
                for lang in words.languages:
                    rendered = words.render(message, lang, names_of(seats))
                    assert_clean(rendered, lang, tag_of(event))
                    assert words.render_wire(rendered.message, lang) == rendered.text
    wanted = {c for c, f in words.module.SENTENCES.items() if f is not None}
    seen_in_logs = {type(e) for p in golden_files(name) for e in golden_log(name, p)}
    assert wanted & seen_in_logs <= said


def names_of(seats: tuple[str, ...]) -> dict[str, str | None]:
    return {seat: PLAYER_NAMES[i % len(PLAYER_NAMES)] for i, seat in enumerate(seats)}


# --- Text hygiene, wire forms, leaks -----------------------------------------------


def assert_clean(rendered: Rendered, lang: str, what: str) -> None:
    text = rendered.text
    assert text and text.strip() == text, f"{what} ({lang}): empty or padded {text!r}"
    assert not SEAT_ID.search(text), f"{what} ({lang}) names a seat id: {text!r}"
    assert not CELL_ID.search(text), f"{what} ({lang}) names a cell id: {text!r}"
    assert "_" not in text, f"{what} ({lang}) holds an underscore: {text!r}"
    assert "{" not in text and "???" not in text, f"{what} ({lang}): {text!r}"
    assert not re.search(r"\b[a-z]+\.[a-z]+", text), f"{what} ({lang}) holds a raw type: {text!r}"
    if "." in what:
        tail = what.rsplit(".", 1)[1]
        assert text.lower() not in (what, tail, tail.replace("_", " ")), f"{what}: {text!r}"


def wire_ids(arg: CatalogueArg | Any) -> Iterator[str]:
    """Every component id and seat a wire message or argument names."""
    if isinstance(arg, CatalogueArg):
        if arg.id is not None:
            yield arg.id
        if arg.seat is not None:
            yield arg.seat
        for item in arg.items or ():
            yield from wire_ids(item)
        for sub in (arg.args or {}).values():
            yield from wire_ids(sub)
    else:  # a CatalogueMessage
        for sub in arg.args.values():
            yield from wire_ids(sub)


def assert_no_leak(
    rs: AnyRuleset, state: Any, viewer: str | None, rendered: Rendered, public: set[str]
) -> None:
    """No hidden value's JSON in the message, and no id of a hidden list that the viewer's
    view does not name among the ids the message names (nor in its text)."""
    encoded = msgspec.json.encode(rendered.message).decode()
    named = set(wire_ids(rendered.message))
    words_in_text = set(WORD.findall(rendered.text))
    for value in hidden_values(rs.name, state, viewer):
        needle = msgspec.json.encode(value).decode()
        assert needle not in encoded, f"a message for {viewer} leaks {needle}"
        items = value if isinstance(value, list) else []
        secret = {i for i in items if isinstance(i, str) and i not in public}
        leaked = secret & (named | words_in_text)
        assert not leaked, f"{rendered.text!r} for {viewer} names hidden {sorted(leaked)}"


def element_ids(svg: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', svg))


def marked_ids(svg: str) -> set[str]:
    return set(re.findall(r'<g id="([^"]+)" class="[^"]*last-move', svg)) | set(
        re.findall(r'<[a-z]+ [^>]*id="([^"]+)"[^>]*class="[^"]*last-move\b', svg)
    )


def strings_of(value: Any) -> set[str]:
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(msgspec.to_builtins(value))
    return out


def flatten(steps: tuple[StepNode, ...]) -> Iterator[StepNode]:
    for step in steps:
        yield step
        yield from flatten(step.children)


class Checker:
    """Plays one random game and checks the words of every step."""

    def __init__(self, rs: AnyRuleset, words: Words, options: Any, seed: str, rnd: random.Random):
        self.rs, self.words, self.options, self.seed, self.rnd = rs, words, options, seed, rnd
        support = support_for(rs.name)
        self.choose = getattr(support, "choose", None)
        self.max_steps = getattr(support, "MAX_STEPS", 20_000)
        self.seats = tuple(rs.seats(options))
        self.names = names_of(self.seats)
        self.strings: list[str] = sorted(self.seats)

    def render(
        self, message: Msg, state: Any, viewer: str | None, what: str, seen: Any = None
    ) -> None:
        """``message`` in every language: clean, re-rendered from its wire form, and naming
        nothing hidden from ``viewer`` beyond what it has ``seen`` (its redacted event)."""
        public = set(WORD.findall(msgspec.json.encode(self.rs.view(state, viewer)).decode()))
        if seen is not None:
            public |= set(WORD.findall(msgspec.json.encode(seen).decode()))
        for lang in self.words.languages:
            rendered = self.words.render(message, lang, self.names)
            assert_clean(rendered, lang, what)
            assert self.words.render_wire(rendered.message, lang) == rendered.text, what
            assert_no_leak(self.rs, state, viewer, rendered, public)

    def check_commands(self, state: Any, seat: str, commands: list[Any], full: bool) -> None:
        rs, module = self.rs, self.words.module
        view = rs.view(state, seat)
        ids = element_ids(picture(rs, state, seat, lang=self.rnd.choice(LANGUAGES)))
        paths = []
        for command in commands:
            targets = module.targets(command, view)
            assert set(targets) <= ids, f"{command!r}: targets {set(targets) - ids} not drawn"
            named = strings_of(command) & ids
            assert not named or targets, f"{command!r} names {named} but has no target"
            path = module.path(command, view)
            for step in path:
                assert set(step.targets) <= ids, f"{command!r}: step targets not drawn"
            paths.append(path)
        tree = build_steps(paths)
        assert sorted(leaves(tree)) == list(range(len(commands))), "a leaf per listed command"
        sample = commands if full else self.rnd.sample(commands, min(6, len(commands)))
        for command in sample:
            self.render(module.label(command, view), state, seat, tag_of(command), seen=command)
        if full:
            public = set(WORD.findall(msgspec.json.encode(view).decode()))
            for lang in self.words.languages:
                for node in flatten(tree):
                    rendered = self.words.render(node.label, lang, self.names)
                    assert_clean(rendered, lang, f"step {node.key}")
                    assert_no_leak(rs, state, seat, rendered, public)

    def check_refusals(self, state: Any, legal: dict[str, list[Any]], pool: list[Any]) -> None:
        rs = self.rs
        for _ in range(2):
            seat = self.rnd.choice(self.seats)
            candidate = self.rnd.choice(pool)
            candidate = mutate(candidate, self.rnd, self.strings) or candidate
            try:
                rs.decide(state, seat, candidate, Rng(self.seed, 0))
            except RuleViolation as violation:
                message = self.words.module.refusal(violation, rs.view(state, seat))
                self.render(message, state, seat, violation.code, seen=candidate)

    def check_move(self, before: Any, after: Any, events: list[Any], with_pictures: bool) -> None:
        rs, module = self.rs, self.words.module
        for viewer in (None, *self.seats):
            redacted = [rs.redact(e, viewer) for e in events]
            for event in redacted:
                message = module.sentence(event, viewer)
                if message is not None:
                    self.render(message, after, viewer, tag_of(event), seen=event)
            if with_pictures:
                changed = module.changed(redacted, rs.view(before, viewer), rs.view(after, viewer))
                lang = self.rnd.choice(LANGUAGES)
                svg = picture(rs, after, viewer, lang=lang, changed=changed)
                missing = set(changed) - element_ids(svg)
                assert not missing, f"changed ids not in the picture after the move: {missing}"
                assert set(changed) <= marked_ids(svg), "changed ids are marked last-move"

    def run(self) -> None:
        rs, rnd = self.rs, self.rnd
        context = SetupContext(
            players=tuple(SeatedPlayer(seat=s, player_id=f"p{i}") for i, s in enumerate(self.seats))
        )
        log = list(rs.setup(self.options, context, Rng(self.seed, 0)))
        state = fold(rs, log)
        self.check_move(state, state, log, with_pictures=False)
        pool: list[Any] = []
        for step in range(self.max_steps):
            if rs.outcome(state) is not None:
                break
            legal = {s: rs.legal_commands(state, s) for s in self.seats}
            for commands in legal.values():
                pool.extend(commands[:3])
                for c in commands[:3]:
                    self.strings.extend(sorted(strings_of(c)))
            del pool[:-200]
            self.strings = sorted(set(self.strings))
            movers = [s for s in self.seats if legal[s]]
            to_act = rs.to_act(state)
            full = step < 2 or rnd.random() < 0.05
            looked = rnd.random() < 0.25 or full
            if looked:
                seat = rnd.choice(to_act)
                self.check_commands(state, seat, legal[seat], full)
                self.check_refusals(state, legal, pool)
            weights = [4 if s in to_act else 1 for s in movers]
            mover = rnd.choices(movers, weights)[0]
            if self.choose is not None:
                command = self.choose(rnd, state, mover, legal[mover])
            else:
                command = rnd.choice(legal[mover])
            events = rs.decide(state, mover, command, Rng(self.seed, len(log)))
            after = fold(rs, events, state)
            self.check_move(state, after, events, with_pictures=looked)
            log.extend(events)
            state = after
        else:
            raise AssertionError(f"game not over after {self.max_steps} steps")


@ALL
def test_random_games(name: str) -> None:
    words = words_for(name)
    rs, support = RULESETS[name], support_for(name)

    @settings(
        max_examples=WORDS_GAMES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        phases=(Phase.explicit, Phase.generate),  # a whole game shrinks for minutes
    )
    @given(
        options=support.options,
        seed=st.text(min_size=1, max_size=12),
        rnd=st.randoms(use_true_random=True),
    )
    def run(options: Any, seed: str, rnd: random.Random) -> None:
        Checker(rs, words, options, seed, rnd).run()

    run()
