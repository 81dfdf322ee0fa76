"""List answers (documents B and C, "Common conventions"): one page read, the query of the next
page, and a walk over every page. The rules are the engine's (src/answers/list.rs); ``pages``
only loops: the decision to go on is :func:`next_list_query`'s, so that a walk stops or fails
exactly where the Rust one does."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Union

from ._answers import answer_text, answers_call
from ._errors import PreflightError

AnswerText = Union[str, bytes, bytearray, memoryview]


def read_list_page(text: AnswerText) -> Dict[str, Any]:
    """One page of a list call's answer: ``{"data", "next_cursor", "total_count" (when present),
    "issues"}``; ``next_cursor`` is ``None`` on the last page and on a page that does not say
    (an issue at ``/next_cursor`` tells why). Raises ``invalid_json`` or ``too_deep`` for text
    that is not JSON."""
    page: Dict[str, Any] = answers_call("list_page", {"text": answer_text(text)})
    return page


def next_list_query(query: Mapping[str, Any], page: AnswerText) -> Optional[Dict[str, Any]]:
    """The query of the page after ``page`` (the answer to ``query``): ``query`` with ``cursor``
    set to the page's ``next_cursor`` and ``with_total_count`` left out; ``None`` after the last
    page. Raises ``cursor_with_total_count`` (both in ``query``), ``invalid_page`` (the page does
    not say whether another follows), ``cursor_repeated`` (the page gives back the cursor sent)."""
    nxt: Optional[Dict[str, Any]] = answers_call(
        "list_next_query", {"query": query, "page": answer_text(page, "page")}
    )
    return nxt


def pages(fetch: Callable[[Dict[str, Any]], AnswerText], query: Mapping[str, Any]) -> Iterator[Dict[str, Any]]:
    """Every page of a list, read: ``fetch(query)`` sends one query and returns the answer's
    text; the first query is ``query``, each next one :func:`next_list_query`'s. Ends after the
    last page. Raises ``cursor_with_total_count`` before anything is fetched, the errors of
    :func:`next_list_query`, and what ``fetch`` raises."""
    if not callable(fetch):
        raise PreflightError("invalid_argument", "pages: fetch must be callable")
    # The exclusive rule, checked before the first fetch: against a page that says nothing.
    next_list_query(query, '{"data":[],"next_cursor":null}')
    return _walk(fetch, dict(query))


def _walk(fetch: Callable[[Dict[str, Any]], AnswerText], first: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
    nxt: Optional[Dict[str, Any]] = first
    while nxt is not None:
        text = answer_text(fetch(nxt), "the text fetch returned")
        page = read_list_page(text)
        after = next_list_query(nxt, text)
        yield page
        nxt = after
