"""The ArkantiS board picture: a seat's view -> an SVG document (pure, deterministic).

Ids: cells ``r<row>c<col>``, this turn's shapes ``s<n>``, cards by card id,
the piles ``orange`` / ``emerald`` (their face-down half ``orange_hidden`` /
``emerald_hidden``, their face-up card by its card id), seats ``seat_<n>``.
Every visible text is in the context's language (``words.py``); no id is shown.
Colours that carry a rule have a second cue: a token is a disc, an empty cell is
bare; red shapes have long dashes, blue shapes short ones; an orange card has a
disc ``●`` and five cells, an emerald card a diamond ``◆`` and four.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.arkantis.components import ArkantisComponents
from domain.arkantis.events import ArkantisScore
from domain.arkantis.geometry import CELL, PILE_GAP, PILE_H, PILE_W, cell_origin, pile_origin
from domain.arkantis.state import ArkantisTurnShape
from domain.arkantis.views import ArkantisPlayerView, ArkantisView
from domain.arkantis.words import (
    PICTURE_ACTIVE,
    PICTURE_BANK,
    PICTURE_CARD_VALUE,
    PICTURE_FACE_DOWN,
    PICTURE_FACE_UP,
    PICTURE_HAND,
    PICTURE_HAND_EMPTY,
    PICTURE_HAND_HIDDEN,
    PICTURE_HIDDEN_COUNT,
    PICTURE_LAID,
    PICTURE_LEGEND_CARDS,
    PICTURE_LEGEND_SHAPES,
    PICTURE_LEGEND_TOKENS,
    PICTURE_MARK_ACTIVE,
    PICTURE_MARK_PASSED,
    PICTURE_MARK_SCORE,
    PICTURE_NO_VISIBLE,
    PICTURE_PENDING,
    PICTURE_PILE,
    PICTURE_SEAT,
    PICTURE_SHAPE,
    PICTURE_SHAPE_CARD,
    PICTURE_SHAPE_LAID,
    PICTURE_TOKENS,
    PICTURE_TURN,
    PICTURE_TURN_PHASE,
    card,
    card_name,
    card_type,
    hidden_pile_id,
    pile,
    shape_part,
)
from domain.svg import INK, MUTED, WIDTH, Cue, PictureContext, Svg
from domain.words import Arg, Many, Msg, Part, Player, msg

TOKEN = "#2f5fb3"
EMPTY = "#b8432f"
SAND = "#e8dcc0"
CARD_FILL = {"orange": "#f2a65a", "emerald": "#3aa17e"}
SHAPE_STROKE = {"red": "#d11d1d", "blue": "#1d4fd1"}
SHAPE_DASH = {"red": "9 4", "blue": "3 3"}
"""Red and blue shapes differ by their dashes too, not by colour alone."""
CARD_MARK = {"orange": "●", "emerald": "◆"}
"""Orange and emerald cards differ by a mark too, not by colour alone."""
NAME_LINE = 11
"""A card name longer than this many characters is set on two lines."""


def cues(say: Callable[[Msg], str]) -> tuple[Cue, ...]:
    """A token is a disc on sand, an empty cell a bare square; red and blue shapes differ by
    their dashes, orange and emerald cards by their marks."""
    return (
        Cue(TOKEN, "circle", "shape"),
        Cue(EMPTY, "rect", "shape"),
        *(Cue(fill, CARD_MARK[colour]) for colour, fill in CARD_FILL.items()),
        *(
            Cue(stroke, f"stroke-dasharray={SHAPE_DASH[colour]}", "attr", "stroke")
            for colour, stroke in SHAPE_STROKE.items()
        ),
    )


def name_lines(name: str) -> list[str]:
    """A card's name on one line, or on two, split at the space nearest the middle (at an
    apostrophe when there is no space): ``Pavé`` / ``d'ArkantiS``. A name is never cut."""
    if len(name) <= NAME_LINE:
        return [name]
    breaks = [i for i, ch in enumerate(name) if ch == " "]
    breaks = breaks or [i + 1 for i, ch in enumerate(name) if ch in "'’"]
    if not breaks:
        return [name]
    at = min(breaks, key=lambda i: abs(i - len(name) / 2))
    return [name[:at].rstrip(), name[at:].lstrip()]


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
        svg.label(x + 7, y + 12, CARD_MARK[card.colour], size=9, fill=INK)
        lines = name_lines(svg.context.text(card_name(card_id)))
        for i, line in enumerate(lines):
            svg.label(x + 32, y + (64 if len(lines) == 1 else 53 + 11 * i), line,
                      size=10 if len(lines) == 1 else 9, text_anchor="middle")  # fmt: skip
        svg.label(x + 32, y + 78, svg.context.text(msg(PICTURE_CARD_VALUE, value=card.face_value)),
                  size=10, text_anchor="middle", font_weight="bold")  # fmt: skip


