"""ArkantiS test helpers: the spec's test contexts (section 14: context K and the
boards) and the shared ``play``/``rejected``/``ScriptedRng`` bound to this ruleset."""

from __future__ import annotations

from typing import Any

from domain.arkantis import RULESET
from domain.arkantis.commands import ArkantisBuyCard
from domain.arkantis.components import CARD_BY_ID, CARD_IDS_BY_COLOUR, SESTERCES
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.shapes import rows_to_mask
from domain.arkantis.state import ArkantisLaidCard, ArkantisPile, ArkantisPlayerState, ArkantisState
from domain.kernel import Rng, RuleViolation
from tests.domain import helpers
from tests.domain.arkantis.support import AnyVisiblePurchase, canonical
from tests.domain.helpers import ScriptedRng

ALICE, BOB, CAROL = "seat_0", "seat_1", "seat_2"


def board(text: str) -> tuple[str, ...]:
    """Rows of a board drawn as in the spec (header and row labels optional)."""
    rows = [
        line.split()[-1]
        for line in text.strip().splitlines()
        if line.strip() and not line.strip()[0].isdigit()
    ]
    assert len(rows) == 7 and all(len(r) == 7 for r in rows), rows
    return tuple(rows)


BOARDS: dict[str, tuple[str, ...]] = {
    "A": ("BRBBBBB", "BBBBRBB", "BBRBBBB", "BBBBBBB", "BBBRBBB", "BBBBBRR", "RBBBBBB"),
    "B": ("BBRBBBB", "BRBBRRR", "BBBBBBB", "BBBRBBB", "BBBBBBR", "RBBBBBB", "BBBBRBB"),
    "C": ("BBBRBBB", "BBRBRBB", "BRBBBRB", "BBRBRBB", "BBBBBBB", "BBBRBBB", "BBBBBBB"),
    "D": ("BBBBRBB", "BBRBBRB", "BBBBBRB", "RBBBBBB", "BBBRBBR", "BRBBBBB", "BBBBBRB"),
    "E": ("BBBBBRB", "BBBRBBB", "RBBBBBB", "BBBBRBB", "BBRBBBB", "BRBRBBB", "RRRRRBB"),
    "G": ("BRRRRRR", "RRRRRRR", "RRBRRRR", "RRRRRRR", "RRRRRBR", "RRRRRRR", "RRRRRRR"),
    "H": ("BBBBBBB", "BBBRBBB", "BBBBBBB", "BBBBBBB", "BRBBBBB", "RRRRRRB", "BBBBBBR"),
    "X": ("BRRBRRR", "RBBRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR"),
    "Y": ("RRRBRRR", "BBBRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR", "RRRRRRR"),
}

K_HANDS: dict[str, tuple[Any, ...]] = {
    ALICE: ("key_1", "tower_1", "hammer_1"),
    BOB: ("boot_1", "rampart_1", "column_1"),
    CAROL: ("arch_2", "tiers_1", "bayonet_2"),
}
ORANGE_TOP = ("arch_1", "pickaxe_1")
EMERALD_TOP = ("paving_1", "bayonet_1")


def context(
    board_name: str = "A",
    *,
    players: int = 2,
    hands: dict[str, tuple[Any, ...]] | None = None,
    sesterces: dict[str, int] | None = None,
    bank: int | None = None,
    laid: dict[str, tuple[Any, ...]] | None = None,
    passed: dict[str, int] | None = None,
    tokens_at_last_move: dict[str, int | None] | None = None,
    orange_hidden: tuple[str, ...] | None = None,
    emerald_hidden: tuple[str, ...] | None = None,
    orange_visible: Any = "trowel_1",
    emerald_visible: Any = "set_square_4",
    turn: int = 1,
    active: str = ALICE,
    phase: Any = "action",
) -> ArkantisState:
    """Context K of spec 14, with the given differences.

    Hidden piles: the spec's top cards, then every card of that colour that is
    in no hand, slot or laid pile, in card-id order (so the 55 cards stay whole)."""
    seats = [f"seat_{i}" for i in range(players)]
    hands = {s: K_HANDS[s] for s in seats} | (hands or {})
    money = {s: 3 for s in seats} | (sesterces or {})
    laid = laid or {}
    passed = passed or {}
    moved = tokens_at_last_move or {}
    used = {c for s in seats for c in hands[s]} | {c for s in seats for c in laid.get(s, ())}
    used |= {orange_visible, emerald_visible}

    def pile(colour: str, top: tuple[str, ...], given: tuple[str, ...] | None) -> tuple[Any, ...]:
        if given is not None:
            return given
        top = tuple(c for c in top if c not in used)
        rest = tuple(c for c in CARD_IDS_BY_COLOUR[colour] if c not in used and c not in top)
        return top + rest

    state = ArkantisState(
        status="in_progress",
        options=ArkantisOptions(player_count=players),
        tokens=rows_to_mask(BOARDS[board_name]),
        bank=SESTERCES - sum(money.values()) if bank is None else bank,
        orange=ArkantisPile(
            hidden=pile("orange", ORANGE_TOP, orange_hidden), visible=orange_visible
        ),
        emerald=ArkantisPile(
            hidden=pile("emerald", EMERALD_TOP, emerald_hidden), visible=emerald_visible
        ),
        players=tuple(
            ArkantisPlayerState(
                seat=s,
                seat_index=i,
                sesterces=money[s],
                hand=hands[s],
                laid=tuple(
                    ArkantisLaidCard(
                        card_id=c, card_type=CARD_BY_ID[c].card_type, shape_id="s1", turn=1
                    )
                    for c in laid.get(s, ())
                ),
                passed=s in passed,
                leave_position=passed.get(s),
                tokens_at_last_move=moved.get(s),
            )
            for i, s in enumerate(seats)
        ),
        turn=turn,
        active_seat=active,
        phase=phase,
        leave_count=len(passed),
    )
    return state


def legal(state: ArkantisState, seat: str) -> list[Any]:
    return RULESET.legal_commands(state, seat)


def listed_form(state: ArkantisState, command: Any) -> Any:
    """The form ``legal_commands`` lists of an equivalent command (spec 7.12): a pair's
    cells in reading order, a visible purchase naming the card now face up."""
    command = canonical(command)
    if isinstance(command, AnyVisiblePurchase):
        return ArkantisBuyCard(
            colour=command.colour,  # type: ignore[arg-type]
            source="visible",
            expected_card_id=state.pile(command.colour).visible,  # type: ignore[arg-type]
        )
    return command


def play(
    state: ArkantisState, seat: str, command: Any, rng: Rng | None = None
) -> tuple[ArkantisState, list[Any]]:
    """Decide ``command`` (asserting it is listed as legal) and fold its events."""
    result: tuple[ArkantisState, list[Any]] = helpers.play(
        RULESET, state, seat, command, rng, canonical=lambda c: listed_form(state, c)
    )
    return result


def rejected(
    state: ArkantisState, seat: str, command: Any, code: str | None = None
) -> RuleViolation:
    """Decide ``command``, which must fail (with ``code`` when given), not be listed and
    leave the state unchanged; returns the RuleViolation."""
    return helpers.rejected(
        RULESET, state, seat, command, code, canonical=lambda c: listed_form(state, c)
    )


def sesterces(state: ArkantisState) -> dict[str, int]:
    return {p.seat: p.sesterces for p in state.players}


def rows_of(state: ArkantisState) -> tuple[str, ...]:
    return RULESET.view(state, None).board


__all__ = ["ScriptedRng"]
