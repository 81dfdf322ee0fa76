"""`validate` on a `dict`/`list`: the native walk (bindings/python/src/payload.rs `build`) gives,
byte for byte, what the JSON-text path gives for the payload's `json.dumps` text.

The walk builds the engine's document from the Python objects without writing JSON text; where it
is not certain of the document the text path would parse (a `dict` subclass, a lone surrogate,
NaN, an `int` beyond 64 bits the engine cannot read, too deep, too large, ...), it builds nothing
and `validate` takes the text path. So every payload has two answers to compare:

- `from_value`: `preflight.validate(kind, payload)` (the walk, or the text path it leaves to);
- `from_text`: the text path, step by step: `_preflight.check_payload` (a non-`str` key, too
  deep, a shared structure too large), then `json.dumps` (`ensure_ascii=False, allow_nan=False,
  separators=(",", ":")`, encoded with `surrogatepass`) and `preflight.validate(kind, text)`.

Both answers are envelopes: the report's JSON text, or the error's code and message. Where the
walk is expected to build the document itself, `native` asserts it did (so that the comparison is
of the walk, not of the text path with itself).
"""

from __future__ import annotations

import collections
import enum
import json
import math
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preflight
from preflight import PreflightError, _preflight

ROOT = Path(__file__).resolve().parents[2]
BATCH = json.loads((ROOT / "bench/fixtures/product_batch_25.json").read_text(encoding="utf-8"))
PRODUCT = BATCH["products"][0]
MAX_DEPTH = 128  # preflight::MAX_DEPTH
NOW = "2026-11-05T00:00:00Z"
OPTIONS = json.dumps({"now": NOW})


def dumps(payload: Any) -> bytes:
    """The text path's bytes for `payload` (python/preflight/_validate.py)."""
    text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8", "surrogatepass")


def envelope(call: Any) -> Tuple[str, str]:
    try:
        return ("ok", call().to_json())
    except PreflightError as e:
        return (e.code, e.message)


def from_value(kind: str, payload: Any) -> Tuple[str, str]:
    return envelope(lambda: preflight.validate(kind, payload, now=NOW))


def from_text(kind: str, payload: Any, context: Any = None) -> Tuple[str, str]:
    try:
        _preflight.check_payload(payload)
    except PreflightError as e:
        return (e.code, e.message)
    try:
        text = dumps(payload)
    except RecursionError:
        return ("too_deep", f"the payload nests deeper than {MAX_DEPTH} levels")
    except (TypeError, ValueError):
        return (
            "invalid_argument",
            "payload must hold only JSON values (dict, list, str, int, finite float, bool, None)",
        )
    return envelope(lambda: preflight.validate(kind, text, now=NOW, context=context))


def native(kind: str, payload: Any) -> Optional[str]:
    """The walk's own answer: the report's text, or None where it leaves the payload to the text
    path (a wrong kind or options still raise)."""
    result: Optional[str] = _preflight.validate_object(kind, payload, OPTIONS)
    return result


def same(kind: str, payload: Any, *, walked: Optional[bool] = None) -> Tuple[str, str]:
    """Asserts both answers are equal (and, when `walked` is given, whether the walk built the
    document itself); returns the answer."""
    a, b = from_value(kind, payload), from_text(kind, payload)
    assert a == b
    if walked is not None:
        try:
            got = native(kind, payload)
        except PreflightError:
            got = None
        assert (got is not None) == walked
        if got is not None:
            assert ("ok", got) == a
    return a


# --- generated values ----------------------------------------------------------------------------

#: Text with what JSON escapes, non-BMP characters, and (now and then) lone surrogates.
texts = st.lists(
    st.one_of(
        st.characters(),
        st.sampled_from(["\ud800", "\udfff", "\x00", "\x1f", "\x7f", '"', "\\", "\n", "\u2028", "😀", "𝄞", "é"]),
    ),
    max_size=12,
).map("".join)
#: Floats whose `repr` (json.dumps's digits) is not the shortest JSON form, or is near a limit.
edge_floats = st.sampled_from([
    -0.0, 0.0, 1e16, 1e-7, 1e308, -1e308, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
    0.1 + 0.2, 123456789012345680.0, 9007199254740993.0, 2.0**53, 2.0**63, -(2.0**63), 2.0**64,
    1e22, 1e21, 100.0, 1.5, 4.35, 0.000123, 1e-05, 2.0**55, -(2.0**60) - 256, 2.0**63 + 2048,
])
floats = st.one_of(st.floats(allow_nan=False, allow_infinity=False), edge_floats)
#: Ints at and beyond the 64-bit edges, and beyond what an f64 holds.
edge_ints = st.sampled_from([
    0, -1, 2**53, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64 - 1, 2**64, -(2**64),
    10**308, 10**309, -(10**309), 2**1024 - 2**970, 2**1024 - 2**971,
])
ints = st.one_of(st.integers(), st.integers(-(2**200), 2**200), edge_ints)
scalars = st.one_of(st.none(), st.booleans(), ints, floats, texts)
values = st.recursive(
    scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=5),
        st.lists(kids, max_size=3).map(tuple),
        st.dictionaries(texts, kids, max_size=5),
    ),
    max_leaves=30,
)
KINDS = ["product", "product_batch", "poll_card", "line_item", "audience_users", "website_card"]


