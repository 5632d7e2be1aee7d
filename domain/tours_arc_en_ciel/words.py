"""The words of Les Tours Arc-en-Ciel: names, sentences, labels, targets, steps, refusals.

Every message id is a literal here (the catalogues are
``locales/<lang>/tours_arc_en_ciel.ftl``; ``domain/words.py`` renders). Sentences
are written from the viewer's redacted event alone, labels and refusals from the
viewer's view, so a hidden Dragon stays "a hidden Dragon" and a card drawn from
the pile stays "a card" for whoever may not see them. French words are the
seed's (``docs/seeds/000_*.txt``; README "French reviewer's checklist").

Events name seats by their index in ``houses``; a sentence names such a seat with
``Player(index)``, which the kernel resolves through the game's seats in order
(``domain.words.Player``). Views name Houses, so labels use ``Player(house)``.

Picture ids (``picture.py``): islands and towers by their ids, fixed bridges by
bridge id, seat panels by House, the viewer's own hand cards ``hand_<island>``,
reserve and eliminated Dragons by Dragon id (own reserve only), the face-up
slots ``face_up_<n>``, the piles ``pile``, ``chance_deck``, ``chance_discard``
and ``game_discard``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.kernel import RuleViolation, Seat, tag_of_class
from domain.tours_arc_en_ciel.commands import (
    ToursAtomize,
    ToursChanceInsteadOfLanding,
    ToursDiscardCard,
    ToursDrawChance,
    ToursInvokeInvulnerability,
    ToursLandDragon,
    ToursMoveDragon,
    ToursResolveChance,
    ToursShareIsland,
    ToursSkipThirdAction,
    ToursSwapDragons,
    ToursTakeCard,
)
from domain.tours_arc_en_ciel.components import (
    ATOMIZE_LIMIT,
    BRIDGES,
    CHANCE_BY_KIND,
    CHANCE_TABLE,
    DRAGONS,
    FACE_UP_SLOTS,
    HOUSES,
    ISLAND_BY_ID,
    ISLANDS,
    START_ISLAND,
    TOWER_ENDS,
    TOWERS,
)
from domain.tours_arc_en_ciel.events import (
    ToursCardPlayed,
    ToursCardsDealt,
    ToursCardTaken,
    ToursChanceCardDiscarded,
    ToursChanceCardDrawn,
    ToursChanceCardKept,
    ToursChanceDecisionRequested,
    ToursChanceDeckReshuffled,
    ToursChanceDeckShuffled,
    ToursChanceDeclined,
    ToursCombatResolved,
    ToursCombatSide,
    ToursDefenseChanged,
    ToursDragonArrived,
    ToursDragonAtomized,
    ToursDragonHidden,
    ToursDragonRemoved,
    ToursDragonResurrected,
    ToursDragonsSwapped,
    ToursFaceUpDealt,
    ToursFaceUpRefilled,
    ToursGameDeckShuffled,
    ToursGameEnded,
    ToursGameStarted,
    ToursGoldTowerAssigned,
    ToursInvulnerabilityGranted,
    ToursIslandShared,
    ToursLastCardTaken,
    ToursShareEnded,
    ToursThirdActionSkipped,
    ToursThresholdChanged,
    ToursTurnEnded,
    ToursTurnStarted,
)
from domain.tours_arc_en_ciel.views import ToursTowerView, ToursView
from domain.words import (
    Arg,
    Msg,
    OptionWords,
    Part,
    Player,
    Step,
    labels,
    msg,
    refusals,
    sentences,
)

# --- Names ----------------------------------------------------------------------

HOUSE_NAME: Mapping[str, str] = {
    "bronze": "tours_arc_en_ciel-house-bronze",
    "moon": "tours_arc_en_ciel-house-moon",
    "water": "tours_arc_en_ciel-house-water",
    "fire": "tours_arc_en_ciel-house-fire",
    "air": "tours_arc_en_ciel-house-air",
    "light": "tours_arc_en_ciel-house-light",
    "shadow": "tours_arc_en_ciel-house-shadow",
    "ice": "tours_arc_en_ciel-house-ice",
}
"""A House's name: the name of the seat that plays it when its player gave none."""
HOUSE_SYMBOL: Mapping[str, str] = {
    "bronze": "tours_arc_en_ciel-house-symbol-bronze",
    "moon": "tours_arc_en_ciel-house-symbol-moon",
    "water": "tours_arc_en_ciel-house-symbol-water",
    "fire": "tours_arc_en_ciel-house-symbol-fire",
    "air": "tours_arc_en_ciel-house-symbol-air",
    "light": "tours_arc_en_ciel-house-symbol-light",
    "shadow": "tours_arc_en_ciel-house-symbol-shadow",
    "ice": "tours_arc_en_ciel-house-symbol-ice",
}
"""A House's symbol, its second cue beside its colour in the picture (▲ Feu, ❄ Glace...)."""
ISLAND_NAME: Mapping[str, str] = {
    "diamond": "tours_arc_en_ciel-island-diamond",
    "topaz": "tours_arc_en_ciel-island-topaz",
    "amethyst": "tours_arc_en_ciel-island-amethyst",
    "jade": "tours_arc_en_ciel-island-jade",
    "ruby": "tours_arc_en_ciel-island-ruby",
    "sapphire": "tours_arc_en_ciel-island-sapphire",
    "emerald": "tours_arc_en_ciel-island-emerald",
    "onyx": "tours_arc_en_ciel-island-onyx",
    "opal": "tours_arc_en_ciel-island-opal",
    "tiger_eye": "tours_arc_en_ciel-island-tiger-eye",
    "carnelian": "tours_arc_en_ciel-island-carnelian",
    "pearl": "tours_arc_en_ciel-island-pearl",
    "garnet": "tours_arc_en_ciel-island-garnet",
    "platinum": "tours_arc_en_ciel-island-platinum",
    "peridot": "tours_arc_en_ciel-island-peridot",
    "aquamarine": "tours_arc_en_ciel-island-aquamarine",
    "coral": "tours_arc_en_ciel-island-coral",
    "tourmaline": "tours_arc_en_ciel-island-tourmaline",
    "lapis_lazuli": "tours_arc_en_ciel-island-lapis-lazuli",
    "silver": "tours_arc_en_ciel-island-silver",
    "gold": "tours_arc_en_ciel-island-gold",
    "amber": "tours_arc_en_ciel-island-amber",
    "jet": "tours_arc_en_ciel-island-jet",
    "turquoise": "tours_arc_en_ciel-island-turquoise",
    "ivory": "tours_arc_en_ciel-island-ivory",
}
"""An island's name (the seed's), also the name of its game cards."""
ISLAND_THE: Mapping[str, str] = {
    "diamond": "tours_arc_en_ciel-the-island-diamond",
    "topaz": "tours_arc_en_ciel-the-island-topaz",
    "amethyst": "tours_arc_en_ciel-the-island-amethyst",
    "jade": "tours_arc_en_ciel-the-island-jade",
    "ruby": "tours_arc_en_ciel-the-island-ruby",
    "sapphire": "tours_arc_en_ciel-the-island-sapphire",
    "emerald": "tours_arc_en_ciel-the-island-emerald",
    "onyx": "tours_arc_en_ciel-the-island-onyx",
    "opal": "tours_arc_en_ciel-the-island-opal",
    "tiger_eye": "tours_arc_en_ciel-the-island-tiger-eye",
    "carnelian": "tours_arc_en_ciel-the-island-carnelian",
    "pearl": "tours_arc_en_ciel-the-island-pearl",
    "garnet": "tours_arc_en_ciel-the-island-garnet",
    "platinum": "tours_arc_en_ciel-the-island-platinum",
    "peridot": "tours_arc_en_ciel-the-island-peridot",
    "aquamarine": "tours_arc_en_ciel-the-island-aquamarine",
    "coral": "tours_arc_en_ciel-the-island-coral",
    "tourmaline": "tours_arc_en_ciel-the-island-tourmaline",
    "lapis_lazuli": "tours_arc_en_ciel-the-island-lapis-lazuli",
    "silver": "tours_arc_en_ciel-the-island-silver",
    "gold": "tours_arc_en_ciel-the-island-gold",
    "amber": "tours_arc_en_ciel-the-island-amber",
    "jet": "tours_arc_en_ciel-the-island-jet",
    "turquoise": "tours_arc_en_ciel-the-island-turquoise",
    "ivory": "tours_arc_en_ciel-the-island-ivory",
}
"""An island's name with its article (« la Forêt de Corail », « le Donjon de Cornaline »),
for sentences that name it as an object: French articles follow each name's gender and
number, which a template cannot know."""
GEM: Mapping[str, str] = {
    "diamond": "tours_arc_en_ciel-gem-diamond",
    "topaz": "tours_arc_en_ciel-gem-topaz",
    "amethyst": "tours_arc_en_ciel-gem-amethyst",
    "jade": "tours_arc_en_ciel-gem-jade",
    "ruby": "tours_arc_en_ciel-gem-ruby",
    "sapphire": "tours_arc_en_ciel-gem-sapphire",
    "emerald": "tours_arc_en_ciel-gem-emerald",
    "onyx": "tours_arc_en_ciel-gem-onyx",
    "opal": "tours_arc_en_ciel-gem-opal",
    "tiger_eye": "tours_arc_en_ciel-gem-tiger-eye",
    "carnelian": "tours_arc_en_ciel-gem-carnelian",
    "pearl": "tours_arc_en_ciel-gem-pearl",
    "garnet": "tours_arc_en_ciel-gem-garnet",
    "platinum": "tours_arc_en_ciel-gem-platinum",
    "peridot": "tours_arc_en_ciel-gem-peridot",
    "aquamarine": "tours_arc_en_ciel-gem-aquamarine",
    "coral": "tours_arc_en_ciel-gem-coral",
    "tourmaline": "tours_arc_en_ciel-gem-tourmaline",
    "lapis_lazuli": "tours_arc_en_ciel-gem-lapis-lazuli",
    "silver": "tours_arc_en_ciel-gem-silver",
    "gold": "tours_arc_en_ciel-gem-gold",
    "amber": "tours_arc_en_ciel-gem-amber",
    "jet": "tours_arc_en_ciel-gem-jet",
    "turquoise": "tours_arc_en_ciel-gem-turquoise",
    "ivory": "tours_arc_en_ciel-gem-ivory",
}
"""An island's stone (« Corail »): a tower is named by the stones of its two islands."""
TOWER = "tours_arc_en_ciel-tower"
FIXED_BRIDGE = "tours_arc_en_ciel-fixed-bridge"
ISLAND_CLASS_NAME: Mapping[str, str] = {
    "centre": "tours_arc_en_ciel-island-class-centre",
    "medium": "tours_arc_en_ciel-island-class-medium",
    "peripheral": "tours_arc_en_ciel-island-class-peripheral",
}
SPECIALTY_NAME: Mapping[str, str] = {
    "blower": "tours_arc_en_ciel-specialty-blower",
    "mason": "tours_arc_en_ciel-specialty-mason",
}
SPECIALTY_LETTER: Mapping[str, str] = {
    "blower": "tours_arc_en_ciel-specialty-letter-blower",
    "mason": "tours_arc_en_ciel-specialty-letter-mason",
}
"""One letter for a specialty in the picture's towers and chips (S / M, B / M)."""
DRAGON_NAME = "tours_arc_en_ciel-dragon-name"
DRAGON = "tours_arc_en_ciel-dragon"
DRAGON_COPY = "tours_arc_en_ciel-dragon-copy"
DRAGON_HIDDEN = "tours_arc_en_ciel-dragon-hidden"
DRAGON_UNKNOWN = "tours_arc_en_ciel-dragon-unknown"
DRAGON_HIDDEN_KNOWN = "tours_arc_en_ciel-dragon-hidden-known"
DRAGON_HIDDEN_STRENGTH = "tours_arc_en_ciel-dragon-hidden-strength"
CONDITION_NAME: Mapping[str, str] = {
    "blower": "tours_arc_en_ciel-condition-blower",
    "mason": "tours_arc_en_ciel-condition-mason",
    "strength_15": "tours_arc_en_ciel-condition-strength-15",
    "strength_20": "tours_arc_en_ciel-condition-strength-20",
}
CHANCE_FAMILY_NAME: Mapping[str, str] = {
    "beneficial": "tours_arc_en_ciel-chance-family-beneficial",
    "harmful": "tours_arc_en_ciel-chance-family-harmful",
    "neutral": "tours_arc_en_ciel-chance-family-neutral",
}
CHANCE_GROUP_NAME: Mapping[str, str] = {
    "add_defense": "tours_arc_en_ciel-chance-add-defense",
    "remove_enemy_defense": "tours_arc_en_ciel-chance-remove-enemy-defense",
    "extra_dragon": "tours_arc_en_ciel-chance-extra-dragon",
    "remove_enemy_dragon": "tours_arc_en_ciel-chance-remove-enemy-dragon",
    "hide_dragons": "tours_arc_en_ciel-chance-hide-dragons",
    "resurrect": "tours_arc_en_ciel-chance-resurrect",
    "lose_defense": "tours_arc_en_ciel-chance-lose-defense",
    "give_enemy_defense": "tours_arc_en_ciel-chance-give-enemy-defense",
    "lose_dragon": "tours_arc_en_ciel-chance-lose-dragon",
    "enemy_dragon_arrives": "tours_arc_en_ciel-chance-enemy-dragon-arrives",
    "resurrection_for_all": "tours_arc_en_ciel-chance-resurrection-for-all",
}
"""Chance cards named by their group (with their number and condition)."""
CHANCE_CONDITIONED: Mapping[str, str] = {
    "extra_dragon": "tours_arc_en_ciel-chance-extra-dragon-condition",
    "remove_enemy_dragon": "tours_arc_en_ciel-chance-remove-enemy-dragon-condition",
    "lose_dragon": "tours_arc_en_ciel-chance-lose-dragon-condition",
    "enemy_dragon_arrives": "tours_arc_en_ciel-chance-enemy-dragon-arrives-condition",
}
CHANCE_KIND_NAME: Mapping[str, str] = {
    "bonus_points_2": "tours_arc_en_ciel-chance-bonus-points",
    "bonus_points_5": "tours_arc_en_ciel-chance-bonus-points",
    "bonus_points_10": "tours_arc_en_ciel-chance-bonus-points",
    "malus_points_2": "tours_arc_en_ciel-chance-malus-points",
    "malus_points_5": "tours_arc_en_ciel-chance-malus-points",
    "malus_points_10": "tours_arc_en_ciel-chance-malus-points",
    "combat_plus_5": "tours_arc_en_ciel-chance-combat-plus",
    "combat_plus_10": "tours_arc_en_ciel-chance-combat-plus",
    "combat_minus_5": "tours_arc_en_ciel-chance-combat-minus",
    "combat_minus_10": "tours_arc_en_ciel-chance-combat-minus",
    "combat_double_strength": "tours_arc_en_ciel-chance-combat-double-strength",
    "combat_double_die": "tours_arc_en_ciel-chance-combat-double-die",
    "combat_best_of_two": "tours_arc_en_ciel-chance-combat-best-of-two",
    "combat_halve_strength": "tours_arc_en_ciel-chance-combat-halve-strength",
    "combat_halve_die": "tours_arc_en_ciel-chance-combat-halve-die",
    "combat_worst_of_two": "tours_arc_en_ciel-chance-combat-worst-of-two",
    "combat_dice_only": "tours_arc_en_ciel-chance-combat-dice-only",
    "combat_strength_only": "tours_arc_en_ciel-chance-combat-strength-only",
    "combat_even_dice": "tours_arc_en_ciel-chance-combat-even-dice",
    "combat_odd_dice": "tours_arc_en_ciel-chance-combat-odd-dice",
    "bridges_needed_plus_1": "tours_arc_en_ciel-chance-bridges-needed-plus",
    "bridges_needed_minus_1": "tours_arc_en_ciel-chance-bridges-needed-minus",
}
"""Chance cards whose name is their kind's own (points, combat and threshold cards)."""
QUOTED_CARD = "tours_arc_en_ciel-quoted-card"
SLOT = "tours_arc_en_ciel-slot"
HAND_CARD = "tours_arc_en_ciel-hand-card"
PILE_NAME: Mapping[str, str] = {
    "pile": "tours_arc_en_ciel-pile-game",
    "game_discard": "tours_arc_en_ciel-pile-game-discard",
    "chance_deck": "tours_arc_en_ciel-pile-chance",
    "chance_discard": "tours_arc_en_ciel-pile-chance-discard",
}
PHASE_NAME: Mapping[str, str] = {
    "take": "tours_arc_en_ciel-phase-take",
    "play": "tours_arc_en_ciel-phase-play",
    "third": "tours_arc_en_ciel-phase-third",
    "over": "tours_arc_en_ciel-phase-over",
}
DECIDED_BY_NAME: Mapping[str, str] = {
    "score": "tours_arc_en_ciel-decided-by-score",
    "pearls": "tours_arc_en_ciel-decided-by-pearls",
    "roll": "tours_arc_en_ciel-decided-by-roll",
}
END_REASON_NAME: Mapping[str, str] = {
    "cards_exhausted": "tours_arc_en_ciel-end-reason-cards-exhausted",
    "all_dragons_on_board": "tours_arc_en_ciel-end-reason-all-dragons-on-board",
}

