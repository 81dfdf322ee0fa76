"""The answer readers (docs/ANSWERS.md): one door into the engine, ``answers_call(name, args)``,
with the arguments as one ``dict`` (sent as JSON text) and the result as the JSON value the
engine wrote. The readers' rules, issues and errors are the engine's; this module only converts:
an answer's text given as ``str`` or as ``bytes`` (read as UTF-8), ``json.dumps`` of the
arguments and ``json.loads`` of the result. The typed readers of each area are
``_answers_<area>.py``."""

from __future__ import annotations

import json as _json
from typing import Any, List, Mapping

from . import _preflight
from ._errors import PreflightError


def answer_text(text: Any, name: str = "text") -> str:
    """An answer's text: a ``str`` as it is, ``bytes`` (or ``bytearray``, ``memoryview``) decoded
    as UTF-8; bytes that are not UTF-8 are ``invalid_json``, as the engine says of such text."""
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise PreflightError("invalid_json", f"{name}: the answer's bytes are not UTF-8") from None
    raise PreflightError("invalid_argument", f"{name} must be the answer's text, str or bytes")


def answers_call_text(name: str, args_json: str) -> str:
    """The result text of the answer reader ``name`` on ``args_json``, exactly as the engine
    wrote it."""
    if not isinstance(name, str) or not isinstance(args_json, str):
        raise PreflightError("invalid_argument", "answers_call_text takes a name and JSON text, both str")
    return _preflight.answers_call(name, args_json)


def answers_call(name: str, args: Mapping[str, Any]) -> Any:
    """The result of the answer reader ``name`` (one of :func:`answers_names`) on ``args`` (a
    ``dict``, sent as JSON), as a JSON value. Raises :class:`PreflightError` ``unknown_call``,
    ``bad_arguments``, or the reader's own codes."""
    try:
        args_json = _json.dumps(args, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        raise PreflightError("invalid_argument", "answers_call: args must be JSON data") from None
    try:
        return _json.loads(answers_call_text(name, args_json))
    except UnicodeEncodeError:
        # A str with a lone surrogate has no UTF-8 form: the arguments are no JSON the engine reads.
        raise PreflightError("bad_arguments", "arguments: not JSON") from None


def answers_names() -> List[str]:
    """The names :func:`answers_call` takes, in the engine's order."""
    return list(_preflight.answers_names())
