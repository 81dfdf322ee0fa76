"""Validation: :func:`validate`, :class:`Report`, the kinds and their descriptions."""

from __future__ import annotations

import datetime as _dt
import json as _json
from typing import Any, Dict, List, Optional, Union

from . import _preflight
from ._common import _native, _str
from ._errors import PreflightError

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
        # A non-`str` key (json.dumps would write `1` as "1"), too deep, or too many values:
        # refused before json.dumps writes it (src/payload.rs).
        _preflight.check_payload(payload)
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
        if options:
            _preflight.check_payload(options)
        options_text = _json.dumps(options, ensure_ascii=False, allow_nan=False) if options else ""
    except (TypeError, ValueError, RecursionError):
        # A PreflightError of check_payload is a ValueError: a context with a non-str key is
        # bad options too.
        raise PreflightError("bad_options", "options must hold only JSON values") from None
    if not isinstance(kind, str):
        raise PreflightError("invalid_argument", "kind must be a str")
    if isinstance(payload, (dict, list)):
        # One native walk into the engine's document, the one the text below would parse to
        # (src/payload.rs `build`); None: a payload that walk leaves to the text path, which
        # decides it with its own errors.
        text = _native(_preflight.validate_object, kind, payload, options_text)
        if text is not None:
            return Report(text)
        # Left to the text path: the kind and the options first, as the engine checks them
        # before it reads a payload (a payload too deep to write, with bad options, is
        # bad_options natively too).
        _native(_preflight.validate_json, kind, b"null", options_text)
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
