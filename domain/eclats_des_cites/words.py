"""The words of Éclats des Cités: names, sentences, labels, targets, steps and refusals.

Every message id is a literal here (the catalogues are
``locales/<lang>/eclats_des_cites.ftl``; ``domain/words.py`` renders). Ids start with
the ruleset's name, ``eclats_des_cites-``. Sentences and labels are written from the
viewer's redacted event or view only. French words are the seed's
(``docs/seeds/004_*.txt``; README "French reviewer's checklist").

Picture ids (``picture.py``): piles by pile id (``central``, ``border_<i>``), upgrade
slots ``upgrade_slot_<i>`` holding the face-up upgrade by its id, the hidden upgrade
pile ``hidden``, the conflict markers ``conflict_markers``, the discard pile
``discard``, the options of a pending wonder or revealed-card choice by their ids,
seat boards ``seat_<i>`` and their stages ``seat_<i>_stage_<n>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsTakeCard,
)
from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    CARD_IDS,
    HIDDEN,
    MARKERS,
    MAX_SEATS,
    MIN_SEATS,
    PILE_IDS,
    REVEAL_COUNT,
    SEAT_IDS,
    SEAT_INDEX,
    STAGES,
    UPGRADE_IDS,
    WONDER_BY_ID,
    WONDER_IDS,
    left_pile,
    right_pile,
)
from domain.eclats_des_cites.events import (
    EclatsBattleFought,
    EclatsCardDiscarded,
    EclatsCardPlayed,
    EclatsCardsRevealed,
    EclatsCardTaken,
    EclatsCentralTopPeeked,
    EclatsConflictAlerted,
    EclatsDecisionRequested,
    EclatsExtraTakeGranted,
    EclatsGameEnded,
    EclatsGameSetUp,
    EclatsGrantForfeited,
    EclatsGrantStarted,
    EclatsPermanentShieldsGained,
    EclatsRevealedCardChosen,
    EclatsScienceSetCompleted,
    EclatsStageBuilt,
    EclatsTurnEnded,
    EclatsTurnSkipped,
    EclatsTurnStarted,
    EclatsUpgradeTaken,
    EclatsWonderChosen,
    EclatsWonderPowerTriggered,
)
from domain.eclats_des_cites.state import EclatsDecision
from domain.eclats_des_cites.views import EclatsView
from domain.kernel import RuleViolation, Seat
from domain.words import (
    Many,
    Msg,
    OptionWords,
    Part,
    Player,
    Step,
    labels,
    msg,
    refusals,
    seat_number,
    sentences,
)

# --- Names ----------------------------------------------------------------------

CARD_NAME: Mapping[str, str] = {
    "bois": "eclats_des_cites-card-bois",
    "pierre": "eclats_des_cites-card-pierre",
    "metal": "eclats_des_cites-card-metal",
    "cristal": "eclats_des_cites-card-cristal",
    "energie": "eclats_des_cites-card-energie",
    "caravane": "eclats_des_cites-card-caravane",
    "comptoir": "eclats_des_cites-card-comptoir",
    "prisme_de_seve": "eclats_des_cites-card-prisme-de-seve",
    "jardin_des_brumes": "eclats_des_cites-card-jardin-des-brumes",
    "archives_des_echos": "eclats_des_cites-card-archives-des-echos",
    "bastion": "eclats_des_cites-card-bastion",
    "heraut": "eclats_des_cites-card-heraut",
    "sentinelle": "eclats_des_cites-card-sentinelle",
    "roue": "eclats_des_cites-card-roue",
    "spirale": "eclats_des_cites-card-spirale",
    "tablette": "eclats_des_cites-card-tablette",
    "boussole": "eclats_des_cites-card-boussole",
    "belvedere": "eclats_des_cites-card-belvedere",
}
FAMILY_NAME: Mapping[str, str] = {
    "resource": "eclats_des_cites-family-resource",
    "joker": "eclats_des_cites-family-joker",
    "culture": "eclats_des_cites-family-culture",
    "protection": "eclats_des_cites-family-protection",
    "science": "eclats_des_cites-family-science",
    "exploration": "eclats_des_cites-family-exploration",
}
FAMILY_MARK: Mapping[str, str] = {
    "resource": "eclats_des_cites-family-mark-resource",
    "joker": "eclats_des_cites-family-mark-joker",
    "culture": "eclats_des_cites-family-mark-culture",
    "protection": "eclats_des_cites-family-mark-protection",
    "science": "eclats_des_cites-family-mark-science",
    "exploration": "eclats_des_cites-family-mark-exploration",
}
"""The letter a card of each family carries in the picture besides its colour."""
STAGE_NAME: Mapping[str, str] = {
    "socle": "eclats_des_cites-stage-socle",
    "galerie": "eclats_des_cites-stage-galerie",
    "terrasse": "eclats_des_cites-stage-terrasse",
    "salle": "eclats_des_cites-stage-salle",
    "couronnement": "eclats_des_cites-stage-couronnement",
}
WONDER_NAME: Mapping[str, str] = {
    "observatoire": "eclats_des_cites-wonder-observatoire",
    "sanctuaire": "eclats_des_cites-wonder-sanctuaire",
    "colosse": "eclats_des_cites-wonder-colosse",
    "pyramide_des_aurores": "eclats_des_cites-wonder-pyramide-des-aurores",
    "palais": "eclats_des_cites-wonder-palais",
}
POWER_NAME: Mapping[str, str] = {
    "vision": "eclats_des_cites-power-vision",
    "rempart": "eclats_des_cites-power-rempart",
    "portee": "eclats_des_cites-power-portee",
    "cour": "eclats_des_cites-power-cour",
}
WONDER_POWER: Mapping[str, str] = {
    "observatoire": "eclats_des_cites-wonder-power-observatoire",
    "sanctuaire": "eclats_des_cites-wonder-power-sanctuaire",
    "colosse": "eclats_des_cites-wonder-power-colosse",
    "pyramide_des_aurores": "eclats_des_cites-wonder-power-pyramide-des-aurores",
    "palais": "eclats_des_cites-wonder-power-palais",
}
"""What each wonder's power does (at stages 2 and 4), or that it has none."""
UPGRADE_NAME: Mapping[str, str] = {
    "commerce": "eclats_des_cites-upgrade-commerce",
    "exploration": "eclats_des_cites-upgrade-exploration",
    "technologie": "eclats_des_cites-upgrade-technologie",
    "protection": "eclats_des_cites-upgrade-protection",
    "bonus": "eclats_des_cites-upgrade-bonus",
    "multiplicateur": "eclats_des_cites-upgrade-multiplicateur",
    "progres": "eclats_des_cites-upgrade-progres",
}
UPGRADE_EFFECT: Mapping[str, str] = {
    "commerce": "eclats_des_cites-upgrade-effect-commerce",
    "exploration": "eclats_des_cites-upgrade-effect-exploration",
    "technologie": "eclats_des_cites-upgrade-effect-technologie",
    "protection": "eclats_des_cites-upgrade-effect-protection",
    "bonus": "eclats_des_cites-upgrade-effect-bonus",
    "multiplicateur": "eclats_des_cites-upgrade-effect-multiplicateur",
    "progres": "eclats_des_cites-upgrade-effect-progres",
}
PILE_CENTRAL = "eclats_des_cites-pile-central"
PILE_BORDER = "eclats_des_cites-pile-border"
UPGRADE_PILE_HIDDEN = "eclats_des_cites-upgrade-pile-hidden"
SOURCE_NAME: Mapping[str, str] = {
    "setup": "eclats_des_cites-source-setup",
    "turn": "eclats_des_cites-source-turn",
    "commerce": "eclats_des_cites-source-commerce",
    "bonus": "eclats_des_cites-source-bonus",
    "colosse": "eclats_des_cites-source-colosse",
    "boussole": "eclats_des_cites-source-boussole",
    "belvedere": "eclats_des_cites-source-belvedere",
    "observatoire": "eclats_des_cites-source-observatoire",
    "science": "eclats_des_cites-source-science",
    "palais": "eclats_des_cites-source-palais",
}
"""What asks for a decision or grants an extra card (a decision's and a grant's ``source``)."""
DECISION_NAME: Mapping[str, str] = {
    "choose_wonder": "eclats_des_cites-decision-choose-wonder",
    "take_card": "eclats_des_cites-decision-take-card",
    "choose_revealed_card": "eclats_des_cites-decision-choose-revealed-card",
    "choose_upgrade": "eclats_des_cites-decision-choose-upgrade",
}
END_REASON_NAME: Mapping[str, str] = {
    "wonder_completed": "eclats_des_cites-end-reason-wonder-completed",
    "piles_exhausted": "eclats_des_cites-end-reason-piles-exhausted",
}
DECIDED_BY_NAME: Mapping[str, str] = {
    "score": "eclats_des_cites-decided-by-score",
    "stages_built": "eclats_des_cites-decided-by-stages-built",
    "turn_position": "eclats_des_cites-decided-by-turn-position",
}


