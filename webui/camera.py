"""The camera's view on the board: the table checks, and with the PIN sets, the seats.

Why on the board: the mat's outline tells the camera where the table is, not where
seat 0 sits; a wrong side gives every card the wrong player. The board shows the
camera's latest picture with the mat and the seats drawn, and one tap of an unlocked
phone says where seat 0 really sits (the calibration's one-step confirmation).

The camera itself lives in the service (``jassref.camera_table``); the board knows it
only as a :class:`TableCamera` in ``app.extensions["jassref.camera"]`` (absent: no
camera, and nothing of this is shown).
"""

from __future__ import annotations

from typing import Any, Protocol

from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for

from webui import csrf
from webui.i18n import gettext as _
from webui.views import unlocked

SIDES = ("bottom", "right", "top", "left")
"""The picture's sides, counter-clockwise: the seats follow seat 0 in this order."""

bp = Blueprint("camera", __name__)
bp.before_request(csrf.require)


class TableCamera(Protocol):
    """What the board needs of the service's camera."""

    seat0: str

    def view(self) -> bytes | None:
        """The latest picture (JPEG) with the mat and the seats drawn, or ``None``."""

    def seat0_at(self, side: str) -> None:
        """Seat 0 sits at ``side`` of the picture from now on."""


def camera() -> TableCamera | None:
    return current_app.extensions.get("jassref.camera")


@bp.app_context_processor
def _in_templates() -> dict[str, Any]:
    return {"camera": camera(), "seat_sides": SIDES}


@bp.get("/camera.jpg")
def view() -> Any:
    """The camera's latest picture with the seats drawn; never cached (it is live)."""
    seen = camera()
    jpeg = seen.view() if seen is not None else None
    if jpeg is None:
        abort(404, _("The camera has not found the mat yet."))
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.post("/seat0")
def seat0() -> Any:
    """An unlocked phone says on which side of the picture seat 0 sits."""
    seen, side = camera(), request.form.get("side", "")
    if not unlocked():
        flash(_("Enter the table PIN first: watching is free, changing the game is not."), "error")
    elif seen is None:
        flash(_("There is no camera at this table."), "error")
    elif side not in SIDES:
        flash(_("Seat 0 sits at the bottom, right, top or left of the picture."), "error")
    else:
        seen.seat0_at(side)
        flash(_("Seat 0 now sits at the {side} of the camera's picture.", side=_(side)), "info")
    return redirect(url_for("board.index")), 303
