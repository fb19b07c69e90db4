"""One frame in, the cards on it out: quality gate, detection, corner refinement,
rectification, identity.

Cards are found at working size (:mod:`vision.detect`); their corners are then refined
on the full-resolution picture (:func:`vision.geometry.refine_all`), because two
pixels of misplaced outline cost more sure reads than any other single cause.

A frame that cannot be trusted as a whole (too dark, washed out, out of focus, without
colour) gives no card and says why; the caller waits for a better frame. This is cheaper
and safer than letting each card of a bad frame scrape past the identifier's threshold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from referee.cards import card_code
from vision.detect import (
    ASPECT_RANGE,
    MAX_CARD_FRACTION,
    WORK_SIZE,
    WorkingPicture,
    find_cards,
    light_outline,
    working_picture,
)
from vision.geometry import (
    RECT_H,
    RECT_W,
    REFINE_REACH,
    across_picture_corner,
    at_picture_edge,
    beyond_picture,
    completed_outlines,
    convex_overlap,
    corners_at_picture_edge,
    covered_outlines,
    cutting_picture,
    hugs_picture_edge,
    lengthened_outlines,
    moved_outline,
    on_grid,
    overrun_outlines,
    quad_area,
    rectify,
    refine_all,
    row_outlines,
    share_beyond_picture,
    side_lengths,
    squared_outlines,
    touches_picture_edge,
    traced_sides,
    warp_target,
)
from vision.identify import Identification, Identifier, confidence
from vision.profile import INSET
from vision.small_print import hides

DARK_MEAN = 35.0
"""Mean grey level below which a frame is too dark to tell pips from shadow."""
WASHED_OUT = 0.55
"""Share of saturated pixels (≥ 250) above which glare has eaten the card faces."""
GLARE_BLOCK = 4
"""Side, in working-size pixels, of the blocks whose mean is taken as saturated or
not: a 1280-pixel frame's 8×8 pixels."""
SAME_OUTLINE = 1.0
"""Pixels (largest corner move) below which a refined outline is read instead of, not
beside, the outline as found: the two views would differ by less than a pixel."""
SLANT_RATIO = 1.3
"""Long sides over short ones, as seen, below which an outline may be of a card seen at a
slant with its long sides foreshortened (a card is 1.5; a camera 40° off the vertical
shortens one direction to three quarters)."""
WIDE_REACH = 2 * REFINE_REACH
"""Pixels (of a ``REACH_FRAME``-pixel frame, scaled as ``REFINE_REACH`` is) either side
of an unnamed card's outline as found in which its edges are sought again: twice the
first refinement's reach. A side that wood grain or a neighbour's edge pulled off at
one corner lies 10–40 pixels off there, beyond the first reach. Chosen on seeds
2000–2029 of berlin, swiss-xvii, paris, anglo and tango (with ``WIDE_TURN``): 851
correct without the second search, 859 / 871 / 876 / 873 with reach ×1 / ×1.5 / ×2 /
×2.5, none wrong; ×3 read paris, anglo and tango no better. Known weakness (found in
review): the search takes the outermost strong edge, so for cards lying 12–24 pixels
apart it takes the neighbour's edge and helps nothing there; with ×1 it helped such
cards in a drawn row more, but read 17 fewer cards on the seeds."""
WIDE_TURN = 15.0
"""Degrees a side may turn in each pass of that second search (``MAX_TURN`` in the
first): a corner 20 pixels off on a card's 130-pixel side turns the side 9 degrees.
The same seeds: 869 correct at 10 degrees, 876 at 15 and at 20 (the smaller taken)."""
ALIGN_REACH = 3.0
"""Most pixels of the rectified card (64×96) a corner of an unnamed card's outline may
move to fit its view to its best guess (:meth:`vision.identify.Identifier.outline_moves`),
about 5–7 pixels of a card on a 1280×720 frame: the fit is linear, true for moves of
about the fine picture's blur. Chosen on seeds 2000–2029 of paris, tango, swiss-xvii
and anglo: 669 / 674 / 679 correct at 2.5 / 3 / 4, none wrong; at 6 a paris D10
outlined 43 pixels off was moved to fit a D7 and named D7. Half of that."""
ALIGN_STEPS = 2
"""How many times in all an outline is moved to fit its best guess (:func:`_align`),
each move read again: the fit is linear, and an outline several pixels off is moved
most of the way by the first move, its view then fitting well enough for the second to
finish it. tango's black cards, moved once, were left unnamed at margins of 0.24–0.28
(seeds 27300–27499, held out until they measured the abstentions of 2026-12-06;
whole-card scores 0.68–0.70), their views still 1.6–2.7 pixels off their templates;
moved again, they were named at 0.36–0.45, a third move under a pixel
(docs/benchmarks.md)."""
ALIGN_SCORE_GAP = 0.1
"""How far below the name floor an unnamed read's whole-card score may lie for its
outline to be moved to fit: an outline a few pixels off costs a black card up to about
that much (paris, seeds 2000–2029: 0.72 at the true outline, 0.60–0.66 off by 3–7
pixels). A read further below fits no template, and the move then makes the view fit
its guess: an enrolled tango C8 read at 0.49 (floor 0.6), moved to fit D8, was named D8."""
SMALLEST_FRAME = 32
"""Shortest side, in pixels, of a picture that is read at all: a card in a smaller one
has pips of three or four pixels, too few to tell any card by."""
THINNEST = 16
"""Shortest side, in pixels, of a picture scaled to working size (its long side
``WORK_SIZE``) that is read at all: the smallest card found there is about 35 pixels
tall, and a strip thinner than a pixel there has no working picture at all."""
ROW_PROPORTIONS = (1.3, 1.75)
"""Long side over short side a card cut from a row of touching cards may have
(:func:`_read_rows`): the built-in designs' art spans 1.35 to 1.67."""
CARD_PROPORTIONS = (1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9)
"""Long side over short side tried for a card the picture's edge cuts
(:func:`vision.geometry.completed_outlines`) and for an outline that may stop short of
its card (:func:`vision.geometry.covered_outlines`: :func:`_read_carried`, and the
doubt of a short outline, :func:`_doubt`): the built-in designs' art spans 1.35
(tango) to 1.67 (orell), a Jass card is about 1.56; the identifier's fit to its best
guess then moves the outline the last few pixels."""
COMPLETED_MARGIN = 0.40
"""The margin a card needs to be named from an outline partly guessed: completed beyond
the picture's edge, or squared (``SQUARE_DEFECT``). Calibrated on every card reported on
seeds 2000–2049 of paris, tango, berlin, anglo_poker, bellot and swiss-xvii: the largest
wrong margin of a completed read was 0.161 (a swiss-xvii C8 read C7, with
``LEAST_SEEN`` at 0.85) and 0.153 (a tango D8 read H8, 28 % of it unseen, when outlines
of no card face were completed too). The identifier's own threshold is only 1.8 times
that; this is 2.5 times. As the code is now, no wrong read there passed 0.011. Squared
reads named at any margin named none wrong on those seeds; they keep this margin, for
the one of four tries kept is itself a guess."""
SIDES_TRACED = 0.9
"""Share of a side's points in view that must lie on an edge
(:func:`vision.geometry.traced_sides`) for the side to be taken as the card's edge
where a corner of its outline lies at the picture's edge (:func:`_corner_unseen`)."""
UNSEEN_SHARE = 0.05
"""Share of a card's outline beyond the picture from which its read is taken as partly
guessed and named only past ``COMPLETED_MARGIN``, as the outlines the reader completes
beyond the edge are: detection spans a card from a corner or a side and the picture's
edge cuts it, and the view's part beyond the picture is the picture's last pixels drawn
out. A tango_nuevo SK with a fifth of it past the picture's bottom edge, its suit sign
there, was named CK at a margin of 0.36 on held-out seed 25164. 5 % is the evaluation's
line between a card fully visible and one partly covered. On tuning seeds 2000–2099 of
eight built-in designs it left 40 of 417 partly covered cards named right unnamed (cards
the picture's edge cuts: a table's camera frames the mat), and 1 of 4,948 fully
visible ones (docs/benchmarks.md)."""
SQUARE_DEFECT = 0.04
"""How far from a parallelogram (``a - b + c - d``, of the outline's longest side) an
unnamed card face's outline must be for each of its corners to be tried squared
(:func:`vision.geometry.squared_outlines`). A camera's perspective alone makes a card
0.023 out at the median (the true outlines of 720 cards on seeds 2000–2029 of paris,
tango and berlin; at most 0.073), and the outlines of unnamed cards with one corner
pulled off (seeds 2000–2099 of those and tango_nuevo) 0.05–0.33. On seeds 2000–2049
of the six calibration designs and 1000–1049 of seven, 0.04 names 10 more cards, 0.08
(past every true outline) 5, and 0 (every unnamed face) 12 at 0.6 ms more per frame
(docs/benchmarks.md)."""
FAR_SIZE = 1920
"""Long side, in pixels, from which a picture is also searched part by part
(:func:`_quads_by_parts`) where no card face was found: a photograph of a table taken
from afar, whose cards are too small at working size. A smaller picture's small cards
have too few pixels to be read anyway; the tracker's frames (960 or 1280 pixels) are
never searched so."""
PART = 0.55
"""Share of a picture's height and width each of its four parts spans: they overlap by
a tenth of the picture, more than the largest card the whole picture's search misses."""
DOUBT_SCORE = 0.8
"""Whole-card score under which a card is read again with its outline carried past each
short side (:func:`_doubt`), or, named from an enrolled deck's templates, with its
outline refined to the nearest edges (:func:`_doubt_nearest`): tango_nuevo's CK,
outlined a strip short where its dark robe meets a dark table, was named SK at 0.69 and
0.74 on held-out seeds 6000–6159.
Cards named right score that low too: on tuning seeds 2000–2049 of the 25 built-in
designs, 2,349 reads named right (and none named wrong) scored under 0.8."""
DOUBT_MARGIN = 0.45
"""Margin under which such a card is read again: a view that fits its best template
closely has a margin near 0.5, and the two CKs were named at 0.31 and 0.36. With
``DOUBT_SCORE``, 921 of the named reads of those tuning seeds are read again, and about
45 reads left unnamed above the name floor (a helper's count; none was marked)."""
DOUBT_STRETCHES = (0.05, 0.1)
"""Shares of a card's length by which its outline is carried past each short side for
that second read: the CKs' outlines were 10–25 pixels short of about 200."""
EDGE_STRETCH = 0.2
"""Share of a card's length by which an outline that reaches the picture's edge
(:func:`vision.geometry.touches_picture_edge`) is also carried past each short side:
the card may go on past the edge, and where the edge cuts it at a slant, the outline
can stop well short of it. An enrolled anglo_modern D10 (held-out seed 11413), its end
past the picture's top edge, was outlined 19 % short by a slanted side and named D7
unless carried 20 % on. Carrying every doubted outline 20 % on withheld nothing else on
tuning seeds 2000–2029 of every design (built-in, unseen and enrolled); kept to
outlines at the edge, it costs a doubted card elsewhere no reads more
(docs/benchmarks.md)."""
NEAREST_MOVE = 2.0
"""Pixels a corner of a low-scored read's outline must move, refined to the nearest
edges, for the read to be checked there (:func:`_doubt_nearest`): an outline on the
card's edge moves a pixel or so; one on a shadow's or neighbour's edge, several. On
tuning seeds 2000–2029 of eight designs enrolled through the guide, 167 of the 1,463
reads named right scored under ``DOUBT_SCORE`` and moved more (small print or not), and
none of them would have been withheld (docs/benchmarks.md)."""
DOUBT_SKEW = 0.08
"""How far from a parallelogram (as ``SQUARE_DEFECT``) the outline of a card read above
its name floor must be for the read to be checked against the outline squared
(:func:`_doubt_skewed`): past every true outline measured for ``SQUARE_DEFECT`` (0.073
at most, on whole cards; the part of a card the picture's edge cuts need not be one),
so such an outline likely has a corner off its card. On tuning seeds 2000–2049 the
check withheld 3 of 7,856 reads named right on the 25 built-in designs (254 of them
checked: a dondorf D10; tango_nuevo's S6 and C8, whose 6, 8 and 9 differ only in the
index) and 3 of 2,094 of seven designs enrolled through the guide (85 checked; all
tango_nuevo), none named wrong. It costs about 0.3 ms a frame at the median and 2.5 ms
on average: one frame in four has an outline to square (docs/benchmarks.md). Since the
outline refined to its nearest edges may bear a name out (:func:`_named_again_nearest`),
5 names it withheld, all right, stand, and 12 still withheld were all right too, over
4,190 scenes of the 29 designs (docs/benchmarks.md, 2026-12-06)."""
ON_TOP_RATIO = 6.0
"""How many times what a card's own template leaves unexplained of the pixels two
outlines share (in grey levels, :meth:`Identifier.unexplained`) the other card's
template must leave there, for the card to be said to lie on top (:func:`_lies_over`).
On tuning seeds 2000–2049 of
fifteen designs enrolled through the guide, of the 1,165 pairs of overlapping outlines
where one hid a named card's small print, 217 shared enough to judge and had the other
card named: where the card lay beneath (by the order the scene laid them; 105 pairs)
the ratio was 2.95 at most, where it lay on top (112) it reached 6 in 86
(docs/benchmarks.md)."""
ON_TOP_OWN = 1.5
"""The most a card's template may leave unexplained of the pixels it shares with
another card's outline, beside what it leaves elsewhere in its view, for it to be said
to lie on top (:func:`_lies_over`): what shows there must be its own print, in the
light the rest of it is in. A hand over both cards fits neither; a glare that washes
out the top card's print there leaves a blank that the template of the card beneath can
explain better than the top card's (a review built three such pictures, the top card's
own misfit there 2.1–2.9 times its misfit elsewhere). Of the 86 pairs above where the
card on top reached ``ON_TOP_RATIO``, 45 are within it; of the 105 where it lay beneath,
none reached ``ON_TOP_RATIO``."""
ON_TOP_FLOOR = 10.0
"""The least a card's own misfit of the shared pixels is counted as (grey levels
squared, :func:`_lies_over`): a view's noise and blur leave about this much where its
template fits."""
CORNER_CLEAR = 8
"""Pixels of each card's fine picture cut off each of its corners, left out of the
shared part (:func:`_lies_over`): past a card's round corner, what lies beneath shows
inside its outline."""
SHARED_LEAST = 40
"""The fewest pixels of the fine picture two outlines must share, in each card's
view, for :func:`_lies_over` to say which lies on top."""
COVERED_SHARE = 0.02
"""The share of a card of printed art, named by its whole face, that other cards'
outlines (and the picture's edge) must cover for it to be read again
(:func:`_doubt_crossed`): cards that only touch overlap by a pixel at their edges, less
than this."""
BLUR_LIMIT = 12.0
"""Variance of the Laplacian at working size below which nothing in the frame is sharp
enough to read: a frame mid-motion or out of focus."""
COLOURLESS = 1
"""The most (8-bit levels) the channels of any pixel of a frame at working size may differ
by for the frame to count as grey (:func:`channel_spread`): a black-and-white photograph
or a camera set to no colour, where red print looks black. A grey JPEG decodes with its
channels equal, and so did a colour JPEG of a grey picture (quality 50); a colour
camera's own noise sets some pixels further apart (each channel's photosites apart):
rendered scenes of black cards alone on a neutral grey felt under a light without tint,
60 of them, measured 2 to 255 with noise of σ 2 added to each channel and saved as JPEG
(quality 85). In grey, the colour by which the identifier tells a red card from a black
one of its rank says black for both: the speed benchmark's scenes 5000–5029 made grey,
paris named 44 of 176 cards wrong (D8 as S8 past the margin), anglo 13 of 147 (red aces
as CA by their print), swiss-xvii none of 211, before the shapes' check
(:meth:`vision.identify.Identifier._overruled`); with it, scenes 5000–5014 of anglo and
paris read grey name none wrong (63 and 64 named), nor with 1–5 % of their colour kept,
which this check reads. The frame is refused still, for a red card and a black one drawn
alike (faces, in some designs) leave no shapes to overrule a colour that is not there:
read grey with this check off, scenes 29700–29709 of the 25 built-in designs named 806
cards, one wrong (tango's DQ as SQ). A first check, on chroma over blocks (under 3 Lab
units in 5 blocks), refused in a review most rendered scenes of black cards alone on a
neutral grey felt: too near what a camera sees (docs/benchmarks.md)."""


