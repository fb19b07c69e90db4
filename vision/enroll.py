"""Enrollment: a user shows each card of their own deck once, and gets a deck profile.

The guide asks for one card at a time (the terminal prints which one next). A card is
taken when exactly one card-shaped thing has lain still for ``STEADY`` frames — the
low-resolution stream tells stillness cheaply — and the confirmation (``confirm``; on
the Pi the LED blinks, in the terminal a bell and a line) tells the user to show the
next. The profile is the same kind the built-in designs have, so an enrolled deck is
read by the same identifier, with the same threshold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import cv2
import numpy as np

from referee.cards import CARDS, card_display
from vision.detect import find_cards
from vision.geometry import rectify, refine_corners
from vision.profile import DeckProfile
from vision.sources import Frame

STEADY = 3
"""Frames in a row with one card lying still before it is taken."""
STILL = 4.0
"""Mean absolute change of the low-resolution grey image, in grey levels, below which
the table counts as still."""


class EnrollmentIncomplete(RuntimeError):
    """The frames ran out before every card was shown."""


def enroll(
    frames: Iterable[Frame],
    name: str,
    style: str = "french",
    prompt: Callable[[str], None] = print,
    confirm: Callable[[int], None] = lambda card: None,
) -> DeckProfile:
    views: dict[int, list[np.ndarray]] = {}
    order = list(CARDS)
    stream = iter(frames)
    for c in order:
        prompt(f"show {card_display(c, 'swiss' if style == 'swiss' else 'french')} alone")
        views[c] = [_take_one(stream)]
        confirm(c)
    return DeckProfile.from_rectified(name, style, views)


def _take_one(stream: Iterable[Frame]) -> np.ndarray:
    previous: np.ndarray | None = None
    steady = 0
    for frame in stream:
        moving = previous is not None and _change(previous, frame.lores) > STILL
        previous = frame.lores
        quads = find_cards(frame.main).quads
        if moving or len(quads) != 1:
            steady = 0
            continue
        steady += 1
        if steady >= STEADY:
            # Cut as the reader cuts: on the outline refined on the full picture, so
            # that the template and every later view of the card line up.
            grey = cv2.cvtColor(frame.main, cv2.COLOR_BGR2GRAY)
            return rectify(frame.main, refine_corners(grey, quads[0]))
    raise EnrollmentIncomplete("the camera stopped before every card was shown")


def _change(a: np.ndarray, b: np.ndarray) -> float:
    return float(cv2.absdiff(a, b).mean()) if a.shape == b.shape else 255.0
