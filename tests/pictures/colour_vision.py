"""Colour vision deficiency, simulated: how a colour looks under deuteranopia or protanopia.

Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of
Color Vision Deficiency" (IEEE TVCG 15(6)): the severity-1.0 matrices, applied to linear
sRGB. Colours are compared by CIE76 ΔE in CIELAB (D65): about 2.3 is a just noticeable
difference; under :data:`CLOSE` two fills are taken for one at a glance.
"""

from __future__ import annotations

import math

Rgb = tuple[float, float, float]

MACHADO: dict[str, tuple[Rgb, Rgb, Rgb]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
VISIONS: tuple[str | None, ...] = (None, "deuteranopia", "protanopia")
"""Typical vision (None) and the two red-green deficiencies."""
CLOSE = 25.0
"""ΔE under which two colours are taken as one (the tester's fire and water, ΔE 19)."""


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_rgb(colour: str) -> Rgb:
    """``#rrggbb`` as linear sRGB in [0, 1]."""
    r, g, b = (_linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return r, g, b


def simulate(colour: str, vision: str | None) -> Rgb:
    """``colour`` as seen with ``vision`` (None: typical), in linear sRGB."""
    rgb = linear_rgb(colour)
    if vision is None:
        return rgb
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
               for row in MACHADO[vision])  # fmt: skip
    return r, g, b


def lab(rgb: Rgb) -> Rgb:
    """Linear sRGB -> CIELAB (D65)."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: str, b: str, vision: str | None) -> float:
    """CIE76 ΔE between ``a`` and ``b`` as seen with ``vision``."""
    return math.dist(lab(simulate(a, vision)), lab(simulate(b, vision)))
