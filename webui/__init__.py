"""The live web tavla: a Flask application for the phones at the table (issue 7).

Built like Flask's tutorial app: :func:`create_app` is the factory, the page and its
forms are the ``board`` blueprint, the JSON API and the live stream the ``api``
blueprint. The game itself is a :class:`webui.table.Table` over the event log.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from store import GameStore
from webui import config as defaults
from webui import state
from webui.pin import PinGuard
from webui.shared_renders import SharedRenders
from webui.table import Table

log = logging.getLogger(__name__)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.from_object(defaults)
    app.config.from_envvar("JASSREF_WEBUI_SETTINGS", silent=True)
    app.config.from_prefixed_env("JASSREF")
    app.config.update(config or {})
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = secrets.token_hex(32)

    header = {"event": "game", "variant": app.config["VARIANT"], "target": app.config["TARGET"]}
    if app.config["STORE_PATH"]:
        _open_store(app, header)
    else:
        _open_log(app, header)
    app.extensions["jassref.renders"] = SharedRenders()
    app.extensions["jassref.pin"] = PinGuard(
        app.config["TABLE_PIN"],
        int(app.config["PIN_MAX_FAILURES"]),
        float(app.config["PIN_LOCKOUT_SECONDS"]),
    )

    from webui import api, camera, views

    app.register_blueprint(views.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(camera.bp)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _internal_error)
    _compile_templates(app)
    return app


def _open_store(app: Flask, header: dict[str, Any]) -> None:
    """The table's games in its SQLite store; the PIN is kept there too."""
    games = GameStore(app.config["STORE_PATH"])
    pin = str(app.config["TABLE_PIN"] or games.setting("pin") or state.new_pin())
    games.set_setting("pin", pin)
    app.config["TABLE_PIN"] = pin
    app.extensions["jassref.store"] = games
    app.extensions["jassref.table"] = Table.from_store(games, header)


def _open_log(app: Flask, header: dict[str, Any]) -> None:
    """The game in a JSON Lines file (or memory), its PIN and current file beside it."""
    path = Path(app.config["LOG_PATH"]) if app.config["LOG_PATH"] else None
    saved = state.load(state.state_path(path)) if path is not None else None
    pin = str(app.config["TABLE_PIN"] or (saved.pin if saved else state.new_pin()))
    app.config["TABLE_PIN"] = pin
    if saved is not None and saved.log and path is not None:
        path = path.with_name(saved.log)
    app.extensions["jassref.table"] = Table.open(header, path)
    if path is not None:
        where = state.state_path(Path(app.config["LOG_PATH"]))
        state.save(where, state.TableState(pin, path.name))
        app.extensions["jassref.remember"] = lambda new: state.save(
            where, state.TableState(pin, new.name)
        )


def _compile_templates(app: Flask) -> None:
    """Compiles every template now. Left to the first request, the first change after
    a start found every open phone's stream compiling the same templates at once (50
    threads, one GIL): the board stalled for 2-3 s (docs/benchmarks.md)."""
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)


def table(app: Flask) -> Table:
    return app.extensions["jassref.table"]


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _http_error(error: HTTPException) -> Any:
    code = error.code or 500
    if _wants_json():
        return jsonify(error=error.description), code
    return render_template("error.html", message=error.description, code=code), code


def _internal_error(error: Exception) -> Any:
    """A bug of ours: logged with its traceback, one plain sentence to the user."""
    log.exception("internal error", exc_info=error)
    message = "Something went wrong on the board's side (it is logged); reload to see the game."
    if _wants_json():
        return jsonify(error=message), 500
    return render_template("error.html", message=message, code=500), 500
