"""The Éclats des Cités picture: a seat's view -> an SVG document (pure, deterministic).

Ids: piles by pile id, face-up upgrades by upgrade id and the hidden upgrade
pile ``hidden``, revealed cards and wonders to choose by their ids (the
options of the pending decision), seat boards ``seat_<n>``.
"""

from __future__ import annotations

from domain.eclats_des_cites.components import EclatsComponents
from domain.eclats_des_cites.geometry import (
    PILE_H,
    PILE_W,
    SEAT_H,
    UPGRADE_H,
    UPGRADE_W,
    pile_origin,
    seat_origin,
    upgrade_origin,
)  # fmt: skip
from domain.eclats_des_cites.views import EclatsView
from domain.svg import INK, MUTED, WIDTH, PictureContext, Svg, shorten

FAMILY_FILL = {
    "resource": "#c8a46e", "joker": "#b18fd6", "culture": "#e3c34b",
    "protection": "#d0604e", "science": "#5b9bd5", "exploration": "#5fb38a",
}  # fmt: skip


def _seat(index: int) -> str:
    return f"seat_{index}"


def _table(svg: Svg, view: EclatsView, components: EclatsComponents) -> float:
    names: dict[str, str] = {c.id: c.name for c in components.cards}
    family: dict[str, str] = {c.id: c.family for c in components.cards}
    pending = view.pending
    options = set(pending.options) if pending is not None else set()
    svg.heading(14, 70, "piles")
    for index, pile in enumerate(view.piles):
        px, py = pile_origin(index)
        x, y = float(px), float(py)
        offered = pending is not None and pending.kind == "take_card" and pile.pile_id in options
        with svg.group(id=pile.pile_id, class_="pile", data_offered="true" if offered else None):
            svg.rect(x, y, PILE_W, PILE_H, rx=6, fill="#efe6d2",
                     stroke="#1a7f37" if offered else INK, stroke_width=3 if offered else 1)  # fmt: skip
            svg.label(x + 8, y + 18, pile.pile_id.replace("_", " "), size=12, font_weight="bold")
            svg.label(x + 8, y + 36, f"{pile.count} cards", size=12)
            if pile.top is not None:
                svg.rect(x + 6, y + 44, PILE_W - 12, 20, rx=3, fill=FAMILY_FILL[family[pile.top]],
                         data_card=pile.top)  # fmt: skip
                svg.label(x + PILE_W / 2, y + 58, shorten(names[pile.top], 16), size=11,
                          text_anchor="middle")  # fmt: skip
            elif pile.pile_id == "central":
                svg.label(x + 8, y + 58, "face down", size=11, fill=MUTED)
    svg.heading(14, 180, "upgrades")
    svg.label(470, 180, "conflict markers:", size=12, fill=MUTED)
    with svg.group(id="conflict_markers", data_alerts=view.alerts):
        for k in range(components.conflict_markers):
            alert = k < view.alerts
            svg.circle(590 + 26 * k, 175, 9, fill="#d0302a" if alert else "#ffffff", stroke=INK)
        svg.label(590 + 26 * components.conflict_markers, 180, f"{view.alerts} on alert", size=12)
    upgrade_names = {u.id: u.name for u in components.upgrades}
    for slot in range(3):
        sx, sy = upgrade_origin(slot)
        x, y = float(sx), float(sy)
        upgrade = view.upgrades_face_up[slot] if slot < len(view.upgrades_face_up) else None
        if upgrade is None:
            svg.rect(x, y, UPGRADE_W, UPGRADE_H, rx=6, fill="none", stroke=MUTED,
                     stroke_dasharray="4 3")  # fmt: skip
            svg.label(x + UPGRADE_W / 2, y + 28, "empty slot", size=11, text_anchor="middle",
                      fill=MUTED)  # fmt: skip
            continue
        with svg.group(id=upgrade, class_="upgrade", data_slot=slot):
            svg.rect(x, y, UPGRADE_W, UPGRADE_H, rx=6, fill="#dfeaf5", stroke=INK)
            svg.label(x + UPGRADE_W / 2, y + 28, upgrade_names[upgrade], size=13,
                      text_anchor="middle", font_weight="bold")  # fmt: skip
    ux, uy = upgrade_origin(3)
    with svg.group(id="hidden", class_="upgrade"):
        svg.rect(ux, uy, UPGRADE_W, UPGRADE_H, rx=6, fill="#b9c7d6", stroke=INK)
        svg.label(ux + UPGRADE_W / 2, uy + 28, f"hidden: {view.upgrades_hidden_count}", size=13,
                  text_anchor="middle")  # fmt: skip
    y = 258.0
    ctx = svg.context
    if pending is not None:
        svg.label(14, y, f"pending: {ctx.who(_seat(pending.seat))} must {pending.kind.replace('_', ' ')}"
                  f" ({pending.source}; green: what it offers)", size=13, font_weight="bold")  # fmt: skip
        y += 8
        if pending.kind in ("choose_revealed_card", "choose_wonder"):
            ox = 14.0
            seen: set[str] = set()
            for option in pending.options:
                label = names.get(option) or option.replace("_", " ")
                fill = FAMILY_FILL[family[option]] if option in family else "#f2e2c2"
                first = option not in seen
                seen.add(option)
                with svg.group(id=option if first else None, data_option=option):
                    svg.rect(ox, y + 4, 136, 24, rx=4, fill=fill, stroke="#1a7f37", stroke_width=2)
                    svg.label(ox + 68, y + 21, shorten(label, 20), size=11, text_anchor="middle")
                ox += 142
            y += 30
        y += 16
    turn = view.turn
    if turn is not None:
        line = (f"turn {view.turn_number}: {ctx.who(_seat(turn.seat))}, jokers played "
                f"{turn.jokers_played}, stages this turn {turn.stages_built_this_turn}")  # fmt: skip
        if turn.peeked_card is not None:
            line += f", Exploration shows {names[turn.peeked_card]}"
        svg.label(14, y, shorten(line, 118), size=12)
        y += 16
    svg.label(14, y, f"discard: {len(view.discard)} cards", size=12, fill=MUTED)
    return y


