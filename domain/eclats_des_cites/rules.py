"""setup, decide, legal_commands, to_act and outcome (spec sections 5, 7, 10, 11).

``decide`` validates a command in the spec's order (7.0), then emits events
and runs the automatic steps (the resolution loop of 10.4) until the game
needs a player's answer. Each event is folded with ``evolve`` as soon as it
is emitted, so the loop always reads the state the log describes.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsCommand,
    EclatsTakeCard,
    param_of,
)
from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    HIDDEN,
    UPGRADE_IDS,
    WONDER_IDS,
    all_piles,
    border,
    border_composition,
    central_composition,
    seat_name,
)
from domain.eclats_des_cites.events import (
    EclatsBorderTop,
    EclatsCardTaken,
    EclatsGameSetUp,
    EclatsRevealedCardChosen,
    EclatsUpgradeTaken,
    EclatsWonderChosen,
)
from domain.eclats_des_cites.payment import (
    ranking,
)
from domain.eclats_des_cites.resolution import Sim, after_choice, next_wonder, play, resolve
from domain.eclats_des_cites.state import EclatsOptions, EclatsState
from domain.kernel import Outcome, Rng, RuleViolation, Standing

SEAT_INDEX: dict[str, int] = {seat_name(i): i for i in range(5)}
_CMD_FOR_KIND: dict[str, type] = {
    "choose_wonder": EclatsChooseWonder,
    "take_card": EclatsTakeCard,
    "choose_revealed_card": EclatsChooseRevealedCard,
    "choose_upgrade": EclatsChooseUpgrade,
}
_KIND_OF_CMD: dict[type, str] = {v: k for k, v in _CMD_FOR_KIND.items()}


# --- options and setup ------------------------------------------------------------


def validate_options(options: Any) -> None:
    if not isinstance(options, EclatsOptions):
        raise RuleViolation("invalid_options", "options must be eclats_des_cites options")
    n = options.seat_count
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 5:
        raise RuleViolation(
            "invalid_options", f"seat_count must be 2 to 5, not {n!r}", {"seat_count": n}
        )


def decode_options(raw: bytes | str | dict[str, Any]) -> EclatsOptions:
    """Parse options (JSON or builtins); ``invalid_options`` for an unknown option or a bad value."""
    try:
        if isinstance(raw, dict):
            options = msgspec.convert(raw, type=EclatsOptions)
        else:
            options = msgspec.json.decode(raw, type=EclatsOptions)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise RuleViolation("invalid_options", f"bad options: {exc}") from None
    validate_options(options)
    return options


def seats(options: EclatsOptions) -> tuple[str, ...]:
    return tuple(seat_name(i) for i in range(options.seat_count))


def setup(options: EclatsOptions, rng: Rng) -> list[Any]:
    validate_options(options)
    n = options.seat_count
    first = rng.randint(0, n - 1)  # R1
    central = rng.shuffled(central_composition())  # R2
    borders = {border(i): rng.shuffled(border_composition()) for i in range(n)}  # R3
    upgrades = rng.shuffled(UPGRADE_IDS)  # R4
    sim = Sim(None)
    sim.emit(
        EclatsGameSetUp(
            seat_count=n,
            first_seat=first,
            wonder_choice_order=[(first - k) % n for k in range(1, n + 1)],
            central=central,
            central_count=len(central),
            borders=borders,
            border_tops={
                b: EclatsBorderTop(count=len(cards), top=cards[0]) for b, cards in borders.items()
            },
            upgrades_face_up=upgrades[:3],
            upgrades_hidden=upgrades[3:],
            upgrades_hidden_count=len(upgrades) - 3,
        )
    )
    next_wonder(sim)
    return sim.events


# --- decide ------------------------------------------------------------------------


def decide(state: EclatsState, seat: str, command: EclatsCommand) -> list[Any]:
    value = param_of(command)  # 1. invalid_payload
    index = SEAT_INDEX.get(seat) if isinstance(seat, str) else None
    if index is None or index >= state.n:  # 2.
        raise RuleViolation("not_a_player", f"{seat!r} holds no seat in this game", {"seat": seat})
    if state.status == "finished":  # 3.
        raise RuleViolation("game_finished", "the game is over")
    pending = state.pending
    if pending is None or pending.seat != index:  # 4.
        waiting = None if pending is None else seat_name(pending.seat)
        raise RuleViolation(
            "not_your_turn", f"the game waits on {waiting}, not {seat}", {"waiting_on": waiting}
        )
    kind = _KIND_OF_CMD[type(command)]
    if kind != pending.kind:  # 5.
        raise RuleViolation(
            "wrong_command",
            f"{seat} must answer {pending.kind}, not {kind}",
            {"expected": pending.kind, "got": kind},
        )
    sim = Sim(state)
    if kind == "choose_wonder":
        _choose_wonder(sim, index, value)
    elif kind == "take_card":
        _take_card(sim, index, value)
    elif kind == "choose_revealed_card":
        _choose_revealed(sim, index, value)
    else:
        _choose_upgrade(sim, index, value)
    return sim.events


def _choose_wonder(sim: Sim, seat: int, wonder: str) -> None:
    if wonder not in WONDER_IDS:
        raise RuleViolation(
            "unknown_wonder", f"there is no wonder {wonder!r}", {"wonder_id": wonder}
        )
    for p in sim.state.players:
        if p.wonder == wonder:
            raise RuleViolation(
                "wonder_taken",
                f"{wonder} is already held by {seat_name(p.seat)}",
                {"wonder_id": wonder, "seat": seat_name(p.seat)},
            )
    sim.emit(EclatsWonderChosen(seat=seat, wonder_id=wonder, automatic=False))
    next_wonder(sim)


def _take_card(sim: Sim, seat: int, pile_id: str) -> None:
    s = sim.state
    assert s.pending is not None
    piles = all_piles(s.n)
    if pile_id not in piles:
        raise RuleViolation("unknown_pile", f"there is no pile {pile_id!r}", {"pile_id": pile_id})
    allowed = piles if s.pending.source == "colosse" else ACCESSIBLE[s.n][seat]
    if pile_id not in allowed:
        raise RuleViolation(
            "pile_not_allowed",
            f"{pile_id} is not one of {seat_name(seat)}'s piles for a {s.pending.source} take",
            {"pile_id": pile_id, "allowed": list(allowed)},
        )
    pile = s.piles[pile_id]
    if not pile:
        raise RuleViolation("pile_empty", f"{pile_id} is empty", {"pile_id": pile_id})
    card = pile[0]
    new_top = pile[1] if pile_id != "central" and len(pile) > 1 else None
    sim.emit(EclatsCardTaken(seat=seat, pile_id=pile_id, card_id=card, new_top=new_top))
    play(sim, seat, card)
    resolve(sim)


def _choose_revealed(sim: Sim, seat: int, card: str) -> None:
    turn = sim.state.turn
    revealed = list(turn.revealed) if turn is not None else []
    if card not in revealed:
        raise RuleViolation(
            "card_not_revealed", f"{card!r} is not among the revealed cards", {"card_id": card}
        )
    revealed.remove(card)
    sim.emit(
        EclatsRevealedCardChosen(
            seat=seat, card_id=card, returned_to_bottom=revealed, automatic=False
        )
    )
    after_choice(sim, seat, card)
    resolve(sim)


def _choose_upgrade(sim: Sim, seat: int, upgrade: str) -> None:
    s = sim.state
    if upgrade != HIDDEN and upgrade not in UPGRADE_IDS:
        raise RuleViolation(
            "unknown_upgrade", f"there is no upgrade {upgrade!r}", {"upgrade": upgrade}
        )
    if upgrade == HIDDEN:
        if not s.upgrades_hidden:
            raise RuleViolation("hidden_pile_empty", "the hidden upgrade pile is empty")
        event = EclatsUpgradeTaken(
            seat=seat, upgrade_id=s.upgrades_hidden[0], from_="hidden", slot=None, replacement=None
        )
    else:
        if upgrade not in s.upgrades_face_up:
            raise RuleViolation(
                "upgrade_not_available", f"{upgrade} is not face up", {"upgrade": upgrade}
            )
        slot = s.upgrades_face_up.index(upgrade)
        replacement = s.upgrades_hidden[0] if s.upgrades_hidden else None
        event = EclatsUpgradeTaken(
            seat=seat, upgrade_id=upgrade, from_="face_up", slot=slot, replacement=replacement
        )
    sim.emit(event)
    resolve(sim)


# --- queries -------------------------------------------------------------------------


def legal_commands(state: EclatsState, seat: str) -> list[Any]:
    pending = state.pending
    if state.status == "finished" or pending is None or SEAT_INDEX.get(seat) != pending.seat:
        return []
    cls = _CMD_FOR_KIND[pending.kind]
    if cls is EclatsTakeCard:
        return [EclatsTakeCard(pile_id=o) for o in pending.options]
    if cls is EclatsChooseUpgrade:
        return [EclatsChooseUpgrade(upgrade=o) for o in pending.options]
    if cls is EclatsChooseRevealedCard:
        return [EclatsChooseRevealedCard(card_id=o) for o in pending.options]
    return [EclatsChooseWonder(wonder_id=o) for o in pending.options]


def to_act(state: EclatsState) -> list[str]:
    if state.status == "finished" or state.pending is None:
        return []
    return [seat_name(state.pending.seat)]


def outcome(state: EclatsState) -> Outcome | None:
    result = state.result
    if state.status != "finished" or result is None:
        return None
    by_seat = {x.seat: x for x in result.scores}
    _, decided = ranking(
        [by_seat[i].total for i in range(state.n)],
        [by_seat[i].stages for i in range(state.n)],
        state.first_seat,
    )
    standings = tuple(
        Standing(seat=seat_name(s), rank=k + 1, score=by_seat[s].total)
        for k, s in enumerate(result.ranking)
    )
    return Outcome(standings=standings, winners=(seat_name(result.winner),), decided_by=decided)
