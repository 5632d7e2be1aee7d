"""The petits Dragons picture: a seat's view -> an SVG document (pure, deterministic).

Ids: cells by cell id (``centre``, ``arena``, ``<branch>_h<n>``), units by their first
piece id (a stack's second pawn is a nested element with its own id), off-board pieces by
piece id in their colour's panel ``panel_<colour>``, pending penalties by penalty id, the
last roll ``last_roll`` with its dice ``die_red`` and ``die_blue`` (what a stack's ``die``
names). Every visible text is in the context's language (``words.py``); no id is shown.

Colour carries rules here (a cell of a dragon's colour gives +3 in combat and is where it
may teleport), so every colour also has a symbol, drawn on each coloured cell, on each
dragon and in each panel (``MARK``), with a key under the board: colour-blind players
match a dragon's symbol to its cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from domain.geometry import Place
from domain.petits_dragons.components import (
    COLOURS,
    PAWN_NUMBER,
    PetitsDragonsCellInfo,
    PetitsDragonsComponents,
)
from domain.petits_dragons.geometry import CENTRE_X, CENTRE_Y, SCALE
from domain.petits_dragons.state import PetitsDragonsUnit
from domain.petits_dragons.views import PetitsDragonsView
from domain.petits_dragons.words import (
    CELL_COLOUR_NAME,
    COLOUR_NAME,
    END_COMPLETED,
    LAST_ROLL,
    PICTURE_ARENA,
    PICTURE_BANK,
    PICTURE_BRANCH,
    PICTURE_CENTRE,
    PICTURE_DIE_BLUE,
    PICTURE_DIE_RED,
    PICTURE_EGGS,
    PICTURE_FINISHED,
    PICTURE_LAST_ROLL,
    PICTURE_LEGEND_BOARD,
    PICTURE_LEGEND_COLOURS,
    PICTURE_LEGEND_PIECES,
    PICTURE_PANEL,
    PICTURE_PANEL_CHIEF_DEAD,
    PICTURE_PENALTY,
    PICTURE_PENALTY_RESTRICTED,
    PICTURE_POSITION,
    PICTURE_RANK,
    PICTURE_ROUND,
    PICTURE_TURN,
    colour,
    die_id,
    panel_id,
    penalty_part,
    side_name,
    unit_of,
)
from domain.svg import (
    INK,
    LAST_MOVE,
    LAST_MOVE_STROKE,
    MUTED,
    WIDTH,
    Cue,
    PictureContext,
    Svg,
    attr,
    num,
)
from domain.words import Arg, Msg, Part, Player, msg

FILL = {
    "white": "#fafafa", "black": "#2b2b2b", "yellow": "#f0c419", "red": "#d7372b",
    "skeleton": "#cfc6ae", "green": "#3a9b48", "brown": "#8a5a2b", "blue": "#2f6bd1",
}  # fmt: skip
DARK = {"black", "red", "green", "brown", "blue"}
MARK = {
    "white": "○", "black": "●", "yellow": "▲", "red": "♥",
    "skeleton": "✖", "green": "♣", "brown": "■", "blue": "◆",
}  # fmt: skip
"""Each colour's symbol, on its cells, its dragons and its panel: a second cue besides the
colour (the seed's peoples differ "de couleurs ou de morphologies")."""
DIE_FILL = {"red": "#b3261e", "blue": "#1f4f9e"}
"""The dice: darker than the red and blue peoples, and each named under it."""
TEXT_WIDTH = 0.6
"""A character's width as a share of the font size (an estimate, to wrap lines)."""


def cues(say: Callable[[Msg], str]) -> tuple[Cue, ...]:
    """Each colour and its symbol (on its cells, its dragons, its panel and the key); each
    die and its name."""
    dice = ((DIE_FILL["red"], PICTURE_DIE_RED), (DIE_FILL["blue"], PICTURE_DIE_BLUE))
    return (
        *(Cue(FILL[c], MARK[c]) for c in COLOURS),
        *(Cue(fill, say(msg(name))) for fill, name in dice),
    )


class Loose(NamedTuple):
    """A unit found from its pieces' positions (not in the board map)."""

    colour: str
    kind: str
    piece_ids: tuple[str, ...]


def _ink(colour_: str) -> str:
    return "#ffffff" if colour_ in DARK else INK


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` on lines of at most ``width`` units at font ``size``, broken at spaces:
    nothing is ever cut."""
    limit = max(1, int(width / (size * TEXT_WIDTH)))
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if len(candidate) > limit and line:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines


def unit_mark(kind: str, piece_ids: tuple[str, ...]) -> str:
    """What a dragon shows: ``C`` for the chief, a pawn's number, ``3+5`` for a stack."""
    if kind == "chief":
        return "C"
    return "+".join(str(PAWN_NUMBER[p]) for p in piece_ids)


def _badge(svg: Svg, colour_: str, x: float, y: float, size: float = 8) -> None:
    """The colour's symbol on a white disc."""
    svg.circle(x, y, size * 0.72, fill="#ffffff", stroke=INK, stroke_width=0.8)
    svg.label(x, y + size * 0.36, MARK[colour_], size=int(size), text_anchor="middle", fill=INK)


def _unit(svg: Svg, unit: PetitsDragonsUnit | Loose, x: float, y: float) -> None:
    first = unit.piece_ids[0]
    with svg.group(id=first, class_="unit", data_colour=unit.colour, data_kind=unit.kind,
                   data_pieces=" ".join(unit.piece_ids)):  # fmt: skip
        svg.el("title", svg.context.text(unit_of(unit.kind, unit.piece_ids)))
        for other in unit.piece_ids[1:]:
            with svg.group(id=other, class_="piece", data_stacked_with=first):
                svg.circle(x + 4, y - 4, 13.5, fill="#ffffff", stroke="none")
                svg.circle(x + 4, y - 4, 11, fill=FILL[unit.colour], stroke=INK, stroke_width=1.5)
        radius = 12 if unit.kind != "pawn" else 10
        svg.circle(x, y, radius + 2.5, fill="#ffffff", stroke="none")
        svg.circle(x, y, radius, fill=FILL[unit.colour], stroke=INK,
                   stroke_width=2.5 if unit.kind == "chief" else 1.5)  # fmt: skip
        mark = unit_mark(unit.kind, unit.piece_ids)
        svg.label(x, y + 4, mark, size=11 if len(mark) < 3 else 9, text_anchor="middle",
                  fill=_ink(unit.colour), font_weight="bold")  # fmt: skip
        _badge(svg, unit.colour, x - radius * 0.85, y + radius * 0.85)


def _cell_mark(svg: Svg, cell: PetitsDragonsCellInfo) -> None:
    """The cell colour's symbol, near its inner edge on the anticlockwise side, clear of
    the dragon drawn at the cell's middle."""
    if cell.colour is None:
        return
    radius = cell.inner_radius_cm * SCALE + 9
    angle = math.radians(cell.start_angle_deg) + 8 / radius
    x = CENTRE_X + radius * math.sin(angle)
    y = CENTRE_Y - radius * math.cos(angle)
    # ``el``, not ``label``: the symbol must not be what a last-move outline goes round.
    svg.el("text", MARK[cell.colour], x=num(x), y=num(y + 3.5), font_size=10,
           text_anchor="middle", fill=INK, fill_opacity=0.8)  # fmt: skip


def _cell(svg: Svg, cell: PetitsDragonsCellInfo, place: Place) -> None:
    with svg.group(id=place.id, class_="cell", data_kind=cell.kind, data_colour=cell.colour):
        if place.kind == "centre":
            svg.circle(place.x, place.y, place.radius, fill="#fff3c4", stroke=INK)
        elif place.path is not None:
            fill = FILL[cell.colour] if cell.colour else "#e9d8b4"
            svg.path(place.path, fill=fill, fill_opacity=0.55 if cell.colour else 1,
                     stroke="#5a4a30", stroke_width=1)  # fmt: skip
            _cell_mark(svg, cell)
    if place.path is not None and place.id in svg.context.changed:
        # A sector's last-move mark follows its own outline (a rectangle around an annular
        # sector would cover its neighbours), drawn over everything like every outline.
        svg.outlines.append(
            f'<path class="{LAST_MOVE}-outline" d="{attr(place.path)}" fill="none" '
            f'stroke="{LAST_MOVE_STROKE}" stroke-width="4" stroke-dasharray="10 4" '
            'pointer-events="none"/>'
        )


_CELLS: dict[str, str] = {}
"""Each cell as drawn when the last move did not change it: the same bytes in every
picture (no text in any language), so drawn once."""


def _cells(svg: Svg, components: PetitsDragonsComponents) -> None:
    info: dict[str, PetitsDragonsCellInfo] = {c.id: c for c in components.cells}
    for place in components.geometry.places:
        cell = info[place.id]
        if place.id in svg.context.changed:
            _cell(svg, cell, place)
            continue
        drawn = _CELLS.get(place.id)
        if drawn is None:
            scratch = Svg(PictureContext(ruleset=svg.context.ruleset, title=""))
            _cell(scratch, cell, place)
            drawn = _CELLS[place.id] = "".join(scratch.parts)
        svg.parts.append(drawn)


def _board(svg: Svg, view: PetitsDragonsView, components: PetitsDragonsComponents) -> None:
    say = svg.context.text
    places = components.geometry.by_id()
    _cells(svg, components)
    centre = places["centre"]
    svg.label(centre.x, centre.y + 4, say(msg(PICTURE_CENTRE)), size=9, text_anchor="middle",
              fill=MUTED)  # fmt: skip
    arena = places["arena"]
    svg.label(arena.x, 2 * centre.y - arena.y + 4, say(msg(PICTURE_ARENA)), size=9,
              text_anchor="middle", fill=MUTED)  # fmt: skip
    for branch in components.colours:
        base = places[f"{branch.id}_h0"]
        dx, dy = base.x - centre.x, base.y - centre.y
        x, y = centre.x + dx * 1.075, centre.y + dy * 1.075 + 4
        anchor = "start" if dx > 1 else "end" if dx < -1 else "middle"
        name = say(msg(PICTURE_BRANCH, branch=msg(CELL_COLOUR_NAME[branch.id])))
        svg.label(x, y, name, size=11, text_anchor=anchor, font_weight="bold")
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


def _dice(svg: Svg, view: PetitsDragonsView) -> None:
    """The last roll of the turn: the red and the blue die, each named under it."""
    turn = view.game.turn
    roll = turn.last_roll if turn is not None else None
    if roll is None:
        return
    say = svg.context.text
    with svg.group(id=LAST_ROLL, data_outcome=roll.outcome):
        for k, (die, value, name) in enumerate(
            (("red", roll.red, PICTURE_DIE_RED), ("blue", roll.blue, PICTURE_DIE_BLUE))
        ):
            x = 700 + 44 * k
            with svg.group(id=die_id(die), class_="die", data_die=die, data_value=value):
                svg.rect(x, 64, 36, 36, rx=6, fill=DIE_FILL[die], stroke=INK)
                svg.label(x + 18, 89, value, size=20, text_anchor="middle", fill="#ffffff",
                          font_weight="bold")  # fmt: skip
                svg.label(x + 18, 114, say(msg(name)), size=11, text_anchor="middle",
                          fill=MUTED)  # fmt: skip


def _lines(svg: Svg, texts: list[str], y: float, size: int = 13, **attrs: object) -> float:
    """Each text on as many lines as it takes (never cut); the y below them."""
    for text in texts:
        for line in wrap(text, WIDTH - 32, size):
            svg.label(16, y, line, size=size, **attrs)
            y += size + 5
    return y


def _legend(svg: Svg, y: float) -> float:
    """What the marks mean, then each colour's symbol and name."""
    say = svg.context.text
    y = _lines(svg, [say(msg(PICTURE_LEGEND_PIECES)), say(msg(PICTURE_LEGEND_BOARD))], y,
               size=10, fill=MUTED)  # fmt: skip
    y = _lines(svg, [say(msg(PICTURE_LEGEND_COLOURS))], y, size=10, fill=MUTED)
    x = 16.0
    for c in COLOURS:
        name = say(msg(COLOUR_NAME[c]))
        width = 30 + len(name) * 11 * TEXT_WIDTH
        if x + width > WIDTH - 16:
            x, y = 16.0, y + 20
        with svg.group(class_="key", data_colour=c):
            svg.rect(x, y - 11, 16, 16, rx=3, fill=FILL[c], fill_opacity=0.55, stroke=INK,
                     stroke_width=0.6)  # fmt: skip
            svg.label(x + 8, y + 1.5, MARK[c], size=11, text_anchor="middle", fill=INK)
            svg.label(x + 21, y + 1, name, size=11)
        x += width
    return y + 22


def _panels(svg: Svg, view: PetitsDragonsView, y: float) -> None:
    game = view.game
    say = svg.context.text
    turn = game.turn
    texts: list[str] = []
    if turn is not None:
        texts.append(say(msg(PICTURE_TURN, round=game.round, turn=turn.number,
                             colour=colour(turn.colour),
                             player=Player(game.controller[turn.colour]),
                             phase=Part("phase", turn.phase))))  # fmt: skip
        roll = turn.last_roll
        if roll is not None:
            outcome = Part("roll-outcome", roll.outcome)
            texts.append(say(msg(PICTURE_LAST_ROLL, red=roll.red, blue=roll.blue,
                                 outcome=outcome)))  # fmt: skip
    else:
        texts.append(say(msg(PICTURE_ROUND, round=game.round)))
    bank = game.bank
    texts.append(say(msg(PICTURE_BANK, e500=bank.e500, e100=bank.e100, e50=bank.e50)))
    result = game.result
    if result is not None:
        reason: Arg = Part("end-reason", result.reason)
        if result.completed_by is not None:
            reason = msg(END_COMPLETED, colour=colour(result.completed_by))
        texts.append(say(msg(PICTURE_FINISHED, reason=reason)))
        totals = {s.side_id: s.total for s in result.side_scores}
        for r in result.ranking:
            texts.append(say(msg(PICTURE_RANK, rank=r.rank, side=side_name(r.side_id),
                                 score=totals.get(r.side_id, 0))))  # fmt: skip
    y = _lines(svg, texts, y)
    y = _legend(svg, y)
    for pen in game.penalties:
        args: dict[str, Arg] = {
            "penalty": penalty_part(pen.penalty_id),
            "owner": colour(pen.owner),
            "value": pen.value,
            "kind": Part("penalty-kind", pen.kind),
        }
        if pen.restricted_to is not None:
            line = say(
                Msg(PICTURE_PENALTY_RESTRICTED, {**args, "target": colour(pen.restricted_to)})
            )
        else:
            line = say(Msg(PICTURE_PENALTY, args))
        with svg.group(id=pen.penalty_id, class_="penalty", data_owner=pen.owner):
            y = _lines(svg, [line], y, fill="#a02020")
    y += 6
    for c in game.turn_order:
        y = _panel(svg, view, c, y)


def _panel(svg: Svg, view: PetitsDragonsView, c: str, y: float) -> float:
    """A colour's panel: its symbol, people, player, eggs, then its dragons off the board."""
    game = view.game
    say = svg.context.text
    dragon = game.dragons[c]  # type: ignore[index]
    where: dict[str, list[str]] = {"nest": [], "exit": [], "home": [], "out": []}
    pieces = [(f"{c}_chief", dragon.chief), *sorted(dragon.pawns.items())]
    for piece_id, piece in pieces:
        if piece.position in where:
            where[piece.position].append(piece_id)
    with svg.group(id=panel_id(c), class_="colour", data_colour=c):
        svg.rect(10, y, WIDTH - 20, 44, rx=6, fill="#ffffff", fill_opacity=0.6, stroke=INK,
                 stroke_width=0.6)  # fmt: skip
        svg.circle(26, y + 14, 9, fill=FILL[c], stroke=INK)
        svg.label(26, y + 18, MARK[c], size=10, text_anchor="middle", fill=_ink(c))
        parts = [say(msg(PICTURE_PANEL, colour=colour(c), player=Player(game.controller[c])))]  # type: ignore[index]
        if dragon.chief_dead:
            parts.append(say(msg(PICTURE_PANEL_CHIEF_DEAD)))
        eggs = dragon.eggs
        parts.append(say(msg(PICTURE_EGGS, e500=eggs.e500, e100=eggs.e100, e50=eggs.e50,
                             total=eggs.value)))  # fmt: skip
        svg.label(40, y + 19, " · ".join(parts), size=13, font_weight="bold")
        x = 16.0
        for position in ("nest", "exit", "home", "out"):
            name = say(msg(PICTURE_POSITION[position]))
            svg.label(x, y + 37, name, size=11, fill=MUTED)
            x += 8 + len(name) * 11 * TEXT_WIDTH
            for piece_id in where[position]:
                kind = "chief" if piece_id.endswith("chief") else "pawn"
                with svg.group(id=piece_id, class_="piece", data_position=position):
                    svg.el("title", say(unit_of(kind, (piece_id,))))
                    svg.circle(x + 6, y + 33, 6.5, fill=FILL[c], stroke=INK, stroke_width=1)
                    svg.label(x + 6, y + 36.5, unit_mark(kind, (piece_id,)), size=8,
                              text_anchor="middle", fill=_ink(c))  # fmt: skip
                x += 15
            x += 14
    return y + 52


def render(view: PetitsDragonsView, components: PetitsDragonsComponents,
           context: PictureContext) -> str:  # fmt: skip
    """The disc with every dragon and the last roll, then the turn, the bank, the key,
    the pending penalties and each colour's panel."""
    svg = Svg(context)
    svg.title_line()
    _board(svg, view, components)
    _dice(svg, view)
    _panels(svg, view, components.geometry.bottom + 20)
    return svg.document()
