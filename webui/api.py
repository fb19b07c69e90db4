"""The JSON API and the live stream.

``GET /api/state`` is the board as data (the contract verdict and the hand in play);
``POST /api/events`` appends events, with the table PIN in ``X-Table-PIN``;
``GET /api/stream`` pushes the rendered board to a phone whenever the log grows
(server-sent events); ``GET /api/log`` is the log itself, for replay and disputes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import asdict
from functools import partial
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from referee.live import LiveState
from webui import table
from webui.i18n import language
from webui.pin import PinRefused
from webui.table import BadEvent, Snapshot
from webui.views import fragments, unlocked, view_of

bp = Blueprint("api", __name__, url_prefix="/api")


def state_json(snapshot: Snapshot) -> dict[str, Any]:
    return {
        "version": snapshot.version,
        "game": snapshot.game,
        "verdict": snapshot.replay.verdict.to_json(),
        "live": asdict(snapshot.live),
    }


@bp.get("/state")
def state() -> Any:
    return jsonify(state_json(table(current_app).snapshot))


@bp.get("/log")
def log() -> Any:
    """The log; while a Differenzler hand with hidden notes is played, only for a phone
    unlocked with the table PIN (the log holds the notes the board does not show)."""
    if _notes_hidden(table(current_app).snapshot) and not unlocked():
        message = "the log holds hidden predictions; it is shown once the hand is over"
        return jsonify(error=message), 403
    return Response(table(current_app).text(), mimetype="application/x-ndjson")


def _notes_hidden(snapshot: Snapshot) -> bool:
    live = snapshot.live
    hand = live.hand if isinstance(live, LiveState) else None
    view = hand.predictions if hand is not None else None
    return view is not None and view.hidden and any(view.predicted) and None in view.predictions


def _refused_pin() -> Any:
    """The answer to a request without the right PIN, or ``None`` to go on."""
    try:
        current_app.extensions["jassref.pin"].check(
            request.remote_addr or "?", request.headers.get("X-Table-PIN")
        )
    except PinRefused as refused:
        if refused.retry_after is not None:
            return jsonify(error=str(refused)), 429, {"Retry-After": str(refused.retry_after)}
        return jsonify(error=str(refused)), 401
    return None


@bp.post("/events")
def events() -> Any:
    refused = _refused_pin()
    if refused is not None:
        return refused
    body = request.get_data(cache=False, as_text=True)
    try:
        value = json.loads(body)
    except (ValueError, RecursionError) as error:
        # ValueError: not JSON, not UTF-8, or an integer of over 4300 digits;
        # RecursionError: nested deeper than the parser goes
        return jsonify(error=f"the body is not JSON ({error}); send an event object"), 400
    batch = value if isinstance(value, list) else [value]
    try:
        done = table(current_app).append(batch)
    except BadEvent as error:
        return jsonify(error=str(error)), 422
    except OSError as error:
        return jsonify(error=f"the game log could not be written ({error.strerror})"), 503
    return jsonify(
        accepted=done.indices,
        violations=[v.to_json() for v in done.violations],
        version=done.snapshot.version,
    ), 201


JPEG_START = b"\xff\xd8\xff"
MAX_FRAME_BYTES = 1024 * 1024


@bp.put("/frames/<int:seq>")
def frame(seq: int) -> Any:
    """The camera's picture of event ``seq`` (a JPEG body, the PIN in ``X-Table-PIN``),
    shown beside a violation at that event."""
    refused = _refused_pin()
    if refused is not None:
        return refused
    request.max_content_length = MAX_FRAME_BYTES
    jpeg = request.get_data(cache=False)
    if not jpeg.startswith(JPEG_START):
        return jsonify(error="the body is not a JPEG picture"), 415
    try:
        table(current_app).put_frame(seq, jpeg)
    except BadEvent as error:
        return jsonify(error=str(error)), 404
    except OSError as error:
        return jsonify(error=f"the picture could not be stored ({error.strerror})"), 503
    return jsonify(stored=seq), 201


@bp.get("/stream")
def stream() -> Response:
    """Server-sent events: ``board`` with the rendered page parts after every change
    past ``since`` (the version the page shows) or when ``game`` is no longer the
    current game; a comment line as keep-alive. Ends after ``STREAM_MAX_SECONDS`` or when
    the table closes (the browser's EventSource reconnects by itself)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    keepalive = float(app.config["STREAM_KEEPALIVE_SECONDS"])
    deadline = time.monotonic() + float(app.config["STREAM_MAX_SECONDS"])
    view = view_of()
    since = request.args.get("since", type=int, default=-1)
    game = request.args.get("game")

    def events() -> Iterator[str]:
        version, shown = since, game
        yield "retry: 1000\n\n"
        while time.monotonic() < deadline:
            snapshot = table(app).wait(version, shown, keepalive)
            if table(app).closed:
                return
            if snapshot.version == version and snapshot.game == shown:
                yield ": keep-alive\n\n"
                continue
            version, shown = snapshot.version, snapshot.game
            if unlocked():
                parts = fragments(snapshot, view)
            else:
                parts = app.extensions["jassref.renders"].get(
                    (shown, version), (view, language()), partial(fragments, snapshot, view)
                )
            payload = {"version": version, "game": shown, **parts}
            yield f"event: board\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"

    return Response(
        stream_with_context(events()),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
