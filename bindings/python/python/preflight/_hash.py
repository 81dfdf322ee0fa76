"""Audience identifiers: normalization and SHA-256 hashing."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Tuple

from . import _preflight
from ._common import _native, _str
from ._errors import PreflightError

_HASH_OPTIONS = ("phone_format", "default_country_code", "prehashed")


def _hash_options(options: Dict[str, Any]) -> Dict[str, Any]:
    unknown = [k for k, v in options.items() if k not in _HASH_OPTIONS and v is not None]
    if unknown:
        raise PreflightError(
            "bad_options", "unknown option; expected phone_format, default_country_code, prehashed"
        )
    given = {k: v for k, v in options.items() if v is not None}
    for name in ("phone_format", "default_country_code"):
        if name in given and not isinstance(given[name], str):
            raise PreflightError("bad_options", f"{name} must be a string")
    if "prehashed" in given and not isinstance(given["prehashed"], bool):
        raise PreflightError("bad_options", "prehashed must be a boolean")
    return given


def hash_identifier(type: str, value: str, **options: Any) -> str:
    """One identifier as sent: 64 lowercase hex digits of its normalized form's SHA-256, or the
    partner user id verbatim. Options: ``phone_format``, ``default_country_code``,
    ``prehashed``. A value the rules reject raises :class:`PreflightError` with its code."""
    opts = _hash_options(options)
    return str(_native(_preflight.hash_identifier, _str(type, "type"), _str(value, "value"), **opts))


def hash_identifiers(
    type: str, values: Iterable[str], **options: Any
) -> Tuple[List[Optional[str]], List[Tuple[int, str]]]:
    """Many identifiers: ``(outputs, rejections)``, one output per value (``None`` where the
    value was rejected) and ``(position, code)`` per rejected value, in order."""
    opts = _hash_options(options)
    if isinstance(values, (str, bytes)):
        raise PreflightError("invalid_argument", "values must be an iterable of str, not one str")
    try:
        items = list(values)
    except TypeError:
        raise PreflightError("invalid_argument", "values must be an iterable of str") from None
    if not all(isinstance(v, str) for v in items):
        raise PreflightError("invalid_argument", "values must all be str")
    outputs, rejected = _native(_preflight.hash_identifiers, _str(type, "type"), items, **opts)
    return outputs, rejected
