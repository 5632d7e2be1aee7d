"""Named positions of Éclats des Cités (``domain/positions.py``).

Each is a seed, options and commands from the opening, found by
``tests/domain/positions_search.py`` (its targets: ``tests/domain/positions_targets.py``).
The spec scenarios (§14 of ``docs/rules/eclats_des_cites.md``) with no position are listed,
with the reason, in this game's README ("Named positions")."""

from __future__ import annotations

from domain.positions import Position

# The long command lists, one command a line (data, kept as the search wrote them).
# fmt: off
_LAST_MOVE = (
    ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
    ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.choose_upgrade", "upgrade": "hidden"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.choose_revealed_card", "card_id": "cristal"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.choose_upgrade", "upgrade": "bonus"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.choose_revealed_card", "card_id": "pierre"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
)
_FINISHED = (*_LAST_MOVE,
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
)
_LAST_MOVE_TIE_STAGES_BUILT = (
    ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "palais"}),
    ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.choose_upgrade", "upgrade": "exploration"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.choose_revealed_card", "card_id": "boussole"}),
    ("seat_0", {"type": "eclats_des_cites.choose_revealed_card", "card_id": "metal"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.choose_upgrade", "upgrade": "protection"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
    ("seat_1", {"type": "eclats_des_cites.choose_upgrade", "upgrade": "multiplicateur"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
    ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
)
# fmt: on

POSITIONS: tuple[Position, ...] = (
    Position(id="opening", scenario="T01", seed="eclats-des-cites-opening-4", commands=()),
    Position(
        id="five-players",
        scenario="T02",
        seed="eclats-des-cites-five-1",
        commands=(
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "observatoire"}),
            ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            ("seat_4", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
        ),
        options={"seat_count": 5},
    ),
    Position(
        id="wonder-taken",
        scenario="T03",
        seed="eclats_des_cites-wonder-taken-1",
        commands=(("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),),
    ),
    Position(
        id="four-players-first-turn",
        scenario="T04",
        seed="eclats_des_cites-four-players-s0-1",
        commands=(
            ("seat_3", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            (
                "seat_2",
                {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"},
            ),
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "observatoire"}),
            ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "palais"}),
        ),
        options={"seat_count": 4},
    ),
    Position(
        id="three-players-first-turn",
        scenario="T06",
        seed="eclats_des_cites-three-players-top-117",
        commands=(
            ("seat_2", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
            (
                "seat_0",
                {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"},
            ),
        ),
        options={"seat_count": 3},
    ),
    Position(
        id="two-players-first-turn",
        scenario="T07",
        seed="eclats_des_cites-two-players-s0-0",
        commands=(
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            (
                "seat_0",
                {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"},
            ),
        ),
    ),
    Position(
        id="upgrade-to-choose",
        scenario="T35",
        seed="eclats_des_cites-upgrade-28",
        commands=(
            ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "observatoire"}),
            ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
            ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
            ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "border_1"}),
            ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
        ),
    ),
    Position(
        id="turn-errors",
        scenario="T36",
        seed="eclats_des_cites-three-players-top-117",
        commands=(
            ("seat_2", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
            (
                "seat_0",
                {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"},
            ),
            ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
        ),
        options={"seat_count": 3},
    ),
    Position(
        id="battle",
        scenario="T24",
        seed="eclats_des_cites-battle-28",
        commands=(
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "colosse"}),
            ("seat_0", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "palais"}),
            ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
            ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
        ),
    ),
    Position(
        id="first-stage",
        scenario="T08",
        seed="eclats_des_cites-stage-built-3",
        commands=(
            (
                "seat_0",
                {"type": "eclats_des_cites.choose_wonder", "wonder_id": "pyramide_des_aurores"},
            ),
            ("seat_1", {"type": "eclats_des_cites.choose_wonder", "wonder_id": "sanctuaire"}),
            ("seat_1", {"type": "eclats_des_cites.take_card", "pile_id": "central"}),
            ("seat_0", {"type": "eclats_des_cites.take_card", "pile_id": "border_0"}),
        ),
    ),
    Position(
        id="last-move", scenario=None, seed="eclats_des_cites-end-random-251", commands=_LAST_MOVE
    ),
    Position(
        id="finished", scenario=None, seed="eclats_des_cites-end-random-251", commands=_FINISHED
    ),
    Position(
        id="last-move-tie-stages-built",
        scenario=None,
        seed="eclats_des_cites-end-random-1",
        commands=_LAST_MOVE_TIE_STAGES_BUILT,
    ),
)