def seat_name(seat: Seat) -> Msg:
    """``Player 1`` for ``seat_0``: seats are numbered from 1 in seat order."""
    return seat_number(SEAT_INDEX[seat] + 1) if seat in SEAT_INDEX else seat_number(0)


def pile_name(pile_id: str) -> Msg:
    """``central pile``, ``border pile 1`` (``border_0``: numbered from 1, like seats)."""
    if pile_id == "central":
        return msg(PILE_CENTRAL)
    return msg(PILE_BORDER, number=PILE_IDS.index(pile_id))


def names() -> dict[str, dict[str, Msg]]:
    """Every component a command, event or picture names, by kind."""
    return {
        "card": {c: msg(CARD_NAME[c]) for c in CARD_IDS},
        "family": {f: msg(FAMILY_NAME[f]) for f in FAMILY_NAME},
        "stage": {s.id: msg(STAGE_NAME[s.id]) for s in STAGES},
        "wonder": {w: msg(WONDER_NAME[w]) for w in WONDER_IDS},
        "power": {p: msg(POWER_NAME[p]) for p in POWER_NAME},
        "upgrade": {u: msg(UPGRADE_NAME[u]) for u in UPGRADE_IDS},
        "upgrade-pile": {HIDDEN: msg(UPGRADE_PILE_HIDDEN)},
        "pile": {p: pile_name(p) for p in PILE_IDS},
        "source": {s: msg(SOURCE_NAME[s]) for s in SOURCE_NAME},
        "decision": {d: msg(DECISION_NAME[d]) for d in DECISION_NAME},
        "end-reason": {r: msg(END_REASON_NAME[r]) for r in END_REASON_NAME},
        "decided-by": {d: msg(DECIDED_BY_NAME[d]) for d in DECIDED_BY_NAME},
        "seat": {s: seat_name(s) for s in SEAT_IDS},
    }


def card(card_id: str) -> Part:
    return Part("card", card_id)


def cards(card_ids: Sequence[str]) -> Many:
    return Many(tuple(card(c) for c in card_ids))


def pile(pile_id: str) -> Part:
    return Part("pile", pile_id)


def wonder(wonder_id: str) -> Part:
    return Part("wonder", wonder_id)


def upgrade(upgrade_id: str) -> Part:
    return Part("upgrade", upgrade_id)


def stage(number: int) -> Part:
    """A stage by its number (1 to 5): its name (``Galerie``)."""
    return Part("stage", STAGES[number - 1].id)


