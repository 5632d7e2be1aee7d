"""Words: what a person reads of a game, in their language (pure, no I/O after import).

Every game gets a ``domain/<game>/words.py`` (the same names in every game,
:class:`GameWords`) and Fluent catalogues, one file per language:
``domain/locales/<lang>/plateau.ftl`` (words every game shares) and
``domain/<game>/locales/<lang>/<game>.ftl``. A game's words module never
writes a sentence: it builds language-independent :class:`Msg` values (a
catalogue id and typed arguments), and this kernel renders them
(:meth:`Words.render`) into a :class:`Rendered`: the text, and its wire form
(:class:`CatalogueMessage`, the id and the arguments with their display texts,
the way Board Game Arena's logs carry a template and its args), such that
rendering the wire form with the published catalogue (:meth:`Words.render_wire`)
gives the text exactly.

* Languages are discovered: the directories of ``domain/locales`` that hold a
  ``plateau.ftl``. Adding a language is adding its ``.ftl`` files, nothing else.
  :data:`DEFAULT_LANGUAGE` is English.
* Message ids are global, kebab-case, prefixed by the game (``arkantis-…``) or
  ``plateau-`` for the shared ones; every id is a literal string in a
  ``words.py`` module (the tests find them with :mod:`ast`), never built.
* Numbers are formatted by Fluent with the language's CLDR rules (Babel), plurals
  come from Fluent selectors, lists (:class:`Many`) from CLDR list patterns.
* Players are named by their player names; a seat nobody named gets the game's
  fallback name for it (``seat_name``). No pronoun ever stands for a player.

:func:`words_for` gives a ruleset's :class:`Words`, for every ruleset that has a
``words`` module (:func:`registry` finds them like ``domain.pictures`` finds
``picture.py``: no game is named here).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, NamedTuple, Protocol, TypeAlias, TypeVar, cast

import msgspec
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, resolver
from fluent.runtime.resolver import CurrentEnvironment, ResolverEnvironment
from fluent.runtime.types import FluentInt
from fluent.runtime.utils import native_to_fluent
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl

from domain.kernel import RuleViolation, Seat

DOMAIN = Path(__file__).resolve().parent
LOCALES = DOMAIN / "locales"
"""``<lang>/plateau.ftl`` for every language Plateau speaks."""
DEFAULT_LANGUAGE = "en"
SHARED = "plateau"
"""The shared catalogue's name (and its ids' prefix)."""


class WordsError(Exception):
    """A catalogue that does not parse, or a message that does not render (a bug)."""


class NoWords(LookupError):
    """The ruleset has no ``words`` module (yet)."""


class UnknownLanguage(ValueError):
    """A language with no catalogue: negotiate among :data:`LANGUAGES` first."""


# --- Language-independent messages ---------------------------------------------
#
# Every struct of this module is frozen and built from its parts up, so none is ever
# part of a reference cycle: they are kept out of the garbage collector's lists
# (``gc=False``), which the words' caches (hundreds of thousands of them in a busy
# worker) would otherwise lengthen at every collection.


class Player(msgspec.Struct, frozen=True, gc=False):
    """A seat, shown as its player's name (or the game's fallback name for the seat).

    ``seat`` is a seat id, or an int: the seat's index in the game's seat order, for a
    game whose events name seats by index (Les Tours Arc-en-Ciel) and whose words see
    no state. An index is resolved through ``players``, which then lists every seat of
    the game in seat order (``Ruleset.seats(options)``); the wire form names the seat id."""

    seat: Seat | int


class Part(msgspec.Struct, frozen=True, gc=False):
    """A component named by its id (a cell, card, pile...), shown by its display name.

    ``kind`` groups the ids (``names()[kind][id]`` is its name); ``name`` overrides
    that lookup for ids that no static table holds (a shape found this turn)."""

    kind: str
    id: str
    name: Msg | None = None


class Many(msgspec.Struct, frozen=True, gc=False):
    """Several arguments joined by the language's list pattern (``a, b et c``);
    ``style="or"`` joins with "or"."""

    items: tuple[Arg, ...]
    style: Literal["and", "or"] = "and"


class Msg(msgspec.Struct, frozen=True, gc=False):
    """A catalogue message id and its arguments: ints (formatted as numbers),
    :class:`Player`, :class:`Part`, :class:`Many` or a nested :class:`Msg`."""

    id: str
    args: dict[str, Arg] = msgspec.field(default_factory=dict)


Arg: TypeAlias = "int | Player | Part | Many | Msg"


def msg(message_id: str, /, **args: Arg) -> Msg:
    """``msg("arkantis-tokens-removed", player=Player(seat), count=2)``."""
    return Msg(message_id, args)


class Step(msgspec.Struct, frozen=True, gc=False):
    """One choice on the way to a command: a key unique among its siblings, what it
    says, and the picture ids it points at."""

    key: str
    label: Msg
    targets: tuple[str, ...] = ()


# --- The wire form ----------------------------------------------------------------


class CatalogueArg(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One argument of a message as served: ``kind`` is ``player`` (with ``seat``),
    ``number`` (with ``value``), ``list`` (with ``items``), ``message`` (with ``id`` and
    ``args``) or a component kind of the game (``cell``, ``card``...: with ``id``).
    ``text`` is what the argument reads as in the message's language (not for numbers)."""

    kind: str
    text: str | None = None
    seat: str | None = None
    id: str | None = None
    value: int | None = None
    items: tuple[CatalogueArg, ...] | None = None
    args: dict[str, CatalogueArg] | None = None


class CatalogueMessage(msgspec.Struct, frozen=True, gc=False):
    """A message as served beside its text: its catalogue id and its arguments."""

    id: str
    args: dict[str, CatalogueArg]


class Rendered(msgspec.Struct, frozen=True, gc=False):
    """A message in one language: its text and the wire form it was built from."""

    text: str
    message: CatalogueMessage


class StepNode(msgspec.Struct, frozen=True, gc=False):
    """A node of the steps tree: a leaf holds ``command`` (its index in the legal list)."""

    key: str
    label: Msg
    targets: tuple[str, ...]
    children: tuple[StepNode, ...] = ()
    command: int | None = None


