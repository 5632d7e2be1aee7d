"""The ArkantiS board picture: a seat's view -> an SVG document (pure, deterministic).

Ids: cells ``r<row>c<col>``, this turn's shapes ``s<n>``, cards by card id,
the piles ``orange`` / ``emerald`` (their face-up card by its card id), seats
``seat_<n>``.
"""

from __future__ import annotations

from domain.arkantis.components import ArkantisComponents
from domain.arkantis.events import ArkantisScore
from domain.arkantis.geometry import CELL, PILE_GAP, PILE_H, PILE_W, cell_origin, pile_origin
from domain.arkantis.views import ArkantisPlayerView, ArkantisView
from domain.svg import INK, MUTED, WIDTH, PictureContext, Svg

TOKEN = "#2f5fb3"
EMPTY = "#b8432f"
SAND = "#e8dcc0"
CARD_FILL = {"orange": "#f2a65a", "emerald": "#3aa17e"}
SHAPE_STROKE = {"red": "#d11d1d", "blue": "#1d4fd1"}


def seat_of(player: ArkantisPlayerView | ArkantisScore) -> str:
    """The seat id of a player or score."""
    return player.seat


def active_seat(view: ArkantisView) -> str | None:
    return view.active_seat


def _card(svg: Svg, components: ArkantisComponents, card_id: str, x: float, y: float,
          *, element_id: bool = True) -> None:  # fmt: skip
    """A 64x84 card: its type's polyomino, name and face value."""
    card = next(c for c in components.cards if c.card_id == card_id)
    info = next(t for t in components.card_types if t.type_id == card.card_type)
    with svg.group(id=card_id if element_id else None, data_card=card_id, class_="card"):
        svg.rect(x, y, 64, 84, rx=5, fill=CARD_FILL[card.colour], stroke=INK, stroke_width=1)
        rows = info.drawing.split("/")
        unit = 9
        ox = x + 32 - len(rows[0]) * unit / 2
        oy = y + 8
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch == "#":
                    svg.rect(ox + c * unit, oy + r * unit, unit, unit, fill="#fff8e6",
                             stroke=INK, stroke_width=0.5)  # fmt: skip
        svg.label(x + 32, y + 64, info.name_en[:10], size=10, text_anchor="middle")
        svg.label(x + 32, y + 78, f"{card.face_value} pts", size=10, text_anchor="middle",
                  font_weight="bold")  # fmt: skip


def _back(svg: Svg, colour: str, count: int, x: float, y: float) -> None:
    svg.rect(x, y, 64, 84, rx=5, fill=CARD_FILL[colour], stroke=INK, stroke_width=1,
             fill_opacity=0.55)  # fmt: skip
    svg.label(x + 32, y + 48, f"×{count}", size=16, text_anchor="middle", font_weight="bold")


def _board(svg: Svg, view: ArkantisView) -> None:
    for r, row in enumerate(view.board, start=1):
        for c, mark in enumerate(row, start=1):
            x, y = cell_origin(r, c)
            cell = f"r{r}c{c}"
            token = mark == "B"
            with svg.group(id=cell, class_="cell", data_state="token" if token else "empty"):
                svg.rect(x, y, CELL, CELL, fill=SAND if token else EMPTY, stroke="#8a7a5a",
                         stroke_width=1)  # fmt: skip
                if token:
                    svg.circle(x + CELL / 2, y + CELL / 2, CELL * 0.36, fill=TOKEN,
                               stroke="#173a75", stroke_width=2)  # fmt: skip
                svg.label(x + 3, y + 11, cell, size=8, fill="#ffffff" if not token else MUTED)
    for shape in view.turn_shapes:
        colour = SHAPE_STROKE[shape.colour]
        with svg.group(id=shape.shape_id, class_="shape", data_colour=shape.colour):
            for cell in shape.cells:
                r, c = int(cell[1]), int(cell[3])
                x, y = cell_origin(r, c)
                svg.rect(x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke=colour,
                         stroke_width=3, stroke_dasharray="6 3")  # fmt: skip
            r, c = int(shape.cells[0][1]), int(shape.cells[0][3])
            x, y = cell_origin(r, c)
            svg.rect(x + CELL - 24, y + CELL - 19, 21, 16, rx=3, fill=colour)
            svg.label(x + CELL - 13.5, y + CELL - 7, shape.shape_id, size=11, fill="#ffffff",
                      font_weight="bold", text_anchor="middle")  # fmt: skip


