"""``deploy/`` is checked, not just written: the Kubernetes manifests against the
API schemas (kubernetes-validate, strict) and the Dockerfile with hadolint.
Each check is also shown to reject a broken input, so a passing run means
the tool really looked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def test_kubernetes_manifests_validate_against_the_api_schemas(tmp_path: Path) -> None:
    manifest = ROOT / "deploy" / "k8s" / "plateau.yaml"
    result = run(str(BIN / "kubernetes-validate"), "--strict", str(manifest))
    assert result.returncode == 0, result.stdout + result.stderr
    kinds = {"deployment", "service", "horizontalpodautoscaler", "poddisruptionbudget"}
    for kind in kinds:
        assert f"resource {kind}/plateau" in result.stdout + result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        manifest.read_text().replace(
            "terminationGracePeriodSeconds: 30", "terminationGracePeriod: 30"
        )
    )
    result = run(str(BIN / "kubernetes-validate"), "--strict", str(broken))
    assert result.returncode != 0, "a misspelt field must fail strict validation"


def test_dockerfile_passes_hadolint(tmp_path: Path) -> None:
    dockerfile = ROOT / "deploy" / "Dockerfile"
    result = run(str(BIN / "hadolint"), "--failure-threshold", "info", str(dockerfile))
    assert result.returncode == 0, result.stdout + result.stderr
    broken = tmp_path / "Dockerfile"
    broken.write_text(
        dockerfile.read_text().replace("USER 10001", "USER plateau") + "CMD plateau serve\n"
    )
    result = run(str(BIN / "hadolint"), "--failure-threshold", "info", str(broken))
    assert result.returncode != 0 and "DL3025" in result.stdout, result.stdout