def _nest(depth: int, dicts: bool, leaf: Any) -> Any:
    v = leaf
    for _ in range(depth):
        v = {"a": v} if dicts else [v]
    return v


@settings(max_examples=150)
@given(kind=st.sampled_from(KINDS), payload=st.one_of(st.lists(values, max_size=4), st.dictionaries(texts, values, max_size=6)))
def test_a_generated_value_gives_what_its_json_text_gives(kind: str, payload: Any) -> None:
    same(kind, payload)


@settings(max_examples=150)
@given(field=st.sampled_from(sorted(PRODUCT)), value=values, data=st.data())
def test_a_product_with_a_generated_field_gives_what_its_text_gives(field: str, value: Any, data: Any) -> None:
    # A real product with one field replaced: the rules run deep, not just "not an object".
    product = dict(PRODUCT)
    product[field] = value
    new_field = data.draw(texts)
    product[new_field] = data.draw(values)
    same("product", product)
    same("product_batch", {"products": [PRODUCT, product]})


@settings(max_examples=40)
@given(depth=st.integers(MAX_DEPTH - 3, MAX_DEPTH + 2), dicts=st.booleans(), leaf=scalars)
def test_nesting_near_the_limit_gives_what_its_text_gives(depth: int, dicts: bool, leaf: Any) -> None:
    code, _ = same("product", _nest(depth, dicts, leaf))
    if depth > MAX_DEPTH:
        assert code == "too_deep"


@settings(max_examples=200)
@given(n=st.one_of(ints, floats, st.integers(-3, 20000).map(float)))
def test_a_generated_number_is_the_number_its_text_reads_as(n: Any) -> None:
    # Fields whose rules tell an integer from a float and compare the value with limits.
    poll = {"name": "p", "duration_in_minutes": n, "first_choice": "a", "second_choice": "b"}
    same("poll_card", poll, walked=_plain(n))
    same("product", {**PRODUCT, "inventory": n}, walked=_plain(n))


def _plain(v: Any) -> bool:
    """Whether the walk must build `v` itself: no lone surrogate, no int the engine refuses."""
    if isinstance(v, str):
        return not any(0xD800 <= ord(c) < 0xE000 for c in v)
    if isinstance(v, bool) or v is None:
        return True
    if isinstance(v, int):
        # Beyond, the nearest f64 is infinite: the text path's error.
        return abs(v) < 2**1024 - 2**970
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, dict):
        return all(_plain(k) and _plain(x) for k, x in v.items())
    return all(_plain(x) for x in v)


@settings(max_examples=100)
@given(payload=st.dictionaries(texts, values, max_size=6))
def test_the_walk_builds_every_plain_value_itself(payload: Any) -> None:
    same("product", payload, walked=_plain(payload))


def test_the_fixture_is_walked_natively_and_equals_its_text() -> None:
    assert same("product_batch", BATCH, walked=True)[0] == "ok"
    broken = json.loads(json.dumps(BATCH))
    broken["products"][3]["condition"] = "mint"
    del broken["products"][7]["brand"]
    code, report = same("product_batch", broken, walked=True)
    assert code == "ok" and '"valid":false' in report


# --- each edge -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [
    2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64 - 1, 2**64, -(2**64), 10**20, 10**308,
    2**1024 - 2**971,
])
def test_big_ints_are_the_numbers_the_text_path_reads(n: int) -> None:
    same("product", {**PRODUCT, "inventory": n}, walked=True)
    same("poll_card", {"name": "p", "duration_in_minutes": n, "first_choice": "a", "second_choice": "b"}, walked=True)


@pytest.mark.parametrize("n", [10**309, -(10**309), 2**1024 - 2**970, 2**1024])
def test_ints_beyond_a_float_are_the_text_paths_error(n: int) -> None:
    code, _ = same("product", {**PRODUCT, "inventory": n}, walked=False)
    assert code == "invalid_json"


