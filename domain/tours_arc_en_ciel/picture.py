"""The Tours Arc-en-Ciel picture: a seat's view -> an SVG document (pure, deterministic).

Ids: islands and towers by their ids (a tower is named by its bridge), fixed
bridges by their bridge id, the viewer's reserve Dragons by Dragon id, seats
by House, the face-up slots ``face_up_<n>``, the pile ``pile``.
"""

from __future__ import annotations

from domain.svg import INK, MUTED, WIDTH, PictureContext, Svg, shorten
from domain.tours_arc_en_ciel.components import ToursComponents
from domain.tours_arc_en_ciel.geometry import TOWER_H, TOWER_W
from domain.tours_arc_en_ciel.views import ToursTowerView, ToursView

HOUSE_FILL = {
    "orange": "#e8892b", "purple": "#8a4fbf", "green": "#3c9a4a", "red": "#d33c2c",
    "blue": "#3573d1", "yellow": "#e6c229", "grey": "#8c8c8c", "white": "#e4eef6",
}  # fmt: skip
SEA = "#cfe3ee"
ISLAND = {"centre": "#f3e7b5", "medium": "#e9dcae", "peripheral": "#e2d6b0"}


def _fill(components: ToursComponents, house: str) -> str:
    colour = next(h.colour for h in components.houses if h.id == house)
    return HOUSE_FILL.get(colour, "#999999")


def _tower_text(tower: ToursTowerView) -> tuple[str, str]:
    if tower.house is None:
        return "empty", f"+{tower.defense}"
    if tower.dragon is None:
        return "?", f"+{tower.defense}"
    spec = "B" if tower.specialty == "blower" else "M"
    return f"{tower.strength}{spec}", f"+{tower.defense}"


def _tower_title(tower: ToursTowerView) -> str:
    base = f"tower {tower.tower}, defence {tower.defense}"
    if tower.house is None:
        return base + ", empty"
    if tower.dragon is None:
        return base + f", hidden Dragon of House {tower.house}"
    hidden = " (hidden from the others)" if tower.hidden else ""
    return base + f", {tower.dragon}{hidden}"


def _map(svg: Svg, view: ToursView, components: ToursComponents) -> None:
    g = components.geometry
    places = g.by_id()
    svg.rect(8, g.top, WIDTH - 16, g.bottom - g.top, rx=14, fill=SEA)
    for bridge in components.bridges:
        a, b = places[bridge.a], places[bridge.b]
        if bridge.fixed_house is None:
            svg.line(a.x, a.y, b.x, b.y, stroke="#9aa7ad", stroke_width=3)
        else:
            with svg.group(id=bridge.id, class_="bridge", data_house=bridge.fixed_house):
                svg.line(a.x, a.y, b.x, b.y, stroke=_fill(components, bridge.fixed_house),
                         stroke_width=5)  # fmt: skip
    owners = {i.island: i for i in view.islands}
    for island in components.islands:
        p = places[island.id]
        seen = owners[island.id]
        with svg.group(id=island.id, class_="island"):
            svg.el("title", f"{island.french_name} ({island.id}), {island.value} points, "
                   f"{seen.threshold} bridges to own")  # fmt: skip
            svg.circle(p.x, p.y, p.radius, fill=ISLAND[island.cls], stroke="#7b6a45",
                       stroke_width=2)  # fmt: skip
            name = island.id.replace("_", " ")
            svg.label(p.x, p.y - 2, shorten(name, 11), size=10 if island.cls != "centre" else 13,
                      text_anchor="middle", font_weight="bold")  # fmt: skip
            svg.label(p.x, p.y + 11, f"{island.value} pts", size=9, text_anchor="middle",
                      fill=MUTED)  # fmt: skip
            for k, seat in enumerate(seen.owners):
                house = view.houses[seat]
                dx = p.x - (len(seen.owners) - 1) * 6 + 12 * k
                svg.rect(dx - 5, p.y + p.radius - 6, 10, 10, fill=_fill(components, house),
                         stroke=INK, stroke_width=1, data_owner=house)  # fmt: skip
    for tower in view.towers:
        p = places[tower.tower]
        top, bottom = _tower_text(tower)
        fill = "#ffffff" if tower.house is None else _fill(components, tower.house)
        ink = "#ffffff" if fill in ("#8a4fbf", "#3573d1", "#d33c2c", "#3c9a4a") else INK
        with svg.group(id=tower.tower, class_="tower", data_house=tower.house,
                       data_dragon=tower.dragon, data_hidden="true" if tower.hidden else None):  # fmt: skip
            svg.el("title", _tower_title(tower))
            svg.rect(p.x - TOWER_W / 2, p.y - TOWER_H / 2, TOWER_W, TOWER_H, rx=4, fill=fill,
                     stroke=INK, stroke_width=1.5 if tower.house else 0.8,
                     stroke_dasharray="3 2" if tower.hidden else None)  # fmt: skip
            svg.label(p.x, p.y - 1, top, size=10 if tower.house else 8, text_anchor="middle",
                      fill=ink if tower.house else MUTED, font_weight="bold")  # fmt: skip
            svg.label(p.x, p.y + 10, bottom, size=8, text_anchor="middle",
                      fill=ink if tower.house else MUTED)  # fmt: skip


