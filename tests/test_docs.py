"""The repository's copy of the rules specs and design notes stays the source's copy.

``../shared/`` (beside the checkout, on every developer machine and in CI) is
the source; ``docs/rules/``, ``docs/seeds/`` and the design notes under
``docs/design/`` are copies kept in the repository so that every citation
resolves in a fresh clone. (``docs/ARCHITECTURE.md`` is the project's own page,
describing the code as built: no copy.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
COPIES = {
    "rules": "rules",
    "seeds": "seeds",
    "ARCHITECTURE.md": "design/ARCHITECTURE.md",
    "STYLE.md": "design/STYLE.md",
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
    assert re.search(
        rf"^## \[{re.escape(project['version'])}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.M
    ), "the CHANGELOG has no entry for this version (`## [X.Y.Z] - YYYY-MM-DD`)"


def test_the_changelog_keeps_a_changelog() -> None:
    """Keep a Changelog 1.1.0: `## [Unreleased]` first, then released versions, newest
    first, each with a date; entries only under its six kinds of change."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(.+?)\](.*)$", changelog, re.M)
    assert versions and versions[0] == ("Unreleased", ""), versions[:1]
    released = versions[1:]
    assert all(re.fullmatch(r" - \d{4}-\d{2}-\d{2}", date) for _, date in released), released
    numbers = [tuple(int(n) for n in v.split(".")) for v, _ in released]
    assert numbers == sorted(numbers, reverse=True), "versions are not newest first"
    kinds = set(re.findall(r"^### (.+)$", changelog, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, kinds
    headings = re.findall(r"^#+ .*$", changelog, re.M)
    assert all(h.startswith(("# Changelog", "## [", "### ")) for h in headings), headings


DOCS = ROOT / "docs"


def _pages() -> set[str]:
    return {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}


def test_the_readme_maps_every_page_of_docs() -> None:
    """The README is a front page: what it dropped is reachable from its map of docs/."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(docs/([^)#]+\.md)(?:#[^)]*)?\)", readme))
    missing = sorted(_pages() - {"index.md"} - linked)
    assert missing == [], f"README.md's map of docs/ does not link: {missing}"
    assert not linked - _pages(), f"README.md links pages that do not exist: {linked - _pages()}"


def test_the_site_home_maps_every_page() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", home))
    missing = sorted(_pages() - {"index.md"} - linked)
    assert missing == [], f"docs/index.md does not link: {missing}"


def test_the_readme_stays_a_front_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines < 300, f"README.md has {lines} lines: move a section to a page of docs/"


def test_every_page_is_in_the_site_navigation() -> None:
    """mkdocs.yml's nav lists every page (`mkdocs build --strict` fails on one left out,
    and on a dead link or anchor; scripts/test runs it)."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    navigated = set(re.findall(r":\s+(\S+\.md)\s*$", config, re.M))
    assert navigated == _pages(), sorted(navigated ^ _pages())
