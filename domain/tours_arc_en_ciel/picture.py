"""The Tours Arc-en-Ciel picture: a seat's view -> an SVG document (pure, deterministic).

Ids: islands and towers by their ids (a tower is named by its bridge), fixed
bridges by their bridge id, seats by House, the viewer's cards in hand
``hand_<island>``, the viewer's reserve Dragons and every eliminated Dragon by
Dragon id, the face-up slots ``face_up_<n>``, the piles ``pile``,
``chance_deck``, ``chance_discard`` and ``game_discard`` (``words.py`` names the
same ids as targets). Every visible text is in the context's language
(``words.py``); no id is shown and no name is cut (long ones wrap).

Colours that carry a rule have a second cue: each House has a symbol (▲ Feu,
❄ Glace...) drawn on its towers, its owner marks under islands, its fixed
bridges and its panel; a hidden Dragon is a dashed tower showing "?".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from domain.svg import INK, MUTED, WIDTH, Cue, PictureContext, Svg
from domain.tours_arc_en_ciel.components import (
    ATOMIZE_LIMIT,
    HOUSE_TABLE,
    ISLAND_BY_ID,
    ToursComponents,
)
from domain.tours_arc_en_ciel.geometry import TOWER_H, TOWER_W
from domain.tours_arc_en_ciel.state import ToursScore
from domain.tours_arc_en_ciel.views import ToursIslandView, ToursTowerView, ToursView
from domain.tours_arc_en_ciel.words import (
    CHANCE_DECK,
    CHANCE_DISCARD,
    DRAGON_NAME,
    GAME_DISCARD,
    HOUSE_SYMBOL,
    PICTURE_ACTIVE,
    PICTURE_ATOMIZED,
    PICTURE_CAMP,
    PICTURE_CAMP_EMPTY,
    PICTURE_CAMP_SECRET,
    PICTURE_CHANCE_DECK,
    PICTURE_CHANCE_DISCARD,
    PICTURE_CHANCE_DISCARD_LAST,
    PICTURE_CHIP,
    PICTURE_COMBAT_CARDS,
    PICTURE_ELIMINATED,
    PICTURE_ELIMINATED_NONE,
    PICTURE_EMPTY_SLOT,
    PICTURE_FACE_UP,
    PICTURE_FINAL_TURN,
    PICTURE_GAME_DISCARD,
    PICTURE_GAME_DISCARD_LAST,
    PICTURE_GOLD,
    PICTURE_HAND,
    PICTURE_HAND_CARD,
    PICTURE_HAND_HIDDEN,
    PICTURE_INVULNERABLE,
    PICTURE_ISLAND_TITLE,
    PICTURE_ISLAND_VALUE,
    PICTURE_LEGEND_BRIDGES,
    PICTURE_LEGEND_HOUSES,
    PICTURE_LEGEND_TOWERS,
    PICTURE_NOBODY,
    PICTURE_PENDING,
    PICTURE_PILE,
    PICTURE_POINT_CARDS,
    PICTURE_SCORE,
    PICTURE_SCORE_ISLAND,
    PICTURE_SCORE_NO_ISLAND,
    PICTURE_SEAT_HOUSE,
    PICTURE_SHARE,
    PICTURE_STRENGTHS,
    PICTURE_THRESHOLD,
    PICTURE_TO_ACT,
    PICTURE_TOWER_DRAGON,
    PICTURE_TOWER_EMPTY,
    PICTURE_TOWER_HIDDEN,
    PICTURE_TOWER_TITLE,
    PICTURE_TOWER_TITLE_EMPTY,
    PICTURE_TURN,
    PILE,
    SPECIALTY_LETTER,
    chance_card,
    dragon_copy,
    hand_id,
    hidden_dragon,
    house,
    island,
    island_name,
    quoted_chance_card,
    seat_name,
    slot_id,
    the_island,
    tower,
)
from domain.words import Many, Msg, Part, Player, msg

HOUSE_FILL = {
    "orange": "#e8892b", "purple": "#8a4fbf", "green": "#3c9a4a", "red": "#d33c2c",
    "blue": "#3573d1", "yellow": "#e6c229", "grey": "#8c8c8c", "white": "#e4eef6",
}  # fmt: skip
DARK_FILLS = frozenset({"#8a4fbf", "#3573d1", "#d33c2c", "#3c9a4a"})
"""House colours that take white ink."""
SEA = "#cfe3ee"
ISLAND = {"centre": "#f3e7b5", "medium": "#e9dcae", "peripheral": "#e2d6b0"}
CHAR_WIDTH = 0.6
"""Average width of a character in ems (DejaVu Sans): to wrap text, never to cut it."""
PANEL_TEXT = 118
"""Characters of 12-unit text on one line of a panel."""


def cues(say: Callable[[Msg], str]) -> tuple[Cue, ...]:
    """Each House's colour and its symbol (on its towers, owner marks, fixed bridges and
    panel; a Dragon chip sits in its House's panel)."""
    return tuple(Cue(HOUSE_FILL[h.colour], say(msg(HOUSE_SYMBOL[h.id]))) for h in HOUSE_TABLE)


