"""Enrollment: a user shows each card of their own deck, and gets a deck profile.

The guide asks for one card at a time (the terminal prints which one next) and takes
``VIEWS`` views of it: laid on the mat, then moved twice to another place. A view is
taken when exactly one card-shaped thing has lain still, clear of the picture's edge,
for ``STEADY`` frames — the low-resolution stream tells stillness cheaply — after the
table has changed since the last view (the card moved, or taken away and the next laid
down), and each is confirmed (``confirm``: in the terminal a bell and a line; at the
table the status light winks and the buzzer beeps, and a phone page shows the card
asked for, :mod:`jassref.enroll`).

Why several views: a template cut from one camera view carries that view's light, noise,
focus and outline error, and every later read of the card is compared with it. Measured
on rendered decks (docs/benchmarks.md), one view per card let look-alikes (clubs and
spades drawn small) be named wrong; the best of three views, each under its own light,
fits a card's later views as a printed template would. The profile is the same kind
the built-in designs have, so an enrolled deck is read by the same identifier.

Why the views must agree: a view whose outline was found wrong (a corner on the table's
pattern, a side cut short by a shadow) or that was taken mid-blur is a template of
something else, and a read matched to it is a wrong card. Views that show one card
alike — their fine pictures correlate by ``AGREE`` or more — are kept; until ``VIEWS``
of them agree, the card is asked for again, up to ``MOST_VIEWS`` views. Views are
compared as the templates they would become (:func:`vision.profile.as_template`: the
lamp's colour and a shadow's shade taken out), because that is what later reads are
matched against: a card shown once half in a lamp's shadow then agrees with its views
in full light, where compared as the camera gave them it was asked for again, while a
glare, which the templates keep and which moves with the card, still tells a view apart.

Why a card at the picture's edge is not taken: where the edge cuts it, its outline
runs on past what the camera sees (or stops at a line of its print short of the edge),
and the view cut from it carries the picture's last pixels smeared over the card's
corner. Such a view still agrees with the card's others as a whole (enrolled
simplistic's queen of spades, shown a fifteenth beyond the picture's right edge, at 0.89
and 0.85), but the small print that tells a look-alike apart is missing from it, and
later queens of spades were hardly ever named beside the queen of clubs
(docs/benchmarks.md). The guide says so (``INTO_VIEW``) and waits for the card to be
moved: its outline must keep ``EDGE_CLEAR`` of its size clear of the picture's edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from itertools import combinations

import cv2
import numpy as np

from referee.cards import CARDS, card_display
from vision.detect import find_cards
from vision.enroll_progress import Progress
from vision.geometry import beyond_picture, rectify, refine_corners, side_lengths
from vision.profile import DeckProfile, as_template, describe_fine_turns
from vision.sources import Frame

STEADY = 3
"""Frames in a row with one card lying still before it is taken."""
CROWDED = 30
"""Frames in a row with more than one card lying still before the guide says so: a
second or two of the camera's frames, so that a player who lays the next card before
lifting the last is not told off for that moment."""
VIEWS = 3
"""Views taken of each card, each in another place on the mat."""
AGREE = 0.8
"""Correlation of two views' fine pictures, as templates (either turned half round),
from which they show the card alike. Compared as the camera gave them, 0.7 let 31 of
108 cards (paris, tango, tango_nuevo) shown in deep shadow be asked for again, and
refused views spoilt by a big glare for 19; as templates, 0.8 asks again for 2 in
deep shadow and 26 under the big glare. The cost: of 216 cards' first three views in
rendered scenes, 18 are asked for again, against 15 as given at 0.7; under a red
lamp's glare one card of 108 is given up after ``MOST_VIEWS`` views (docs/benchmarks.md).
Look-alikes (a spade and a club six drawn small) agree either way: the threshold keeps
out views of something else, not a neighbouring card laid by mistake."""
MOST_VIEWS = 3 * VIEWS
"""Views of one card taken before enrollment gives up on finding ``VIEWS`` that agree."""
MOVE = "move"
"""How each line of the guide that asks the player to move the card lying there begins
(as against asking for the next card): :class:`vision.enroll_guide.Guide` shows those
as a problem to fix."""
INTO_VIEW = "further into the camera's view: it lies at the picture's edge"
"""What the guide says of a card lying still at the picture's edge, after its name."""
ONE_ONLY = (
    "your hand, other cards and anything card-shaped out of the camera's view: "
    "it sees more than one card"
)
"""What the guide says where several cards lie still in view (after ``MOVE``)."""
EDGE_CLEAR = 0.2
"""Share of a card's short side that its outline must keep clear of the picture's edge
for a view to be taken. A card the edge cuts is mostly outlined along that edge, but
not always: cut by 2–10 % of its width, a paris queen was outlined along a line of its
print up to 16 pixels (13 % of its width) short of the edge, and a view cut from that
outline is of part of the card. A card laid that near the edge wholly in view is asked
for again too."""
STILL = 4.0
"""Mean absolute change of the low-resolution grey image, in grey levels, below which
the table counts as still."""


