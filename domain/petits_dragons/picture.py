"""The petits Dragons picture: a seat's view -> an SVG document (pure, deterministic).

Ids: cells by cell id (``centre``, ``arena``, ``<branch>_h<n>``), units by
their first piece id (a stack's second pawn is a nested element with its own
id), off-board pieces by piece id, pending penalties by penalty id, colours'
panels ``panel_<colour>``.
"""

from __future__ import annotations

from typing import NamedTuple

from domain.petits_dragons.components import (
    PetitsDragonsCellInfo,
    PetitsDragonsComponents,
)
from domain.petits_dragons.state import PetitsDragonsUnit
from domain.petits_dragons.views import PetitsDragonsView
from domain.svg import INK, MUTED, WIDTH, PictureContext, Svg, shorten

FILL = {
    "white": "#fafafa", "black": "#2b2b2b", "yellow": "#f0c419", "red": "#d7372b",
    "skeleton": "#cfc6ae", "green": "#3a9b48", "brown": "#8a5a2b", "blue": "#2f6bd1",
}  # fmt: skip
DARK = {"black", "red", "green", "brown", "blue"}


class Loose(NamedTuple):
    """A unit found from its pieces' positions (not in the board map)."""

    colour: str
    kind: str
    piece_ids: tuple[str, ...]


def _ink(colour: str) -> str:
    return "#ffffff" if colour in DARK else INK


def _unit(svg: Svg, unit: PetitsDragonsUnit | Loose, x: float, y: float) -> None:
    first = unit.piece_ids[0]
    mark = {"chief": "C", "pawn": first.rsplit("_", 1)[-1], "stack": "2"}[unit.kind]
    with svg.group(id=first, class_="unit", data_colour=unit.colour, data_kind=unit.kind,
                   data_pieces=" ".join(unit.piece_ids)):  # fmt: skip
        svg.el("title", f"{unit.kind} of {unit.colour}: " + ", ".join(unit.piece_ids))
        for other in unit.piece_ids[1:]:
            with svg.group(id=other, class_="piece", data_stacked_with=first):
                svg.circle(x + 4, y - 4, 13.5, fill="#ffffff", stroke="none")
                svg.circle(x + 4, y - 4, 11, fill=FILL[unit.colour], stroke=INK, stroke_width=1.5)
        radius = 12 if unit.kind != "pawn" else 10
        svg.circle(x, y, radius + 2.5, fill="#ffffff", stroke="none")
        svg.circle(x, y, radius, fill=FILL[unit.colour], stroke=INK,
                   stroke_width=2.5 if unit.kind == "chief" else 1.5)  # fmt: skip
        svg.label(x, y + 4, mark, size=11, text_anchor="middle", fill=_ink(unit.colour),
                  font_weight="bold")  # fmt: skip


def _board(svg: Svg, view: PetitsDragonsView, components: PetitsDragonsComponents) -> None:
    places = components.geometry.by_id()
    info: dict[str, PetitsDragonsCellInfo] = {c.id: c for c in components.cells}
    for place in components.geometry.places:
        cell = info[place.id]
        with svg.group(id=place.id, class_="cell", data_kind=cell.kind):
            if place.kind == "centre":
                svg.circle(place.x, place.y, place.radius, fill="#fff3c4", stroke=INK)
            elif place.path is not None:
                fill = FILL[cell.colour] if cell.colour else "#e9d8b4"
                svg.path(place.path, fill=fill, fill_opacity=0.55 if cell.colour else 1,
                         stroke="#5a4a30", stroke_width=1)  # fmt: skip
    centre = places["centre"]
    svg.label(centre.x, centre.y + 4, "centre", size=9, text_anchor="middle", fill=MUTED)
    arena = places["arena"]
    svg.label(
        arena.x, 2 * centre.y - arena.y + 4, "arena", size=9, text_anchor="middle", fill=MUTED
    )
    for colour in components.colours:
        tip = places[f"{colour.id}_h0"]
        dx, dy = tip.x - centre.x, tip.y - centre.y
        svg.label(centre.x + dx * 1.075, centre.y + dy * 1.075 + 4, colour.id, size=11,
                  text_anchor="middle", font_weight="bold")  # fmt: skip
    board = view.game.board
    drawn: set[str] = set()
    for cell_id, unit in sorted(board.items()):
        if unit is not None:
            p = places[cell_id]
            _unit(svg, unit, p.x, p.y)
            drawn |= set(unit.piece_ids)
    # Pieces on a cell the board map lists under another unit (several units on the arena).
    extra: dict[str, int] = {}
    for col, dragon in sorted(view.game.dragons.items()):
        pieces = [(f"{col}_chief", dragon.chief), *sorted(dragon.pawns.items())]
        for piece_id, piece in pieces:
            if piece.position != "board" or piece.cell is None or piece_id in drawn:
                continue
            kind = "chief" if piece_id.endswith("_chief") else "pawn"
            ids = (piece_id,) if piece.stacked_with is None else (piece_id, piece.stacked_with)
            drawn |= set(ids)
            k = extra[piece.cell] = extra.get(piece.cell, 0) + 1
            p = places[piece.cell]
            loose = Loose(col, "stack" if len(ids) > 1 else kind, ids)
            _unit(svg, loose, p.x + 22 * k, p.y)


