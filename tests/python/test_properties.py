"""Property tests (hypothesis) over every public function of `preflight`.

1. **Only two outcomes.** Whatever the arguments (text with lone surrogates, random bytes, huge
   and deeply nested JSON, wrong types, `None`, ints where a kind is expected, huge ints, NaN,
   very long strings, dicts with non-`str` keys), a call returns a value of its documented type
   or raises `preflight.PreflightError` whose `code` is one of the engine's documented codes
   (pkg/types/codes.d.ts, `AnyErrorCode`) and whose message holds no argument text. Never a
   `PanicException`, a `SystemError`, a `TypeError` or `OverflowError` from the native layer,
   a crash or a hang (a generous per-call deadline).
2. **Agreements.** `hash_identifier` agrees with `hash_identifiers` value by value; `validate`
   on a `dict` gives what it gives on its `json.dumps` text and on that text's bytes;
   `verify_signature` accepts a header made with `hmac` and refuses it once any byte of the body
   is flipped; `crc_response` is `hmac`'s answer for every token of the allowed shape.
3. **Dict keys.** A key that is not a `str` anywhere in a payload is `invalid_argument` (never
   written as a string by `json.dumps`), and the message names no key.

Profiles: `PREFLIGHT_HYPOTHESIS_PROFILE=long` runs many more examples (the default one runs in a
few seconds). Every public name of `preflight.__all__` must be covered here
(`test_every_public_function_is_covered`).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import math
import os
import re
from pathlib import Path
from typing import Any, Callable, Dict, List, Set
from urllib.parse import quote

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import preflight
from preflight import PreflightError

ROOT = Path(__file__).resolve().parents[2]

# (profile, examples per property, deadline of one example: generous, a debug build on a busy
# machine; a call slower than that fails the property)
for _name, _examples, _seconds in (("default", 60, 5), ("long", 1000, 10)):
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=dt.timedelta(seconds=_seconds),
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
settings.load_profile(os.environ.get("PREFLIGHT_HYPOTHESIS_PROFILE", "default"))


def _documented_codes() -> Set[str]:
    """Every code of `AnyErrorCode` in pkg/types/codes.d.ts: the unions it joins, read from the
    file (each `export type XCode = | 'a' | 'b' | OtherCode;`)."""
    text = (ROOT / "pkg/types/codes.d.ts").read_text(encoding="utf-8")
    unions: Dict[str, str] = dict(re.findall(r"export type (\w+) =([^;]*);", text))

    def expand(name: str) -> Set[str]:
        body = unions[name]
        codes = set(re.findall(r"'([a-z0-9_]+)'", body))
        for ref in re.findall(r"\|\s*([A-Z]\w+)", body):
            codes |= expand(ref)
        return codes

    return expand("AnyErrorCode")


CODES = _documented_codes()
KINDS = preflight.kinds()
ID_TYPES = ["email", "phone_number", "handle", "device_id", "service_id", "partner_user_id"]


def test_the_code_list_is_read() -> None:
    # A few codes of each family: a wrong parse of codes.d.ts would make the checks below vacuous.
    for code in ("unknown_kind", "invalid_json", "too_deep", "invalid_email", "crc_token_shape",
                 "invalid_argument", "invalid_utf8", "bad_options", "unknown_id_type"):
        assert code in CODES
    assert "too_many_issues" not in CODES  # an issue code, not an error


# --- strategies ---------------------------------------------------------------------------------

#: Text that may hold lone surrogates (st.characters() draws them only now and then).
texts = st.lists(
    st.one_of(st.characters(), st.sampled_from(["\ud800", "\udfff", "\x00", "\ufeff", "é", "\u0301"])),
    max_size=40,
).map("".join)

huge_ints = st.one_of(st.integers(), st.integers(min_value=-(2**300), max_value=2**300))
long_texts = st.sampled_from([1_000, 100_000, 2_000_000]).flatmap(
    lambda n: st.sampled_from(["a", "é", "\ud800", "0", "@"]).map(lambda c: c * n)
)
json_scalars = st.one_of(
    st.none(), st.booleans(), huge_ints, st.floats(allow_nan=False, allow_infinity=False), texts
)
json_values = st.recursive(
    json_scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=6), st.dictionaries(texts, kids, max_size=6)),
    max_leaves=40,
)


def _nest(depth: int, dicts: bool) -> Any:
    v: Any = 0
    for _ in range(depth):
        v = {"a": v} if dicts else [v]
    return v


deep = st.tuples(st.integers(0, 3000), st.booleans()).map(lambda t: _nest(*t))
odd_keys = st.dictionaries(
    st.one_of(huge_ints, st.booleans(), st.none(), st.floats(), st.tuples(st.integers())), json_values,
    min_size=1, max_size=4,
)
anything = st.one_of(
    json_values,
    st.binary(max_size=200),
    st.floats(),  # NaN and infinities
    huge_ints,
    long_texts,
    deep,
    odd_keys,
    st.builds(bytearray, st.binary(max_size=50)),
    st.builds(memoryview, st.binary(max_size=50)),
    st.sets(st.integers(), max_size=3),
    st.tuples(json_scalars, json_scalars),
    st.just(object()),
    st.just(float("nan")),
    st.builds(lambda: dt.datetime(2026, 1, 1)),
    st.builds(lambda: dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)),
    st.just(b"\xff\xfe"),
)
kinds = st.one_of(st.sampled_from(KINDS), anything)
id_types = st.one_of(st.sampled_from(ID_TYPES), anything)
id_values = st.one_of(
    texts,
    st.emails(),
    st.from_regex(r"\+?[0-9 ()\-]{1,20}", fullmatch=True),
    st.from_regex(r"@?[A-Za-z0-9_]{1,20}", fullmatch=True),
    st.from_regex(r"[0-9a-fA-F]{64}", fullmatch=True),
    anything,
)
hash_options = st.dictionaries(
    st.sampled_from(["phone_format", "default_country_code", "prehashed", "phoneFormat", "x"]),
    st.one_of(st.sampled_from(["e164", "digits", "E164", "", "1", "44", "+1", "٤٤"]), st.booleans(), anything),
    max_size=3,
)
secrets = st.one_of(st.binary(max_size=64), texts, anything)


# --- outcome checks -----------------------------------------------------------------------------


def _strs_in(value: Any) -> List[str]:
    """Argument texts long enough to be recognisable in a message."""
    if isinstance(value, str):
        return [value] if len(value) >= 6 else []
    if isinstance(value, (bytes, bytearray)):
        try:
            s = bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return []
        return [s] if len(s) >= 6 else []
    return []


def outcome(call: Callable[[], Any], ok: Callable[[Any], bool], *args: Any) -> Any:
    """The call's result (checked with `ok`), or None when it raised a documented PreflightError."""
    try:
        result = call()
    except PreflightError as e:
        assert isinstance(e, ValueError)
        assert e.code in CODES, f"undocumented code {e.code!r}"
        assert isinstance(e.message, str) and e.message
        for s in (x for a in args for x in _strs_in(a)):
            assert s not in e.message, "an argument appears in the message"
        return None
    assert ok(result), f"unexpected result type {type(result).__name__}"
    return result