PILE = "pile"
GAME_DISCARD = "game_discard"
CHANCE_DECK = "chance_deck"
CHANCE_DISCARD = "chance_discard"
"""Picture ids of the piles (``picture.py`` draws them)."""


def slot_id(slot: int) -> str:
    """The picture id of a face-up slot (what ``take_card {face_up, slot}`` names)."""
    return f"face_up_{slot}"


def hand_id(island: str) -> str:
    """The picture id of the viewer's own card(s) of ``island`` in hand."""
    return f"hand_{island}"


def seat_name(seat: Seat) -> Msg:
    """The House's name (« Maison du Feu »): seats are Houses."""
    return msg(HOUSE_NAME[seat])


def island_name(island: str) -> Msg:
    return msg(ISLAND_NAME[island])


def gem_name(island: str) -> Msg:
    return msg(GEM[island])


def tower_name(tower: str) -> Msg:
    """« tour Corail–Tourmaline »: a tower is named by the stones of the islands it joins."""
    a, b = TOWER_ENDS[tower]
    return msg(TOWER, first=gem_name(a), second=gem_name(b))


def chance_name(kind: str) -> Msg:
    """A chance card's title (the seed gives only its categories: spec D20)."""
    spec = CHANCE_BY_KIND[kind]
    own = CHANCE_KIND_NAME.get(kind)
    if own is not None:
        return msg(own, amount=abs(spec.amount))
    if spec.condition != "any" and spec.group in CHANCE_CONDITIONED:
        return msg(CHANCE_CONDITIONED[spec.group], condition=Part("condition", spec.condition))
    return msg(CHANCE_GROUP_NAME[spec.group], amount=spec.amount)


