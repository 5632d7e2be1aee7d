"""The site's API reference (docs/hooks.py, run by `mkdocs build`) says everything the
OpenAPI document says an operation does: each operation, parameter, response status,
problem code and schema of the committed document appears on the rendered page."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    return loaded


@pytest.fixture(scope="module")
def page(hooks: ModuleType, document: dict[str, Any]) -> str:
    source = (ROOT / "docs" / "api-reference.md").read_text(encoding="utf-8")
    assert hooks.MARKER in source, "docs/api-reference.md lost the marker the hook replaces"
    config = {"config_file_path": str(ROOT / "mkdocs.yml")}
    rendered: str = hooks.on_page_markdown(source, None, config, None)
    assert hooks.MARKER not in rendered
    return rendered


def sections(page: str, level: str) -> dict[str, str]:
    """Each heading of the given level (`###`) with the text under it, by its {#id}."""
    parts = re.split(rf"^{level} .*\{{#([a-z0-9-]+)\}}$", page, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_operation_with_its_parameters_and_responses(
    page: str, document: dict[str, Any]
) -> None:
    rendered = sections(page, "###")
    for path, item in document["paths"].items():
        for method, op in item.items():
            anchor = f"op-{op['operationId'].lower()}"
            assert anchor in rendered, f"{method.upper()} {path} is not on the page"
            text = rendered[anchor]
            for parameter in op.get("parameters", []):
                assert f"| `{parameter['name']}` | {parameter['in']} |" in text, parameter["name"]
            for status in op["responses"]:
                assert re.search(rf"^\| {status} \|", text, re.M), (op["operationId"], status)
            for status, response in op["responses"].items():
                for code in re.findall(r"`+([a-z0-9_]+)`+", response.get("description", "")):
                    if code in document["components"]["schemas"]["ProblemCode"]["enum"]:
                        assert f"`{code}`" in text.split("Problem codes named")[1], (status, code)


def test_every_problem_code_and_schema(page: str, document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    table = page.split("## Problem codes {#problem-codes}", 1)[1].split("## Schemas", 1)[0]
    for code in schemas["ProblemCode"]["enum"]:
        assert f"| `{code}` |" in table, code
    rendered = sections(page, "###")
    for name, schema in schemas.items():
        text = rendered[f"schema-{name.lower()}"]
        for prop in schema.get("properties", {}):
            assert f"| `{prop}` |" in text, (name, prop)


def test_every_link_on_the_page_has_its_anchor(page: str) -> None:
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", page))
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", page))
    assert targets and targets <= anchors, sorted(targets - anchors)