def is_hash_result(r: Any) -> bool:
    outputs, rejected = r
    return (
        isinstance(outputs, list)
        and all(o is None or isinstance(o, str) for o in outputs)
        and isinstance(rejected, list)
        and all(isinstance(i, int) and isinstance(c, str) and c in CODES for i, c in rejected)
        and sorted(i for i, _ in rejected) == [i for i, _ in rejected]
        and [i for i, o in enumerate(outputs) if o is None] == [i for i, _ in rejected]
    )


# --- 1. only two outcomes -----------------------------------------------------------------------


@given(kind=kinds, payload=anything, context=st.one_of(st.none(), anything, odd_keys),
       now=st.one_of(st.none(), anything), max_issues=st.one_of(st.none(), anything))
def test_validate(kind: Any, payload: Any, context: Any, now: Any, max_issues: Any) -> None:
    r = outcome(lambda: preflight.validate(kind, payload, context=context, now=now, max_issues=max_issues),
                lambda r: isinstance(r, preflight.Report), payload)
    if r is not None:
        assert isinstance(r.valid, bool) and isinstance(r.to_json(), str)
        assert all(isinstance(i, preflight.Issue) for i in r.issues)
        assert r.valid == (not r.errors)


@given(kind=kinds)
def test_describe_and_json_schema(kind: Any) -> None:
    outcome(lambda: preflight.describe(kind), lambda r: isinstance(r, dict), kind)
    outcome(lambda: preflight.json_schema(kind), lambda r: isinstance(r, dict), kind)


def test_kinds() -> None:
    assert KINDS and all(isinstance(k, str) for k in KINDS)
    for k in KINDS:
        assert isinstance(preflight.describe(k), dict) and isinstance(preflight.json_schema(k), dict)


@given(id_type=id_types, value=id_values, options=hash_options)
def test_hash_identifier(id_type: Any, value: Any, options: Dict[str, Any]) -> None:
    r = outcome(lambda: preflight.hash_identifier(id_type, value, **options),
                lambda r: isinstance(r, str), value)
    if r is not None and id_type != "partner_user_id" and not options.get("prehashed"):
        assert re.fullmatch(r"[0-9a-f]{64}", r)


def _utf8_text(t: str) -> bool:
    return not any(0xD800 <= ord(c) < 0xE000 for c in t)