def _status(svg: Svg, view: ToursView, y: float) -> float:
    ctx = svg.context
    house = view.houses
    lines = [
        f"turn {view.turn_number}, phase {view.phase}"
        + (" (final turn)" if view.final_turn else "")
        + f", active: {ctx.who(house[view.active_seat])}"
        + (", invulnerable" if view.invulnerable else ""),
        f"Gold tower: {ctx.who(house[view.gold_seat]) if view.gold_seat is not None else 'nobody'}"
        f" · pile: {view.pile_count} cards · chance deck: {view.chance_deck_count}"
        f" · discards: {len(view.game_discard)} game, {len(view.chance_discard)} chance",
    ]
    if view.pending is not None:
        p = view.pending
        lines.append(
            f"pending decision: {p.card} drawn by {house[p.drawer]}, decided by "
            f"{ctx.who(house[p.decider])} ({p.remaining} to choose)"
        )
    for share in view.shares:
        if share.active:
            lines.append(
                f"share: {house[share.sharer]} shares {share.island} of {house[share.owner]}"
            )
    for line in lines:
        svg.label(16, y, shorten(line, 118), size=13)
        y += 18
    svg.label(16, y, "towers: the Dragon's strength and B(lower) / M(ason), + its defence pearls; "
              "? a hidden Dragon of the House of that colour", size=10, fill=MUTED)  # fmt: skip
    svg.label(16, y + 13, "squares under an island: its owners · thick bridges: a House's fixed "
              "bridges", size=10, fill=MUTED)  # fmt: skip
    y += 31
    svg.label(16, y + 4, "face up:", size=12, fill=MUTED)
    x = 80.0
    for k, island in enumerate(view.face_up):
        with svg.group(id=f"face_up_{k}", class_="slot", data_slot=k, data_island=island):
            svg.rect(x, y - 10, 110, 22, rx=4, fill="#fffdf4", stroke=INK)
            svg.label(x + 55, y + 5, island.replace("_", " ") if island else "empty", size=11,
                      text_anchor="middle")  # fmt: skip
        x += 118
    with svg.group(id="pile", class_="pile"):
        svg.rect(x, y - 10, 110, 22, rx=4, fill="#d9cfb8", stroke=INK)
        svg.label(x + 55, y + 5, f"pile ({view.pile_count})", size=11, text_anchor="middle")
    return y + 28


def _seats(svg: Svg, view: ToursView, components: ToursComponents, y: float) -> None:
    ctx = svg.context
    scores = {s.seat: s for s in view.scores}
    for seat in view.turn_order:
        house = view.houses[seat]
        hand = view.hands[seat]
        reserve = view.reserves[seat]
        eliminated = view.eliminated[seat]
        rows = 4
        with svg.group(id=house, class_="seat"):
            svg.rect(10, y, WIDTH - 20, 26 + 17 * rows, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke=_fill(components, house), stroke_width=2)  # fmt: skip
            svg.rect(16, y + 7, 12, 12, fill=_fill(components, house), stroke=INK)
            score = scores.get(seat)
            head = f"House {ctx.who(house)}"
            if score is not None:
                head += f" · score {score.score} ({score.island_points} islands, {score.card_points} cards)"
            if seat in view.to_act:
                head += " · to act"
            svg.heading(34, y + 18, shorten(head, 100))
            line = y + 36
            if hand.cards is not None:
                cards = ", ".join(f"{k.replace('_', ' ')}×{v}" if v > 1 else k.replace("_", " ")
                                  for k, v in sorted(hand.cards.items()))  # fmt: skip
                svg.label(
                    22, line, shorten(f"hand ({hand.count}): {cards or 'empty'}", 116), size=12
                )
            else:
                svg.label(22, line, f"hand: {hand.count} cards (hidden)", size=12)
            line += 17
            svg.label(22, line, f"reserve: {reserve.count} Dragons, strengths "
                      + (" ".join(map(str, reserve.strengths)) or "none"), size=12)  # fmt: skip
            line += 17
            if reserve.dragons is not None:
                x = 22.0
                svg.label(x, line, "own reserve:", size=11, fill=MUTED)
                x += 74
                step = min(49.0, 690 / max(1, len(reserve.dragons)))
                for dragon in reserve.dragons:
                    _, strength, specialty, n = dragon.rsplit("_", 3)
                    with svg.group(id=dragon, class_="dragon"):
                        svg.rect(x, line - 11, step - 3, 15, rx=3, fill=_fill(components, house),
                                 fill_opacity=0.35, stroke=INK, stroke_width=0.6)  # fmt: skip
                        svg.label(x + (step - 3) / 2, line, f"{strength}{specialty[0].upper()}{n}",
                                  size=10 if step > 40 else 9, text_anchor="middle")  # fmt: skip
                    x += step
            else:
                svg.label(22, line, "reserve Dragons: hidden", size=12, fill=MUTED)
            line += 17
            extra = [f"eliminated: {len(eliminated)}"]
            if eliminated:
                extra[0] += (
                    " (" + ", ".join(eliminated[:6]) + (", …" if len(eliminated) > 6 else "") + ")"
                )
            if view.combat_cards[seat]:
                extra.append("combat: " + ", ".join(view.combat_cards[seat]))
            if view.point_cards[seat]:
                extra.append("points: " + ", ".join(view.point_cards[seat]))
            svg.label(22, line, shorten(" · ".join(extra), 120), size=11)
        y += 34 + 17 * rows


def render(view: ToursView, components: ToursComponents, context: PictureContext) -> str:
    """The archipelago with towers, owners and bridges; then the turn and each House."""
    svg = Svg(context)
    svg.title_line()
    _map(svg, view, components)
    y = _status(svg, view, components.geometry.bottom + 22)
    _seats(svg, view, components, y)
    return svg.document()
