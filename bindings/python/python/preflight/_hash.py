"""Audience identifiers: normalization and SHA-256 hashing."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Tuple

from . import _preflight
from ._common import _native, _str
from ._errors import PreflightError


def hash_identifier(type: str, value: str, **options: Any) -> str:
    """One identifier as sent: 64 lowercase hex digits of its normalized form's SHA-256, or the
    partner user id verbatim. Options: ``phone_format``, ``default_country_code``,
    ``prehashed`` (read by the engine: an unknown or mistyped one is ``bad_options``). A value
    the rules reject raises :class:`PreflightError` with its code."""
    return str(_native(_preflight.hash_identifier, _str(type, "type"), _str(value, "value"), options))


def hash_identifiers(
    type: str, values: Iterable[str], **options: Any
) -> Tuple[List[Optional[str]], List[Tuple[int, str]]]:
    """Many identifiers: ``(outputs, rejections)``, one output per value (``None`` where the
    value was rejected) and ``(position, code)`` per rejected value, in order."""
    if isinstance(values, (str, bytes)):
        raise PreflightError("invalid_argument", "values must be an iterable of str, not one str")
    try:
        items = list(values)
    except TypeError:
        raise PreflightError("invalid_argument", "values must be an iterable of str") from None
    if not all(isinstance(v, str) for v in items):
        raise PreflightError("invalid_argument", "values must all be str")
    outputs, rejected = _native(_preflight.hash_identifiers, _str(type, "type"), items, options)
    return outputs, rejected
