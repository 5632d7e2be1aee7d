"""Every setting is documented: the README's configuration table and the
settings module's docstring name each ``PLATEAU_*`` variable that
``Settings.from_env`` reads."""

from __future__ import annotations

from pathlib import Path

import msgspec

import service.settings as settings_module
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_every_setting_is_in_the_readme_and_the_module_docstring() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    doc = settings_module.__doc__ or ""
    names = [f"PLATEAU_{f.name.upper()}" for f in msgspec.structs.fields(Settings)]
    missing_readme = [n for n in names if f"`{n}`" not in readme]
    missing_doc = [n for n in names if f"``{n}``" not in doc]
    assert not missing_readme, f"not in the README configuration table: {missing_readme}"
    assert not missing_doc, f"not in service/settings.py's table: {missing_doc}"


def test_each_documented_setting_is_read_from_the_environment() -> None:
    env = {
        "PLATEAU_MAX_STREAMS": "7",
        "PLATEAU_RATE_LIMIT_TOKEN": "9",
        "PLATEAU_TRUSTED_PROXIES": "10.0.0.1, 10.0.0.2",
        "PLATEAU_DRAIN_SECONDS": "2.5",
        "PLATEAU_IDEMPOTENCY_RETENTION": "60",
    }
    s = Settings.from_env(env)
    assert (s.max_streams, s.rate_limit_token, s.drain_seconds, s.idempotency_retention) == (
        7,
        9,
        2.5,
        60,
    )
    assert s.trusted_proxies == ("10.0.0.1", "10.0.0.2")
