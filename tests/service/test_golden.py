"""The golden corpus (``docs/golden/``, ``scripts/golden``) replays with no difference,
and covers every command type, event type, named position and problem code, each
enumerated from the rulesets and the OpenAPI document (issue 32 part 3).

A code or type left out is named here with the reason: those no in-process server
answers deterministically, those the service or the schema answers first, and those
no game from an opening can reach.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from domain import RULESETS
from domain.kernel import tags_of
from domain.positions import positions_for
from tests.golden import corpus
from tests.golden.record import coverage_of

DOCUMENT = corpus.ROOT / "openapi" / "openapi.json"

NOT_DETERMINISTIC = {
    "body_timeout": "a body that stalls for PLATEAU_BODY_TIMEOUT seconds: wall-clock time",
    "draining": "a new stream on a process shutting down (SIGTERM)",
    "import_over_budget": "an audit over PLATEAU_IMPORT_AUDIT_SECONDS of CPU: machine speed",
    "internal_error": "a bug, never expected",
    "overloaded": "PLATEAU_MAX_REQUESTS requests in progress at once on one process",
    "too_many_connections": "requests in progress at once from one address",
    "too_many_streams": "SSE streams held open at once",
    "quota_exceeded": "a window of wall-clock time (its Retry-After counts seconds)",
    "rate_limited": "a window of wall-clock time (its Retry-After counts seconds)",
    "store_unavailable": "an event store that cannot be reached",
    "upstream_unavailable": "only nginx answers it (deploy/nginx.conf), no replica behind it",
    "version_conflict": "a race lost PLATEAU_COMMAND_RETRIES times to concurrent commands",
}
"""Service codes no in-process server answers deterministically."""

SERVICE_FIRST = (
    "the service answers first: a command to a finished game is a 409 game_not_active"
    " before the rules see it"
)
SEAT_OF_TOKEN = (
    "a seat the game lacks: over HTTP the seat is the token's, never a field of the request"
)
SCHEMA_FIRST = (
    "the schema lists the values (an enum, a non-empty string): any other is a 400"
    " invalid_request before the rules see it"
)
EMPTY_CHANCE = (
    "a chance deck and discard both empty: a card applied at once (lose_defense_3 …) goes"
    " to the discard and leaves it only for a reshuffled deck, so they never are (Tours"
    " README, Named positions)"
)
RULE_CODES_LEFT_OUT = {
    **dict.fromkeys(["game_finished", "game_over", "game_not_in_progress"], SERVICE_FIRST),
    **dict.fromkeys(["not_a_player", "unknown_player", "unknown_seat"], SEAT_OF_TOKEN),
    **dict.fromkeys(
        """invalid_colour unknown_house invalid_die invalid_kind unknown_cell unknown_piece
        unknown_command invalid_payload""".split(),
        SCHEMA_FIRST,
    ),
    "invalid_gold_tower_seat": "the Gold tower's holder comes from the service's setup"
    " context (the last winner), never from a request",
    "chance_deck_empty": EMPTY_CHANCE,
    "no_eliminated_dragon": "an empty reserve with no Dragon eliminated is all 18 on the"
    " board, which ends the game at the end of that turn, before any play phase (Tours"
    " README, Named positions)",
    "invalid_path": "petits Dragons' fallback for a refused walk without a code of its own:"
    " every rule of a walk (R1-R10) has its own code, so no walk meets it",
}
"""Rule-violation codes (of any ruleset) the corpus does not show."""

TYPES_LEFT_OUT = {
    "tours_arc_en_ciel.skip_third_action": "legal only with no chance card to draw: "
    + EMPTY_CHANCE,
    "tours_arc_en_ciel.third_action_skipped": "the event of skip_third_action: " + EMPTY_CHANCE,
}
"""Command and event types the corpus does not show."""


@cache
def exchanges(name: str) -> list[dict[str, Any]]:
    """Every exchange of the corpus files of ``name`` (a ruleset, or ``service``)."""
    out: list[dict[str, Any]] = []
    for path in sorted((corpus.CORPUS / name).glob("*.ndjson")):
        out.extend(corpus.read(path)[1])
    return out


def answered_codes() -> set[str]:
    codes = set()
    for name in [*RULESETS, "service"]:
        for exchange in exchanges(name):
            body, status = exchange["response"]["body"], exchange["response"]["status"]
            if status >= 400 and isinstance(body, dict) and "code" in body:
                codes.add(body["code"])
    return codes


@pytest.mark.parametrize(
    "path", corpus.files(), ids=lambda p: str(Path(p).relative_to(corpus.CORPUS))
)
def test_the_corpus_replays_with_no_difference(path: Path) -> None:
    difference = corpus.replay(path)
    assert difference is None, f"{path.relative_to(corpus.ROOT)} differs; scripts/golden " + (
        f"records it again if the change is meant:\n{difference}"
    )


def test_every_ruleset_and_the_service_have_their_files() -> None:
    names = {path.parent.name for path in corpus.files()}
    assert names == {*RULESETS, "service"}
    for name in RULESETS:
        parts = {p.stem for p in (corpus.CORPUS / name).glob("*.ndjson")}
        assert parts == {"game", "positions", "refusals"}, name


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_command_and_event_type_is_shown(ruleset: str) -> None:
    rs = RULESETS[ruleset]
    seen = coverage_of(exchanges(ruleset), ruleset)
    left_out = {t for t in TYPES_LEFT_OUT if t.startswith(f"{ruleset}.")}
    assert set(tags_of(rs.Command)) - seen.commands == left_out & set(tags_of(rs.Command))
    assert set(tags_of(rs.Event)) - seen.events == left_out & set(tags_of(rs.Event))


def test_the_documents_event_types_are_the_rulesets() -> None:
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    message = document["components"]["schemas"]["GameStreamMessage"]
    declared = set().union(*(tags_of(rs.Event) for rs in RULESETS.values()))
    assert set(message["properties"]["event"]["enum"]) == declared


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_named_position_is_started(ruleset: str) -> None:
    started = {
        exchange["request"]["body"]["position"]
        for exchange in exchanges(ruleset)
        if exchange["request"]["path"] == "/games"
        and isinstance(exchange["request"]["body"], dict)
        and "position" in exchange["request"]["body"]
        and exchange["response"]["status"] == 201
    }
    assert started == {p.id for p in positions_for(ruleset)}


def test_every_problem_code_is_answered_or_left_out_with_its_reason() -> None:
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    enum = set(document["components"]["schemas"]["ProblemCode"]["enum"])
    answered = answered_codes()
    left_out = set(NOT_DETERMINISTIC) | set(RULE_CODES_LEFT_OUT)
    assert enum - answered - left_out == set(), "neither in the corpus nor left out"
    assert answered & left_out == set(), "in the corpus now: no longer left out"
    assert answered | left_out <= enum, "not in the document's ProblemCode"
    rule_codes = set().union(*(rs.error_codes for rs in RULESETS.values()))
    assert set(RULE_CODES_LEFT_OUT) <= rule_codes and not set(NOT_DETERMINISTIC) & rule_codes


def test_no_exchange_reads_with_the_operators_token() -> None:
    """Hidden information: every read is a seat's or a spectator's. The operator's token
    is used once, to import a named position's game (its seed is in the source)."""
    for name in [*RULESETS, "service"]:
        for exchange in exchanges(name):
            request = exchange["request"]
            if "golden-operator" in request["headers"].get("authorization", ""):
                assert (request["method"], request["path"]) == (
                    "POST",
                    "/games/import?new_id=true",
                )