#: Columns of every kind hash_identifiers takes, and some of kinds it refuses.
arrow_columns = st.tuples(
    st.lists(st.one_of(texts.filter(_utf8_text), st.emails(), st.none()), max_size=8),
    st.sampled_from(["array", "large", "chunked", "dictionary", "pandas", "polars", "ints", "binary"]),
).map(lambda t: _column(*t))


def _column(cells: List[Any], form: str) -> Any:
    if form == "array":
        return pa.array(cells, type=pa.string())
    if form == "large":
        return pa.array(cells, type=pa.large_string())
    if form == "chunked":
        half = len(cells) // 2
        return pa.chunked_array([pa.array(cells[:half], type=pa.string()), pa.array(cells[half:], type=pa.string())])
    if form == "dictionary":
        return pa.array(cells, type=pa.string()).dictionary_encode()
    if form == "pandas":
        return pd.Series(cells, dtype=object)
    if form == "polars":
        return pl.Series("c", cells, dtype=pl.String)
    if form == "ints":
        return pa.array([len(c or "") for c in cells])
    return pa.array([(c or "").encode() for c in cells], type=pa.binary())


def is_hash_column_result(r: Any) -> bool:
    outputs, rejected = r
    if isinstance(outputs, list):
        return is_hash_result(r)
    cells = outputs.to_list() if isinstance(outputs, (pd.Series, pl.Series)) else outputs.to_pylist()
    return is_hash_result((cells, rejected))


@given(id_type=id_types, values=st.one_of(st.lists(id_values, max_size=8), anything, arrow_columns,
                                          st.lists(texts, max_size=8).map(iter)),
       country=st.one_of(st.none(), st.lists(st.one_of(st.none(), st.sampled_from(["44", "+1", "GB", "x", ""]), texts), max_size=8),
                         arrow_columns, anything),
       threads=st.one_of(st.none(), st.integers(-2, 8), anything),
       options=hash_options)
def test_hash_identifiers(id_type: Any, values: Any, country: Any, threads: Any, options: Dict[str, Any]) -> None:
    outcome(lambda: preflight.hash_identifiers(id_type, values, country=country, threads=threads, **options),
            is_hash_column_result)


@given(id_type=st.sampled_from(ID_TYPES),
       cells=st.lists(st.one_of(texts.filter(_utf8_text), st.emails(), st.none(),
                                st.from_regex(r"\+?[0-9 ]{1,16}", fullmatch=True)), max_size=12),
       form=st.sampled_from(["array", "large", "chunked", "dictionary", "pandas", "polars"]),
       threads=st.one_of(st.none(), st.integers(1, 4)))
def test_a_column_gives_what_a_list_gives(id_type: str, cells: List[Any], form: str, threads: Any) -> None:
    # A null cell is an empty value.
    want = preflight.hash_identifiers(id_type, [c or "" for c in cells])
    out, rejected = preflight.hash_identifiers(id_type, _column(cells, form), threads=threads)
    got = out.to_list() if isinstance(out, (pd.Series, pl.Series)) else out.to_pylist()
    # pandas shows a null output as NaN.
    got = [None if isinstance(g, float) and math.isnan(g) else g for g in got]
    assert (got, rejected) == want


@given(secret=secrets, token=st.one_of(texts, anything, st.from_regex(r"[A-Za-z0-9+/=_\-]{10,140}", fullmatch=True)))
def test_crc_response(secret: Any, token: Any) -> None:
    r = outcome(lambda: preflight.crc_response(secret, token), lambda r: isinstance(r, str), secret, token)
    if r is not None:
        assert r.startswith("sha256=")


@given(secret=secrets, body=st.one_of(st.binary(max_size=300), anything), header=st.one_of(st.none(), texts, anything))
def test_verify_signature(secret: Any, body: Any, header: Any) -> None:
    outcome(lambda: preflight.verify_signature(secret, body, header), lambda r: isinstance(r, bool), secret, header)


# --- 2. agreements -------------------------------------------------------------------------------


@given(id_type=st.sampled_from(ID_TYPES), values=st.lists(st.one_of(texts, st.emails(), st.from_regex(r"\+?[0-9 ]{1,16}", fullmatch=True)), max_size=12),
       options=st.dictionaries(st.sampled_from(["phone_format", "default_country_code", "prehashed"]),
                               st.one_of(st.sampled_from(["e164", "digits", "1", "44", "x"]), st.booleans()), max_size=2))
