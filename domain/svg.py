"""Shared building blocks of the board pictures (``domain/<game>/picture.py``).

A picture is an SVG document built as a string, with no I/O: no fonts,
images, scripts or styles are loaded, so the same view always gives the same
bytes. Every text and attribute value goes through :func:`text` /
:func:`attr` (XML escaping, and characters XML 1.0 cannot hold replaced by
U+FFFD), so a player name full of markup stays text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape

from domain.words import DEFAULT_LANGUAGE, Msg, caption

WIDTH = 800
"""Every picture is 800 user units (pixels) wide."""
BACKGROUND = "#f7f3e8"
INK = "#222222"
MUTED = "#666666"
FONT = "DejaVu Sans, Verdana, sans-serif"

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(value: str) -> str:
    """``value`` with every character XML 1.0 cannot carry replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", value)


def text(value: object) -> str:
    """Character data: ``&``, ``<`` and ``>`` escaped."""
    return escape(clean(str(value)))


def attr(value: object) -> str:
    """An attribute value for double quotes: also ``"`` and white space escaped."""
    return escape(
        clean(num(value) if isinstance(value, float) else str(value)),
        {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"},
    )


def num(value: float) -> str:
    """A coordinate, deterministically: at most 2 decimals, no trailing zeros."""
    if isinstance(value, int):
        return str(value)
    out = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if out in ("-0", "") else out


def _name(key: str) -> str:
    """``class_`` -> ``class``, ``font_size`` -> ``font-size``."""
    return key.rstrip("_").replace("_", "-")


def shorten(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


LAST_MOVE = "last-move"
"""The class of every element the last move changed (``PictureContext.changed``)."""
LAST_MOVE_STROKE = "#c2187a"
"""The last-move outline: magenta, away from every game's board colours."""


@dataclass(frozen=True)
class Cue:
    """A colour that carries a rule, and the second cue always drawn with it, so nobody
    needs to tell the colours apart (each game's ``picture.cues`` lists its own).

    ``paint`` is where the colour is (an element's ``fill`` or ``stroke``). ``kind`` and
    ``mark`` say what goes with it: ``"text"``, a symbol or letter shown in the element's
    group (the nearest enclosing group that shows any of the game's text marks shows
    this one); ``"attr"``, ``name=value`` on the element itself (a dash pattern, a
    thickness); ``"shape"``, the element's tag (a token is a disc, an empty cell a bare
    square). ``tests/pictures/test_colour_blind.py`` checks both the drawing and that
    colours close under simulated deuteranopia or protanopia have different marks."""

    colour: str
    mark: str
    kind: Literal["text", "attr", "shape"] = "text"
    paint: Literal["fill", "stroke"] = "fill"


@dataclass(frozen=True, kw_only=True)
class PictureContext:
    """What a picture shows besides the seat's view: the title line, the players' names,
    the language and the last move.

    Names come from the service's seat records (untrusted text: always escaped).
    ``lang`` is the language of the picture's text (``domain.words.LANGUAGES``);
    ``changed`` the element ids the last move changed (marked :data:`LAST_MOVE`, with an
    outline); ``say`` renders a game's message in ``lang`` and ``seat_label`` names a seat
    (both set by ``domain.pictures`` for a game with words; without them a seat reads as
    its id and its player's name)."""

    ruleset: str
    title: str
    version: int | None = None
    viewer: str | None = None
    to_act: tuple[str, ...] = ()
    winners: tuple[str, ...] | None = None
    """Set once the game is finished."""
    seat_names: Mapping[str, str] = field(default_factory=dict)
    lang: str = DEFAULT_LANGUAGE
    changed: frozenset[str] = frozenset()
    say: Callable[[Msg], str] | None = None
    seat_label: Callable[[str], str] | None = None

    def who(self, seat: str) -> str:
        """The seat's player name (shortened) or its fallback name; with no words,
        ``seat_0 (Alice)`` or the bare seat id when nobody named it."""
        if self.seat_label is not None:
            return shorten(self.seat_label(seat), 24)
        name = self.seat_names.get(seat)
        return f"{seat} ({shorten(name, 24)})" if name else seat

    def text(self, message: Msg) -> str:
        """A message of the game in the picture's language."""
        if self.say is None:
            raise ValueError(f"{self.ruleset} pictures have no words to say {message.id}")
        return self.say(message)

    def caption(self) -> str:
        return caption(
            self.title,
            self.lang,
            self.who,
            version=self.version,
            viewer=self.viewer,
            to_act=self.to_act,
            winners=self.winners,
        )


class Svg:
    """An SVG document under construction: elements are appended in drawing order."""

    def __init__(self, context: PictureContext) -> None:
        self.context = context
        self.parts: list[str] = []
        self.bottom = 0.0
        self.outlines: list[str] = []
        """The last-move outlines, drawn over everything else (``document``)."""
        self._boxes: list[list[float]] = []
        """The bounding box (x0, y0, x1, y1) of every open group that the last move changed."""

    def _marked(self, attrs: dict[str, object]) -> bool:
        """True (and the class added) when the element's id is one the last move changed."""
        element_id = attrs.get("id")
        if not isinstance(element_id, str) or element_id not in self.context.changed:
            return False
        old = attrs.get("class_")
        attrs["class_"] = f"{old} {LAST_MOVE}" if old else LAST_MOVE
        return True

    def _extend(self, x0: float, y0: float, x1: float, y1: float) -> None:
        for box in self._boxes:
            box[0], box[1] = min(box[0], x0), min(box[1], y0)
            box[2], box[3] = max(box[2], x1), max(box[3], y1)

    def outline(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """The visible last-move mark around a box: drawn over the whole board (so no
        later element hides it), not clickable."""
        pad = 3
        self.outlines.append(
            self._open(
                "rect",
                {
                    "class_": f"{LAST_MOVE}-outline",
                    "x": num(x0 - pad),
                    "y": num(y0 - pad),
                    "width": num(x1 - x0 + 2 * pad),
                    "height": num(y1 - y0 + 2 * pad),
                    "rx": 4,
                    "fill": "none",
                    "stroke": LAST_MOVE_STROKE,
                    "stroke_width": 4,
                    "stroke_dasharray": "10 4",
                    "pointer_events": "none",
                },
                True,
            )
        )

    def _open(self, tag: str, attrs: Mapping[str, object], close: bool) -> str:
        items = "".join(
            f' {_name(k)}="{attr(v)}"' for k, v in attrs.items() if v is not None and v is not False
        )
        return f"<{tag}{items}{'/' if close else ''}>"

    def _grow(self, y: object) -> None:
        if isinstance(y, int | float):
            self.bottom = max(self.bottom, float(y))

    def el(self, tag: str, content: object = None, **attrs: object) -> None:
        """One element; ``content`` is character data (escaped here)."""
        if content is None:
            self.parts.append(self._open(tag, attrs, True))
        else:
            self.parts.append(self._open(tag, attrs, False) + text(content) + f"</{tag}>")

    @contextmanager
    def group(self, **attrs: object) -> Iterator[None]:
        """A ``<g>``; when its id is one the last move changed, it gets the class
        :data:`LAST_MOVE` and an outline around what it holds (every game gets the
        last-move mark from its element ids alone)."""
        marked = self._marked(attrs)
        if marked:
            self._boxes.append([float("inf"), float("inf"), float("-inf"), float("-inf")])
        self.parts.append(self._open("g", attrs, False))
        yield
        self.parts.append("</g>")
        if marked:
            x0, y0, x1, y1 = self._boxes.pop()
            if x0 <= x1:
                self._extend(x0, y0, x1, y1)
                self.outline(x0, y0, x1, y1)

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self._grow(y + h)
        self._extend(x, y, x + w, y + h)
        marked = self._marked(attrs)
        self.el("rect", x=num(x), y=num(y), width=num(w), height=num(h), **attrs)
        if marked:
            self.outline(x, y, x + w, y + h)

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        self._grow(cy + r)
        self._extend(cx - r, cy - r, cx + r, cy + r)
        marked = self._marked(attrs)
        self.el("circle", cx=num(cx), cy=num(cy), r=num(r), **attrs)
        if marked:
            self.outline(cx - r, cy - r, cx + r, cy + r)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self._grow(max(y1, y2))
        self._extend(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        self.el("line", x1=num(x1), y1=num(y1), x2=num(x2), y2=num(y2), **attrs)

    def path(self, d: str, **attrs: object) -> None:
        self.el("path", d=d, **attrs)

    def label(self, x: float, y: float, value: object, *, size: int = 13, **attrs: object) -> None:
        """A line of text whose baseline is at ``y``."""
        self._grow(y + 4)
        width = len(str(value)) * size * 0.6  # an estimate: the last-move outline's extent
        anchor = attrs.get("text_anchor")
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        self._extend(left, y - size, left + width, y + 3)
        attrs.setdefault("fill", INK)
        self.el("text", str(value), x=num(x), y=num(y), font_size=size, **attrs)

    def title_line(self, y: float = 24) -> float:
        """The caption (ruleset, version, whose turn, the outcome); the y below it."""
        self.label(12, y, shorten(self.context.caption(), 120), size=15, font_weight="bold",
                   id="caption")  # fmt: skip
        self.line(12, y + 8, WIDTH - 12, y + 8, stroke=MUTED, stroke_width=1)
        return y + 20

    def heading(self, x: float, y: float, value: str) -> None:
        self.label(x, y, value, size=14, font_weight="bold")

    def _desc(self) -> str:
        names = sorted(self.context.seat_names.items())
        if not names:
            return ""
        return "<desc>" + text("; ".join(f"{seat}: {name}" for seat, name in names)) + "</desc>"

    def document(self, height: float | None = None) -> str:
        h = int(max(self.bottom + 16, height or 0))
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" '
            f'viewBox="0 0 {WIDTH} {h}" font-family="{FONT}" font-size="13">'
            f"<title>{text(self.context.caption())}</title>{self._desc()}"
            f'<rect x="0" y="0" width="{WIDTH}" height="{h}" fill="{BACKGROUND}"/>'
        )
        body = "".join(self.parts) + "".join(self.outlines)
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + head + body + "</svg>\n"
