"""Preflight: validation of ad-API payloads, normalization and SHA-256 hashing of audience
identifiers, webhook signing, and reading the platform's answers, by the same Rust engine as
the command line and the npm package (the native module ``preflight._preflight``).

Results are the engine's: a report is the JSON text the engine writes, read with ``json.loads``,
so that every surface gives the same bytes (``Report.to_json()``). A wrong call raises
:class:`PreflightError` (a ``ValueError``) with the engine's ``code``.
"""

from __future__ import annotations

from ._errors import PreflightError
from ._answers import answers_call, answers_names
from ._answers_lists import next_list_query, pages, read_list_page
from ._answers_errors import (
    TokenAnswer,
    read_access_token,
    read_error_body,
    read_invalidate_token,
    read_request_token,
)
from ._answers_batches import audience_outcome, read_product_answer
from ._bodies import AudienceBodies, Problem, audience_bodies
from ._hash import hash_identifier, hash_identifiers
from ._normalize import normalize_identifier
from ._sign import (
    OAuth1Signature,
    basic_credentials,
    crc_response,
    oauth1_sign,
    token_request_body,
    verify_crc_request,
    verify_signature,
)
from ._validate import Issue, Report, describe, json_schema, kinds, validate

__all__ = [
    "PreflightError",
    "Report",
    "Issue",
    "validate",
    "kinds",
    "describe",
    "json_schema",
    "hash_identifier",
    "hash_identifiers",
    "crc_response",
    "verify_signature",
    "normalize_identifier",
    "audience_bodies",
    "AudienceBodies",
    "Problem",
    "verify_crc_request",
    "oauth1_sign",
    "OAuth1Signature",
    "basic_credentials",
    "token_request_body",
    "answers_call",
    "answers_names",
    "read_list_page",
    "next_list_query",
    "pages",
    "read_error_body",
    "read_request_token",
    "read_access_token",
    "read_invalidate_token",
    "TokenAnswer",
    "read_product_answer",
    "audience_outcome",
]