def _boards(svg: Svg, view: EclatsView, components: EclatsComponents, top: float) -> None:
    wonders = {w.id: w for w in components.wonders}
    cards = {c.id: c for c in components.cards}
    upgrade_names = {u.id: u.name for u in components.upgrades}
    scores = {s.seat: s for s in view.result.scores} if view.result is not None else {}
    ctx = svg.context
    shift = max(0.0, top - seat_origin(0)[1])
    for player in view.players:
        sx0, sy0 = seat_origin(player.seat)
        x, y = float(sx0), sy0 + shift
        seat = _seat(player.seat)
        with svg.group(id=seat, class_="seat"):
            active = view.current_seat == player.seat
            svg.rect(x, y, WIDTH - 20, SEAT_H, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke="#1a7f37" if active else "#b8ab8c", stroke_width=2 if active else 1)  # fmt: skip
            wonder = wonders.get(player.wonder) if player.wonder else None
            head = f"{ctx.who(seat)} · {wonder.name if wonder else 'no wonder yet'}"
            head += f" · strength {player.strength} · victories {player.victories}"
            score = scores.get(player.seat)
            head += f" · prestige {score.total if score else player.prestige}"
            if view.result is not None and view.result.winner == player.seat:
                head += " · winner"
            svg.heading(x + 10, y + 20, shorten(head, 98))
            for stage in components.stages:
                sx = x + 10 + (stage.number - 1) * 92
                built = stage.number <= player.stages_built
                prestige = wonder.stage_prestige[stage.number - 1] if wonder else None
                svg.rect(sx, y + 30, 86, 34, rx=4, fill="#e3c34b" if built else "#f4efe3",
                         stroke=INK if built else MUTED, data_stage=stage.number)  # fmt: skip
                svg.label(sx + 43, y + 45, f"{stage.number}. {stage.name}", size=10,
                          text_anchor="middle", font_weight="bold" if built else None)  # fmt: skip
                svg.label(sx + 43, y + 58, f"{stage.count} {stage.pattern}"
                          + (f" · {prestige}P" if prestige else ""), size=9, text_anchor="middle",
                          fill=MUTED)  # fmt: skip
            shields = player.permanent_shields + sum(
                cards[c].shields * n for c, n in player.tableau.items()
            )
            svg.label(x + 478, y + 45, f"shields: {shields} ({player.permanent_shields} permanent)",
                      size=12)  # fmt: skip
            held = ", ".join(upgrade_names[u] for u in player.upgrades) or "none"
            svg.label(x + 478, y + 61, shorten(f"upgrades: {held}", 42), size=12)
            ty = y + 86
            by_family: dict[str, list[str]] = {}
            for card_id, count in sorted(player.tableau.items(), key=lambda kv: kv[0]):
                if count:
                    by_family.setdefault(cards[card_id].family, []).append(
                        f"{cards[card_id].name}×{count}" if count > 1 else cards[card_id].name
                    )
            column = 0
            for fam in FAMILY_FILL:
                items = by_family.get(fam)
                if not items:
                    continue
                fx = x + 10 + (column % 3) * 256
                fy = ty + (column // 3) * 30
                svg.rect(fx, fy - 13, 250, 26, rx=4, fill=FAMILY_FILL[fam], fill_opacity=0.5)
                svg.label(fx + 6, fy + 4, shorten(f"{fam}: " + ", ".join(items), 40), size=11)
                column += 1
            if column == 0:
                svg.label(x + 10, ty + 4, "tableau: empty", size=11, fill=MUTED)


def render(view: EclatsView, components: EclatsComponents, context: PictureContext) -> str:
    """The piles, upgrades, conflict markers and pending decision; then each seat's board."""
    svg = Svg(context)
    svg.title_line()
    bottom = _table(svg, view, components)
    _boards(svg, view, components, bottom + 20)
    return svg.document()