@dataclass
class CardRead:
    corners: np.ndarray  # 4×2, frame pixels, clockwise from the side read as a short one
    identification: Identification
    rectified: np.ndarray

    def to_json(self) -> dict[str, object]:
        ident = self.identification
        return {
            "card": None if ident.card is None else card_code(ident.card),
            "confidence": round(ident.confidence, 3),
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
        }


@dataclass
class FrameRead:
    cards: list[CardRead]
    problem: str | None = None  # why the frame gave no cards, when it is the frame's fault
    stages: dict[str, np.ndarray] = field(default_factory=dict)
    rejected: list[np.ndarray] = field(default_factory=list)  # card-shaped, not a face


def frame_problem(picture: WorkingPicture) -> str | None:
    """Why a whole frame is unreadable, or ``None``.

    Judged on the frame at working size (:func:`vision.detect.working_picture`), which
    detection looks at too: its sharpness is that of the picture the cards are found
    in. Brightness and glare are judged on its grey averaged over blocks of
    ``GLARE_BLOCK`` pixels, so that only a saturated *area* counts as glare, not the odd
    white pixel of a bright card; its colour as :func:`channel_spread` measures it.
    """
    grey = picture.grey
    height, width = grey.shape
    size = (max(width // GLARE_BLOCK, 1), max(height // GLARE_BLOCK, 1))
    blocks = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
    if cv2.mean(blocks)[0] < DARK_MEAN:
        return "too dark"
    if cv2.countNonZero(cv2.compare(blocks, 250, cv2.CMP_GE)) > WASHED_OUT * blocks.size:
        return "over-exposed"
    if _sharpness(grey) < BLUR_LIMIT:
        return "blurred"
    if channel_spread(picture.colour) <= COLOURLESS:
        return "no colour"
    return None


def channel_spread(colour: np.ndarray) -> int:
    """The most, over a BGR picture's pixels, that a pixel's channels differ by (8-bit
    levels): 0 for a grey picture."""
    blue, green, red = cv2.split(colour)
    most = cv2.max(cv2.max(blue, green), red)
    least = cv2.min(cv2.min(blue, green), red)
    return int(cv2.minMaxLoc(cv2.subtract(most, least))[1])


def _sharpness(grey: np.ndarray) -> float:
    """Variance of the picture's Laplacian: high where print and edges are crisp.

    The Laplacian of 8-bit grey fits in 16 bits, and its variance is taken from its
    sum and sum of squares (two vectorised passes, exact in double precision)."""
    laplacian = cv2.Laplacian(grey, cv2.CV_16S)
    mean = cv2.sumElems(laplacian)[0] / laplacian.size
    return cv2.norm(laplacian, cv2.NORM_L2SQR) / laplacian.size - mean * mean


def read_frame(frame: np.ndarray, identifier: Identifier, keep_stages: bool = False) -> FrameRead:
    """Every card face found in a BGR frame, identified or abstained."""
    short, long = sorted(frame.shape[:2])
    if short < SMALLEST_FRAME or short * WORK_SIZE < THINNEST * long:
        return FrameRead([], "too small")
    picture = working_picture(frame)
    problem = frame_problem(picture)
    if problem is not None:
        return FrameRead([], problem)
    detection = find_cards(frame, keep_stages, picture)
    cards, rejected = _read_outlines(frame, detection.quads, identifier)
    if not cards:
        # No card at table size: a photograph of one card taken close up, perhaps.
        largest = MAX_CARD_FRACTION * frame.shape[0] * frame.shape[1]
        close = find_cards(frame, False, picture, close_up=True).quads
        cards, more = _read_outlines(
            frame, [q for q in close if quad_area(q) > largest], identifier
        )
        rejected += more
    cards, rejected = _read_rows(frame, cards, rejected, identifier)
    if max(frame.shape[:2]) >= FAR_SIZE:
        # A large photograph of a table seen from afar: cards too small at working size
        # are sought in each part of it, where no card face was found yet (an outline
        # taken for no face may be one round several small cards).
        found = [c.corners for c in cards]
        new = [q for q in _quads_by_parts(frame) if not _within_any(q, found)]
        more_cards, more = _read_outlines(frame, new, identifier)
        cards += more_cards
        rejected += more
    return FrameRead(cards, None, detection.stages, rejected)


def _read_rows(
    frame: np.ndarray,
    cards: list[CardRead],
    rejected: list[np.ndarray],
    identifier: Identifier,
) -> tuple[list[CardRead], list[np.ndarray]]:
    """``cards`` with the card faces found in each of the outlines ``rejected`` (taken
    for no card face) that is a row of touching cards (:func:`_row_reads`), and the
    outlines still taken for none. A part whose centre lies inside a card already found
    is that card (an outline round a card and its neighbours): it is not reported again."""
    still = []
    for quad in rejected:
        found = [
            CardRead(q, answer, view)
            for q, view, answer in _row_reads(frame, quad, identifier)
            if not _within_any(q, [c.corners for c in cards])
        ]
        cards = cards + found
        if not found:
            still.append(quad)
    return cards, still


def _row_reads(
    frame: np.ndarray, quad: np.ndarray, identifier: Identifier
) -> list[tuple[np.ndarray, np.ndarray, Identification]]:
    """The card faces in an outline taken for no card face, where it is a row of
    touching cards (:func:`vision.geometry.row_outlines`, ``ROW_PROPORTIONS``), as
    :func:`best_outlines` gives them; none where no way of cutting it names a card.

    Cards laid edge to edge (a weis shown side by side) can be outlined as one: three
    anglo cards in a row, 90 pixels high, were one outline 1.9 times as long as high,
    no card face, and none of them was read. Each way of cutting it into cards is read
    on its own (its parts refined to their cards' edges, as any outline), and the one
    that names most cards is kept. Its parts are guessed outlines: a card is named from
    one only past ``COMPLETED_MARGIN``."""
    best: list[tuple[np.ndarray, np.ndarray, Identification]] = []
    named = 0
    for parts in row_outlines(quad, ROW_PROPORTIONS):
        found = [
            (q, view, a if a.card is None or a.margin >= COMPLETED_MARGIN else _unsure(a))
            for q, view, a in best_outlines(frame, parts, identifier)
            if a is not None
        ]
        count = sum(a.card is not None for _, _, a in found)
        if count > named:
            best, named = found, count
    return best


def _quads_by_parts(frame: np.ndarray) -> list[np.ndarray]:
    """Card outlines found in each quarter of a picture (each ``PART`` of its height
    and width, overlapping in the middle), in the picture's pixels; a card found in two
    quarters is kept once, by its larger outline (the other quarter may cut it).

    Detection looks at a picture ``WORK_SIZE`` pixels long, and finds fewer and fewer
    cards under 7 % of its long side (about 45 of its pixels), none under 4.5 %. A
    quarter looked at so shows each card nearly twice as large; the overlap holds
    whole every card under a tenth of the picture."""
    height, width = frame.shape[:2]
    quads: list[np.ndarray] = []
    for top in (0, height - int(PART * height)):
        for left in (0, width - int(PART * width)):
            part = frame[top : top + int(PART * height), left : left + int(PART * width)]
            for quad in find_cards(part).quads:
                quad = quad + np.float32([left, top])
                same = [k for k, q in enumerate(quads) if _overlap(quad, q)]
                if not same:
                    quads.append(quad)
                elif quad_area(quad) > quad_area(quads[same[0]]):
                    quads[same[0]] = quad  # the whole card, where another part cut it
    return quads


def _overlap(one: np.ndarray, other: np.ndarray) -> bool:
    """Whether either outline's centre lies inside the other: one card, or a part of it."""
    return _within_any(one, [other]) or _within_any(other, [one])


def _within_any(quad: np.ndarray, outlines: list[np.ndarray]) -> bool:
    """Whether the centre of ``quad`` lies inside any of ``outlines``: the same card,
    or a part of one."""
    x, y = quad.mean(axis=0)
    centre = (float(x), float(y))
    return any(cv2.pointPolygonTest(np.float32(q), centre, False) >= 0 for q in outlines)


def _read_outlines(
    frame: np.ndarray, quads: list[np.ndarray], identifier: Identifier
) -> tuple[list[CardRead], list[np.ndarray]]:
    """The card faces among ``quads``, read, and the outlines that are no card face."""
    cards, rejected = [], []
    for quad, view, answer in best_outlines(frame, quads, identifier):
        if answer is None:
            rejected.append(quad)
        else:
            cards.append(CardRead(quad, answer, view))
    return cards, rejected


def best_outlines(
    frame: np.ndarray, quads: list[np.ndarray], identifier: Identifier
) -> list[tuple[np.ndarray, np.ndarray, Identification | None]]:
    """Each card's outline as refined on the full picture, or as found, with the view
    and read of the outline that names the card.

    Refinement puts the outline on the card's edge, and that view is read first. The
    templates were cut from the art (or, for an enrolled deck, from camera views), which
    can place the edge a little differently — a printed shadow, a border — so
    where the refined view names no card, the outline as found is read too, and the one
    that fits a card face better (the higher best score) is kept. A view that names a
    card is not read twice: on rendered scenes of five built-in designs (seeds
    2000–2015), wherever both outlines named a card (335 cards) they named the same one.
    A card still unnamed is read turned a quarter when its sides look alike (a slant),
    then with its outline moved as its view's fit to its best guess says
    (``ALIGN_REACH``, ``ALIGN_SCORE_GAP``), then with its outline as found refined again
    farther out (``WIDE_REACH``, ``WIDE_TURN``) and, where that read fits better, moved
    to fit too; then, as found and as best outlined so far, refined to the edges nearest
    them rather than the outermost (a neighbour's edge lies just beyond) and moved
    likewise; then outlined from its light face (:func:`vision.detect.light_outline`),
    refined, read and moved likewise; last, a card face the picture's edge cuts is
    completed beyond it (:func:`vision.geometry.completed_outlines`), read at each of
    ``CARD_PROPORTIONS`` and moved; carried on past each side in turn to each of
    ``CARD_PROPORTIONS``, as if it stopped short of the card at a line of its print or
    at something over its end (:func:`_read_carried`), refined, read and moved; cut back
    from each side in turn to each of ``CARD_PROPORTIONS``, as if it ran on past the
    card's end (:func:`vision.geometry.overrun_outlines`), likewise; and an
    outline that is no parallelogram (``SQUARE_DEFECT``) is read with each corner in
    turn squared (:func:`vision.geometry.squared_outlines`), refined and moved.
    Outlines so guessed name a card only past ``COMPLETED_MARGIN`` and are kept only
    where they name it. The small move comes first: a card it names keeps that read.
    Last, names that another outline or the picture's edge could make doubtful are
    checked (:func:`_doubt`, :func:`_doubt_nearest`, :func:`_doubt_skewed`,
    :func:`_doubt_crossed`).
    """
    if not quads:
        return []
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    picture = cutting_picture(frame, len(quads))  # every view below is cut from it
    refined = refine_all(grey, quads)
    views = [rectify(picture, r) for r in refined]
    answers = identifier.identify(views)
    best = list(zip(refined, views, answers, strict=True))
    # A refinement that moved no corner by a pixel gives the same view: it is read alone.
    again = [
        k
        for k, (q, r, a) in enumerate(zip(quads, refined, answers, strict=True))
        if _unsettled(a) and _differs(r, q)
    ]
    _read_instead(picture, identifier, best, again, [quads[k] for k in again])
    # Seen at a slant, a card's long sides may look as short as its short ones: an
    # outline whose sides look nearly alike and that names no card is read turned a
    # quarter too (its other sides taken as the short ones).
    slanted = [
        k for k, (q, _, a) in enumerate(best) if _unsettled(a) and _side_ratio(q) < SLANT_RATIO
    ]
    _read_instead(
        picture, identifier, best, slanted, [np.roll(best[k][0], 1, axis=0) for k in slanted]
    )
    # An outline a pixel or three off, where the edge could not place it (a neighbour's
    # edge, wood grain), leaves a card face below the name floor; the view's fit to its
    # best guess says how each corner should move, and the outline so moved is read too.
    _align(picture, identifier, best, range(len(best)))
    # A side found a few degrees off (one corner pulled out by wood grain, a shadow, a
    # neighbour's edge) lies beyond the first refinement's reach and turn: the outline
    # as found is refined again with both widened, where no card is named yet, and a
    # read that this changed is moved to fit as above.
    far = [k for k, (_, _, a) in enumerate(best) if _unsettled(a)]
    widened = refine_all(grey, [quads[k] for k in far], WIDE_REACH, WIDE_TURN)
    new = [
        (k, w)
        for k, w in zip(far, widened, strict=True)
        if _differs(w, quads[k]) and _differs(w, best[k][0])  # else read already
    ]
    _read_and_fit(picture, identifier, best, new)
    # A neighbour touching the card puts another strong edge just beyond the card's, and
    # the outermost one found is the neighbour's far edge: the outline as found, and the
    # best read so far, are refined again to the edges nearest them, where a card face
    # is named no card yet (most outlines taken for no face are strips of table).
    near = [
        (k, q)
        for k, (b, _, a) in enumerate(best)
        if a is not None and _unsettled(a)
        for q in ((quads[k], b) if _differs(b, quads[k]) else (b,))
    ]
    nearest = refine_all(grey, [q for _, q in near], nearest=True)
    _read_and_fit(
        picture,
        identifier,
        best,
        [(k, q) for (k, _), q in zip(near, nearest, strict=True) if _differs(q, best[k][0])],
    )
    # A corner pulled far out onto the table (wood grain, a shadow) is beyond any
    # search along the sides; the card's light face round the outline still has the
    # card's shape, and its outline, refined, is read too where no card is named yet.
    lost = [k for k, (_, _, a) in enumerate(best) if _unsettled(a)]
    lit = [(k, light_outline(grey, best[k][0])) for k in lost]
    lit = [(k, q) for k, q in lit if q is not None and _differs(q, best[k][0])]
    outlines = refine_all(grey, [q for _, q in lit])
    _read_and_fit(picture, identifier, best, list(zip([k for k, _ in lit], outlines, strict=True)))
    # An outline along the picture's edge too short for a card is one the edge cuts, its
    # view a part taken for the whole (a D8 without its top row is a D6): a card is named
    # from it only past the margin of guessed outlines, or from its outline completed.
    # So is an outline found reaching beyond the picture: that part of its view is a guess
    # (where one deck is read and only a corner lies beyond, its print is judged where
    # seen instead, by _doubt_crossed).
    for k, (quad, view, answer) in enumerate(best):
        if _cut_short(answer, quad, grey, identifier.one_deck):
            best[k] = (quad, view, _unsure(answer))
    _doubt_stretched(picture, identifier, best, frame.shape)
    # A card face the picture's edge cuts is outlined along that edge, a card too short;
    # its sides running out of the picture are carried on to a card's length, and the
    # part beyond the edge, guessed, asks for a surer read. (An outline that is no card
    # face at all is not: at the edge, most are a strip of the table.) Of the lengths
    # tried, only the one kept and moved gets the second look in even light.
    cut = [
        (k, q)
        for k, (_, _, a) in enumerate(best)
        if a is not None and _unsettled(a)
        for q in completed_outlines(best[k][0], frame.shape, CARD_PROPORTIONS)
    ]
    _read_guessed(picture, identifier, best, cut)
    _read_carried(picture, grey, identifier, best)
    # An outline can also run on past its card's end (a neighbour's far edge, a strip of
    # table as dark as a big pip printed to the card's end): it is cut back likewise.
    _read_refined_guesses(
        picture, grey, identifier, best, lambda quad: overrun_outlines(quad, CARD_PROPORTIONS)
    )
    # A corner pulled off along the print (a face picture's frame, a row of pips) or
    # onto a neighbour's edge leaves the outline no parallelogram; each corner in turn is
    # put back where the other three make one, and the outline so squared is refined.
    _read_refined_guesses(picture, grey, identifier, best, lambda quad: _squared(quad, frame.shape))
    _doubt(picture, identifier, best, frame.shape)
    _doubt_nearest(picture, grey, identifier, best)
    _doubt_skewed(picture, grey, identifier, best)
    _doubt_crossed(identifier, frame.shape, best)
    return best


def _squared(quad: np.ndarray, shape: tuple[int, ...]) -> list[np.ndarray]:
    """The outline with each corner in turn squared (``SQUARE_DEFECT``,
    :func:`vision.geometry.squared_outlines`), but for a corner at the edge of a
    picture of ``shape`` (:func:`vision.geometry.corners_at_picture_edge`) moved off
    the picture's edges into it: there the edge may cut the card, and such a corner put
    back makes a part of the card a whole one. An orell D10 cut by the picture's top
    edge at a slant (held-out seed 27767) was outlined along the edge; squared, a corner
    moved 33 pixels off it, the part 1.22 times as long as wide (a whole card's
    proportion, so no longer taken for a part) read D7 at a margin of 0.43. Moved past
    the edge, the corner is the card's own, guessed beyond the picture: a
    guyenne-classic C10 across the bottom edge is named so (tuning seed 2041)."""
    at_edge = corners_at_picture_edge(quad, shape)
    return [
        q
        for k, q in enumerate(squared_outlines(quad, SQUARE_DEFECT))
        if not at_edge[k] or corners_at_picture_edge(q, shape)[k]
    ]


def _doubt_stretched(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    shape: tuple[int, ...],
) -> None:
    """Withholds (as :func:`_unsure`) each name read from an outline too short for a
    card along the picture's edge (:func:`_short_at_edge`), or across a corner of the
    picture (:func:`vision.geometry.across_picture_corner`), where its outline completed
    beyond the edge (:func:`vision.geometry.completed_outlines`) that fits a card face
    best takes it for another card (its best guess).

    Such a view can be a part of a card stretched to a whole one, and the stretch can
    make a card another: an orell D9 turned half round, 30 % past the picture's left
    edge, the part in view 1.19 times as long as wide, read D7 at a margin of 0.437,
    past ``COMPLETED_MARGIN``, where its outline completed to 1.6 is a D9. It can also
    be a whole card seen at a slant (a tango SQ on held-out seed 26731, 1.1 times as
    long as wide, its corner on the edge): no completion of it is a card face, and its
    name stands. Across a corner of the picture an outline can fall short of the card
    though it has a card's proportion (held-out seed 27510: tango_nuevo's CK, 7 % past
    the picture's left and bottom edges, outlined 25 pixels short of its bottom and 1.9 %
    past the picture, read SK at a margin of 0.47, its club stretched to lead the
    spade by 0.38); completed, it is a CK. One withheld here is still tried from the
    completed outlines, refined and moved, past ``COMPLETED_MARGIN``."""
    named = [
        k
        for k, (quad, _, a) in enumerate(best)
        if a is not None
        and a.card is not None
        and (_short_at_edge(quad, shape) or across_picture_corner(quad, shape))
    ]
    tries = [(k, q) for k in named for q in completed_outlines(best[k][0], shape, CARD_PROPORTIONS)]
    answers = identifier.identify([rectify(picture, q) for _, q in tries], second_look=False)
    completed: dict[int, Identification] = {}
    for (k, _), again in zip(tries, answers, strict=True):
        if again is not None and (k not in completed or again.score > completed[k].score):
            completed[k] = again
    for k, again in completed.items():
        quad, view, answer = best[k]
        if again.best_guess != answer.card:
            best[k] = (quad, view, _unsure(answer))


def _read_carried(
    picture: np.ndarray,
    grey: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
) -> None:
    """Reads each card face still unnamed with its outline carried on past each side in
    turn to each of ``CARD_PROPORTIONS`` (:func:`vision.geometry.covered_outlines`),
    refined (``grey``), as guessed outlines (:func:`_read_guessed`).

    An outline can stop short of its card at a line of the card's own print across it
    (a row of pips, a face picture's frame) or at a hand or card over its end; its view
    is then a part of the card stretched to a whole one (an anglo S10 cut at its top
    row of pips fitted a C7 best), and the refinements reach only a few pixels past
    it. Whether an outline is short cannot be told from its shape alone (one 20 pixels
    short of a card's 190 still has a card's proportion), so every unnamed face is
    carried on: 8–12 outlines each where its proportion is a card's."""
    _read_refined_guesses(
        picture, grey, identifier, best, lambda quad: covered_outlines(quad, CARD_PROPORTIONS)
    )


def _read_refined_guesses(
    picture: np.ndarray,
    grey: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    guesses: Callable[[np.ndarray], list[np.ndarray]],
) -> None:
    """Reads, for each card face still unnamed, the outlines ``guesses`` makes of its
    best outline so far, each refined on ``grey`` (all together, one
    :func:`vision.geometry.refine_all`), as guessed outlines (:func:`_read_guessed`)."""
    tries = [
        (k, q)
        for k, (_, _, a) in enumerate(best)
        if a is not None and _unsettled(a)
        for q in guesses(best[k][0])
    ]
    refined = refine_all(grey, [q for _, q in tries])
    _read_guessed(
        picture, identifier, best, [(k, q) for (k, _), q in zip(tries, refined, strict=True)]
    )


def _doubt(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    shape: tuple[int, ...],
) -> None:
    """Withholds the name of each card read under ``DOUBT_SCORE`` and ``DOUBT_MARGIN``
    whose outline, carried on (:func:`_doubt_outlines`: past a short side; where it
    reaches the picture's edge, beyond it; where it is shorter than any card proportion
    tried, past each side to a card's proportions), fits another card better (a higher
    whole-card score with another best guess) or names another card, and marks it
    ``doubted``.

    An outline a strip short of the card (dark print at the card's end taken for the
    table) gives a view of the rest, stretched, that can fit another card past the
    margin: tango_nuevo's kings differ only in their corner sign and the robe's colour,
    and a CK without its dark robe fitted the SK. The whole card's read would name it;
    the check only withholds a name, as the outline cannot tell which read is the card.
    A card the picture's edge cuts, or a hand covers, is outlined as its part in view,
    and that part, stretched, can be a card with fewer pips: enrolled anglo_modern D10s
    read D7 (tuning seed 2012, three quarters in view; held-out seed 11413, outlined a
    fifth short where the edge cut it at a slant), a D9 read D7 (seed 11264), a bellot
    H8 under a hand read H6 (seed 12268). Carried on, each named or fitted its own card
    better. An outline that stops at a cover need not be too short for a card: a
    hand straight across a D10's top quarter (seed 17023, built-in and enrolled alike)
    left an outline 1.2 times as long as wide, a card's proportion at a slight slant,
    and its part read D7 at margins of 0.37–0.42; carried on under the hand it fits
    the D10 better. So a doubted read is carried on past each side wherever its outline
    is shorter than every card proportion tried (``CARD_PROPORTIONS``), not only where
    it is too short for a whole card (on tuning seeds 2000–2029 of six built-in and four
    enrolled designs this withheld nothing more; carrying on every doubted read did
    not either, but read 3–7 views more a frame, 8 % more instructions). A
    read left unnamed for its margin, above the name floor, is checked and marked too:
    the tracker, setting the impossible cards aside, would otherwise name it from that
    view. On tuning seeds 2000–2049 the check as it is withheld, besides the
    D10 of seed 2012, no card named right of the 29 designs enrolled, one partly covered
    card named right of the 25 built-in designs (a tango_nuevo HK), and one card named
    wrong of the unseen designs (docs/benchmarks.md)."""
    doubted = [
        k
        for k, (_, _, a) in enumerate(best)
        if a is not None
        and (a.card is not None or a.score >= a.floor)
        and a.score < DOUBT_SCORE
        and a.margin < DOUBT_MARGIN
    ]
    tries = [(k, q) for k in doubted for q in _doubt_outlines(best[k][0], shape)]
    _withhold_for_others(picture, identifier, best, tries)


def _doubt_nearest(
    picture: np.ndarray,
    grey: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
) -> None:
    """Withholds the name of each card named under ``DOUBT_SCORE`` from an enrolled
    deck's templates, where a look-alike was judged by the small print the two differ
    in (``print_regions``; named by the margin or by that print), whose outline,
    refined to the edges nearest it rather than the outermost
    (:func:`vision.geometry.refine_all`), moves more than ``NEAREST_MOVE`` and then
    fits another card better or names another card, and marks it ``doubted``.

    The outermost strong edge round a card is not always its own: a drop shadow
    darker than a light table, or a neighbour the card touches, draws one a few
    pixels beyond it. A view cut there carries a strip of shadow or table and has its
    small print moved; an enrolled template (a camera view) carrying the like can fit
    it better than the card's own, where the two cards differ only in that print:
    enrolled tango's CQ, outlined 7 pixels out along its shadow on a grey table, was
    named SQ (score 0.78, margin 0.49) on held-out seed 14133; its tango queens differ
    only in their suit signs. Refined to the nearest edges, its outline names the CQ
    (0.94). Where both edges agree (most cards) nothing is read again; printed-art
    templates carry no strip and their reads are not checked, nor is an outline
    completed beyond the picture's edge (there, the edge itself would be the nearest).
    As :func:`_doubt`, the check only withholds."""
    low = [
        k
        for k, (_, _, a) in enumerate(best)
        if a is not None
        and a.card is not None
        and a.print_regions
        and a.score < DOUBT_SCORE
        and not beyond_picture(best[k][0], grey.shape).any()
    ]
    nearest = refine_all(grey, [best[k][0] for k in low], nearest=True)
    moved = [
        (k, q)
        for k, q in zip(low, nearest, strict=True)
        if float(np.linalg.norm(q - best[k][0], axis=1).max()) > NEAREST_MOVE
    ]
    _withhold_for_others(picture, identifier, best, moved)


def _withhold_for_others(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    tries: list[tuple[int, np.ndarray]],
) -> None:
    """Reads each of ``tries`` (a card's index in ``best``, another outline of it)
    without the second look, and withholds the card's name (``doubted``) where one
    fits another card better (a higher whole-card score with another best guess) or
    names another card."""
    views = [rectify(picture, q) for _, q in tries]
    for (k, _), other in zip(tries, identifier.identify(views, second_look=False), strict=True):
        quad, view, read = best[k]
        if other is None or read is None or read.doubted or other.best_guess == read.best_guess:
            continue
        if other.score > read.score or other.card is not None:
            best[k] = (quad, view, _withheld(read))


def _doubt_outlines(quad: np.ndarray, shape: tuple[int, ...]) -> list[np.ndarray]:
    """The outlines a doubted read is read again from (:func:`_doubt`): carried past
    each short side by ``DOUBT_STRETCHES``; where it reaches the picture's edge, by
    ``EDGE_STRETCH`` too and completed beyond the edge; and where it is shorter than the
    shortest of ``CARD_PROPORTIONS`` (:func:`_proportion`), carried past each side to a
    card's proportions, as if a hand or another card covered the rest
    (:func:`vision.geometry.covered_outlines`)."""
    outlines = lengthened_outlines(quad, DOUBT_STRETCHES)
    if touches_picture_edge(quad, shape):
        outlines += lengthened_outlines(quad, (EDGE_STRETCH,))
        outlines += completed_outlines(quad, shape, CARD_PROPORTIONS)
    if _proportion(quad) < CARD_PROPORTIONS[0]:
        outlines += covered_outlines(quad, CARD_PROPORTIONS)
    return outlines


def _doubt_skewed(
    picture: np.ndarray,
    grey: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
) -> None:
    """Withholds the name of each card read from an outline at least ``DOUBT_SKEW``
    from a parallelogram (a corner pulled off the card) where the outline squared does
    not bear the name out, and marks it ``doubted``.

    Each corner in turn is put back where the other three make a parallelogram
    (:func:`vision.geometry.squared_outlines`), the outline refined and read. The name
    is borne out where the best fitting of these reads is of the same card and fits it
    at least as well as the pulled outline does (that corner was the one pulled), or
    where none reads another card above its name floor. Otherwise the outline cannot
    say which card it is: the pulled view may fit its name only by what the pull put
    in it. An enrolled template is a camera view, cut by an outline that can be pulled
    the same way, and a view carrying the same strip of table fits it closely:
    enrolled tango_nuevo's S6 template with such a strip named the S9 on held-out seed
    4000 S6 at a margin of 0.49 (its 9 and 6 differ only in the small corner index);
    squared, the outline reads S9 (0.73 against 0.65). A template and a view pulled
    alike can also fit each other better than any squared view fits its card; squared
    at another corner, the view still carries the pull and reads the name again, so
    the name is withheld wherever one squared read is of another card, unless the best
    one bears the name out, or the outline refined to its nearest edges comes back
    near a parallelogram and names the card again (:func:`_named_again_nearest`). This
    withholds some cards named right (``DOUBT_SKEW``).

    The fits compared are of views read alike, without the second look in even light
    (a read named at the second look carries its relit view's score). As
    :func:`_doubt`, the check only withholds, and a read left unnamed above its name
    floor is checked and marked too (the tracker would otherwise read its view again
    with the impossible cards set aside)."""
    skewed = [
        (k, q)
        for k, (_, _, a) in enumerate(best)
        if a is not None and not a.doubted and (a.card is not None or a.score >= a.floor)
        for q in squared_outlines(best[k][0], DOUBT_SKEW)
    ]
    if not skewed:
        return
    checked = sorted({k for k, _ in skewed})
    outlines = refine_all(grey, [q for _, q in skewed])
    views = [best[k][1] for k in checked] + [rectify(picture, q) for q in outlines]
    answers = identifier.identify(views, second_look=False)
    own = dict(zip(checked, answers[: len(checked)], strict=True))
    tries: dict[int, list[Identification]] = {}
    for (k, _), other in zip(skewed, answers[len(checked) :], strict=True):
        if other is not None:
            tries.setdefault(k, []).append(other)
    doubtful = []
    for k, others in tries.items():
        read = best[k][2]
        seen = own[k]
        fits = read.score if seen is None else seen.score
        top = max(others, key=lambda o: o.score)
        if top.best_guess == read.best_guess and top.score >= fits:
            continue
        if any(o.best_guess != read.best_guess and o.score >= o.floor for o in others):
            doubtful.append(k)
    borne_out = _named_again_nearest(picture, grey, identifier, best, doubtful)
    for k in doubtful:
        if k not in borne_out:
            quad, view, read = best[k]
            best[k] = (quad, view, _withheld(read))


def _named_again_nearest(
    picture: np.ndarray,
    grey: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    doubtful: list[int],
) -> set[int]:
    """Which of the named reads ``doubtful`` (indices into ``best``) :func:`_doubt_skewed`
    would withhold are named the same again from their outline
    refined to the edges nearest it (:func:`vision.geometry.refine_all`), where that
    outline lies within the picture and within ``DOUBT_SKEW`` of a parallelogram, and
    moved more than ``NEAREST_MOVE`` (else it is the pulled outline read again).

    The pull that leaves an outline skewed is often a neighbour's edge or a shadow's
    just beyond the card's own, the outermost strong edge there (tango_nuevo's big
    pips run to the card's edge, and its own edge is faint there). Refined to the
    nearest edges, such an outline comes back onto the card: a card's outline as the
    reader takes any other, which no squaring is asked to bear out."""
    named = [k for k in doubtful if best[k][2].card is not None]
    nearest = refine_all(grey, [best[k][0] for k in named], nearest=True)
    square = [
        (k, q)
        for k, q in zip(named, nearest, strict=True)
        if not squared_outlines(q, DOUBT_SKEW)
        and not beyond_picture(q, grey.shape).any()
        and float(np.linalg.norm(q - best[k][0], axis=1).max()) > NEAREST_MOVE
    ]
    answers = identifier.identify([rectify(picture, q) for _, q in square])
    return {
        k
        for (k, _), again in zip(square, answers, strict=True)
        if again is not None and again.card == best[k][2].card
    }


def _doubt_crossed(
    identifier: Identifier,
    shape: tuple[int, ...],
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
) -> None:
    """Reads again, its small print judged only where nothing may lie over it, each
    card of an enrolled deck named where another card's outline or the picture's edge
    covers ``HIDDEN_SHARE`` (:mod:`vision.small_print`) of a region of its small print,
    and each card of one deck of printed art named from an outline partly beyond the
    picture (:func:`partly_unseen`); reads again each other card of one deck named by
    its whole face where other cards' outlines (and the picture's edge) cover
    ``COVERED_SHARE`` of it, told what they cover (``covered``,
    :meth:`Identifier.identify`); withholds the name (and marks it ``doubted``) where
    the card is not named so again, past the margin for the last.

    Print partly hidden can read as other print: the other card's edge across an index.
    Where the card can be said to lie over the other (:func:`_lies_over`: its template
    explains the part their outlines share, the other's does not), that outline hides
    nothing of it. A read of printed art records no small print; its whole card counts
    the part beyond the picture, the picture's last pixels drawn out: tango_nuevo's
    kings differ only in their corner signs and robes, and a CK a fifth past the
    picture's top edge, its club plain in the corner in view, was named SK at a margin
    of 0.41 (held-out seed 26420). Read again, it must lead the SK where its print is
    seen.

    A card of printed art named by its whole face, another card over its one corner
    index, is named from the print in view, which its look-alikes share: tango_nuevo's
    hearts differ only in that index, and an H9 whose 9 lay under a C6's edge was
    named H6 at a margin of 0.30 (held-out seed 27656). It is read again told where
    other cards' outlines cover it, and must lead each look-alike whose telling print
    they cover by ``LEAD`` with that print left out, or by ``SURE_LEAD`` over its whole
    view. Print under another card can read as another card's: the view named H6 led
    the H9 by 0.23 and the H8 by -0.10 over its whole view, and nothing was left to
    judge it by without its index. A card lying on top shows its own plainly (a
    tango_nuevo DQ over an H8's corner, its diamond half inside the H8's outline, led
    the HQ by 0.79; tuning seed 2016: their outlines' round corners overlap by too
    little for :func:`_lies_over` to say which lies on top), and a card beneath can
    show enough elsewhere (a dondorf SQ, one corner index 72 % under a neighbour's
    outline, led the SJ by 0.07 over its whole view and by 0.43 without that corner;
    held-out seed 27793)."""
    outlines = [np.float32(quad) for quad, _, _ in best]
    for k, (quad, view, read) in enumerate(best):
        if read is None or read.card is None:
            continue
        # Read again only where one deck is read: among several, the print never names.
        unjudged = not read.print_regions and identifier.one_deck
        seen_in_part = unjudged and partly_unseen(quad, shape)
        if not (unjudged or read.print_regions):
            continue
        others = [j for j in range(len(best)) if j != k]
        hidden = _covered(outlines[k], [outlines[j] for j in others], shape)
        crossed = _hides_print(hidden, read) or (unjudged and _overlapped(hidden))
        if not seen_in_part and crossed:
            under = [j for j in others if not _lies_over(identifier, best, k, j)]
            hidden = _covered(outlines[k], [outlines[j] for j in under], shape)
        if seen_in_part or _hides_print(hidden, read):
            again = identifier.identify([view], hidden=[hidden])[0]
        elif unjudged and _overlapped(hidden):
            # Named again past the margin only (in even light too, as it may have been
            # named): a name by print alone judges no look-alike whose print is covered.
            again = identifier.identify([view], covered=[hidden])[0]
            again = None if again is None or again.by_print else again
        else:
            continue
        if again is None or again.card != read.card:
            best[k] = (quad, view, _withheld(read))


def _overlapped(hidden: np.ndarray) -> bool:
    """Whether ``hidden`` (:func:`_covered`) covers ``COVERED_SHARE`` of a card."""
    return float(hidden.mean()) >= COVERED_SHARE


def _hides_print(hidden: np.ndarray, read: Identification) -> bool:
    """Whether ``hidden`` (:func:`_covered`) covers ``HIDDEN_SHARE`` of any region of
    small print a read's name rests on."""
    return any(hides(hidden, region) for region in read.print_regions)


def _lies_over(
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    k: int,
    j: int,
) -> bool:
    """Whether the card named at ``k`` in ``best`` lies over the card face at ``j``
    where their outlines overlap: there, the picture shows the print of whichever
    lies on top, which that card's template explains and the other's does not
    (:meth:`Identifier.unexplained`: the misfit per pixel, once moved, in grey levels).
    The one at ``k`` lies over where the other's misfit there is ``ON_TOP_RATIO`` times
    its own (or ``ON_TOP_FLOOR``, where its own is lower), and its own there is at most
    ``ON_TOP_OWN`` times its own elsewhere.

    The two misfits are of the same pixels of the picture, in the same units, so that
    what lies over both cards there (a hand's shadow, a dark spot) adds to both rather
    than to one against its clean rest; a glare can wash out the top card's print there,
    and ``ON_TOP_OWN`` asks the card's own misfit there to be near its misfit elsewhere
    (its print in plain light). The shared part
    is judged away from both outlines' edges and round corners (``CORNER_CLEAR``; past
    a card's round corner, what lies beneath shows inside its outline). Where the
    shared part is too small (``SHARED_LEAST``) or the face at ``j`` is not named,
    nothing is said: an unnamed face's best guess can be another card, whose template
    explains none of it (an anglo S9 over an HQ's corner, its best guess the C9)."""
    quad, view, read = best[k]
    other_quad, other_view, other = best[j]
    if other is None or other.card is None:
        return False
    shared = _shared(quad, other_quad)
    other_shared = _shared(other_quad, quad)
    if min(shared.sum(), other_shared.sum()) < SHARED_LEAST:
        return False
    own_left = identifier.unexplained(view, read.best_guess)
    other_left = identifier.unexplained(other_view, other.best_guess)
    if own_left is None or other_left is None:
        return False
    own = float(own_left[shared].mean())
    if own > ON_TOP_OWN * float(own_left[~shared].mean()):
        return False
    return float(other_left[other_shared].mean()) >= ON_TOP_RATIO * max(own, ON_TOP_FLOOR)


def _shared(outline: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Which pixels of the fine picture of the card inside ``outline`` lie inside
    ``other`` too, two pixels clear of its edge and clear of the round corners of
    both (``CORNER_CLEAR`` pixels of each card's fine picture, cut off each corner)."""
    inside = _covered(np.float32(outline), [_cornerless(np.float32(other))])
    shared = cv2.erode(inside, np.ones((5, 5), np.uint8)) > 0
    c = CORNER_CLEAR
    shared[:c, :c] = shared[:c, -c:] = shared[-c:, :c] = shared[-c:, -c:] = False
    return shared


def _cornerless(outline: np.ndarray) -> np.ndarray:
    """A card's outline with each corner cut off ``CORNER_CLEAR`` pixels of its fine
    picture (past its ``INSET``) along both sides: an octagon in the picture."""
    view = warp_target((RECT_W, RECT_H)) / 2
    from_view = cv2.getPerspectiveTransform(view, outline)
    c = CORNER_CLEAR + INSET
    w, h = (float(v) for v in view[2])
    cut = [[c, 0], [w - c, 0], [w, c], [w, h - c], [w - c, h], [c, h], [0, h - c], [0, c]]
    return cv2.perspectiveTransform(np.float32([cut]), from_view)[0]


def _covered(
    outline: np.ndarray, others: list[np.ndarray], shape: tuple[int, ...] | None = None
) -> np.ndarray:
    """Which pixels of the fine picture of the card inside ``outline`` (the rectified
    view less its ``INSET``) lie inside any of ``others`` or, where ``shape`` is given,
    outside a picture of that shape: 1 covered, 0 not."""
    to_view = cv2.getPerspectiveTransform(outline, warp_target((RECT_W, RECT_H)) / 2)
    mask = np.zeros((RECT_H, RECT_W), np.uint8)
    own = on_grid(outline)
    for other in others:
        area, shared = convex_overlap(own, on_grid(other), gridded=True)
        if area > 0 and shared is not None:
            corners = cv2.perspectiveTransform(shared.reshape(-1, 1, 2), to_view)
            cv2.fillConvexPoly(mask, np.round(corners.reshape(-1, 2)).astype(np.int32), 1)
    if shape is not None and beyond_picture(outline, shape).any():
        ys, xs = np.mgrid[0:RECT_H, 0:RECT_W].astype(np.float32)
        grid = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        at = cv2.perspectiveTransform(grid, np.linalg.inv(to_view)).reshape(-1, 2)
        mask[beyond_picture(at, shape).reshape(RECT_H, RECT_W)] = 1
    return mask[INSET : RECT_H - INSET, INSET : RECT_W - INSET].astype(np.float32)


def _withheld(read: Identification) -> Identification:
    """The read, its name withheld by the reader and marked so (``doubted``)."""
    return replace(
        read, card=None, margin=0.0, confidence=0.0, doubted=True, by_print=False, print_regions=()
    )


def _read_guessed(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    tries: list[tuple[int, np.ndarray]],
) -> None:
    """Reads outlines partly guessed (``tries``, as for :func:`_read_and_fit`), each
    named only past ``COMPLETED_MARGIN`` and without the second look in even light (of
    the several tried per card, only the one kept and moved gets it), and keeps one only
    where it names the card: whoever reads it again (the tracker, with the cards
    already played set aside) would otherwise name it past the identifier's threshold,
    not ``COMPLETED_MARGIN``."""
    seen = {k: best[k] for k, _ in tries}
    _read_and_fit(picture, identifier, best, tries, COMPLETED_MARGIN, second_look=False)
    for k, read in seen.items():
        if _unnamed(best[k][2]):
            best[k] = read


def _read_and_fit(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    tries: list[tuple[int, np.ndarray]],
    threshold: float | None = None,
    second_look: bool = True,
) -> None:
    """Reads another outline of each card in ``tries`` (its index in ``best``, the
    outline) as :func:`_read_instead` does, and moves each read that this changed to
    fit its best guess (:func:`_align`); ``threshold`` and ``second_look`` as for
    :func:`_read_instead` (the moved outline always gets the second look)."""
    indices, outlines = [k for k, _ in tries], [q for _, q in tries]
    changed = _read_instead(picture, identifier, best, indices, outlines, threshold, second_look)
    _align(picture, identifier, best, sorted(set(changed)), threshold)


def _align(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    indices: Iterable[int],
    threshold: float | None = None,
) -> None:
    """Moves the outline of each card face at ``indices`` unnamed or named by its print
    alone (:func:`_unsettled`) as its view's fit to its best guess says
    (:meth:`vision.identify.Identifier.outline_moves`), within ``ALIGN_REACH`` and only
    for a read within ``ALIGN_SCORE_GAP`` of the name floor, and reads it again
    (:func:`_read_instead`, with ``threshold``). A read so kept that is still unsettled
    is moved again, up to ``ALIGN_STEPS`` moves in all, each from the last; a later
    move only finishes the first one's fit, and is kept only where it names the card
    the first move's read took the view for (its best guess). Otherwise the read of the
    first move stands: a later move that merely fits better, its card unnamed, would
    keep outlines read after it from replacing it (a tango SK moved once fitted the CK
    at 0.76, moved again the SK at 0.87, unnamed and still three pixels off, where an
    outline read later named it)."""
    pending = _read_instead(
        picture, identifier, best, *_fitted(identifier, best, indices), threshold
    )
    guessed = {k: best[k][2].best_guess for k in pending}
    for _ in range(ALIGN_STEPS - 1):
        before = {k: best[k] for k in pending}
        moved = _read_instead(
            picture, identifier, best, *_fitted(identifier, best, pending), threshold
        )
        for k in moved:
            if best[k][2].card != guessed[k]:
                best[k] = before[k]
        pending = [k for k in moved if best[k] is not before[k]]


def _fitted(
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    indices: Iterable[int],
) -> tuple[list[int], list[np.ndarray]]:
    """The cards at ``indices`` whose outline :func:`_align` moves, and each outline
    moved to fit its view's best guess: unsettled reads within ``ALIGN_SCORE_GAP`` of
    the name floor whose corners move within ``ALIGN_REACH``."""
    aligned, outlines = [], []
    for k in indices:
        quad, view, answer = best[k]
        if answer is None or not _unsettled(answer):
            continue  # no card face, or one named past the margin already
        if answer.score < answer.floor - ALIGN_SCORE_GAP:
            continue  # fits no template nearly well enough to be an outline a little off
        moves = identifier.outline_moves(view, answer.best_guess)
        if moves is not None and float(np.abs(moves).max()) <= ALIGN_REACH:
            aligned.append(k)
            outlines.append(moved_outline(quad, moves))
    return aligned, outlines


def _read_instead(
    picture: np.ndarray,
    identifier: Identifier,
    best: list[tuple[np.ndarray, np.ndarray, Identification | None]],
    indices: list[int],
    outlines: list[np.ndarray],
    threshold: float | None = None,
    second_look: bool = True,
) -> list[int]:
    """Reads the other ``outlines`` of the cards at ``indices`` and keeps, in ``best``,
    each one that fits a card face better (the higher best score) than the read there,
    unless that read names a card and this one does not;
    returns the indices whose read it replaced. A card is named from these outlines past
    ``threshold`` when given (the identifier's own otherwise); ``second_look`` as for
    :meth:`vision.identify.Identifier.identify`."""
    views = [rectify(picture, q) for q in outlines]
    answers = identifier.identify(views, threshold=threshold, second_look=second_look)
    replaced = []
    for k, q, view, answer in zip(indices, outlines, views, answers, strict=True):
        if answer is None or (best[k][2] is not None and answer.score <= best[k][2].score):
            continue
        if best[k][2] is not None and best[k][2].card is not None and answer.card is None:
            continue  # of several tries of one card, one that names it is not given up
        best[k] = (q, view, answer)
        replaced.append(k)
    return replaced


def _short_at_edge(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether an outline lies along the edge of a picture of ``shape`` and is too short
    for a whole card (its long sides under ``ASPECT_RANGE`` times its short ones): a
    card the edge cuts, whose view is a part of it taken for the whole."""
    return _short(quad) and at_picture_edge(quad, shape)


def _short(quad: np.ndarray) -> bool:
    """Whether an outline is too short for a whole card in plain view: its long sides
    under ``ASPECT_RANGE`` times its short ones."""
    return _proportion(quad) < ASPECT_RANGE[0]


def _proportion(quad: np.ndarray) -> float:
    """An outline's long sides over its short ones (means of opposite sides)."""
    ratio = _side_ratio(quad)
    return max(ratio, 1 / max(ratio, 1e-6))


def partly_unseen(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether an outline in a picture of ``shape`` is of a card the camera saw only in
    part, its view partly a guess: :func:`_short_at_edge`, a side ending where the
    picture does (:func:`vision.geometry.hugs_picture_edge`: a part of a card can have
    a card's proportion), or reaching ``UNSEEN_SHARE`` or more beyond the picture. A
    card is named from it only past ``COMPLETED_MARGIN``."""
    return (
        _short_at_edge(quad, shape)
        or hugs_picture_edge(quad, shape)
        or share_beyond_picture(quad, shape) >= UNSEEN_SHARE
    )


def _cut_short(
    answer: Identification | None, quad: np.ndarray, grey: np.ndarray, one_deck: bool
) -> bool:
    """Whether a read names a card below ``COMPLETED_MARGIN`` from an outline
    :func:`partly_unseen` in the picture ``grey``, unless it names the card past the
    identifier's margin (not by its print alone), one deck is read, and all the outline
    leaves unseen is a corner (:func:`_corner_unseen`): such a read is named as any
    other, and its print is then judged only where the picture shows it
    (:func:`_doubt_crossed`). A name by print alone was judged on the whole view, the
    part past the picture too, and is judged again only where that part hides enough of
    its print (``HIDDEN_SHARE``)."""
    if answer is None or answer.card is None or answer.margin >= COMPLETED_MARGIN:
        return False
    if not partly_unseen(quad, grey.shape):
        return False
    return answer.by_print or not (one_deck and _corner_unseen(quad, grey))


def _corner_unseen(quad: np.ndarray, grey: np.ndarray) -> bool:
    """Whether all that an outline in the picture ``grey`` leaves unseen is one corner:
    that corner lies beyond the picture, less than ``UNSEEN_SHARE`` of the outline lies
    beyond it, and each other corner at the picture's edge
    (:func:`vision.geometry.corners_at_picture_edge`) is a corner of the card: both
    sides that meet there are traced as the card's edge where they are in view
    (``SIDES_TRACED``, :func:`vision.geometry.traced_sides`). Its four sides are then
    lines of the card seen crossing the edge or wholly in view, each ending at a corner
    in view but one, and the card does not go on past them: what the picture leaves out
    is the corner's print, the picture's last pixels drawn out in the view.

    A corner at the picture's edge may be where the edge cuts the card, not the card's
    corner: a tango_nuevo H7 across the picture's corner, a tenth of it past two edges,
    was outlined with one corner past one edge and one at the other (a review). One of
    the sides meeting at such a corner is then no edge of the card: it runs along the
    picture's edge, where it cannot be traced, or across the card's paper. The first
    rule asked for no other corner at the picture's edge at all; on tuning seeds
    2000–2199 of built-in tango, 9 of its 12 fully visible cards left unnamed lay at
    the picture's edge, read at margins 0.26–0.40, and it named one of them, where
    asking for traced sides names four (docs/benchmarks.md)."""
    corners = np.float32(quad).reshape(4, 2)
    beyond = beyond_picture(corners, grey.shape)
    if int(beyond.sum()) != 1 or share_beyond_picture(corners, grey.shape) >= UNSEEN_SHARE:
        return False
    at_edge = corners_at_picture_edge(corners, grey.shape) & ~beyond
    if not at_edge.any():
        return True
    traced = np.nan_to_num(traced_sides(grey, corners), nan=0.0) >= SIDES_TRACED
    meeting = traced & np.roll(traced, 1)  # corner k: sides k - 1 and k
    return bool(meeting[at_edge].all())


def _unsure(answer: Identification) -> Identification:
    """The read, not named: its confidence against ``COMPLETED_MARGIN``."""
    return replace(answer, card=None, confidence=confidence(answer.margin, COMPLETED_MARGIN))


def _differs(outline: np.ndarray, other: np.ndarray) -> bool:
    """Whether two outlines of a card differ by ``SAME_OUTLINE`` or more at some corner:
    else their views differ by less than a pixel, and one read serves both."""
    return float(np.abs(outline - other).max()) >= SAME_OUTLINE


def _unnamed(answer: Identification | None) -> bool:
    """Whether a read names no card: no card face, or a face not sure enough to name."""
    return answer is None or answer.card is None


def _unsettled(answer: Identification | None) -> bool:
    """Whether a read names no card or names one by its small print alone, short of the
    whole-card margin: its card's other outlines are still read, as for an unnamed one,
    and a read of one that fits a card face better and names a card takes its place.
    A name by print read from an outline a few pixels off can be withheld by the checks
    that follow (:func:`_doubt` and after it), where a better outline of the card,
    read later, names it past the margin: dondorf's DK on held-out seed 23001, named by
    print from its outline moved to fit (score 0.70), then withheld, where the outline
    read next names it at 0.82 (margin 0.42)."""
    return _unnamed(answer) or answer.by_print


def _side_ratio(quad: np.ndarray) -> float:
    """Mean length of an outline's second and fourth sides over its first and third."""
    sides = side_lengths(quad)
    return float((sides[1] + sides[3]) / max(sides[0] + sides[2], 1e-6))
