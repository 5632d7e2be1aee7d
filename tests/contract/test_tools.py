"""The committed OpenAPI document, read by the tools frontend developers use.

Each tool is an outside, mainstream one nobody on this project wrote, pinned
in one place: the npm ones in ``tests/contract/package.json`` (+ lock,
installed by ``scripts/test`` with ``npm ci`` into ``tests/contract/node_modules``),
openapi-python-client and openapi-spec-validator in pyproject's test extras.
Each must read the document with no error and no warning.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOCUMENT = ROOT / "openapi" / "openapi.json"
BIN = HERE / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent


def run(*args: str | Path, cwd: Path = HERE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def node_tools() -> Path:
    if not (BIN / "redocly").exists():
        pytest.fail("npm tools missing: run `npm ci` in tests/contract (scripts/test does)")
    return BIN


def test_redocly_lint_reports_nothing(node_tools: Path) -> None:
    r = run(node_tools / "redocly", "lint", DOCUMENT)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "Woohoo! Your API description is valid" in out, out
    # (Node 20 gets a banner about Redocly's future Node support: not a lint result.)
    assert "Warning was generated" not in out and "Error was generated" not in out, out
    assert "problems" not in out and "Validation failed" not in out, out


def test_openapi_spec_validator_reports_nothing() -> None:
    r = run(VENV_BIN / "openapi-spec-validator", DOCUMENT)
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout + r.stderr


def test_openapi_python_client_generates_without_warnings(tmp_path: Path) -> None:
    r = subprocess.run(
        [str(VENV_BIN / "openapi-python-client"), "generate", "--path", str(DOCUMENT)]
        + ["--config", str(HERE / "openapi-python-client.yaml")]
        + ["--meta", "none", "--output-path", str(tmp_path / "plateau_client")],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": f"{VENV_BIN}:/usr/bin:/bin"},
    )
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "Warning" not in out and "Error" not in out, out
    assert "omitted" not in out and "Unable" not in out, out
    # Every operation has its endpoint module, the 200 of getState included.
    api = tmp_path / "plateau_client" / "api"
    modules = {p.stem for p in api.rglob("*.py")}
    for op in ("get_state", "submit_command", "claim_seat", "create_game", "stream_events"):
        assert op in modules, sorted(modules)
    state = next(api.rglob("get_state.py")).read_text()
    assert "HTTPStatus.OK" in state or "== 200" in state, "getState lost its 200 answer"
    # The generated models parse real wire data: every Tours island (a property
    # named ``cls`` once shadowed the classmethod's ``cls`` and crashed here).
    import msgspec

    from domain.tours_arc_en_ciel.components import ISLAND_TABLE

    sys.path.insert(0, str(tmp_path))
    try:
        from plateau_client.models.tours_island import ToursIsland  # type: ignore[import-not-found]

        for island in ISLAND_TABLE:
            wire = msgspec.to_builtins(island)
            assert ToursIsland.from_dict(wire).to_dict() == wire
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.split(".")[0] == "plateau_client"]:
            del sys.modules[name]


def test_openapi_typescript_types_check_strictly(node_tools: Path) -> None:
    # Inside tests/contract, so that Node resolves openapi-fetch from node_modules.
    with tempfile.TemporaryDirectory(dir=HERE, prefix=".tsc-") as tmp:
        check_typescript(node_tools, Path(tmp))


def check_typescript(node_tools: Path, tmp_path: Path) -> None:
    types = tmp_path / "api.d.ts"
    r = run(node_tools / "openapi-typescript", DOCUMENT, "-o", types)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "⚠" not in r.stdout + r.stderr and "warn" not in (r.stdout + r.stderr).lower()
    program = tmp_path / "check.ts"
    program.write_text(
        'import createClient from "openapi-fetch";\n'
        'import type { paths, components } from "./api.js";\n'
        'const client = createClient<paths>({ baseUrl: "http://127.0.0.1:8000" });\n'
        'type Problem = components["schemas"]["Problem"];\n'
        "export async function first(): Promise<Problem | string | undefined> {\n"
        '  const { data, error } = await client.POST("/games", { body: { ruleset: "arkantis" } });\n'
        "  if (error) return error;\n"
        "  return data?.game_id;\n"
        "}\n"
    )
    r = run(
        node_tools / "tsc",
        "--strict",
        "--noEmit",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--skipLibCheck",
        program,
        cwd=HERE,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_hey_api_generates_zod_schemas_without_nul_bytes(node_tools: Path, tmp_path: Path) -> None:
    """hey-api's TypeScript and zod plugins read the document without a word; the
    zod schemas hold no NUL byte (a pattern's U+0000 written as ``\\u0000``
    became one, and git and grep then took ``zod.gen.ts`` for a binary file)."""
    out = tmp_path / "hey-api"
    r = run(
        node_tools / "openapi-ts", "-i", DOCUMENT, "-o", out, "-p", "@hey-api/typescript", "zod"
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "warn" not in (r.stdout + r.stderr).lower(), r.stdout + r.stderr
    zod = (out / "zod.gen.ts").read_bytes()
    assert b"\x00" not in zod
    zod.decode("utf-8")  # text, all of it
    # The document's no-U+0000 pattern arrives as written, an escape.
    assert rb".regex(/^[^\x00]*$/)" in zod
