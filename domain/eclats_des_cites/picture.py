"""The Éclats des Cités picture: a seat's view -> an SVG document (pure, deterministic).

Ids: piles by pile id (``central``, ``border_<i>``), the face-up upgrade slots
``upgrade_slot_<i>`` each holding its upgrade by upgrade id, the hidden upgrade
pile ``hidden``, the conflict markers ``conflict_markers``, the discard pile
``discard``, the options of a pending wonder or revealed-card choice by their ids,
seat boards ``seat_<i>`` and their stages ``seat_<i>_stage_<n>``.

Every visible text is in the context's language (``words.py``); no id is shown and
no name is cut (long names take two lines, long lists wrap). Colours that carry a
rule have a second cue: every card carries its family's letter (R, J, C, P, S, E,
with a legend), a built stage a ``✓``, a conflict marker on alert a ``!``, what the
pending decision offers a thick frame (and its list in words), the player to act a
mark in the board's heading.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    CARD_ORDER,
    FACE_UP_SLOTS,
    HIDDEN,
    MARKERS,
    PILE_IDS,
    STAGES,
    WONDER_BY_ID,
    EclatsComponents,
    left_pile,
    right_pile,
)
from domain.eclats_des_cites.geometry import (
    BAND_Y,
    PILE_H,
    PILE_W,
    SEAT_H,
    UPGRADE_H,
    UPGRADE_W,
    pile_origin,
    seat_origin,
    upgrade_origin,
)  # fmt: skip
from domain.eclats_des_cites.views import EclatsPlayerView, EclatsView
from domain.eclats_des_cites.words import (
    FAMILY_MARK,
    FAMILY_NAME,
    PICTURE_COUNTED,
    PICTURE_DISCARD,
    PICTURE_DISCARD_EMPTY,
    PICTURE_ENDED,
    PICTURE_EXPLORING,
    PICTURE_FAMILY_KEY,
    PICTURE_GRANTS,
    PICTURE_HIDDEN_OPTION,
    PICTURE_HIDDEN_UPGRADES,
    PICTURE_LEGEND,
    PICTURE_LEGEND_MARKS,
    PICTURE_MARK_ACTIVE,
    PICTURE_MARK_RANK,
    PICTURE_MARK_WINNER,
    PICTURE_MARKERS,
    PICTURE_OFFERED_PILES,
    PICTURE_ON_ALERT,
    PICTURE_PEEKED,
    PICTURE_PENDING,
    PICTURE_PILE_BORDER,
    PICTURE_PILE_CENTRAL,
    PICTURE_PILE_COUNT,
    PICTURE_PILE_EMPTY,
    PICTURE_PILE_FACE_DOWN,
    PICTURE_PILES,
    PICTURE_REVEALED_BY,
    PICTURE_SEAT,
    PICTURE_SEAT_NO_UPGRADES,
    PICTURE_SEAT_NO_WONDER,
    PICTURE_SEAT_PILES,
    PICTURE_SEAT_UPGRADES,
    PICTURE_SEAT_WONDER,
    PICTURE_SHIELDS,
    PICTURE_SLOT_EMPTY,
    PICTURE_STAGE,
    PICTURE_STAGE_BUILT,
    PICTURE_STAGE_PRESTIGE,
    PICTURE_TABLEAU,
    PICTURE_TABLEAU_EMPTY,
    PICTURE_TURN,
    PICTURE_UPGRADE_OPTION,
    PICTURE_UPGRADES,
    PICTURE_WONDER_OPTION,
    PICTURE_WONDER_POWER,
    REQUIREMENT,
    UPGRADE_NAME,
    WONDER_NAME,
    card,
    card_name,
    decision,
    family_mark,
    pile,
    player_of,
    seat_of,
    slot_id,
    source,
    stage,
    stage_id,
    upgrade,
    upgrade_effect,
    wonder,
    wonder_power_text,
    wonder_prestige,
)
from domain.svg import INK, MUTED, WIDTH, Cue, PictureContext, Svg
from domain.words import Many, Msg, Part, msg

FAMILY_FILL = {
    "resource": "#c8a46e", "joker": "#b18fd6", "culture": "#e3c34b",
    "protection": "#d0604e", "science": "#5b9bd5", "exploration": "#5fb38a",
}  # fmt: skip
OFFERED = "#1a7f37"
"""The frame of what the pending decision offers (drawn 3 px thick: not by colour alone)."""
ALERT = "#d0302a"
BUILT = "#b5d99c"
"""A built stage (with a ``✓``): not the culture cards' yellow, which it used to share."""
CHAR = 0.6
"""A character's width, in font sizes (an estimate, for wrapping and centring)."""
BOLD = 0.66
LINE = 15


