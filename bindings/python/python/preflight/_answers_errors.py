"""Error bodies and OAuth token answers (document A §2, §3, §7; docs/ANSWERS.md): the platform's
default failure body (Error or Problem, its sub-shape by ``type`` suffix) and the answers of
``oauth/request_token``, ``oauth/access_token`` and ``1.1/oauth/invalidate_token``. The rules,
issues and errors are the engine's (src/answers/problem.rs, src/answers/oauth.rs).

A token answer is a :class:`TokenAnswer`, a ``dict`` whose ``repr`` and ``str`` write
``<redacted>`` for the tokens, the secrets, the user's id and name and the values of ``extra``,
so that printing or logging it leaks none of them; read the members by key
(``answer["oauth_token_secret"]``). ``json.dumps`` of it writes the dict as it is."""

from __future__ import annotations

from typing import Any, Dict, Optional

from ._answers import answer_text, answers_call
from ._answers_lists import AnswerText

_REDACTED = "<redacted>"
# The members of a token answer that hold a token, a secret or the user's identity.
_SECRET_MEMBERS = ("oauth_token", "oauth_token_secret", "access_token", "user_id", "screen_name")


class TokenAnswer(Dict[str, Any]):
    """A token answer: a ``dict`` of the engine's result, whose ``repr``/``str`` redact the
    tokens, secrets, the user's id and name and the values of ``extra``."""

    def redacted(self) -> Dict[str, Any]:
        """A copy with the secret members (and the values of ``extra``) as ``"<redacted>"``."""
        out: Dict[str, Any] = {}
        for name, value in self.items():
            if name in _SECRET_MEMBERS and value is not None:
                out[name] = _REDACTED
            elif name == "extra" and isinstance(value, dict):
                out[name] = {k: _REDACTED for k in value}
            else:
                out[name] = value
        return out

    def __repr__(self) -> str:
        return f"TokenAnswer({self.redacted()!r})"

    __str__ = __repr__


def read_error_body(text: AnswerText, content_type: Optional[str] = None, status: Optional[int] = None) -> Dict[str, Any]:
    """An error body read: ``{"shape", "problem", "error", "errors", "issues"}``, the member of
    its shape set and the others ``None``. ``content_type``: the Content-Type header;
    ``status``: the HTTP status. Raises ``invalid_json`` or ``too_deep`` for text that is not
    JSON, ``bad_arguments`` for a ``status`` that is not an HTTP status."""
    args: Dict[str, Any] = {"text": answer_text(text)}
    if content_type is not None:
        args["content_type"] = content_type
    if status is not None:
        args["status"] = status
    body: Dict[str, Any] = answers_call("error_body", args)
    return body


def read_request_token(text: AnswerText) -> TokenAnswer:
    """The answer of ``oauth/request_token``: ``{"oauth_token", "oauth_token_secret",
    "oauth_callback_confirmed": True, "extra", "issues"}``. Raises ``callback_not_confirmed``
    when ``oauth_callback_confirmed`` is anything but the literal ``true`` (do not use the
    request token), ``invalid_token_answer`` (not such a form, a name written twice, a token or
    secret missing)."""
    return TokenAnswer(answers_call("request_token", {"text": answer_text(text)}))


def read_access_token(text: AnswerText) -> TokenAnswer:
    """The answer of ``oauth/access_token``: ``{"oauth_token", "oauth_token_secret", "user_id",
    "screen_name", "extra", "issues"}``. Raises ``invalid_token_answer``."""
    return TokenAnswer(answers_call("access_token", {"text": answer_text(text)}))


def read_invalidate_token(text: AnswerText) -> TokenAnswer:
    """The answer of ``1.1/oauth/invalidate_token``: ``{"access_token", "extra", "issues"}``.
    Raises ``invalid_json`` for text that is not JSON."""
    return TokenAnswer(answers_call("invalidate_token", {"text": answer_text(text)}))