def _fill(components: ToursComponents, house_id: str) -> str:
    colour = next(h.colour for h in components.houses if h.id == house_id)
    return HOUSE_FILL.get(colour, "#999999")


def _ink(fill: str) -> str:
    return "#ffffff" if fill in DARK_FILLS else INK


def wrap(text: str, limit: int) -> list[str]:
    """``text`` on lines of at most ``limit`` characters, broken at spaces (a word longer
    than a line stays whole): names are never cut."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def name_lines(name: str, limit: int) -> list[str]:
    """An island's name on one line, or on two split at the space nearest the middle."""
    if len(name) <= limit or " " not in name:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    at = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:at], name[at + 1 :]]


# --- The archipelago ----------------------------------------------------------------


def _tower_text(svg: Svg, t: ToursTowerView) -> str:
    say = svg.context.text
    if t.house is None:
        return say(msg(PICTURE_TOWER_EMPTY))
    if t.dragon is None or t.strength is None or t.specialty is None:
        return say(msg(PICTURE_TOWER_HIDDEN, house=symbol_part(t.house)))
    letter = msg(SPECIALTY_LETTER[t.specialty])
    return say(
        msg(PICTURE_TOWER_DRAGON, house=symbol_part(t.house), strength=t.strength, letter=letter)
    )


def symbol_part(house_id: str) -> Part:
    """A House's symbol (▲ for the Maison du Feu) as a message argument."""
    return Part("house-symbol", house_id)


def symbol(svg: Svg, house_id: str) -> str:
    """A House's symbol: its second cue beside its colour, in the catalogue."""
    return svg.context.text(msg(HOUSE_SYMBOL[house_id]))


def _tower_title(svg: Svg, t: ToursTowerView) -> str:
    say = svg.context.text
    if t.house is None:
        return say(msg(PICTURE_TOWER_TITLE_EMPTY, tower=tower(t.tower), defense=t.defense))
    return say(
        msg(
            PICTURE_TOWER_TITLE,
            tower=tower(t.tower),
            defense=t.defense,
            dragon=hidden_dragon(t.dragon, t.hidden),
            house=house(t.house),
        )
    )


def _owner_mark(svg: Svg, components: ToursComponents, house_id: str, x: float, y: float) -> None:
    fill = _fill(components, house_id)
    svg.rect(x - 7, y - 7, 14, 14, rx=2, fill=fill, stroke=INK, stroke_width=1,
             data_owner=house_id)  # fmt: skip
    svg.label(x, y + 4, symbol(svg, house_id), size=10, text_anchor="middle", fill=_ink(fill))