def dragon_copy(dragon: str) -> int:
    """Which of the three interchangeable Dragons of its class (``fire_10_mason_2`` -> 2)."""
    return int(dragon.rsplit("_", 1)[1])


def _class_args(dragon: str) -> dict[str, Arg]:
    info = DRAGONS[dragon]
    return {"specialty": Part("specialty", info.specialty), "strength": info.strength}


def dragon_full_name(dragon: str) -> Msg:
    """« Souffleur 10 n° 1 de la Maison du Feu »: every Dragon id's name."""
    info = DRAGONS[dragon]
    return msg(
        DRAGON_NAME,
        **_class_args(dragon),
        copy=dragon_copy(dragon),
        house=Part("house", info.house),
    )


def names() -> dict[str, dict[str, Msg]]:
    """Every component a command, event or picture names, by kind."""
    return {
        "seat": {h: seat_name(h) for h in HOUSES},
        "house": {h: seat_name(h) for h in HOUSES},
        "house-symbol": {h: msg(HOUSE_SYMBOL[h]) for h in HOUSES},
        "island": {i: island_name(i) for i in ISLANDS},
        "island-class": {c: msg(i) for c, i in ISLAND_CLASS_NAME.items()},
        "tower": {t: tower_name(t) for t in TOWERS},
        "bridge": {
            b.id: msg(
                FIXED_BRIDGE,
                first=gem_name(b.a),
                second=gem_name(b.b),
                house=Part("house", b.fixed_house),
            )
            for b in BRIDGES
            if b.fixed_house is not None
        },
        "dragon": {d: dragon_full_name(d) for d in DRAGONS},
        "specialty": {s: msg(i) for s, i in SPECIALTY_NAME.items()},
        "condition": {c: msg(i) for c, i in CONDITION_NAME.items()},
        "chance-card": {c.kind: chance_name(c.kind) for c in CHANCE_TABLE},
        "chance-family": {f: msg(i) for f, i in CHANCE_FAMILY_NAME.items()},
        "slot": {slot_id(k): msg(SLOT, number=k + 1) for k in range(FACE_UP_SLOTS)},
        "hand-card": {hand_id(i): msg(HAND_CARD, card=Part("island", i)) for i in ISLANDS},
        "pile": {p: msg(i) for p, i in PILE_NAME.items()},
        "phase": {p: msg(i) for p, i in PHASE_NAME.items()},
        "decided-by": {d: msg(i) for d, i in DECIDED_BY_NAME.items()},
        "end-reason": {r: msg(i) for r, i in END_REASON_NAME.items()},
    }


def island(island_id: str) -> Part:
    """An island (or its game cards), by its name alone: « Forêt de Corail »."""
    return Part("island", island_id)


def the_island(island_id: str) -> Part:
    """An island with its article, as an object of a sentence: « la Forêt de Corail »."""
    return Part("island", island_id, msg(ISLAND_THE[island_id]))


def tower(tower_id: str) -> Part:
    return Part("tower", tower_id)


def house(house_id: str) -> Part:
    return Part("house", house_id)


def chance_card(kind: str) -> Part:
    return Part("chance-card", kind)


def quoted_chance_card(kind: str) -> Msg:
    """« Combat : +5 »: a chance card's title in quotes, for lists of cards."""
    return msg(QUOTED_CARD, card=chance_card(kind))


def dragon(dragon_id: str) -> Part:
    """A Dragon by its class (« Souffleur 10 »): Dragons of a class are interchangeable."""
    return Part("dragon", dragon_id, msg(DRAGON, **_class_args(dragon_id)))


def dragon_with_copy(dragon_id: str) -> Part:
    """A Dragon of the viewer's own, told apart from its twins (« Souffleur 10 n° 2 »)."""
    return Part(
        "dragon", dragon_id, msg(DRAGON_COPY, **_class_args(dragon_id), copy=dragon_copy(dragon_id))
    )


def hidden_dragon(dragon_id: str | None, hidden: bool) -> Arg:
    """A board Dragon as the reader knows it: by class, « Souffleur 10 caché » to its
    owner when it is hidden, « Dragon caché » to the others (no id in the message)."""
    if dragon_id is None:
        return msg(DRAGON_HIDDEN)
    if hidden:
        return Part("dragon", dragon_id, msg(DRAGON_HIDDEN_KNOWN, **_class_args(dragon_id)))
    return dragon(dragon_id)


def tower_dragon(view: ToursView, tower_id: str) -> Arg:
    """The Dragon on a tower as the view shows it (a hidden enemy stays hidden)."""
    seen = _tower_view(view, tower_id)
    if seen is None or seen.house is None:
        return msg(DRAGON_HIDDEN)
    return hidden_dragon(seen.dragon, seen.hidden)


def _tower_view(view: ToursView, tower_id: str) -> ToursTowerView | None:
    return next((t for t in view.towers if t.tower == tower_id), None)


# --- Sentences --------------------------------------------------------------------

GOLD_TOWER_ROLL = "tours_arc_en_ciel-gold-tower-roll"
GOLD_TOWER_PREVIOUS_WINNER = "tours_arc_en_ciel-gold-tower-previous-winner"
CARD_TAKEN_FACE_UP = "tours_arc_en_ciel-card-taken-face-up"
CARD_TAKEN_PILE = "tours_arc_en_ciel-card-taken-pile"
CARD_TAKEN_PILE_UNSEEN = "tours_arc_en_ciel-card-taken-pile-unseen"
FACE_UP_REFILLED = "tours_arc_en_ciel-face-up-refilled"
LAST_CARD_TAKEN = "tours_arc_en_ciel-last-card-taken"
CARD_PLAYED: Mapping[str, str] = {
    "land": "tours_arc_en_ciel-card-played-land",
    "discard": "tours_arc_en_ciel-card-played-discard",
    "chance_instead": "tours_arc_en_ciel-card-played-chance-instead",
    "atomize": "tours_arc_en_ciel-card-played-atomize",
    "invulnerability": "tours_arc_en_ciel-card-played-invulnerability",
    "share": "tours_arc_en_ciel-card-played-share",
}
ARRIVED: Mapping[tuple[str, bool], str] = {
    ("card", False): "tours_arc_en_ciel-arrived-card",
    ("card", True): "tours_arc_en_ciel-arrived-card-attack",
    ("move", False): "tours_arc_en_ciel-arrived-move",
    ("move", True): "tours_arc_en_ciel-arrived-move-attack",
    ("atomize", False): "tours_arc_en_ciel-arrived-atomize",
    ("atomize", True): "tours_arc_en_ciel-arrived-atomize",
    ("extra_dragon", False): "tours_arc_en_ciel-arrived-extra",
    ("extra_dragon", True): "tours_arc_en_ciel-arrived-extra-attack",
    ("enemy_arrival", False): "tours_arc_en_ciel-arrived-enemy",
    ("enemy_arrival", True): "tours_arc_en_ciel-arrived-enemy-attack",
}
"""A Dragon's arrival, by cause and whether it attacks (an atomized tower is empty)."""
RECYCLED = "tours_arc_en_ciel-recycled"
COMBAT = "tours_arc_en_ciel-combat"
COMBAT_SIDE = "tours_arc_en_ciel-combat-side"
COMBAT_SIDE_TWO_DICE = "tours_arc_en_ciel-combat-side-two-dice"
COMBAT_WINNER: Mapping[str, str] = {
    "attacker": "tours_arc_en_ciel-combat-attacker-wins",
    "defender": "tours_arc_en_ciel-combat-defender-wins",
}
COMBAT_REASON: Mapping[str, str] = {
    "totals": "tours_arc_en_ciel-combat-reason-totals",
    "tie_defender": "tours_arc_en_ciel-combat-reason-tie",
    "natural_20": "tours_arc_en_ciel-combat-reason-natural-20",
    "natural_1": "tours_arc_en_ciel-combat-reason-natural-1",
    "invulnerable": "tours_arc_en_ciel-combat-reason-invulnerable",
}
COMBAT_FATE: Mapping[str, str] = {
    "reserve": "tours_arc_en_ciel-combat-fate-reserve",
    "eliminated": "tours_arc_en_ciel-combat-fate-eliminated",
}
DEFENSE_GAINED = "tours_arc_en_ciel-defense-gained"
DEFENSE_LOST = "tours_arc_en_ciel-defense-lost"
DRAGONS_SWAPPED = "tours_arc_en_ciel-dragons-swapped"
DRAGON_ATOMIZED = "tours_arc_en_ciel-dragon-atomized"
INVULNERABLE = "tours_arc_en_ciel-invulnerable"
ISLAND_SHARED = "tours_arc_en_ciel-island-shared"
SHARE_ENDED = "tours_arc_en_ciel-share-ended"
CHANCE_DRAWN = "tours_arc_en_ciel-chance-drawn"
DECISION_REQUESTED = "tours_arc_en_ciel-decision-requested"
DECISION_REQUESTED_MANY = "tours_arc_en_ciel-decision-requested-many"
DECISION_REQUESTED_MORE = "tours_arc_en_ciel-decision-requested-more"
DECISION_REQUESTED_OTHER = "tours_arc_en_ciel-decision-requested-other"
CHANCE_DECLINED = "tours_arc_en_ciel-chance-declined"
CHANCE_KEPT: Mapping[str, str] = {
    "combat": "tours_arc_en_ciel-chance-kept-combat",
    "points": "tours_arc_en_ciel-chance-kept-points",
}
CHANCE_VOID = "tours_arc_en_ciel-chance-void"
DRAGON_REMOVED = "tours_arc_en_ciel-dragon-removed"
DRAGON_HIDDEN_ON = "tours_arc_en_ciel-dragon-hidden-on"
DRAGON_RESURRECTED = "tours_arc_en_ciel-dragon-resurrected"
THRESHOLD_CHANGED = "tours_arc_en_ciel-threshold-changed"
THIRD_ACTION_SKIPPED = "tours_arc_en_ciel-third-action-skipped"
GAME_ENDED = "tours_arc_en_ciel-game-ended"
GAME_ENDED_TIE = "tours_arc_en_ciel-game-ended-tie"