def test_hash_identifier_agrees_with_hash_identifiers(id_type: str, values: List[str], options: Dict[str, Any]) -> None:
    try:
        outputs, rejected = preflight.hash_identifiers(id_type, values, **options)
    except PreflightError as e:
        # A wrong call (an option) is the same error from the one-value function.
        for v in values:
            with pytest.raises(PreflightError) as one:
                preflight.hash_identifier(id_type, v, **options)
            assert (one.value.code, one.value.message) == (e.code, e.message)
        return
    codes = dict(rejected)
    assert len(outputs) == len(values)
    for i, v in enumerate(values):
        try:
            assert preflight.hash_identifier(id_type, v, **options) == outputs[i]
        except PreflightError as e:
            assert outputs[i] is None and codes[i] == e.code


@given(kind=st.sampled_from(KINDS), payload=st.one_of(json_values, st.dictionaries(texts, json_values, max_size=8)))
def test_validate_dict_equals_text_equals_bytes(kind: str, payload: Any) -> None:
    def envelope(p: Any) -> Any:
        try:
            return ("ok", preflight.validate(kind, p, now="2026-11-05T00:00:00Z").to_json())
        except PreflightError as e:
            return ("error", e.code)

    assume(isinstance(payload, (dict, list)))
    from_value = envelope(payload)
    if _has_surrogate(payload):
        # A str holding surrogate code points has no UTF-8 form: refused. (json.dumps's ASCII
        # text writes them as \u escapes, and an escaped pair is a real character in JSON: that
        # text is another document, so it is not compared.)
        assert from_value == ("error", "invalid_json")
        return
    for ascii_only in (True, False):
        text = json.dumps(payload, allow_nan=False, ensure_ascii=ascii_only)
        from_text, from_bytes = envelope(text), envelope(text.encode())
        assert from_text == from_bytes
        assert from_value == from_text


def _has_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(c) < 0xE000 for c in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False


@given(secret=st.one_of(st.binary(min_size=1, max_size=80), st.text(min_size=1, max_size=40).filter(lambda s: "\ud800" > s or True)),
       body=st.binary(min_size=1, max_size=500), data=st.data())
def test_verify_signature_accepts_hmac_and_refuses_any_flipped_byte(secret: Any, body: bytes, data: Any) -> None:
    key = secret if isinstance(secret, bytes) else secret.encode("utf-8", "surrogatepass")
    assume(isinstance(secret, bytes) or not any(0xD800 <= ord(c) < 0xE000 for c in secret))
    header = "sha256=" + base64.b64encode(hmac.new(key, body, hashlib.sha256).digest()).decode()
    assert preflight.verify_signature(secret, body, header) is True
    assert preflight.verify_signature(secret, bytearray(body), header) is True
    i = data.draw(st.integers(0, len(body) - 1))
    flip = data.draw(st.integers(1, 255))
    changed = bytearray(body)
    changed[i] ^= flip
    assert preflight.verify_signature(secret, bytes(changed), header) is False
    assert preflight.verify_signature(secret, body + b"\0", header) is False
    j = data.draw(st.integers(len("sha256="), len(header) - 1))
    other = header[:j] + ("A" if header[j] != "A" else "B") + header[j + 1:]
    assert preflight.verify_signature(secret, body, other) is False


@given(secret=st.binary(min_size=1, max_size=64), token=st.from_regex(r"[A-Za-z0-9+/=_\-]{16,128}", fullmatch=True))
def test_crc_response_is_hmacs_answer(secret: bytes, token: str) -> None:
    want = "sha256=" + base64.b64encode(hmac.new(secret, token.encode(), hashlib.sha256).digest()).decode()
    assert preflight.crc_response(secret, token) == want


# --- 3. dict keys ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", [1, 0, -7, 1.5, True, False, None, 2**70, float("nan")])
@pytest.mark.parametrize("where", ["top", "nested", "in_list"])
def test_a_non_str_key_is_invalid_argument(key: Any, where: str) -> None:
    inner = {key: "secret-looking-value", "ok": 1}
    payload: Any = {"top": inner} if where == "nested" else [{"x": [inner]}] if where == "in_list" else inner
    with pytest.raises(PreflightError) as e:
        preflight.validate("product", payload)
    assert e.value.code == "invalid_argument"
    assert "secret-looking-value" not in e.value.message and repr(key) not in e.value.message.split(":")[0]
    # The same dict with the key as text is a report, not an error.
    fixed = json.loads(json.dumps(payload))
    assert isinstance(preflight.validate("product", fixed), preflight.Report)


@given(payload=st.recursive(
    st.dictionaries(st.one_of(huge_ints, st.booleans(), st.none(), st.floats()), json_scalars, min_size=1, max_size=3),
    lambda kids: st.one_of(st.lists(kids, min_size=1, max_size=3), st.dictionaries(texts, kids, min_size=1, max_size=3)),
    max_leaves=10,
))
def test_non_str_keys_anywhere_are_refused(payload: Any) -> None:
    with pytest.raises(PreflightError) as e:
        preflight.validate("product", payload)
    assert e.value.code in ("invalid_argument", "too_deep")


