"""The normalized form of an audience identifier, before hashing."""

from __future__ import annotations

from typing import Any

from . import _preflight
from ._common import _native, _str


def normalize_identifier(type: str, value: str, **options: Any) -> str:
    """The normalized form of one identifier: the exact text whose SHA-256 :func:`hash_identifier`
    gives (an email address trimmed and lowercased, a phone number in E.164, ...), or the
    partner user id verbatim. Same options and errors as :func:`hash_identifier`
    (``phone_format``, ``default_country_code``, ``prehashed``). Useful to see why two values
    hash alike or differently; never upload it: upload the hash."""
    return str(_native(_preflight.normalize_identifier, _str(type, "type"), _str(value, "value"), options))
