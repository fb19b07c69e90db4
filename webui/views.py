"""The board page and its forms (the ``board`` blueprint).

Watching needs nothing; changing the game needs the table PIN once per phone (the
session remembers it) and a CSRF token in every form. Each form becomes contract
events appended to the table's log (or, for a new game, a new log); a bad value is a
message and changes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
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

from referee import VARIANTS
from referee.live import LiveState, pending_unread
from referee.live_games import GamesLive
from referee.modes import MODES
from referee.weis import WEIS_VALUES
from webui import csrf, forms_family, forms_games, table
from webui.boards.cards import FACES, card_svg
from webui.boards.coiffeur import label as slot_label
from webui.boards.styles import View, render_board
from webui.boards.zboard import FIGURES, REMAINDERS
from webui.forms import (
    FormError,
    award_events,
    bedanken_events,
    fix_card_event,
    game_header,
    hand_events,
    play_events,
    rescore_event,
    score_events,
    stoeck_events,
    trump_events,
    weis_events,
)
from webui.i18n import LANGUAGES, NAMES, language
from webui.i18n import gettext as _
from webui.names import Names, mode_name, mode_symbol, variant_name
from webui.pin import PinRefused
from webui.qr import page_qr_svg
from webui.table import BadEvent, Snapshot

bp = Blueprint("board", __name__)
bp.before_request(csrf.require)


@bp.app_context_processor
def _globals() -> dict[str, Any]:
    return {
        "_": _,
        "csrf_token": csrf.token,
        "mode_name": mode_name,
        "mode_symbol": mode_symbol,
        "slot_label": lambda slot: slot_label(slot.name, slot.multiplier),
        "variant_name": variant_name,
        "lang": language(),
        "languages": [(code, NAMES[code]) for code in LANGUAGES],
    }


def _pin_mark() -> str:
    """What the session keeps after an unlock: bound to this PIN and secret key, so a
    new PIN locks every phone again."""
    seed = f"{current_app.config['SECRET_KEY']}:{current_app.config['TABLE_PIN']}"
    return hashlib.sha256(seed.encode()).hexdigest()[:24]


def unlocked() -> bool:
    return session.get("unlocked") == _pin_mark()


def view_of() -> View:
    """The viewer's choices: from the query (remembered in the session) or the
    table's defaults."""
    config = current_app.config
    choices = (
        ("side", ("0", "1")),
        ("figure", FIGURES),
        ("remainder", REMAINDERS),
        ("faces", FACES),
    )
    for key, allowed in choices:
        value = request.args.get(key)
        if value in allowed:
            session[key] = value
    return View(
        bottom=int(session.get("side", "0")),
        figure=session.get("figure", config["FIGURE"]),
        remainder=session.get("remainder", config["REMAINDER"]),
        faces=session.get("faces", config["CARD_FACES"]),
    )


CLOSE_AT = 257
"""A side is "close to the target" when one hand can take it there: 257 is a plain
trump hand with match (157 + 100) before any multiplier."""


def _on_the_table(snapshot: Snapshot) -> dict[int, str]:
    """Seat → card of the trick on the table (or the last finished one)."""
    live = snapshot.live
    hand = live.talon if isinstance(live, GamesLive) else live.hand
    return dict(hand.trick.plays) if hand is not None and hand.trick is not None else {}


def _rules_form() -> list[dict[str, object]]:
    """The house rules of each variant for the new-game form, from the referee's own
    description (``rules_class.describe()``), so a rule added there shows here."""
    return [
        {
            "variant": name,
            "target": getattr(cls.rules_class(), "target", None),
            "rules": [r for r in cls.rules_class.describe() if r["name"] != "target"],
        }
        for name, cls in VARIANTS.items()
    ]


def fragments(snapshot: Snapshot, view: View) -> dict[str, str]:
    """The live parts of the page, rendered for this viewer."""
    verdict = snapshot.replay.verdict.to_json()
    names = Names.of(snapshot.replay.header, verdict["variant"])
    game = snapshot.replay.game
    context = {
        "family": isinstance(snapshot.live, LiveState),
        "accepts": game.accepts,
        "snapshot": snapshot,
        "verdict": verdict,
        "live": snapshot.live,
        "names": names,
        "view": view,
        "unlocked": unlocked(),
        "modes": MODES,
        "weis_values": sorted(WEIS_VALUES),
        "variants": VARIANTS,
        "card": lambda code, width=44: card_svg(code, width, view.faces),
        "plays": _on_the_table(snapshot),
        "unread": pending_unread(snapshot.replay.play_lines),
        "close_at": CLOSE_AT,
        "rules": _rules_form(),
        "board_svg": render_board(verdict, view, names.sides),
    }
    return {
        "board": render_template("_board.html", **context),
        "controls": render_template("_controls.html", **context),
    }


