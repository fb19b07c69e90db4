"""From camera frames to game-log events: following a game on the table.

Per frame the tracker asks the cheap change detector (:mod:`vision.change`) whether a
change has come to rest on the mat; only then (or while a card there is still being
read) does it run the card reader. Every card face on the mat is followed from look to
look as a :class:`Seen`; its identity is decided by agreeing reads, never by one:

- **a read** is the reader's answer for the card in one frame (a card, or abstention);
  the average of the card's rectified views over the looks is read too, because noise
  averages out where the card lies still;
- **decided** when two reads name the same card and none names another (or, with
  disagreement, four reads and three times as many for one card as for all others);
- **vetoed** when the referee knows the card cannot be what was read (played already,
  the face-up card, not in this deck, not the card that robs): the tracker looks again,
  and after ``MAX_LOOKS`` looks without a sure read it writes the event with
  ``"card": null`` and ``"confirm"`` (the board asks the table) rather than a guess.

Where a new card lies says what it is. In the middle of the mat (``TRICK_AREA``) it is
a play, and its seat is the side it lies towards; the referee's turn order only checks
it, and a disagreement is reported, not resolved. Cards laid together nearer a player
are a weis shown. In the talon games the first card after a ``hand`` is the turned-up
trump; a card that takes its place is the robbing trump, from the side the hand came
from. A trick is taken when all its cards have left the mat; in the talon games the
draws then follow as the referee says, and the last two wait for the face-up card to be
taken (the phase change). Something moving over cards (a hand, a sleeve) is never
read: places touched by motion are read again once still — a decided card is checked
(another card there means the first left), a card still being read starts its reads
over — so no card is lost and none appears from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import cv2
import numpy as np

from referee.cards import card_code, codes
from referee.engine import Event
from vision.change import CHANGE_PIXELS, EMPTY_LEVEL, ChangeDetector
from vision.detect import find_cards, working_picture
from vision.geometry import end_outlines, order_corners, quad_area, row_outlines
from vision.identify import Identification, Identifier
from vision.reader import (
    COMPLETED_MARGIN,
    ROW_PROPORTIONS,
    CardRead,
    best_outlines,
    frame_problem,
    partly_unseen,
)
from vision.referee_view import TableReferee
from vision.sources import Frame
from vision.table_geometry import Calibration

TRICK_AREA = (0.2, 0.27)
"""The middle of the mat where tricks are played: this share of the mat's width and
height either side of its centre. Cards laid outside it are shown (weis), not played."""
SAME_PLACE = 0.3
"""A card found within this share of its length of a followed card's place is it."""
SLOT_REACH = 0.6
"""A card this many card lengths from the face-up card's place lies in its place."""
MAX_LOOKS = 40
"""Reads of one card before the tracker gives up and asks for confirmation."""
GROUP_QUIET = 6
"""Frames without a new card beside a shown weis before it counts as complete."""
TOUCHED = 0.15
"""Share of a known card's place that motion must cross for it to be read again."""
MIN_WEIS = 3
NOT_A_FACE_LOOKS = 3
"""Looks at a card-shaped thing that read as no face before it is left alone: a card
read once while a hand was still beside it can read as none."""
CANDIDATES = 3
"""Cards a card written unread is asked about, one after the other."""
RECOUNT = 15
"""Frames between checks for a card lying unnoticed (see ``Tracker._unexplained``)."""
VISIBLE = 0.8
"""Share of a known card that must be in view (no other card on it, inside the picture)
for a read to check it: a card partly covered reads as another card too often."""
SIZE_MATCH = 0.1
"""Share by which an outline's short and long sides may differ from a known card's for
a read of it to check that card."""
NEIGHBOUR = 1.3
"""Cards of one weis lie side by side: each within this many card lengths of another."""
CLOSE_AREA = 1.4
"""How many times the size of a card named in one of its parts an outline taken for no
card face must be for the players to be told their cards lie too close together: two
cards edge to edge are twice a card's size, three in a fan that leaves half of each
but the top one in view twice too; one card outlined with its shadow or a strip of
table is less."""


