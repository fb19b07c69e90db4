"""The board in German, French and English: the browser's choice, switchable on the page.

The board has about a hundred short sentences and no plural rules beyond "1 rule /
n rules", so the catalogue is a Python dictionary (English text → German, French)
rather than gettext files: nothing to compile at install time on the Pi, and a test
checks that every string the templates and forms use has all three languages. The
referee's proof sentences stay in the referee's English: they quote the log and are
what a dispute is settled on.
"""

from __future__ import annotations

from flask import request, session

from webui.catalogue import CATALOGUE

LANGUAGES = ("de", "fr", "en")
NAMES = {"de": "Deutsch", "fr": "Français", "en": "English"}


def language() -> str:
    """The page's language: chosen on the page (kept in the session), else the best
    match of the browser's Accept-Language, else English."""
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        session["lang"] = chosen
    kept = session.get("lang")
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES, default="en")


def gettext(text: str, **values: object) -> str:
    """``text`` in the page's language, with ``{name}`` fields filled from ``values``."""
    lang = language()
    translated = text if lang == "en" else CATALOGUE.get(text, {}).get(lang, text)
    return translated.format(**values) if values else translated
