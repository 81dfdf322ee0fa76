"""Upload bodies for the custom audience users and do-not-reach users endpoints."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass as _dataclass
import json as _json
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Set, Union

from . import _preflight
from ._common import _native
from ._errors import PreflightError

#: The identifier fields of a record, in the engine's order (``IdType::ALL``).
FIELDS = ("email", "phone_number", "handle", "device_id", "service_id", "partner_user_id")

#: The date-time options and the engine's code for each one's bad value.
_DATE_CODES = {"effective_at": "invalid_effective_at", "expires_at": "invalid_expires_at", "now": "invalid_now"}

Record = Mapping[str, Union[str, Sequence[str], None]]
DateTime = Union[str, _dt.datetime, None]


@_dataclass(frozen=True)
class Problem:
    """A user left out of the bodies (``rejected``) or a value left out of a user that was kept
    (``dropped``): the record's position in the input, the field and the value's position in
    that field (``None`` when the problem is the whole record's), and the engine's code."""

    index: int
    field: Optional[str]
    value_index: Optional[int]
    code: str


class AudienceBodies(NamedTuple):
    """The request bodies, in input order. ``bodies``: each body's JSON text exactly as the
    engine wrote it (send these bytes: ``body.encode()``; ``json.loads`` to inspect);
    ``records``: the input positions of each body's users; ``rejected``, ``dropped``: the
    problems, in input order."""

    bodies: List[str]
    records: List[List[int]]
    rejected: List[Problem]
    dropped: List[Problem]


def _date(value: Any, name: str) -> Any:
    """A date-time option: ISO 8601 text in UTC as given (the engine checks it), or an aware
    ``datetime``, as its instant in UTC (``2026-11-21T09:30:00Z`` for a whole second)."""
    if not isinstance(value, _dt.datetime):
        return value
    if value.tzinfo is None:
        raise PreflightError(_DATE_CODES[name], f"{name} is a datetime without a time zone")
    utc = value.astimezone(_dt.timezone.utc)
    text = utc.strftime("%Y-%m-%dT%H:%M:%S")
    if utc.microsecond == 0:
        return text + "Z"
    if utc.microsecond % 1000 == 0:
        return f"{text}.{utc.microsecond // 1000:03d}Z"
    return f"{text}.{utc.microsecond:06d}Z"


def _utf8(value: str) -> bool:
    try:
        value.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def audience_bodies(
    endpoint: str,
    records: Iterable[Record],
    *,
    operation: Optional[str] = None,
    effective_at: DateTime = None,
    expires_at: DateTime = None,
    now: DateTime = None,
    max_users_per_body: Optional[int] = None,
    max_body_bytes: Optional[int] = None,
    phone_format: Optional[str] = None,
    default_country_code: Optional[str] = None,
    prehashed: Optional[bool] = None,
    **unknown: Any,
) -> AudienceBodies:
    """Request bodies for ``endpoint`` (``"custom_audience_users"`` or
    ``"do_not_reach_users"``) from ``records``: each a mapping of identifier fields (see
    :data:`FIELDS`) to a value or a list of values, and optionally its own ``country`` (a
    calling code or an ISO region, for its phone numbers).

    Each value is normalized and hashed by the engine, users fill bodies in input order up to
    ``max_users_per_body`` (at most ``MAX_USERS_PER_BODY``, 2,500) and ``max_body_bytes`` (at
    most 5,000,000), and every user or value left out is reported with its code, never
    silently. ``operation`` (``"Update"`` or ``"Delete"``) is required; ``effective_at``,
    ``expires_at`` and ``now`` are ISO 8601 text in UTC or aware ``datetime`` values; the hash
    options are :func:`hash_identifier`'s. The options are read by the engine with the wasm
    binding's checks (an unknown one is ``bad_options``, a limit out of range
    ``invalid_limits``)."""
    if not isinstance(endpoint, str):
        raise PreflightError("unknown_endpoint", "the endpoint must be custom_audience_users or do_not_reach_users")
    options: Dict[str, Any] = dict(
        unknown,
        operation=operation,
        effective_at=_date(effective_at, "effective_at"),
        expires_at=_date(expires_at, "expires_at"),
        now=_date(now, "now"),
        max_users_per_body=max_users_per_body,
        max_body_bytes=max_body_bytes,
        phone_format=phone_format,
        default_country_code=default_country_code,
        prehashed=prehashed,
    )
    if isinstance(records, (str, bytes, Mapping)):
        raise PreflightError("invalid_argument", "records must be an iterable of mappings")
    try:
        items = list(records)
    except TypeError:
        raise PreflightError("invalid_argument", "records must be an iterable of mappings") from None

    values: List[str] = []
    counts: List[int] = []
    # Problems found here (values that cannot be passed), by input index.
    early: List[Problem] = []
    # For a record with values left out here: per field, the input position of each value passed.
    positions: Dict[int, Dict[str, List[int]]] = {}
    for i, rec in enumerate(items):
        if not isinstance(rec, Mapping):
            raise PreflightError("invalid_record", f"records[{i}] is not a mapping")
        for key in rec:
            if key not in FIELDS and key != "country":
                raise PreflightError(
                    "invalid_record",
                    f"records[{i}] has an unknown member; expected {', '.join(FIELDS)}, country",
                )
        kept: Optional[Dict[str, List[int]]] = None
        for field in FIELDS:
            v = rec.get(field)
            given: Optional[Sequence[Any]]
            if v is None:
                given = ()
            elif isinstance(v, str):
                given = (v,)
            elif isinstance(v, (list, tuple)):
                given = v
            else:
                given = None
            if given is None:
                early.append(Problem(i, field, None, "not_a_string"))
                counts.append(0)
                continue
            n = 0
            for k, x in enumerate(given):
                code = "not_a_string" if not isinstance(x, str) else None if _utf8(x) else "invalid_utf8"
                if code is not None:
                    early.append(Problem(i, field, k, code))
                    if kept is None:
                        kept = {}
                    kept.setdefault(field, list(range(k)))
                    continue
                if kept is not None and field in kept:
                    kept[field].append(k)
                values.append(x)
                n += 1
            counts.append(n)
        country = rec.get("country")
        if country is None:
            counts.append(0)
        elif not isinstance(country, str) or not _utf8(country):
            raise PreflightError(
                "invalid_record", f"records[{i}].country must be a str (a calling code or an ISO region)"
            )
        else:
            values.append(country)
            counts.append(1)
        if kept is not None:
            positions[i] = kept

    out = _json.loads(_native(_preflight.audience_bodies, endpoint, values, counts, options))

    def problem(p: List[Any]) -> Problem:
        index, field, at, code = p
        if at is not None and field is not None:
            # The input position of the value (values left out here shift the engine's).
            moved = positions.get(index, {}).get(field)
            if moved is not None and at < len(moved):
                at = moved[at]
        return Problem(index, field, at, code)

    engine_rejected = [problem(p) for p in out["rejected"]]
    engine_dropped = [problem(p) for p in out["dropped"]]
    is_rejected: Set[int] = {p.index for p in engine_rejected}
    had_early = {p.index for p in early}

    def merge(engine: List[Problem], mine: List[Problem]) -> List[Problem]:
        # Both in input order; a problem found here goes before the engine's of the same record.
        merged: List[Problem] = []
        a = b = 0
        while a < len(mine) or b < len(engine):
            if b >= len(engine) or (a < len(mine) and mine[a].index <= engine[b].index):
                merged.append(mine[a])
                a += 1
            else:
                merged.append(engine[b])
                b += 1
        return merged

    # Each problem found here goes with its user: rejected when the engine left the user out
    # (then a no_identifiers of a user whose every value was left out here is not repeated),
    # dropped otherwise.
    rejected = merge(
        [p for p in engine_rejected if not (p.code == "no_identifiers" and p.index in had_early)],
        [p for p in early if p.index in is_rejected],
    )
    dropped = merge(engine_dropped, [p for p in early if p.index not in is_rejected])
    # The accepted records fill the bodies in input order.
    per_body: List[List[int]] = []
    r = 0
    for count in out["users"]:
        ids: List[int] = []
        while len(ids) < count and r < len(items):
            if r not in is_rejected:
                ids.append(r)
            r += 1
        per_body.append(ids)
    return AudienceBodies(list(out["bodies"]), per_body, rejected, dropped)
