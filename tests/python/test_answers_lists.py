"""The list readers of the Python package (``_answers_lists.py``): ``pages`` walks a list the way
``next_list_query`` decides. The readers' results themselves are the shared vectors'
(tests/python/test_answers_vectors.py)."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Tuple

import pytest

import preflight
from preflight import PreflightError


def _list(n: int) -> Tuple[List[Dict[str, Any]], Callable[[Dict[str, Any]], str]]:
    sent: List[Dict[str, Any]] = []

    def fetch(query: Dict[str, Any]) -> str:
        sent.append(dict(query))
        i = int(query["cursor"][1:]) if "cursor" in query else 0
        page: Dict[str, Any] = {"data": [{"id": f"r{i}"}], "next_cursor": f"c{i + 1}" if i + 1 < n else None}
        if i == 0:
            page["total_count"] = n
        return json.dumps(page)

    return sent, fetch


def test_pages_walks_every_page_and_stops_on_null() -> None:
    sent, fetch = _list(3)
    pages = list(preflight.pages(fetch, {"count": 1, "with_total_count": True}))
    assert [p["data"][0]["id"] for p in pages] == ["r0", "r1", "r2"]
    assert pages[0]["total_count"] == 3 and "total_count" not in pages[1]
    assert all(p["issues"] == [] for p in pages)
    assert sent == [{"count": 1, "with_total_count": True}, {"count": 1, "cursor": "c1"}, {"count": 1, "cursor": "c2"}]


def test_bytes_and_str_alike() -> None:
    assert list(preflight.pages(lambda q: b'{"data":[],"next_cursor":null}', {})) == [
        {"data": [], "next_cursor": None, "issues": []}
    ]
    assert preflight.read_list_page(b'{"data":[],"next_cursor":null}') == preflight.read_list_page(
        '{"data":[],"next_cursor":null}'
    )


def test_cursor_with_total_count_is_refused_before_any_fetch() -> None:
    fetched: List[Dict[str, Any]] = []

    def fetch(q: Dict[str, Any]) -> str:
        fetched.append(q)
        return '{"data":[],"next_cursor":null}'

    with pytest.raises(PreflightError) as e:
        preflight.pages(fetch, {"cursor": "c1", "with_total_count": True})
    assert e.value.code == "cursor_with_total_count"
    assert fetched == []


@pytest.mark.parametrize(
    "answer, code",
    [
        ('{"data":[],"next_cursor":"c0"}', "cursor_repeated"),
        ('{"data":[]}', "invalid_page"),
        ("<html>", "invalid_json"),
        (b"\xff", "invalid_json"),
        (42, "invalid_argument"),
    ],
)
def test_a_page_not_to_go_on_with_ends_the_walk(answer: Any, code: str) -> None:
    with pytest.raises(PreflightError) as e:
        list(preflight.pages(lambda q: answer, {"cursor": "c0"}))
    assert e.value.code == code


def test_fetch_errors_pass_through() -> None:
    def fetch(q: Dict[str, Any]) -> str:
        raise ConnectionError("down")

    with pytest.raises(ConnectionError):
        list(preflight.pages(fetch, {}))
    with pytest.raises(PreflightError):
        preflight.pages("not callable", {})  # type: ignore[arg-type]
