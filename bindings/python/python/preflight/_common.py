"""Helpers shared by the package's modules."""

from __future__ import annotations

from typing import Any

from ._errors import PreflightError

# The same text in src/hash.rs `utf8`.
LONE_SURROGATE = "the value contains a lone UTF-16 surrogate, which has no UTF-8 form"


def _native(call: Any, *args: Any, **kwargs: Any) -> Any:
    """A native call; a `str` argument with a lone surrogate (no UTF-8 form) is `invalid_utf8`
    with a fixed message (Python's own names the character and its position)."""
    try:
        return call(*args, **kwargs)
    except UnicodeEncodeError:
        raise PreflightError("invalid_utf8", LONE_SURROGATE) from None


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise PreflightError("invalid_argument", f"{name} must be a str")
    return value
