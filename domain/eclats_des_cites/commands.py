"""Commands of Éclats des Cités (spec section 7).

A player only ever answers the pending decision: there is no pass, end-turn,
discard or resign command (D26). Id parameters are plain, constrained
strings rather than ``Literal`` types so that an unknown id reaches
``decide`` and gets the spec's own code (``unknown_pile``, ``unknown_wonder``,
``unknown_upgrade``, ``card_not_revealed``) instead of a decoding error.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.kernel import CommandBase, RuleViolation

_ID_META: dict[str, Any] = dict(min_length=1, max_length=40, pattern="^[a-z0-9_]+$")

WonderParam = Annotated[
    str,
    msgspec.Meta(
        **_ID_META,
        description="A wonder id: observatoire, sanctuaire, colosse, pyramide_des_aurores or palais.",
        examples=["colosse"],
    ),
]
PileParam = Annotated[
    str,
    msgspec.Meta(
        **_ID_META,
        description="A pile id: central or border_0 … border_{n-1}.",
        examples=["central", "border_0"],
    ),
]
CardParam = Annotated[
    str,
    msgspec.Meta(
        **_ID_META,
        description="A card kind id among the revealed cards.",
        examples=["heraut"],
    ),
]
UpgradeParam = Annotated[
    str,
    msgspec.Meta(
        **_ID_META,
        description="A face-up upgrade id, or `hidden` for the top of the hidden pile.",
        examples=["technologie", "hidden"],
    ),
]


class EclatsChooseWonder(CommandBase, frozen=True, tag="eclats_des_cites.choose_wonder"):
    """Answer a `choose_wonder` decision (setup): take one of the free wonders."""

    wonder_id: WonderParam


class EclatsTakeCard(CommandBase, frozen=True, tag="eclats_des_cites.take_card"):
    """Answer a `take_card` decision: take and play the top card of a pile."""

    pile_id: PileParam


class EclatsChooseRevealedCard(
    CommandBase, frozen=True, tag="eclats_des_cites.choose_revealed_card"
):
    """Answer a `choose_revealed_card` decision: play one of the revealed cards."""

    card_id: CardParam


class EclatsChooseUpgrade(CommandBase, frozen=True, tag="eclats_des_cites.choose_upgrade"):
    """Answer a `choose_upgrade` decision: a face-up upgrade id, or `hidden`."""

    upgrade: UpgradeParam


EclatsCommand = EclatsChooseWonder | EclatsTakeCard | EclatsChooseRevealedCard | EclatsChooseUpgrade
_PARAM: dict[type, str] = {
    EclatsChooseWonder: "wonder_id",
    EclatsTakeCard: "pile_id",
    EclatsChooseRevealedCard: "card_id",
    EclatsChooseUpgrade: "upgrade",
}


def param_of(command: Any) -> str:
    """The single parameter of an Éclats command; ``invalid_payload`` if it is not one."""
    name = _PARAM.get(type(command))
    if name is None:
        raise RuleViolation(
            "invalid_payload", f"not an eclats_des_cites command: {type(command).__name__}"
        )
    value = getattr(command, name, None)
    if not isinstance(value, str) or not value:
        raise RuleViolation(
            "invalid_payload", f"{name} must be a non-empty string", {"field": name}
        )
    return value