def _back(svg: Svg, colour: str, count: int, x: float, y: float) -> None:
    with svg.group(class_="card-back", data_colour=colour):
        svg.rect(x, y, 64, 84, rx=5, fill=CARD_FILL[colour], stroke=INK, stroke_width=1,
                 fill_opacity=0.55)  # fmt: skip
        svg.label(x + 7, y + 12, CARD_MARK[colour], size=9, fill=INK)
        svg.label(x + 32, y + 48, f"×{count}", size=16, text_anchor="middle",
                  font_weight="bold")  # fmt: skip


def _board(svg: Svg, view: ArkantisView) -> None:
    for n in range(1, len(view.board) + 1):  # row and column numbers, as the cells' names say
        x, y = cell_origin(n, n)
        svg.label(x + CELL / 2, cell_origin(1, 1)[1] - 5, n, size=11, fill=MUTED,
                  text_anchor="middle")  # fmt: skip
        svg.label(cell_origin(1, 1)[0] - 5, y + CELL / 2 + 4, n, size=11, fill=MUTED,
                  text_anchor="end")  # fmt: skip
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
    for shape in view.turn_shapes:
        colour = SHAPE_STROKE[shape.colour]
        with svg.group(id=shape.shape_id, class_="shape", data_colour=shape.colour):
            for cell in shape.cells:
                r, c = int(cell[1]), int(cell[3])
                x, y = cell_origin(r, c)
                svg.rect(x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke=colour,
                         stroke_width=3, stroke_dasharray=SHAPE_DASH[shape.colour])  # fmt: skip
            r, c = int(shape.cells[0][1]), int(shape.cells[0][3])
            x, y = cell_origin(r, c)
            svg.rect(x + CELL - 24, y + CELL - 19, 21, 16, rx=3, fill=colour)
            svg.label(x + CELL - 13.5, y + CELL - 7, shape.shape_id.removeprefix("s"), size=11,
                      fill="#ffffff", font_weight="bold", text_anchor="middle")  # fmt: skip


def _shape_line(shape: ArkantisTurnShape) -> Msg:
    args: dict[str, Arg] = {
        "shape": shape_part(shape.shape_id),
        "colour": Part("shape-colour", shape.colour),
        "size": shape.size,
    }
    if shape.validated_by:
        return Msg(PICTURE_SHAPE_LAID, {**args, "card": card(shape.validated_by)})
    if shape.card_type:
        return Msg(PICTURE_SHAPE_CARD, {**args, "card": card_type(shape.card_type)})
    return Msg(PICTURE_SHAPE, args)


