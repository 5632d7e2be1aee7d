"""The repository's copy of the rules specs and design notes stays the source's copy.

``../shared/`` (beside the checkout, on every developer machine and in CI) is
the source; ``docs/rules/`` and the design notes under ``docs/`` are copies
kept in the repository so that every citation resolves in a fresh clone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
COPIES = {
    "rules": "rules",
    "seeds": "seeds",
    "ARCHITECTURE.md": "ARCHITECTURE.md",
    "STYLE.md": "STYLE.md",
}


def _files(path: Path) -> dict[str, bytes]:
    if path.is_file():
        return {path.name: path.read_bytes()}
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in path.rglob("*") if p.is_file()}


@pytest.mark.parametrize("source", sorted(COPIES))
def test_docs_copy_is_identical_to_the_shared_source(source: str) -> None:
    origin = SHARED / source
    if not origin.exists():
        pytest.skip(f"no {origin} beside this checkout (a clone on its own): nothing to compare")
    copy = ROOT / "docs" / COPIES[source]
    assert copy.exists(), f"docs/{COPIES[source]} is missing: copy it from {origin}"
    assert _files(copy) == _files(origin), f"docs/{COPIES[source]} differs from {origin}"


def test_every_rules_spec_cited_by_the_code_is_in_the_repository() -> None:
    for game in ("arkantis", "tours_arc_en_ciel", "petits_dragons", "eclats_des_cites"):
        assert (ROOT / "docs" / "rules" / f"{game}.md").is_file(), game


def test_one_version_number() -> None:
    import tomllib

    from service.app import API_VERSION

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert API_VERSION == project["version"], "reinstall (pip install -e .) after a version bump"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {project['version']}" in changelog, "the CHANGELOG has no entry for this version"
