"""Enrollment: a user shows each card of their own deck, and gets a deck profile.

The guide asks for one card at a time (the terminal prints which one next) and takes
``VIEWS`` views of it: laid on the mat, then moved twice to another place. A view is
taken when exactly one card-shaped thing has lain still for ``STEADY`` frames — the
low-resolution stream tells stillness cheaply — after the table has changed since the
last view (the card moved, or taken away and the next laid down), and each is confirmed
(``confirm``; on the Pi the LED blinks, in the terminal a bell and a line).

Why several views: a template cut from one camera view carries that view's light, noise,
focus and outline error, and every later read of the card is compared with it. Measured
on rendered decks (docs/benchmarks.md), one view per card let look-alikes (clubs and
spades drawn small) be named wrong; the best of three views, each under its own light,
fits a card's later views as a printed template would. The profile is the same kind
the built-in designs have, so an enrolled deck is read by the same identifier.
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
VIEWS = 3
"""Views taken of each card, each in another place on the mat."""
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
    views: int = VIEWS,
) -> DeckProfile:
    """The profile of the deck shown in ``frames``: ``prompt`` says what to show next,
    ``confirm`` is told each card as each of its ``views`` is taken."""
    taken: dict[int, list[np.ndarray]] = {c: [] for c in CARDS}
    stream = iter(frames)
    first = True
    for c in CARDS:
        shown = card_display(c, "swiss" if style == "swiss" else "french")
        prompt(f"show {shown} alone" + (", then move it after each beep" if views > 1 else ""))
        for _ in range(views):
            taken[c].append(_take_one(stream, wait_for_change=not first))
            first = False
            confirm(c)
    return DeckProfile.from_rectified(name, style, taken)


def _take_one(stream: Iterable[Frame], wait_for_change: bool) -> np.ndarray:
    """The next view of one card lying still — with ``wait_for_change``, only after the
    table has changed: in the moment after a beep the last view still lies there, and
    it must not be taken again (as the same card's next view or as the next card)."""
    previous: np.ndarray | None = None
    steady = 0
    for frame in stream:
        moving = previous is not None and _change(previous, frame.lores) > STILL
        previous = frame.lores
        quads = find_cards(frame.main).quads
        if moving or len(quads) != 1:
            wait_for_change, steady = False, 0
            continue
        if wait_for_change:
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
