"""The phone page of ``jassref enroll``: which card to show next, and each view taken.

Enrolling a deck means showing the camera 36 cards, three times each, with one's eyes on
the mat; the Pi has no screen, and a terminal on a laptop across the room is no help.
A phone beside the mat shows the card asked for (its face, drawn as on the board),
how far along the deck is, what to fix when the card must be moved, what the camera
sees, and flashes green at each view taken, as the status light winks.

Built like the board (:func:`webui.create_app`): an application factory, the page and
its JSON in one blueprint. The enrollment itself runs elsewhere (:mod:`jassref.enroll`):
the app is given a function returning its state as a mapping
(:meth:`vision.enroll_guide.GuideState.to_json`), which the page asks for twice a
second, so this package needs nothing of the card reader.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, render_template

from webui.boards.cards import FACES, card_svg

POLL_MS = 500
"""How often the page asks for the state, in milliseconds: a view is taken within a
second of the card lying still, and the player looks up about as often."""
MISSED_POLLS = 4
"""Unanswered asks in a row after which the page says the guide is not answering: the
command ended without a word (killed), or the Pi is off."""
PICTURE_MS = 1000
"""How often the page asks for the camera's picture, in milliseconds (one at a time)."""
FACE_WIDTH = 150
"""Width of the card face shown, in CSS pixels: readable at arm's length."""

log = logging.getLogger(__name__)
page = Blueprint("enrollment", __name__)


def create_enrollment_app(
    state: Callable[[], Mapping[str, object]],
    faces: str = "french",
    picture: Callable[[], bytes | None] | None = None,
) -> Flask:
    """The enrollment page over ``state`` (the guide's state as a mapping, as
    :meth:`vision.enroll_guide.GuideState.to_json` gives it).

    :param faces: ``"french"`` or ``"swiss"``: how the card asked for is drawn.
    :param picture: the camera's latest picture as JPEG (``None`` before the first),
        shown under the card asked for: where the guide waits, the player sees why (a
        card at the picture's edge, another card in view, a hand)."""
    if faces not in FACES:
        raise ValueError(f"faces must be one of {', '.join(FACES)}, not {faces!r}")
    app = Flask(__name__)
    app.config.update(ENROLLMENT_STATE=state, CARD_FACES=faces, CAMERA_PICTURE=picture)
    app.register_blueprint(page)
    return app


def _shown() -> dict[str, object]:
    """The state, with the face of the card asked for drawn (``None`` for a card Jass
    leaves out, or before the first)."""
    shown = dict(current_app.config["ENROLLMENT_STATE"]())
    card = shown.get("card")
    faces = current_app.config["CARD_FACES"]
    shown["face"] = card_svg(str(card), FACE_WIDTH, faces) if card else None
    return shown


@page.get("/")
def index() -> str:
    return render_template(
        "enroll.html",
        state=_shown(),
        poll_ms=POLL_MS,
        missed_polls=MISSED_POLLS,
        camera=current_app.config["CAMERA_PICTURE"] is not None,
        picture_ms=PICTURE_MS,
    )


@page.get("/guide.json")
def guide() -> object:
    response = jsonify(_shown())
    response.headers["Cache-Control"] = "no-store"
    return response


@page.get("/camera.jpg")
def camera() -> Response:
    picture = current_app.config["CAMERA_PICTURE"]
    try:
        jpeg = None if picture is None else picture()
    except Exception as error:  # a picture it cannot make: said once, not once a second
        if not current_app.config.get("CAMERA_FAILED"):
            current_app.config["CAMERA_FAILED"] = True
            log.warning("the camera's picture for the page failed: %s", error)
        abort(503)
    if jpeg is None:
        abort(404)
    response = Response(jpeg, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response