def _gold_tower(e: ToursGoldTowerAssigned, seat: Seat | None) -> Msg:
    message = GOLD_TOWER_ROLL if e.method == "roll" else GOLD_TOWER_PREVIOUS_WINNER
    return msg(message, player=Player(e.seat))


def _card_taken(e: ToursCardTaken, seat: Seat | None) -> Msg:
    if e.source == "face_up" and e.island is not None:
        return msg(CARD_TAKEN_FACE_UP, player=Player(e.seat), card=island(e.island))
    if e.island is not None:  # the taker sees the pile's card
        return msg(CARD_TAKEN_PILE, player=Player(e.seat), card=island(e.island))
    return msg(CARD_TAKEN_PILE_UNSEEN, player=Player(e.seat))


def _face_up_refilled(e: ToursFaceUpRefilled, seat: Seat | None) -> Msg:
    return msg(FACE_UP_REFILLED, card=island(e.island), slot=e.slot + 1)


def _last_card_taken(e: ToursLastCardTaken, seat: Seat | None) -> Msg:
    return msg(LAST_CARD_TAKEN, player=Player(e.seat))


def _card_played(e: ToursCardPlayed, seat: Seat | None) -> Msg:
    return msg(
        CARD_PLAYED[e.purpose],
        player=Player(e.seat),
        card=island(e.islands[0]),
        count=len(e.islands),
    )


def _dragon_arrived(e: ToursDragonArrived, seat: Seat | None) -> Msg:
    args: dict[str, Arg] = {
        "player": Player(e.seat),
        "dragon": hidden_dragon(e.dragon, e.hidden),
        "tower": tower(e.tower),
    }
    if e.cause == "move" and e.from_tower is not None and e.via_island is not None:
        args |= {"source": tower(e.from_tower), "via": the_island(e.via_island)}
    elif e.origin == "eliminated":  # two-player recycling: an eliminated Dragon comes back
        args["dragon"] = Msg(RECYCLED, {"dragon": args["dragon"]})
    return Msg(ARRIVED[(e.cause, e.contested)], args)


def _side(side: ToursCombatSide) -> Msg:
    args: dict[str, Arg] = {
        "player": Player(side.seat),
        "dragon": dragon(side.dragon),
        "total": side.total,
    }
    if len(side.rolls) == 2:
        return Msg(COMBAT_SIDE_TWO_DICE, args | {"first": side.rolls[0], "second": side.rolls[1]})
    return Msg(COMBAT_SIDE, args | {"die": side.natural})


def _combat(e: ToursCombatResolved, seat: Seat | None) -> Msg:
    winner = e.attacker if e.winner == "attacker" else e.defender
    return msg(
        COMBAT,
        tower=tower(e.tower),
        attacker=_side(e.attacker),
        defender=_side(e.defender),
        outcome=msg(COMBAT_WINNER[e.winner], player=Player(winner.seat)),
        reason=msg(COMBAT_REASON[e.reason]),
        fate=msg(COMBAT_FATE[e.loser_fate], dragon=dragon(e.loser_dragon)),
    )


def _defense_changed(e: ToursDefenseChanged, seat: Seat | None) -> Msg | None:
    """A chance card's pearls; the pearl every landing and swap brings is bookkeeping (the
    rules add it every time; the picture shows each tower's defense)."""
    if e.cause != "chance" or e.delta == 0:
        return None
    message = DEFENSE_GAINED if e.delta > 0 else DEFENSE_LOST
    return msg(message, tower=tower(e.tower), count=abs(e.delta), defense=e.defense)


def _dragons_swapped(e: ToursDragonsSwapped, seat: Seat | None) -> Msg:
    return msg(
        DRAGONS_SWAPPED,
        player=Player(e.seat),
        first=hidden_dragon(e.dragon_a, e.hidden_a),
        second=hidden_dragon(e.dragon_b, e.hidden_b),
        tower_a=tower(e.tower_a),
        tower_b=tower(e.tower_b),
    )


def _dragon_atomized(e: ToursDragonAtomized, seat: Seat | None) -> Msg:
    return msg(
        DRAGON_ATOMIZED,
        player=Player(e.seat),
        victim=Player(e.victim_seat),
        dragon=dragon(e.dragon),
        tower=tower(e.tower),
        pearls=e.defense_destroyed,
    )


def _invulnerable(e: ToursInvulnerabilityGranted, seat: Seat | None) -> Msg:
    return msg(INVULNERABLE, player=Player(e.seat))


def _island_shared(e: ToursIslandShared, seat: Seat | None) -> Msg:
    return msg(
        ISLAND_SHARED,
        player=Player(e.sharer_seat),
        owner=Player(e.owner_seat),
        island=the_island(e.island),
    )


def _share_ended(e: ToursShareEnded, seat: Seat | None) -> Msg:
    return msg(
        SHARE_ENDED,
        player=Player(e.sharer_seat),
        owner=Player(e.owner_seat),
        island=the_island(e.island),
    )


def _chance_drawn(e: ToursChanceCardDrawn, seat: Seat | None) -> Msg:
    return msg(CHANCE_DRAWN, player=Player(e.seat), card=chance_card(e.card))


def _decision_requested(e: ToursChanceDecisionRequested, seat: Seat | None) -> Msg:
    if e.decider_seat != e.drawer_seat:
        return msg(
            DECISION_REQUESTED_OTHER,
            player=Player(e.decider_seat),
            drawer=Player(e.drawer_seat),
            card=chance_card(e.card),
        )
    spec = CHANCE_BY_KIND[e.card]
    if spec.group in ("hide_dragons", "resurrect"):
        first = e.remaining == spec.amount  # later requests count down one answer at a time
        return msg(
            DECISION_REQUESTED_MANY if first else DECISION_REQUESTED_MORE,
            player=Player(e.decider_seat),
            card=chance_card(e.card),
            count=e.remaining,
        )
    return msg(DECISION_REQUESTED, player=Player(e.decider_seat), card=chance_card(e.card))


def _chance_declined(e: ToursChanceDeclined, seat: Seat | None) -> Msg:
    return msg(CHANCE_DECLINED, player=Player(e.seat), card=chance_card(e.card))


def _chance_kept(e: ToursChanceCardKept, seat: Seat | None) -> Msg:
    return msg(CHANCE_KEPT[e.pile], player=Player(e.seat), card=chance_card(e.card))


def _chance_discarded(e: ToursChanceCardDiscarded, seat: Seat | None) -> Msg | None:
    """Only a card that does nothing is worth a sentence: an applied card's effects and a
    declined card have theirs."""
    if e.outcome != "void":
        return None
    return msg(CHANCE_VOID, card=chance_card(e.card))


def _dragon_removed(e: ToursDragonRemoved, seat: Seat | None) -> Msg:
    removed: Arg = (
        dragon(e.dragon)
        if e.dragon is not None
        else msg(DRAGON_HIDDEN_STRENGTH, strength=e.strength)
    )
    return msg(DRAGON_REMOVED, player=Player(e.seat), dragon=removed, tower=tower(e.tower))


def _dragon_hidden(e: ToursDragonHidden, seat: Seat | None) -> Msg:
    hidden: Arg = dragon(e.dragon) if e.dragon is not None else msg(DRAGON_UNKNOWN)
    return msg(DRAGON_HIDDEN_ON, player=Player(e.seat), dragon=hidden, tower=tower(e.tower))


def _dragon_resurrected(e: ToursDragonResurrected, seat: Seat | None) -> Msg:
    return msg(DRAGON_RESURRECTED, player=Player(e.seat), dragon=dragon(e.dragon))


def _threshold_changed(e: ToursThresholdChanged, seat: Seat | None) -> Msg:
    return msg(THRESHOLD_CHANGED, island=the_island(e.island), count=e.threshold)


def _third_action_skipped(e: ToursThirdActionSkipped, seat: Seat | None) -> Msg:
    return msg(THIRD_ACTION_SKIPPED, player=Player(e.seat))


