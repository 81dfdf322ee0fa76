"""Signing: webhook receivers (CRC, event signatures), OAuth 1.0a requests, app-only
credentials. The cryptography, the signing-oracle guard and the constant-time comparison are the
engine's; the options are read by the engine's shared readers (the wasm binding's names in
snake_case: ``min_length`` for ``minLength``), with the same codes."""

from __future__ import annotations

import datetime as _dt
import json as _json
import math as _math
import re as _re
import secrets as _secrets
import struct as _struct
import time as _time
from typing import Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

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


def _signing_secret(secret: Any) -> bytes:
    """A secret about to sign: ``None`` (an unset environment variable) is ``empty_secret``."""
    if secret is None:
        raise PreflightError("empty_secret", "no consumer_secret was given; nothing is signed without a key")
    return _secret(secret)


def _header(header: Any) -> Optional[str]:
    if header is not None and not isinstance(header, str):
        raise PreflightError("invalid_argument", "header must be a str or None")
    return header


def crc_response(
    consumer_secret: Union[str, bytes],
    crc_token: str,
    *,
    min_length: Optional[int] = None,
    max_length: Optional[int] = None,
    extra_chars: Optional[str] = None,
    **unknown: Any,
) -> str:
    """The CRC ``response_token`` (``sha256=<base64>``) for a ``crc_token`` of the spec's shape
    (anything else is refused, never signed: ``crc_token_shape``). The token policy widens that
    shape explicitly: ``min_length`` and ``max_length`` (whole numbers) and ``extra_chars``
    (characters allowed besides letters and digits); an unsafe policy is
    ``invalid_crc_policy``, an unknown option ``bad_options``."""
    secret = _signing_secret(consumer_secret)
    if crc_token is None:
        raise PreflightError("missing_crc_token", "no crc_token was given")
    options = dict(unknown, min_length=min_length, max_length=max_length, extra_chars=extra_chars)
    return str(_native(_preflight.crc_response, secret, _str(crc_token, "crc_token"), options))


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
    header = _header(header)
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


def verify_crc_request(
    consumer_secret: Union[str, bytes], raw_query: Union[str, bytes], header: Optional[str]
) -> bool:
    """Whether ``header`` (the signature header's value, ``None`` when absent) is a valid
    signature of a CRC GET's raw query string, exactly as on the request line without the
    leading ``?`` (``crc_token=...&nonce=...``: not re-encoded, not re-ordered). Constant time;
    ``False`` for every mismatch, a query that is not UTF-8 included."""
    if isinstance(raw_query, (bytes, bytearray, memoryview)):
        try:
            raw_query = bytes(raw_query).decode("utf-8")
        except UnicodeDecodeError:
            return False
    if not isinstance(raw_query, str):
        raise PreflightError("invalid_argument", "raw_query must be a str or bytes")
    if _lone_surrogate(consumer_secret):
        return False
    secret = _secret(consumer_secret)
    header = _header(header)
    try:
        return bool(_preflight.verify_crc_request(secret, raw_query, header))
    except UnicodeEncodeError:
        # A lone surrogate: no UTF-8 form, so not what was signed.
        return False


class OAuth1Signature(NamedTuple):
    """A signed OAuth 1.0a request: send ``authorization_header`` as the ``Authorization``
    header. ``base_string`` is what was signed; ``nonce`` and ``timestamp`` those given or
    generated."""

    signature: str
    base_string: str
    authorization_header: str
    nonce: str
    timestamp: int


Params = Union[Mapping[str, Union[str, Sequence[str]]], Iterable[Tuple[str, str]], None]

_DECIMAL = _re.compile(r"[1-9][0-9]{0,15}")


