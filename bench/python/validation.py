"""Validating the 25-product ``product_batch`` (bench/fixtures/product_batch_25.json, the batch
bench/validate.mjs measures) in one run, side by side:

- ``preflight.validate("product_batch", ...)`` on the parsed ``dict`` and on the JSON text: every
  documented rule, a ``Report`` with the issues;
- ``jsonschema`` (Draft 2020-12 validator, compiled once) with ``preflight.json_schema(
  "product_batch")``, every error listed (``iter_errors``): the rules a JSON Schema states
  (members, types, lengths, enums, the patterns of the formats, brand/gtin/mpn as ``anyOf``);
- a hand-written pydantic v2 model of the same fields (``Batch`` below, strict, extra members
  forbidden), as a user would write it: required fields, types, lengths, enums, price / URL /
  GTIN patterns, at most 25 products and a model validator for brand/gtin/mpn. It does NOT check
  what preflight checks beyond that: the ISO 4217 code list (it takes any three capitals), GTIN
  check digits, URL lists, plain text and hex colors, the date range's form and order, inventory
  of at least 1 when in stock, sale_price lower than price and in its currency, repeated ids.

Before timing, all three must agree that the fixture is valid and that two broken variants are
not (an unknown ``condition``; a product without brand, gtin and mpn).

Each figure is µs per batch: the best of RUNS rounds (5 unless set), each the mean over about
BENCH_S seconds of calls (0.5 unless set); the paths take turns within each round.

    python bench/python/validation.py [--check-readme | --write-readme]

Targets (issue 25): preflight at least 10x jsonschema's speed, and at most pydantic v2's time.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from typing import Any, Callable, List, Literal, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jsonschema  # noqa: E402
import pydantic  # noqa: E402
from pydantic import BaseModel, ConfigDict, Field, model_validator  # noqa: E402

import preflight  # noqa: E402
from _bench import ROOT, env_int, machine, per_call, readme, table  # noqa: E402

RUNS = env_int("RUNS", 5)
BENCH_S = float(os.environ.get("BENCH_S", 0.5))
FIXTURE = ROOT / "bench" / "fixtures" / "product_batch_25.json"

PRICE = r"^[0-9]+(\.[0-9]+)? [A-Z]{3}$"
HTTPS = r"^https://[^\s/?#]+[^\s]*$"
URL = r"^https?://[^\s/?#]+[^\s]*$"
GTIN = r"^([0-9]{8}|[0-9]{12,13}|[0-9]{9}[0-9X])$"


class Product(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    id: str = Field(min_length=1)
    product_key: Optional[str] = None
    title: str = Field(min_length=1, max_length=150)
    description: str = Field(min_length=1, max_length=5000)
    availability: Literal["in stock", "available for order", "preorder", "out of stock", "discontinued"]
    condition: Literal["new", "used", "refurbished"]
    price: str = Field(pattern=PRICE)
    sale_price: Optional[str] = Field(default=None, pattern=PRICE)
    link: str = Field(pattern=HTTPS)
    mobile_link: Optional[str] = Field(default=None, pattern=HTTPS)
    image_link: str = Field(pattern=URL)
    additional_image_link: Optional[str] = None
    brand: Optional[str] = None
    gtin: Optional[str] = Field(default=None, pattern=GTIN)
    mpn: Optional[str] = None
    taxonomy_product_category: Optional[str] = None
    product_type: Optional[str] = None
    inventory: Optional[int] = None
    sale_price_effective_date: Optional[str] = None
    item_group_id: Optional[str] = None
    item_group_key: Optional[str] = None
    gender: Optional[Literal["female", "male", "unisex"]] = None
    color: Optional[str] = None
    size: Optional[str] = None
    age_group: Optional[Literal["adult", "all ages", "teen", "kids", "toddler", "infant", "newborn"]] = None
    custom_label_0: Optional[str] = None
    custom_label_1: Optional[str] = None
    custom_label_2: Optional[str] = None
    custom_label_3: Optional[str] = None
    custom_label_4: Optional[str] = None

    @model_validator(mode="after")
    def brand_gtin_or_mpn(self) -> "Product":
        if not (self.brand or self.gtin or self.mpn):
            raise ValueError("at least one of brand, gtin and mpn is required")
        return self


class Batch(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    products: List[Product] = Field(max_length=25)


def dumps(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def pydantic_valid(payload: Any) -> bool:
    try:
        Batch.model_validate(payload)
        return True
    except pydantic.ValidationError:
        return False


def main() -> int:
    text = FIXTURE.read_text(encoding="utf-8")
    obj = json.loads(text)
    schema = preflight.json_schema("product_batch")
    validator = jsonschema.validators.validator_for(schema)(schema)
    print(f"25-product product_batch, {len(text.encode()):,} bytes of JSON")
    print(machine())
    from importlib.metadata import version

    print(f"jsonschema {version('jsonschema')} ({type(validator).__name__}), pydantic {pydantic.VERSION}")

    # Agreement before timing: the fixture and two broken variants.
    unknown_condition = copy.deepcopy(obj)
    unknown_condition["products"][3]["condition"] = "mint"
    no_brand = copy.deepcopy(obj)
    for k in ("brand", "gtin", "mpn"):
        no_brand["products"][7].pop(k, None)
    cases: List[Tuple[str, Any, bool]] = [
        ("the fixture", obj, True),
        ("an unknown condition", unknown_condition, False),
        ("no brand, gtin or mpn", no_brand, False),
    ]
    for what, payload, want in cases:
        got = {
            "preflight": preflight.validate("product_batch", payload).valid,
            "preflight (text)": preflight.validate("product_batch", json.dumps(payload)).valid,
            "jsonschema": validator.is_valid(payload),
            "pydantic": pydantic_valid(payload),
        }
        if any(v != want for v in got.values()):
            print(f"FAIL: {what}: expected {'valid' if want else 'invalid'}, got {got}")
            return 1
    print("all validators agree: the fixture is valid, both broken variants are not")

    sink: List[Any] = []
    paths: List[Tuple[str, Callable[[], Any]]] = [
        ("preflight.validate(dict)", lambda: sink.append(preflight.validate("product_batch", obj))),
        ("preflight.validate(JSON text)", lambda: sink.append(preflight.validate("product_batch", text))),
        ("jsonschema iter_errors(dict)", lambda: sink.append(list(validator.iter_errors(obj)))),
        ("jsonschema json.loads + iter_errors", lambda: sink.append(list(validator.iter_errors(json.loads(text))))),
        ("pydantic model_validate(dict)", lambda: sink.append(Batch.model_validate(obj))),
        ("pydantic model_validate_json(text)", lambda: sink.append(Batch.model_validate_json(text))),
        # For reference: writing the dict as JSON text, which the dict path does not do (its
        # native walk builds the engine's document from the objects, bindings/python/src/
        # payload.rs `build`; json.dumps only for a payload the walk leaves to the text path).
        ("(reference) json.dumps(dict)", lambda: sink.append(dumps(obj))),
    ]
    def keeping(fn: Callable[[], Any]) -> Callable[[], None]:
        """``fn`` with its result kept until the next call (so that its freeing is timed too)."""

        def call() -> None:
            sink.clear()
            fn()

        return call

    timed = per_call({name: keeping(fn) for name, fn in paths}, RUNS, BENCH_S)
    us = {name: t * 1e6 for name, t in timed.items()}

    rows = [[name, f"{t:,.1f}"] for name, t in us.items()]
    block = table(["path", "µs per batch"], rows)
    js = us["jsonschema iter_errors(dict)"] / us["preflight.validate(dict)"]
    js_text = us["jsonschema json.loads + iter_errors"] / us["preflight.validate(JSON text)"]
    pd = us["preflight.validate(dict)"] / us["pydantic model_validate(dict)"]
    pd_text = us["preflight.validate(JSON text)"] / us["pydantic model_validate_json(text)"]
    block += [
        "",
        f"- preflight vs jsonschema: {js:.1f}x the speed (dict), {js_text:.1f}x (JSON text) "
        f"(target at least 10x: {'met' if min(js, js_text) >= 10 else 'missed'})",
        f"- preflight's time / pydantic's: {pd:.2f} (dict), {pd_text:.2f} (JSON text) "
        f"(target at most 1: {'met' if pd <= 1 else 'missed'} for the dict, {'met' if pd_text <= 1 else 'missed'} for the text)",
    ]
    print(f"\nbest of {RUNS} rounds of about {BENCH_S} s each:")
    print("\n".join(block))
    return readme("validation.py", block)


if __name__ == "__main__":
    sys.exit(main())
