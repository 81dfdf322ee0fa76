"""The answer vectors through the Python package, against the native outputs.

`cargo test --test answers_vectors` writes target/vectors/answers-native.json (one entry per
case of tests/vectors/answers/*.json: `call`, the exact `args_text` native gave the engine, and
the envelope it returned, `output`: `{"ok":<result>}` or `{"error":{"code","message"}}`) and
target/vectors/answers-names.json (`preflight::answers::names()`). Every case is run here through

1. the raw native call (`preflight._preflight.answers_call`), whose envelope must be the very
   string native returned;
2. the public `preflight.answers_call` with the arguments as the value `json.loads` makes of
   them, whose result (or error code and message) must be native's;
3. the typed reader of the call (`TYPED`), when there is one, for every case but those of
   arguments the typed reader's own signature refuses (native `bad_arguments`).

Run: cargo test --test answers_vectors && bash scripts/test-python.sh
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest

import preflight
from preflight import PreflightError, _preflight

ROOT = Path(__file__).resolve().parents[2]
NATIVE = Path(os.environ.get("PREFLIGHT_ANSWERS_NATIVE_JSON", ROOT / "target/vectors/answers-native.json"))
NAMES = NATIVE.with_name("answers-names.json")
VECTORS = ROOT / "tests/vectors/answers"

# The typed reader of each call, given the call's arguments. One line per call.
TYPED: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    "list_page": lambda a: preflight.read_list_page(a["text"]),
    "list_next_query": lambda a: preflight.next_list_query(a["query"], a["page"]),
    "product_answer": lambda a: preflight.read_product_answer(a["sent"], a["text"]),
    "audience_outcome": lambda a: preflight.audience_outcome(
        preflight.AudienceBodies(
            [b["json"] for b in a["bodies"]],
            [b.get("records") for b in a["bodies"]],
            [preflight.Problem(r["index"], None, None, r["code"]) for r in a.get("rejected") or []],
            [],
        ),
        a["answers"],
        rows=a.get("rows"),
    ),
}

ENTRIES: List[Dict[str, Any]] = json.loads(NATIVE.read_text("utf-8")) if NATIVE.exists() else []


def envelope_of(call: Callable[[], Any]) -> str:
    try:
        text = call()
    except PreflightError as e:
        body = json.dumps({"code": e.code, "message": e.message}, ensure_ascii=False, separators=(",", ":"))
        return '{"error":' + body + "}"
    assert isinstance(text, str)
    return '{"ok":' + text + "}"


def result_of(call: Callable[[], Any]) -> Dict[str, Any]:
    try:
        return {"ok": call()}
    except PreflightError as e:
        return {"error": {"code": e.code, "message": e.message}}


def test_native_json_has_exactly_the_cases_of_the_vectors() -> None:
    assert NATIVE.exists(), f"{NATIVE} is missing: run `cargo test --test answers_vectors` first"
    want = set()
    for f in sorted(VECTORS.glob("*.json")):
        for c in json.loads(f.read_text("utf-8")):
            want.add(f"{f.name}: {c['name']}")
    have = {f"{e['file']}: {e['name']}" for e in ENTRIES}
    assert have == want, "run `cargo test --test answers_vectors`"
    assert ENTRIES


def test_answers_names_are_the_native_names() -> None:
    assert preflight.answers_names() == json.loads(NAMES.read_text("utf-8"))
    assert list(_preflight.answers_names()) == json.loads(NAMES.read_text("utf-8"))
    assert set(TYPED) <= set(preflight.answers_names())


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e['file']}: {e['name']}" for e in ENTRIES])
def test_answer_vector(entry: Dict[str, Any]) -> None:
    call, args_text, output = entry["call"], entry["args_text"], entry["output"]
    assert envelope_of(lambda: _preflight.answers_call(call, args_text)) == output
    expected = json.loads(output)
    try:
        args = json.loads(args_text)
    except ValueError:
        return
    if not isinstance(args, dict):
        return
    assert result_of(lambda: preflight.answers_call(call, args)) == expected
    typed = TYPED.get(call)
    if typed is not None and expected.get("error", {}).get("code") != "bad_arguments":
        assert result_of(lambda: typed(args)) == expected
