"""The shared vectors through the Python package, against the native outputs.

`cargo test --test vectors` writes target/vectors/native.json (PREFLIGHT_NATIVE_JSON=path reads
another file): one entry per case of tests/vectors/*.json with the exact texts native gave the
engine (`kind`, `payload_text`, `options_text`) and the envelope it returned (`output`:
`{"ok":<report>}` or `{"error":{"code":...,"message":...}}`, tests/common/envelope.rs). As
tests/node/vectors.test.mjs does for wasm, every case is run here through

1. the raw native call (`preflight._preflight.validate_json`), whose envelope must be the very
   string native returned;
2. the public `preflight.validate` with the payload as text, and as the value `json.loads` makes
   of it when that value is written back as the same text (or the vector says `object_form`),
   whose report (`to_json()`) or error (code and message) must be native's.

The identifier vectors (tests/vectors/identifiers/*.json, format in tests/identifier_vectors.rs)
are hashed through `hash_identifier` and `hash_identifiers`, and each hash is recomputed with
`hashlib` from the vector's normalized form.

Run: cargo test --test vectors && bash scripts/test-python.sh
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

import preflight
from preflight import PreflightError, _preflight

ROOT = Path(__file__).resolve().parents[2]
NATIVE = Path(os.environ.get("PREFLIGHT_NATIVE_JSON", ROOT / "target/vectors/native.json"))
VECTORS = ROOT / "tests/vectors"


def _vector_cases() -> Dict[str, Dict[str, Any]]:
    cases: Dict[str, Dict[str, Any]] = {}
    for f in sorted(VECTORS.glob("*.json")):
        for c in json.loads(f.read_text(encoding="utf-8")):
            cases[f"{f.name}: {c.get('name')}"] = c
    return cases


CASES = _vector_cases()
NATIVE_ENTRIES: List[Dict[str, Any]] = (
    json.loads(NATIVE.read_text(encoding="utf-8")) if NATIVE.exists() else []
)


def envelope_of(call: Any) -> str:
    """The envelope text of a raw call, as tests/node/vector-cases.mjs `envelopeOf` makes it."""
    try:
        text = call()
    except PreflightError as e:
        body = json.dumps({"code": e.code, "message": e.message}, ensure_ascii=False, separators=(",", ":"))
        return '{"error":' + body + "}"
    assert isinstance(text, str)
    return '{"ok":' + text + "}"


def test_native_json_has_exactly_the_cases_of_the_vectors() -> None:
    assert NATIVE.exists(), f"{NATIVE} is missing: run `cargo test --test vectors` first"
    have = {f"{e['file']}: {e['name']}" for e in NATIVE_ENTRIES}
    assert have == set(CASES)
    assert len(NATIVE_ENTRIES) > 1000


@pytest.mark.parametrize(
    "entry", NATIVE_ENTRIES, ids=[f"{e['file']}:{e['name']}" for e in NATIVE_ENTRIES]
)
def test_vector(entry: Dict[str, Any]) -> None:
    kind, payload_text, options_text = entry["kind"], entry["payload_text"], entry["options_text"]
    want = entry["output"]
    # 1. The raw call: the very string native returned.
    raw = envelope_of(lambda: _preflight.validate_json(kind, payload_text.encode("utf-8"), options_text))
    assert raw == want

    # 2. The public API, when the options are its keyword arguments.
    options = json.loads(options_text) if options_text else {}
    if not isinstance(options, dict) or not set(options) <= {"context", "now", "max_issues"}:
        return
    if any(v is None for v in options.values()):
        return  # `None` is "not given" in Python, `null` a wrong value for the engine
    case = CASES[f"{entry['file']}: {entry['name']}"]
    forms: List[Any] = [payload_text, payload_text.encode("utf-8")]
    try:
        value = json.loads(payload_text)
        lossless = (
            json.dumps(value, ensure_ascii=False, separators=(",", ":")) == payload_text
            or case.get("object_form") is True
        )
        if lossless and isinstance(value, (dict, list)):
            forms.append(value)
    except ValueError:
        pass
    for form in forms:
        got = envelope_of(lambda: preflight.validate(kind, form, **options).to_json())
        assert got == want, f"payload as {type(form).__name__}"


IDENTIFIER_CASES = [
    {**c, "file": f.name}
    for f in sorted((VECTORS / "identifiers").glob("*.json"))
    for c in json.loads(f.read_text(encoding="utf-8"))
]


def _joined(pieces: List[List[Any]]) -> str:
    return "".join(text * times for text, times in pieces)


@pytest.mark.parametrize("case", IDENTIFIER_CASES, ids=[f"{c['file']}:{c['name']}" for c in IDENTIFIER_CASES])
def test_identifier_vector(case: Dict[str, Any]) -> None:
    raw = _joined(case["raw"])
    options = {
        k: case[k] for k in ("default_country_code", "phone_format") if case.get(k) is not None
    }
    if "error" in case:
        with pytest.raises(PreflightError) as e:
            preflight.hash_identifier(case["type"], raw, **options)
        assert e.value.code == case["error"]
        outputs, rejected = preflight.hash_identifiers(case["type"], [raw], **options)
        assert outputs == [None] and rejected == [(0, case["error"])]
        return
    want = case["sha256"]
    assert hashlib.sha256(_joined(case["normalized"]).encode("utf-8")).hexdigest() == want
    assert preflight.hash_identifier(case["type"], raw, **options) == want
    assert preflight.hash_identifiers(case["type"], [raw, raw], **options) == ([want, want], [])


def test_identifier_vectors_are_there() -> None:
    assert len(IDENTIFIER_CASES) >= 15
