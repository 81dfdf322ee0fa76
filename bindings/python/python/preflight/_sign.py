"""Signing for webhook receivers."""

from __future__ import annotations

from typing import Any, Optional, Union

from . import _preflight
from ._common import LONE_SURROGATE, _native, _str
from ._errors import PreflightError

def _secret(secret: Any) -> bytes:
    if isinstance(secret, str):
        try:
            return secret.encode("utf-8")
        except UnicodeEncodeError:
            raise PreflightError("invalid_utf8", LONE_SURROGATE) from None
    if isinstance(secret, (bytes, bytearray, memoryview)):
        return bytes(secret)
    raise PreflightError("invalid_argument", "consumer_secret must be str or bytes")


def crc_response(consumer_secret: Union[str, bytes], crc_token: str) -> str:
    """The CRC ``response_token`` (``sha256=<base64>``) for a ``crc_token`` of the spec's shape
    (anything else is refused, never signed)."""
    return str(_native(_preflight.crc_response, _secret(consumer_secret), _str(crc_token, "crc_token")))


def verify_signature(
    consumer_secret: Union[str, bytes], body: bytes, header: Optional[str]
) -> bool:
    """Whether ``header`` (the signature header's value, ``None`` when absent) signs the raw
    request ``body`` bytes; constant time; ``False`` for every mismatch."""
    if not isinstance(body, (bytes, bytearray, memoryview)):
        raise PreflightError(
            "invalid_argument",
            "body must be the raw request body as bytes (not str or parsed JSON): "
            "a signature covers the exact bytes received",
        )
    if header is not None and not isinstance(header, str):
        raise PreflightError("invalid_argument", "header must be a str or None")
    if not isinstance(consumer_secret, (str, bytes, bytearray, memoryview)):
        raise PreflightError("invalid_argument", "consumer_secret must be str or bytes")
    # A secret or a header with a lone surrogate (no UTF-8 form) verifies nothing: False, as
    # for every other bad secret or header (and as in the JavaScript binding), not an error.
    if _lone_surrogate(consumer_secret) or _lone_surrogate(header):
        return False
    return bool(_native(_preflight.verify_signature, _secret(consumer_secret), bytes(body), header))


def _lone_surrogate(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
