"""Shared building blocks of the board pictures (``domain/<game>/picture.py``).

A picture is an SVG document built as a string, with no I/O: no fonts,
images, scripts or styles are loaded, so the same view always gives the same
bytes. Every text and attribute value goes through :func:`text` /
:func:`attr` (XML escaping, and characters XML 1.0 cannot hold replaced by
U+FFFD), so a player name full of markup stays text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

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


@dataclass(frozen=True, kw_only=True)
class PictureContext:
    """What a picture shows besides the seat's view: the title line and the players' names.

    Names come from the service's seat records (untrusted text: always escaped)."""

    ruleset: str
    title: str
    version: int | None = None
    viewer: str | None = None
    to_act: tuple[str, ...] = ()
    winners: tuple[str, ...] | None = None
    """Set once the game is finished."""
    seat_names: Mapping[str, str] = field(default_factory=dict)

    def who(self, seat: str) -> str:
        """``seat_0 (Alice)``, or the bare seat id when nobody named it."""
        name = self.seat_names.get(seat)
        return f"{seat} ({shorten(name, 24)})" if name else seat

    def caption(self) -> str:
        parts = [self.title]
        if self.version is not None:
            parts.append(f"version {self.version}")
        if self.winners is not None:
            won = ", ".join(self.who(s) for s in self.winners) or "nobody"
            parts.append(f"finished, won by {won}")
        elif self.to_act:
            parts.append("to act: " + ", ".join(self.who(s) for s in self.to_act))
        parts.append("seen by " + (self.who(self.viewer) if self.viewer else "a spectator"))
        return " · ".join(parts)


class Svg:
    """An SVG document under construction: elements are appended in drawing order."""

    def __init__(self, context: PictureContext) -> None:
        self.context = context
        self.parts: list[str] = []
        self.bottom = 0.0

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
        self.parts.append(self._open("g", attrs, False))
        yield
        self.parts.append("</g>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self._grow(y + h)
        self.el("rect", x=num(x), y=num(y), width=num(w), height=num(h), **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        self._grow(cy + r)
        self.el("circle", cx=num(cx), cy=num(cy), r=num(r), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self._grow(max(y1, y2))
        self.el("line", x1=num(x1), y1=num(y1), x2=num(x2), y2=num(y2), **attrs)

    def path(self, d: str, **attrs: object) -> None:
        self.el("path", d=d, **attrs)

    def label(self, x: float, y: float, value: object, *, size: int = 13, **attrs: object) -> None:
        """A line of text whose baseline is at ``y``."""
        self._grow(y + 4)
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
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + head + "".join(self.parts) + "</svg>\n"