def _island_title(svg: Svg, seen: ToursIslandView, view: ToursView) -> str:
    info = ISLAND_BY_ID[seen.island]
    owners = Many(tuple(Player(view.houses[s]) for s in seen.owners))
    return svg.context.text(
        msg(
            PICTURE_ISLAND_TITLE,
            island=island(seen.island),
            value=info.value,
            threshold=seen.threshold,
            bridges=info.bridges,
            owners=owners if seen.owners else msg(PICTURE_NOBODY),
        )
    )


def _map(svg: Svg, view: ToursView, components: ToursComponents) -> None:
    say = svg.context.text
    g = components.geometry
    places = g.by_id()
    svg.rect(8, g.top, WIDTH - 16, g.bottom - g.top, rx=14, fill=SEA)
    for bridge in components.bridges:
        a, b = places[bridge.a], places[bridge.b]
        if bridge.fixed_house is None:
            svg.line(a.x, a.y, b.x, b.y, stroke="#9aa7ad", stroke_width=3)
    for bridge in components.bridges:
        if bridge.fixed_house is None:
            continue
        a, b = places[bridge.a], places[bridge.b]
        fill = _fill(components, bridge.fixed_house)
        with svg.group(id=bridge.id, class_="bridge", data_house=bridge.fixed_house):
            svg.line(a.x, a.y, b.x, b.y, stroke=fill, stroke_width=5)
            mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
            svg.circle(mx, my, 7, fill=fill, stroke=INK, stroke_width=0.8)
            svg.label(mx, my + 3.5, symbol(svg, bridge.fixed_house), size=9,
                      text_anchor="middle", fill=_ink(fill))  # fmt: skip
    owners = {i.island: i for i in view.islands}
    for info in components.islands:
        p = places[info.id]
        seen = owners[info.id]
        with svg.group(id=info.id, class_="island"):
            svg.el("title", _island_title(svg, seen, view))
            svg.circle(p.x, p.y, p.radius, fill=ISLAND[info.cls], stroke="#7b6a45",
                       stroke_width=2)  # fmt: skip
            size = {"centre": 12, "medium": 10, "peripheral": 9}[info.cls]
            lines = name_lines(say(island_name(info.id)), 9 if info.cls != "centre" else 12)
            top = p.y - 4 - (len(lines) - 1) * size / 2
            for k, line in enumerate(lines):
                svg.label(p.x, top + k * size, line, size=size, text_anchor="middle",
                          font_weight="bold")  # fmt: skip
            value = say(msg(PICTURE_ISLAND_VALUE, value=info.value))
            svg.label(p.x, top + len(lines) * size + 1, value, size=8, text_anchor="middle",
                      fill=MUTED)  # fmt: skip
            if seen.threshold != info.threshold:
                svg.label(p.x, top + len(lines) * size + 10,
                          say(msg(PICTURE_THRESHOLD, count=seen.threshold)), size=8,
                          text_anchor="middle", fill=INK, font_weight="bold")  # fmt: skip
            for k, seat in enumerate(seen.owners):
                dx = p.x - (len(seen.owners) - 1) * 8 + 16 * k
                _owner_mark(svg, components, view.houses[seat], dx, p.y + p.radius - 2)
    for t in view.towers:
        p = places[t.tower]
        fill = "#ffffff" if t.house is None else _fill(components, t.house)
        ink = _ink(fill) if t.house else MUTED
        with svg.group(id=t.tower, class_="tower", data_house=t.house, data_dragon=t.dragon,
                       data_hidden="true" if t.hidden else None):  # fmt: skip
            svg.el("title", _tower_title(svg, t))
            svg.rect(p.x - TOWER_W / 2, p.y - TOWER_H / 2, TOWER_W, TOWER_H, rx=4, fill=fill,
                     stroke=INK, stroke_width=1.5 if t.house else 0.8,
                     stroke_dasharray="3 2" if t.hidden else None)  # fmt: skip
            svg.label(p.x, p.y - 1, _tower_text(svg, t), size=10 if t.house else 8,
                      text_anchor="middle", fill=ink, font_weight="bold")  # fmt: skip
            svg.label(p.x, p.y + 10, f"+{t.defense}", size=8, text_anchor="middle", fill=ink)


