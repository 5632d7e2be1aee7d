"""Helpers of the Les Tours Arc-en-Ciel rule tests: the shared ``play``/``rejected``/
``ScriptedRng`` of ``tests/domain/helpers.py`` bound to this ruleset, and state builders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel import AnyRuleset, RuleViolation, SetupContext, fold, tag_of
from domain.tours_arc_en_ciel import RULESET
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import DRAGONS, HOUSE_DRAGONS, TOWERS
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursState
from tests.domain import helpers
from tests.domain.helpers import ScriptedRng
from tests.domain.tours_arc_en_ciel.support import canonical

RS: AnyRuleset = RULESET
"""The ruleset as the service holds it (messages typed loosely: tests read any event's fields)."""

__all__ = ["RS", "ScriptedRng", "play", "rejected"]


def new_state(
    houses: Sequence[str] = ("fire", "ice"), gold: str | None = "fire", **options: Any
) -> ToursState:
    """A game set up with unshuffled decks (pile = the 72 cards in island order)."""
    opts = ToursOptions(houses=list(houses), **options)  # type: ignore[arg-type]
    events = RS.setup(opts, SetupContext(last_winner_seat=gold), ScriptedRng(dice=[20, 1] * 8))
    return fold(RS, events)  # type: ignore[no-any-return]


def index_of(state: ToursState, house: str) -> int:
    """The seat index of ``house``."""
    return state.houses.index(house)  # type: ignore[arg-type]


def set_hand(state: ToursState, house: str, cards: dict[str, int]) -> ToursState:
    hands = list(state.hands)
    hands[index_of(state, house)] = dict(sorted(cards.items()))  # type: ignore[assignment]
    return replace(state, hands=hands)


def at_phase(state: ToursState, house: str, phase: str) -> ToursState:
    return replace(state, active_seat=index_of(state, house), phase=phase)


def _take_out(state: ToursState, dragon: str) -> ToursState:
    s = index_of(state, DRAGONS[dragon].house)
    reserve, eliminated = list(state.reserve), list(state.eliminated)
    occupant = {t: d for t, d in state.occupant.items() if d != dragon}
    reserve[s] = [d for d in reserve[s] if d != dragon]
    eliminated[s] = [d for d in eliminated[s] if d != dragon]
    return replace(state, reserve=reserve, eliminated=eliminated, occupant=occupant)


def put(
    state: ToursState, tower: str, dragon: str, defense: int | None = None, hidden: bool = False
) -> ToursState:
    """Place ``dragon`` (taken from wherever it is) on ``tower``."""
    state = _take_out(state, dragon)
    occupant = dict(state.occupant)
    occupant[tower] = dragon
    defenses = dict(state.defense)
    if defense is not None:
        defenses[tower] = defense
    hidden_list = (
        sorted({*state.hidden, dragon}) if hidden else [d for d in state.hidden if d != dragon]
    )
    return replace(state, occupant=occupant, defense=defenses, hidden=hidden_list)


def eliminate(state: ToursState, *dragons: str) -> ToursState:
    for dragon in dragons:
        state = _take_out(state, dragon)
        eliminated = list(state.eliminated)
        s = index_of(state, DRAGONS[dragon].house)
        eliminated[s] = [*eliminated[s], dragon]
        state = replace(state, eliminated=eliminated)
    return state


def fill_board(state: ToursState, house: str, towers: Sequence[str]) -> ToursState:
    """Place the first reserve Dragons of ``house`` on ``towers`` in order."""
    for tower, dragon in zip(towers, list(state.reserve[index_of(state, house)]), strict=False):
        state = put(state, tower, dragon)
    return state


def dragons_of(house: str) -> tuple[str, ...]:
    return HOUSE_DRAGONS[house]


def play(
    state: ToursState,
    house: str,
    command: Any,
    dice: Iterable[int] = (),
    shuffles: Iterable[Sequence[Any]] = (),
    choices: Iterable[int] = (),
) -> tuple[ToursState, list[Any]]:
    """The shared ``play`` (the command must be listed) with scripted d20s, shuffles
    and ``choice`` indices (parity cards), every one of which must be used."""
    rng = ScriptedRng(dice, choices=choices, shuffles=shuffles)
    state, events = helpers.play(RULESET, state, house, command, rng, canonical=canonical)
    assert not rng.dice and not rng.choices, f"unused scripted draws {rng.dice} {rng.choices}"
    return state, events


def rejected(state: ToursState, house: str, command: Any, code: str) -> RuleViolation:
    """The shared ``rejected``: not listed, refused with ``code``, state unchanged."""
    return helpers.rejected(
        RULESET, state, house, command, code, ScriptedRng(), canonical=canonical
    )


def types(events: list[Any]) -> list[str]:
    """The events' tags without the ruleset prefix."""
    return [tag_of(e).split(".", 1)[1] for e in events]


# --- Builders shared by the topic files ---------------------------------------


def in_play_phase(
    state: ToursState | None = None, hand: dict[str, int] | None = None, house: str = "fire"
) -> ToursState:
    """``house`` to play, holding ``hand`` (default one coral card)."""
    state = new_state() if state is None else state
    return at_phase(set_hand(state, house, hand or {"coral": 1}), house, "play")


def at_third(state: ToursState, house: str, *cards: str) -> ToursState:
    """``house`` at its third action, ``cards`` on top of the chance deck."""
    state = at_phase(state, house, "third")
    return replace(state, chance_deck=[*cards, *state.chance_deck]) if cards else state


def drawn(state: ToursState, card: str, house: str = "fire") -> tuple[ToursState, list[Any]]:
    """``house`` draws ``card`` as its third action."""
    return play(at_third(state, house, card), house, cm.ToursDrawChance())


def attack_events(state: ToursState, dice: list[int]) -> tuple[ToursState, list[Any]]:
    """Fire lands fire_10_blower_1 on coral_tourmaline with a tourmaline card."""
    cmd = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_10_blower_1"
    )
    state = at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play")
    return play(state, "fire", cmd, dice=dice)


