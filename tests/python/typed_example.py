"""Type-checked by `mypy --strict` (bindings/python/README.md): the public API as a user calls it."""

import preflight

r = preflight.validate("product", {"id": "1"}, now="2026-11-05T00:00:00Z")
ok: bool = r.valid
codes = [i.code for i in r.errors]
h: str = preflight.hash_identifier("email", "a@b.co")
outs, rejected = preflight.hash_identifiers("email", ["a@b.co"])
good: bool = preflight.verify_signature("s", b"{}", None)
try:
    preflight.describe("nope")
except preflight.PreflightError as e:
    code: str = e.code