# --- The turn, the cards and the piles ----------------------------------------------


def _status(svg: Svg, view: ToursView, components: ToursComponents, y: float) -> float:
    say = svg.context.text
    houses = view.houses
    parts = [msg(PICTURE_TURN, turn=view.turn_number, phase=Part("phase", view.phase))]
    if view.phase != "over":
        parts.append(msg(PICTURE_ACTIVE, player=Player(houses[view.active_seat])))
    if view.final_turn:
        parts.append(msg(PICTURE_FINAL_TURN))
    if view.invulnerable and view.phase != "over":
        parts.append(msg(PICTURE_INVULNERABLE, player=Player(houses[view.active_seat])))
    gold = Player(houses[view.gold_seat]) if view.gold_seat is not None else msg(PICTURE_NOBODY)
    parts.append(msg(PICTURE_GOLD, player=gold))
    lines = wrap(" · ".join(say(p) for p in parts), 96)
    if view.pending is not None:
        p = view.pending
        lines += wrap(
            say(
                msg(
                    PICTURE_PENDING,
                    player=Player(houses[p.decider]),
                    drawer=Player(houses[p.drawer]),
                    card=chance_card(p.card),
                    count=p.remaining,
                )
            ),
            96,
        )
    for share in view.shares:
        if share.active:
            lines += wrap(
                say(
                    msg(
                        PICTURE_SHARE,
                        player=Player(houses[share.sharer]),
                        owner=Player(houses[share.owner]),
                        island=the_island(share.island),
                    )
                ),
                96,
            )
    for line in lines:
        svg.label(16, y, line, size=13)
        y += 18
    return y


def _card_box(svg: Svg, x: float, y: float, w: float, lines: Sequence[str], *, fill: str,
              element_id: str, cls: str, **data: object) -> None:  # fmt: skip
    with svg.group(id=element_id, class_=cls, **data):
        svg.rect(x, y, w, 34, rx=4, fill=fill, stroke=INK)
        top = y + 15 if len(lines) == 1 else y + 13
        for k, line in enumerate(lines):
            svg.label(x + w / 2, top + k * 12, line, size=11 if len(lines) == 1 else 10,
                      text_anchor="middle")  # fmt: skip


def _cards(svg: Svg, view: ToursView, y: float) -> float:
    say = svg.context.text
    svg.label(16, y + 21, say(msg(PICTURE_FACE_UP)), size=12, fill=MUTED)
    x = 140.0
    for k, card in enumerate(view.face_up):
        text = say(island_name(card)) if card else say(msg(PICTURE_EMPTY_SLOT))
        _card_box(svg, x, y, 150, name_lines(text, 24), fill="#fffdf4", element_id=slot_id(k),
                  cls="slot", data_slot=k, data_island=card)  # fmt: skip
        x += 158
    _card_box(svg, x, y, WIDTH - 16 - x, wrap(say(msg(PICTURE_PILE, count=view.pile_count)), 18),
              fill="#d9cfb8", element_id=PILE, cls="pile")  # fmt: skip
    y += 42
    last = view.game_discard[-1] if view.game_discard else None
    discard = (
        msg(PICTURE_GAME_DISCARD_LAST, count=len(view.game_discard), card=island(last))
        if last is not None
        else msg(PICTURE_GAME_DISCARD, count=0)
    )
    _card_box(svg, 16, y, 250, name_lines(say(discard), 40), fill="#fffdf4",
              element_id=GAME_DISCARD, cls="pile")  # fmt: skip
    _card_box(svg, 274, y, 170, [say(msg(PICTURE_CHANCE_DECK, count=view.chance_deck_count))],
              fill="#e6dcf2", element_id=CHANCE_DECK, cls="pile")  # fmt: skip
    top = view.chance_discard[-1] if view.chance_discard else None
    chance = (
        msg(PICTURE_CHANCE_DISCARD_LAST, count=len(view.chance_discard), card=chance_card(top))
        if top is not None
        else msg(PICTURE_CHANCE_DISCARD, count=0)
    )
    _card_box(svg, 452, y, WIDTH - 16 - 452, name_lines(say(chance), 50), fill="#f3eefa",
              element_id=CHANCE_DISCARD, cls="pile")  # fmt: skip
    return y + 50


