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

# Columns: a list gives a list; a pyarrow, polars or pandas column gives the same kind back
# (typed through the Arrow PyCapsule methods they have, so that no stubs of theirs are needed).
first: "str | None" = outs[0]
per_row, _ = preflight.hash_identifiers(
    "phone_number", ["020 7183 8750"], country=["GB"], threads=1, default_country_code="1"
)


class Stream:  # stands for a pyarrow ChunkedArray or a polars Series
    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        return None


def hashed_stream(s: Stream) -> Stream:
    column, rejections = preflight.hash_identifiers("email", s)
    return column


n: str = preflight.normalize_identifier("email", " A@B.co ")
t: str = preflight.crc_response("s", "9b4507b3-9040-4669-9ca3-6b94edb50553", max_length=200)
crc_ok: bool = preflight.verify_crc_request("s", "crc_token=x", None)
signed: preflight.OAuth1Signature = preflight.oauth1_sign(
    "POST", "https://api.example.com/1", consumer_key="k", consumer_secret="s", params={"a": "1"}
)
header: str = signed.authorization_header
basic: str = preflight.basic_credentials("k", "s")
grant: str = preflight.token_request_body()
built: preflight.AudienceBodies = preflight.audience_bodies(
    "custom_audience_users", [{"email": "a@b.co"}], operation="Update", max_users_per_body=10
)
first_body: str = built.bodies[0]
problems: "list[preflight.Problem]" = built.rejected + built.dropped
