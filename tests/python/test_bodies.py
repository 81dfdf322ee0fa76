"""Upload bodies through Python: byte for byte the native command line's
(`preflight audience-batch --ndjson`), in input order within the limits, every user or value
left out reported, and the hashes recomputed with `hashlib`."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any, Dict, List

import pytest

import preflight
from preflight import PreflightError, Problem

from _cli import run

NOW = "2026-11-05T00:00:00Z"


def cli_bodies(endpoint: str, records: List[Dict[str, Any]], *args: str) -> List[str]:
    ndjson = "".join(json.dumps(r) + "\n" for r in records).encode()
    out = run(["audience-batch", "--endpoint", endpoint, "--ndjson", "--input-format", "ndjson", *args, "-"], stdin=ndjson)
    assert out.returncode in (0, 1), out.stderr
    return out.stdout.decode().splitlines()


def records(n: int) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    for i in range(n):
        r: Dict[str, Any] = {"email": [f" User{i}@Example.com ", f"u{i}@b.co"]}
        if i % 3 == 0:
            r["phone_number"] = f"+44 20 7946 {i % 10000:04d}"
        if i % 7 == 0:
            r["handle"] = f"@Handle{i}"
        if i % 11 == 0:
            r["email"].append("not an email")  # left out, the user kept
        if i % 13 == 0:
            r = {}  # no identifiers: rejected
        out.append(r)
    return out


@pytest.mark.parametrize(
    "options,cli",
    [
        ({}, []),
        ({"max_users_per_body": 7}, ["--max-users-per-body", "7"]),
        ({"max_body_bytes": 2000}, ["--max-body-bytes", "2000"]),
        ({"operation": "Delete", "effective_at": "2026-12-01T00:00:00Z"}, ["--effective-at", "2026-12-01T00:00:00Z"]),
        ({"default_country_code": "44", "max_users_per_body": 50}, ["--default-country-code", "44", "--max-users-per-body", "50"]),
    ],
)
def test_same_bytes_as_the_command_line(options: Dict[str, Any], cli: List[str]) -> None:
    recs = records(300)
    options = dict({"operation": "Update", "now": NOW}, **options)
    ours = preflight.audience_bodies("custom_audience_users", recs, **options)
    theirs = cli_bodies("custom_audience_users", recs, "--operation", options["operation"], "--now", NOW, *cli)
    assert len(ours.bodies) > 1 or "max_body_bytes" not in options
    assert ours.bodies == theirs


def test_do_not_reach_same_bytes_as_the_command_line() -> None:
    recs = [{"email": "a@b.co"}, {"phone_number": "+1 202 555 0100"}, {"handle": "@x"}, {"email": "c@d.co", "handle": "@y"}]
    ours = preflight.audience_bodies("do_not_reach_users", recs, operation="Update", expires_at="2027-01-01T00:00:00Z", now=NOW)
    theirs = cli_bodies("do_not_reach_users", recs, "--operation", "Update", "--expires-at", "2027-01-01T00:00:00Z", "--now", NOW)
    assert ours.bodies == theirs
    # The endpoint takes no handle: a user with only one is rejected, one with more keeps the rest.
    assert ours.rejected == [Problem(2, "handle", None, "field_not_allowed")]
    assert ours.dropped == [Problem(3, "handle", None, "field_not_allowed")]


def test_order_limits_and_hashes() -> None:
    recs = [{"email": f"user{i}@example.com"} for i in range(25)]
    out = preflight.audience_bodies("custom_audience_users", recs, operation="Update", now=NOW, max_users_per_body=10)
    assert out.records == [list(range(0, 10)), list(range(10, 20)), list(range(20, 25))]
    hashes = [u["email"][0] for b in out.bodies for u in json.loads(b)[0]["params"]["users"]]
    assert hashes == [hashlib.sha256(f"user{i}@example.com".encode()).hexdigest() for i in range(25)]
    assert out.rejected == [] and out.dropped == []
    # The engine's own text, compact, one operation per body.
    assert all(b.startswith('[{"operation_type":"Update","params":{"users":[') and " " not in b for b in out.bodies)


def test_values_that_cannot_be_passed_are_reported_with_their_positions() -> None:
    recs: List[Any] = [
        {"email": ["a@b.co", 5, "x", "c@d.co"]},  # not_a_string at 1, invalid_email at 2 (input position)
        {"email": [None]},  # nothing passed: rejected, its not_a_string reported once
        {"email": 7, "handle": "@ok"},  # a field that is not a str or list: not_a_string, user kept
        {"email": "\ud800@b.co"},  # a lone surrogate: invalid_utf8
    ]
    out = preflight.audience_bodies("custom_audience_users", recs, operation="Update", now=NOW)
    assert out.dropped == [
        Problem(0, "email", 1, "not_a_string"),
        Problem(0, "email", 2, "invalid_email"),
        Problem(2, "email", None, "not_a_string"),
    ]
    assert out.rejected == [Problem(1, "email", 0, "not_a_string"), Problem(3, "email", 0, "invalid_utf8")]
    assert out.records == [[0, 2]]
    users = json.loads(out.bodies[0])[0]["params"]["users"]
    assert users[0]["email"] == [hashlib.sha256(b"a@b.co").hexdigest(), hashlib.sha256(b"c@d.co").hexdigest()]


def test_a_record_country_and_datetimes() -> None:
    recs = [{"phone_number": "020 7946 0000", "country": "GB"}, {"phone_number": "020 7946 0000"}]
    out = preflight.audience_bodies("custom_audience_users", recs, operation="Update", now=NOW)
    assert out.records == [[0]]
    assert out.rejected == [Problem(1, "phone_number", 0, "missing_country_code")]
    when = dt.datetime(2026, 12, 1, 10, 30, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    a = preflight.audience_bodies("custom_audience_users", [{"email": "a@b.co"}], operation="Update", now=NOW, effective_at=when)
    b = preflight.audience_bodies("custom_audience_users", [{"email": "a@b.co"}], operation="Update", now=NOW, effective_at="2026-12-01T09:30:00Z")
    assert a.bodies == b.bodies and '"effective_at":"2026-12-01T09:30:00Z"' in a.bodies[0]
    with pytest.raises(PreflightError) as e:
        preflight.audience_bodies("custom_audience_users", [], operation="Update", effective_at=dt.datetime(2026, 12, 1))
    assert e.value.code == "invalid_effective_at"


def test_wrong_calls() -> None:
    def code(*args: Any, **kw: Any) -> str:
        with pytest.raises(PreflightError) as e:
            preflight.audience_bodies(*args, **kw)
        return e.value.code

    assert code("nope", [], operation="Update") == "unknown_endpoint"
    assert code(5, [], operation="Update") == "unknown_endpoint"
    assert code("custom_audience_users", [], operation="Upsert") == "unknown_operation"
    assert code("custom_audience_users", [{"emial": "a@b.co"}], operation="Update") == "invalid_record"
    assert code("custom_audience_users", ["a@b.co"], operation="Update") == "invalid_record"
    assert code("custom_audience_users", [{"phone_number": "1", "country": 44}], operation="Update") == "invalid_record"
    assert code("custom_audience_users", "a@b.co", operation="Update") == "invalid_argument"
    # No records: the options are still checked, and there is no body.
    assert preflight.audience_bodies("custom_audience_users", [], operation="Update").bodies == []