def test_an_int_beyond_pythons_digit_limit_is_the_text_paths_error() -> None:
    code, _ = same("product", {"inventory": 10**5000}, walked=False)
    assert code in ("invalid_argument", "invalid_json")  # ValueError (3.11+) or out of range


@pytest.mark.parametrize("f", [
    -0.0, 0.0, 1e308, -1e308, 1.7976931348623157e308, 5e-324, 1e16, 1e-7, 1e22, 2.0**63, 2.0**64,
    123456789012345680.0, 9007199254740993.0, 0.1 + 0.2, 1440.0000000000002, 4.0, 5.0000000001,
    # Whole, beyond 2^53: repr's digits are not the float's own (3.602879701896397e+16).
    2.0**55, 2.0**55 + 8, -(2.0**60), 2.0**63 + 2048, 2.0**64 + 4096, 2.0**70,
])
def test_floats_are_the_numbers_their_repr_reads_as(f: float) -> None:
    assert float(repr(f)) == f
    # repr (what json.dumps writes) differs from the shortest JSON form for many: `1e+16`, `-0.0`,
    # `1e-07`, `4.0`.
    same("poll_card", {"name": "p", "duration_in_minutes": f, "first_choice": "a", "second_choice": "b"}, walked=True)
    same("product", {**PRODUCT, "inventory": f, "price": f}, walked=True)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_infinities_are_invalid_argument(bad: float) -> None:
    code, message = same("product", {**PRODUCT, "inventory": bad}, walked=False)
    assert code == "invalid_argument" and "finite float" in message


@pytest.mark.parametrize("s", ["😀", "𝄞 clef", "a\u2028b", "\x00\x1f\x7f", 'q"\\', "é" * 200, "\ufeff"])
def test_strings_with_non_bmp_and_escaped_characters(s: str) -> None:
    same("product", {**PRODUCT, "title": s, s: s}, walked=True)


@pytest.mark.parametrize("where", ["value", "key", "nested key"])
def test_a_lone_surrogate_is_the_text_paths_error(where: str) -> None:
    bad = "ab\ud800c"
    payload: Any = (
        {**PRODUCT, "title": bad} if where == "value"
        else {**PRODUCT, bad: 1} if where == "key"
        else {"products": [PRODUCT, {bad: "x"}]}
    )
    code, _ = same("product_batch" if where == "nested key" else "product", payload, walked=False)
    assert code == "invalid_json"


def test_a_non_str_key_is_invalid_argument_naming_no_key() -> None:
    code, message = same("product", {**PRODUCT, 7: "x"}, walked=False)
    assert code == "invalid_argument" and "7" not in message
    # Found before a NaN elsewhere, as the text path finds it.
    code, _ = same("product", {"a": math.nan, "b": {None: 1}}, walked=False)
    assert code == "invalid_argument"


def test_cycles_and_too_deep_are_too_deep() -> None:
    cycle: List[Any] = [1]
    cycle.append(cycle)
    assert same("product", {"x": cycle}, walked=False)[0] == "too_deep"
    d: Dict[str, Any] = {}
    d["self"] = d
    assert same("product", d, walked=False)[0] == "too_deep"
    assert same("product", _nest(MAX_DEPTH, True, 1), walked=True)[0] == "ok"
    assert same("product", _nest(MAX_DEPTH + 1, False, 1), walked=False)[0] == "too_deep"
    # Too deep and a NaN: too deep, as on the text path (its check comes before json.dumps).
    assert same("product", [math.nan, _nest(MAX_DEPTH + 5, True, 1)], walked=False)[0] == "too_deep"


def test_shared_containers() -> None:
    # Shared 2**80 times over: refused from its size without writing it.
    shared: Any = [1]
    for _ in range(80):
        shared = [shared, shared]
    assert from_value("product", {"x": shared})[0] == "input_too_large"
    assert native("product", {"x": shared}) is None
    # Shared but small: walked twice, as json.dumps writes it twice.
    tags = ["a", "b"]
    shipping = {"country": "US", "price": "1.00 USD"}
    value = {"products": [{**PRODUCT, "tags": tags, "s": shipping}, {**PRODUCT, "id": "2", "tags": tags, "s": shipping}]}
    same("product_batch", value, walked=True)


