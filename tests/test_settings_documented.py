"""Every setting is documented, once: ``CONFIGURATION`` in service/settings.py
names each ``PLATEAU_*`` variable that ``Settings.from_env`` reads, and the
configuration table of docs/configuration.md is the one generated from it."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from service.settings import CONFIGURATION, Settings, configuration_table

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- The table is generated from service/settings.py (CONFIGURATION): python -m service.settings -->\n"
END = "<!-- end of the generated table -->\n"


def test_every_setting_has_exactly_one_row() -> None:
    names = [f"PLATEAU_{f.name.upper()}" for f in msgspec.structs.fields(Settings)]
    documented = [n for variables, _, _ in CONFIGURATION for n in variables]
    assert sorted(documented) == sorted(names), "a setting lacks a row, or a row names no setting"
    assert len(set(documented)) == len(documented), "a setting has two rows"


def test_the_documented_table_is_the_generated_one() -> None:
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert BEGIN in page and END in page, "docs/configuration.md lost the generated table's markers"
    table = page.split(BEGIN, 1)[1].split(END, 1)[0]
    assert table == configuration_table(), (
        "docs/configuration.md's table drifted: paste the output of `python -m service.settings`"
    )


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


def test_the_pooler_mode_reaches_every_postgresql_store() -> None:
    """``PLATEAU_DATABASE_POOLER``: ``transaction`` or unset, passed to the server's
    store and the command line's alike; any other value refuses to start."""
    from service.settings import pooler_options, store_options

    url = "postgresql://plateau@127.0.0.1:6432/plateau"
    s = Settings.from_env({"PLATEAU_DATABASE_URL": url, "PLATEAU_DATABASE_POOLER": "transaction"})
    assert pooler_options(s) == {"pooler": "transaction"}
    assert store_options(s)["pooler"] == "transaction"
    direct = Settings.from_env({"PLATEAU_DATABASE_URL": url})
    assert pooler_options(direct) == {} and "pooler" not in store_options(direct)
    sqlite = Settings.from_env({"PLATEAU_DATABASE_POOLER": "transaction"})
    assert pooler_options(sqlite) == {}  # SQLite has no pooler
    with pytest.raises(ValueError, match="PLATEAU_DATABASE_POOLER"):
        Settings.from_env({"PLATEAU_DATABASE_URL": url, "PLATEAU_DATABASE_POOLER": "session"})
