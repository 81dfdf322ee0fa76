"""The differential corpus through the Python package, against the native outputs.

`cargo test --test differential` (tests/differential.rs; scripts/test-python.sh runs it first)
writes target/differential/native.json: thousands of generated calls (mutated payloads of every
kind, raw texts that are cut, garbled, too deep or not UTF-8, identifiers of every type rich in
non-ASCII, bulk lists) with the exact output native gave. As tests/node/differential.test.mjs
does for wasm, every call is made again here and must give native's output byte for byte:

- `validate`: the raw native call's envelope must be native's string; the public `validate` with
  the payload as `str` and as `bytes`, and as the value `json.loads` makes of it when
  `json.dumps` writes that value back as the same text, must give native's report (`to_json()`)
  or error (code and message).
- `hash` / `normalize`: `hash_identifier` / `normalize_identifier`, tagged `o<output>` or
  `e<code>\\t<message>` as native tags them (the options are the wasm binding's camelCase names,
  passed as the snake_case keywords).
- `hash_many`: `hash_identifiers` on the list and on a pyarrow string array of it, written as
  native writes it (`{"hashes":[...],"errors":[{"index":i,"code":c}]}`) and compared as text.

The `hash_lines` cases are the JavaScript `hashLines` (one text of lines), which the Python
package has no function for; they are counted and left out.

PREFLIGHT_DIFFERENTIAL_JSON=path reads another file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pyarrow as pa
import pytest

import preflight
from preflight import PreflightError, _preflight

ROOT = Path(__file__).resolve().parents[2]
NATIVE = Path(
    os.environ.get("PREFLIGHT_DIFFERENTIAL_JSON", ROOT / "target/differential/native.json")
)
#: Mismatches listed in a failure message (the count is always given).
SHOWN = 12

DATA: Optional[Dict[str, Any]] = (
    json.loads(NATIVE.read_text(encoding="utf-8")) if NATIVE.exists() else None
)
ITEMS: List[Dict[str, Any]] = DATA["items"] if DATA else []


def _envelope(call: Callable[[], str]) -> str:
    """The envelope text of a raw validation call (tests/common/envelope.rs's format)."""
    try:
        text = call()
    except PreflightError as e:
        body = json.dumps({"code": e.code, "message": e.message}, ensure_ascii=False, separators=(",", ":"))
        return '{"error":' + body + "}"
    return '{"ok":' + text + "}"


def _tagged(call: Callable[[], str]) -> str:
    try:
        return "o" + call()
    except PreflightError as e:
        return f"e{e.code}\t{e.message}"


def _kwargs(js: Dict[str, Any]) -> Dict[str, Any]:
    """The wasm binding's option names as the Python keywords."""
    names = {"phoneFormat": "phone_format", "defaultCountryCode": "default_country_code", "prehashed": "prehashed"}
    assert set(js) <= set(names), js
    return {names[k]: v for k, v in js.items()}


def _replay(op: str, check: Callable[[Dict[str, Any]], Optional[str]]) -> None:
    bad: List[str] = []
    n = 0
    for index, item in enumerate(ITEMS):
        if item["op"] != op:
            continue
        n += 1
        problem = check(item)
        if problem:
            bad.append(f"#{index} {problem}")
    assert n > 0, f"no {op} cases in {NATIVE}"
    assert not bad, f"{len(bad)} of {n} {op} cases differ from native:\n" + "\n".join(bad[:SHOWN])


def test_native_json_of_the_differential_test_is_there() -> None:
    assert DATA is not None, f"{NATIVE} is missing: run `cargo test --test differential` first"
    assert DATA["cases"] == len(ITEMS)
    assert len(ITEMS) >= 1000, f"only {len(ITEMS)} cases"


def test_validate_raw_and_public_give_natives_output() -> None:
    def check(c: Dict[str, Any]) -> Optional[str]:
        kind, options_text, want = c["kind"], c["options_text"], c["output"]
        if "payload_hex" in c:
            payload = bytes.fromhex(c["payload_hex"])
        else:
            payload = c["payload_text"].encode("utf-8")
        raw = _envelope(lambda: _preflight.validate_json(kind, payload, options_text))
        if raw != want:
            return f"raw {kind}:\n  python {raw}\n  native {want}"
        options: Dict[str, Any] = json.loads(options_text) if options_text else {}
        forms: List[Any] = [payload]
        if "payload_text" in c:
            forms.append(c["payload_text"])
            try:
                value = json.loads(c["payload_text"])
            except (ValueError, RecursionError):
                value = None
            if isinstance(value, (dict, list)):
                try:
                    same = json.dumps(value, ensure_ascii=False, separators=(",", ":")) == c["payload_text"]
                except (ValueError, RecursionError):
                    same = False
                if same:
                    forms.append(value)
        for form in forms:
            got = _envelope(lambda: preflight.validate(kind, form, **options).to_json())
            if got != want:
                return f"public {kind} ({type(form).__name__}):\n  python {got}\n  native {want}"
        return None

    _replay("validate", check)


def test_hash_identifier_gives_natives_output() -> None:
    def check(c: Dict[str, Any]) -> Optional[str]:
        out = _tagged(lambda: preflight.hash_identifier(c["type"], c["value"], **_kwargs(c["options"])))
        return None if out == c["output"] else f"{c['type']} {c['value']!r} {c['options']}:\n  python {out}\n  native {c['output']}"

    _replay("hash", check)


def test_normalize_identifier_gives_natives_output() -> None:
    normalize = getattr(preflight, "normalize_identifier", None)
    if normalize is None:
        pytest.skip("preflight.normalize_identifier is not in this build of the package")

    def check(c: Dict[str, Any]) -> Optional[str]:
        out = _tagged(lambda: normalize(c["type"], c["value"], **_kwargs(c["options"])))
        return None if out == c["output"] else f"{c['type']} {c['value']!r} {c['options']}:\n  python {out}\n  native {c['output']}"

    _replay("normalize", check)


@pytest.mark.parametrize("form", ["list", "arrow"])
def test_hash_identifiers_gives_natives_output(form: str) -> None:
    def bulk(c: Dict[str, Any]) -> str:
        values: Any = c["values"] if form == "list" else pa.array(c["values"], type=pa.string())
        try:
            hashes, rejected = preflight.hash_identifiers(c["type"], values, **_kwargs(c["options"]))
        except PreflightError as e:
            return f"e{e.code}\t{e.message}"
        if form == "arrow":
            hashes = hashes.to_pylist()
        errors = ",".join(f'{{"index":{i},"code":"{code}"}}' for i, code in rejected)
        return '{"hashes":' + json.dumps(hashes, ensure_ascii=False, separators=(",", ":")) + ',"errors":[' + errors + "]}"

    def check(c: Dict[str, Any]) -> Optional[str]:
        out = bulk(c)
        return None if out == c["output"] else f"{c['type']} {c['values']!r}:\n  python {out}\n  native {c['output']}"

    _replay("hash_many", check)