def test_a_payload_whose_text_is_too_large() -> None:
    limit = 64 * 1024 * 1024  # preflight::MAX_INPUT_BYTES
    big = {"title": "a" * limit}
    assert same("product", big, walked=False)[0] == "input_too_large"
    # Just under the limit as text, but not surely so from the walk's bound (each control
    # character might be six bytes): the text path decides, and accepts it.
    near = {"t": "\n" * ((limit - 20) // 2)}
    assert same("product", near, walked=False)[0] == "ok"


def test_a_dict_whose_text_passes_the_limit_by_its_separators() -> None:
    # 1,000 members with long keys, the text 500 bytes over the limit: the walk's bound counts
    # each member's colon and comma, or it would build this payload that the text path refuses.
    limit, n = 64 * 1024 * 1024, 1000
    target = limit + 500
    width = (target - 1) // n - 5  # a member `"key":0,` is width + 5 bytes; braces, one comma less
    extra = (target - 1) - n * (width + 5)
    payload = {f"{i:04d}" + "k" * (width - 4 + (extra if i == 0 else 0)): 0 for i in range(n)}
    assert len(dumps(payload)) == target
    assert same("product", payload, walked=False)[0] == "input_too_large"


class Color(str, enum.Enum):
    RED = "red"


class Count(enum.IntEnum):
    THREE = 3


class Ratio(float):
    pass


class Name(str):
    pass


Point = collections.namedtuple("Point", "x y")


class Backwards(list):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        return reversed(list(list.__iter__(self)))


class Sorted(dict):  # type: ignore[type-arg]
    def items(self) -> Any:
        return sorted(dict.items(self), reverse=True)


@pytest.mark.parametrize("value, walked", [
    (Color.RED, True),  # a str subclass: its value
    (Count.THREE, True),  # an int subclass: its value
    (Ratio(2.5), True),  # a float subclass: its value
    ((1, "a"), True),  # a tuple: an array
    (Point(1, 2), False),  # a tuple subclass: json.dumps's own reading
    (Backwards([1, 2, 3]), False),
    (collections.OrderedDict([("b", 1), ("a", 2)]), False),
    (collections.defaultdict(int, {"a": 1}), False),
    (Sorted({"a": 1, "b": 2}), False),
    ({Name("k"): 1}, True),
    (b"bytes", False),
    ({1, 2}, False),
    (object(), False),
])
def test_subclasses_and_other_types_are_what_json_dumps_makes_of_them(value: Any, walked: bool) -> None:
    same("product", {**PRODUCT, "custom_label_0": value}, walked=walked)
    same("product", {"v": value, "w": [value]}, walked=walked)


def test_an_ordered_dict_keeps_its_own_order() -> None:
    od = collections.OrderedDict(PRODUCT)
    od.move_to_end("id")  # its dict storage still has "id" first
    od["id"] = "x" * 300
    same("product", od, walked=False)
    same("product_batch", {"products": [od, od]}, walked=False)


@pytest.mark.parametrize("kind, context", [("nope", None), ("product", {"nope": 1})])
def test_a_wrong_kind_or_option_comes_before_the_payloads_error(kind: str, context: Any) -> None:
    # The engine checks the kind and the options before it reads a payload, on every path: a
    # payload with no JSON form (a non-str key, NaN) or too deep gives the same error as a good
    # one, the text path's (as natively for the text of a payload too deep).
    good = envelope(lambda: preflight.validate(kind, PRODUCT, now=NOW, context=context))
    assert good == from_text(kind, PRODUCT, context)
    assert good[0] in ("unknown_kind", "bad_options")
    for payload in ({1: 2}, [math.nan], _nest(MAX_DEPTH + 1, True, 1)):
        assert envelope(lambda: preflight.validate(kind, payload, now=NOW, context=context)) == good
    # With a good kind and options, the payload's own error.
    for payload, code in (({1: 2}, "invalid_argument"), ([math.nan], "invalid_argument"),
                          (_nest(MAX_DEPTH + 1, True, 1), "too_deep")):
        assert envelope(lambda: preflight.validate("product", payload, now=NOW))[0] == code


def test_a_payload_too_deep_to_write_with_bad_options_is_bad_options_as_natively() -> None:
    # Was: too_deep (the text path wrote the payload before the engine read the options), where
    # the engine checks the kind and the options before it reads a payload.
    deep: Any = []
    for _ in range(200):
        deep = [deep]
    for payload in (deep, {"a": deep}):
        with pytest.raises(PreflightError) as e:
            preflight.validate("keyword_insights_query", payload, now="yesterday")
        native = preflight._preflight
        with pytest.raises(PreflightError) as n:
            native.validate_json("keyword_insights_query", json.dumps(payload).encode(), '{"now":"yesterday"}')
        assert (e.value.code, e.value.message) == (n.value.code, n.value.message)
        assert e.value.code == "bad_options"
        with pytest.raises(PreflightError) as e:
            preflight.validate("no_such_kind", payload)
        assert e.value.code == "unknown_kind"
