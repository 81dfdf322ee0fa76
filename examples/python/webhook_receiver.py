"""A webhook receiver for the platform's events (Document A, shared/spec/signing.md) on FastAPI,
built on the ``preflight`` package: the CRC answer, signed events verified over the raw body
bytes, and a replay window (old events refused, duplicate ids within the window dropped).
README.md beside this file gives every choice (status codes, fields, limits, logs).

    CONSUMER_SECRET=... uvicorn webhook_receiver:app_from_env --factory --app-dir examples/python

From code (tests, or embedding in an application)::

    app = create_app(ReceiverConfig(consumer_secret=b"...", clock=lambda: 1_790_000_000.0))
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import logging
import os
import time
from typing import Any, Callable, Dict, MutableMapping, Optional, Tuple

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse

import preflight

#: The event signature header (shared/spec/signing.md), matched in any case.
SIGNATURE_HEADER = "x-service-webhooks-signature"
#: The environment variable read by :func:`app_from_env`.
SECRET_VARIABLE = "CONSUMER_SECRET"
#: How old an event may be, in seconds, when it arrives (the spec gives no window: our choice).
DEFAULT_WINDOW_SECONDS = 300.0
#: How far in the future an event's time may be, in seconds (clocks differ a little).
DEFAULT_FUTURE_SKEW_SECONDS = 60.0
#: The largest body read, in bytes; a larger one is 413.
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
#: Event ids remembered at most; when full, a new event is 503 (the platform redelivers).
DEFAULT_MAX_SEEN_IDS = 100_000
#: The longest usable id string, in characters.
MAX_ID_LENGTH = 256
#: Event fields tried for the id, in order (the spec: "receivers deduplicate by event id").
ID_FIELDS = ("event_id", "id")
#: The longest `created_at` text read, and the most digits of `created_timestamp` (Unix
#: milliseconds: 16 digits reach past the year 2286).
MAX_TIME_TEXT = 64
MAX_TIMESTAMP_DIGITS = 16

log = logging.getLogger("webhook_receiver")


def _json(status: int, error: str) -> JSONResponse:
    return JSONResponse({"error": error}, status_code=status, headers={"cache-control": "no-store"})


def event_key(event: Dict[str, Any]) -> Optional[str]:
    """``field:value`` of the first of :data:`ID_FIELDS` holding a non-empty string of at most
    :data:`MAX_ID_LENGTH` characters or an integer (not a bool); ``None`` when there is none."""
    for field in ID_FIELDS:
        v = event.get(field)
        if isinstance(v, str) and 0 < len(v) <= MAX_ID_LENGTH:
            return f"{field}:{v}"
        if isinstance(v, int) and not isinstance(v, bool) and len(str(v)) <= MAX_ID_LENGTH:
            return f"{field}:{v}"
    return None


def event_time(event: Dict[str, Any]) -> Optional[float]:
    """The event's time as Unix seconds, from ``created_at`` (an RFC 3339 date-time with an
    offset) or else ``created_timestamp`` (Unix milliseconds, an integer or a string of digits);
    ``None`` when neither is readable. Document A does not show the event payload: these are
    the platform's usual fields, and the function can be replaced (``ReceiverConfig.event_time``)."""
    at = event.get("created_at")
    if isinstance(at, str) and 0 < len(at) <= MAX_TIME_TEXT:
        text = at[:-1] + "+00:00" if at[-1:] in ("Z", "z") else at
        try:
            parsed = _dt.datetime.fromisoformat(text)
        except ValueError:
            parsed = None
        if parsed is not None and parsed.tzinfo is not None:
            return parsed.timestamp()
    ms = event.get("created_timestamp")
    if isinstance(ms, str) and 0 < len(ms) <= MAX_TIMESTAMP_DIGITS and ms.isascii() and ms.isdigit():
        return int(ms) / 1000.0
    if isinstance(ms, int) and not isinstance(ms, bool) and 0 <= ms < 10**MAX_TIMESTAMP_DIGITS:
        return ms / 1000.0
    return None


@dataclasses.dataclass
class ReceiverConfig:
    """What :func:`create_app` needs. ``consumer_secret`` is required; the rest have defaults.

    - ``clock``: the current time as Unix seconds (``time.time``; tests pass a fixed one).
    - ``window_seconds``: an event older than this when it arrives is refused; ids are kept
      this long, so a duplicate within the window is always caught.
    - ``future_skew_seconds``: an event dated further ahead than this is refused.
    - ``on_event``: called once per new verified event; raising makes the answer 500 and the
      id is forgotten, so a redelivery is processed.
    - ``event_time``: reads an event's time (:func:`event_time`)."""

    consumer_secret: bytes
    path: str = "/webhook"
    header_name: str = SIGNATURE_HEADER
    clock: Callable[[], float] = time.time
    window_seconds: float = DEFAULT_WINDOW_SECONDS
    future_skew_seconds: float = DEFAULT_FUTURE_SKEW_SECONDS
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    max_seen_ids: int = DEFAULT_MAX_SEEN_IDS
    on_event: Callable[[Dict[str, Any]], None] = lambda event: None
    event_time: Callable[[Dict[str, Any]], Optional[float]] = event_time

    def __post_init__(self) -> None:
        if not isinstance(self.consumer_secret, bytes) or not self.consumer_secret:
            raise ValueError("consumer_secret must be non-empty bytes")
        if not self.window_seconds > 0 or not self.future_skew_seconds >= 0:
            raise ValueError("window_seconds must be > 0 and future_skew_seconds >= 0")
        if self.max_body_bytes < 1 or self.max_seen_ids < 1:
            raise ValueError("max_body_bytes and max_seen_ids must be at least 1")

    def __repr__(self) -> str:  # never the secret
        return f"ReceiverConfig(path={self.path!r}, window_seconds={self.window_seconds})"