def source(source_id: str) -> Part:
    return Part("source", source_id)


def power(wonder_id: str) -> Part | None:
    """The name of a wonder's power (None: the Pyramide has none)."""
    name = WONDER_BY_ID[wonder_id].power
    return None if name is None else Part("power", name)


def player_of(index: int) -> Player:
    """The player of a seat index (events and views hold indices)."""
    return Player(SEAT_IDS[index])


def seat_of(index: int) -> str:
    """The seat id (``seat_<i>``) of a seat index: the picture's id of its board."""
    return SEAT_IDS[index]


def stage_id(index: int, number: int) -> str:
    """The picture id of a seat's stage box: ``seat_0_stage_2``."""
    return f"{SEAT_IDS[index]}_stage_{number}"


def slot_id(slot: int) -> str:
    """The picture id of a face-up upgrade slot: ``upgrade_slot_0``."""
    return f"upgrade_slot_{slot}"


def card_name(card_id: str) -> Msg:
    return msg(CARD_NAME[card_id])


def family_mark(card_id: str) -> Msg:
    """The letter of a card's family (the picture's second cue besides colour)."""
    return msg(FAMILY_MARK[CARD_BY_ID[card_id].family])


def wonder_power_text(wonder_id: str) -> Msg:
    return msg(WONDER_POWER[wonder_id])


def upgrade_effect(upgrade_id: str) -> Msg:
    return msg(UPGRADE_EFFECT[upgrade_id])


def wonder_prestige(wonder_id: str) -> int:
    """A complete wonder's Prestige (21 to 27)."""
    return sum(WONDER_BY_ID[wonder_id].stage_prestige)


# --- Sentences --------------------------------------------------------------------

WONDER_CHOSEN = "eclats_des_cites-wonder-chosen"
WONDER_CHOSEN_AUTOMATIC = "eclats_des_cites-wonder-chosen-automatic"
CENTRAL_PEEKED = "eclats_des_cites-central-top-peeked"
CENTRAL_PEEKED_UNSEEN = "eclats_des_cites-central-top-peeked-unseen"
CARD_TAKEN_BORDER = "eclats_des_cites-card-taken-border"
CARD_TAKEN_BORDER_LAST = "eclats_des_cites-card-taken-border-last"
CARD_TAKEN_CENTRAL = "eclats_des_cites-card-taken-central"
CONFLICT_ALERTED = "eclats_des_cites-conflict-alerted"
CONFLICT_ALERTED_LOST = "eclats_des_cites-conflict-alerted-lost"
CONFLICT_ALERTED_FULL = "eclats_des_cites-conflict-alerted-full"
CARDS_REVEALED = "eclats_des_cites-cards-revealed"
CARDS_REVEALED_OBSERVATOIRE = "eclats_des_cites-cards-revealed-observatoire"
REVEALED_CHOSEN = "eclats_des_cites-revealed-card-chosen"
REVEALED_CHOSEN_AUTOMATIC = "eclats_des_cites-revealed-card-chosen-automatic"
CARD_DISCARDED = "eclats_des_cites-card-discarded"
SCIENCE_PAIR = "eclats_des_cites-science-set-pair"
SCIENCE_TRIPLE = "eclats_des_cites-science-set-triple"
UPGRADE_TAKEN = "eclats_des_cites-upgrade-taken"
UPGRADE_TAKEN_REPLACED = "eclats_des_cites-upgrade-taken-replaced"
UPGRADE_TAKEN_HIDDEN = "eclats_des_cites-upgrade-taken-hidden"
STAGE_BUILT = "eclats_des_cites-stage-built"
STAGE_BUILT_FINAL = "eclats_des_cites-stage-built-final"
PAYMENT: Mapping[tuple[bool, bool], str] = {
    (False, False): "eclats_des_cites-payment",
    (False, True): "eclats_des_cites-payment-doubled",
    (True, False): "eclats_des_cites-payment-technologie",
    (True, True): "eclats_des_cites-payment-technologie-doubled",
}
"""(Technologie applied, a joker counted twice) -> how a stage was paid."""
POWER_TRIGGERED = "eclats_des_cites-wonder-power-triggered"
SHIELDS_GAINED = "eclats_des_cites-permanent-shields-gained"
EXTRA_TAKE = "eclats_des_cites-extra-take-granted"
EXTRA_REVEAL = "eclats_des_cites-extra-reveal-granted"
GRANT_FORFEITED_CARD = "eclats_des_cites-grant-forfeited-card"
GRANT_FORFEITED_REVEAL = "eclats_des_cites-grant-forfeited-reveal"
GRANT_FORFEITED_UPGRADE = "eclats_des_cites-grant-forfeited-upgrade"
BATTLE = "eclats_des_cites-battle-fought"
BATTLE_STRENGTH = "eclats_des_cites-battle-strength"
BATTLE_VICTORIES = "eclats_des_cites-battle-victories"
BATTLE_NO_VICTORY = "eclats_des_cites-battle-no-victory"
TURN_SKIPPED = "eclats_des_cites-turn-skipped"
GAME_ENDED = "eclats_des_cites-game-ended"
GAME_ENDED_TIE = "eclats_des_cites-game-ended-tie"


def _wonder_chosen(e: EclatsWonderChosen, seat: Seat | None) -> Msg:
    key = WONDER_CHOSEN_AUTOMATIC if e.automatic else WONDER_CHOSEN
    return msg(key, player=player_of(e.seat), wonder=wonder(e.wonder_id))


def _central_top_peeked(e: EclatsCentralTopPeeked, seat: Seat | None) -> Msg:
    """The peeking seat's copy names the card; everyone else's says only that it looked."""
    if e.card_id is None:
        return msg(CENTRAL_PEEKED_UNSEEN, player=player_of(e.seat))
    return msg(CENTRAL_PEEKED, player=player_of(e.seat), card=card(e.card_id))


