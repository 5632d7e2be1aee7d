"""The games' words over HTTP (issue 30): languages, names, sentences, labels,
targets, steps, the last move and refusals, on both configurations.

The words themselves are the domain's and are checked there
(``tests/domain/test_words.py``: every message, every ruleset, leak probes);
these tests check what the service adds: the language negotiated and said
(``Content-Language``, ``Vary``), answers cached and tagged per language, the
fields on every answer, and that a client can render each served ``message``
with the served catalogue and get its ``text`` back.

A test that plays on after a move starts from a chosen seed (a sandbox client's): about
one random ArkantiS deal in 200 ends with its first move (the removal leaves both seats
without a legal action, and both pass).
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec
import pytest
from fluent.runtime import FluentBundle, FluentResource
from litestar.testing import AsyncTestClient

from domain.words import LANGUAGES
from service.games.schemas import LegalCommands, LegalCommandsWire
from tests.service.helpers import assert_problem, auth, legal, start_game, summary

pytestmark = pytest.mark.slow

PICTURE_ID = re.compile(r'\bid="([^"]+)"')


def client_side(catalogue: str, lang: str, message: dict[str, Any]) -> str:
    """What a client does with a served message: format it with the served
    catalogue (numbers by value, every other argument by its text)."""
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(FluentResource(catalogue))
    args = {
        name: arg["value"] if arg["kind"] == "number" else arg["text"]
        for name, arg in message["args"].items()
    }
    pattern = bundle.get_message(message["id"]).value
    assert pattern is not None
    text, errors = bundle.format_pattern(pattern, args)
    assert not errors, errors
    return str(text)


async def catalogues(client: AsyncTestClient[Any], ruleset: str) -> dict[str, str]:
    found = {}
    for lang in LANGUAGES:
        r = await client.get(f"/rulesets/{ruleset}/messages", params={"lang": lang})
        assert r.status_code == 200 and r.headers["content-language"] == lang
        assert r.headers["content-type"].startswith("text/plain")
        found[lang] = r.text
    return found


def a_move(commands: list[dict[str, Any]]) -> dict[str, Any]:
    """A command that takes tokens off the board (ArkantiS) when there is one, else any
    but passing, so the game goes on (passing ends a two-seat game)."""
    moves = [c for c in commands if c["type"].startswith("arkantis.remove")]
    return (moves or [c for c in commands if c["type"] != "arkantis.pass_turn"])[0]


def leaves(nodes: list[dict[str, Any]], ids: set[str]) -> list[int]:
    """The command indices of a steps tree's leaves; every node says something and
    points at picture ids only."""
    found = []
    for node in nodes:
        assert node["label"] and set(node["targets"]) <= ids
        if node["command"] is not None:
            assert not node["children"]
            found.append(node["command"])
        found += leaves(node["children"], ids)
    return found


async def play_one(client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]) -> Any:
    seat = (await summary(client, game_id))["to_act"][0]
    listed = await legal(client, game_id, tokens[seat])
    r = await client.post(
        f"/games/{game_id}/commands",
        json=a_move(listed["commands"]),
        headers={**auth(tokens[seat]), "Accept-Language": "fr"},
    )
    assert r.status_code == 201, r.text
    return seat, r


async def test_the_language_is_negotiated_and_said(client: AsyncTestClient[Any]) -> None:
    game_id, _ = await start_game(client)
    cases = [
        ({}, {}, "en"),  # the default
        ({"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}, {}, "fr"),
        ({"Accept-Language": "de, en;q=0.3"}, {}, "en"),  # no German catalogue
        ({"Accept-Language": "de"}, {}, "en"),
        ({"Accept-Language": "fr;q=0"}, {}, "en"),  # fr refused
        ({"Accept-Language": "en"}, {"lang": "fr"}, "fr"),  # the query wins
    ]
    for headers, params, expected in cases:
        for path in (f"/games/{game_id}", f"/games/{game_id}/state", "/rulesets/arkantis"):
            r = await client.get(path, headers=headers, params=params)
            assert r.status_code == 200, (path, r.text)
            assert r.headers["content-language"] == expected, (path, headers, params)
            assert r.headers["vary"] == "Accept-Language"
    assert_problem(
        await client.get(f"/games/{game_id}", params={"lang": "de"}), 400, "invalid_request"
    )


async def test_two_languages_two_bodies_two_tags_and_304_per_language(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    client = sandbox_client  # a chosen seed: see the module's docstring
    game_id, tokens = await start_game(client, seed="words-languages")
    await play_one(client, game_id, tokens)
    seat = (await summary(client, game_id))["to_act"][0]
    for path, headers in (
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}/state", {}),
        (f"/games/{game_id}/state", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands", auth(tokens[seat])),
    ):
        en = await client.get(path, headers={**headers, "Accept-Language": "en"})
        fr = await client.get(path, headers={**headers, "Accept-Language": "fr"})
        assert en.status_code == fr.status_code == 200
        assert en.content != fr.content, path
        assert en.headers["etag"] != fr.headers["etag"], path
        assert re.fullmatch(r'"[0-9]+"', en.headers["etag"])
        assert fr.headers["etag"] == en.headers["etag"][:-1] + '.fr"'
        # The same request again: the same bytes (encoded once per language).
        again = await client.get(path, headers={**headers, "Accept-Language": "fr"})
        assert again.content == fr.content
        if path.endswith("legal-commands"):
            continue  # not a conditional read
        for tag, lang, status in (
            (fr.headers["etag"], "fr", 304),
            (en.headers["etag"], "en", 304),
            (en.headers["etag"], "fr", 200),  # another language's tag is another body
            (fr.headers["etag"], "en", 200),
        ):
            r = await client.get(
                path, headers={**headers, "Accept-Language": lang, "If-None-Match": tag}
            )
            assert r.status_code == status, (path, tag, lang)
            assert r.headers["content-language"] == lang
    # A tag read from a French answer names its version for If-Match.
    listed = await client.get(
        f"/games/{game_id}/legal-commands", headers={**auth(tokens[seat]), "Accept-Language": "fr"}
    )
    r = await client.post(
        f"/games/{game_id}/commands",
        json=a_move(listed.json()["commands"]),
        headers={**auth(tokens[seat]), "If-Match": listed.headers["etag"]},
    )
    assert r.status_code == 201, r.text


async def test_ruleset_names_and_catalogue(client: AsyncTestClient[Any]) -> None:
    fr = (await client.get("/rulesets/arkantis", headers={"Accept-Language": "fr"})).json()
    en = (await client.get("/rulesets/arkantis")).json()
    assert (fr["language"], en["language"]) == ("fr", "en")
    assert fr["languages"] == en["languages"] == list(LANGUAGES)
    assert fr["names"]["cell"]["r1c4"] == "ligne 1, colonne 4"
    assert en["names"]["cell"]["r1c4"] == "row 1, column 4"
    assert set(fr["names"]) == set(en["names"]) and "decided-by" in en["names"]
    for kind, ids in en["names"].items():
        assert set(ids) == set(fr["names"][kind]), kind
        assert all(name and "_" not in name for name in ids.values()), kind
    # The lobby's form: every option named in the caller's language, and its values.
    assert set(fr["option_names"]) == set(
        fr["options_schema"]["$defs"]["ArkantisOptions"]["properties"]
    )
    assert fr["option_names"]["player_count"] == {"name": "Joueurs", "values": {}}
    assert en["option_names"]["player_count"]["name"] == "Players"
    tours = (await client.get("/rulesets/tours_arc_en_ciel?lang=fr")).json()["option_names"]
    assert tours["natural_20_wins"]["name"] == "Un 20 naturel gagne le combat"
    assert tours["houses"]["values"]["fire"] == "Maison du Feu"
    served = await catalogues(client, "arkantis")
    assert "arkantis-" in served["fr"] and "plateau-" in served["fr"]
    assert_problem(await client.get("/rulesets/nope/messages"), 404, "not_found")


async def test_events_feed_and_answers_carry_their_sentences(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    client = sandbox_client  # a chosen seed: see the module's docstring
    game_id, tokens = await start_game(client, seed="words-feed")
    served = await catalogues(client, "arkantis")
    seat, answer = await play_one(client, game_id, tokens)
    assert answer.headers["content-language"] == "fr"
    move = answer.json()["last_move"]
    assert move["seat"] == seat and move["player_name"].startswith("P")
    assert move["last_version"] == answer.json()["version"]
    assert move["text"] and move["text"].startswith(move["player_name"])
    assert move["text"] == " ".join(s["text"] for s in move["sentences"])
    for said in move["sentences"]:
        assert client_side(served["fr"], "fr", said["message"]) == said["text"]
    for lang in LANGUAGES:
        log = (await client.get(f"/games/{game_id}/events", params={"lang": lang})).json()
        moves = [e for e in log["events"] if e["move"] is not None]
        assert moves and {e["seat"] for e in moves} == {seat}
        assert {e["version"] for e in moves} == set(
            range(move["first_version"], move["last_version"] + 1)
        )
        setup = [e for e in log["events"] if e["move"] is None]
        assert setup and all(e["seat"] is None for e in setup)
        with_text = [e for e in log["events"] if e["text"] is not None]
        assert with_text
        for e in with_text:
            assert client_side(served[lang], lang, e["message"]) == e["text"]
            assert not re.search(r"seat_\d|r\dc\d|[a-z]+\.[a-z_]+", e["text"]), e["text"]
        mine, after = [], 0
        while True:  # the feed holds every game of the run's database: read it all
            page = (
                await client.get("/events", params={"lang": lang, "limit": 1000, "after": after})
            ).json()
            mine += [e for e in page["events"] if e["game_id"] == game_id and e["text"]]
            if not page["events"]:
                break
            after = page["last_position"]
        assert [e["text"] for e in mine] == [e["text"] for e in with_text]  # a spectator's


async def test_the_stream_speaks_the_asked_language(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    await play_one(client, game_id, tokens)
    r = await client.get(f"/games/{game_id}/events/stream", params={"lang": "fr", "timeout": 0})
    assert r.status_code == 200 and r.headers["content-language"] == "fr"
    streamed = [
        json.loads(line.removeprefix("data:").strip())
        for line in r.text.splitlines()
        if line.startswith("data:")
    ]
    log = (await client.get(f"/games/{game_id}/events", params={"lang": "fr"})).json()
    assert [e["text"] for e in streamed] == [e["text"] for e in log["events"]]
    assert any(e["text"] for e in streamed)


def test_the_written_legal_commands_have_the_schemas_fields_in_its_order() -> None:
    assert LegalCommandsWire.__struct_fields__ == LegalCommands.__struct_fields__


async def test_legal_commands_have_labels_targets_and_steps(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    client = sandbox_client  # a chosen seed: see the module's docstring
    game_id, tokens = await start_game(client, seed="words-steps")
    for _ in range(3):
        seat = (await summary(client, game_id))["to_act"][0]
        r = await client.get(
            f"/games/{game_id}/legal-commands",
            headers={**auth(tokens[seat]), "Accept-Language": "fr"},
        )
        listed = r.json()
        commands, labels = listed["commands"], listed["labels"]
        assert len(labels) == len(commands) > 0
        picture = await client.get(f"/games/{game_id}/picture.svg", headers=auth(tokens[seat]))
        ids = set(PICTURE_ID.findall(picture.text))
        for command, label in zip(commands, labels, strict=True):
            assert label["text"] and not re.search(r"seat_\d|r\dc\d", label["text"])
            assert set(label["targets"]) <= ids, (command, label["targets"])
            named = {v for v in command.values() if isinstance(v, str)} | {
                x for v in command.values() if isinstance(v, list) for x in v
            }
            if named & ids:
                assert label["targets"], command
        assert sorted(leaves(listed["steps"], ids)) == list(range(len(commands)))
        # Written from pre-encoded words (LegalCommandsWire), read as the schema says.
        assert (
            msgspec.json.decode(r.content, type=LegalCommands).labels[0].text == labels[0]["text"]
        )
        await client.post(
            f"/games/{game_id}/commands",
            json=a_move(commands),
            headers={**auth(tokens[seat]), "If-Match": f'"{listed["version"]}"'},
        )


async def test_last_move_on_summary_state_and_picture(client: AsyncTestClient[Any]) -> None:
    game_id, tokens = await start_game(client)
    assert (await summary(client, game_id))["last_move"] is None  # the setup only
    seat, answer = await play_one(client, game_id, tokens)
    after = await summary(client, game_id)
    moved = after["last_move"]
    assert moved["seat"] == seat and moved["last_version"] == after["version"]
    assert moved["changed"]
    for viewer in (None, *tokens.values()):
        headers = auth(viewer) if viewer else {}
        state = (await client.get(f"/games/{game_id}/state", headers=headers)).json()
        assert state["last_move"]["first_version"] == moved["first_version"]
        picture = (await client.get(f"/games/{game_id}/picture.svg", headers=headers)).text
        ids = set(PICTURE_ID.findall(picture))
        assert set(state["last_move"]["changed"]) <= ids
        for element in state["last_move"]["changed"]:
            tag = re.search(rf'<[^>]*\bid="{re.escape(element)}"[^>]*>', picture)
            assert tag is not None and "last-move" in tag.group(0), element
    # A past version's state says the move that led there.
    first = await client.get(
        f"/games/{game_id}/state", params={"version": moved["first_version"] - 1}
    )
    assert first.json()["last_move"] is None


async def test_refusals_are_said_in_the_callers_language(
    sandbox_client: AsyncTestClient[Any],
) -> None:
    # A chosen seed (the module's docstring): a finished game answers 409 before If-Match.
    client = sandbox_client
    game_id, tokens = await start_game(client, seed="words-refusals")
    seat = (await summary(client, game_id))["to_act"][0]
    other = next(s for s in tokens if s != seat)
    listed = await legal(client, game_id, tokens[seat])
    # Out of turn: the rule's refusal, in French.
    r = await client.post(
        f"/games/{game_id}/commands",
        json=listed["commands"][0],
        headers={**auth(tokens[other]), "Accept-Language": "fr"},
    )
    problem = assert_problem(r, 422, "not_your_turn")
    english = assert_problem(
        await client.post(
            f"/games/{game_id}/commands", json=listed["commands"][0], headers=auth(tokens[other])
        ),
        422,
        "not_your_turn",
    )
    assert problem["detail"] != english["detail"] and "_" not in problem["detail"]
    # A stale If-Match says that the game moved on, and who moved.
    _, played = await play_one(client, game_id, tokens)
    names = {s["seat"]: s["player_name"] for s in (await summary(client, game_id))["seats"]}
    r = await client.post(
        f"/games/{game_id}/commands",
        json=listed["commands"][0],
        headers={
            **auth(tokens[seat]),
            "If-Match": f'"{listed["version"]}"',
            "Accept-Language": "fr",
        },
    )
    stale = assert_problem(r, 412, "stale_version")
    assert "La partie a avancé" in stale["detail"] and names[seat] in stale["detail"]
    assert stale["details"]["current_version"] == played.json()["version"]