class SeenIds:
    """Event ids seen within the window, each with its event time; pruned as the window moves."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._ids: Dict[str, float] = {}

    def prune(self, oldest: float) -> None:
        for key in [k for k, t in self._ids.items() if t < oldest]:
            del self._ids[key]

    def __contains__(self, key: str) -> bool:
        return key in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def add(self, key: str, at: float) -> None:
        self._ids[key] = at

    def forget(self, key: str) -> None:
        self._ids.pop(key, None)


async def _read_body(request: Request, limit: int) -> Optional[bytes]:
    """The raw body, or ``None`` when it is larger than ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return None
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(config: ReceiverConfig) -> FastAPI:
    """The receiver as a FastAPI application serving ``config.path`` (GET: CRC, POST: events)."""
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    seen = SeenIds(config.max_seen_ids)
    app.state.seen = seen

    def done(method: str, status: int, reason: str) -> None:
        # Fixed words only: never the secret, a token, a header, a body or a query.
        log.info("%s %s %d %s", method, config.path, status, reason)

    @app.get(config.path)
    async def crc(request: Request) -> Response:
        tokens = request.query_params.getlist("crc_token")
        if not tokens:
            done("GET", 400, "missing_crc_token")
            return _json(400, "missing_crc_token")
        if len(tokens) > 1:
            done("GET", 400, "duplicate_crc_token")
            return _json(400, "duplicate_crc_token")
        try:
            answer = preflight.crc_response(config.consumer_secret, tokens[0])
        except preflight.PreflightError as e:
            # A token outside the spec's shape is never signed (the signing-oracle guard).
            done("GET", 400, e.code)
            return _json(400, e.code)
        done("GET", 200, "crc_answered")
        return JSONResponse({"response_token": answer}, headers={"cache-control": "no-store"})

    @app.post(config.path)
    async def event(request: Request) -> Response:
        body = await _read_body(request, config.max_body_bytes)
        if body is None:
            done("POST", 413, "body_too_large")
            return _json(413, "body_too_large")
        headers = request.headers.getlist(config.header_name)
        if not headers:
            done("POST", 401, "missing_signature")
            return _json(401, "missing_signature")
        # Two headers of that name: which one the sender meant cannot be known.
        header = headers[0] if len(headers) == 1 else None
        if not preflight.verify_signature(config.consumer_secret, body, header):
            done("POST", 403, "signature_not_verified")
            return _json(403, "signature_not_verified")
        try:
            parsed = json.loads(body)
        except (ValueError, RecursionError):
            done("POST", 400, "invalid_json")
            return _json(400, "invalid_json")
        if not isinstance(parsed, dict):
            # A CRC answer for a token of digits is a valid signature of that number as a body:
            # only a JSON object is an event.
            done("POST", 400, "event_not_an_object")
            return _json(400, "event_not_an_object")
        now = config.clock()
        at = config.event_time(parsed)
        if at is None:
            done("POST", 400, "missing_event_time")
            return _json(400, "missing_event_time")
        if at < now - config.window_seconds or at > now + config.future_skew_seconds:
            done("POST", 400, "event_outside_window")
            return _json(400, "event_outside_window")
        seen.prune(now - config.window_seconds)
        key = event_key(parsed)
        if key is not None:
            if key in seen:
                done("POST", 200, "duplicate")
                return Response(status_code=200)
            if len(seen) >= seen.limit:
                done("POST", 503, "too_many_events")
                return _json(503, "too_many_events")
            seen.add(key, at)
        try:
            config.on_event(parsed)
        except Exception:
            if key is not None:
                seen.forget(key)
            done("POST", 500, "processing_failed")
            return _json(500, "processing_failed")
        done("POST", 200, "processed" if key is not None else "processed_without_id")
        return Response(status_code=200)

    return app


def config_from_env(environ: Optional[MutableMapping[str, str]] = None) -> ReceiverConfig:
    """A config with the secret taken out of ``CONSUMER_SECRET`` (then removed from the
    environment, so that child processes and crash dumps do not carry it)."""
    secret = (os.environ if environ is None else environ).pop(SECRET_VARIABLE, "")
    if not secret:
        raise SystemExit(f"{SECRET_VARIABLE} is not set")
    return ReceiverConfig(consumer_secret=secret.encode("utf-8"))


def app_from_env() -> FastAPI:
    """The uvicorn factory: ``uvicorn webhook_receiver:app_from_env --factory``. Its request
    lines go to stderr (uvicorn configures only its own loggers)."""
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("webhook-receiver: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return create_app(config_from_env())


__all__: Tuple[str, ...] = (
    "ReceiverConfig",
    "create_app",
    "app_from_env",
    "config_from_env",
    "event_key",
    "event_time",
    "SIGNATURE_HEADER",
)
