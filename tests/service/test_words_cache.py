"""The views the words are said from, kept per (game, version, viewer) in a process's
answers (``service.games.answers.view_key``): whatever filled them (a legal-commands
read, a command's answer, a state read), every answer is the one a fresh process gives,
for every seat, the spectator and both languages, so no viewer ever gets another's view."""

from __future__ import annotations

from typing import Any

from litestar.testing import AsyncTestClient

from domain.words import LANGUAGES
from service.games.answers import view_key
from tests.service.helpers import auth, legal, start_game, summary
from tests.service.test_words import a_move


def answers(client: AsyncTestClient[Any]) -> Any:
    return client.app.state.games.answers


async def everything(
    client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]
) -> dict[tuple[str, str | None, str], bytes]:
    """Every seat's (and the spectator's) state and legal commands, in every language."""
    out: dict[tuple[str, str | None, str], bytes] = {}
    for lang in LANGUAGES:
        for seat, token in [(None, None), *tokens.items()]:
            headers = {"Accept-Language": lang, **(auth(token) if token else {})}
            r = await client.get(f"/games/{game_id}/state", headers=headers)
            assert r.status_code == 200, r.text
            out[("state", seat, lang)] = r.content
            if token is not None:
                r = await client.get(f"/games/{game_id}/legal-commands", headers=headers)
                assert r.status_code == 200, r.text
                out[("legal", seat, lang)] = r.content
    return out


async def test_kept_views_give_a_fresh_process_answers(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    # A chosen seed: about 1 random deal in 200 ends at its first move; six are played here.
    client = sandbox_client
    game_id, tokens = await start_game(client, seed="words-cache-views")
    kept = answers(client)
    for _ in range(6):
        seat = (await summary(client, game_id))["to_act"][0]
        listed = await legal(client, game_id, tokens[seat])
        version = listed["version"]
        assert kept.bodies.find(view_key(game_id, version, seat)) is not None
        r = await client.post(
            f"/games/{game_id}/commands",
            json=a_move(listed["commands"]),
            headers={**auth(tokens[seat]), "If-Match": f'"{version}"'},
        )
        assert r.status_code == 201, r.text
        # The mover's view after the move is kept under the new version, not before.
        assert kept.bodies.find(view_key(game_id, r.json()["version"], seat)) is not None
    warm = await everything(client, game_id, tokens)
    kept.bodies.clear()
    kept.summaries.clear()
    kept._spectator.clear()
    fresh = await everything(client, game_id, tokens)
    assert warm == fresh
    # The seats' states differ (each sees its own hand): a view kept for one seat
    # was never served to another.
    states = {warm[("state", seat, "en")] for seat in tokens}
    assert len(states) == len(tokens)


async def test_a_new_version_gets_its_own_view(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    kept = answers(client)
    seat = (await summary(client, game_id))["to_act"][0]
    listed = await legal(client, game_id, tokens[seat])
    first = kept.bodies.find(view_key(game_id, listed["version"], seat))
    moves = [c for c in listed["commands"] if c["type"].startswith("arkantis.remove")]
    r = await client.post(f"/games/{game_id}/commands", json=moves[0], headers=auth(tokens[seat]))
    assert r.status_code == 201, r.text
    after = kept.bodies.find(view_key(game_id, r.json()["version"], seat))
    assert after is not None and after != first
    assert kept.bodies.find(view_key(game_id, listed["version"], seat)) is first
