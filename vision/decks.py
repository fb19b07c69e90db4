"""Which deck profiles a command reads cards with, and the error a user can fix.

Shared by every ``jassref vision`` command (and ``jassref enroll``), so a bad
``--deck`` reads the same everywhere.
"""

from __future__ import annotations

from pathlib import Path

from vision.art import BUILT_IN, DESIGNS, ArtUnavailable
from vision.identify import Identifier
from vision.names import VisionUserError
from vision.profile import DeckProfile


def identifier_for(deck: str | None) -> Identifier:
    """The built-in designs, or one deck: a built-in design's name or a profile file."""
    try:
        if deck is None:
            return Identifier([DeckProfile.from_design(d) for d in BUILT_IN])
        if deck in DESIGNS:
            return Identifier([DeckProfile.from_design(DESIGNS[deck])])
        path = Path(deck)
        if not path.exists():
            raise VisionUserError(f"--deck {deck}: neither a deck design nor a profile file")
        return Identifier([DeckProfile.load(path)])
    except ValueError as error:
        raise VisionUserError(f"--deck {deck}: {error}") from None
    except ArtUnavailable as error:
        raise VisionUserError(str(error)) from None