def cues(say: Callable[[Msg], str]) -> tuple[Cue, ...]:
    """Each family's colour and letter; a conflict marker on alert and its ``!``; a built
    stage and its ``✓``; what the pending decision offers and its thick frame."""
    return (
        *(Cue(fill, say(msg(FAMILY_MARK[family]))) for family, fill in FAMILY_FILL.items()),
        Cue(ALERT, "!"),
        Cue(BUILT, "✓"),
        Cue(OFFERED, "stroke-width=3", "attr", "stroke"),
    )


def text_width(value: str, size: float, *, bold: bool = False) -> float:
    return len(value) * size * (BOLD if bold else CHAR)


def name_lines(name: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """A name on one line, or on two split at the space nearest the middle, when it is
    wider than ``width`` at ``size``. A name is never cut."""
    if text_width(name, size, bold=bold) <= width:
        return [name]
    breaks = [i for i, ch in enumerate(name) if ch == " "]
    if not breaks:
        return [name]
    at = min(breaks, key=lambda i: abs(i - len(name) / 2))
    return [name[:at].rstrip(), name[at:].lstrip()]


def wrap(
    items: Sequence[str], width: float, size: float, first: str = "", *, joiner: str = ", "
) -> list[str]:
    """``first`` then the items joined by ``joiner``, broken into lines no wider than
    ``width`` (between items, never inside one)."""
    lines: list[str] = []
    line = first
    tail = joiner.rstrip()
    for i, item in enumerate(items):
        piece = item + (tail if i < len(items) - 1 else "")
        candidate = f"{line} {piece}" if line else piece
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = piece
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def wrap_words(value: str, width: float, size: float) -> list[str]:
    """A text broken into lines no wider than ``width`` at ``size``, between words."""
    return wrap(value.split(" "), width, size, joiner=" ")


def _say_lines(svg: Svg, y: float, value: str, size: int = 12, **attrs: object) -> float:
    """A text of the band, wrapped to the picture's width; the y of the next line."""
    for line in wrap_words(value, WIDTH - 28, size):
        svg.label(14, y, line, size=size, **attrs)
        y += size + 3
    return y


def _badge(svg: Svg, x: float, y: float, card_id: str, size: float = 14) -> None:
    """The family's letter on a white square: the card's family without its colour."""
    svg.rect(x, y, size, size, rx=2, fill="#ffffff", stroke=INK, stroke_width=0.75)
    svg.label(x + size / 2, y + size * 0.78, svg.context.text(family_mark(card_id)),
              size=int(size * 0.72), text_anchor="middle", font_weight="bold")  # fmt: skip


def _card_box(svg: Svg, card_id: str, x: float, y: float, w: float, h: float,
              **attrs: object) -> None:  # fmt: skip
    """A card: its family's colour and letter, its whole name (two lines when long)."""
    family = CARD_BY_ID[card_id].family
    frame: dict[str, object] = {"stroke": INK, "stroke_width": 0.75, **attrs}
    svg.rect(x, y, w, h, rx=4, fill=FAMILY_FILL[family], **frame)
    _badge(svg, x + 4, y + 4, card_id)
    lines = name_lines(svg.context.text(card_name(card_id)), 11, w - 24)
    top = y + h / 2 + 4 - (len(lines) - 1) * 6.5
    for i, line in enumerate(lines):
        svg.label(x + 12 + w / 2, top + 13 * i, line, size=11, text_anchor="middle")


def _piles(svg: Svg, view: EclatsView) -> None:
    say = svg.context.text
    pending = view.pending
    offered = set(pending.options) if pending is not None and pending.kind == "take_card" else set()
    svg.heading(14, 68, say(msg(PICTURE_PILES)))
    for index, pile_view in enumerate(view.piles):
        x, y = (float(v) for v in pile_origin(index))
        chosen = pile_view.pile_id in offered
        central = pile_view.pile_id == "central"
        with svg.group(id=pile_view.pile_id, class_="pile",
                       data_offered="true" if chosen else None):  # fmt: skip
            svg.rect(x, y, PILE_W, PILE_H, rx=6, fill="#efe6d2",
                     stroke=OFFERED if chosen else INK, stroke_width=3 if chosen else 1)  # fmt: skip
            title = (
                msg(PICTURE_PILE_CENTRAL)
                if central
                else msg(PICTURE_PILE_BORDER, number=PILE_IDS.index(pile_view.pile_id))
            )
            svg.label(x + 8, y + 16, say(title), size=12, font_weight="bold")
            svg.label(x + 8, y + 32, say(msg(PICTURE_PILE_COUNT, count=pile_view.count)), size=11)
            if pile_view.top is not None:
                _card_box(svg, pile_view.top, x + 6, y + 40, PILE_W - 12, 48,
                          data_card=pile_view.top)  # fmt: skip
            elif central and pile_view.count:
                svg.rect(x + 6, y + 40, PILE_W - 12, 48, rx=4, fill="#8f8372", stroke=INK,
                         stroke_width=0.75)  # fmt: skip
                svg.label(x + PILE_W / 2, y + 68, say(msg(PICTURE_PILE_FACE_DOWN)), size=11,
                          text_anchor="middle", fill="#ffffff")  # fmt: skip
            else:
                svg.label(x + PILE_W / 2, y + 68, say(msg(PICTURE_PILE_EMPTY)), size=11,
                          text_anchor="middle", fill=MUTED)  # fmt: skip


def _upgrades(svg: Svg, view: EclatsView) -> None:
    say = svg.context.text
    pending = view.pending
    offered = (
        set(pending.options) if pending is not None and pending.kind == "choose_upgrade" else set()
    )
    svg.heading(14, 196, say(msg(PICTURE_UPGRADES)))
    svg.label(584, 196, say(msg(PICTURE_MARKERS)), size=12, fill=MUTED, text_anchor="end")
    with svg.group(id="conflict_markers", data_alerts=view.alerts):
        for k in range(MARKERS):
            alert = k < view.alerts
            svg.circle(598 + 26 * k, 191, 9, fill=ALERT if alert else "#ffffff", stroke=INK)
            if alert:
                svg.label(598 + 26 * k, 195, "!", size=12, text_anchor="middle",
                          font_weight="bold", fill="#ffffff")  # fmt: skip
        svg.label(598 + 26 * MARKERS, 196,
                  say(msg(PICTURE_ON_ALERT, alerts=view.alerts, markers=MARKERS)), size=12)  # fmt: skip
    for slot in range(FACE_UP_SLOTS):
        x, y = (float(v) for v in upgrade_origin(slot))
        held = view.upgrades_face_up[slot] if slot < len(view.upgrades_face_up) else None
        with svg.group(id=slot_id(slot), class_="upgrade-slot", data_slot=slot):
            if held is None:
                svg.rect(x, y, UPGRADE_W, UPGRADE_H, rx=6, fill="none", stroke=MUTED,
                         stroke_dasharray="4 3")  # fmt: skip
                svg.label(x + UPGRADE_W / 2, y + 28, say(msg(PICTURE_SLOT_EMPTY)), size=11,
                          text_anchor="middle", fill=MUTED)  # fmt: skip
                continue
            chosen = held in offered
            with svg.group(id=held, class_="upgrade", data_offered="true" if chosen else None):
                svg.rect(x, y, UPGRADE_W, UPGRADE_H, rx=6, fill="#dfeaf5",
                         stroke=OFFERED if chosen else INK, stroke_width=3 if chosen else 1)  # fmt: skip
                svg.label(x + UPGRADE_W / 2, y + 28, say(msg(UPGRADE_NAME[held])), size=13,
                          text_anchor="middle", font_weight="bold")  # fmt: skip
    x, y = (float(v) for v in upgrade_origin(FACE_UP_SLOTS))
    chosen = HIDDEN in offered
    with svg.group(id=HIDDEN, class_="upgrade", data_offered="true" if chosen else None):
        svg.rect(x, y, UPGRADE_W, UPGRADE_H, rx=6, fill="#b9c7d6",
                 stroke=OFFERED if chosen else INK, stroke_width=3 if chosen else 1)  # fmt: skip
        svg.label(x + UPGRADE_W / 2, y + 28,
                  say(msg(PICTURE_HIDDEN_UPGRADES, count=view.upgrades_hidden_count)), size=12,
                  text_anchor="middle")  # fmt: skip


def _turn(svg: Svg, view: EclatsView, y: float) -> float:
    """The turn in progress: whose, its counters, the extra cards to come, the card being
    explored, and (to its player only) what Exploration showed at its start; or why the
    game ended."""
    say = svg.context.text
    if view.result is not None:
        ended = msg(PICTURE_ENDED, reason=Part("end-reason", view.result.reason))
        return _say_lines(svg, y, say(ended), 12, font_weight="bold") + 6
    turn = view.turn
    if turn is None:
        return y
    lines = [
        say(
            msg(
                PICTURE_TURN,
                turn=view.turn_number,
                player=player_of(turn.seat),
                jokers=turn.jokers_played,
                stages=turn.stages_built_this_turn,
            )
        )
    ]
    if turn.grant_queue:
        grants = Many(tuple(source(g) for g in turn.grant_queue))
        lines.append(say(msg(PICTURE_GRANTS, sources=grants, count=len(turn.grant_queue))))
    if turn.exploring_card is not None:
        lines.append(say(msg(PICTURE_EXPLORING, card=card(turn.exploring_card))))
    if turn.peeked_card is not None:
        lines.append(say(msg(PICTURE_PEEKED, card=card(turn.peeked_card))))
    for line in lines:
        y = _say_lines(svg, y, line)
    return y + 6


def _decision(svg: Svg, view: EclatsView, y: float) -> float:
    """The pending decision as a question, and what it offers: piles (framed above and
    listed), wonders (their Prestige and powers), revealed cards, upgrades (their effects)."""
    pending = view.pending
    if pending is None:
        return y
    say = svg.context.text
    question = msg(PICTURE_PENDING, player=player_of(pending.seat), decision=decision(pending))
    y = _say_lines(svg, y, say(question), 13, font_weight="bold") + 2
    options = list(pending.options)
    if pending.kind == "take_card":
        piles = Many(tuple(pile(p) for p in options), style="or")
        y = _say_lines(svg, y, say(msg(PICTURE_OFFERED_PILES, piles=piles)))
    elif pending.kind == "choose_wonder":
        x = 14.0
        for option in options:
            with svg.group(id=option, class_="option", data_option=option):
                svg.rect(x, y, 148, 52, rx=5, fill="#f2e2c2", stroke=OFFERED, stroke_width=3)
                names = name_lines(say(msg(WONDER_NAME[option])), 12, 136, bold=True)
                for i, line in enumerate(names):
                    svg.label(x + 74, y + (18 if len(names) == 1 else 15 + 13 * i), line,
                              size=12, text_anchor="middle", font_weight="bold")  # fmt: skip
                svg.label(x + 74, y + 44, say(msg(PICTURE_WONDER_OPTION,
                                                   prestige=wonder_prestige(option))),
                          size=11, text_anchor="middle")  # fmt: skip
            x += 154
        y += 56 + LINE
        for option in options:
            power_line = msg(
                PICTURE_WONDER_POWER, wonder=wonder(option), power=wonder_power_text(option)
            )
            y = _say_lines(svg, y, say(power_line), 11)
    elif pending.kind == "choose_revealed_card":
        revealed = list(view.turn.revealed) if view.turn is not None else options
        y = _say_lines(svg, y, say(msg(PICTURE_REVEALED_BY, count=len(revealed))), fill=MUTED)
        y -= 9
        x = 14.0
        named: set[str] = set()
        for card_id in revealed:
            first = card_id not in named
            named.add(card_id)
            with svg.group(id=card_id if first else None, class_="option", data_option=card_id):
                _card_box(svg, card_id, x, y, 148, 40, stroke_width=3, stroke=OFFERED)
            x += 154
        y += 40 + LINE + 2
    else:
        for option in options:
            if option == HIDDEN:
                offer = msg(PICTURE_HIDDEN_OPTION, count=view.upgrades_hidden_count)
            else:
                offer = msg(PICTURE_UPGRADE_OPTION, upgrade=upgrade(option),
                            effect=upgrade_effect(option))  # fmt: skip
            y = _say_lines(svg, y, say(offer))
    return y + 6


def counted(card_id: str, count: int) -> Msg:
    """``Bois ×2`` (``Bois`` alone for one copy)."""
    return msg(PICTURE_COUNTED, card=card(card_id), count=count)


def _discard(svg: Svg, view: EclatsView, y: float) -> float:
    """The discard pile is public: every card in it, counted by kind."""
    say = svg.context.text
    with svg.group(id="discard", class_="discard", data_count=len(view.discard)):
        if not view.discard:
            svg.label(14, y, say(msg(PICTURE_DISCARD_EMPTY)), size=11, fill=MUTED)
            return y + LINE
        kinds = Counter(view.discard)
        items = [say(counted(c, kinds[c])) for c in sorted(kinds, key=CARD_ORDER.__getitem__)]
        first = say(msg(PICTURE_DISCARD, count=len(view.discard)))
        for line in wrap(items, WIDTH - 28, 11, first):
            svg.label(14, y, line, size=11)
            y += LINE - 1
    return y


def _legend(svg: Svg, y: float) -> float:
    say = svg.context.text
    families = Many(
        tuple(
            msg(PICTURE_FAMILY_KEY, mark=msg(FAMILY_MARK[f]), family=Part("family", f))
            for f in FAMILY_NAME
        )
    )
    for line in (say(msg(PICTURE_LEGEND, families=families)), say(msg(PICTURE_LEGEND_MARKS))):
        y = _say_lines(svg, y, line, 10, fill=MUTED)
    return y


def _stages(svg: Svg, player: EclatsPlayerView, x: float, y: float) -> None:
    say = svg.context.text
    wonder_id = player.wonder
    technologie = "technologie" in player.upgrades
    for stage_info in STAGES:
        n = stage_info.number
        sx = x + 10 + (n - 1) * 92
        built = n <= player.stages_built
        with svg.group(class_="stage", data_stage=n):
            svg.rect(sx, y, 88, 44, rx=4, fill=BUILT if built else "#f4efe3",
                     stroke=INK if built else MUTED, id=stage_id(player.seat, n), data_stage=n,
                     data_built="true" if built else None)  # fmt: skip
            svg.label(sx + 44, y + 13, say(msg(PICTURE_STAGE, number=n, stage=stage(n))), size=9,
                      text_anchor="middle", font_weight="bold")  # fmt: skip
            pattern = "any" if technologie else stage_info.pattern
            svg.label(sx + 44, y + 26, say(msg(REQUIREMENT[pattern], count=stage_info.count)),
                      size=9, text_anchor="middle", fill=INK if built else MUTED)  # fmt: skip
            if wonder_id is not None:
                prestige = WONDER_BY_ID[wonder_id].stage_prestige[n - 1]
                key = PICTURE_STAGE_BUILT if built else PICTURE_STAGE_PRESTIGE
                svg.label(sx + 44, y + 39, say(msg(key, prestige=prestige)), size=9,
                          text_anchor="middle", font_weight="bold" if built else None)  # fmt: skip
            elif built:
                svg.label(sx + 44, y + 39, "✓", size=9, text_anchor="middle", font_weight="bold")


def _tableau(svg: Svg, player: EclatsPlayerView, x: float, y: float) -> None:
    """The kept cards, one chip per kind (family colour and letter, name, count), wrapped."""
    say = svg.context.text
    kept = [
        (c, k) for c, k in sorted(player.tableau.items(), key=lambda kv: CARD_ORDER[kv[0]]) if k
    ]
    if not kept:
        svg.label(x + 10, y + 15, say(msg(PICTURE_TABLEAU_EMPTY)), size=11, fill=MUTED)
        return
    head = say(msg(PICTURE_TABLEAU))
    svg.label(x + 10, y + 15, head, size=11, fill=MUTED)
    cx, cy = x + 16 + text_width(head, 11), y
    right = x + WIDTH - 30
    for card_id, count in kept:
        name = say(counted(card_id, count))
        w = text_width(name, 11) + 26
        if cx + w > right:
            cx, cy = x + 10, cy + 26
        family = CARD_BY_ID[card_id].family
        svg.rect(cx, cy, w, 22, rx=4, fill=FAMILY_FILL[family], fill_opacity=0.6, stroke=INK,
                 stroke_width=0.5, data_card=card_id)  # fmt: skip
        _badge(svg, cx + 4, cy + 4, card_id)
        svg.label(cx + 22, cy + 15, name, size=11)
        cx += w + 6


def _boards(svg: Svg, view: EclatsView, top: float) -> None:
    say = svg.context.text
    result = view.result
    shift = max(0.0, top - seat_origin(0)[1])
    n = view.seat_count
    for player in view.players:
        sx0, sy0 = seat_origin(player.seat)
        x, y = float(sx0), sy0 + shift
        seat = seat_of(player.seat)
        with svg.group(id=seat, class_="seat"):
            active = result is None and view.current_seat == player.seat
            svg.rect(x, y, WIDTH - 20, SEAT_H, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke=OFFERED if active else "#b8ab8c", stroke_width=3 if active else 1)  # fmt: skip
            who = player_of(player.seat)
            parts = [
                say(msg(PICTURE_SEAT_WONDER, player=who, wonder=wonder(player.wonder)))
                if player.wonder is not None
                else say(msg(PICTURE_SEAT_NO_WONDER, player=who))
            ]
            if active:
                parts.append(say(msg(PICTURE_MARK_ACTIVE)))
            if result is not None:
                rank = result.ranking.index(player.seat) + 1
                key = PICTURE_MARK_WINNER if player.seat == result.winner else PICTURE_MARK_RANK
                parts.append(say(msg(key, rank=rank)))
            svg.heading(x + 10, y + 18, " · ".join(parts))
            if player.wonder is not None:
                svg.label(x + 10, y + 34, say(wonder_power_text(player.wonder)), size=11,
                          fill=MUTED)  # fmt: skip
            _stages(svg, player, x, y + 42)
            score = (
                next((s for s in result.scores if s.seat == player.seat), None) if result else None
            )
            prestige = score.total if score is not None else player.prestige
            rx = x + 478
            svg.label(rx, y + 56, say(msg(PICTURE_SEAT, strength=player.strength,
                                          victories=player.victories, prestige=prestige)),
                      size=12, font_weight="bold")  # fmt: skip
            shields = player.strength - (2 if "protection" in player.upgrades else 0)
            svg.label(rx, y + 71, say(msg(PICTURE_SHIELDS, shields=shields,
                                          permanent=player.permanent_shields)), size=11)  # fmt: skip
            piles = msg(
                PICTURE_SEAT_PILES,
                left=PILE_IDS.index(left_pile(player.seat, n)),
                right=PILE_IDS.index(right_pile(player.seat, n)),
            )
            svg.label(rx, y + 86, say(piles), size=11)
            held = (
                msg(
                    PICTURE_SEAT_UPGRADES, upgrades=Many(tuple(upgrade(u) for u in player.upgrades))
                )
                if player.upgrades
                else msg(PICTURE_SEAT_NO_UPGRADES)
            )
            svg.label(x + 10, y + 104, say(held), size=11)
            _tableau(svg, player, x, y + 112)


def render(view: EclatsView, components: EclatsComponents, context: PictureContext) -> str:
    """The piles, upgrades and conflict markers; the turn, the pending decision, the
    discard pile and the legend; then each seat's board."""
    svg = Svg(context)
    svg.title_line()
    _piles(svg, view)
    _upgrades(svg, view)
    y = float(BAND_Y)
    y = _turn(svg, view, y)
    y = _decision(svg, view, y)
    y = _discard(svg, view, y)
    y = _legend(svg, y + 4)
    _boards(svg, view, y + 8)
    return svg.document()
