"""The README's no-service example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[3] / "domain" / "petits_dragons" / "README.md"


def test_readme_example_runs(capsys: object) -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), str(README), "exec"), namespace)  # noqa: S102
    assert namespace["rs"].outcome(namespace["state"]) is not None  # type: ignore[attr-defined]