def board_url() -> str:
    """The address the QR code gives: the table's (``PUBLIC_URL``, set by ``jassref
    serve`` to the Pi's address) or the one this phone used."""
    return current_app.config["PUBLIC_URL"] or request.host_url


@bp.get("/")
def index() -> str:
    snapshot = table(current_app).snapshot
    view = view_of()
    url = board_url()
    return render_template(
        "board.html",
        snapshot=snapshot,
        view=view,
        unlocked=unlocked(),
        figures=FIGURES,
        remainders=REMAINDERS,
        faces=FACES,
        qr_svg=page_qr_svg(url),
        qr_url=url,
        variants=VARIANTS,
        **fragments(snapshot, view),
    )


@bp.get("/fonts/chalk.woff2")
def chalk_font() -> Any:
    path = Path(current_app.config["CHALK_FONT"])
    if not path.is_file():
        abort(404, _("The chalk font is not installed (Debian package fonts-comic-neue)."))
    return send_file(path, mimetype="font/woff2", max_age=86400)


def _refusal(refused: PinRefused) -> str:
    if refused.retry_after is not None:
        return _("Too many wrong PINs; try again in {n} s.", n=refused.retry_after)
    if refused.left is None:
        return _("No PIN given.")
    return _("Wrong PIN ({n} tries left).", n=refused.left)


@bp.post("/unlock")
def unlock() -> Any:
    try:
        current_app.extensions["jassref.pin"].check(
            request.remote_addr or "?", request.form.get("pin", "")
        )
    except PinRefused as refused:
        flash(_refusal(refused), "error")
        return redirect(url_for("board.index"))
    session["unlocked"] = _pin_mark()
    flash(_("Unlocked: this phone can now enter and correct the game."), "info")
    return redirect(url_for("board.index"))


@bp.post("/lock")
def lock() -> Any:
    session.pop("unlocked", None)
    return redirect(url_for("board.index"))


def _change(build: Callable[[], list[dict]], done: str) -> Any:
    """Runs a form: checks the unlock, builds the events, appends them; every failure
    is a flashed sentence and leaves the log as it was."""
    if not unlocked():
        flash(_("Enter the table PIN first: watching is free, changing the game is not."), "error")
        return redirect(url_for("board.index")), 303
    try:
        table(current_app).append(build())
    except FormError as error:
        flash(str(error), "error")
    except BadEvent as error:
        flash(_("Not saved: {why}", why=error), "error")
    except OSError as error:
        flash(
            _("The game log could not be written ({why}); nothing changed.", why=error.strerror),
            "error",
        )
    else:
        flash(done, "info")
    return redirect(url_for("board.index")), 303


def _live() -> Any:
    return table(current_app).snapshot.live


def _games_live() -> GamesLive:
    """The live state of a two-player game or Schnüffler; a form of those games sent
    to a Schieber board is a clear message, not a crash."""
    live = _live()
    if not isinstance(live, GamesLive):
        raise FormError(_("this form is not for a game of Schieber"))
    return live


def _games(build: Callable[[Any, GamesLive], list[dict]]) -> Callable[[], list[dict]]:
    return lambda: build(request.form, _games_live())


def _either(schieber: Callable, games: Callable) -> Callable[[], list[dict]]:
    """The events of a form both kinds of board have (a hand, a card, stöck, a claim,
    a turned-up trump card)."""

    def build() -> list[dict]:
        live = _live()
        return (games if isinstance(live, GamesLive) else schieber)(request.form, live)

    return build


@bp.post("/hand")
def new_hand() -> Any:
    return _change(_either(hand_events, forms_games.hand_events), _("New hand started."))


@bp.post("/turnup")
def turnup() -> Any:
    turned = _either(forms_family.turnup_events, forms_games.turnup_events)
    return _change(turned, _("Trump card turned."))


@bp.post("/draw")
def draw() -> Any:
    return _change(_games(forms_games.draw_events), _("Draw written."))


@bp.post("/rob")
def rob() -> Any:
    return _change(_games(forms_games.rob_events), _("The face-up card is robbed."))


@bp.post("/meld")
def meld() -> Any:
    return _change(_games(forms_games.meld_events), _("Meld declared."))


@bp.post("/question")
def question() -> Any:
    return _change(_games(forms_games.question_events), _("Question written."))


@bp.post("/guess")
def guess() -> Any:
    return _change(_games(forms_games.guess_events), _("Guess written."))


@bp.post("/next-game")
def next_game() -> Any:
    header = table(current_app).snapshot.replay.header
    return _change(
        lambda: forms_games.next_game_events(_games_live(), header),
        _("Next game of the series started."),
    )