def test_a_context_with_a_non_str_key_is_bad_options() -> None:
    with pytest.raises(PreflightError) as e:
        preflight.validate("line_item_update", {}, context={1: "REACH"})
    assert e.value.code == "bad_options"


def test_str_subclass_keys_and_tuples_are_what_json_dumps_writes() -> None:
    class Name(str):
        pass

    value = {Name("products"): ({"id": "1"},)}
    text = json.dumps(value)
    assert preflight.validate("product_batch", value).to_json() == preflight.validate("product_batch", text).to_json()


def test_shapes_json_dumps_cannot_write_are_refused_without_a_hang() -> None:
    cycle: List[Any] = []
    cycle.append(cycle)
    with pytest.raises(PreflightError) as e:
        preflight.validate("product", cycle)
    assert e.value.code == "too_deep"
    # A list shared 2**80 times over: an exponentially long text, refused from its size.
    shared: Any = [1]
    for _ in range(80):
        shared = [shared, shared]
    with pytest.raises(PreflightError) as e:
        preflight.validate("product", {"x": shared})
    assert e.value.code == "input_too_large"
    # Shared but small: written twice, as json.dumps does.
    tags = ["a", "b"]
    value = {"products": [{"id": "1", "tags": tags}, {"id": "2", "tags": tags}]}
    assert preflight.validate("product_batch", value).to_json() == preflight.validate("product_batch", json.dumps(value)).to_json()


@pytest.mark.parametrize("dicts", [True, False])
@pytest.mark.parametrize("depth", [127, 128, 129, 130, 5000])
def test_depth_limit_is_the_engines_from_a_value(depth: int, dicts: bool) -> None:
    value = _nest(depth, dicts)

    def envelope(p: Any) -> Any:
        try:
            return preflight.validate("product", p).to_json()
        except PreflightError as e:
            return (e.code, e.message)

    try:
        text = json.dumps(value)
    except RecursionError:
        text = ("[" if not dicts else "") * depth  # deeper than json.dumps writes: too deep anyway
    assert envelope(value) == envelope(text) or (depth > 200 and envelope(value)[0] == "too_deep")


# --- the other public functions -------------------------------------------------------------------


@given(id_type=id_types, value=id_values, options=hash_options)
def test_normalize_identifier(id_type: Any, value: Any, options: Dict[str, Any]) -> None:
    n = outcome(lambda: preflight.normalize_identifier(id_type, value, **options),
                lambda r: isinstance(r, str), value)
    if n is not None and id_type in ID_TYPES and id_type != "partner_user_id" and not options.get("prehashed"):
        # The hash is SHA-256 of the normalized text (hashlib, independently).
        assert preflight.hash_identifier(id_type, value, **options) == hashlib.sha256(n.encode()).hexdigest()


records = st.lists(
    st.one_of(
        st.dictionaries(
            st.sampled_from(["email", "phone_number", "handle", "device_id", "service_id",
                             "partner_user_id", "country", "x"]),
            st.one_of(id_values, st.lists(id_values, max_size=3), st.none()),
            max_size=4,
        ),
        anything,
    ),
    max_size=6,
)


@given(endpoint=st.one_of(st.sampled_from(["custom_audience_users", "do_not_reach_users"]), anything),
       records=st.one_of(records, anything),
       operation=st.one_of(st.sampled_from(["Update", "Delete"]), anything),
       dates=st.fixed_dictionaries({}, optional={
           "effective_at": st.one_of(st.sampled_from(["2026-11-05T00:00:00Z", "2026-11-06T00:00:00Z"]), anything),
           "expires_at": st.one_of(st.sampled_from(["2026-12-05T00:00:00Z"]), anything),
           "now": st.one_of(st.sampled_from(["2026-11-04T00:00:00Z"]), anything),
           "max_users_per_body": st.one_of(st.integers(-5, 3000), anything),
           "max_body_bytes": st.one_of(st.integers(-5, 6_000_000), anything),
       }),
       options=hash_options)
def test_audience_bodies(endpoint: Any, records: Any, operation: Any, dates: Dict[str, Any], options: Dict[str, Any]) -> None:
    kwargs = dict(options, operation=operation, **dates)
    r = outcome(lambda: preflight.audience_bodies(endpoint, records, **kwargs),
                lambda r: isinstance(r, preflight.AudienceBodies))
    if r is not None:
        assert all(isinstance(b, str) for b in r.bodies)
        for b in r.bodies:
            assert isinstance(json.loads(b), dict)
        assert all(isinstance(p, preflight.Problem) and p.code in CODES for p in r.rejected + r.dropped)


