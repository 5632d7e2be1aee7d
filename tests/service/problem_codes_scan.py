"""Every problem ``code`` the source can answer, collected from the code itself.

A light static reading of ``domain/`` and ``service/`` (no import, no run):

- the code argument of every call that makes a problem: ``RuleViolation``
  and the domain's helpers around it (``fail``, ``_fail``, ``violation``),
  the service's ``ApiError``, ``problem_response``, ``send_problem`` and
  ``SlotRefusal`` (the refusals of ``service/api/middleware/slots.py``)
  (an ``ExportRejected`` code is a ``details.reason`` of ``export_rejected``,
  not a problem code); when that argument is a local name, the literals
  assigned to it in the same function;
- the literals returned by the domain's error finders, the functions
  annotated ``-> str | None`` (or a tuple starting with one) whose result is
  raised as a code (``error_of``, ``birth_error``, ``check_walk`` ...);
- the codes of the service's helpers (``bad_request``, ``not_found``);
- the application exceptions of ``service/games/exceptions.py``: the ``code=``
  given where one is raised, else that class's ``default_code``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE_ARGUMENT = {
    "RuleViolation": 0,
    "fail": 0,
    "_fail": 0,
    "violation": 0,
    "ApiError": 1,
    "problem_response": 2,
    "send_problem": 2,
    "SlotRefusal": 1,
}
HELPERS = {"bad_request": "invalid_request", "not_found": "not_found"}


def _exception_defaults() -> dict[str, str]:
    """Each application exception class -> its ``default_code``."""
    tree = ast.parse((ROOT / "service" / "games" / "exceptions.py").read_text(encoding="utf-8"))
    defaults: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                target = getattr(item, "target", None) or next(
                    iter(getattr(item, "targets", [])), None
                )
                if isinstance(target, ast.Name) and target.id == "default_code":
                    value = getattr(item, "value", None)
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        defaults[node.name] = value.value
    return defaults


EXCEPTIONS = _exception_defaults()


def _literals(node: ast.AST | None) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _literals(node.body) | _literals(node.orelse)
    if isinstance(node, ast.BoolOp):
        return set().union(*(_literals(v) for v in node.values))
    if isinstance(node, ast.Tuple) and node.elts:
        return _literals(node.elts[0])
    return set()


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _returns_optional_code(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    if fn.returns is None:
        return False
    text = ast.unparse(fn.returns).replace(" ", "")
    return text == "str|None" or text.startswith("tuple[str|None")


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def codes_in(files: list[Path], *, service: bool) -> set[str]:
    found: set[str] = set()
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes: list[ast.AST] = [tree, *_functions(tree)]
        for scope in scopes:
            assigned: dict[str, set[str]] = {}
            for node in ast.walk(scope):
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            assigned.setdefault(target.id, set()).update(_literals(node.value))
            for node in ast.walk(scope):
                if not isinstance(node, ast.Call):
                    continue
                name = _name(node)
                if service and name in HELPERS:
                    found.add(HELPERS[name])
                if service and name in EXCEPTIONS:
                    given = next((k.value for k in node.keywords if k.arg == "code"), None)
                    if given is None:
                        found.add(EXCEPTIONS[name])
                    else:
                        found |= _literals(given)
                        if isinstance(given, ast.Name):
                            found |= assigned.get(given.id, set())
                    continue
                if name not in CODE_ARGUMENT:
                    continue
                index = CODE_ARGUMENT[name]
                arg = node.args[index] if len(node.args) > index else None
                if arg is None:
                    arg = next((k.value for k in node.keywords if k.arg == "code"), None)
                found |= _literals(arg)
                if isinstance(arg, ast.Name):
                    found |= assigned.get(arg.id, set())
        if not service:
            for fn in _functions(tree):
                if _returns_optional_code(fn):
                    for node in ast.walk(fn):
                        if isinstance(node, ast.Return):
                            found |= _literals(node.value)
    return found


def ruleset_codes(package: str) -> set[str]:
    return codes_in(sorted((ROOT / "domain" / package).rglob("*.py")), service=False)


def shared_domain_codes() -> set[str]:
    return codes_in(sorted((ROOT / "domain").glob("*.py")), service=False)


def service_codes() -> set[str]:
    return codes_in(sorted((ROOT / "service").rglob("*.py")), service=True)