def _card_taken(e: EclatsCardTaken, seat: Seat | None) -> Msg:
    """The card is played at once: taking it says so (``card_played`` has no sentence)."""
    who = player_of(e.seat)
    if e.pile_id == "central":
        return msg(CARD_TAKEN_CENTRAL, player=who, card=card(e.card_id))
    if e.new_top is None:
        return msg(CARD_TAKEN_BORDER_LAST, player=who, card=card(e.card_id), pile=pile(e.pile_id))
    return msg(
        CARD_TAKEN_BORDER,
        player=who,
        card=card(e.card_id),
        pile=pile(e.pile_id),
        top=card(e.new_top),
    )


def _conflict_alerted(e: EclatsConflictAlerted, seat: Seat | None) -> Msg:
    if e.alerts_added == 0:
        return msg(CONFLICT_ALERTED_FULL, card=card(e.card_id), lost=e.alerts_lost, markers=MARKERS)
    if e.alerts_lost:
        return msg(
            CONFLICT_ALERTED_LOST,
            card=card(e.card_id),
            added=e.alerts_added,
            lost=e.alerts_lost,
            markers=MARKERS,
        )
    return msg(
        CONFLICT_ALERTED,
        card=card(e.card_id),
        added=e.alerts_added,
        alerts=e.alerts,
        markers=MARKERS,
    )


def _cards_revealed(e: EclatsCardsRevealed, seat: Seat | None) -> Msg:
    if e.source == "observatoire":
        return msg(
            CARDS_REVEALED_OBSERVATOIRE,
            player=player_of(e.seat),
            source=source(e.source),
            cards=cards(e.card_ids),
            count=len(e.card_ids),
        )
    return msg(
        CARDS_REVEALED,
        player=player_of(e.seat),
        source=card(e.source),
        cards=cards(e.card_ids),
        count=len(e.card_ids),
    )


def _revealed_card_chosen(e: EclatsRevealedCardChosen, seat: Seat | None) -> Msg:
    if e.automatic or not e.returned_to_bottom:
        return msg(REVEALED_CHOSEN_AUTOMATIC, player=player_of(e.seat), card=card(e.card_id))
    return msg(
        REVEALED_CHOSEN,
        player=player_of(e.seat),
        card=card(e.card_id),
        returned=cards(e.returned_to_bottom),
        count=len(e.returned_to_bottom),
    )


def _card_discarded(e: EclatsCardDiscarded, seat: Seat | None) -> Msg:
    return msg(CARD_DISCARDED, player=player_of(e.seat), card=card(e.card_id))


def _science_set_completed(e: EclatsScienceSetCompleted, seat: Seat | None) -> Msg:
    if len(set(e.card_ids)) == 1:
        return msg(SCIENCE_PAIR, player=player_of(e.seat), card=card(e.card_ids[0]))
    return msg(SCIENCE_TRIPLE, player=player_of(e.seat), cards=cards(e.card_ids))


def _upgrade_taken(e: EclatsUpgradeTaken, seat: Seat | None) -> Msg:
    who = player_of(e.seat)
    if e.from_ == "hidden":
        return msg(UPGRADE_TAKEN_HIDDEN, player=who, upgrade=upgrade(e.upgrade_id))
    if e.replacement is not None:
        return msg(
            UPGRADE_TAKEN_REPLACED,
            player=who,
            upgrade=upgrade(e.upgrade_id),
            replacement=upgrade(e.replacement),
        )
    return msg(UPGRADE_TAKEN, player=who, upgrade=upgrade(e.upgrade_id))


def _payment(e: EclatsStageBuilt) -> Msg:
    key = PAYMENT[(e.rule == "technologie", e.doubled_joker is not None)]
    if e.doubled_joker is None:
        return msg(key, cards=cards(e.spent))
    return msg(key, cards=cards(e.spent), joker=card(e.doubled_joker))


def _stage_built(e: EclatsStageBuilt, seat: Seat | None) -> Msg:
    return msg(
        STAGE_BUILT_FINAL if e.wonder_completed else STAGE_BUILT,
        player=player_of(e.seat),
        stage=stage(e.stage),
        number=e.stage,
        prestige=e.prestige,
        payment=_payment(e),
    )


def _power_triggered(e: EclatsWonderPowerTriggered, seat: Seat | None) -> Msg:
    named = power(e.wonder_id)
    assert named is not None, "the Pyramide has no power to trigger"
    return msg(
        POWER_TRIGGERED,
        player=player_of(e.seat),
        wonder=wonder(e.wonder_id),
        power=named,
        stage=e.stage,
    )


def _shields_gained(e: EclatsPermanentShieldsGained, seat: Seat | None) -> Msg:
    return msg(SHIELDS_GAINED, player=player_of(e.seat), amount=e.amount, total=e.total)


def _extra_take_granted(e: EclatsExtraTakeGranted, seat: Seat | None) -> Msg:
    if e.source == "observatoire":
        return msg(
            EXTRA_REVEAL,
            player=player_of(e.seat),
            source=source(e.source),
            count=REVEAL_COUNT[e.source],
        )
    return msg(EXTRA_TAKE, player=player_of(e.seat), source=source(e.source))


def _grant_forfeited(e: EclatsGrantForfeited, seat: Seat | None) -> Msg:
    who = player_of(e.seat)
    if e.reason == "no_upgrade_available":
        return msg(GRANT_FORFEITED_UPGRADE, player=who, source=source(e.source))
    if e.source == "observatoire":
        return msg(GRANT_FORFEITED_REVEAL, player=who, source=source(e.source))
    return msg(GRANT_FORFEITED_CARD, player=who, source=source(e.source))