def _params(params: Params) -> List[str]:
    """Names and values in turn: a mapping of names to a value or a list of values (a repeated
    name), or ``(name, value)`` pairs. Decoded query and form-body parameters, never a JSON
    body; their order does not matter (the engine sorts them)."""
    out: List[str] = []

    def add(name: Any, value: Any) -> None:
        for x in (name, value):
            if not isinstance(x, str):
                raise PreflightError("invalid_argument", "params names and values must be str")
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise PreflightError(
                    "invalid_argument", "params contain a lone UTF-16 surrogate, which has no UTF-8 form"
                ) from None
            out.append(x)

    if params is None:
        return out
    if isinstance(params, (str, bytes)):
        raise PreflightError("invalid_argument", "params must be a mapping or (name, value) pairs")
    if isinstance(params, Mapping):
        for name, value in params.items():
            if isinstance(value, (list, tuple)):
                for v in value:
                    add(name, v)
            else:
                add(name, value)
        return out
    try:
        pairs = list(params)
    except TypeError:
        raise PreflightError("invalid_argument", "params must be a mapping or (name, value) pairs") from None
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise PreflightError("invalid_argument", "params must be a mapping or (name, value) pairs")
        add(pair[0], pair[1])
    return out


def _timestamp(value: Any) -> Any:
    """A given oauth_timestamp: an ``int`` as it is (the engine checks it), its canonical decimal
    text, or an aware ``datetime`` (the second it falls in). Anything else goes to the engine,
    which refuses it (``invalid_timestamp``)."""
    bad = PreflightError(
        "invalid_timestamp",
        "oauth_timestamp must be a positive whole number of seconds: an int, its decimal digits as a str, or a datetime",
    )
    if isinstance(value, str):
        if not _DECIMAL.fullmatch(value):
            raise bad
        return int(value)
    if isinstance(value, _dt.datetime):
        if value.tzinfo is None:
            raise bad
        return _math.floor(value.timestamp())
    return value


def oauth1_sign(
    method: str,
    url: str,
    *,
    consumer_key: str,
    consumer_secret: str,
    params: Params = None,
    token: Optional[str] = None,
    token_secret: Optional[str] = None,
    nonce: Optional[str] = None,
    timestamp: Union[int, str, _dt.datetime, None] = None,
    callback: Optional[str] = None,
    verifier: Optional[str] = None,
    realm: Optional[str] = None,
    step: Optional[str] = None,
    omit_version: Optional[bool] = None,
    **unknown: Any,
) -> OAuth1Signature:
    """Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849) and returns its
    :class:`OAuth1Signature` (``.authorization_header`` is the ``Authorization`` header).

    ``url`` may carry query parameters; ``params`` are the other request parameters (a form
    body's), decoded. ``nonce`` and ``timestamp`` are generated (32 random bytes from
    :mod:`secrets`, the current time) when not given; give both only in tests. ``step`` checks
    the request against a step of the 3-legged flow (``request_token``, ``authorize``,
    ``authenticate``, ``access_token``, ``invalidate_token``). The request is read by the engine
    with the wasm binding's checks: an unknown keyword is ``bad_options``, a member of the wrong
    type ``invalid_argument`` (``invalid_timestamp`` for the timestamp)."""
    request = dict(
        unknown,
        method=method,
        url=url,
        consumer_key=consumer_key,
        consumer_secret=consumer_secret,
        token=token,
        token_secret=token_secret,
        nonce=nonce,
        timestamp=_timestamp(timestamp),
        callback=callback,
        verifier=verifier,
        realm=realm,
        step=step,
        omit_version=omit_version,
    )
    entropy = None
    if nonce is None or timestamp is None:
        entropy = _secrets.token_bytes(32) + _struct.pack("<d", float(_math.floor(_time.time())))
    text = _native(_preflight.oauth1_sign, request, _params(params), entropy)
    s = _json.loads(text)
    return OAuth1Signature(
        s["signature"], s["base_string"], s["authorization_header"], s["nonce"], s["timestamp"]
    )


def basic_credentials(api_key: str, api_secret: str) -> str:
    """The value after ``Basic `` in the ``Authorization`` header of ``POST oauth2/token``
    (app-only authentication): the base64 of the percent-encoded key, ``:`` and secret."""
    return str(_native(_preflight.basic_credentials, _str(api_key, "api_key"), _str(api_secret, "api_secret")))


def token_request_body() -> str:
    """The body of ``POST oauth2/token``: ``grant_type=client_credentials``."""
    return str(_preflight.token_request_body())