def _game_ended(e: ToursGameEnded, seat: Seat | None) -> Msg:
    by_seat = {s.seat: s for s in e.scores}
    first, second = by_seat[e.ranking[0]], by_seat[e.ranking[1]]
    decided = (
        "score"
        if first.score != second.score
        else "pearls"
        if first.pearls != second.pearls
        else "roll"
    )
    reasons = Part("end-reason", e.reasons[0])
    if decided == "score":
        return msg(GAME_ENDED, player=Player(e.winner_seat), score=first.score, reason=reasons)
    return msg(
        GAME_ENDED_TIE,
        player=Player(e.winner_seat),
        score=first.score,
        reason=reasons,
        decided=Part("decided-by", decided),
    )


SENTENCES: Mapping[type[Any], Callable[[Any, Seat | None], Msg | None] | None] = {
    # Setup and bookkeeping: no sentence, so a history reads as moves (the shuffles and
    # deals are hidden anyway; a turn's start and end frame the moves between them).
    ToursGameStarted: None,
    ToursGameDeckShuffled: None,
    ToursChanceDeckShuffled: None,
    ToursCardsDealt: None,
    ToursFaceUpDealt: None,
    ToursTurnStarted: None,
    ToursTurnEnded: None,
    ToursChanceDeckReshuffled: None,
    # Who holds the Gold tower, every move and its consequences.
    ToursGoldTowerAssigned: _gold_tower,
    ToursCardTaken: _card_taken,
    ToursFaceUpRefilled: _face_up_refilled,
    ToursLastCardTaken: _last_card_taken,
    ToursCardPlayed: _card_played,
    ToursDragonArrived: _dragon_arrived,
    ToursCombatResolved: _combat,
    ToursDefenseChanged: _defense_changed,
    ToursDragonsSwapped: _dragons_swapped,
    ToursDragonAtomized: _dragon_atomized,
    ToursInvulnerabilityGranted: _invulnerable,
    ToursIslandShared: _island_shared,
    ToursShareEnded: _share_ended,
    ToursChanceCardDrawn: _chance_drawn,
    ToursChanceDecisionRequested: _decision_requested,
    ToursChanceDeclined: _chance_declined,
    ToursChanceCardKept: _chance_kept,
    ToursChanceCardDiscarded: _chance_discarded,
    ToursDragonRemoved: _dragon_removed,
    ToursDragonHidden: _dragon_hidden,
    ToursDragonResurrected: _dragon_resurrected,
    ToursThresholdChanged: _threshold_changed,
    ToursThirdActionSkipped: _third_action_skipped,
    ToursGameEnded: _game_ended,
}
"""Every event class -> its sentence (None: setup and bookkeeping)."""


sentence = sentences(SENTENCES)


# --- Labels -----------------------------------------------------------------------

LABEL_TAKE_PILE = "tours_arc_en_ciel-label-take-pile"
LABEL_TAKE_FACE_UP = "tours_arc_en_ciel-label-take-face-up"
LABEL_LAND = "tours_arc_en_ciel-label-land"
LABEL_DISCARD = "tours_arc_en_ciel-label-discard"
LABEL_CHANCE_INSTEAD = "tours_arc_en_ciel-label-chance-instead"
LABEL_ATOMIZE = "tours_arc_en_ciel-label-atomize"
LABEL_ATOMIZE_LAND = "tours_arc_en_ciel-label-atomize-land"
LABEL_INVULNERABILITY = "tours_arc_en_ciel-label-invulnerability"
LABEL_INVULNERABILITY_LAND = "tours_arc_en_ciel-label-invulnerability-land"
LABEL_SHARE = "tours_arc_en_ciel-label-share"
LABEL_SHARE_PLAIN = "tours_arc_en_ciel-label-share-plain"
LABEL_DRAW_CHANCE = "tours_arc_en_ciel-label-draw-chance"
LABEL_MOVE = "tours_arc_en_ciel-label-move"
LABEL_SWAP = "tours_arc_en_ciel-label-swap"
LABEL_SKIP = "tours_arc_en_ciel-label-skip"
LABEL_DECLINE = "tours_arc_en_ciel-label-decline"
LABEL_RESOLVE: Mapping[str, str] = {
    "add_defense": "tours_arc_en_ciel-label-resolve-add-defense",
    "remove_enemy_defense": "tours_arc_en_ciel-label-resolve-remove-enemy-defense",
    "give_enemy_defense": "tours_arc_en_ciel-label-resolve-give-enemy-defense",
    "remove_enemy_dragon": "tours_arc_en_ciel-label-resolve-remove-enemy-dragon",
    "lose_dragon": "tours_arc_en_ciel-label-resolve-lose-dragon",
    "hide_dragons": "tours_arc_en_ciel-label-resolve-hide",
    "extra_dragon": "tours_arc_en_ciel-label-resolve-land",
    "enemy_dragon_arrives": "tours_arc_en_ciel-label-resolve-land",
    "resurrect": "tours_arc_en_ciel-label-resolve-resurrect",
    "bridges_needed": "tours_arc_en_ciel-label-resolve-bridges",
}
"""A chance answer, by the card's group (the landing groups read alike)."""
LABEL_RESOLVE_PLAIN = "tours_arc_en_ciel-label-resolve-plain"


def _face_up_card(view: ToursView, slot: int | None) -> str | None:
    if slot is None or not 0 <= slot < len(view.face_up):
        return None
    return view.face_up[slot]


def _label_take(c: ToursTakeCard, view: ToursView) -> Msg:
    card = _face_up_card(view, c.slot) if c.source == "face_up" else None
    if card is None:
        return msg(LABEL_TAKE_PILE)
    return msg(LABEL_TAKE_FACE_UP, card=island(card))


def _label_land(c: ToursLandDragon, view: ToursView) -> Msg:
    return msg(
        LABEL_LAND, card=island(c.island), dragon=dragon_with_copy(c.dragon), tower=tower(c.tower)
    )


def _label_discard(c: ToursDiscardCard, view: ToursView) -> Msg:
    return msg(LABEL_DISCARD, card=island(c.island))


def _label_chance_instead(c: ToursChanceInsteadOfLanding, view: ToursView) -> Msg:
    return msg(LABEL_CHANCE_INSTEAD, card=island(c.island))


def _label_atomize(c: ToursAtomize, view: ToursView) -> Msg:
    args: dict[str, Arg] = {
        "card": island(c.island),
        "tower": tower(c.tower),
        "victim": tower_dragon(view, c.tower),
    }
    if c.dragon is None:
        return Msg(LABEL_ATOMIZE, args)
    return Msg(LABEL_ATOMIZE_LAND, args | {"dragon": dragon_with_copy(c.dragon)})


def _label_invulnerability(c: ToursInvokeInvulnerability, view: ToursView) -> Msg:
    if c.tower is None or c.dragon is None:
        return msg(LABEL_INVULNERABILITY, card=island(c.island))
    return msg(
        LABEL_INVULNERABILITY_LAND,
        card=island(c.island),
        dragon=dragon_with_copy(c.dragon),
        tower=tower(c.tower),
    )


def _enemy_of_start(island_id: str) -> str | None:
    return next((h for h, i in START_ISLAND.items() if i == island_id), None)


def _label_share(c: ToursShareIsland, view: ToursView) -> Msg:
    owner = _enemy_of_start(c.island)
    if owner is None:  # not a start island: never listed
        return msg(LABEL_SHARE_PLAIN, card=island(c.island), island=the_island(c.target_island))
    return msg(
        LABEL_SHARE, card=island(c.island), island=the_island(c.target_island), owner=Player(owner)
    )


def _label_draw(c: ToursDrawChance, view: ToursView) -> Msg:
    return msg(LABEL_DRAW_CHANCE)


def _label_move(c: ToursMoveDragon, view: ToursView) -> Msg:
    return msg(
        LABEL_MOVE,
        dragon=tower_dragon(view, c.from_tower),
        source=tower(c.from_tower),
        via=the_island(c.via_island),
        destination=tower(c.to_tower),
    )


def _label_swap(c: ToursSwapDragons, view: ToursView) -> Msg:
    return msg(
        LABEL_SWAP,
        first=tower_dragon(view, c.tower_a),
        second=tower_dragon(view, c.tower_b),
        tower_a=tower(c.tower_a),
        tower_b=tower(c.tower_b),
    )


def _label_skip(c: ToursSkipThirdAction, view: ToursView) -> Msg:
    return msg(LABEL_SKIP)


_RESOLVE_NEEDS: Mapping[str, frozenset[str]] = {
    "add_defense": frozenset({"tower"}),
    "remove_enemy_defense": frozenset({"tower"}),
    "give_enemy_defense": frozenset({"tower"}),
    "remove_enemy_dragon": frozenset({"tower"}),
    "lose_dragon": frozenset({"tower"}),
    "hide_dragons": frozenset({"tower"}),
    "extra_dragon": frozenset({"tower", "dragon"}),
    "enemy_dragon_arrives": frozenset({"tower", "dragon"}),
    "resurrect": frozenset({"dragon"}),
    "bridges_needed": frozenset({"island"}),
}
"""What an answer to each group of cards names (spec 7.12)."""


def _given(c: ToursResolveChance) -> frozenset[str]:
    named = (("tower", c.tower), ("dragon", c.dragon), ("island", c.island))
    return frozenset(name for name, value in named if value is not None)