class EnrollmentIncomplete(RuntimeError):
    """Enrollment could not finish: the frames ran out before every card was shown, or
    a card never looked the same in ``VIEWS`` of its views."""


def enroll(
    frames: Iterable[Frame],
    name: str,
    style: str = "french",
    prompt: Callable[[str], None] = print,
    confirm: Callable[[int | None], None] = lambda card: None,
    views: int = VIEWS,
    strays: int = 0,
    asked: Callable[[int | None], None] = lambda card: None,
    progress: Progress | None = None,
    kept: Callable[[Progress], None] = lambda progress: None,
) -> DeckProfile:
    """The profile of the deck shown in ``frames``: ``asked`` is told each card as it is
    asked for (``None``: a card Jass leaves out, below), ``prompt`` says what to show
    next, ``confirm`` is told the card each time one of its views is taken (move it
    then), until ``views`` of them agree. Then ``strays`` cards of the deck that Jass leaves
    out (a poker deck's two to five, a joker) are shown alike, ``confirm`` told
    ``None``: the profile keeps them as cards never to be named, and one left among the
    cards is not named the Jass card it looks most like (a four as its six). The guide
    cannot tell a card of the game shown there by mistake, which would then never be
    named: tango_nuevo's two and seven differ only in the index (their templates
    correlate at 0.99), so it names what it asks for.

    ``progress`` holds the views of the cards shown before (an enrollment cut short,
    :mod:`vision.enroll_progress`): they are not asked for again. ``kept`` is told the
    progress each time a card's views agree, to keep it."""
    stream = iter(frames)
    done = progress or Progress(name, style, strays)
    for c in CARDS:
        if c in done.cards:
            continue
        shown = card_display(c, "swiss" if style == "swiss" else "french")
        asked(c)
        after = done.shown > 0
        done.cards[c] = _views_of(stream, shown, prompt, partial(confirm, c), views, after)
        kept(done)
    for k in range(len(done.stray_views), strays):
        asked(None)
        done.stray_views.append(
            _views_of(
                stream,
                f"a card Jass leaves out ({k + 1} of {strays}: a two to five or a joker)",
                prompt,
                partial(confirm, None),
                views,
                True,
            )
        )
        kept(done)
    taken = {c: done.cards[c] for c in CARDS}
    return DeckProfile.from_rectified(name, style, taken, strays=done.stray_views)


def _views_of(
    stream: Iterable[Frame],
    shown: str,
    prompt: Callable[[str], None],
    confirm: Callable[[], None],
    views: int,
    after_another: bool,
) -> list[np.ndarray]:
    """``views`` agreeing views of the card the guide calls ``shown``, asked for with
    ``prompt`` and each confirmed; ``after_another`` when a card was taken before it
    (its last view may still lie there)."""
    prompt(f"show {shown} alone" + (", then move it after each beep" if views > 1 else ""))
    pool: list[np.ndarray] = []
    while True:
        if len(pool) == MOST_VIEWS:
            raise EnrollmentIncomplete(
                f"{shown} looked different in each of {MOST_VIEWS} views: check for a "
                "lamp's reflection on the card and the camera's focus, then enroll again"
            )
        at_edge = partial(prompt, f"{MOVE} {shown} {INTO_VIEW}")
        crowded = partial(prompt, f"{MOVE} {ONE_ONLY}, then show {shown} alone")
        pool.append(_take_one(stream, after_another or bool(pool), at_edge, crowded))
        confirm()
        agreeing = _agreeing(pool, views)
        if agreeing is not None:
            return agreeing
        if len(pool) >= views:
            prompt(f"{MOVE} {shown} again: its views do not look alike yet")


