"""Check answers of the running app against scorekeeper/api/openapi.json (JSON Schema 2020-12)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator

SPEC_PATH = Path(__file__).resolve().parents[2] / "scorekeeper" / "api" / "openapi.json"
SPEC = json.loads(SPEC_PATH.read_text())
def _resolve(node: dict) -> dict:
    while "$ref" in node:
        pointer = node["$ref"].lstrip("#/").split("/")
        node = SPEC
        for part in pointer:
            node = node[part]
    return node


def operation(path: str, method: str) -> dict:
    """The spec's operation for a concrete path like /api/v1/sessions/3/deals."""
    local = path.split("?", 1)[0].removeprefix("/api/v1")
    for template, item in SPEC["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", r"[^/]+", template) + "$"
        if re.match(pattern, local) and method.lower() in item:
            return item[method.lower()]
    raise AssertionError(f"{method} {path} is not in openapi.json")


def check(response, path: str, method: str) -> None:
    """Fail unless the spec documents this status for this operation and the body fits its schema."""
    if response.status_code == 405:  # a method the path does not offer: no operation to document it
        assert response.headers.get("Allow"), "a 405 answer names the methods offered (Allow)"
        Draft202012Validator({"$ref": "#/components/schemas/Error", "components": SPEC["components"]}).validate(
            response.get_json())
        return
    op = operation(path, method)
    status = str(response.status_code)
    assert status in op["responses"], f"{method} {path} answered {response.status_code}, not documented"
    documented = _resolve(op["responses"][status])
    content = documented.get("content")
    if not content:
        assert not response.data, "an answer without documented content has a body"
        return
    schema = content["application/json"]["schema"]
    # the schema travels with the spec's components, so "#/components/..." resolves inside it
    Draft202012Validator({**schema, "components": SPEC["components"]}).validate(response.get_json())
