"""Every game's picture rendered by headless Chromium (Debian's /usr/bin/chromium) to PNG.

The PNG must have the picture's size and enough drawn (non-background)
pixels; the four pictures of ``docs/pictures/`` are regenerated with
``python -m tests.pictures.test_chromium docs/pictures``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from PIL import Image

from domain import RULESETS
from domain.pictures import render
from domain.svg import BACKGROUND, WIDTH
from tests.pictures.support import golden_files, golden_log, golden_seats, states_at

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
]  # fmt: skip
SHOWN = {
    "arkantis": ("default_2p", 0.5, 0),
    "tours_arc_en_ciel": ("three_players_natural_rolls", 0.45, 0),
    "petits_dragons": ("default_two_players", 0.5, 0),
    "eclats_des_cites": ("three_players", 0.6, 1),
}
"""Per game: the golden file, the share of its log, the seat whose view is drawn."""
NAMES = ["Alice", "Bob", "Chloé", "Dmitri", "Eun-ji", "Farid", "Gwen", "Hugo"]


def picture(ruleset: str) -> str:
    name, share, seat_index = SHOWN[ruleset]
    path = next(p for p in golden_files(ruleset) if p.stem == name)
    log = golden_log(ruleset, path)
    rs = RULESETS[ruleset]
    seats = golden_seats(ruleset, path)
    # The first version from that share of the log on where the drawn seat is to act.
    version = max(1, int(len(log) * share))
    state = states_at(ruleset, log, [version])[version]
    while seats[seat_index] not in rs.to_act(state) and version < len(log):
        state = rs.evolve(state, log[version])
        version += 1
    names = dict(zip(seats, NAMES, strict=False))
    return render(rs, state, seats[seat_index], version=version, seat_names=names)


def to_png(svg: str, out: Path) -> None:
    height = int(svg.split('height="', 1)[1].split('"', 1)[0])
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "picture.svg"
        source.write_text(svg, encoding="utf-8")
        subprocess.run(
            [CHROMIUM, *ARGS, f"--user-data-dir={tmp}/profile", f"--window-size={WIDTH},{height}",
             f"--screenshot={out}", source.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip


def drawn_share(png: Path) -> tuple[tuple[int, int], float]:
    background = tuple(int(BACKGROUND[i : i + 2], 16) for i in (1, 3, 5))
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        data = rgb.tobytes()
        size = rgb.size
    total = len(data) // 3
    far = sum(
        1
        for i in range(0, len(data), 3)
        if max(abs(data[i + k] - background[k]) for k in range(3)) > 12
    )
    return size, far / total


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_chromium_draws_the_picture(ruleset: str, tmp_path: Path) -> None:
    assert Path(CHROMIUM).exists(), (
        "Debian's chromium is missing: scripts/test installs it (scripts/_debian.sh)"
    )
    svg = picture(ruleset)
    png = tmp_path / f"{ruleset}.png"
    to_png(svg, png)
    (width, height), share = drawn_share(png)
    assert width == WIDTH and height == int(svg.split('height="', 1)[1].split('"', 1)[0])
    assert 0.15 < share < 0.95, f"{ruleset}: {share:.0%} of the pixels are drawn"


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    target.mkdir(parents=True, exist_ok=True)
    for name in sorted(RULESETS):
        to_png(picture(name), target / f"{name}.png")
        print(target / f"{name}.png", drawn_share(target / f"{name}.png"))