@given(secret=secrets, query=st.one_of(texts, st.binary(max_size=100), anything), header=st.one_of(st.none(), texts, anything))
def test_verify_crc_request(secret: Any, query: Any, header: Any) -> None:
    outcome(lambda: preflight.verify_crc_request(secret, query, header), lambda r: isinstance(r, bool), secret, header)


@given(secret=st.binary(min_size=1, max_size=40), query=st.from_regex(r"crc_token=[A-Za-z0-9%_\-]{1,60}(&nonce=[0-9]{1,9})?", fullmatch=True), data=st.data())
def test_verify_crc_request_accepts_hmac_of_the_raw_query_and_nothing_else(secret: bytes, query: str, data: Any) -> None:
    header = "sha256=" + base64.b64encode(hmac.new(secret, query.encode(), hashlib.sha256).digest()).decode()
    assert preflight.verify_crc_request(secret, query, header) is True
    i = data.draw(st.integers(0, len(query) - 1))
    changed = query[:i] + ("x" if query[i] != "x" else "y") + query[i + 1:]
    assert preflight.verify_crc_request(secret, changed, header) is False


oauth_text = st.one_of(texts, st.from_regex(r"[A-Za-z0-9]{1,20}", fullmatch=True), anything)


@given(method=st.one_of(st.sampled_from(["GET", "POST", "post"]), anything),
       url=st.one_of(st.sampled_from(["https://api.example.com/1.1/statuses?x=1", "http://h/p", "ftp://x", "https://u:p@h/"]), texts, anything),
       consumer_key=oauth_text, consumer_secret=oauth_text,
       params=st.one_of(st.none(), st.dictionaries(texts, st.one_of(texts, st.lists(texts, max_size=2)), max_size=3),
                        st.lists(st.tuples(texts, texts), max_size=3), anything),
       extra=st.fixed_dictionaries({}, optional={
           "token": oauth_text, "token_secret": oauth_text, "nonce": oauth_text,
           "timestamp": st.one_of(huge_ints, st.sampled_from(["1318622958", "0", "01"]), anything),
           "callback": oauth_text, "verifier": oauth_text, "realm": oauth_text,
           "step": st.one_of(st.sampled_from(["request_token", "authorize", "authenticate", "access_token", "invalidate_token"]), anything),
           "omit_version": st.one_of(st.booleans(), anything),
       }))
def test_oauth1_sign(method: Any, url: Any, consumer_key: Any, consumer_secret: Any, params: Any, extra: Dict[str, Any]) -> None:
    r = outcome(lambda: preflight.oauth1_sign(method, url, consumer_key=consumer_key, consumer_secret=consumer_secret,
                                              params=params, **extra),
                lambda r: isinstance(r, preflight.OAuth1Signature), consumer_secret, extra.get("token_secret"))
    if r is not None:
        assert r.authorization_header.startswith("OAuth ")


@given(key=st.one_of(texts, anything), secret=st.one_of(texts, anything))
def test_basic_credentials(key: Any, secret: Any) -> None:
    r = outcome(lambda: preflight.basic_credentials(key, secret), lambda r: isinstance(r, str), secret)
    if r is not None:
        # shared/spec/signing.md: base64 of urlencode(key) ":" urlencode(secret), RFC 3986.
        want = base64.b64encode(f"{quote(key, safe='-._~')}:{quote(secret, safe='-._~')}".encode()).decode()
        assert r == want


def test_token_request_body() -> None:
    assert preflight.token_request_body() == "grant_type=client_credentials"


# --- findings of the properties above, each pinned --------------------------------------------


@pytest.mark.parametrize("values", [5, None, 1.5, object(), True])
def test_values_that_are_not_iterable_are_invalid_argument(values: Any) -> None:
    # Was: a TypeError from list(values).
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifiers("email", values)
    assert e.value.code == "invalid_argument"


@pytest.mark.parametrize("bad", [5, None, object()])
def test_records_and_params_that_are_not_iterable_are_invalid_argument(bad: Any) -> None:
    # Was: a TypeError from list(records) / iterating params.
    with pytest.raises(PreflightError) as e:
        preflight.audience_bodies("custom_audience_users", bad, operation="Update")
    assert e.value.code == "invalid_argument"
    if bad is not None:  # params=None is "no parameters"
        with pytest.raises(PreflightError) as e:
            preflight.oauth1_sign("GET", "https://api.example.com/x", consumer_key="k", consumer_secret="s",
                                  params=bad, nonce="n", timestamp=1318622958)
        assert e.value.code == "invalid_argument"


@pytest.mark.parametrize("cells", [[], [None], [None, None]])
def test_a_pandas_series_with_no_string_is_a_column_of_null_cells(cells: List[Any]) -> None:
    # Was: invalid_argument, as pyarrow types an empty or all-None object Series as `null`.
    out, rejected = preflight.hash_identifiers("email", pd.Series(cells, dtype=object))
    assert len(out) == len(cells) and out.isna().all()
    assert rejected == [(i, "empty") for i in range(len(cells))]
    out, rejected = preflight.hash_identifiers("email", pa.array(cells))
    assert out.to_pylist() == cells and out.type == pa.string()


