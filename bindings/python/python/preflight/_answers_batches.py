"""Batch answers (document B §3, §4, §7): the answer of a products PUT mapped to the products
sent, and the answers of audience upload bodies mapped back to every input record. The rules are
the engine's (``src/answers/products.rs``, ``src/answers/audience.rs``); this module only shapes
the arguments: the result of :func:`preflight.audience_bodies` taken as it is, answers as
``str`` or ``bytes``."""

from __future__ import annotations

import json as _json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._answers import answer_text, answers_call
from ._bodies import AudienceBodies
from ._errors import PreflightError

AnswerText = Union[str, bytes, bytearray, memoryview]


def read_product_answer(sent: Union[AnswerText, Mapping[str, Any]], text: AnswerText) -> Dict[str, Any]:
    """The answer of a products PUT (``text``) mapped to the products of the body sent (``sent``:
    its JSON text, or the mapping sent): ``{"products", "unmatched", "counts", "issues"}``, one
    entry per product sent with its ``outcome`` (``created``, ``updated``, ``unchanged``,
    ``error``, ``unknown``, ``unanswered``, ``ignored``). Raises ``invalid_json`` or ``too_deep``
    (the answer is not JSON) and ``bad_arguments`` (``sent`` is not ``{"products": [...]}``)."""
    if isinstance(sent, Mapping):
        sent_text = _json.dumps(sent, ensure_ascii=False, allow_nan=False)
    else:
        sent_text = answer_text(sent, "sent")
    result: Dict[str, Any] = answers_call("product_answer", {"sent": sent_text, "text": answer_text(text)})
    return result


def _body(body: Any, records: Any, i: int) -> Dict[str, Any]:
    if isinstance(body, str):
        return {"json": body} if records is None else {"json": body, "records": list(records)}
    if isinstance(body, Mapping) and isinstance(body.get("json"), str):
        recs = body.get("records")
        return {"json": body["json"]} if recs is None else {"json": body["json"], "records": list(recs)}
    raise PreflightError("invalid_argument", f"bodies[{i}] must be a body's JSON text or {{json, records}}")


def _reply_text(answer: AnswerText, i: int) -> str:
    """An audience answer's text: bytes that are not UTF-8 are no JSON text, so they go in as
    text that is not JSON (its body's records to retry, ``not_json``, as the CLI reads such a
    file), not as an error of the whole call."""
    try:
        return answer_text(answer, f"answers[{i}]")
    except PreflightError as e:
        if e.code == "invalid_json":
            return ""
        raise


def audience_outcome(
    built: Union[AudienceBodies, Sequence[Any]],
    answers: Sequence[Optional[AnswerText]],
    *,
    rows: Optional[Sequence[Optional[int]]] = None,
) -> Dict[str, Any]:
    """The outcome of every input record: ``built`` is the result of
    :func:`preflight.audience_bodies` (its bodies, their records and the rejected records, taken
    as they are) or a sequence of bodies (each its JSON text or ``{"json", "records"}``);
    ``answers[i]`` the answer's text to body ``i`` (``None``: no answer); ``rows`` the input row
    of each record, by index. Returns ``{"records", "bodies", "retry", "counts"}``: every record
    once, in input order, ``accepted``, ``rejected``, ``failed`` (the platform's code and
    message) or ``retry`` (with its reason), and the bodies to retry. Raises ``bad_arguments``
    (answers not one per body, a record given twice, records not one per user)."""
    rejected: Optional[List[Dict[str, Any]]] = None
    if isinstance(built, AudienceBodies):
        bodies = [_body(b, built.records[i] if i < len(built.records) else None, i) for i, b in enumerate(built.bodies)]
        rejected = [{"index": p.index, "code": p.code} for p in built.rejected]
    elif isinstance(built, Sequence) and not isinstance(built, (str, bytes)):
        bodies = [_body(b, None, i) for i, b in enumerate(built)]
    else:
        raise PreflightError(
            "invalid_argument", "audience_outcome: the bodies must be the result of audience_bodies or a list of bodies"
        )
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Sequence):
        raise PreflightError("invalid_argument", "audience_outcome: the answers must be a list, one per body")
    texts = [None if a is None else _reply_text(a, i) for i, a in enumerate(answers)]
    args: Dict[str, Any] = {"bodies": bodies, "answers": texts}
    if rejected is not None:
        args["rejected"] = rejected
    if rows is not None:
        args["rows"] = list(rows)
    result: Dict[str, Any] = answers_call("audience_outcome", args)
    return result