def _battle_fought(e: EclatsBattleFought, seat: Seat | None) -> Msg:
    strengths = Many(
        tuple(
            msg(BATTLE_STRENGTH, player=player_of(i), strength=s) for i, s in enumerate(e.strengths)
        )
    )
    winners = tuple(
        msg(BATTLE_VICTORIES, player=player_of(i), count=v)
        for i, v in enumerate(e.victories_gained)
        if v
    )
    return msg(
        BATTLE,
        strengths=strengths,
        victories=Many(winners) if winners else msg(BATTLE_NO_VICTORY),
        discarded=sum(len(lost) for lost in e.discarded.values()),
    )


def _turn_skipped(e: EclatsTurnSkipped, seat: Seat | None) -> Msg:
    return msg(TURN_SKIPPED, player=player_of(e.seat))


def decided_by(e: EclatsGameEnded) -> str:
    """What separated the winner from the runner-up (``Outcome.decided_by``), from the
    event alone: the totals, then the stages built, then the turn position."""
    by_seat = {s.seat: s for s in e.scores}
    first, second = (by_seat[i] for i in e.ranking[:2])
    if first.total != second.total:
        return "score"
    if first.stages != second.stages:
        return "stages_built"
    return "turn_position"


def _game_ended(e: EclatsGameEnded, seat: Seat | None) -> Msg:
    winner = next(s for s in e.scores if s.seat == e.winner)
    decided = decided_by(e)
    args: dict[str, Any] = {
        "reason": Part("end-reason", e.reason),
        "player": player_of(e.winner),
        "total": winner.total,
    }
    if decided == "score":
        return Msg(GAME_ENDED, args)
    return Msg(GAME_ENDED_TIE, {**args, "decided": Part("decided-by", decided)})


SENTENCES: Mapping[type[Any], Callable[[Any, Seat | None], Msg | None] | None] = {
    # Setup and bookkeeping: no sentence, so a history reads as moves. The pending
    # decision is shown by the legal commands and the picture; a card played is said
    # by the take or the choice that brought it; a grant starting is followed by its
    # decision or reveal; a turn starting or ending is no one's move.
    EclatsGameSetUp: None,
    EclatsDecisionRequested: None,
    EclatsTurnStarted: None,
    EclatsCardPlayed: None,
    EclatsGrantStarted: None,
    EclatsTurnEnded: None,
    # Every move and its consequences.
    EclatsWonderChosen: _wonder_chosen,
    EclatsCentralTopPeeked: _central_top_peeked,
    EclatsCardTaken: _card_taken,
    EclatsConflictAlerted: _conflict_alerted,
    EclatsCardsRevealed: _cards_revealed,
    EclatsRevealedCardChosen: _revealed_card_chosen,
    EclatsCardDiscarded: _card_discarded,
    EclatsScienceSetCompleted: _science_set_completed,
    EclatsUpgradeTaken: _upgrade_taken,
    EclatsStageBuilt: _stage_built,
    EclatsWonderPowerTriggered: _power_triggered,
    EclatsPermanentShieldsGained: _shields_gained,
    EclatsExtraTakeGranted: _extra_take_granted,
    EclatsGrantForfeited: _grant_forfeited,
    EclatsBattleFought: _battle_fought,
    EclatsTurnSkipped: _turn_skipped,
    EclatsGameEnded: _game_ended,
}
"""Every event class -> its sentence (None: setup and bookkeeping)."""


sentence = sentences(SENTENCES)


# --- Labels -----------------------------------------------------------------------

LABEL_CHOOSE_WONDER = "eclats_des_cites-label-choose-wonder"
LABEL_CHOOSE_WONDER_NO_POWER = "eclats_des_cites-label-choose-wonder-no-power"
LABEL_TAKE_LEFT = "eclats_des_cites-label-take-left"
LABEL_TAKE_RIGHT = "eclats_des_cites-label-take-right"
LABEL_TAKE_BORDER = "eclats_des_cites-label-take-border"
LABEL_TAKE_BORDER_UNSEEN = "eclats_des_cites-label-take-border-unseen"
LABEL_TAKE_CENTRAL = "eclats_des_cites-label-take-central"
LABEL_CHOOSE_REVEALED = "eclats_des_cites-label-choose-revealed-card"
LABEL_CHOOSE_UPGRADE = "eclats_des_cites-label-choose-upgrade"
LABEL_CHOOSE_UPGRADE_HIDDEN = "eclats_des_cites-label-choose-upgrade-hidden"


def _decider(view: EclatsView) -> int | None:
    """The seat index the pending decision waits on (the caller, for a legal command)."""
    if view.pending is not None:
        return view.pending.seat
    return view.viewer


def _label_choose_wonder(c: EclatsChooseWonder, view: EclatsView) -> Msg:
    named = power(c.wonder_id)
    prestige = wonder_prestige(c.wonder_id)
    if named is None:
        return msg(LABEL_CHOOSE_WONDER_NO_POWER, wonder=wonder(c.wonder_id), prestige=prestige)
    return msg(LABEL_CHOOSE_WONDER, wonder=wonder(c.wonder_id), power=named, prestige=prestige)


def _top(view: EclatsView, pile_id: str) -> str | None:
    return next((p.top for p in view.piles if p.pile_id == pile_id), None)