def _agreeing(pool: list[np.ndarray], views: int) -> list[np.ndarray] | None:
    """``views`` views of the pool that all agree with each other (the newest among
    them, the earlier ones having found no such set), the most alike such set; or
    ``None``."""
    if len(pool) < views:
        return None
    turns = [describe_fine_turns(as_template(view)) for view in pool]  # upright, turned

    def alike(a: int, b: int) -> float:
        return float((turns[b] @ turns[a][0]).max())

    newest = len(pool) - 1
    best: tuple[float, tuple[int, ...]] | None = None
    for others in combinations(range(newest), views - 1):
        chosen = (*others, newest)
        weakest = min((alike(a, b) for a, b in combinations(chosen, 2)), default=1.0)
        if weakest >= AGREE and (best is None or weakest > best[0]):
            best = (weakest, chosen)
    return None if best is None else [pool[k] for k in best[1]]


def _take_one(
    stream: Iterable[Frame],
    wait_for_change: bool,
    at_edge: Callable[[], None],
    crowded: Callable[[], None],
) -> np.ndarray:
    """The next view of one card lying still clear of the picture's edge — with
    ``wait_for_change``, only after the table has changed: in the moment after a beep
    the last view still lies there, and it must not be taken again (as the same card's
    next view or as the next card).

    A card lying still at the picture's edge is not taken, and ``at_edge`` is
    called once, until the table next moves. Its still frames there do not count: a
    card slid into view too gently for the low-resolution stream to see it move must
    lie still ``STEADY`` frames in view before it is taken. Where more than one card
    lies still in view ``CROWDED`` frames (the last card left beside the next, the deck
    in the picture, a hand resting on the card and cutting its outline in two), nothing
    is taken and ``crowded`` is called once, until the table next moves or one card is
    seen alone: otherwise the guide would wait without a word."""
    previous: np.ndarray | None = None
    steady = cut = many = 0  # frames in a row lying still: in view, across the edge, several
    calm = 0  # frames in a row with one card or none in the picture
    told_edge = told_crowded = False
    for frame in stream:
        moving = previous is not None and _change(previous, frame.lores) > STILL
        previous = frame.lores
        quads = find_cards(frame.main).quads
        many = 0 if moving or len(quads) < 2 else many + 1
        calm = 0 if len(quads) >= 2 else calm + 1
        # Each is said again once its situation has ended (a card slid gently out of
        # the picture moves the table too little to be seen moving).
        told_edge = told_edge and not moving and many < STEADY
        told_crowded = told_crowded and not moving and calm < STEADY
        if many >= CROWDED and not told_crowded:
            crowded()
            told_crowded = True
        if moving or len(quads) != 1:
            wait_for_change, steady, cut = False, 0, 0
            continue
        if wait_for_change:
            continue
        if not in_view(quads[0], frame.main.shape):
            steady, cut = 0, cut + 1
            if cut >= STEADY and not told_edge:
                at_edge()
                told_edge = True
            continue
        steady, cut = steady + 1, 0
        if steady >= STEADY:
            # Cut as the reader cuts: on the outline refined on the full picture, so
            # that the template and every later view of the card line up.
            grey = cv2.cvtColor(frame.main, cv2.COLOR_BGR2GRAY)
            return rectify(frame.main, refine_corners(grey, quads[0]))
    raise EnrollmentIncomplete("the camera stopped before every card was shown")


def in_view(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether ``quad`` (in the picture's pixels), grown by ``EDGE_CLEAR`` of its short
    side, still lies inside a picture of ``shape``: no corner lies beyond the picture
    shrunk by that much on every side."""
    sides = side_lengths(quad)
    clear = EDGE_CLEAR * float(min(sides[0] + sides[2], sides[1] + sides[3])) / 2
    height, width = shape[:2]
    return not beyond_picture(quad - clear, (height - 2 * clear, width - 2 * clear)).any()


def _change(a: np.ndarray, b: np.ndarray) -> float:
    return float(cv2.absdiff(a, b).mean()) if a.shape == b.shape else 255.0