def _legend(svg: Svg, view: ToursView, y: float) -> float:
    say = svg.context.text
    houses = Many(tuple(msg(PICTURE_SEAT_HOUSE, symbol=symbol_part(h), house=house(h))
                        for h in view.houses))  # fmt: skip
    lines = [
        *wrap(say(msg(PICTURE_LEGEND_HOUSES, houses=houses)), 128),
        *wrap(say(msg(PICTURE_LEGEND_TOWERS)), 128),
        *wrap(say(msg(PICTURE_LEGEND_BRIDGES)), 128),
    ]
    for line in lines:
        svg.label(16, y, line, size=10, fill=MUTED)
        y += 13
    return y + 6


# --- The Houses ----------------------------------------------------------------------


def _chips(
    svg: Svg, components: ToursComponents, house_id: str, dragons: Sequence[str], x: float,
    y: float, *, eliminated: bool = False,
) -> None:  # fmt: skip
    """One chip per Dragon (its strength and specialty letter), with the Dragon's id."""
    say = svg.context.text
    fill = _fill(components, house_id)
    step = min(40.0, (WIDTH - 30 - x) / max(1, len(dragons)))
    for dragon_id in dragons:
        strength, specialty = dragon_id.split("_")[1:3]
        with svg.group(
            id=dragon_id, class_="dragon", data_eliminated="true" if eliminated else None
        ):
            svg.el("title", say(msg(DRAGON_NAME, specialty=Part("specialty", specialty),
                                    strength=int(strength), copy=dragon_copy(dragon_id),
                                    house=house(house_id))))  # fmt: skip
            svg.rect(x, y - 11, step - 4, 15, rx=3, fill=fill, fill_opacity=0.35, stroke=INK,
                     stroke_width=0.6, stroke_dasharray="2 2" if eliminated else None)  # fmt: skip
            chip = say(msg(PICTURE_CHIP, strength=int(strength),
                           letter=msg(SPECIALTY_LETTER[specialty])))  # fmt: skip
            svg.label(x + (step - 4) / 2, y, chip, size=10 if step > 30 else 9,
                      text_anchor="middle")  # fmt: skip
        x += step


def _lines(svg: Svg, lines: Iterator[str] | Sequence[str], x: float, y: float) -> float:
    for line in lines:
        svg.label(x, y, line, size=12)
        y += 17
    return y


def _score(score: ToursScore) -> Msg:
    """The score line: the total = island points (each island scored) + card points, and
    the pearls that break a tie."""
    places = Many(tuple(msg(PICTURE_SCORE_ISLAND, island=island(i.island), points=i.points)
                        for i in score.islands))  # fmt: skip
    return msg(
        PICTURE_SCORE,
        score=score.score,
        islands=score.island_points,
        places=places if score.islands else msg(PICTURE_SCORE_NO_ISLAND),
        cards=score.card_points,
        pearls=score.pearls,
    )