def _label_take_card(c: EclatsTakeCard, view: EclatsView) -> Msg:
    """The pile's face-up top by name; "your left / right pile" for the taker's own piles
    (the seed's words), a pile's number otherwise (a Colosse take reaches any pile)."""
    if c.pile_id == "central" or c.pile_id not in PILE_IDS:
        return msg(LABEL_TAKE_CENTRAL)
    top = _top(view, c.pile_id)
    if top is None:
        return msg(LABEL_TAKE_BORDER_UNSEEN, pile=pile(c.pile_id))
    decider = _decider(view)
    if decider is not None and c.pile_id == left_pile(decider, view.seat_count):
        return msg(LABEL_TAKE_LEFT, card=card(top), pile=pile(c.pile_id))
    if decider is not None and c.pile_id == right_pile(decider, view.seat_count):
        return msg(LABEL_TAKE_RIGHT, card=card(top), pile=pile(c.pile_id))
    return msg(LABEL_TAKE_BORDER, card=card(top), pile=pile(c.pile_id))


def _label_choose_revealed(c: EclatsChooseRevealedCard, view: EclatsView) -> Msg:
    return msg(LABEL_CHOOSE_REVEALED, card=card(c.card_id))


def _label_choose_upgrade(c: EclatsChooseUpgrade, view: EclatsView) -> Msg:
    if c.upgrade == HIDDEN:
        return msg(LABEL_CHOOSE_UPGRADE_HIDDEN, count=view.upgrades_hidden_count)
    return msg(LABEL_CHOOSE_UPGRADE, upgrade=upgrade(c.upgrade), effect=upgrade_effect(c.upgrade))


LABELS: Mapping[type[Any], Callable[[Any, EclatsView], Msg]] = {
    EclatsChooseWonder: _label_choose_wonder,
    EclatsTakeCard: _label_take_card,
    EclatsChooseRevealedCard: _label_choose_revealed,
    EclatsChooseUpgrade: _label_choose_upgrade,
}
"""Every command class -> its label."""


label = labels(LABELS)


# --- Targets and steps ------------------------------------------------------------


def targets(command: Any, view: EclatsView) -> tuple[str, ...]:
    """The picture id a command names: its pile, wonder, revealed card or upgrade
    (``hidden`` for the hidden upgrade pile). Every command names one."""
    if isinstance(command, EclatsTakeCard):
        return (command.pile_id,) if command.pile_id in PILE_IDS[: view.seat_count + 1] else ()
    if isinstance(command, EclatsChooseWonder):
        return (command.wonder_id,) if _offered(view, "choose_wonder", command.wonder_id) else ()
    if isinstance(command, EclatsChooseRevealedCard):
        offered = _offered(view, "choose_revealed_card", command.card_id)
        return (command.card_id,) if offered else ()
    if isinstance(command, EclatsChooseUpgrade):
        if command.upgrade == HIDDEN:
            return (HIDDEN,)
        return (command.upgrade,) if command.upgrade in view.upgrades_face_up else ()
    return ()


def _offered(view: EclatsView, kind: str, option: str) -> bool:
    """True when the picture draws ``option`` (a pending choice's options are drawn)."""
    pending = view.pending
    return pending is not None and pending.kind == kind and option in pending.options


STEP_CHOOSE_WONDER = "eclats_des_cites-step-choose-wonder"
STEP_TAKE_TURN = "eclats_des_cites-step-take-turn"
STEP_TAKE_EXTRA = "eclats_des_cites-step-take-extra"
STEP_TAKE_COLOSSE = "eclats_des_cites-step-take-colosse"
STEP_CHOOSE_REVEALED = "eclats_des_cites-step-choose-revealed-card"
STEP_CHOOSE_REVEALED_OBSERVATOIRE = "eclats_des_cites-step-choose-revealed-card-observatoire"
STEP_CHOOSE_UPGRADE_SCIENCE = "eclats_des_cites-step-choose-upgrade-science"
STEP_CHOOSE_UPGRADE_PALAIS = "eclats_des_cites-step-choose-upgrade-palais"


def decision(pending: EclatsDecision) -> Msg:
    """The question a pending decision asks, capitalised ("Take a card", "Choose a
    wonder"): the steps tree's first node, and the picture's line for it."""
    if pending.kind == "choose_wonder":
        return msg(STEP_CHOOSE_WONDER)
    if pending.kind == "take_card":
        if pending.source == "colosse":
            return msg(STEP_TAKE_COLOSSE, source=source(pending.source))
        if pending.source in ("commerce", "bonus"):
            return msg(STEP_TAKE_EXTRA, source=source(pending.source))
        return msg(STEP_TAKE_TURN)
    if pending.kind == "choose_revealed_card":
        if pending.source == "observatoire":
            return msg(STEP_CHOOSE_REVEALED_OBSERVATOIRE, source=source(pending.source))
        return msg(STEP_CHOOSE_REVEALED, source=card(pending.source))
    if pending.source == "palais":
        return msg(STEP_CHOOSE_UPGRADE_PALAIS, source=source(pending.source))
    return msg(STEP_CHOOSE_UPGRADE_SCIENCE)


def path(command: Any, view: EclatsView) -> tuple[Step, ...]:
    """Every decision is one choice among its options: the question first (what the
    pending decision asks, and why: the turn, Commerce, the Boussole, a science set...),
    then the option (a pile, a wonder, a revealed card, an upgrade)."""
    answer = Step(_option(command), label(command, view), targets(command, view))
    if view.pending is None:
        return (answer,)
    pending = view.pending
    return (Step(pending.kind, decision(pending)), answer)


def _option(command: Any) -> str:
    if isinstance(command, EclatsTakeCard):
        return command.pile_id
    if isinstance(command, EclatsChooseWonder):
        return command.wonder_id
    if isinstance(command, EclatsChooseRevealedCard):
        return command.card_id
    if isinstance(command, EclatsChooseUpgrade):
        return command.upgrade
    return type(command).__name__


# --- The last move ------------------------------------------------------------------