def test_normalize_identifier_checks_options_before_the_value() -> None:
    with pytest.raises(PreflightError) as e:
        preflight.normalize_identifier("phone_number", "\ud800", default_country_code="e164")
    assert e.value.code == "invalid_default_country_code"


def test_a_bad_option_wins_over_a_lone_surrogate_value_in_both_hash_calls() -> None:
    # Was: hash_identifier said invalid_utf8 (the value was read before the options) where
    # hash_identifiers said invalid_default_country_code for the same call.
    for call in (lambda: preflight.hash_identifier("phone_number", "\ud800", default_country_code="e164"),
                 lambda: preflight.hash_identifiers("phone_number", ["\ud800"], default_country_code="e164")):
        with pytest.raises(PreflightError) as e:
            call()
        assert e.value.code == "invalid_default_country_code"
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifier("email", "a\ud800@example.com")
    assert (e.value.code, e.value.message) == ("invalid_utf8", "the value contains a lone UTF-16 surrogate, which has no UTF-8 form")
    assert preflight.hash_identifiers("email", ["a\ud800@example.com"])[1] == [(0, "invalid_utf8")]


def test_verify_signature_is_false_for_a_lone_surrogate_in_the_secret_or_header() -> None:
    # Was: PreflightError("invalid_utf8"), where every other bad secret or header is False (and
    # the JavaScript binding answers False: tests/node/signing.test.mjs).
    body = b'{"test_number":1,"test_string":"two"}'
    good = "sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI="  # shared/spec/signing.md
    assert preflight.verify_signature("test", body, good) is True
    assert preflight.verify_signature("test\ud800", body, good) is False
    assert preflight.verify_signature("test", body, good + "\ud800") is False
    assert preflight.verify_signature("test", body, "\udfff") is False
    with pytest.raises(PreflightError) as e:
        preflight.verify_signature(42, body, good)  # type: ignore[arg-type]
    assert e.value.code == "invalid_argument"


# --- answer readers ------------------------------------------------------------------------------

_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")

# Answer texts: arbitrary text, JSON values, and the documented shapes with members of any type.
_json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=12))
_json_value = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(["type", "title", "detail", "status", "code", "message", "errors", "data",
                             "next_cursor", "total_count", "success_count", "operation_errors", "index",
                             "products_response", "id", "resource_type", "oauth_token", "x"]),
            inner, max_size=5),
    ),
    max_leaves=12,
)
_answer_text = st.one_of(
    st.text(max_size=60),
    _json_value.map(lambda v: json.dumps(v)),
    st.lists(st.tuples(st.sampled_from(["oauth_token", "oauth_token_secret", "oauth_callback_confirmed",
                                        "user_id", "screen_name", "x%20y", ""]),
                       st.sampled_from(["true", "True", "", "a%2Fb", "%zz", "s3cr3t", "+"])), max_size=5)
    .map(lambda pairs: "&".join(f"{k}={v}" for k, v in pairs)),
)


def _read(call: Callable[[], Any]) -> Any:
    """A reader's result, or its error's code: any other exception fails the test."""
    try:
        return call()
    except PreflightError as e:
        assert _SNAKE.match(e.code), e.code
        assert "s3cr3t" not in e.message
        return ("error", e.code)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_answer_text)
def test_every_one_text_reader_gives_the_doors_result_or_a_coded_error(text: str) -> None:
    readers = {
        "list_page": preflight.read_list_page,
        "error_body": preflight.read_error_body,
        "request_token": preflight.read_request_token,
        "access_token": preflight.read_access_token,
        "invalidate_token": preflight.read_invalidate_token,
    }
    assert set(readers) <= set(preflight.answers_names())
    for name, reader in readers.items():
        got = _read(lambda: reader(text))
        door = _read(lambda: preflight.answers_call(name, {"text": text}))
        assert got == door, name
        if isinstance(got, preflight.TokenAnswer):
            # Secrets stay out of repr and str, whatever the answer held.
            assert "s3cr3t" not in repr(got) and "s3cr3t" not in str(got)
        if isinstance(got, dict):
            assert isinstance(got.get("issues", []), list)
            json.dumps(got)  # plain JSON values only


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_json_value, _answer_text)
def test_next_list_query_and_pages_never_fail_but_with_a_code(query: Any, page: str) -> None:
    if not isinstance(query, dict):
        query = {"q": query}
    nxt = _read(lambda: preflight.next_list_query(query, page))
    assert nxt is None or isinstance(nxt, dict) or nxt[0] == "error"
    if isinstance(nxt, dict):
        assert "with_total_count" not in nxt and isinstance(nxt.get("cursor"), str)
    fetched: List[Dict[str, Any]] = []

    def fetch(q: Dict[str, Any]) -> str:
        fetched.append(q)
        return page if len(fetched) == 1 else '{"data":[],"next_cursor":null}'

    walked = _read(lambda: list(preflight.pages(fetch, query)))
    assert len(fetched) <= 2


