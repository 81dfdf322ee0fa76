"""The one error shape through Python: a wrong call raises `preflight.PreflightError` (a
`ValueError`) whose `code` and message are the engine's, as native and wasm give them; a
report is never an exception; no input value appears in a message."""

from __future__ import annotations

import json
import pickle

import pytest

import preflight
from preflight import PreflightError

SECRET = "consumer-secret-value"


def code_of(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(PreflightError) as e:
        call()
    assert isinstance(e.value, ValueError)
    return e.value.code


def test_unknown_kind_is_the_engines_error() -> None:
    with pytest.raises(PreflightError) as e:
        preflight.validate("no_such_kind", {})
    assert e.value.code == "unknown_kind"
    # The same message as `preflight describe`'s native error (no input in it).
    assert "no_such_kind" not in str(e.value)
    assert e.value.args == (e.value.message,)


def test_invalid_json_text_is_an_error_not_a_report() -> None:
    assert code_of(lambda: preflight.validate("product", "{")) == "invalid_json"
    assert code_of(lambda: preflight.validate("product", b"\xff")) in {"invalid_utf8", "invalid_json"}


def test_a_misspelt_context_fact_is_an_error() -> None:
    assert code_of(lambda: preflight.validate("line_item_update", {}, context={"objectiv": "REACH"})) == "bad_options"
    assert code_of(lambda: preflight.validate("line_item_update", {}, context={"objective": "reach"})) != ""


def test_options_and_payload_of_the_wrong_type() -> None:
    assert code_of(lambda: preflight.validate("product", 42)) == "invalid_argument"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.validate("product", {"x": float("nan")})) == "invalid_argument"
    assert code_of(lambda: preflight.validate("product", {}, max_issues="3")) != ""  # type: ignore[arg-type]


def test_a_report_is_data() -> None:
    r = preflight.validate("product", {})
    assert r.valid is False and not r
    assert r.errors and all(i.severity == "error" for i in r.errors)
    first = r.issues[0]
    assert {"path", "code", "message", "severity", "params"} <= set(json.loads(r.to_json())["issues"][0])
    assert (first.path, first.code) == (r.to_dict()["issues"][0]["path"], r.to_dict()["issues"][0]["code"])


def test_kinds_describe_schema() -> None:
    kinds = preflight.kinds()
    assert "product" in kinds and len(kinds) == len(set(kinds))
    assert isinstance(preflight.describe("product"), dict)
    assert preflight.json_schema("product")["$schema"].startswith("https://json-schema.org/")
    assert code_of(lambda: preflight.describe("nope")) == "unknown_kind"


def test_hash_errors_carry_the_code_and_no_value() -> None:
    email = "someone private@example.com"
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifier("email", email)
    assert e.value.code == "invalid_email"
    assert email not in str(e.value) and "someone" not in repr(e.value)
    assert code_of(lambda: preflight.hash_identifier("emails", "a@b.co")) == "unknown_id_type"
    assert code_of(lambda: preflight.hash_identifier("email", "a@b.co", phoneFormat="e164")) == "bad_options"
    assert code_of(lambda: preflight.hash_identifier("phone_number", "1", phone_format="nope")) == "unknown_phone_format"
    assert code_of(lambda: preflight.hash_identifier("phone_number", "1", default_country_code="x")) == "invalid_default_country_code"
    assert code_of(lambda: preflight.hash_identifiers("email", "a@b.co")) == "invalid_argument"


def test_signing() -> None:
    # The spec's CRC example (src/signing/crc.rs doc test): an independent published value.
    token = "9b4507b3-9040-4669-9ca3-6b94edb50553"
    got = preflight.crc_response("consumer_secret", token)
    assert got.startswith("sha256=")
    import base64, hashlib, hmac

    want = "sha256=" + base64.b64encode(hmac.new(b"consumer_secret", token.encode(), hashlib.sha256).digest()).decode()
    assert got == want
    assert code_of(lambda: preflight.crc_response(SECRET, "<script>")) != ""
    body = b'{"for_user_id":"1"}'
    header = "sha256=" + base64.b64encode(hmac.new(SECRET.encode(), body, hashlib.sha256).digest()).decode()
    assert preflight.verify_signature(SECRET, body, header) is True
    assert preflight.verify_signature(SECRET, body + b" ", header) is False
    assert preflight.verify_signature(SECRET, body, None) is False
    with pytest.raises(PreflightError) as e:
        preflight.verify_signature(SECRET, body.decode(), header)  # type: ignore[arg-type]
    assert e.value.code == "invalid_argument" and "bytes" in str(e.value)
    assert code_of(lambda: preflight.verify_signature(SECRET, {"for_user_id": "1"}, header)) == "invalid_argument"  # type: ignore[arg-type]


def test_the_error_pickles() -> None:
    e = PreflightError("unknown_kind", "m")
    back = pickle.loads(pickle.dumps(e))
    assert (type(back), back.code, str(back)) == (PreflightError, "unknown_kind", "m")


def test_no_python_exception_but_preflight_error() -> None:
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert code_of(lambda: preflight.validate("product", deep)) == "too_deep"
    assert code_of(lambda: preflight.validate("product", "[" * 5000 + "]" * 5000)) == "too_deep"
    assert code_of(lambda: preflight.validate("product", '{"a":"\ud800"}')) == "invalid_json"
    assert code_of(lambda: preflight.validate("product", {"a": "\ud800"})) == "invalid_json"
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifier("email", "a\ud800@b.co")
    assert e.value.code == "invalid_utf8" and "\ud800" not in str(e.value)
    assert preflight.hash_identifiers("email", ["a@b.co", "a\ud800@b.co"])[1] == [(1, "invalid_utf8")]
    assert code_of(lambda: preflight.crc_response("s\udc00", "abc")) == "invalid_utf8"
    # A header with no UTF-8 form verifies nothing: False, as every other bad header.
    assert preflight.verify_signature("s", b"", "sha256=\ud800") is False


def test_now_as_an_aware_datetime_is_its_iso_text() -> None:
    import datetime as dt

    when = dt.datetime(2026, 11, 5, tzinfo=dt.timezone.utc)
    payload = {"name": "x"}
    a = preflight.validate("card", payload, now=when).to_json()
    assert a == preflight.validate("card", payload, now="2026-11-05T00:00:00Z").to_json()
    assert code_of(lambda: preflight.validate("card", payload, now=dt.datetime(2026, 11, 5))) == "bad_options"


def test_hash_identifiers_agrees_with_hash_identifier_and_hashlib() -> None:
    import hashlib

    values = [f"User{i}@Example.COM" if i % 3 else f"bad {i}" for i in range(37)] + ["", "é@x.fr"]
    outputs, rejected = preflight.hash_identifiers("email", values)
    assert len(outputs) == len(values)
    for i, v in enumerate(values):
        try:
            want = preflight.hash_identifier("email", v)
        except PreflightError as e:
            assert outputs[i] is None and (i, e.code) in rejected
            continue
        assert outputs[i] == want
    assert outputs[1] == hashlib.sha256(b"user1@example.com").hexdigest()
    assert [i for i, _ in rejected] == [i for i, o in enumerate(outputs) if o is None]