def _piles(svg: Svg, view: ArkantisView, components: ArkantisComponents) -> float:
    say = svg.context.text
    for colour, pile_view in (("orange", view.orange), ("emerald", view.emerald)):
        x, y = pile_origin(colour)
        with svg.group(id=colour, class_="pile", data_colour=colour):
            svg.heading(x, y - 8, say(msg(PICTURE_PILE, pile=pile(colour))))
            with svg.group(id=hidden_pile_id(colour), class_="pile-hidden", data_source="hidden"):
                svg.rect(x, y, PILE_W, PILE_H, rx=6, fill=CARD_FILL[colour], fill_opacity=0.5,
                         stroke=INK)  # fmt: skip
                svg.label(x + 10, y + 16, CARD_MARK[colour], size=11, fill=INK)
                svg.label(x + PILE_W / 2, y + 45,
                          say(msg(PICTURE_HIDDEN_COUNT, count=pile_view.hidden_count)), size=15,
                          text_anchor="middle", font_weight="bold")  # fmt: skip
                svg.label(x + PILE_W / 2, y + 66, say(msg(PICTURE_FACE_DOWN)), size=11,
                          text_anchor="middle", fill=MUTED)  # fmt: skip
            fx = x + PILE_W + PILE_GAP
            if pile_view.visible is None:
                svg.rect(fx, y, PILE_W, PILE_H, rx=6, fill="none", stroke=MUTED,
                         stroke_dasharray="4 3", data_source="visible")  # fmt: skip
                svg.label(fx + PILE_W / 2, y + 52, say(msg(PICTURE_NO_VISIBLE)), size=11,
                          text_anchor="middle", fill=MUTED)  # fmt: skip
            else:
                svg.label(fx, y + 12, say(msg(PICTURE_FACE_UP)), size=11, fill=MUTED)
                with svg.group(data_source="visible"):
                    _card(svg, components, pile_view.visible, fx + 80, y + 6)
    _, y = pile_origin("emerald")
    y += PILE_H + 36
    turn = (
        msg(PICTURE_TURN_PHASE, turn=view.turn, phase=Part("phase", view.phase))
        if view.phase
        else msg(PICTURE_TURN, turn=view.turn)
    )
    lines = [
        say(msg(PICTURE_BANK, bank=view.bank)),
        say(msg(PICTURE_TOKENS, count=view.token_count)),
        say(turn),
    ]
    active = active_seat(view)
    if active is not None:
        lines.append(say(msg(PICTURE_ACTIVE, player=Player(active))))
    if view.pending_shape_ids:
        shapes = Many(tuple(shape_part(s) for s in view.pending_shape_ids))
        lines.append(say(msg(PICTURE_PENDING, shapes=shapes)))
    lines.extend(say(_shape_line(shape)) for shape in view.turn_shapes)
    for line in lines:
        svg.label(470, y, line, size=13)
        y += 19
    return y


def _players(svg: Svg, view: ArkantisView, components: ArkantisComponents, top: float) -> None:
    say = svg.context.text
    y = top
    for player in view.players:
        seat = seat_of(player)
        with svg.group(id=seat, class_="seat"):
            marks = []
            if seat == active_seat(view):
                marks.append(say(msg(PICTURE_MARK_ACTIVE)))
            if player.passed:
                marks.append(say(msg(PICTURE_MARK_PASSED, position=player.leave_position or 0)))
            if view.result is not None:
                score = next((s for s in view.result.scores if seat_of(s) == seat), None)
                if score is not None:
                    marks.append(say(msg(PICTURE_MARK_SCORE, score=score.score, rank=score.rank)))
            head = say(
                msg(
                    PICTURE_SEAT,
                    player=Player(seat),
                    sesterces=player.sesterces,
                    laid=player.laid_value,
                )
            )
            svg.rect(12, y, WIDTH - 24, 132, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke="#c9bfa5")  # fmt: skip
            svg.heading(22, y + 20, head + (" · " + ", ".join(marks) if marks else ""))
            svg.label(22, y + 40, say(msg(PICTURE_LAID)), size=11, fill=MUTED)
            x = 22.0
            step = min(68.0, 376 / max(1, len(player.laid)))
            for laid in player.laid:
                _card(svg, components, laid.card_id, x, y + 44)
                x += step
            hx = 470.0
            svg.label(hx, y + 40, say(msg(PICTURE_HAND)), size=11, fill=MUTED)
            if player.hand is not None:
                step = min(68.0, 256 / max(1, len(player.hand)))
                for card_id in player.hand:
                    _card(svg, components, card_id, hx, y + 44)
                    hx += step
                if not player.hand:
                    svg.label(hx, y + 90, say(msg(PICTURE_HAND_EMPTY)), size=12, fill=MUTED)
            else:
                for colour in ("orange", "emerald"):
                    count = getattr(player.hand_count, colour)
                    _back(svg, colour, count, hx, y + 44)
                    hx += 68
                svg.label(hx + 4, y + 90, say(msg(PICTURE_HAND_HIDDEN)), size=11, fill=MUTED)
        y += 142


def render(view: ArkantisView, components: ArkantisComponents, context: PictureContext) -> str:
    """The picture of ``view``: board, shapes of this turn, piles, then one panel per seat."""
    svg = Svg(context)
    svg.title_line()
    _board(svg, view)
    below = _piles(svg, view, components)
    board_bottom = cell_origin(7, 1)[1] + CELL
    say = svg.context.text
    for i, legend in enumerate(
        (PICTURE_LEGEND_TOKENS, PICTURE_LEGEND_SHAPES, PICTURE_LEGEND_CARDS)
    ):
        svg.label(24, board_bottom + 16 + 14 * i, say(msg(legend)), size=10, fill=MUTED)
    board_bottom += 48
    _players(svg, view, components, max(board_bottom, below) + 12)
    return svg.document()
