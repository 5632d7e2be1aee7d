"""``ProblemCode`` lists every ``code`` the API can answer, and nothing else.

The codes are read from the source (``problem_codes_scan``): every one raised
anywhere is declared (``SERVICE_CODES`` or a ruleset's ``error_codes``) and so
listed in the document's enum; every declared one is raised somewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain import RULESETS
from service.api.problems import GATEWAY_CODES, SERVICE_CODES, problem_codes
from tests.service import problem_codes_scan as scan

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_ruleset_declares_exactly_the_codes_it_raises(name: str) -> None:
    raised = scan.ruleset_codes(name)
    declared = set(RULESETS[name].error_codes)
    assert raised - declared == set(), f"raised but not in {name}.error_codes"
    assert declared - raised == set(), f"in {name}.error_codes but never raised"


def test_the_service_declares_exactly_the_codes_it_answers() -> None:
    answered = scan.service_codes()
    assert scan.shared_domain_codes() == set(), "a code raised outside any ruleset package"
    assert answered - set(SERVICE_CODES) == set(), "answered but not in SERVICE_CODES"
    assert set(SERVICE_CODES) - answered == set(), "in SERVICE_CODES but never answered"


def test_the_document_enumerates_every_code() -> None:
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    schemas = doc["components"]["schemas"]
    assert schemas["Problem"]["properties"]["code"]["$ref"] == "#/components/schemas/ProblemCode"
    enum = schemas["ProblemCode"]["enum"]
    raised = scan.service_codes().union(*(scan.ruleset_codes(n) for n in RULESETS))
    assert enum == sorted(raised | set(GATEWAY_CODES)) == list(problem_codes())


def test_the_gateway_codes_are_the_reverse_proxys() -> None:
    nginx = (scan.ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    for code, (status, _) in GATEWAY_CODES.items():
        assert f'"code":"{code}"' in nginx and f"return {status} " in nginx


def test_the_scan_sees_codes_behind_helpers_and_names() -> None:
    """The scan is not vacuous: codes passed through a helper's return value or a
    local name are found (``error_of``, ``code = ... if ... else ...``)."""
    assert {"no_new_shapes", "no_new_red_shape"} <= scan.ruleset_codes("arkantis")
    assert "pair_not_in_hand" in scan.ruleset_codes("tours_arc_en_ciel")
    assert {"wrong_path_length", "chief_dead"} <= scan.ruleset_codes("petits_dragons")
    assert {"rate_limited", "draining", "method_not_allowed"} <= scan.service_codes()