def changed(events: Sequence[Any], before: EclatsView, after: EclatsView) -> tuple[str, ...]:
    """The picture ids one move changed, as the viewer sees them after it: the pile a
    card came from, the seat boards whose cards, wonder, upgrades, shields or victories
    changed (and each stage built), the upgrade slot taken and the hidden pile, the
    conflict markers, the discard pile, the cards revealed while they wait for a choice."""
    out: list[str] = []
    pending = after.pending
    drawn = set(pending.options) if pending is not None and pending.kind != "take_card" else set()

    def add(*ids: str) -> None:
        out.extend(i for i in ids if i not in out)

    for e in events:
        if isinstance(e, EclatsWonderChosen | EclatsCardPlayed | EclatsPermanentShieldsGained):
            add(seat_of(e.seat))
        elif isinstance(e, EclatsWonderPowerTriggered):
            add(seat_of(e.seat))
        elif isinstance(e, EclatsCardTaken):
            add(e.pile_id, seat_of(e.seat))
        elif isinstance(e, EclatsConflictAlerted):
            add("conflict_markers")
        elif isinstance(e, EclatsCardsRevealed):
            add("central", *(c for c in e.card_ids if c in drawn))
        elif isinstance(e, EclatsRevealedCardChosen):
            add("central", seat_of(e.seat))
        elif isinstance(e, EclatsCardDiscarded):
            add("discard")
        elif isinstance(e, EclatsScienceSetCompleted):
            add(seat_of(e.seat), "discard")
        elif isinstance(e, EclatsUpgradeTaken):
            add(seat_of(e.seat))
            if e.from_ == "face_up" and e.slot is not None:
                add(slot_id(e.slot))
            if e.from_ == "hidden" or e.replacement is not None:
                add(HIDDEN)
        elif isinstance(e, EclatsStageBuilt):
            add(stage_id(e.seat, e.stage), seat_of(e.seat), "discard")
        elif isinstance(e, EclatsBattleFought):
            add("conflict_markers")
            add(*(seat_of(i) for i, v in enumerate(e.victories_gained) if v))
            add(*(seat_of(i) for i in sorted(e.discarded)))
            if e.discarded:
                add("discard")
    return tuple(out)


# --- The picture's text --------------------------------------------------------------

PICTURE_PILES = "eclats_des_cites-picture-piles"
PICTURE_PILE_CENTRAL = "eclats_des_cites-picture-pile-central"
PICTURE_PILE_BORDER = "eclats_des_cites-picture-pile-border"
PICTURE_PILE_COUNT = "eclats_des_cites-picture-pile-count"
PICTURE_PILE_FACE_DOWN = "eclats_des_cites-picture-pile-face-down"
PICTURE_PILE_EMPTY = "eclats_des_cites-picture-pile-empty"
PICTURE_UPGRADES = "eclats_des_cites-picture-upgrades"
PICTURE_SLOT_EMPTY = "eclats_des_cites-picture-slot-empty"
PICTURE_HIDDEN_UPGRADES = "eclats_des_cites-picture-hidden-upgrades"
PICTURE_MARKERS = "eclats_des_cites-picture-markers"
PICTURE_ON_ALERT = "eclats_des_cites-picture-on-alert"
PICTURE_PENDING = "eclats_des_cites-picture-pending"
PICTURE_OFFERED_PILES = "eclats_des_cites-picture-offered-piles"
PICTURE_WONDER_OPTION = "eclats_des_cites-picture-wonder-option"
PICTURE_WONDER_POWER = "eclats_des_cites-picture-wonder-power"
PICTURE_UPGRADE_OPTION = "eclats_des_cites-picture-upgrade-option"
PICTURE_HIDDEN_OPTION = "eclats_des_cites-picture-hidden-option"
PICTURE_REVEALED_BY = "eclats_des_cites-picture-revealed-by"
PICTURE_TURN = "eclats_des_cites-picture-turn"
PICTURE_ENDED = "eclats_des_cites-picture-ended"
PICTURE_GRANTS = "eclats_des_cites-picture-grants"
PICTURE_EXPLORING = "eclats_des_cites-picture-exploring"
PICTURE_PEEKED = "eclats_des_cites-picture-peeked"
PICTURE_DISCARD = "eclats_des_cites-picture-discard"
PICTURE_DISCARD_EMPTY = "eclats_des_cites-picture-discard-empty"
PICTURE_COUNTED = "eclats_des_cites-picture-counted"
PICTURE_SEAT = "eclats_des_cites-picture-seat"
PICTURE_SEAT_WONDER = "eclats_des_cites-picture-seat-wonder"
PICTURE_SEAT_NO_WONDER = "eclats_des_cites-picture-seat-no-wonder"
PICTURE_MARK_ACTIVE = "eclats_des_cites-picture-mark-active"
PICTURE_MARK_WINNER = "eclats_des_cites-picture-mark-winner"
PICTURE_MARK_RANK = "eclats_des_cites-picture-mark-rank"
PICTURE_SEAT_PILES = "eclats_des_cites-picture-seat-piles"
PICTURE_STAGE = "eclats_des_cites-picture-stage"
PICTURE_STAGE_BUILT = "eclats_des_cites-picture-stage-built"
PICTURE_STAGE_PRESTIGE = "eclats_des_cites-picture-stage-prestige"
REQUIREMENT: Mapping[str, str] = {
    "different": "eclats_des_cites-picture-requirement-different",
    "identical": "eclats_des_cites-picture-requirement-identical",
    "any": "eclats_des_cites-picture-requirement-any",
}
"""A stage's materials: different, identical, or any (with Technologie)."""
PICTURE_SHIELDS = "eclats_des_cites-picture-shields"
PICTURE_SEAT_UPGRADES = "eclats_des_cites-picture-seat-upgrades"
PICTURE_SEAT_NO_UPGRADES = "eclats_des_cites-picture-seat-no-upgrades"
PICTURE_TABLEAU = "eclats_des_cites-picture-tableau"
PICTURE_TABLEAU_EMPTY = "eclats_des_cites-picture-tableau-empty"
PICTURE_LEGEND = "eclats_des_cites-picture-legend"
PICTURE_LEGEND_MARKS = "eclats_des_cites-picture-legend-marks"
PICTURE_FAMILY_KEY = "eclats_des_cites-picture-family-key"