def _label_resolve(c: ToursResolveChance, view: ToursView) -> Msg:
    """The answer to the pending chance card, in the card's terms; a hand-written answer
    that does not name what the card asks for gets the plain label."""
    pending = view.pending
    if pending is None:
        return msg(LABEL_RESOLVE_PLAIN)
    card = chance_card(pending.card)
    if c.decline:
        return msg(LABEL_DECLINE, card=card)
    spec = CHANCE_BY_KIND[pending.card]
    message = LABEL_RESOLVE.get(spec.group)
    if message is None or _given(c) != _RESOLVE_NEEDS.get(spec.group):
        return msg(LABEL_RESOLVE_PLAIN)
    args: dict[str, Arg] = {"card": card, "count": abs(spec.amount)}
    if c.tower is not None:
        args |= {"tower": tower(c.tower), "dragon": tower_dragon(view, c.tower)}
    if c.dragon is not None:
        args["dragon"] = dragon_with_copy(c.dragon)
    if c.island is not None:
        args["island"] = the_island(c.island)
    return Msg(message, args)


LABELS: Mapping[type[Any], Callable[[Any, ToursView], Msg]] = {
    ToursTakeCard: _label_take,
    ToursLandDragon: _label_land,
    ToursDiscardCard: _label_discard,
    ToursChanceInsteadOfLanding: _label_chance_instead,
    ToursAtomize: _label_atomize,
    ToursInvokeInvulnerability: _label_invulnerability,
    ToursShareIsland: _label_share,
    ToursDrawChance: _label_draw,
    ToursMoveDragon: _label_move,
    ToursSwapDragons: _label_swap,
    ToursSkipThirdAction: _label_skip,
    ToursResolveChance: _label_resolve,
}
"""Every command class -> its label."""


label = labels(LABELS)


# --- Targets and steps ------------------------------------------------------------


def targets(command: Any, view: ToursView) -> tuple[str, ...]:
    """The picture ids ``command`` names: a slot or the pile; the viewer's card in hand and
    its island, a tower, a Dragon chip; the chance deck, the discard of game cards; ``()``
    for skipping and declining."""
    if isinstance(command, ToursTakeCard):
        if command.source == "pile":
            return (PILE,)
        return (slot_id(command.slot),) if command.slot is not None else ()
    if isinstance(command, ToursLandDragon):
        return (command.dragon, hand_id(command.island), command.island, command.tower)
    if isinstance(command, ToursDiscardCard):
        return (hand_id(command.island), GAME_DISCARD)
    if isinstance(command, ToursChanceInsteadOfLanding):
        return (hand_id(command.island), CHANCE_DECK)
    if isinstance(command, ToursAtomize | ToursInvokeInvulnerability):
        landing = tuple(x for x in (command.tower, command.dragon) if x is not None)
        return (hand_id(command.island), command.island, *landing)
    if isinstance(command, ToursShareIsland):
        return (hand_id(command.island), command.target_island)
    if isinstance(command, ToursDrawChance):
        return (CHANCE_DECK,)
    if isinstance(command, ToursMoveDragon):
        return (command.from_tower, command.via_island, command.to_tower)
    if isinstance(command, ToursSwapDragons):
        return (command.tower_a, command.tower_b)
    if isinstance(command, ToursResolveChance) and not command.decline:
        return tuple(x for x in (command.dragon, command.tower, command.island) if x is not None)
    return ()


STEP_LAND = "tours_arc_en_ciel-step-land"
STEP_DISCARD = "tours_arc_en_ciel-step-discard"
STEP_CHANCE_INSTEAD = "tours_arc_en_ciel-step-chance-instead"
STEP_ATOMIZE = "tours_arc_en_ciel-step-atomize"
STEP_INVULNERABILITY = "tours_arc_en_ciel-step-invulnerability"
STEP_SHARE = "tours_arc_en_ciel-step-share"
STEP_MOVE = "tours_arc_en_ciel-step-move"
STEP_SWAP = "tours_arc_en_ciel-step-swap"
STEP_DRAGON = "tours_arc_en_ciel-step-dragon"
STEP_CARD = "tours_arc_en_ciel-step-card"
STEP_PAIR = "tours_arc_en_ciel-step-pair"
STEP_TOWER = "tours_arc_en_ciel-step-tower"
STEP_VICTIM = "tours_arc_en_ciel-step-victim"
STEP_NO_DRAGON = "tours_arc_en_ciel-step-no-dragon"
STEP_SHARE_ISLAND = "tours_arc_en_ciel-step-share-island"
STEP_FROM = "tours_arc_en_ciel-step-from"
STEP_VIA = "tours_arc_en_ciel-step-via"
STEP_TO = "tours_arc_en_ciel-step-to"
STEP_SWAP_WITH = "tours_arc_en_ciel-step-swap-with"
NO_DRAGON = "none"
"""The key of the choice "land no Dragon" (atomizing with an empty reserve, invulnerability
without a landing); Dragon ids never clash with it."""


def _kind(command: Any, label_id: str) -> Step:
    """The first step of a command: which action (its key is the command's tag)."""
    return Step(tag_of_class(type(command)), msg(label_id))


def _dragon_step(dragon_id: str) -> Step:
    return Step(dragon_id, msg(STEP_DRAGON, dragon=dragon_with_copy(dragon_id)), (dragon_id,))


def _tower_step(tower_id: str, label_id: str = STEP_TOWER) -> Step:
    return Step(tower_id, msg(label_id, tower=tower(tower_id)), (tower_id,))


def _card_step(island_id: str, *more: str, label_id: str = STEP_CARD) -> Step:
    return Step(island_id, msg(label_id, card=island(island_id)), (hand_id(island_id), *more))


def _landing_steps(tower_id: str | None, dragon_id: str | None) -> tuple[Step, ...]:
    """The Dragon then its tower; or the choice to land none."""
    if tower_id is None or dragon_id is None:
        return (Step(NO_DRAGON, msg(STEP_NO_DRAGON)),)
    return (_dragon_step(dragon_id), _tower_step(tower_id))


def path(command: Any, view: ToursView) -> tuple[Step, ...]:
    """``command`` as successive choices, in the order a player thinks: the action, then
    for a landing the Dragon, the card (its island), the tower; for an atomization the
    pair, the enemy's tower, the Dragon that takes it; for a move the Dragon's tower, the
    island it crosses, the tower it reaches; for a chance answer the Dragon then the tower."""
    if isinstance(command, ToursLandDragon):
        return (
            _kind(command, STEP_LAND),
            _dragon_step(command.dragon),
            _card_step(command.island, command.island),
            _tower_step(command.tower),
        )
    if isinstance(command, ToursDiscardCard):
        return (_kind(command, STEP_DISCARD), _card_step(command.island, GAME_DISCARD))
    if isinstance(command, ToursChanceInsteadOfLanding):
        return (_kind(command, STEP_CHANCE_INSTEAD), _card_step(command.island, CHANCE_DECK))
    if isinstance(command, ToursAtomize):
        victim = Step(
            command.tower,
            msg(STEP_VICTIM, dragon=tower_dragon(view, command.tower), tower=tower(command.tower)),
            (command.tower,),
        )
        return (
            _kind(command, STEP_ATOMIZE),
            _card_step(command.island, command.island, label_id=STEP_PAIR),
            victim,
            *(
                (_dragon_step(command.dragon),)
                if command.dragon is not None
                else (Step(NO_DRAGON, msg(STEP_NO_DRAGON)),)
            ),
        )
    if isinstance(command, ToursInvokeInvulnerability):
        return (
            _kind(command, STEP_INVULNERABILITY),
            _card_step(command.island, command.island, label_id=STEP_PAIR),
            *_landing_steps(command.tower, command.dragon),
        )
    if isinstance(command, ToursShareIsland):
        target = command.target_island
        return (
            _kind(command, STEP_SHARE),
            _card_step(command.island, label_id=STEP_PAIR),
            Step(target, msg(STEP_SHARE_ISLAND, island=the_island(target)), (target,)),
        )
    if isinstance(command, ToursMoveDragon):
        source = command.from_tower
        return (
            _kind(command, STEP_MOVE),
            Step(
                source,
                msg(STEP_FROM, dragon=tower_dragon(view, source), tower=tower(source)),
                (source,),
            ),
            Step(
                command.via_island,
                msg(STEP_VIA, island=the_island(command.via_island)),
                (command.via_island,),
            ),
            _tower_step(command.to_tower, STEP_TO),
        )
    if isinstance(command, ToursSwapDragons):
        a, b = command.tower_a, command.tower_b
        return (
            _kind(command, STEP_SWAP),
            Step(a, msg(STEP_FROM, dragon=tower_dragon(view, a), tower=tower(a)), (a,)),
            Step(b, msg(STEP_SWAP_WITH, dragon=tower_dragon(view, b), tower=tower(b)), (b,)),
        )
    if isinstance(command, ToursResolveChance) and not command.decline:
        if command.dragon is not None and command.tower is not None:
            return (_dragon_step(command.dragon), _tower_step(command.tower))
        key = command.tower or command.dragon or command.island or "answer"
        return (Step(key, label(command, view), targets(command, view)),)
    if isinstance(command, ToursResolveChance):
        return (Step("decline", label(command, view)),)
    if isinstance(command, ToursTakeCard):
        key = PILE if command.source == "pile" else slot_id(command.slot or 0)
        return (Step(key, label(command, view), targets(command, view)),)
    return (Step(tag_of_class(type(command)), label(command, view), targets(command, view)),)


