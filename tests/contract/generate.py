"""Generating the clients with the pinned outside tools (shared by the contract tests).

openapi-python-client comes from pyproject's test extras (this virtualenv),
openapi-typescript from ``tests/contract/node_modules`` (``npm ci``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOCUMENT = ROOT / "openapi" / "openapi.json"
BIN = HERE / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent


def run(
    *args: str | Path, cwd: Path = HERE, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """Run a tool; the timeout only stops a hung one (not a measure: a busy machine is slow)."""
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


def python_client(package: Path) -> subprocess.CompletedProcess[str]:
    """``openapi-python-client generate`` into ``package`` (a ``plateau_client`` folder)."""
    return subprocess.run(
        [str(VENV_BIN / "openapi-python-client"), "generate", "--path", str(DOCUMENT)]
        + ["--config", str(HERE / "openapi-python-client.yaml")]
        + ["--meta", "none", "--output-path", str(package)],
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": f"{VENV_BIN}:/usr/bin:/bin"},
    )


def typescript_types(types: Path) -> subprocess.CompletedProcess[str]:
    """``openapi-typescript`` into ``types`` (an ``api.d.ts``)."""
    return run(BIN / "openapi-typescript", DOCUMENT, "-o", types)


TSC_STRICT = (
    "--strict",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
    "--skipLibCheck",
)
"""``tsc`` options of every check: strict, ES modules as Node runs them."""