@bp.post("/trump")
def trump() -> Any:
    def build() -> list[dict]:
        live = _live()
        coiffeur = isinstance(live, LiveState) and live.hand is not None and live.hand.coiffeur
        chosen = forms_family.coiffeur_trump_events if coiffeur else trump_events
        return chosen(request.form, live)

    return _change(build, _("Game chosen."))


def _family(build: Callable[[Any, LiveState], list[dict]]) -> Callable[[], list[dict]]:
    """The events of a form of the Schieber family; sent to another board, a message."""

    def events() -> list[dict]:
        live = _live()
        if not isinstance(live, LiveState):
            raise FormError(_("this form is not for this game"))
        return build(request.form, live)

    return events


@bp.post("/bid")
def bid() -> Any:
    return _change(_family(forms_family.bid_events), _("Bid written."))


@bp.post("/pass")
def pass_call() -> Any:
    return _change(_family(forms_family.pass_events), _("«fort» written."))


@bp.post("/double")
def double() -> Any:
    return _change(_family(forms_family.double_events), _("Doubled."))


@bp.post("/counter")
def counter() -> Any:
    return _change(_family(forms_family.counter_events), _("Countered."))


@bp.post("/predict")
def predict() -> Any:
    return _change(_family(forms_family.predict_events), _("Prediction written."))


@bp.post("/play")
def play() -> Any:
    card = request.form.get("card", "")
    build = _either(play_events, forms_games.play_events)
    return _change(lambda: _confirming(build()), _("Played {card}.", card=card))


def _confirming(events: list[dict]) -> list[dict]:
    """A card given for the seat whose play the camera wrote unread puts that line
    right (a ``correction``), instead of a second play of the same seat."""
    pending = pending_unread(table(current_app).snapshot.replay.play_lines)
    if pending is None or [e.get("seat") for e in events] != [pending[1]]:
        return events
    return [{"event": "correction", "replaces": pending[0], "with": events[0]}]


@bp.post("/weis")
def weis() -> Any:
    return _change(lambda: weis_events(request.form, _live()), _("Weis announced."))


@bp.post("/stoeck")
def stoeck() -> Any:
    return _change(_either(stoeck_events, forms_games.stoeck_events), _("Stöck announced."))


@bp.post("/bedanken")
def bedanken() -> Any:
    return _change(_either(bedanken_events, forms_games.claim_events), _("Claim written."))


@bp.post("/score")
def score() -> Any:
    return _change(_family(score_events), _("Hand booked."))


@bp.post("/rescore")
def rescore() -> Any:
    lines = table(current_app).snapshot.replay.score_lines
    return _change(lambda: rescore_event(request.form, lines), _("Hand corrected."))


@bp.post("/fix-card")
def fix_card() -> Any:
    plays = table(current_app).snapshot.replay.play_lines
    return _change(lambda: fix_card_event(request.form, plays), _("Card corrected."))


@bp.post("/award")
def award() -> Any:
    """Applies the players' decision on a violation (issue 4: "otherwise the violation
    is shown and the players decide")."""

    def build() -> list[dict]:
        replay = table(current_app).snapshot.replay
        return award_events(request.form, replay.verdict.to_json(), replay.game.accepts("award"))

    return _change(build, _("The players' decision is written (an award in the log)."))


@bp.post("/undo")
def undo() -> Any:
    def build() -> list[dict]:
        last = table(current_app).snapshot.replay.last_line
        if last is None:
            raise FormError(_("there is nothing to undo"))
        return [{"event": "correction", "replaces": last, "with": None}]

    return _change(build, _("Undone: the last event is struck out (a correction in the log)."))


@bp.get("/frames/<game>/<int:seq>.jpg")
def frame(game: str, seq: int) -> Any:
    """The camera's picture of an event of the current game (the proof of a violation)."""
    jpeg = table(current_app).frame(game, seq)
    if jpeg is None:
        abort(404, _("No picture of that moment was kept."))
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "max-age=86400"})


@bp.post("/new-game")
def new_game() -> Any:
    """A new game in a new log; the finished (or abandoned) one stays as it was."""
    if not unlocked():
        flash(_("Enter the table PIN first: watching is free, changing the game is not."), "error")
        return redirect(url_for("board.index")), 303
    the_table = table(current_app)
    try:
        log = the_table.new_game(game_header(request.form))
    except (FormError, BadEvent) as error:
        flash(str(error), "error")
    except OSError as error:
        flash(
            _("The game log could not be written ({why}); nothing changed.", why=error.strerror),
            "error",
        )
    else:
        remember = current_app.extensions.get("jassref.remember")
        if remember is not None:
            remember(log)
        flash(_("New game started."), "info")
    return redirect(url_for("board.index")), 303