VIEW_FREE: frozenset[type[Any]] = frozenset(
    {
        ToursLandDragon,
        ToursDiscardCard,
        ToursChanceInsteadOfLanding,
        ToursInvokeInvulnerability,
        ToursShareIsland,
        ToursDrawChance,
        ToursSkipThirdAction,
    }
)
"""The commands whose label, targets and path read nothing of the view: they name
their card, Dragon (by its id: the copy is in it) and tower themselves. Not taking a
card (a face-up slot's card is in the view), nor moving, swapping or atomizing (the
Dragons on the towers are), nor a chance card's answer."""


# --- The last move ------------------------------------------------------------------


def drawn_ids(view: ToursView) -> frozenset[str]:
    """Every id the picture of ``view`` draws (``picture.py``)."""
    ids: set[str] = {*view.houses, *ISLANDS, *TOWERS}
    ids |= {b.id for b in BRIDGES if b.fixed_house is not None}
    ids |= {PILE, GAME_DISCARD, CHANCE_DECK, CHANCE_DISCARD}
    ids |= {slot_id(k) for k in range(len(view.face_up))}
    if view.viewer is not None:
        cards = view.hands[view.viewer].cards or {}
        ids |= {hand_id(i) for i in cards}
        ids |= set(view.reserves[view.viewer].dragons or ())
    ids |= {d for eliminated in view.eliminated for d in eliminated}
    return frozenset(ids)


def changed(events: Sequence[Any], before: ToursView, after: ToursView) -> tuple[str, ...]:
    """The picture ids one move changed, as the viewer sees them after it: the slot or
    pile a card came from, the card in hand, the discards, the towers a Dragon left,
    reached, fought on, hid on or lost pearls on, the islands whose owners or threshold
    changed, the panels of the Houses whose hand, camp, cards or status changed. Ids
    absent from the picture after the move (a card no longer held) are left out."""
    drawn = drawn_ids(after)
    houses = after.houses
    out: list[str] = []

    def add(*ids: str | None) -> None:
        out.extend(i for i in ids if i is not None and i in drawn and i not in out)

    for e in events:
        if isinstance(e, ToursCardTaken):
            add(PILE if e.source == "pile" else slot_id(e.slot or 0), houses[e.seat])
            add(hand_id(e.island) if e.island is not None else None)
        elif isinstance(e, ToursFaceUpRefilled):
            add(slot_id(e.slot), PILE)
        elif isinstance(e, ToursCardPlayed):
            add(houses[e.seat], GAME_DISCARD, *(hand_id(i) for i in e.islands))
        elif isinstance(e, ToursDragonArrived):
            add(e.tower, e.from_tower, houses[e.seat])
        elif isinstance(e, ToursCombatResolved):
            add(e.tower, houses[e.attacker.seat], houses[e.defender.seat])
        elif isinstance(e, ToursDefenseChanged | ToursDragonHidden):
            add(e.tower)
        elif isinstance(e, ToursDragonsSwapped):
            add(e.tower_a, e.tower_b)
        elif isinstance(e, ToursDragonAtomized):
            add(e.tower, houses[e.victim_seat], houses[e.seat])
        elif isinstance(e, ToursDragonRemoved):
            add(e.tower, houses[e.seat])
        elif isinstance(e, ToursIslandShared | ToursShareEnded | ToursThresholdChanged):
            add(e.island)
        elif isinstance(e, ToursChanceCardDrawn):
            add(CHANCE_DECK, houses[e.seat])
        elif isinstance(e, ToursChanceDeckReshuffled):
            add(CHANCE_DECK, CHANCE_DISCARD)
        elif isinstance(e, ToursChanceCardKept | ToursInvulnerabilityGranted):
            add(houses[e.seat])
        elif isinstance(e, ToursChanceCardDiscarded):
            add(CHANCE_DISCARD)
        elif isinstance(e, ToursDragonResurrected):
            add(houses[e.seat], e.dragon)
    old = {i.island: (i.owners, i.threshold) for i in before.islands}
    add(*(i.island for i in after.islands if old.get(i.island) != (i.owners, i.threshold)))
    return tuple(out)


# --- The picture's text ----------------------------------------------------------------

PICTURE_ACTIVE = "tours_arc_en_ciel-picture-active"
PICTURE_ATOMIZED = "tours_arc_en_ciel-picture-atomized"
PICTURE_CAMP = "tours_arc_en_ciel-picture-camp"
PICTURE_CAMP_EMPTY = "tours_arc_en_ciel-picture-camp-empty"
PICTURE_CAMP_SECRET = "tours_arc_en_ciel-picture-camp-secret"
PICTURE_CHANCE_DECK = "tours_arc_en_ciel-picture-chance-deck"
PICTURE_CHANCE_DISCARD = "tours_arc_en_ciel-picture-chance-discard"
PICTURE_CHANCE_DISCARD_LAST = "tours_arc_en_ciel-picture-chance-discard-last"
PICTURE_CHIP = "tours_arc_en_ciel-picture-chip"
PICTURE_COMBAT_CARDS = "tours_arc_en_ciel-picture-combat-cards"
PICTURE_ELIMINATED = "tours_arc_en_ciel-picture-eliminated"
PICTURE_ELIMINATED_NONE = "tours_arc_en_ciel-picture-eliminated-none"
PICTURE_EMPTY_SLOT = "tours_arc_en_ciel-picture-empty-slot"
PICTURE_FACE_UP = "tours_arc_en_ciel-picture-face-up"
PICTURE_FINAL_TURN = "tours_arc_en_ciel-picture-final-turn"
PICTURE_GAME_DISCARD = "tours_arc_en_ciel-picture-game-discard"
PICTURE_GAME_DISCARD_LAST = "tours_arc_en_ciel-picture-game-discard-last"
PICTURE_GOLD = "tours_arc_en_ciel-picture-gold"
PICTURE_HAND = "tours_arc_en_ciel-picture-hand"
PICTURE_HAND_CARD = "tours_arc_en_ciel-picture-hand-card"
PICTURE_HAND_HIDDEN = "tours_arc_en_ciel-picture-hand-hidden"
PICTURE_INVULNERABLE = "tours_arc_en_ciel-picture-invulnerable"
PICTURE_ISLAND_TITLE = "tours_arc_en_ciel-picture-island-title"
PICTURE_ISLAND_VALUE = "tours_arc_en_ciel-picture-island-value"
PICTURE_LEGEND_BRIDGES = "tours_arc_en_ciel-picture-legend-bridges"
PICTURE_LEGEND_HOUSES = "tours_arc_en_ciel-picture-legend-houses"
PICTURE_LEGEND_TOWERS = "tours_arc_en_ciel-picture-legend-towers"
PICTURE_NOBODY = "tours_arc_en_ciel-picture-nobody"
PICTURE_PENDING = "tours_arc_en_ciel-picture-pending"
PICTURE_PILE = "tours_arc_en_ciel-picture-pile"
PICTURE_POINT_CARDS = "tours_arc_en_ciel-picture-point-cards"
PICTURE_SCORE = "tours_arc_en_ciel-picture-score"
PICTURE_SCORE_ISLAND = "tours_arc_en_ciel-picture-score-island"
PICTURE_SCORE_NO_ISLAND = "tours_arc_en_ciel-picture-score-no-island"
PICTURE_SEAT_HOUSE = "tours_arc_en_ciel-picture-seat-house"
PICTURE_SHARE = "tours_arc_en_ciel-picture-share"
PICTURE_STRENGTHS = "tours_arc_en_ciel-picture-strengths"
PICTURE_THRESHOLD = "tours_arc_en_ciel-picture-threshold"
PICTURE_TO_ACT = "tours_arc_en_ciel-picture-to-act"
PICTURE_TOWER_DRAGON = "tours_arc_en_ciel-picture-tower-dragon"
PICTURE_TOWER_EMPTY = "tours_arc_en_ciel-picture-tower-empty"
PICTURE_TOWER_HIDDEN = "tours_arc_en_ciel-picture-tower-hidden"
PICTURE_TOWER_TITLE = "tours_arc_en_ciel-picture-tower-title"
PICTURE_TOWER_TITLE_EMPTY = "tours_arc_en_ciel-picture-tower-title-empty"
PICTURE_TURN = "tours_arc_en_ciel-picture-turn"


# --- Refusals -------------------------------------------------------------------------