def _seat(svg: Svg, view: ToursView, components: ToursComponents, seat: int, y: float) -> float:
    """One House's panel; the y below it."""
    say = svg.context.text
    house_id = view.houses[seat]
    hand = view.hands[seat]
    reserve = view.reserves[seat]
    eliminated = view.eliminated[seat]
    scores = {s.seat: s for s in view.scores}
    fill = _fill(components, house_id)
    start = y
    body: list[str] = []
    with svg.group(id=house_id, class_="seat"):
        background = len(svg.parts)
        svg.rect(16, y + 7, 16, 16, rx=2, fill=fill, stroke=INK)
        svg.label(24, y + 19.5, symbol(svg, house_id), size=11, text_anchor="middle",
                  fill=_ink(fill))  # fmt: skip
        who = svg.context.who(house_id)
        name = say(seat_name(house_id))
        head = [who if who == name else f"{who} — {name}"]
        score = scores.get(seat)
        if score is not None:
            head.append(say(_score(score)))
        if seat in view.to_act:
            head.append(say(msg(PICTURE_TO_ACT)))
        line = y + 20
        for text in wrap(" · ".join(head), 84):
            svg.heading(38, line, text)
            line += 17
        if hand.cards is not None:
            svg.label(22, line + 4, say(msg(PICTURE_HAND)), size=12, fill=MUTED)
            x = 86.0
            for card, count in sorted(hand.cards.items()):
                text = say(msg(PICTURE_HAND_CARD, card=island(card), count=count))
                w = len(text) * 11 * CHAR_WIDTH + 14
                if x + w > WIDTH - 20:
                    x, line = 86.0, line + 24
                # Only the viewer's cards are command targets; a hand shown at the end is not.
                own = seat == view.viewer
                with svg.group(id=hand_id(card) if own else None, class_="card",
                               data_island=card):  # fmt: skip
                    svg.rect(x, line - 10, w, 20, rx=4, fill="#fffdf4", stroke=INK)
                    svg.label(x + w / 2, line + 4, text, size=11, text_anchor="middle")
                x += w + 6
            line += 24
        else:
            body.append(say(msg(PICTURE_HAND_HIDDEN, count=hand.count)))
        strengths = Many(
            tuple(
                msg(PICTURE_STRENGTHS, count=reserve.strengths.count(value), strength=value)
                for value in sorted(set(reserve.strengths))
            )
        )
        camp = say(
            msg(PICTURE_CAMP_EMPTY)
            if not reserve.count
            else msg(PICTURE_CAMP, count=reserve.count, strengths=strengths)
            if reserve.dragons is not None
            else msg(PICTURE_CAMP_SECRET, count=reserve.count, strengths=strengths)
        )
        line = _lines(svg, [*body, *wrap(camp, PANEL_TEXT)], 22, line)
        if reserve.dragons:
            _chips(svg, components, house_id, reserve.dragons, 22, line)
            line += 19
        if eliminated:
            svg.label(22, line, say(msg(PICTURE_ELIMINATED, count=len(eliminated))), size=12)
            _chips(svg, components, house_id, eliminated, 150, line, eliminated=True)
            line += 19
        else:
            line = _lines(svg, [say(msg(PICTURE_ELIMINATED_NONE))], 22, line)
        extra = [say(msg(PICTURE_ATOMIZED, count=view.atomize_count[seat], limit=ATOMIZE_LIMIT))]
        if view.combat_cards[seat]:
            cards = Many(tuple(quoted_chance_card(c) for c in view.combat_cards[seat]))
            extra.append(say(msg(PICTURE_COMBAT_CARDS, cards=cards)))
        if view.point_cards[seat]:
            cards = Many(tuple(quoted_chance_card(c) for c in view.point_cards[seat]))
            extra.append(say(msg(PICTURE_POINT_CARDS, cards=cards)))
        line = _lines(svg, wrap(" · ".join(extra), PANEL_TEXT), 22, line)
        svg.rect(10, start, WIDTH - 20, line - start - 6, rx=6, fill="#ffffff", fill_opacity=0.6,
                 stroke=fill, stroke_width=2)  # fmt: skip
        svg.parts.insert(background, svg.parts.pop())  # behind the panel's text
    return line + 4


def render(view: ToursView, components: ToursComponents, context: PictureContext) -> str:
    """The archipelago with towers, owners and bridges; the turn, the cards and the piles;
    a legend; then each House in playing order."""
    svg = Svg(context)
    svg.title_line()
    _map(svg, view, components)
    y = _status(svg, view, components, components.geometry.bottom + 22)
    y = _cards(svg, view, y)
    y = _legend(svg, view, y + 4)
    for seat in view.turn_order:
        y = _seat(svg, view, components, seat, y)
    return svg.document()