# --- Refusals -------------------------------------------------------------------------

REFUSAL: Mapping[str, str] = {
    "card_not_revealed": "eclats_des_cites-refusal-card-not-revealed",
    "game_finished": "eclats_des_cites-refusal-game-finished",
    "hidden_pile_empty": "eclats_des_cites-refusal-hidden-pile-empty",
    "invalid_options": "eclats_des_cites-refusal-invalid-options",
    "invalid_payload": "eclats_des_cites-refusal-invalid-payload",
    "not_a_player": "eclats_des_cites-refusal-not-a-player",
    "not_your_turn": "eclats_des_cites-refusal-not-your-turn",
    "pile_empty": "eclats_des_cites-refusal-pile-empty",
    "pile_not_allowed": "eclats_des_cites-refusal-pile-not-allowed",
    "unknown_pile": "eclats_des_cites-refusal-unknown-pile",
    "unknown_upgrade": "eclats_des_cites-refusal-unknown-upgrade",
    "unknown_wonder": "eclats_des_cites-refusal-unknown-wonder",
    "upgrade_not_available": "eclats_des_cites-refusal-upgrade-not-available",
    "wonder_taken": "eclats_des_cites-refusal-wonder-taken",
    "wrong_command": "eclats_des_cites-refusal-wrong-command",
}
"""Every code of ``RULESET.error_codes`` -> its sentence (tested equal)."""
PLAIN: Mapping[str, str] = {
    "card_not_revealed": "eclats_des_cites-refusal-card-not-revealed-plain",
    "not_your_turn": "eclats_des_cites-refusal-not-your-turn-plain",
    "pile_empty": "eclats_des_cites-refusal-pile-empty-plain",
    "pile_not_allowed": "eclats_des_cites-refusal-pile-not-allowed-plain",
    "unknown_pile": "eclats_des_cites-refusal-unknown-pile-plain",
    "upgrade_not_available": "eclats_des_cites-refusal-upgrade-not-available-plain",
    "wonder_taken": "eclats_des_cites-refusal-wonder-taken-plain",
    "wrong_command": "eclats_des_cites-refusal-wrong-command-plain",
}
"""The same refusals when the violation lacks the detail they name (never in practice:
the rules give it; a hand-built violation may not)."""
PILE_EMPTY_CENTRAL = "eclats_des_cites-refusal-pile-empty-central"


def _detail(violation: RuleViolation, key: str, known: Mapping[str, Any]) -> str | None:
    """A detail that names a known component (details may echo what the caller sent)."""
    value = violation.details.get(key)
    return value if isinstance(value, str) and value in known else None


def _refusal_args(violation: RuleViolation, view: EclatsView | None) -> dict[str, Any] | None:
    """The arguments of a code's refusal; None when a detail it needs is missing."""
    code = violation.code
    if code == "card_not_revealed":
        card_id = _detail(violation, "card_id", CARD_BY_ID)
        return {"card": card(card_id)} if card_id else None
    if code == "not_your_turn":
        if view is not None and view.pending is not None:
            return {"player": player_of(view.pending.seat)}
        waiting = _detail(violation, "waiting_on", SEAT_INDEX)
        return {"player": Player(waiting)} if waiting else None
    if code in ("pile_empty", "pile_not_allowed"):
        pile_id = _detail(violation, "pile_id", dict.fromkeys(PILE_IDS))
        return {"pile": pile(pile_id)} if pile_id else None
    if code == "unknown_pile":
        return {"count": view.seat_count} if view is not None else None
    if code == "upgrade_not_available":
        upgrade_id = _detail(violation, "upgrade", UPGRADE_NAME)
        return {"upgrade": upgrade(upgrade_id)} if upgrade_id else None
    if code == "wonder_taken":
        wonder_id = _detail(violation, "wonder_id", WONDER_BY_ID)
        holder = _detail(violation, "seat", SEAT_INDEX)
        return (
            {"wonder": wonder(wonder_id), "player": Player(holder)}
            if wonder_id and holder
            else None
        )
    if code == "wrong_command":
        expected = _detail(violation, "expected", DECISION_NAME)
        got = _detail(violation, "got", DECISION_NAME)
        if expected and got:
            return {"expected": Part("decision", expected), "got": Part("decision", got)}
        return None
    if code == "invalid_options":
        return {"low": MIN_SEATS, "high": MAX_SEATS}
    return {}


def _refusal_of(violation: RuleViolation, view: EclatsView | None) -> dict[str, Any] | Msg | None:
    """The refusal's arguments; the central pile has a sentence of its own."""
    args = _refusal_args(violation, view)
    if args is not None and violation.code == "pile_empty" and args["pile"].id == "central":
        return Msg(PILE_EMPTY_CENTRAL, {})
    return args


refusal = refusals(REFUSAL, PLAIN, _refusal_of)


__all__ = [
    "LABELS",
    "SENTENCES",
    "changed",
    "label",
    "names",
    "options",
    "path",
    "refusal",
    "seat_name",
    "sentence",
    "targets",
]


# --- The options --------------------------------------------------------------------

OPTION_SEAT_COUNT = "eclats_des_cites-option-seat-count"


def options() -> Mapping[str, OptionWords]:
    """Every option's display name (the lobby's form), and what names its values."""
    return {
        "seat_count": OptionWords(msg(OPTION_SEAT_COUNT)),
    }
