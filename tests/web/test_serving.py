"""The web client is served at ``/`` and ``/web/*`` with a strict CSP, without shadowing the API."""

from __future__ import annotations

from pathlib import Path

from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings


def test_client_pages_are_served_with_a_strict_policy(tmp_path: Path) -> None:
    settings = Settings.from_env({"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/web.db"})
    with TestClient(create_app(settings)) as client:
        for path, kind in [
            ("/", "text/html"),
            ("/web/app.js", "javascript"),
            ("/web/style.css", "text/css"),
        ]:
            answer = client.get(path)
            assert answer.status_code == 200, path
            assert kind in answer.headers["content-type"]
            csp = answer.headers["content-security-policy"]
            assert "script-src 'self'" in csp and "connect-src 'self'" in csp
            assert "unsafe-inline" not in csp
            assert answer.headers["x-content-type-options"] == "nosniff"
        assert client.get("/rulesets").headers["content-type"] == "application/json"
        unknown = client.get("/games/nope/unknown-path")
        assert unknown.status_code == 404
        assert unknown.headers["content-type"] == "application/problem+json"
        assert client.get("/web/missing.js").status_code == 404
        # Only the app's own files: not its npm manifest, config, types or packages.
        for path in [
            "/web/package.json",
            "/web/package-lock.json",
            "/web/tsconfig.json",
            "/web/generated/api.d.ts",
            "/web/generated/README.md",
            "/web/index.html",
            "/web/node_modules/typescript/package.json",
            "/web/../README.md",
            "/web/%2e%2e/README.md",
            "/web/.gitignore",
        ]:
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert answer.headers["content-type"] == "application/problem+json", path
        for module in [
            "app.js",
            "client.js",
            "dom.js",
            "game.js",
            "lobby.js",
            "i18n.js",
            "locale-fr.js",
        ]:
            assert client.get(f"/web/{module}").status_code == 200, module
        assert client.get("/schema/openapi.json").status_code == 200
