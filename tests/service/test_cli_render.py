"""``plateau render``: the picture of a stored game, or of an export file, as the API draws it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.service.helpers import auth, legal, start_game
from tests.service.test_cli import run


async def test_render_a_stored_game_and_an_export(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/render.db"
    assert run(["migrate"], url).returncode == 0
    async with AsyncTestClient(create_app(Settings(database_url=url))) as client:
        game_id, tokens = await start_game(client, "tours_arc_en_ciel")
        seat = next(iter(tokens))
        command = (await legal(client, game_id, tokens[seat]))["commands"][0]
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
        over_http = await client.get(f"/games/{game_id}/picture.svg", headers=auth(tokens[seat]))
        over_http_fr = await client.get(
            f"/games/{game_id}/picture.svg", headers={**auth(tokens[seat]), "Accept-Language": "fr"}
        )
        assert "last-move" in over_http.text  # the move is marked, by both
        past_http = await client.get(f"/games/{game_id}/picture.svg", params={"version": 2})
        version = int(over_http.headers["etag"].strip('"'))

    out = tmp_path / "board.svg"
    drawn = run(["render", game_id, "--seat", seat, "-o", str(out)], url)
    assert drawn.returncode == 0, drawn.stderr
    assert out.read_text() == over_http.text  # the same bytes as the API's
    ET.fromstring(out.read_bytes())

    exported = run(["export", game_id], url)
    export_file = tmp_path / "game.json"
    export_file.write_text(exported.stdout)
    from_file = run(["render", "--file", str(export_file), "--version", "2"], url)
    assert from_file.returncode == 0, from_file.stderr
    assert from_file.stdout == past_http.text

    in_french = run(["render", game_id, "--seat", seat, "--lang", "fr"], url)
    assert in_french.returncode == 0 and in_french.stdout == over_http_fr.text
    no_language = run(["render", game_id, "--lang", "xx"], url)
    assert no_language.returncode == 2 and "no language 'xx'" in no_language.stderr

    missing = run(["render", game_id, "--version", str(version + 1)], url)
    assert missing.returncode != 0 and f"no version {version + 1}" in missing.stderr
    unknown = run(["render", game_id, "--seat", "nobody"], url)
    assert unknown.returncode != 0 and "no seat 'nobody'" in unknown.stderr
    assert run(["render"], url).returncode != 0