@dataclass
class Seen:
    """A card face on the mat, followed from look to look."""

    ident: int
    corners: np.ndarray  # 4×2, frame pixels
    born: int  # frame
    votes: Counter = field(default_factory=Counter)
    guesses: Counter = field(default_factory=Counter)
    """The identifier's best candidate at every look, sure or not (but for reads the
    reader withheld for their outline): what the table is asked about when the card is
    given up on."""
    mean_vote: int | None = None
    views: np.ndarray | None = None
    count: int = 0
    looks: int = 0
    excluded: set[int] = field(default_factory=set)
    card: int | None = None
    unread: bool = False
    role: str | None = None
    recheck: Counter | None = None
    recheck_looks: int = 0
    origin: int | None = None
    """The seat whose side the hand that laid it came from, as far as motion tells."""
    candidates: list[int] = field(default_factory=list)
    """Written unread: the cards it likely is, asked about (see :class:`Emitted`)."""

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    @property
    def length(self) -> float:
        sides = np.linalg.norm(self.corners - np.roll(self.corners, 1, axis=0), axis=1)
        return float(sides.max())

    @property
    def settled(self) -> bool:
        """Its identity is known, or given up on."""
        return self.card is not None or self.unread


@dataclass
class NotFace:
    """A card-shaped thing that read as no card face."""

    place: np.ndarray  # small-picture mask
    centre: np.ndarray  # frame pixels
    quad: np.ndarray  # its outline, frame pixels
    looks: int = 0
    """Looks at it since it was found; after ``NOT_A_FACE_LOOKS`` it is left alone."""
    weighed: bool = False
    """Whether it was checked for cards lying too close together (:meth:`Tracker._close_row`)."""


@dataclass(frozen=True)
class Told:
    """Cards beside a seat lying too close together to be read, the players told."""

    place: np.ndarray  # small-picture mask
    seat: int


@dataclass(frozen=True)
class Emitted:
    """An event written to the log, the frame it was written at, and who gave it."""

    event: Event
    frame: int
    source: str  # "camera" or "button"
    candidates: tuple[str, ...] = ()
    """For a card written unread: the possible cards it likely is, likeliest first (the
    first is the event's ``read``), for the table to be asked about one by one."""


@dataclass(frozen=True)
class Notice:
    """Something the table should know (a disagreement, a card that needs confirming)."""

    frame: int
    text: str
    attention: bool = False  # the players must act: a card or weis to confirm


def _holds(quad: np.ndarray, point: np.ndarray) -> bool:
    inside = cv2.pointPolygonTest(quad.reshape(-1, 1, 2), tuple(float(v) for v in point), False)
    return inside >= 0


