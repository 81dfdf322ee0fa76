"""Preflight: validation of ad-API payloads, normalization and SHA-256 hashing of audience
identifiers, and webhook signing, by the same Rust engine as the command line and the npm
package (the native module ``preflight._preflight``).

Results are the engine's: a report is the JSON text the engine writes, read with ``json.loads``,
so that every surface gives the same bytes (``Report.to_json()``). A wrong call raises
:class:`PreflightError` (a ``ValueError``) with the engine's ``code``.
"""

from __future__ import annotations

import datetime as _dt
import json as _json
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _preflight
from ._errors import PreflightError

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
]


class Issue:
    """One finding of a report: ``path`` (a JSON Pointer), ``code`` (stable snake_case),
    ``message``, ``severity`` (``"error"`` or ``"warning"``) and ``params`` (a dict)."""

    __slots__ = ("path", "code", "message", "severity", "params")

    def __init__(self, data: Dict[str, Any]) -> None:
        self.path: str = data["path"]
        self.code: str = data["code"]
        self.message: str = data["message"]
        self.severity: str = data["severity"]
        self.params: Dict[str, Any] = data.get("params", {})

    def __repr__(self) -> str:
        return f"Issue({self.severity} {self.code} at {self.path!r})"


class Report:
    """The result of :func:`validate`. ``to_json()`` is the engine's own text, byte for byte."""

    __slots__ = ("_text", "_data", "issues")

    def __init__(self, text: str) -> None:
        self._text = text
        self._data: Dict[str, Any] = _json.loads(text)
        self.issues: List[Issue] = [Issue(i) for i in self._data.get("issues", [])]

    @property
    def valid(self) -> bool:
        return bool(self._data["valid"])

    @property
    def errors(self) -> List[Issue]:
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> List[Issue]:
        return [i for i in self.issues if i.severity == "warning"]

    def to_dict(self) -> Dict[str, Any]:
        """The report as plain data (``json.loads`` of :meth:`to_json`)."""
        return dict(_json.loads(self._text))

    def to_json(self) -> str:
        """The report's JSON text as the engine wrote it."""
        return self._text

    def __bool__(self) -> bool:
        return self.valid

    def __repr__(self) -> str:
        return f"Report(valid={self.valid}, errors={len(self.errors)}, warnings={len(self.warnings)})"


LONE_SURROGATE = "the value contains a lone UTF-16 surrogate, which has no UTF-8 form"


def _native(call: Any, *args: Any, **kwargs: Any) -> Any:
    """A native call; a `str` argument with a lone surrogate (no UTF-8 form) is `invalid_utf8`
    with a fixed message (Python's own names the character and its position)."""
    try:
        return call(*args, **kwargs)
    except UnicodeEncodeError:
        raise PreflightError("invalid_utf8", LONE_SURROGATE) from None


def _payload_bytes(payload: Any) -> bytes:
    if isinstance(payload, (bytes, bytearray, memoryview)):
        return bytes(payload)
    if isinstance(payload, str):
        try:
            return payload.encode("utf-8")
        except UnicodeEncodeError:
            raise PreflightError(
                "invalid_json", "the payload is not valid JSON: it contains a lone UTF-16 surrogate"
            ) from None
    if isinstance(payload, (dict, list)):
        try:
            # NaN and infinities have no JSON form: refused rather than written as `NaN`.
            text = _json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except RecursionError:
            # Python's own limit (about 1000 levels) is far above the engine's MAX_DEPTH.
            raise PreflightError("too_deep", "the payload nests deeper than 128 levels") from None
        except (TypeError, ValueError):
            raise PreflightError(
                "invalid_argument",
                "payload must hold only JSON values (dict, list, str, int, finite float, bool, None)",
            ) from None
        return text.encode("utf-8", "surrogatepass")
    raise PreflightError("invalid_argument", "payload must be a dict, a list, str or bytes")


def _now_text(now: Any) -> Any:
    if isinstance(now, _dt.datetime):
        if now.tzinfo is None:
            # The engine's own code and message for a time without an offset.
            raise PreflightError(
                "bad_options",
                "now must be an RFC 3339 date-time with an offset, like 2026-11-21T09:30:00Z",
            )
        return now.isoformat()
    return now


def validate(
    kind: str,
    payload: Union[Dict[str, Any], List[Any], str, bytes],
    *,
    context: Optional[Dict[str, Any]] = None,
    now: Union[str, _dt.datetime, None] = None,
    max_issues: Optional[int] = None,
) -> Report:
    """Validates ``payload`` (a dict/list, or its JSON text as ``str`` or UTF-8 ``bytes``) as
    ``kind``. Returns a :class:`Report`; raises :class:`PreflightError` only for a wrong call
    (an unknown kind, unreadable JSON, bad options). The options are the engine's
    (``context``, ``now``, ``max_issues``), checked by the engine: a misspelt context fact is
    an error, never a silent rule switch."""
    options: Dict[str, Any] = {}
    if context is not None:
        options["context"] = context
    if now is not None:
        options["now"] = _now_text(now)
    if max_issues is not None:
        options["max_issues"] = max_issues
    try:
        options_text = _json.dumps(options, ensure_ascii=False, allow_nan=False) if options else ""
    except (TypeError, ValueError):
        raise PreflightError("bad_options", "options must hold only JSON values") from None
    if not isinstance(kind, str):
        raise PreflightError("invalid_argument", "kind must be a str")
    return Report(_native(_preflight.validate_json, kind, _payload_bytes(payload), options_text))


def kinds() -> List[str]:
    """The stable kind names."""
    return list(_json.loads(_preflight.kinds()))


def describe(kind: str) -> Dict[str, Any]:
    """What the engine checks for ``kind`` (fields, rules, limits)."""
    return dict(_json.loads(_native(_preflight.describe, _str(kind, "kind"))))


def json_schema(kind: str) -> Dict[str, Any]:
    """The JSON Schema (2020-12) of ``kind``."""
    return dict(_json.loads(_native(_preflight.json_schema, _str(kind, "kind"))))


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


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise PreflightError("invalid_argument", f"{name} must be a str")
    return value


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
    items = list(values)
    if not all(isinstance(v, str) for v in items):
        raise PreflightError("invalid_argument", "values must all be str")
    outputs, rejected = _native(_preflight.hash_identifiers, _str(type, "type"), items, **opts)
    return outputs, rejected


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
    return bool(_native(_preflight.verify_signature, _secret(consumer_secret), bytes(body), header))