def attack(
    state: ToursState,
    dice: list[int],
    dragon: str = "fire_10_blower_1",
    choices: list[int] | None = None,
) -> ev.ToursCombatResolved:
    """Fire lands ``dragon`` on coral_tourmaline (held by an ice Dragon) with a tourmaline card."""
    state = at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play")
    cmd = cm.ToursLandDragon(island="tourmaline", tower="coral_tourmaline", dragon=dragon)
    _, events = play(state, "fire", cmd, dice=dice, choices=choices or [])
    combat = events[2]
    assert isinstance(combat, ev.ToursCombatResolved)
    return combat


def t12_state() -> ToursState:
    """T12: fire and ice each hold four of the Diamond's eight towers."""
    state = new_state()
    fire = ["diamond_topaz", "diamond_amethyst", "diamond_jade", "diamond_ruby"]
    ice = ["diamond_sapphire", "diamond_emerald", "diamond_onyx", "diamond_opal"]
    for n, (f, i) in enumerate(zip(fire, ice, strict=True)):
        state = put(state, f, f"fire_10_mason_{n + 1}" if n < 3 else "fire_15_mason_1")
        state = put(state, i, f"ice_10_mason_{n + 1}" if n < 3 else "ice_15_mason_1")
    return state


def fire_reserve_empty(state: ToursState, eliminated: Sequence[str]) -> ToursState:
    """Fire with ``eliminated`` out and every other Dragon on the board."""
    state = eliminate(state, *eliminated)
    towers = [t for t in TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    return fill_board(state, "fire", towers)


def last_turn(state: ToursState) -> ToursState:
    """Fire's third action in the final turn, a combat card on the chance deck."""
    return replace(at_third(state, "fire"), final_turn=True, chance_deck=["combat_plus_5"])


ICE_HELD = put(new_state(), "coral_tourmaline", "ice_10_mason_1", 2)
"""An ice Dragon on coral_tourmaline with defense 2."""
