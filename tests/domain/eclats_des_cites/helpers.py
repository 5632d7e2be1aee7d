"""Building "Given" states for the scenario tests (spec section 14).

``given(...)`` starts from a real setup, then places the cards, wonders,
upgrades and piles a scenario describes, with a ``take_card(source: turn)``
decision pending for the seat whose turn it is (the spec's default). A pile
written ``[a, b, ...]`` gets filler cards after its given top; the filler is
``archives_des_echos``, a culture card with no effect when played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import EllipsisType
from typing import Any

from msgspec.structs import replace

from domain import Rng, RuleViolation, SeatedPlayer, SetupContext, fold
from domain.eclats_des_cites import RULESET
from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsCommand,
    EclatsTakeCard,
)
from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    UPGRADE_IDS,
    WONDER_IDS,
    CardId,
    SeatIndex,
    all_piles,
    seat_id,
)
from domain.eclats_des_cites.options import EclatsOptions
from domain.eclats_des_cites.state import EclatsDecision, EclatsState, EclatsTurn
from domain.kernel import Seat, tag_of
from tests.domain import helpers

RS = RULESET
FILLER: CardId = "archives_des_echos"

PileSpec = Sequence[str | EllipsisType]


def setup_events(n: int = 2, seed: str = "helper") -> list[Any]:
    options = EclatsOptions(seat_count=n)
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RS.seats(options)))
    return RS.setup(options, ctx, Rng(seed, 0))


def _pile(spec: PileSpec | None, fill: int) -> tuple[str, ...]:
    if spec is None:
        return (FILLER,) * fill
    cards = [c for c in spec if isinstance(c, str)]
    if spec and spec[-1] is Ellipsis:
        cards.extend([FILLER] * fill)
    return tuple(cards)


def given(
    n: int = 2,
    *,
    seat_index: SeatIndex = 0,
    first_seat: SeatIndex = 0,
    piles: Mapping[str, PileSpec] | None = None,
    wonders: dict[int, str] | None = None,
    stages: dict[int, int] | None = None,
    tableaux: Mapping[int, Mapping[str, int]] | None = None,
    upgrades: dict[int, Sequence[str]] | None = None,
    face_up: Sequence[str] | None = None,
    hidden: Sequence[str] | None = None,
    alerts: int = 0,
    permanent_shields: dict[int, int] | None = None,
    victories: dict[int, int] | None = None,
    fill: int = 10,
) -> EclatsState:
    """A state in the middle of a game: ``seat_index``'s turn, ``take_card(turn)`` pending."""
    base: EclatsState = fold(RS, setup_events(n))
    wonders = dict(wonders or {})
    free = [w for w in WONDER_IDS if w not in wonders.values()]
    players = []
    held_all: list[str] = []
    for p in base.players:
        i = p.seat
        held = tuple((upgrades or {}).get(i, ()))
        held_all.extend(held)
        players.append(
            replace(
                p,
                wonder=wonders[i] if i in wonders else free.pop(0),
                stages_built=(stages or {}).get(i, 0),
                tableau=dict((tableaux or {}).get(i, {})),
                upgrades=held,
                permanent_shields=(permanent_shields or {}).get(i, 0),
                victories=(victories or {}).get(i, 0),
                turns_taken=1 if i == seat_index else 0,
            )
        )
    rest = [u for u in UPGRADE_IDS if u not in held_all]
    if face_up is None:
        face_up = [u for u in rest if hidden is None or u not in hidden][:3]
    if hidden is None:
        hidden = [u for u in rest if u not in face_up]
    pile_map = {p: _pile((piles or {}).get(p), fill) for p in all_piles(n)}
    state = replace(
        base,
        status="playing",
        players=tuple(players),
        first_seat=first_seat,
        current_seat=seat_index,
        turn_number=1,
        piles=pile_map,
        upgrades_face_up=tuple(face_up),
        upgrades_hidden=tuple(hidden),
        alerts=alerts,
        turn=EclatsTurn(seat=seat_index),
    )
    options = tuple(p for p in ACCESSIBLE[n][seat_index] if state.piles[p])
    pending = EclatsDecision(seat=seat_index, kind="take_card", source="turn", options=options)
    return replace(state, pending=pending)


def seat(index: SeatIndex) -> Seat:
    """The seat id of a seat index."""
    return seat_id(index)


def take(pile: str) -> EclatsTakeCard:
    return EclatsTakeCard(pile_id=pile)


def pick(card: str) -> EclatsChooseRevealedCard:
    return EclatsChooseRevealedCard(card_id=card)


def upgrade(u: str) -> EclatsChooseUpgrade:
    return EclatsChooseUpgrade(upgrade=u)


def wonder(w: str) -> EclatsChooseWonder:
    return EclatsChooseWonder(wonder_id=w)


def play(
    state: EclatsState, seat: Seat, command: EclatsCommand, rng: Rng | None = None
) -> tuple[EclatsState, list[Any]]:
    """Assert ``command`` is listed, decide it, fold it: the new state and its events."""
    return helpers.play(RS, state, seat, command, rng)


def rejected(
    state: EclatsState, seat: Seat, command: Any, code: str | None = None, rng: Rng | None = None
) -> RuleViolation:
    """Assert ``command`` is not listed, is refused (with ``code``) and changes nothing."""
    return helpers.rejected(RS, state, seat, command, code, rng)


def types(events: Sequence[Any]) -> list[str]:
    """Event tags without the ruleset prefix."""
    return [tag_of(e).split(".", 1)[1] for e in events]


def tableau(state: EclatsState, index: SeatIndex) -> dict[CardId, int]:
    return dict(state.players[index].tableau)