def _panels(svg: Svg, view: PetitsDragonsView, y: float) -> None:
    game = view.game
    ctx = svg.context
    turn = game.turn
    lines = [f"round {game.round}"]
    if turn is not None:
        lines[0] += (
            f", turn {turn.number}: {turn.colour} ({ctx.who(game.controller[turn.colour])}), {turn.phase}"
        )
        roll = turn.last_roll
        if roll is not None:
            lines.append(f"last roll: red {roll.red}, blue {roll.blue} ({roll.outcome})")
            with svg.group(id="last_roll", data_outcome=roll.outcome):
                for k, (die, value) in enumerate((("#d7372b", roll.red), ("#2f6bd1", roll.blue))):
                    svg.rect(700 + 44 * k, 64, 36, 36, rx=6, fill=die, stroke=INK)
                    svg.label(718 + 44 * k, 89, value, size=20, text_anchor="middle",
                              fill="#ffffff", font_weight="bold")  # fmt: skip
                svg.label(740, 116, f"last roll ({roll.outcome})", size=11, text_anchor="middle",
                          fill=MUTED)  # fmt: skip
    bank = game.bank
    lines.append(f"bank: {bank.e500}×500, {bank.e100}×100, {bank.e50}×50 eggs")
    if game.result is not None:
        lines.append(f"finished ({game.result.reason}): ranking " + ", ".join(
            f"{r.rank}. {ctx.who(r.side_id)}" for r in game.result.ranking))  # fmt: skip
    for line in lines:
        svg.label(16, y, shorten(line, 118), size=13)
        y += 18
    svg.label(16, y, "C: a chief · a number: that pawn · 2: a stack of two pawns · the outer "
              "ring is every branch's h0 cell; branches run inward to the arena, then the centre",
              size=10, fill=MUTED)  # fmt: skip
    y += 18
    for pen in game.penalties:
        line = f"pending penalty {pen.penalty_id}: {pen.kind} of {pen.owner}, {pen.value} eggs"
        svg.label(16, y, shorten(line, 118), size=13, id=pen.penalty_id, fill="#a02020")
        y += 18
    y += 6
    for colour in game.turn_order:
        dragon = game.dragons[colour]
        where: dict[str, list[str]] = {"nest": [], "exit": [], "home": [], "out": []}
        pieces = [(f"{colour}_chief", dragon.chief), *sorted(dragon.pawns.items())]
        for piece_id, piece in pieces:
            if piece.position in where:
                where[piece.position].append(piece_id)
        with svg.group(id=f"panel_{colour}", class_="colour"):
            svg.rect(10, y, WIDTH - 20, 44, rx=6, fill="#ffffff", fill_opacity=0.6, stroke=INK,
                     stroke_width=0.6)  # fmt: skip
            svg.circle(26, y + 14, 8, fill=FILL[colour], stroke=INK)
            head = f"{colour} · {ctx.who(game.controller[colour])}"
            if dragon.chief_dead:
                head += " · chief dead"
            eggs = dragon.eggs
            head += f" · eggs {eggs.e500}×500 {eggs.e100}×100 {eggs.e50}×50 = {eggs.value}"
            svg.label(40, y + 19, shorten(head, 100), size=13, font_weight="bold")
            x = 16.0
            for position in ("nest", "exit", "home", "out"):
                ids = where[position]
                svg.label(x, y + 37, f"{position}:", size=11, fill=MUTED)
                x += 10 + 7 * len(position)
                for piece_id in ids:
                    mark = "C" if piece_id.endswith("chief") else piece_id.rsplit("_", 1)[-1]
                    with svg.group(id=piece_id, class_="piece", data_position=position):
                        svg.circle(
                            x + 6, y + 33, 6.5, fill=FILL[colour], stroke=INK, stroke_width=1
                        )
                        svg.label(x + 6, y + 36.5, mark, size=8, text_anchor="middle",
                                  fill=_ink(colour))  # fmt: skip
                    x += 15
                x += 14
        y += 52


def render(view: PetitsDragonsView, components: PetitsDragonsComponents,
           context: PictureContext) -> str:  # fmt: skip
    """The disc with every unit, then the turn, the bank and each colour's nest and eggs."""
    svg = Svg(context)
    svg.title_line()
    _board(svg, view, components)
    _panels(svg, view, components.geometry.bottom + 20)
    return svg.document()
