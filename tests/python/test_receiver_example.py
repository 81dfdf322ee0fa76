"""examples/python/webhook_receiver.py through FastAPI's TestClient: the CRC answer against an
independent hmac/hashlib/base64 computation and the spec's vector, a token of the wrong shape
refused and never signed, signed events verified over the raw bytes (the same JSON written with
other bytes fails), a missing, wrong or repeated header refused, the replay window (an old event,
a future one, an event without a time, a duplicate id), and no secret in any answer or log."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples/python"))
import webhook_receiver as wr  # noqa: E402

SECRET = b"receiver-test-secret-f00dfeed"
NOW = 1_790_000_000.0
CREATED_AT = "2026-09-21T14:13:20Z"  # NOW as RFC 3339 (checked below)


def sig(body: bytes, secret: bytes = SECRET) -> str:
    """The signature header, computed with the standard library only."""
    return "sha256=" + base64.b64encode(hmac.new(secret, body, hashlib.sha256).digest()).decode()


class Harness:
    def __init__(self, **overrides: Any) -> None:
        self.now = NOW
        self.events: List[Dict[str, Any]] = []
        options: Dict[str, Any] = {"clock": lambda: self.now, "on_event": self.events.append}
        options.update(overrides)
        config = wr.ReceiverConfig(consumer_secret=SECRET, **options)
        self.client = TestClient(wr.create_app(config))

    def post(self, body: bytes, header: Optional[str] = "auto", name: str = wr.SIGNATURE_HEADER) -> Any:
        headers = {"content-type": "application/json"}
        if header == "auto":
            headers[name] = sig(body)
        elif header is not None:
            headers[name] = header
        return self.client.post("/webhook", content=body, headers=headers)


def event(**fields: Any) -> bytes:
    doc: Dict[str, Any] = {"event_id": "e-1", "created_at": CREATED_AT, "text": "héllo"}
    doc.update(fields)
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.fixture
def h() -> Harness:
    return Harness()


def test_the_fixed_time_is_what_the_tests_say() -> None:
    assert wr.event_time({"created_at": CREATED_AT}) == NOW
    assert wr.event_time({"created_timestamp": str(int(NOW * 1000))}) == NOW
    assert wr.event_time({"created_timestamp": int(NOW * 1000)}) == NOW
    assert wr.event_time({"created_at": "2026-09-21T14:13:20"}) is None  # no offset
    assert wr.event_time({"created_timestamp": True}) is None


# --- CRC ---------------------------------------------------------------------------------------


def test_crc_answer_equals_an_independent_hmac(h: Harness) -> None:
    token = "9b4507b3-9040-4669-9ca3-6b94edb50553"
    r = h.client.get("/webhook", params={"crc_token": token})
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-store"
    want = "sha256=" + base64.b64encode(hmac.new(SECRET, token.encode(), hashlib.sha256).digest()).decode()
    assert r.json() == {"response_token": want}


def test_crc_spec_vector() -> None:
    # shared/spec/signing.md, "Public vectors".
    h = Harness()
    config = wr.ReceiverConfig(consumer_secret=b"z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu")
    h.client = TestClient(wr.create_app(config))
    r = h.client.get("/webhook?crc_token=9b4507b3-9040-4669-9ca3-6b94edb50553")
    assert r.json() == {"response_token": "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8="}


def test_crc_base64_token_is_form_decoded(h: Harness) -> None:
    token = "ab+cd/ef==0123456789"
    r = h.client.get("/webhook?crc_token=ab%2Bcd%2Fef%3D%3D0123456789")
    assert r.json()["response_token"] == sig(token.encode())


@pytest.mark.parametrize(
    "query,code",
    [
        ("", "missing_crc_token"),
        ("?crc_token=aaaaaaaaaaaaaaaa&crc_token=bbbbbbbbbbbbbbbb", "duplicate_crc_token"),
        ("?crc_token=short", "crc_token_shape"),
        ("?crc_token=" + "%7B%22event_id%22%3A1%7D0000000000", "crc_token_shape"),  # a JSON body
        ("?crc_token=" + "a" * 129, "crc_token_shape"),
    ],
)
def test_crc_refusals_are_400_with_the_code_and_never_signed(h: Harness, query: str, code: str) -> None:
    r = h.client.get("/webhook" + query)
    assert r.status_code == 400
    assert r.json() == {"error": code}
    assert "sha256=" not in r.text


# --- signed events -----------------------------------------------------------------------------


def test_a_signed_event_is_processed_once(h: Harness) -> None:
    body = event()
    r = h.post(body)
    assert (r.status_code, r.content) == (200, b"")
    assert h.events == [json.loads(body)]


def test_the_same_json_with_other_bytes_does_not_verify(h: Harness) -> None:
    body = event()
    reserialized = json.dumps(json.loads(body)).encode()  # spaces, \u escapes: same value
    assert reserialized != body and json.loads(reserialized) == json.loads(body)
    r = h.post(reserialized, header=sig(body))
    assert r.status_code == 403
    assert r.json() == {"error": "signature_not_verified"}
    assert h.events == []


@pytest.mark.parametrize(
    "header",
    [
        "sha256=" + base64.b64encode(b"\0" * 32).decode(),
        "",
        "sha256=",
        "sha1=abc",
        "sha256=!!!",
    ],
)
def test_a_wrong_header_is_403(h: Harness, header: str) -> None:
    r = h.post(event(), header=header)
    assert r.status_code == 403
    assert h.events == []


def test_a_header_made_with_another_secret_is_403(h: Harness) -> None:
    body = event()
    assert h.post(body, header=sig(body, b"other-secret")).status_code == 403


def test_a_missing_header_is_401(h: Harness) -> None:
    r = h.post(event(), header=None)
    assert r.status_code == 401
    assert r.json() == {"error": "missing_signature"}
    assert h.events == []


def test_the_header_name_is_case_insensitive_and_two_copies_are_refused(h: Harness) -> None:
    body = event()
    assert h.post(body, name="X-Service-Webhooks-Signature").status_code == 200
    body2 = event(event_id="e-2")
    r = h.client.post(
        "/webhook",
        content=body2,
        headers=[(wr.SIGNATURE_HEADER, sig(body2)), (wr.SIGNATURE_HEADER, sig(body2))],
    )
    assert r.status_code == 403
    assert len(h.events) == 1


def test_verified_but_not_an_object_or_not_json(h: Harness) -> None:
    # The CRC answer for a token of digits is a valid signature of that number as a body.
    digits = b"1234567890123456789012"
    assert h.client.get("/webhook", params={"crc_token": digits.decode()}).status_code == 200
    r = h.post(digits)
    assert (r.status_code, r.json()) == (400, {"error": "event_not_an_object"})
    r = h.post(b"{not json")
    assert (r.status_code, r.json()) == (400, {"error": "invalid_json"})
    # Past int()'s digit limit (CPython 3.11+: ValueError from json.loads): 400, not a 500.
    r = h.post(b'{"a":' + b"9" * 5000 + b"}")
    if sys.version_info >= (3, 11):
        assert (r.status_code, r.json()) == (400, {"error": "invalid_json"})
    assert h.events == []


def test_a_body_past_the_limit_is_413() -> None:
    h = Harness(max_body_bytes=64)
    body = event(text="x" * 100)
    assert h.post(body).status_code == 413
    assert h.events == []


# --- replay window -----------------------------------------------------------------------------


def test_an_old_event_is_refused(h: Harness) -> None:
    h.now = NOW + wr.DEFAULT_WINDOW_SECONDS + 1
    r = h.post(event())
    assert (r.status_code, r.json()) == (400, {"error": "event_outside_window"})
    assert h.events == []
    h.now = NOW + wr.DEFAULT_WINDOW_SECONDS  # the edge is inside
    assert h.post(event()).status_code == 200


def test_an_event_from_the_future_is_refused(h: Harness) -> None:
    h.now = NOW - wr.DEFAULT_FUTURE_SKEW_SECONDS - 1
    assert h.post(event()).json() == {"error": "event_outside_window"}


def test_an_event_without_a_readable_time_is_refused(h: Harness) -> None:
    doc = {"event_id": "e-9", "text": "no time"}
    r = h.post(json.dumps(doc).encode())
    assert (r.status_code, r.json()) == (400, {"error": "missing_event_time"})


def test_a_replayed_event_is_not_processed_again(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="webhook_receiver")
    body = event()
    assert h.post(body).status_code == 200
    h.now += 10
    r = h.post(body)
    assert (r.status_code, r.content) == (200, b"")
    assert len(h.events) == 1
    assert caplog.records[-1].getMessage().endswith(" duplicate")
    # Another id is another event.
    assert h.post(event(event_id="e-2")).status_code == 200
    assert len(h.events) == 2


def test_the_window_is_injectable_and_ids_are_kept_as_long_as_it() -> None:
    h = Harness(window_seconds=30.0)
    body = event()
    assert h.post(body).status_code == 200
    h.now = NOW + 30
    assert h.post(body).status_code == 200 and len(h.events) == 1  # still remembered
    h.now = NOW + 31
    assert h.post(body).json() == {"error": "event_outside_window"}
    assert len(h.client.app.state.seen) == 1  # type: ignore[attr-defined]
    assert h.post(event(event_id="e-3", created_at="2026-09-21T14:13:50Z")).status_code == 200
    assert "event_id:e-1" not in h.client.app.state.seen  # type: ignore[attr-defined]


def test_a_failed_handler_is_500_and_the_redelivery_is_processed() -> None:
    calls: List[Dict[str, Any]] = []

    def flaky(e: Dict[str, Any]) -> None:
        calls.append(e)
        if len(calls) == 1:
            raise RuntimeError("boom")

    h = Harness(on_event=flaky)
    body = event()
    assert h.post(body).status_code == 500
    assert h.post(body).status_code == 200
    assert len(calls) == 2


def test_a_full_id_table_is_503() -> None:
    h = Harness(max_seen_ids=1)
    assert h.post(event(event_id="a")).status_code == 200
    assert h.post(event(event_id="b")).json() == {"error": "too_many_events"}


# --- the secret --------------------------------------------------------------------------------


def test_the_secret_is_in_no_answer_and_no_log(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    h = Harness()
    secret_text = SECRET.decode()
    answers = [
        h.client.get("/webhook", params={"crc_token": "a" * 20}),
        h.client.get("/webhook"),
        h.client.get("/webhook", params={"crc_token": secret_text}),
        h.post(event()),
        h.post(event(event_id="x"), header="sha256=" + secret_text),
        h.post(event(event_id="y"), header=None),
        h.post(b"[1]"),
    ]
    b64 = base64.b64encode(SECRET).decode()
    for r in answers:
        blob = r.text + repr(dict(r.headers))
        assert secret_text not in blob and b64 not in blob
    # Server side only: the test client's own logger (httpx) prints the URLs it requested.
    server = [rec for rec in caplog.records if not rec.name.startswith(("httpx", "httpcore"))]
    assert len([rec for rec in server if rec.name == "webhook_receiver"]) == len(answers)
    for rec in server:
        line = rec.getMessage()
        assert secret_text not in line and "crc_token=" not in line and "sha256=" not in line
    assert secret_text not in repr(h.client.app)  # type: ignore[attr-defined]
    config = wr.ReceiverConfig(consumer_secret=SECRET)
    assert secret_text not in repr(config) and secret_text not in str(config)


def test_the_secret_comes_from_the_environment_and_leaves_it() -> None:
    env = {wr.SECRET_VARIABLE: SECRET.decode()}
    config = wr.config_from_env(env)
    assert config.consumer_secret == SECRET
    assert wr.SECRET_VARIABLE not in env
    with pytest.raises(SystemExit) as e:
        wr.config_from_env({})
    assert wr.SECRET_VARIABLE in str(e.value)


def test_other_paths_and_methods() -> None:
    h = Harness()
    assert h.client.get("/other?crc_token=" + "a" * 20).status_code == 404
    assert h.client.put("/webhook").status_code == 405