class CommandLabel(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A legal command in words, for a button or a tooltip."""

    text: str
    """A short phrase (`Poser le Dragon de feu 10 sur l'île Cornaline, tour …`)."""
    targets: tuple[str, ...]
    """The ids of the picture elements the command names, as in `picture.svg` and
    `components.geometry` (empty for a command that names none: pass, roll, end turn)."""


class ChoiceStep(msgspec.Struct, frozen=True, gc=False):
    """A node of the steps tree as served: a label in the caller's language, the
    picture ids it points at, then either children or the index of one listed command."""

    key: str
    """Unique among its siblings (stable across versions for the same choice)."""
    label: str
    """The choice in words, in the caller's language."""
    targets: tuple[str, ...]
    """The picture ids this choice points at (highlight them; a click on one chooses it)."""
    children: tuple[ChoiceStep, ...]
    """The next question, when this is not the last one."""
    command: int | None
    """At a leaf: the index of the chosen command in ``commands``; else null."""


# --- What every game's words module provides -------------------------------------


@dataclass(frozen=True)
class OptionWords:
    """An option's words: its display name and, when its value (or each item of its list)
    is one of a game's components (a House, a colour, a seat), the kind of ``names`` that
    names those values."""

    name: Msg
    values: str | None = None


class GameWords(Protocol):
    """The module ``domain/<game>/words.py``: the same names in every game.

    Views and events are the viewer's (already redacted): a game writes words from
    them only, so its words never say more than the viewer may see.

    A module may also name ``VIEW_FREE``: the command classes whose ``label``,
    ``targets`` and ``path`` read nothing of the view (``Words.legal`` then makes a
    command's words once, not at every version), and ``VIEW_FREE_IF``: command class
    -> a test of one command, for the classes whose words read the view only in some
    commands (an ArkantiS purchase names its card from the view only when the command
    does not name it), and ``VIEW_KEYS``: command class -> a function of (command,
    view) giving the only part of the view its words read, as a hashable value (the
    end of an ArkantiS turn names the pending shapes): the words are made once per
    command and that part."""

    @property
    def SENTENCES(self) -> Mapping[type[Any], Any]:
        """Every event class -> its sentence function, or None for setup and bookkeeping
        events (no sentence, so a history reads as moves)."""
        ...

    @property
    def LABELS(self) -> Mapping[type[Any], Any]:
        """Every command class -> its label function."""
        ...

    def names(self) -> Mapping[str, Mapping[str, Msg]]:
        """The display name of every component id, grouped by kind (``cell``, ``card``...)."""
        ...

    def seat_name(self, seat: Seat) -> Msg:
        """The name of a seat whose player gave none (``Player 1``)."""
        ...

    def sentence(self, event: Any, seat: Seat | None) -> Msg | None:
        """One sentence for a logged event, already redacted for ``seat`` (None: spectator)."""
        ...

    def label(self, command: Any, view: Any) -> Msg:
        """A short phrase for a legal command."""
        ...

    def targets(self, command: Any, view: Any) -> tuple[str, ...]:
        """The picture element ids the command names (``()`` when none)."""
        ...

    def path(self, command: Any, view: Any) -> tuple[Step, ...]:
        """The command as successive choices, in the order a player thinks."""
        ...

    def changed(self, events: Sequence[Any], before: Any, after: Any) -> tuple[str, ...]:
        """The picture element ids one move changed (its events, redacted for the viewer,
        and the viewer's views before and after it); every id is in the picture after."""
        ...

    def refusal(self, violation: RuleViolation, view: Any | None) -> Msg:
        """A sentence for every code of the game's ``error_codes``, addressed to the caller."""
        ...

    def options(self) -> Mapping[str, OptionWords]:
        """Every option (a field of the game's ``Options``, by its JSON name) -> its words."""
        ...


# --- Catalogues -------------------------------------------------------------------


def languages(root: Path = LOCALES) -> tuple[str, ...]:
    """The languages under ``root``: each directory holding a ``plateau.ftl``."""
    return tuple(sorted(p.name for p in root.iterdir() if (p / f"{SHARED}.ftl").is_file()))


LANGUAGES: tuple[str, ...] = languages()
"""Every language Plateau speaks (discovered); :data:`DEFAULT_LANGUAGE` is one of them."""


def parse(source: str, where: str) -> ftl.Resource:
    """A Fluent resource; a file with any syntax error (Junk) is refused."""
    resource = FluentParser().parse(source)
    junk = [entry for entry in resource.body if isinstance(entry, ftl.Junk)]
    if junk:
        notes = "; ".join(str(a.message) for j in junk for a in j.annotations) or "junk"
        raise WordsError(f"{where} does not parse: {notes}")
    return resource


def message_ids(resource: ftl.Resource) -> tuple[str, ...]:
    """The message ids a resource defines (terms, which start with ``-``, excluded)."""
    return tuple(e.id.name for e in resource.body if isinstance(e, ftl.Message))


class _Number(FluentInt):
    """An integer argument of one bundle, with its text in that bundle's locale kept
    once made: Babel's number formatting is most of the cost of a Fluent call."""

    text: str | None = None

    def format(self, locale: Locale) -> str:
        if self.text is None:
            self.text = super().format(locale)
        return self.text


class _Bundle(FluentBundle):
    """A ``FluentBundle`` that formats each integer argument once (its text and its
    plural category, both fixed for one locale): ``format_pattern`` is the library's
    (fluent.runtime 0.4) with that one change, checked against it by the tests."""

    NUMBERS = 10_000
    """Integers remembered (all forgotten at once past this)."""

    def __init__(self, locales: list[str], use_isolating: bool = True) -> None:
        super().__init__(locales, use_isolating=use_isolating)
        self._numbers: dict[int, _Number] = {}
        self._plural_form = functools.lru_cache(maxsize=self.NUMBERS)(self._plural_form)

    def number(self, value: int) -> _Number:
        """``value`` as this bundle's Fluent integer (its text made once)."""
        numbers = self._numbers
        number = numbers.get(value)
        if number is None:
            if len(numbers) >= self.NUMBERS:
                numbers.clear()
            number = numbers[value] = _Number(value)
        return number

    def number_text(self, value: int) -> str:
        """``value`` as Fluent writes it in this bundle's locale."""
        return self.number(value).format(self._babel_locale)

    def format_pattern(
        self, pattern: Any, args: dict[str, Any] | None = None
    ) -> tuple[Any, list[Exception]]:
        fluent_args: dict[str, Any] = {}
        for name, value in (args or {}).items():
            if type(value) is int:
                fluent_args[name] = self.number(value)
            else:
                fluent_args[name] = native_to_fluent(value)
        errors: list[Exception] = []
        env = ResolverEnvironment(
            context=self, current=CurrentEnvironment(args=fluent_args), errors=errors
        )
        try:
            result = pattern(env)
        except ValueError as e:
            errors.append(e)
            result = "{???}"
        return result, errors


@dataclass(frozen=True)
class Catalogue:
    """One language of one game: the shared catalogue then the game's, as one bundle."""

    lang: str
    source: str
    """The FTL text (the shared file, then the game's): what a client renders wire forms with."""
    ids: frozenset[str]
    bundle: _Bundle = field(repr=False, compare=False)
    plans: Mapping[str, _Plan] = field(default_factory=dict, repr=False, compare=False)
    """The messages made only of text, variables and selectors on a variable, each as
    its parts (``_plan``): formatted by a join, with no Fluent call (most of a
    catalogue's messages)."""

    @classmethod
    def load(cls, lang: str, files: Sequence[Path]) -> Catalogue:
        bundle = _Bundle([lang], use_isolating=False)
        sources: list[str] = []
        ids: set[str] = set()
        for path in files:
            if not path.is_file():
                raise WordsError(f"no catalogue {path}")
            text = path.read_text(encoding="utf-8")
            resource = parse(text, str(path))
            defined = message_ids(resource)
            twice = ids.intersection(defined)
            if twice or len(set(defined)) != len(defined):
                raise WordsError(f"{path} defines a message twice: {sorted(twice) or defined}")
            ids.update(defined)
            bundle.add_resource(resource)
            sources.append(text)
        plans = {}
        for message_id in ids:  # compiled now (before a server's workers fork), not at first use
            plan = _plan(bundle.get_message(message_id).value)
            if plan is not None:
                plans[message_id] = plan
        return cls(lang, "\n".join(sources), frozenset(ids), bundle, plans)

    @property
    def locale(self) -> Locale:
        """The language's Babel locale (its CLDR data loaded once, not at every list)."""
        return _locale(self.lang)

    def format(self, message_id: str, args: Mapping[str, int | str]) -> str:
        """The message with its arguments (numbers as ints, everything else as text):
        exactly what Fluent writes (``format_pattern``), by a join when the message has
        a plan (``plans``) and its arguments fit it (``_fill``), else by Fluent itself."""
        plan = self.plans.get(message_id)
        if plan is not None:
            out: list[str] = []
            if _fill(plan, args, self.bundle, out):
                return "".join(out)
            # A variable missing, or of another type: Fluent says what is wrong.
        if not self.bundle.has_message(message_id):
            raise WordsError(f"no message {message_id!r} in the {self.lang!r} catalogue")
        pattern = self.bundle.get_message(message_id).value
        if pattern is None:
            raise WordsError(f"message {message_id!r} has no value")
        text, errors = self.bundle.format_pattern(pattern, dict(args))
        if errors:
            raise WordsError(f"{message_id} ({self.lang}): {errors}")
        return str(text)


_Plan: TypeAlias = tuple[Any, ...]
"""A message made of text, variables and selectors on a variable: each part a text,
``(name,)`` for a variable, or ``(name, variants, default)`` for a selector, where
``variants`` is ``((key, is_category, plan), ...)`` in the catalogue's order (a
plural category's name, or a number) and ``default`` the default variant's plan."""


def _plan(pattern: Any) -> _Plan | None:
    """A compiled message's parts when it is only text, variables and selectors on a
    variable whose variants are such parts too (no function, term or message
    reference), else None."""
    if isinstance(pattern, resolver.TextElement):
        return (pattern.value,)
    if not isinstance(pattern, resolver.Pattern) or len(pattern.elements) > pattern.MAX_PARTS:
        return None
    parts: list[Any] = []
    for element in pattern.elements:
        if isinstance(element, resolver.TextElement):
            parts.append(element.value)
            continue
        if not isinstance(element, resolver.Placeable | resolver.NeverIsolatingPlaceable):
            return None
        expression = element.expression
        if isinstance(expression, resolver.VariableReference):
            parts.append((expression.id.name,))
        elif isinstance(expression, resolver.SelectExpression) and isinstance(
            expression.selector, resolver.VariableReference
        ):
            variants: list[tuple[Any, bool, _Plan]] = []
            default = None
            for variant in expression.variants:
                plan = _plan(variant.value)
                if plan is None:
                    return None
                if variant.default:
                    default = plan
                if isinstance(variant.key, resolver.Identifier):
                    variants.append((variant.key.name, True, plan))
                elif isinstance(variant.key, resolver.NumberLiteral):
                    variants.append((variant.key.value, False, plan))
                else:
                    return None
            if default is None:
                return None
            parts.append((expression.selector.id.name, tuple(variants), default))
        else:
            return None
    return tuple(parts)


def _fill(plan: _Plan, args: Mapping[str, int | str], bundle: _Bundle, out: list[str]) -> bool:
    """Append ``plan`` with ``args`` to ``out`` as Fluent would write it; False (``out``
    then unusable) when a variable is missing or neither an int nor a short str, or a
    selector's variable is not an int: those go to Fluent itself."""
    for part in plan:
        if type(part) is str:
            out.append(part)
            continue
        value = args.get(part[0])
        if len(part) == 1:
            if type(value) is str and len(value) <= resolver.MAX_PART_LENGTH:
                out.append(value)
            elif type(value) is int:
                out.append(bundle.number_text(value))
            else:
                return False
            continue
        if type(value) is not int:
            return False
        chosen = part[2]
        for key, is_category, variant in part[1]:
            if (bundle._plural_form(value) == key) if is_category else (value == key):
                chosen = variant
                break
        if not _fill(chosen, args, bundle, out):
            return False
    return True


@functools.cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def shared_catalogue_files(lang: str, root: Path = LOCALES) -> list[Path]:
    return [root / lang / f"{SHARED}.ftl"]


PLATEAU: dict[str, Catalogue] = {
    lang: Catalogue.load(lang, shared_catalogue_files(lang)) for lang in LANGUAGES
}
"""The shared catalogue alone, per language (captions of games with no words yet)."""


# --- Rendering --------------------------------------------------------------------

Players = Mapping[Seat, str | None]
"""Seat -> player name (None or empty: nobody named it). Give every seat of the game, in
seat order (``Ruleset.seats(options)``): a :class:`Player` that names a seat by its index
is resolved through this order."""
RESERVED_KINDS = frozenset({"player", "number", "list", "message"})
RENDERED_CACHE = 50_000
"""Rendered messages a game's words remember (all forgotten at once past this)."""
LEGAL_CACHE = 50_000
"""Commands whose label, targets and rendered path a game's words remember per language
(``legal``; all forgotten at once past this)."""
LEGAL_NAMES = 1_000
"""Sets of players' names for which a game's words remember commands that name a
player (all forgotten at once past this)."""
_encode = msgspec.msgpack.Encoder().encode
_SEAT_FIELD = b"\xa4seat"
"""``Player``'s field name as MessagePack writes it (a 4-byte string): a message whose
encoding lacks it names no player (``Words.render``; its presence may be a cell or an
argument called ``seat``, which only costs the walk)."""


class Words:
    """A game's words (its module) with its catalogues: renders its messages."""

    def __init__(
        self,
        ruleset: str,
        module: GameWords,
        *,
        root: Path = LOCALES,
        game_root: Path | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.module = module
        game_root = game_root or Path(cast(ModuleType, module).__file__ or ".").parent / "locales"
        self.languages = languages(root)
        self.catalogues = {
            lang: Catalogue.load(
                lang, [*shared_catalogue_files(lang, root), game_root / lang / f"{ruleset}.ftl"]
            )
            for lang in self.languages
        }
        self._names = module.names()
        clash = RESERVED_KINDS.intersection(self._names)
        if clash:
            raise WordsError(f"{ruleset} names a component kind {sorted(clash)}, a reserved kind")
        self._name_cache: dict[tuple[str, str, str], str] = {}
        self._rendered: dict[_RenderKey, Rendered] = {}
        """Keyed by the names in seat order: a seat index resolves through that order."""
        self._parts: dict[_RenderKey, CatalogueArg] = {}
        """The wire forms of messages inside others (``_nested``), keyed like ``_rendered``."""
        self._sentences: dict[Any, Rendered | None] = {}
        """An event's sentence (``sentence``), by the event, seat, language and names."""
        self._view_free: frozenset[type[Any]] = frozenset(getattr(module, "VIEW_FREE", ()))
        self._view_free_if: dict[type[Any], Callable[[Any], bool]] = dict(
            getattr(module, "VIEW_FREE_IF", {})
        )
        self._view_keys: dict[type[Any], Callable[[Any, Any], Any]] = dict(
            getattr(module, "VIEW_KEYS", {})
        )
        ways = (self._view_free, set(self._view_free_if), set(self._view_keys))
        if sum(len(way) for way in ways) != len(set().union(*ways)):
            raise WordsError(f"{ruleset}: a class in two of VIEW_FREE, VIEW_FREE_IF, VIEW_KEYS")
        self._keeping: dict[type[Any], Any] = {
            **{kind: (_IF, test) for kind, test in self._view_free_if.items()},
            **{kind: (_BY_VIEW_PART, part) for kind, part in self._view_keys.items()},
            **dict.fromkeys(self._view_free, True),
        }
        """How ``legal_json`` keeps a command's words, by its class: True (by the
        command), ``(_IF, test)`` (by the command when ``test(command)``),
        ``(_BY_VIEW_PART, part)`` (by the command and ``part(command, view)``); a class
        absent is said anew every time."""
        self._legal: dict[str, dict[Any, _Said]] = {}
        """A view-free command's words (``legal``) that name no player, by the language
        then the command."""
        self._legal_named: dict[
            tuple[str, tuple[tuple[str, str | None], ...]], dict[Any, _Said]
        ] = {}
        """Those that name a player, by the language and every seat's name in seat
        order, then the command."""

    def catalogue(self, lang: str) -> Catalogue:
        try:
            return self.catalogues[lang]
        except KeyError:
            raise UnknownLanguage(f"no {lang!r} catalogue; languages: {self.languages}") from None

    # Rendering proper.

    def render(self, message: Msg, lang: str, players: Players | None = None) -> Rendered:
        """``message`` in ``lang``: its text and its wire form.

        Results are remembered (``_render_key``: the message's encoding, the language
        and, when it may name a player, the game's names): the same labels come back at
        every version of a game, and of every game, and Fluent is slow next to a
        dictionary look-up."""
        key = _render_key(message, lang, players or {})
        found = self._rendered.get(key)
        if found is not None:
            return found
        catalogue = self.catalogue(lang)
        wire = self._wire(message, catalogue, players or {})
        rendered = Rendered(
            text=wire.text or "", message=CatalogueMessage(wire.id or "", wire.args or {})
        )
        if len(self._rendered) >= RENDERED_CACHE:
            self._rendered.clear()
        self._rendered[key] = rendered
        return rendered

    def text(self, message: Msg, lang: str, players: Players | None = None) -> str:
        return self.render(message, lang, players).text

    def render_wire(self, wire: CatalogueMessage, lang: str) -> str:
        """The text of a served message, from its wire form and the published catalogue
        alone (what a client can do): numbers by value, everything else by its text."""
        args = {
            name: (arg.value if arg.kind == "number" and arg.value is not None else arg.text or "")
            for name, arg in wire.args.items()
        }
        return self.catalogue(lang).format(wire.id, args)

    def _wire(self, message: Msg, catalogue: Catalogue, players: Players) -> CatalogueArg:
        args = {name: self._arg(arg, catalogue, players) for name, arg in message.args.items()}
        values = {
            name: (a.value if a.kind == "number" and a.value is not None else a.text or "")
            for name, a in args.items()
        }
        text = catalogue.format(message.id, values)
        return CatalogueArg(kind="message", id=message.id, args=args, text=text)

    def _nested(self, message: Msg, catalogue: Catalogue, players: Players) -> CatalogueArg:
        """``_wire`` of a message inside another, remembered like ``render``'s results:
        a new sentence is mostly made of parts said before (a cell, a card, a shape
        and its points), and each part is a Fluent call of its own."""
        key = _render_key(message, catalogue.lang, players)
        found = self._parts.get(key)
        if found is None:
            found = self._wire(message, catalogue, players)
            if len(self._parts) >= RENDERED_CACHE:
                self._parts.clear()
            self._parts[key] = found
        return found

    def _arg(self, arg: Arg, catalogue: Catalogue, players: Players) -> CatalogueArg:
        if isinstance(arg, bool):
            raise WordsError("a message argument is never a bool")
        if isinstance(arg, int):
            return CatalogueArg(kind="number", value=arg)
        if isinstance(arg, Player):
            seat = arg.seat if isinstance(arg.seat, str) else seat_at(arg.seat, players)
            name = players.get(seat)
            if not name:
                name = self._nested(self.module.seat_name(seat), catalogue, players).text
            return CatalogueArg(kind="player", seat=seat, text=name)
        if isinstance(arg, Part):
            return CatalogueArg(
                kind=arg.kind, id=arg.id, text=self._part_text(arg, catalogue, players)
            )
        if isinstance(arg, Many):
            items = tuple(self._arg(item, catalogue, players) for item in arg.items)
            texts = [
                format_decimal(i.value, locale=catalogue.locale)
                if i.kind == "number" and i.value is not None
                else i.text or ""
                for i in items
            ]
            style: Literal["standard", "or"] = "standard" if arg.style == "and" else "or"
            joined = format_list(texts, style=style, locale=catalogue.locale) if texts else ""
            return CatalogueArg(kind="list", items=items, text=joined)
        if isinstance(arg, Msg):
            return self._nested(arg, catalogue, players)
        raise WordsError(f"not a message argument: {arg!r}")

    def _part_text(self, part: Part, catalogue: Catalogue, players: Players) -> str:
        if part.name is not None:
            return self._nested(part.name, catalogue, players).text or ""
        key = (catalogue.lang, part.kind, part.id)
        cached = self._name_cache.get(key)
        if cached is None:
            try:
                name = self._names[part.kind][part.id]
            except KeyError:
                raise WordsError(
                    f"{self.ruleset} has no name for {part.kind} {part.id!r}"
                ) from None
            cached = self._wire(name, catalogue, {}).text or ""
            self._name_cache[key] = cached
        return cached

    # What the service serves.

    def names(self, lang: str) -> dict[str, dict[str, str]]:
        """Every component's display name in ``lang``, by kind then id."""
        catalogue = self.catalogue(lang)
        return {
            kind: {i: self._part_text(Part(kind, i), catalogue, {}) for i in ids}
            for kind, ids in self._names.items()
        }

    def options(self, lang: str) -> dict[str, tuple[str, dict[str, str]]]:
        """Every option's display name in ``lang`` and its values' names (empty when its
        values are not components), by option."""
        names = self.names(lang)
        return {
            option: (self.text(words.name, lang), dict(names[words.values]) if words.values else {})
            for option, words in self.module.options().items()
        }

    def seat_name(self, seat: Seat, lang: str, players: Players | None = None) -> str:
        """The player's name, or the seat's fallback name."""
        name = (players or {}).get(seat)
        return name or self.text(self.module.seat_name(seat), lang)

    def sentence(
        self, event: Any, seat: Seat | None, lang: str, players: Players | None = None
    ) -> Rendered | None:
        """The sentence of an event already redacted for ``seat``; None for bookkeeping.

        Remembered by the event itself (events are frozen structs: equal by type and
        value), the seat, the language and the players' names: a move's sentences are
        said in its command's answer, then in the reads and streams that show it."""
        try:
            key: Any = (event, seat, lang, tuple(players.items()) if players else ())
            known = self._sentences.get(key, _UNSAID)
        except TypeError:  # an event with a list inside: not hashable, said every time
            key, known = None, _UNSAID
        if known is not _UNSAID:
            return cast(Rendered | None, known)
        message = self.module.sentence(event, seat)
        said = None if message is None else self.render(message, lang, players)
        if key is not None:
            if len(self._sentences) >= RENDERED_CACHE:
                self._sentences.clear()
            self._sentences[key] = said
        return said

    def label(self, command: Any, view: Any, lang: str, players: Players | None = None) -> Rendered:
        return self.render(self.module.label(command, view), lang, players)

    def steps(
        self, commands: Sequence[Any], view: Any, lang: str, players: Players | None = None
    ) -> tuple[ChoiceStep, ...]:
        """The steps tree of the listed ``commands`` (leaves hold their indices)."""
        tree = build_steps([self.module.path(c, view) for c in commands])
        return self.render_steps(tree, lang, players)

    def legal(
        self, commands: Sequence[Any], view: Any, lang: str, players: Players | None = None
    ) -> tuple[list[CommandLabel], tuple[ChoiceStep, ...]]:
        """A seat's legal ``commands`` in words: (per command its label and targets, the
        steps tree), exactly ``label``, ``targets`` and ``steps`` of each: ``legal_json``
        read back."""
        labels, steps = self.legal_json(commands, view, lang, players)
        return _LABELS(labels), _STEPS(steps)

    def legal_json(
        self, commands: Sequence[Any], view: Any, lang: str, players: Players | None = None
    ) -> tuple[bytes, bytes]:
        """``legal``'s two lists as JSON, byte for byte what ``msgspec.json`` writes for
        them: what ``GET /legal-commands`` serves.

        A game's legal commands are asked for at every version, and most come back
        version after version: the words of a command of a ``VIEW_FREE`` class (its
        label, targets and path read nothing of the view) are made once per language
        (and per players' names when they name a player), kept by the command itself
        (commands are frozen structs: hashable, equal by type and value; with the part
        of the view they read for a ``VIEW_KEYS`` class), already encoded: its label,
        and each step of its path as the start of a tree node. The tree is grown from
        those parts and joined, with no struct made or encoded per node: in a server
        this loop runs with cold processor caches, and each object it touches costs.
        The served tree checks its shape (a leaf per command) but not that a key met
        twice has the same label each time: ``build_steps`` does, and the conformance
        suite runs it over random games of every ruleset."""
        players = players or {}
        keeps = self._keeping
        unnamed = self._legal.get(lang)
        if unnamed is None:
            unnamed = self._legal[lang] = {}
        named = tuple(players.items())
        naming = self._legal_named.get((lang, named))
        if naming is None:
            if len(self._legal_named) >= LEGAL_NAMES:
                self._legal_named.clear()
            naming = self._legal_named[(lang, named)] = {}
        labels: list[bytes] = []
        # The tree as it grows: key -> a leaf's whole encoding (bytes), or a node's
        # [its encoding up to its children, its children].
        root: dict[str, Any] = {}
        shared_first: Any = None
        shared_key: Any = None
        shared_level: dict[str, Any] = root
        for index, command in enumerate(commands):
            # How the command's words are kept (``_keeping``): by the command itself,
            # by the command if a test says so, by it and a part of the view, or not.
            keeping = keeps.get(type(command))
            key: Any = None
            if keeping is True:
                key = command
            elif keeping is not None:
                how, read = keeping
                if how is _BY_VIEW_PART:
                    key = _Keyed(command, read(command, view))
                elif read(command):
                    key = command
            found = (unnamed.get(key) or naming.get(key)) if key is not None else None
            if found is None:
                found = self._say_command(command, view, lang, players, key is not None)
                if key is not None:
                    table = naming if found[1] else unnamed
                    if len(table) >= LEGAL_CACHE:
                        table.clear()
                    table[key] = found
            labels.append(found[0])
            last = len(found) - 2
            if last == 6 and found[4] == shared_key and found[2] == shared_first:
                # A board's pair removals and moves come in runs with the same first
                # two steps: the level of the run's leaves, found once.
                level = shared_level
            else:
                # The command's path into the tree (keys and heads from found[2] on);
                # a step is said where the tree first meets it.
                level = root
                for at in range(2, last, 2):
                    node = level.get(found[at])
                    if node is None:
                        head = found[at + 1]
                        if type(head) is not bytes:  # a command said anew: its step, now
                            head = self._head(head, lang, players, _NODE)
                        node = level[found[at]] = [head, {}]
                    elif type(node) is bytes:
                        raise WordsError(f"a command's path is a prefix of command {index}'s")
                    level = node[1]
                if last == 6:
                    shared_first, shared_key, shared_level = found[2], found[4], level
            if found[last] in level:
                raise WordsError(f"command {index}'s path ends where another path goes on")
            head = found[last + 1]
            if type(head) is not bytes:
                head = self._head(head, lang, players, _LEAF)
            level[found[last]] = head + (
                _INDICES[index] if index < len(_INDICES) else b"%d}" % index
            )
        return b"[" + b",".join(labels) + b"]", b"[" + _joined(root) + b"]"

    def _say_command(
        self, command: Any, view: Any, lang: str, players: Players, kept: bool
    ) -> _Said:
        """One command's words for ``legal_json``, encoded. A kept command's steps are
        all said now; another's are left as steps (``Step``), said by ``legal_json``
        only where the tree meets them first."""
        module, render = self.module, self.render
        label = module.label(command, view)
        path = module.path(command, view)
        if not path:
            raise WordsError(f"command {command!r} has an empty path")
        end = len(path) - 1
        said: list[Any] = [
            _json(
                CommandLabel(
                    text=render(label, lang, players).text,
                    targets=tuple(module.targets(command, view)),
                )
            ),
            kept
            and any(
                _SEAT_FIELD in _encode(message)
                for message in (label, *[step.label for step in path])
            ),
        ]
        for depth, step in enumerate(path):
            tail = _LEAF if depth == end else _NODE
            said += (step.key, self._head(step, lang, players, tail) if kept else step)
        return tuple(said)

    def _head(self, step: Step, lang: str, players: Players, tail: bytes) -> bytes:
        """A step as a ``ChoiceStep`` encoded up to its children (``tail``: ``_NODE``)
        or up to its command index (``_LEAF``)."""
        text = self.render(step.label, lang, players).text
        return _json(_StepHead(step.key, text, step.targets))[:-1] + tail

    def remembered(self) -> list[tuple[Any, str]]:
        """The commands ``legal`` keeps, each with its language (for the tests)."""
        tables = [(lang, table) for lang, table in self._legal.items()]
        tables += [(lang, table) for (lang, _), table in self._legal_named.items()]
        return [
            (key.command if isinstance(key, _Keyed) else key, lang)
            for lang, table in tables
            for key in table
        ]

    def render_steps(
        self, nodes: Sequence[StepNode], lang: str, players: Players | None = None
    ) -> tuple[ChoiceStep, ...]:
        out = []
        for node in nodes:
            out.append(
                ChoiceStep(
                    key=node.key,
                    label=self.render(node.label, lang, players).text,
                    targets=node.targets,
                    children=self.render_steps(node.children, lang, players),
                    command=node.command,
                )
            )
        return tuple(out)

    def refusal(
        self, violation: RuleViolation, view: Any | None, lang: str, players: Players | None = None
    ) -> Rendered:
        return self.render(self.module.refusal(violation, view), lang, players)


_RenderKey: TypeAlias = tuple[bytes, str, tuple[tuple[Seat, str | None], ...]]


def _render_key(message: Msg, lang: str, players: Players) -> _RenderKey:
    """What a rendering depends on: the message's encoding, the language and, when it
    may name a player, every seat's player name in seat order (a message naming nobody
    reads the same in every game; one naming a player is kept per game's names, with no
    walk through its arguments to find which)."""
    encoded = _encode(message)
    if _SEAT_FIELD in encoded:
        return (encoded, lang, tuple(players.items()))
    return (encoded, lang, ())


def seat_at(index: int, players: Players) -> Seat:
    """The seat id of the ``index``-th seat: ``players`` lists the game's seats in order."""
    seats = list(players)
    if isinstance(index, bool) or not 0 <= index < len(seats):
        raise WordsError(
            f"seat index {index} needs the game's seats in order as players (given {seats})"
        )
    return seats[index]


_IF = "if"
_BY_VIEW_PART = "by view part"
"""``Words._keeping``'s two conditional ways."""
_UNSAID = object()
"""``Words.sentence``'s marker for an event not said yet (None is a said nothing)."""


class _Keyed(NamedTuple):
    """A command of a ``VIEW_KEYS`` class with the part of the view its words read:
    the key its words are kept by."""

    command: Any
    part: Any


_Said: TypeAlias = tuple[Any, ...]
"""A command's words in one language (``Words.legal_json``), encoded, in one flat
tuple (each object the loop reads costs it a cache miss in a busy server):
``(label, names_players, key, head, key, head, ...)``: its ``CommandLabel``; whether its
label or a step names a player (then kept per players' names); then each step of its
path, its key and its ``ChoiceStep`` encoded up to its children (``{"key":…,"children":[``),
the last up to its command index (``…"children":[],"command":``). A command that is not
kept holds its ``Step`` instead of each head: ``legal_json`` says a step only where its
tree meets it first."""


class _StepHead(msgspec.Struct, frozen=True, gc=False):
    """The first fields of a ``ChoiceStep``, in its order (``Words._head``)."""

    key: str
    label: str
    targets: tuple[str, ...]


_json = msgspec.json.Encoder().encode
_NODE = b',"children":['
_LEAF = b',"children":[],"command":'
_NODE_END = b'],"command":null}'
_INDICES = tuple(b"%d}" % index for index in range(2048))
"""A leaf's end, by its command index, made once."""
_LABELS = msgspec.json.Decoder(list[CommandLabel]).decode
_STEPS = msgspec.json.Decoder(tuple[ChoiceStep, ...]).decode


def _joined(level: dict[str, Any]) -> bytes:
    """The nodes of one level of ``Words.legal_json``'s tree, encoded."""
    return b",".join(
        [
            node if type(node) is bytes else node[0] + _joined(node[1]) + _NODE_END
            for node in level.values()
        ]
    )


class _Node:
    """A node of the steps tree while ``build_steps`` builds it."""

    __slots__ = ("children", "command", "step")

    def __init__(self, step: Step) -> None:
        self.step = step
        self.children: dict[str, _Node] = {}
        self.command: int | None = None


def build_steps(paths: Sequence[Sequence[Step]]) -> tuple[StepNode, ...]:
    """The tree of successive choices of a list of commands, from their paths.

    Commands whose paths share a prefix share its nodes; each leaf holds exactly one
    command (its index in ``paths``). Raises ``WordsError`` when a path is empty, when
    two commands have the same path, when a path is a prefix of another (a node would
    be both a choice and a command), or when one key gets two labels or target lists."""

    def freeze(level: dict[str, _Node]) -> tuple[StepNode, ...]:
        return tuple(
            StepNode(n.step.key, n.step.label, n.step.targets, freeze(n.children), n.command)
            for n in level.values()
        )

    return freeze(_grow(paths))


def _grow(paths: Sequence[Sequence[Step]]) -> dict[str, _Node]:
    """The nodes of ``build_steps``' tree, checked as ``build_steps`` says."""
    root: dict[str, _Node] = {}
    for index, path in enumerate(paths):
        _place(root, index, path)
    return root


def _place(root: dict[str, _Node], index: int, path: Sequence[Step]) -> None:
    """Put command ``index``'s ``path`` into the tree at ``root``, checked as
    ``build_steps`` says (``Words.legal_json`` grows its tree the same way, without
    comparing the steps met twice under one key, the costliest check)."""
    if not path:
        raise WordsError(f"command {index} has an empty path")
    level = root
    end = len(path) - 1
    for depth, step in enumerate(path):
        node = level.get(step.key)
        if node is None:
            node = level[step.key] = _Node(step)
        elif node.step is not step and node.step != step:
            raise WordsError(f"step {step.key!r} has two labels or target lists: {step}")
        if depth == end:
            if node.command is not None or node.children:
                raise WordsError(f"command {index}'s path ends where another path goes on")
            node.command = index
        elif node.command is not None:
            raise WordsError(f"command {node.command}'s path is a prefix of command {index}'s")
        level = node.children


def leaves(nodes: Sequence[StepNode]) -> list[int]:
    """The command indices held by a tree's leaves, depth first."""
    out: list[int] = []
    for node in nodes:
        if node.command is not None:
            out.append(node.command)
        out.extend(leaves(node.children))
    return out


# --- Shared messages (plateau.ftl) ----------------------------------------------------

REFUSED = "plateau-refused"
"""``This move is not allowed``: a game's refusal for a violation it cannot say better."""
SEAT_NUMBER = "plateau-seat-number"
"""``Player { $number }``: the fallback name of a numbered seat."""
CAPTION_VERSION = "plateau-caption-version"
CAPTION_FINISHED = "plateau-caption-finished"
CAPTION_NOBODY = "plateau-caption-nobody"
CAPTION_TO_ACT = "plateau-caption-to-act"
CAPTION_SEEN_BY = "plateau-caption-seen-by"
CAPTION_SPECTATOR = "plateau-caption-seen-by-spectator"


# --- A game's dispatchers, built from its tables -----------------------------------

SentenceWriter: TypeAlias = "Callable[[Any, Seat | None], Msg | None]"
V = TypeVar("V")


def sentences(
    table: Mapping[type[Any], SentenceWriter | None],
) -> Callable[[Any, Seat | None], Msg | None]:
    """A game's ``sentence`` from its ``SENTENCES``: the event's class chooses the
    writer; None in the table (setup, bookkeeping) says nothing."""

    def sentence(event: Any, seat: Seat | None) -> Msg | None:
        """One sentence for ``event`` (already redacted for ``seat``), or None."""
        write = table[type(event)]
        return None if write is None else write(event, seat)

    return sentence


def labels(table: Mapping[type[Any], Callable[[Any, V], Msg]]) -> Callable[[Any, V], Msg]:
    """A game's ``label`` from its ``LABELS``: the command's class chooses the phrase."""

    def label(command: Any, view: V) -> Msg:
        """A short phrase for a legal ``command`` of the viewer."""
        return table[type(command)](command, view)

    return label


RefusalArgs: TypeAlias = "dict[str, Any] | Msg | None"


def refusals(
    ids: Mapping[str, str],
    plain: Mapping[str, str],
    args_of: Callable[[RuleViolation, V | None], RefusalArgs],
) -> Callable[[RuleViolation, V | None], Msg]:
    """A game's ``refusal`` from its tables: ``ids`` (code -> the message that names
    what the caller's view shows), ``plain`` (code -> the message without them) and
    ``args_of`` (the arguments from the violation and the view; None when they cannot
    be read, then the plain message; a whole :class:`Msg` where a case has its own).
    A code in neither table gets :data:`REFUSED`."""

    def refusal(violation: RuleViolation, view: V | None) -> Msg:
        """A sentence for a refused command, to the caller, from the violation's
        details and the caller's view; never a raw value the caller sent."""
        message_id = ids.get(violation.code)
        if message_id is None:
            return msg(REFUSED)
        args = args_of(violation, view)
        if args is None:
            return msg(plain[violation.code])
        return args if isinstance(args, Msg) else Msg(message_id, args)

    return refusal


STALE = "plateau-refusal-stale"
STALE_SETUP = "plateau-refusal-stale-setup"
NOT_STARTED = "plateau-refusal-not-started"
FINISHED = "plateau-refusal-finished"
KEPT_CHANGING = "plateau-refusal-kept-changing"


def stale(moved: Sequence[Seat]) -> Msg:
    """A command named a version the game has left: who moved meanwhile (none: the
    game started meanwhile)."""
    if not moved:
        return msg(STALE_SETUP)
    return msg(STALE, players=Many(tuple(Player(s) for s in moved)), count=len(moved))


def not_active(status: str) -> Msg:
    """A command to a game that is not running: waiting for seats, or over."""
    return msg(NOT_STARTED if status == "waiting" else FINISHED)


def kept_changing() -> Msg:
    """A command that lost every race for its version."""
    return msg(KEPT_CHANGING)


def seat_number(number: int) -> Msg:
    """The fallback name of the ``number``-th seat (1-based): ``Player 1``, ``Joueur 1``."""
    return msg(SEAT_NUMBER, number=number)


def caption(
    title: str,
    lang: str,
    who: Callable[[Seat], str],
    *,
    version: int | None,
    viewer: Seat | None,
    to_act: Sequence[Seat],
    winners: Sequence[Seat] | None,
) -> str:
    """A picture's caption in ``lang`` (any game): ``ArkantiS · version 12 · to act:
    Alice · seen by Bob``; ``who`` names a seat."""
    catalogue = PLATEAU.get(lang)
    if catalogue is None:
        raise UnknownLanguage(f"no {lang!r} catalogue; languages: {LANGUAGES}")
    parts = [title]
    if version is not None:
        parts.append(catalogue.format(CAPTION_VERSION, {"version": version}))
    if winners is not None:
        won = (
            format_list([who(s) for s in winners], locale=lang)
            if winners
            else catalogue.format(CAPTION_NOBODY, {})
        )
        parts.append(catalogue.format(CAPTION_FINISHED, {"winners": won}))
    elif to_act:
        seats = format_list([who(s) for s in to_act], locale=lang)
        parts.append(catalogue.format(CAPTION_TO_ACT, {"seats": seats}))
    if viewer is None:
        parts.append(catalogue.format(CAPTION_SPECTATOR, {}))
    else:
        parts.append(catalogue.format(CAPTION_SEEN_BY, {"viewer": who(viewer)}))
    return " · ".join(parts)


# --- The registry -----------------------------------------------------------------

_REGISTRY: dict[str, Words] | None = None


def registry() -> dict[str, Words]:
    """Ruleset name -> its words, for every ruleset that has a ``words`` module (found
    on first use, like ``domain.pictures`` finds ``picture.py``; no game is named here)."""
    global _REGISTRY
    if _REGISTRY is None:
        from domain import RULESETS

        found: dict[str, Words] = {}
        for name in RULESETS:
            module_name = f"domain.{name}.words"
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name == module_name:
                    continue
                raise
            found[name] = Words(name, cast(GameWords, module))
        _REGISTRY = found
    return _REGISTRY


def words_for(ruleset: str) -> Words:
    """The words of ``ruleset``; :class:`NoWords` when it has no ``words`` module."""
    found = registry().get(ruleset)
    if found is None:
        raise NoWords(f"no words module for {ruleset} (domain/{ruleset}/words.py)")
    return found


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Arg",
    "Catalogue",
    "GameWords",
    "Many",
    "Msg",
    "NoWords",
    "Part",
    "Player",
    "Rendered",
    "Step",
    "StepNode",
    "UnknownLanguage",
    "CatalogueArg",
    "CatalogueMessage",
    "ChoiceStep",
    "Words",
    "WordsError",
    "build_steps",
    "leaves",
    "caption",
    "kept_changing",
    "msg",
    "not_active",
    "registry",
    "seat_number",
    "stale",
    "words_for",
]
