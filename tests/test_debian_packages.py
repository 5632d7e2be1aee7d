"""The Debian packages the suites drive for real are installed by ``scripts/test``
itself (issue 29): a fresh machine failed ``tests/deploy/test_nginx.py`` because
only ``.ci/run`` installed them. ``scripts/_debian.sh`` lists them once; both
scripts source it; without root or apt-get it says exactly how to install what is
missing and fails.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "scripts" / "_debian.sh"


def packages() -> list[str]:
    text = LIST.read_text(encoding="utf-8")
    block = text.split("DEBIAN_PACKAGES=(", 1)[1].split(")", 1)[0]
    return [line.split()[0].strip('"') for line in block.splitlines() if line.strip()]


def shell(script: str, *, user: str | None = None) -> subprocess.CompletedProcess[str]:
    """``script`` in bash with ``scripts/_debian.sh`` sourced (as ``user`` when given)."""
    argv = ["bash", "-c", f". {LIST}\n{script}"]
    if user is not None:
        argv = ["runuser", "-u", user, "--", *argv]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_one_list_both_scripts_use() -> None:
    assert packages() == ["nginx-light", "redis-server", "postgresql", "chromium", "pgbouncer"]
    for script in ("scripts/test", ".ci/run"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert ". scripts/_debian.sh" in text and "ensure_debian_packages" in text, script
        # Installing is _debian.sh's alone: one list, one way.
        assert "apt-get" not in text and "nginx-light" not in text, script
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().endswith("exec ./scripts/test")
    # The packages come first: the servers .ci/run starts are among them.
    assert ci.index("ensure_debian_packages") < ci.index("pg_ctlcluster") < ci.index("redis-server")


def test_nothing_is_missing_here() -> None:
    """This machine ran scripts/test: every listed package is found, and the check
    installs nothing."""
    r = shell("debian_missing; ensure_debian_packages probe && echo ok")
    assert (r.returncode, r.stdout, r.stderr) == (0, "ok\n", ""), r


@pytest.mark.skipif(os.geteuid() != 0, reason="runs the check as another user, from root")
def test_without_root_it_says_how_and_fails() -> None:
    fake = 'DEBIAN_PACKAGES=("nginx-light /nonexistent/nginx no-such-command-29" "chromium /usr/bin/chromium chromium")'
    r = shell(f"{fake}\nensure_debian_packages scripts/test", user="nobody")
    assert r.returncode == 1, r
    assert "not installed here: nginx-light\n" in r.stderr, r.stderr
    assert (
        "sudo apt-get update && sudo apt-get install -y --no-install-recommends nginx-light\n"
        in r.stderr
    ), r.stderr
    assert r.stdout == "", r.stdout


def test_as_root_without_apt_get_it_says_what_and_fails(tmp_path: Path) -> None:
    # A PATH holding bash and id only: no apt-get.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "id", "tr"):
        (bin_dir / tool).symlink_to(f"/usr/bin/{tool}")
    fake = 'DEBIAN_PACKAGES=("redis-server /nonexistent/redis no-such-command-29")'
    r = subprocess.run(
        [str(bin_dir / "bash"), "-c", f". {LIST}\n{fake}\nensure_debian_packages ci"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": str(bin_dir)},
    )
    assert r.returncode == 1, r
    assert "not installed here: redis-server\n" in r.stderr, r.stderr
    if os.geteuid() == 0:
        assert "no apt-get on this machine" in r.stderr, r.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="the installing branch runs as root")
def test_as_root_it_installs_what_is_missing(tmp_path: Path) -> None:
    """The root + apt-get branch, with an ``apt-get`` of the test's own first on
    PATH (it logs its arguments and "installs" by creating the file checked)."""
    bin_dir, installed = tmp_path / "bin", tmp_path / "nginx"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    apt = bin_dir / "apt-get"
    apt.write_text(
        f'#!/bin/bash\necho "$*" >> {log}\n[ "$1" = install ] && touch {installed}\nexit 0\n'
    )
    apt.chmod(0o755)
    fake = f'DEBIAN_PACKAGES=("nginx-light {installed} no-such-command-29" "chromium /usr/bin/chromium chromium")'
    r = subprocess.run(
        ["bash", "-c", f". {LIST}\n{fake}\nensure_debian_packages ci && echo ok"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin"},
    )
    assert r.returncode == 0, r
    assert r.stdout.splitlines() == [
        "ci: installing the Debian packages the suites need: nginx-light",
        "ok",
    ]
    assert log.read_text().splitlines() == [
        "update -qq",
        "install -y -qq --no-install-recommends nginx-light",
    ]