REFUSAL: Mapping[str, str] = {
    "atomize_limit_reached": "tours_arc_en_ciel-refusal-atomize-limit-reached",
    "card_not_in_hand": "tours_arc_en_ciel-refusal-card-not-in-hand",
    "chance_deck_empty": "tours_arc_en_ciel-refusal-chance-deck-empty",
    "decision_pending": "tours_arc_en_ciel-refusal-decision-pending",
    "decline_not_allowed": "tours_arc_en_ciel-refusal-decline-not-allowed",
    "dragon_not_available": "tours_arc_en_ciel-refusal-dragon-not-available",
    "dragon_required": "tours_arc_en_ciel-refusal-dragon-required",
    "duplicate_house": "tours_arc_en_ciel-refusal-duplicate-house",
    "face_up_slot_empty": "tours_arc_en_ciel-refusal-face-up-slot-empty",
    "game_over": "tours_arc_en_ciel-refusal-game-over",
    "invalid_gold_tower_seat": "tours_arc_en_ciel-refusal-invalid-gold-tower-seat",
    "invalid_house_set": "tours_arc_en_ciel-refusal-invalid-house-set",
    "invalid_parameters": "tours_arc_en_ciel-refusal-invalid-parameters",
    "invalid_seat_count": "tours_arc_en_ciel-refusal-invalid-seat-count",
    "invalid_slot": "tours_arc_en_ciel-refusal-invalid-slot",
    "invalid_target": "tours_arc_en_ciel-refusal-invalid-target",
    "island_not_passable": "tours_arc_en_ciel-refusal-island-not-passable",
    "no_eliminated_dragon": "tours_arc_en_ciel-refusal-no-eliminated-dragon",
    "no_pending_decision": "tours_arc_en_ciel-refusal-no-pending-decision",
    "not_enemy_start_island": "tours_arc_en_ciel-refusal-not-enemy-start-island",
    "not_own_start_island": "tours_arc_en_ciel-refusal-not-own-start-island",
    "not_your_decision": "tours_arc_en_ciel-refusal-not-your-decision",
    "not_your_dragon": "tours_arc_en_ciel-refusal-not-your-dragon",
    "not_your_turn": "tours_arc_en_ciel-refusal-not-your-turn",
    "pair_not_in_hand": "tours_arc_en_ciel-refusal-pair-not-in-hand",
    "pile_empty": "tours_arc_en_ciel-refusal-pile-empty",
    "reserve_not_empty": "tours_arc_en_ciel-refusal-reserve-not-empty",
    "same_tower": "tours_arc_en_ciel-refusal-same-tower",
    "target_not_owned_by_enemy": "tours_arc_en_ciel-refusal-target-not-owned-by-enemy",
    "third_action_available": "tours_arc_en_ciel-refusal-third-action-available",
    "tower_not_adjacent": "tours_arc_en_ciel-refusal-tower-not-adjacent",
    "tower_not_enemy": "tours_arc_en_ciel-refusal-tower-not-enemy",
    "tower_occupied_by_own_dragon": "tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon",
    "unknown_dragon": "tours_arc_en_ciel-refusal-unknown-dragon",
    "unknown_house": "tours_arc_en_ciel-refusal-unknown-house",
    "unknown_island": "tours_arc_en_ciel-refusal-unknown-island",
    "unknown_seat": "tours_arc_en_ciel-refusal-unknown-seat",
    "unknown_tower": "tours_arc_en_ciel-refusal-unknown-tower",
    "variant_disabled": "tours_arc_en_ciel-refusal-variant-disabled",
    "variant_requires_two_players": "tours_arc_en_ciel-refusal-variant-requires-two-players",
    "via_not_endpoint": "tours_arc_en_ciel-refusal-via-not-endpoint",
    "wrong_phase": "tours_arc_en_ciel-refusal-wrong-phase",
}
"""Every code of ``RULESET.error_codes`` -> its sentence (tested equal)."""
PLAIN: Mapping[str, str] = {
    "card_not_in_hand": "tours_arc_en_ciel-refusal-card-not-in-hand-plain",
    "decision_pending": "tours_arc_en_ciel-refusal-decision-pending-plain",
    "decline_not_allowed": "tours_arc_en_ciel-refusal-decline-not-allowed-plain",
    "dragon_not_available": "tours_arc_en_ciel-refusal-dragon-not-available-plain",
    "face_up_slot_empty": "tours_arc_en_ciel-refusal-face-up-slot-empty-plain",
    "invalid_target": "tours_arc_en_ciel-refusal-invalid-target-plain",
    "island_not_passable": "tours_arc_en_ciel-refusal-island-not-passable-plain",
    "not_enemy_start_island": "tours_arc_en_ciel-refusal-not-enemy-start-island-plain",
    "not_own_start_island": "tours_arc_en_ciel-refusal-not-own-start-island-plain",
    "not_your_decision": "tours_arc_en_ciel-refusal-not-your-decision-plain",
    "not_your_dragon": "tours_arc_en_ciel-refusal-not-your-dragon-plain",
    "not_your_turn": "tours_arc_en_ciel-refusal-not-your-turn-plain",
    "pair_not_in_hand": "tours_arc_en_ciel-refusal-pair-not-in-hand-plain",
    "same_tower": "tours_arc_en_ciel-refusal-same-tower-plain",
    "target_not_owned_by_enemy": "tours_arc_en_ciel-refusal-target-not-owned-by-enemy-plain",
    "tower_not_adjacent": "tours_arc_en_ciel-refusal-tower-not-adjacent-plain",
    "tower_not_enemy": "tours_arc_en_ciel-refusal-tower-not-enemy-plain",
    "tower_occupied_by_own_dragon": "tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon-plain",
    "variant_disabled": "tours_arc_en_ciel-refusal-variant-disabled-plain",
    "via_not_endpoint": "tours_arc_en_ciel-refusal-via-not-endpoint-plain",
    "wrong_phase": "tours_arc_en_ciel-refusal-wrong-phase-plain",
}
"""The same refusals when the violation or the view lacks what they name (a hand-built
violation; the rules give every detail)."""
VARIANT_NAME: Mapping[str, str] = {
    "start_pair_invulnerability": "tours_arc_en_ciel-variant-invulnerability",
    "enemy_start_pair_share": "tours_arc_en_ciel-variant-share",
}


def _detail(
    violation: RuleViolation, key: str, known: Mapping[str, Any] | Sequence[str]
) -> str | None:
    """A detail that names a known component (details may echo what the caller sent)."""
    value = violation.details.get(key)
    return value if isinstance(value, str) and value in known else None


def _refusal_args(violation: RuleViolation, view: ToursView | None) -> dict[str, Arg] | None:
    """The arguments of a code's refusal; None when something it names is missing."""
    code = violation.code
    island_id = _detail(violation, "island", ISLAND_BY_ID)
    tower_id = _detail(violation, "tower", TOWERS)
    dragon_id = _detail(violation, "dragon", DRAGONS)
    pending = view.pending if view is not None else None
    if code in ("card_not_in_hand", "pair_not_in_hand", "not_enemy_start_island"):
        return {"card": island(island_id)} if island_id else None
    if code == "island_not_passable":
        return {"island": the_island(island_id)} if island_id else None
    if code == "not_own_start_island":
        if view is None or view.viewer is None or island_id is None:
            return None
        own = START_ISLAND[view.houses[view.viewer]]
        return {"card": island(island_id), "island": the_island(own)}
    if code in ("tower_not_enemy", "tower_occupied_by_own_dragon", "not_your_dragon",
                "same_tower"):  # fmt: skip
        return {"tower": tower(tower_id)} if tower_id else None
    if code in ("tower_not_adjacent", "via_not_endpoint"):
        if tower_id is None or island_id is None:
            return None
        return {"tower": tower(tower_id), "island": the_island(island_id)}
    if code == "target_not_owned_by_enemy":
        owner = _detail(violation, "house", HOUSES)
        if owner is None or island_id is None:
            return None
        return {"owner": Player(owner), "island": the_island(island_id)}
    if code == "dragon_not_available":
        return {"dragon": dragon(dragon_id)} if dragon_id else None
    if code == "face_up_slot_empty":
        slot = violation.details.get("slot")
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < FACE_UP_SLOTS:
            return None
        return {"slot": slot + 1}
    if code == "variant_disabled":
        variant = _detail(violation, "variant", VARIANT_NAME)
        return {"variant": msg(VARIANT_NAME[variant])} if variant else None
    if code in ("decision_pending", "decline_not_allowed", "invalid_target"):
        return {"card": chance_card(pending.card)} if pending is not None else None
    if code == "not_your_decision":
        if view is None or pending is None:
            return None
        return {"player": Player(view.houses[pending.decider]), "card": chance_card(pending.card)}
    if code == "not_your_turn":
        if view is None or view.phase == "over":
            return None
        return {"player": Player(view.houses[view.active_seat])}
    if code == "wrong_phase":
        return {"phase": Part("phase", view.phase)} if view is not None else None
    if code == "atomize_limit_reached":
        return {"limit": ATOMIZE_LIMIT}
    if code == "invalid_seat_count":
        return {"low": 2, "high": len(HOUSES)}
    if code == "invalid_slot":
        return {"high": FACE_UP_SLOTS}
    return {}


refusal = refusals(REFUSAL, PLAIN, _refusal_args)


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

OPTION_HOUSES = "tours_arc_en_ciel-option-houses"
OPTION_TWO_PLAYER_RECYCLE = "tours_arc_en_ciel-option-two-player-recycle"
OPTION_NATURAL_1_LOSES = "tours_arc_en_ciel-option-natural-1-loses"
OPTION_NATURAL_20_WINS = "tours_arc_en_ciel-option-natural-20-wins"
OPTION_START_PAIR_INVULNERABILITY = "tours_arc_en_ciel-option-start-pair-invulnerability"
OPTION_ENEMY_START_PAIR_SHARE = "tours_arc_en_ciel-option-enemy-start-pair-share"


def options() -> Mapping[str, OptionWords]:
    """Every option's display name (the lobby's form), and what names its values."""
    return {
        "houses": OptionWords(msg(OPTION_HOUSES), "house"),
        "two_player_recycle": OptionWords(msg(OPTION_TWO_PLAYER_RECYCLE)),
        "natural_1_loses": OptionWords(msg(OPTION_NATURAL_1_LOSES)),
        "natural_20_wins": OptionWords(msg(OPTION_NATURAL_20_WINS)),
        "start_pair_invulnerability": OptionWords(msg(OPTION_START_PAIR_INVULNERABILITY)),
        "enemy_start_pair_share": OptionWords(msg(OPTION_ENEMY_START_PAIR_SHARE)),
    }