def _sides(quad: np.ndarray) -> np.ndarray:
    """A quad's short and long side, each the mean of the two opposite sides."""
    lengths = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    pairs = np.array([(lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2])
    return np.sort(pairs)


def _fits_better(answer: Identification | None, than: Identification | None) -> bool:
    """A read that fits a card face better: a face rather than none, a sure read
    rather than an unsure one, an unsure read rather than one the reader withheld
    (``doubted``: its outline reads another card, and its score is that of the name it
    was withheld from), else the higher score."""
    if answer is None:
        return False
    if than is None:
        return True
    if (answer.card is None) != (than.card is None):
        return answer.card is not None
    if answer.doubted != than.doubted:
        return than.doubted
    return answer.score > than.score


def agreed(votes: Counter, extra: int | None = None) -> int | None:
    """The card the reads agree on, or ``None``."""
    counts = votes.copy()
    if extra is not None:
        counts[extra] += 1
    if not counts:
        return None
    best, n = counts.most_common(1)[0]
    others = sum(counts.values()) - n
    if (n >= 2 and others == 0) or (n >= 4 and n >= 3 * others):
        return best
    return None


class Tracker:
    """Turns frames (and button events) into the game log, live."""

    def __init__(self, identifier: Identifier, calibration: Calibration, first: Frame):
        self.identifier = identifier
        self.calibration = calibration
        self.referee = TableReferee()
        self.to_lores = first.lores.shape[1] / first.main.shape[1]
        self.change = ChangeDetector(calibration.mat * self.to_lores, first.lores)
        self.seen: list[Seen] = []
        self.next_ident = 0
        self.log: list[Emitted] = []
        self.notices: list[Notice] = []
        self.slot: np.ndarray | None = None
        self.slot_seen: Seen | None = None
        self.tricks: list[list[Seen]] = []
        self.await_pickup = False
        self.gathers: list[int] = []
        self.looks = 0
        self.frame = 0
        self.not_faces: list[NotFace] = []
        """Card-shaped things that read as no card face (a back, the talon; or a card
        read badly, which a few more looks tell apart)."""
        self.told_close: list[Told] = []
        """Cards lying too close together that the players were told of, until their
        place is bare again or a new hand begins: a hand passing over them, or a second
        outline round part of them, does not tell the seat again."""

    # --- input ---------------------------------------------------------------------

    def button(self, event: Event) -> None:
        """An event from a button or the phone (game, hand, trump, stöck, bedanken).
        A new hand lets every seat be told of cards lying too close again: a pile of won
        tricks left where a weis lay keeps its place from ever being bare."""
        if event.get("event") == "hand":
            self.told_close = []
        self._write(event, "button")

    def feed(self, index: int, frame: Frame) -> None:
        self.frame = index
        changed = self.change.update(frame.lores)
        pending = any(self._readable(s) for s in self.seen) or any(
            n.looks < NOT_A_FACE_LOOKS and self.change.share(self.change.moving, n.place) == 0
            for n in self.not_faces
        )
        if changed >= CHANGE_PIXELS or pending or self._unexplained():
            self._look(frame)
        self._emit_ready()

    def _unexplained(self) -> bool:
        """Every ``RECOUNT`` frames: does something card-shaped lie still on the mat
        that is neither a followed card nor known to be no card face (a card back)?
        A safety net for a card that both detectors missed when it first came to rest."""
        if self.frame % RECOUNT:
            return False
        self.not_faces = [
            n for n in self.not_faces if self.change.share(self.change.touched, n.place) <= TOUCHED
        ]
        known = [s.centre for s in self.seen] + [n.centre for n in self.not_faces]
        for shape in self._silhouettes():
            centre = shape.mean(axis=0) / self.to_lores
            length = float(np.linalg.norm(shape[0] - shape[2])) / self.to_lores
            if all(np.linalg.norm(centre - k) > SAME_PLACE * length for k in known):
                return True
        return False

    def finish(self) -> None:
        """The video is over: cards still being read are written as unread."""
        for s in self.seen:
            if s.role is None and not s.settled:
                s.unread = True
        self._emit_ready(final=True)

    # --- looking ---------------------------------------------------------------------

    def _place(self, s: Seen) -> np.ndarray:
        return self.change.place(s.corners * self.to_lores)

    def _silhouettes(self) -> list[np.ndarray]:
        """The change detector's card silhouettes, partly hidden cards completed to the
        size of the cards followed (none completed before a card is known)."""
        if not self.seen:
            return self.change.silhouettes()
        sides = np.array(
            [np.linalg.norm(s.corners - np.roll(s.corners, 1, axis=0), axis=1) for s in self.seen]
        )
        sides.sort(axis=1)
        card = (
            float(np.median(sides[:, :2])) * self.to_lores,
            float(np.median(sides[:, 2:])) * self.to_lores,
        )
        hidden = np.zeros(self.change.shape, bool)
        for s in self.seen:
            hidden |= self.change.place(s.corners * self.to_lores, 1.0)
        return self.change.silhouettes(card, hidden)

    def _readable(self, s: Seen) -> bool:
        """A card still being read, lying still."""
        waiting = (s.role is None and not s.settled) or s.recheck is not None
        return waiting and self.change.share(self.change.moving, self._place(s)) == 0

    def _look(self, frame: Frame) -> None:
        self.looks += 1
        for n in self.not_faces:
            if self.change.share(self.change.moving, n.place) == 0:
                n.looks += 1
        for s in self.seen:
            if self.change.share(self.change.touched, self._place(s)) <= TOUCHED:
                continue
            if s.card is not None and s.recheck is None:
                s.recheck, s.recheck_looks = Counter(), 0
            elif s.role is None and not s.settled:
                s.votes, s.views, s.count, s.mean_vote = Counter(), None, 0, None
                s.guesses = Counter()
        matched = []
        for found, s, exclude, cut in self._read(frame.main):
            if s is None:
                s = self._new_seen(found)
            else:
                s.corners = found.corners
            matched.append(s)
            self._vote(s, found, exclude, cut)
        for s in [s for s in self.seen if s not in matched]:
            place = self._place(s)
            if self.change.share(self.change.moving, place) > 0:
                continue
            if self.change.emptiness(place) < EMPTY_LEVEL:
                self._gone(s)
            elif s.recheck is not None:
                s.recheck_looks += 1
                if s.recheck_looks >= MAX_LOOKS:
                    s.recheck = None
            elif not s.settled:
                s.looks += 1
                s.unread = s.looks >= MAX_LOOKS
        self._tell_close(frame.main)
        self.told_close = [
            n
            for n in self.told_close
            if self.change.share(self.change.moving, n.place) > 0
            or self.change.emptiness(n.place) >= EMPTY_LEVEL
        ]
        covered = np.zeros(self.change.shape, bool)
        for s in self.seen:
            covered |= self._place(s)
        self.change.follow(covered)
        self.change.looked()

    def _read(self, image: np.ndarray) -> list[tuple[CardRead, Seen | None, int, bool]]:
        """The card faces lying still on the mat, each with the known card it is (or
        ``None`` for a new one), the cards it cannot be, and whether the camera saw it
        only in part (:func:`vision.reader.partly_unseen`). A card is read without the
        cards it cannot be: those the referee knows are gone, and those known to lie
        elsewhere on the mat."""
        picture = working_picture(image)
        if frame_problem(picture) is not None:
            return []
        quads, twins, matches = [], [], []
        free = list(self.seen)
        found: list[tuple[np.ndarray, np.ndarray | None]] = [
            (quad, None) for quad in find_cards(image, picture=picture).quads
        ]
        for shape in self._silhouettes():
            quad = order_corners(shape / self.to_lores)
            same = [k for k, (q, _) in enumerate(found) if _holds(q, quad.mean(axis=0))]
            if not same:
                found.append((quad, None))
            elif _holds(quad, found[same[0]][0].mean(axis=0)):
                found[same[0]] = (found[same[0]][0], quad)
        for quad, twin in found:
            if not self.calibration.on_mat(quad.mean(axis=0)):
                continue
            place = self.change.place(quad * self.to_lores)
            if self.change.share(self.change.moving, place) > 0:
                continue
            quads.append(quad)
            twins.append(twin)
            match = self._match(quad, free)
            if match is not None:
                free.remove(match)
            matches.append(match)
        gone = self.referee.impossible()
        lying = {s.ident: 1 << s.card for s in self.seen if s.card is not None}
        elsewhere = sum(lying.values())
        exclude = []
        for s in matches:
            own = lying.get(s.ident, 0) if s is not None else 0
            exclude.append((gone | elsewhere) & ~own)
        outlines = self._outlines(image, quads, twins)
        views = [view for _, view, _ in outlines]
        cut = [partly_unseen(quad, image.shape) for quad, _, _ in outlines]
        answers = self._set_aside(views, [answer for _, _, answer in outlines], exclude, cut)
        found = []
        rows = zip(outlines, answers, matches, exclude, cut, strict=True)
        for (quad, view, _), answer, s, mask, edge in rows:
            if s is not None and s.recheck is not None and not self._in_full_view(s, quad, quads):
                continue
            if answer is not None:
                found.append((CardRead(quad, answer, view), s, mask, edge))
            elif s is None:
                self._not_a_face(quad)
        return found

    def _outlines(
        self, image: np.ndarray, quads: list[np.ndarray], twins: list[np.ndarray | None]
    ) -> list[tuple[np.ndarray, np.ndarray, Identification | None]]:
        """Each card read from its outline as found and, where a silhouette lies in the
        same place, from the silhouette too: the one that fits a card face better is
        kept. A printed outline can be found a little inside the card (a border, the
        art's own frame) or be bent by a neighbour's edge; the silhouette is the
        card's whole difference from the mat, coarse but never inside the card."""
        outlines = best_outlines(image, quads, self.identifier)
        paired = [k for k, twin in enumerate(twins) if twin is not None]
        if not paired:
            return outlines
        others = best_outlines(image, [twins[k] for k in paired], self.identifier)
        for k, other in zip(paired, others, strict=True):
            if _fits_better(other[2], outlines[k][2]):
                outlines[k] = other
        return outlines

    def _in_full_view(self, s: Seen, quad: np.ndarray, quads: list[np.ndarray]) -> bool:
        """Whether a known card, found at ``quad``, is in full enough view to be checked
        by this read: ``VISIBLE`` of it in view, and found at a card's size (an outline
        found longer or wider than the card took in something lying still over it, a
        hand at rest; a card that took its place is of the same deck's size)."""
        if self._visible(s, quads) < VISIBLE:
            return False
        known, found = _sides(s.corners), _sides(quad)
        return bool(np.all(np.abs(found - known) <= SIZE_MATCH * known))

    def _visible(self, s: Seen, quads: list[np.ndarray]) -> float:
        """The share of a known card's place in view: inside the picture and not under
        a card that came later (a followed card laid after it, or one found now that is
        not followed yet; ``quads`` are the outlines found in this look)."""
        whole = self.change.place(s.corners * self.to_lores, 1.0)
        pixels = int(np.count_nonzero(whole))
        if not pixels:
            return 0.0
        in_picture = min(1.0, pixels / max(float(cv2.contourArea(s.corners * self.to_lores)), 1.0))
        covered = np.zeros(self.change.shape, bool)
        for other in self.seen:
            if other is not s and other.born > s.born:
                covered |= self.change.place(other.corners * self.to_lores, 1.0)
        for quad in quads:
            if self._match(quad, self.seen) is None:
                covered |= self.change.place(quad * self.to_lores, 1.0)
        return in_picture * int(np.count_nonzero(whole & ~covered)) / pixels

    def _not_a_face(self, quad: np.ndarray) -> None:
        for n in self.not_faces:
            if _holds(quad, n.centre):
                return
        place = self.change.place(quad * self.to_lores)
        self.not_faces.append(NotFace(place, quad.mean(axis=0), quad))

    def _tell_close(self, image: np.ndarray) -> None:
        """Tells the players (an attention notice) of each card-shaped thing that still
        reads as no card face after ``NOT_A_FACE_LOOKS`` looks and is cards lying too
        close together to be read one by one (:meth:`_close_row`). Not at once: a card
        read badly while a hand was beside it is read at a later look (and is then no
        longer kept as no face)."""
        for n in self.not_faces:
            if n.weighed or n.looks < NOT_A_FACE_LOOKS:
                continue
            n.weighed = True
            seat = self.calibration.seat_of(n.centre, self.referee.players)
            if any(told.seat == seat for told in self.told_close):
                continue
            if self._close_row(image, n.quad):
                self.told_close.append(Told(n.place, seat))
                self._notice(
                    f"cards beside seat {seat} lie too close together to be read one by one: "
                    "lay them a finger's width apart",
                    True,
                )

    def _close_row(self, image: np.ndarray, quad: np.ndarray) -> bool:
        """Whether an outline taken for no card face, outside the middle, is cards laid
        side by side too close to be read one by one: a card is named, past
        ``COMPLETED_MARGIN`` (a guessed outline), in one of its parts, and the outline
        is ``CLOSE_AREA`` times that card's size or more. The parts: the outline cut
        into a row of equal cards (:func:`vision.geometry.row_outlines`: cards edge to
        edge), and the card at each of its ends (:func:`vision.geometry.end_outlines`,
        of either of ``ROW_PROPORTIONS``: the top card of a fan, and the one at the
        other end).

        Such cards are a weis the tracker cannot take apart: the reader outlines it as
        one thing, and writing cards read from parts guessed by cutting it was tried and
        withdrawn (a weis written with a card it did not show, docs/benchmarks.md). It is
        never written, so the players are told, and a weis laid apart again is read. So
        is a face-up card laid touching the talon, one outline with it and not read
        either. A pile of card backs (won tricks), or the talon alone, names no card and
        is not told of."""
        if self._in_middle(quad.mean(axis=0)):
            return False
        tries = [part for row in row_outlines(quad, ROW_PROPORTIONS) for part in row]
        tries += [end for p in ROW_PROPORTIONS for end in end_outlines(quad, p)]
        size = quad_area(quad)
        for outline, _, answer in best_outlines(image, tries, self.identifier):
            named = answer is not None and answer.card is not None
            sure = named and answer.margin >= COMPLETED_MARGIN
            if sure and size >= CLOSE_AREA * quad_area(outline):
                return True
        return False

    def _set_aside(
        self, views: list[np.ndarray], answers: list, exclude: list[int], cut: list[bool]
    ) -> list:
        """Reads cards as they look; only where a read is unsure are the impossible cards
        set aside and the card read again. A sure read of an impossible card stays as it
        is, so the referee's veto sees it (the card is looked at again, then confirmed
        by the table) instead of it being bent into the nearest possible card. A card
        the camera saw only in part (``cut``, :func:`vision.reader.partly_unseen`) is
        named so only past ``COMPLETED_MARGIN``: read again here, its print is not judged
        where seen, as the reader judges a card with only a corner past the picture that
        it names at its own margin (:func:`vision.reader._cut_short`). A read the reader
        withheld because its outline, carried on or squared, reads another card
        (``doubted``) is not read again: with the impossible cards set aside, its view
        would still name the card it was withheld from."""
        answers = list(answers)
        for edge, threshold in ((False, None), (True, COMPLETED_MARGIN)):
            unsure = [
                k
                for k, a in enumerate(answers)
                if a is not None and a.card is None and not a.doubted and cut[k] == edge
            ]
            if unsure:
                again = self.identifier.identify(
                    [views[k] for k in unsure], [exclude[k] for k in unsure], threshold
                )
                for k, answer in zip(unsure, again, strict=True):
                    answers[k] = answer
        return answers

    def _match(self, quad: np.ndarray, candidates: list[Seen]) -> Seen | None:
        centre = quad.mean(axis=0)
        best, distance = None, float("inf")
        for s in candidates:
            d = float(np.linalg.norm(s.centre - centre))
            if d < distance:
                best, distance = s, d
        if best is not None and distance <= SAME_PLACE * best.length:
            return best
        return None

    def _vote(self, s: Seen, found: CardRead, exclude: int, cut: bool) -> None:
        """Counts a look at ``s``. A read the reader withheld (``doubted``) counts as a
        look and nothing more: its view is of an outline that, carried on or squared,
        reads another card than its best guess, and averaged with two more such views
        into the mean look it would name that guess."""
        named = found.identification.card
        if s.recheck is not None:
            s.recheck_looks += 1
            if named is not None:
                s.recheck[named] += 1
            now = agreed(s.recheck)
            if now == s.card or s.recheck_looks >= MAX_LOOKS:
                s.recheck = None
            elif now is not None:
                self._replaced(s, found, now)
            return
        if s.settled:
            return
        s.looks += 1
        if not found.identification.doubted:
            self._add_look(s, found, exclude, cut)
        s.card = agreed(s.votes, s.mean_vote)
        if s.card is None and s.looks >= MAX_LOOKS:
            s.unread = True

    def _add_look(self, s: Seen, found: CardRead, exclude: int, cut: bool) -> None:
        """Adds a look at ``s`` to its votes, its guesses and its mean look, and reads the
        mean look from the third on."""
        named = found.identification.card
        s.guesses[found.identification.best_guess] += 1
        view = found.rectified.astype(np.float32)
        s.views = view if s.views is None else s.views + view
        s.count += 1
        if named is not None and named not in s.excluded:
            s.votes[named] += 1
        if s.count >= 3:
            mean = (s.views / s.count).astype(np.uint8)
            threshold = COMPLETED_MARGIN if cut else None  # seen only in part (partly_unseen)
            first = self.identifier.identify([mean], threshold=threshold)
            answer = self._set_aside([mean], first, [exclude], [cut])[0]
            mean_card = answer.card if answer is not None else None
            s.mean_vote = mean_card if mean_card not in s.excluded else None

    def _new_seen(self, found: CardRead) -> Seen:
        """A card found where none was known: born when it came to rest there."""
        place = self.change.place(found.corners * self.to_lores)
        born = self.frame - self.change.came_to_rest(place)
        s = Seen(self.next_ident, found.corners, born, origin=self._motion_side())
        self.next_ident += 1
        self.seen.append(s)
        self.not_faces = [n for n in self.not_faces if not _holds(found.corners, n.centre)]
        return s

    def _replaced(self, old: Seen, found: CardRead, now: int) -> None:
        """A known card's place now holds another card: the old one left."""
        self._gone(old)
        s = self._new_seen(found)
        s.votes = old.recheck.copy() if old.recheck is not None else Counter()
        s.looks = s.count = int(sum(s.votes.values()))
        s.views = found.rectified.astype(np.float32) * max(s.count, 1)
        s.count = max(s.count, 1)
        s.card = now

    # --- things leaving the mat --------------------------------------------------------

    def _gone(self, s: Seen) -> None:
        self.seen.remove(s)
        if s.role is None and not s.settled:
            s.unread = True
            if s.looks:
                self._notice(f"a card left the mat before it was read ({self._where(s)})")
            return
        if s is self.slot_seen:
            self.slot_seen = None
            if self.await_pickup:
                self.await_pickup = False
                self.slot = None
                self._draw_last_pair()
            return
        for trick in self.tricks:
            if s in trick and not any(x in self.seen for x in trick):
                self.tricks.remove(trick)
                self._gathered(trick)
                break

    def _gathered(self, trick: list[Seen]) -> None:
        needed, cards = self.referee.trick()
        newest = self.tricks[-1] if self.tricks else None
        if newest is not None and newest is not trick:
            return  # an older trick's cards: they were left lying, now gone
        if len(cards) < needed:
            self._notice(f"the cards of an unfinished trick ({len(cards)}/{needed}) left the mat")
            return
        self.gathers.append(self.frame)
        self._draw_due()

    def _draw_due(self) -> None:
        """The draws after a trick of phase 1 (the last two wait for the face-up card)."""
        while self.referee.draws_due():
            if self.referee.last_pair():
                self.await_pickup = True
                if self.slot_seen is None:
                    self.await_pickup = False
                    self._draw_last_pair()
                return
            self._write({"event": "draw", "seat": self.referee.draws_due()[0], "card": None})

    def _draw_last_pair(self) -> None:
        due = self.referee.draws_due()
        if len(due) != 2:
            self._notice("the face-up card was taken, but no draws were due")
            return
        turnup = self.referee.turnup()
        self._write({"event": "draw", "seat": due[0], "card": None})
        shown = card_code(turnup) if turnup is not None else None
        self._write({"event": "draw", "seat": due[1], "card": shown})

    # --- writing events ---------------------------------------------------------------

    def _in_middle(self, point: np.ndarray) -> bool:
        """Whether a point lies in ``TRICK_AREA``, the middle of the mat."""
        x, y = self.calibration.mat_point(point)
        width, height = self.calibration.extent
        return abs(x) <= TRICK_AREA[0] * width and abs(y) <= TRICK_AREA[1] * height

    def _at_slot(self, s: Seen) -> bool:
        return self.slot is not None and float(np.linalg.norm(s.centre - self.slot)) <= (
            SLOT_REACH * s.length
        )

    def _items(self) -> list[list[Seen]]:
        """New cards waiting to be written, as items in the order they appeared: a play
        or a turned-up or robbing card alone, the cards of a shown weis together (cards
        laid side by side, each within ``NEIGHBOUR`` card lengths of the next)."""
        items: list[list[Seen]] = []
        for s in sorted((s for s in self.seen if s.role is None), key=lambda s: s.born):
            if self._alone(s):
                items.append([s])
                continue
            near = [
                item
                for item in items
                if not self._alone(item[0])
                and any(np.linalg.norm(s.centre - o.centre) <= NEIGHBOUR * s.length for o in item)
            ]
            if not near:
                items.append([s])
                continue
            near[0].append(s)
            for other in near[1:]:
                near[0].extend(other)
                items.remove(other)
        return items

    def _turned_up(self, s: Seen) -> bool:
        """The turned-up trump card: the first card laid outside the middle of the mat
        once a talon game's hand has begun."""
        return self.referee.awaiting_turnup() and not self._in_middle(s.centre)

    def _alone(self, s: Seen) -> bool:
        """A card written on its own: a play, the turned-up card, the robbing card."""
        return self._in_middle(s.centre) or self._at_slot(s) or self._turned_up(s)

    def _emit_ready(self, final: bool = False) -> None:
        for item in self._items():
            if not all(s.settled for s in item):
                return
            if len(item) > 1 or not self._alone(item[0]):
                if not final and self.frame - max(s.born for s in item) < GROUP_QUIET:
                    return
                if not self._emit_weis(item, final):
                    return
            elif not self._emit_single(item[0]):
                return

    def _checked(self, s: Seen, role: str, seat: int | None) -> bool:
        """Vetoes an impossible read; ``False`` while the card is being read again."""
        if s.card is None:
            return True
        reason = self.referee.veto(s.card, role, seat)
        if reason is None:
            return True
        self._notice(f"read {card_code(s.card)} at {self._where(s)}, but {reason}: reading again")
        s.excluded.add(s.card)
        s.votes.pop(s.card, None)
        s.mean_vote = None
        s.card = None
        if s.looks >= MAX_LOOKS:
            s.unread = True
            return True
        return False

    def _emit_single(self, s: Seen) -> bool:
        if self._turned_up(s):
            if not self._checked(s, "turnup", None):
                return False
            self._write(self._card_event({"event": "turnup"}, s), s)
            s.role = "turnup"
            self.slot, self.slot_seen = s.centre, s
            return True
        if self._at_slot(s) and self.slot_seen is None:
            seat = s.origin if s.origin is not None else self.referee.to_play() or 0
            if not self._checked(s, "rob", seat):
                return False
            self._write(self._card_event({"event": "rob", "seat": seat}, s), s)
            s.role = "turnup"
            self.slot_seen = s
            return True
        seat = self.calibration.seat_of(s.centre, self.referee.players)
        if not self._checked(s, "play", seat):
            return False
        if self.referee.draws_due():
            self._notice("a card was played before the draws were seen: writing the draws")
            self._draw_due()
        expected = self.referee.to_play()
        if expected is not None and expected != seat:
            self._notice(
                f"{self._name(s)} lies on seat {seat}'s side, but seat {expected} is to play "
                "(written as seen; the referee reports it)"
            )
        self._write(self._card_event({"event": "play", "seat": seat}, s), s)
        s.role = "play"
        _needed, cards = self.referee.trick()
        if len(cards) == 1 or not self.tricks:
            self.tricks.append([s])
        else:
            self.tricks[-1].append(s)
        return True

    def _emit_weis(self, item: list[Seen], final: bool) -> bool:
        seat = self.calibration.seat_of(
            np.mean([s.centre for s in item], axis=0), self.referee.players
        )
        if len(item) < MIN_WEIS:
            if final or self.frame - max(s.born for s in item) > MAX_LOOKS:
                self._notice(f"{len(item)} card(s) laid beside seat {seat}: not a weis; ignored")
                for s in item:
                    s.role = "ignored"
                return True
            return False
        if not all(self._checked(s, "weis", seat) for s in item):
            return False
        unread = [s for s in item if s.card is None]
        if unread:
            known = sum(1 << s.card for s in item if s.card is not None)
            cards = [None] * len(unread) + codes(known)
            event: Event = {"event": "weis", "seat": seat, "cards": cards, "confirm": True}
            reads = [self._likely(s)[:1] for s in unread]
            if all(reads):
                event["read"] = [card_code(read[0]) for read in reads] + codes(known)
            self._notice(
                f"weis of seat {seat}: {len(unread)} card(s) not read; please confirm", True
            )
        else:
            mask = sum(1 << s.card for s in item if s.card is not None)
            event = {"event": "weis", "seat": seat, "cards": codes(mask)}
        self._write(event, item[0])
        for s in item:
            s.role = "weis"
        return True

    def _card_event(self, event: Event, s: Seen) -> Event:
        if s.card is not None:
            return {**event, "card": card_code(s.card)}
        self._notice(
            f"{event['event']} at {self._where(s)}: the card was not read; please confirm", True
        )
        s.candidates = self._likely(s)
        unsure = {"read": card_code(s.candidates[0])} if s.candidates else {}
        return {**event, "card": None, "confirm": True, **unsure}

    def _likely(self, s: Seen) -> list[int]:
        """The possible cards the camera thinks ``s`` most likely is, which it could not
        read surely (at most ``CANDIDATES``, likeliest first): asked about, never written
        as read. The cards it was read as come first; then, as often as needed, the mean
        look is read again without the impossible cards (played already, not in the
        deck) and without the cards already named."""
        impossible = self.referee.impossible() | sum(1 << card for card in s.excluded)
        ranked = [card for card, _ in (s.votes + s.guesses).most_common()]
        likely = [card for card in ranked if not impossible >> card & 1][:CANDIDATES]
        if s.views is None:
            return likely
        mean = (s.views / max(s.count, 1)).astype(np.uint8)
        while len(likely) < CANDIDATES:
            named = impossible | sum(1 << card for card in likely)
            answer = self.identifier.identify([mean], [named])[0]
            if answer is None or named >> answer.best_guess & 1:
                break
            likely.append(answer.best_guess)
        return likely

    def _motion_side(self) -> int | None:
        """The seat on whose side the motion since the last look mostly was: where the
        hand that brought a new card came from."""
        ys, xs = np.nonzero(self.change.touched)
        if len(xs) == 0:
            return None
        centre = np.array([xs.mean(), ys.mean()]) / self.to_lores
        return self.calibration.seat_of(centre, self.referee.players)

    def _write(self, event: Event, origin: Seen | str = "camera") -> None:
        source = origin if isinstance(origin, str) else "camera"
        asked = () if isinstance(origin, str) else tuple(map(card_code, origin.candidates))
        self.referee.push(event)
        self.log.append(Emitted(event, self.frame, source, asked))

    def _notice(self, text: str, attention: bool = False) -> None:
        self.notices.append(Notice(self.frame, text, attention))

    def _name(self, s: Seen) -> str:
        return card_code(s.card) if s.card is not None else "an unread card"

    def _where(self, s: Seen) -> str:
        x, y = (round(float(v)) for v in s.centre)
        return f"({x}, {y})"