def _confirms_one_operation(v: Any) -> bool:
    """Whether an answer could confirm a body of one operation (document B §4): no error in
    `errors` or `operation_errors`, and `success_count` = `total_count` = 1 (integers, not
    booleans) in `data` or at the top level. A looser test than the engine's, never a stricter."""
    if not isinstance(v, dict):
        return False
    for key in ("errors", "operation_errors"):
        items = v.get(key)
        if isinstance(items, list) and any(isinstance(i, (dict, list)) and i for i in items):
            return False
    data = v.get("data")
    places = [data] if isinstance(data, dict) else list(data) if isinstance(data, list) else []
    return any(
        isinstance(x, dict)
        and type(x.get("success_count")) is int and x.get("success_count") == 1
        and type(x.get("total_count")) is int and x.get("total_count") == 1
        for x in places + [v]
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["a@example.com", "B@Example.org", "not an email", "", "c@d.io"]), min_size=1, max_size=12),
    st.integers(1, 4),
    st.lists(st.one_of(st.none(), _answer_text,
                       st.integers(0, 3).map(lambda n: json.dumps({"data": {"success_count": n, "total_count": n}}))),
             min_size=12, max_size=12),
)
def test_audience_outcome_gives_every_record_once_and_accepts_only_confirmed_bodies(
    emails: List[str], per_body: int, answers: List[Any]
) -> None:
    built = preflight.audience_bodies(
        "custom_audience_users", [{"email": e} for e in emails], operation="Update",
        max_users_per_body=per_body,
    )
    n_bodies = len(built.bodies)
    out = _read(lambda: preflight.audience_outcome(built, answers[:n_bodies]))
    assert not (isinstance(out, tuple)), out
    records = out["records"]
    # Every input record exactly once, in input order.
    assert [r["index"] for r in records] == list(range(len(emails)))
    for r in records:
        assert r["outcome"] in ("accepted", "rejected", "failed", "retry")
        if r["outcome"] == "accepted":
            # Accepted only under an answer whose counts are exactly the one operation sent.
            answer = answers[r["body"]]
            assert answer is not None and _confirms_one_operation(json.loads(answer)), answer
    rejected = {p.index for p in built.rejected}
    assert {r["index"] for r in records if r["outcome"] == "rejected"} == rejected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["1", "2", "3"]), max_size=5), _answer_text)
def test_product_answer_gives_one_entry_per_product_sent(ids: List[str], text: str) -> None:
    sent = {"products": [{"id": i} for i in ids]}
    out = _read(lambda: preflight.read_product_answer(sent, text))
    if isinstance(out, tuple):
        assert out[1] in ("invalid_json", "too_deep", "input_too_large"), out
        return
    assert [p["id"] for p in out["products"]] == ids if all("id" in p for p in out["products"]) else True
    assert len(out["products"]) == len(ids)


# --- coverage of the public API -------------------------------------------------------------------

COVERED = {
    "PreflightError", "Report", "Issue", "validate", "kinds", "describe", "json_schema",
    "hash_identifier", "hash_identifiers", "crc_response", "verify_signature",
    "normalize_identifier", "audience_bodies", "AudienceBodies", "Problem", "verify_crc_request",
    "oauth1_sign", "OAuth1Signature", "basic_credentials", "token_request_body",
    # The answer readers (the tests above).
    "answers_call", "answers_names", "read_list_page", "next_list_query", "pages",
    "read_error_body", "read_request_token", "read_access_token", "read_invalidate_token",
    "TokenAnswer", "read_product_answer", "audience_outcome",
}


def test_every_public_function_is_covered() -> None:
    missing = set(preflight.__all__) - COVERED
    assert not missing, f"public names without a property test here: {sorted(missing)}"


def test_nan_and_huge_numbers_in_a_value_payload() -> None:
    for bad in (float("nan"), float("inf"), -math.inf):
        with pytest.raises(PreflightError) as e:
            preflight.validate("product", {"price": bad})
        assert e.value.code == "invalid_argument"
    for n in (10**1000, -(2**64), 2**64, 10**308 * 10):

        def envelope(p: Any) -> Any:
            try:
                return preflight.validate("product", p).to_json()
            except PreflightError as e:
                return (e.code, e.message)

        huge = {"id": "1", "n": n}
        assert envelope(huge) == envelope(json.dumps(huge, separators=(",", ":")))
