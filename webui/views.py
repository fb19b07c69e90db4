"""The board page and its forms (the ``board`` blueprint).

Watching needs nothing; changing the game needs the table PIN once per phone (the
session remembers it) and a CSRF token in every form. Each form becomes contract
events appended to the table's log; a bad value is a message and changes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    session,
    url_for,
)

from referee.cards import SUIT_LETTERS, SUIT_NAMES
from referee.modes import MODES
from webui import csrf, table
from webui.boards.cards import SYMBOLS, card_svg
from webui.boards.styles import View, render_board, side_names
from webui.boards.zboard import FIGURES, REMAINDERS
from webui.forms import (
    FormError,
    hand_events,
    play_events,
    rescore_event,
    score_events,
    trump_events,
)
from webui.pin import PinRefused
from webui.table import BadEvent, Snapshot

bp = Blueprint("board", __name__)
bp.before_request(csrf.require)


@bp.app_context_processor
def _globals() -> dict[str, Any]:
    return {"csrf_token": csrf.token, "card_svg": card_svg, "mode_name": mode_name}


def mode_name(mode: str | None) -> str:
    if mode is None:
        return "not chosen yet"
    if mode in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(mode)
        return f"{SYMBOLS[mode]} {SUIT_NAMES['french'][suit]} ({SUIT_NAMES['swiss'][suit]})"
    return mode.capitalize()


def _pin_mark() -> str:
    """What the session keeps after an unlock: bound to this PIN and secret key, so a
    new PIN locks every phone again."""
    seed = f"{current_app.config['SECRET_KEY']}:{current_app.config['TABLE_PIN']}"
    return hashlib.sha256(seed.encode()).hexdigest()[:24]


def unlocked() -> bool:
    return session.get("unlocked") == _pin_mark()


def view_of() -> View:
    """The viewer's choices: from the query (remembered in the session) or defaults."""
    config = current_app.config
    for key, allowed in (("side", ("0", "1")), ("figure", FIGURES), ("remainder", REMAINDERS)):
        value = request.args.get(key)
        if value in allowed:
            session[key] = value
    return View(
        bottom=int(session.get("side", "0")),
        figure=session.get("figure", config["FIGURE"]),
        remainder=session.get("remainder", config["REMAINDER"]),
    )


def fragments(snapshot: Snapshot, view: View) -> dict[str, str]:
    """The live parts of the page, rendered for this viewer."""
    verdict = snapshot.replay.verdict.to_json()
    context = {
        "snapshot": snapshot,
        "verdict": verdict,
        "live": snapshot.live,
        "names": side_names(verdict["variant"]),
        "view": view,
        "unlocked": unlocked(),
        "modes": MODES,
        "board_svg": render_board(verdict, view),
    }
    return {
        "board": render_template("_board.html", **context),
        "controls": render_template("_controls.html", **context),
    }


@bp.get("/")
def index() -> str:
    snapshot = table(current_app).snapshot
    view = view_of()
    return render_template(
        "board.html",
        snapshot=snapshot,
        view=view,
        unlocked=unlocked(),
        figures=FIGURES,
        remainders=REMAINDERS,
        **fragments(snapshot, view),
    )


@bp.get("/fonts/chalk.woff2")
def chalk_font() -> Any:
    path = Path(current_app.config["CHALK_FONT"])
    if not path.is_file():
        abort(404, "The chalk font is not installed (Debian package fonts-comic-neue).")
    return send_file(path, mimetype="font/woff2", max_age=86400)


@bp.post("/unlock")
def unlock() -> Any:
    try:
        current_app.extensions["jassref.pin"].check(
            request.remote_addr or "?", request.form.get("pin", "")
        )
    except PinRefused as refused:
        flash(str(refused), "error")
        return redirect(url_for("board.index"))
    session["unlocked"] = _pin_mark()
    flash("Unlocked: this phone can now enter and correct the game.", "info")
    return redirect(url_for("board.index"))


@bp.post("/lock")
def lock() -> Any:
    session.pop("unlocked", None)
    return redirect(url_for("board.index"))


def _change(build: Callable[[], list[dict]], done: str) -> Any:
    """Runs a form: checks the unlock, builds the events, appends them; every failure
    is a flashed sentence and leaves the log as it was."""
    if not unlocked():
        flash("Enter the table PIN first: watching is free, changing the game is not.", "error")
        return redirect(url_for("board.index")), 303
    try:
        table(current_app).append(build())
    except (FormError, BadEvent) as error:
        flash(str(error), "error")
    except OSError as error:
        flash(f"The game log could not be written ({error.strerror}); nothing changed.", "error")
    else:
        flash(done, "info")
    return redirect(url_for("board.index")), 303


def _live() -> Any:
    return table(current_app).snapshot.live


@bp.post("/hand")
def new_hand() -> Any:
    return _change(lambda: hand_events(request.form, _live()), "New hand started.")


@bp.post("/trump")
def trump() -> Any:
    return _change(lambda: trump_events(request.form, _live()), "Game chosen.")


@bp.post("/play")
def play() -> Any:
    card = request.form.get("card", "")
    return _change(lambda: play_events(request.form, _live()), f"Played {card}.")


@bp.post("/score")
def score() -> Any:
    return _change(lambda: score_events(request.form, _live()), "Hand booked.")


@bp.post("/rescore")
def rescore() -> Any:
    lines = table(current_app).snapshot.replay.score_lines
    return _change(lambda: rescore_event(request.form, lines), "Hand corrected.")


@bp.post("/undo")
def undo() -> Any:
    def build() -> list[dict]:
        last = table(current_app).snapshot.replay.last_line
        if last is None:
            raise FormError("there is nothing to undo")
        return [{"event": "correction", "replaces": last, "with": None}]

    return _change(build, "Undone: the last event is struck out (a correction in the log).")
