"""The batch readers of the Python binding (``_answers_batches.py``): ``audience_outcome`` takes
``audience_bodies``' result as it is and maps each answer back to every input record;
``read_product_answer`` takes the body sent as text, bytes or a mapping. The readers' rules are the
shared vectors' (test_answers_vectors.py); here, what the wrappers hand the engine."""

from __future__ import annotations

import json

import pytest

import preflight
from preflight import PreflightError

OK = '{"data":{"success_count":1,"total_count":1}}'


def test_audience_outcome_over_audience_bodies() -> None:
    built = preflight.audience_bodies(
        "custom_audience_users",
        [{"email": "a@x.com"}, {"email": "not an email"}, {"email": "b@x.com"}, {"email": "c@x.com"}],
        operation="Update",
        max_users_per_body=2,
    )
    assert built.records == [[0, 2], [3]]
    out = preflight.audience_outcome(built, [OK, b'{"errors":[{"code":"E","message":"m"}]}'], rows=[2, 3, 4, 5])
    assert [(r["index"], r["row"], r["outcome"], r["body"], r["code"], r["message"]) for r in out["records"]] == [
        (0, 2, "accepted", 0, None, None),
        (1, 3, "rejected", None, "invalid_email", None),
        (2, 4, "accepted", 0, None, None),
        (3, 5, "failed", 1, "E", "m"),
    ]
    assert out["counts"] == {"records": 4, "accepted": 2, "rejected": 1, "failed": 1, "retry": 0}
    again = preflight.audience_outcome(built, [OK, None])
    assert again["retry"] == [{"body": 1, "json": built.bodies[1], "records": [3]}]
    assert again["records"][3]["code"] == "no_answer"
    # Bytes that are not UTF-8 are not JSON: that body's records to retry, not a failed call.
    bad = preflight.audience_outcome(built, [OK, b"{\xff}"])
    assert bad["records"][3]["code"] == "not_json"


def test_audience_outcome_wrong_calls() -> None:
    body = '[{"operation_type":"Delete","params":{"users":[{"email":["x"]}]}}]'
    assert preflight.audience_outcome([body], [OK])["records"][0]["outcome"] == "accepted"
    with pytest.raises(PreflightError) as e:
        preflight.audience_outcome([body], [])
    assert e.value.code == "bad_arguments"
    for built, answers in [([body], [42]), ("x", [OK]), ([{"nope": 1}], [OK]), ([body], OK)]:
        with pytest.raises(PreflightError) as e:
            preflight.audience_outcome(built, answers)  # type: ignore[arg-type]
        assert e.value.code == "invalid_argument"


def test_read_product_answer_takes_text_bytes_or_mapping() -> None:
    sent = {"products": [{"id": "a"}, {"id": "b"}]}
    text = '{"data":{"products_response":[{"id":"a","status":"CREATE_SUCCESS","errors":[],"warnings":[],"product_key":"k"}]}}'
    a = preflight.read_product_answer(sent, text)
    b = preflight.read_product_answer(json.dumps(sent), text.encode())
    assert a == b
    assert [p["outcome"] for p in a["products"]] == ["created", "unanswered"]
    assert [i["code"] for i in a["issues"]] == ["not_answered", "count_mismatch"]
    with pytest.raises(PreflightError) as e:
        preflight.read_product_answer(sent, "<html>")
    assert e.value.code == "invalid_json"
