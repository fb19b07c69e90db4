"""CSRF protection for the board's forms: a per-session token in every form.

The forms change the game on the strength of the session (unlocked with the PIN), so a
page elsewhere must not be able to post them. The JSON API needs no token: it takes the
PIN in a header on every request, which another site cannot set.
"""

from __future__ import annotations

import hmac
import secrets

from flask import abort, request, session

FIELD = "csrf"


def token() -> str:
    if FIELD not in session:
        session[FIELD] = secrets.token_urlsafe(32)
    return session[FIELD]


def require() -> None:
    """Before every form post: a missing or foreign token is refused (400)."""
    if request.method != "POST":
        return
    sent = request.form.get(FIELD, "")
    if not hmac.compare_digest(sent.encode(), session.get(FIELD, "").encode()) or not sent:
        abort(400, "This form has expired or did not come from this board; reload the page.")
