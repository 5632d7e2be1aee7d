"""The code's shape, checked: no function of ``service/`` over 80 lines (a long
function hides several jobs; split it where its steps are). The import rules
are import-linter's (``pyproject.toml`` ``[tool.importlinter]``, run by
``scripts/test``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 80


def long_functions(package: Path, limit: int = LIMIT) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    where = path.relative_to(package.parent).as_posix()
                    found.append(f"{where}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_of_the_service_is_over_80_lines() -> None:
    assert long_functions(ROOT / "service") == []


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    (tmp_path / "long.py").write_text(f"def long() -> None:\n{body}\n")
    assert long_functions(tmp_path) != []


def test_the_picture_of_the_layers_shows_the_contract() -> None:
    """``docs/layers.svg`` names the layers of the import-linter contract, in its order."""
    import re
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(
        c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "service-layers"
    )
    layers = [name.strip() for layer in contract["layers"] for name in layer.split("|")]
    svg = (ROOT / "docs" / "layers.svg").read_text(encoding="utf-8")
    drawn = re.findall(r'<text class="layer"[^>]*>([^<]+)</text>', svg)
    assert drawn[: len(layers)] == layers
    assert drawn[len(layers) :] == ["domain"]
