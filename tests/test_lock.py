"""requirements.lock pins exactly what is installed: every distribution of the
project's environment, at the locked version (scripts/lock regenerates it)."""

from __future__ import annotations

from importlib.metadata import distributions
from pathlib import Path

from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
UNLOCKED = {"plateau", "pip", "setuptools", "wheel"}


def locked() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not an exact pin: {line!r}"
            pins[canonicalize_name(name)] = version
    return pins


def test_every_installed_package_is_locked_at_its_version() -> None:
    pins = locked()
    installed = {
        canonicalize_name(d.metadata["Name"]): d.version
        for d in distributions()
        if canonicalize_name(d.metadata["Name"]) not in UNLOCKED
    }
    unlocked = sorted(set(installed) - set(pins))
    assert not unlocked, f"installed but not in requirements.lock (run scripts/lock): {unlocked}"
    drift = {n: (installed[n], pins[n]) for n in installed if installed[n] != pins[n]}
    assert not drift, f"installed versions differ from the lock (installed, locked): {drift}"
