"""Components checked against every number the spec and the French seed give."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from domain import RULESETS
from domain.eclats_des_cites import RULESET
from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    CARDS,
    COMPONENTS,
    STAGES,
    UPGRADES,
    WONDERS,
    all_piles,
    border_composition,
    central_composition,
    deck_size,
    left_pile,
    right_pile,
)


def test_registered_with_metadata() -> None:
    assert RULESETS["eclats_des_cites"] is RULESET
    assert (RULESET.min_seats, RULESET.max_seats) == (2, 5)
    assert RULESET.has_chance and RULESET.has_hidden_information
    assert RULESET.Options() == RULESET.Options(seat_count=2)
    assert msgspec.json.decode(b"{}", type=RULESET.Options).seat_count == 2


def test_18_kinds_in_six_families() -> None:
    assert len(CARDS) == 18 and len({c.id for c in CARDS}) == 18
    families = Counter(c.family for c in CARDS)
    assert families == {
        "resource": 4,
        "joker": 4,
        "culture": 2,
        "protection": 3,
        "science": 3,
        "exploration": 2,
    }


def test_pile_sizes_and_deck_totals_from_the_seed() -> None:
    # "La pioche centrale de 60 cartes", "Une pioche de frontière de 25 cartes",
    # "Le paquet compte 110 cartes à 2 joueurs et 185 à 5".
    assert len(central_composition()) == 60 == COMPONENTS.central_pile_size
    assert len(border_composition()) == 25 == COMPONENTS.border_pile_size
    assert deck_size(2) == 110 and deck_size(5) == 185
    assert COMPONENTS.deck_sizes == {2: 110, 3: 135, 4: 160, 5: 185}


def test_family_totals_per_pile() -> None:
    central: Counter[str] = Counter()
    border: Counter[str] = Counter()
    for c in CARDS:
        central[c.family] += c.central
        border[c.family] += c.border
    assert central == {
        "resource": 16,
        "joker": 7,
        "culture": 10,
        "protection": 10,
        "science": 12,
        "exploration": 5,
    }
    assert border == {
        "resource": 8,
        "joker": 3,
        "culture": 3,
        "protection": 4,
        "science": 6,
        "exploration": 1,
    }


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (2, {"bois": 8, "energie": 4, "prisme_de_seve": 1, "jardin_des_brumes": 6, "archives_des_echos": 10, "bastion": 4, "heraut": 6, "sentinelle": 8, "roue": 8, "boussole": 5, "belvedere": 2}),
        (3, {"bois": 10, "energie": 5, "prisme_de_seve": 1, "jardin_des_brumes": 7, "archives_des_echos": 12, "bastion": 5, "heraut": 7, "sentinelle": 10, "roue": 10, "boussole": 6, "belvedere": 2}),
        (4, {"bois": 12, "energie": 6, "prisme_de_seve": 1, "jardin_des_brumes": 8, "archives_des_echos": 14, "bastion": 6, "heraut": 8, "sentinelle": 12, "roue": 12, "boussole": 7, "belvedere": 2}),
        (5, {"bois": 14, "energie": 7, "prisme_de_seve": 1, "jardin_des_brumes": 9, "archives_des_echos": 16, "bastion": 7, "heraut": 9, "sentinelle": 14, "roue": 14, "boussole": 8, "belvedere": 2}),
    ],
)  # fmt: skip
def test_copies_per_kind_for_each_seat_count(n: int, expected: dict[str, int]) -> None:
    counts: Counter[str] = Counter(central_composition())
    for _ in range(n):
        counts.update(border_composition())
    for kind, copies in expected.items():
        assert counts[kind] == copies, kind
    # Kinds sharing a row of the spec's table have the same count.
    for group in (
        ("bois", "pierre", "metal", "cristal"),
        ("energie", "caravane", "comptoir"),
        ("roue", "spirale", "tablette"),
    ):
        assert len({counts[k] for k in group}) == 1
    assert sum(counts.values()) == 60 + 25 * n


def test_card_attributes() -> None:
    by_id = {c.id: c for c in CARDS}
    # "Le Bastion met 1 marqueur de conflit en alerte, le Héraut 2."
    assert by_id["bastion"].alerts == 1 and by_id["heraut"].alerts == 2
    assert by_id["sentinelle"].alerts == 0
    assert all(c.shields == (1 if c.family == "protection" else 0) for c in CARDS)
    # "Jardins et Archives : 3 et 2 Prestige"
    assert by_id["jardin_des_brumes"].prestige == 3 and by_id["archives_des_echos"].prestige == 2
    # "Énergie, Caravane, Comptoir : 1 matériau au choix. Le Prisme de sève en vaut 2."
    assert [by_id[j].units for j in ("energie", "caravane", "comptoir", "prisme_de_seve")] == [
        1,
        1,
        1,
        2,
    ]
    # The Prisme and the Belvédère are only in the central pile (D1).
    assert by_id["prisme_de_seve"].border == 0 and by_id["belvedere"].border == 0


def test_stages_match_the_seed_table() -> None:
    assert [(s.id, s.count, s.pattern) for s in STAGES] == [
        ("socle", 2, "different"),
        ("galerie", 2, "identical"),
        ("terrasse", 3, "different"),
        ("salle", 3, "identical"),
        ("couronnement", 4, "different"),
    ]


def test_wonders_are_worth_21_to_27() -> None:
    assert len(WONDERS) == 5
    totals = {w.id: sum(w.stage_prestige) for w in WONDERS}
    assert totals == {
        "observatoire": 22,
        "sanctuaire": 24,
        "colosse": 22,
        "pyramide_des_aurores": 27,
        "palais": 21,
    }
    assert min(totals.values()) == 21 and max(totals.values()) == 27
    pyramide = next(w for w in WONDERS if w.id == "pyramide_des_aurores")
    assert pyramide.power is None
    assert all(w.power for w in WONDERS if w is not pyramide)


def test_seven_upgrades() -> None:
    assert [u.id for u in UPGRADES] == [
        "commerce",
        "exploration",
        "technologie",
        "protection",
        "bonus",
        "multiplicateur",
        "progres",
    ]
    assert COMPONENTS.conflict_markers == 3 and COMPONENTS.victory_prestige == 3


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_ring_of_border_piles(n: int) -> None:
    assert all_piles(n) == ("central", *(f"border_{i}" for i in range(n)))
    for s in range(n):
        # "votre pioche de droite est la pioche de gauche de votre voisin de droite"
        assert right_pile(s, n) == left_pile((s - 1) % n, n)
        assert ACCESSIBLE[n][s] == (left_pile(s, n), right_pile(s, n), "central")
    # Every border pile is open to exactly two seats (both seats when n = 2).
    for i in range(n):
        users = {s for s in range(n) if f"border_{i}" in ACCESSIBLE[n][s]}
        assert users == {i, (i + 1) % n}
    ring = COMPONENTS.border_piles[n]
    assert [(b.pile_id, b.left_of, b.right_of) for b in ring] == [
        (f"border_{i}", i, (i + 1) % n) for i in range(n)
    ]


def test_two_players_share_both_piles() -> None:
    assert set(ACCESSIBLE[2][0]) == set(ACCESSIBLE[2][1]) == {"border_0", "border_1", "central"}


def test_components_are_served_as_json() -> None:
    data = msgspec.json.decode(msgspec.json.encode(RULESET.components))
    assert len(data["cards"]) == 18 and data["border_piles"]["5"][4]["right_of"] == 0