def _piles(svg: Svg, view: ArkantisView, components: ArkantisComponents) -> float:
    for colour, pile in (("orange", view.orange), ("emerald", view.emerald)):
        x, y = pile_origin(colour)
        with svg.group(id=colour, class_="pile", data_colour=colour):
            svg.heading(x, y - 8, f"{colour} pile")
            with svg.group(data_source="hidden"):
                svg.rect(x, y, PILE_W, PILE_H, rx=6, fill=CARD_FILL[colour], fill_opacity=0.5,
                         stroke=INK)  # fmt: skip
                svg.label(x + PILE_W / 2, y + 45, f"{pile.hidden_count} hidden", size=15,
                          text_anchor="middle", font_weight="bold")  # fmt: skip
                svg.label(x + PILE_W / 2, y + 66, "face down", size=11, text_anchor="middle",
                          fill=MUTED)  # fmt: skip
            fx = x + PILE_W + PILE_GAP
            if pile.visible is None:
                svg.rect(fx, y, PILE_W, PILE_H, rx=6, fill="none", stroke=MUTED,
                         stroke_dasharray="4 3", data_source="visible")  # fmt: skip
                svg.label(fx + PILE_W / 2, y + 52, "no face-up card", size=11,
                          text_anchor="middle", fill=MUTED)  # fmt: skip
            else:
                svg.label(fx, y + 12, "face up:", size=11, fill=MUTED)
                with svg.group(data_source="visible"):
                    _card(svg, components, pile.visible, fx + 70, y + 6)
    _, y = pile_origin("emerald")
    y += PILE_H + 36
    lines = [
        f"bank: {view.bank} sesterces",
        f"tokens on the board: {view.token_count}",
        f"turn {view.turn}" + (f", phase {view.phase}" if view.phase else ""),
    ]
    active = active_seat(view)
    if active is not None:
        lines.append(f"active: {svg.context.who(active)}")
    if view.pending_shape_ids:
        lines.append("shapes to validate: " + ", ".join(view.pending_shape_ids))
    for shape in view.turn_shapes:
        found = f"{shape.shape_id}: {shape.colour} {shape.size} cells"
        if shape.card_type:
            found += f", {shape.card_type}"
        if shape.validated_by:
            found += f" (laid {shape.validated_by})"
        lines.append(found)
    for line in lines:
        svg.label(470, y, line, size=13)
        y += 19
    return y


def _players(svg: Svg, view: ArkantisView, components: ArkantisComponents, top: float) -> None:
    y = top
    for player in view.players:
        seat = seat_of(player)
        with svg.group(id=seat, class_="seat"):
            marks = []
            if seat == active_seat(view):
                marks.append("active")
            if player.passed:
                marks.append(f"passed #{player.leave_position}")
            if view.result is not None:
                score = next((s for s in view.result.scores if seat_of(s) == seat), None)
                if score is not None:
                    marks.append(f"score {score.score}, rank {score.rank}")
            head = f"{svg.context.who(seat)}: {player.sesterces} sesterces, laid value " + str(
                player.laid_value
            )
            svg.rect(12, y, WIDTH - 24, 132, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke="#c9bfa5")  # fmt: skip
            svg.heading(22, y + 20, head + (" · " + ", ".join(marks) if marks else ""))
            svg.label(22, y + 40, "laid:", size=11, fill=MUTED)
            x = 22.0
            step = min(68.0, 376 / max(1, len(player.laid)))
            for laid in player.laid:
                _card(svg, components, laid.card_id, x, y + 44)
                x += step
            hx = 470.0
            svg.label(hx, y + 40, "hand:", size=11, fill=MUTED)
            if player.hand is not None:
                step = min(68.0, 256 / max(1, len(player.hand)))
                for card_id in player.hand:
                    _card(svg, components, card_id, hx, y + 44)
                    hx += step
                if not player.hand:
                    svg.label(hx, y + 90, "empty", size=12, fill=MUTED)
            else:
                for colour in ("orange", "emerald"):
                    count = getattr(player.hand_count, colour)
                    _back(svg, colour, count, hx, y + 44)
                    hx += 68
                svg.label(hx + 4, y + 90, "hidden", size=11, fill=MUTED)
        y += 142


def render(view: ArkantisView, components: ArkantisComponents, context: PictureContext) -> str:
    """The picture of ``view``: board, shapes of this turn, piles, then one panel per seat."""
    svg = Svg(context)
    svg.title_line()
    _board(svg, view)
    below = _piles(svg, view, components)
    board_bottom = cell_origin(7, 1)[1] + CELL
    svg.label(24, board_bottom + 16, "blue disc: a token · red cell: empty", size=10, fill=MUTED)
    svg.label(24, board_bottom + 30, "dashed: a shape found this turn (red: empty cells, blue: tokens)",
              size=10, fill=MUTED)  # fmt: skip
    board_bottom += 34
    _players(svg, view, components, max(board_bottom, below) + 12)
    return svg.document()
