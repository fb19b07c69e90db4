"""Which of the 36 cards a rectified card is, how sure, and when to say "don't know".

Every descriptor of every profile in use is one row of a matrix; a card's scores are one
matrix product. The best score per card code (over designs and both turns) ranks the 36
candidates. Two numbers decide:

- ``best`` — how much the card looks like *some* card face at all. Below
  ``FACE_FLOOR`` the thing is dropped: a card back, a hand, a lighter, a blank patch;
  no entry, so no phantom card. Below ``NAME_FLOOR`` it is a card face too poorly
  seen to be named.
- ``margin`` — the separation from the nearest of the ``RIVALS`` next-best cards,
  measured along the difference of the two templates (see ``_separation``), on the
  whole-card and the fine descriptors together (the fine ones only for those few
  candidates). The reader names a card only when the margin reaches the calibrated
  threshold; otherwise it reports the card with ``null`` (the region is a card, its
  identity is not sure).
  A wrong card is far worse than a late one, and the next frames usually settle it.

The reported confidence is ``margin / (margin + threshold)``: 0.5 is the abstention
line, larger is surer. It orders reads; it is not a probability.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.profile import (
    COLOUR_SIZE,
    FINE_SIZE,
    GREY_SIZE,
    DeckProfile,
    describe,
    describe_fine,
    describe_warps,
)

_PARTS = np.cumsum([0, GREY_SIZE[0] * GREY_SIZE[1], COLOUR_SIZE[0] * COLOUR_SIZE[1] * 2, FINE_SIZE])
"""Where each part of a descriptor (whole-card grey, colour, fine grey) begins."""
FACE_FLOOR = 0.45
RIVALS = 3
"""How many runners-up each read is checked against."""
Z_SCALE = 0.02
"""Converts the misfit-relative distance to the separation's scale: a read needs
``Z_SCALE``⁻¹ × threshold = 10 misfit units between itself and the midpoint."""
NAME_FLOOR = 0.66
"""Whole-card score below which a card face is never named, however clear its margin:
the wrong reads of calibration matched their own template this poorly — an outline a
few pixels off, the print shifted — and a view that fits no template well is not told
from its look-alikes by the difference of two templates either."""
ENROLLED_FLOOR = 0.6
"""``NAME_FLOOR`` for an enrolled deck's templates: they are camera views themselves,
noisy as the view they are compared with, so a well-outlined card scores lower against
them than against printed art (0.62–0.66 for cards named right in the enrollment test).
Not calibrated on a held-out set of enrolled decks: there is none yet."""
FINE_WEIGHT = 0.5
"""Weight of the fine descriptor (unit length) beside the whole-card one (about 1)."""
MARGIN_THRESHOLD = 0.25
"""Calibrated with ``NAME_FLOOR`` on rendered scenes, seeds 2000–2049 of six built-in
designs (paris, tango, berlin, anglo_poker, bellot, swiss-xvii): no wrong guess that
passed the floor there had a margin above 0.099, and 0.15 named none wrong (0 in 1,419);
but a first measurement on seeds 1000–1099 named 5 tango clubs as spades at 0.15, so
the threshold was raised to 2.5 times that largest wrong margin. docs/benchmarks.md
gives the figures measured after that, on seeds from 3000 never used before."""


@dataclass(frozen=True)
class Identification:
    card: int | None  # None: abstained
    best_guess: int
    score: float
    margin: float
    confidence: float
    design: str


class Identifier:
    """Matches rectified cards against one or more deck profiles."""

    def __init__(self, profiles: list[DeckProfile], threshold: float = MARGIN_THRESHOLD):
        if not profiles:
            raise ValueError("no deck profile to identify cards with")
        self.profiles = profiles
        self.threshold = threshold
        cards = np.concatenate([p.cards for p in profiles])
        designs = np.concatenate([[i] * len(p.cards) for i, p in enumerate(profiles)])
        order = np.argsort(cards, kind="stable")  # columns grouped by card code
        self.cards, self.designs = cards[order], designs[order]
        if set(self.cards.tolist()) != set(range(36)):
            raise ValueError("a deck profile must hold all 36 cards")
        self.matrix = np.concatenate([p.descriptors for p in profiles])[order].T.copy()
        self.starts = np.searchsorted(self.cards, np.arange(36))
        self.ends = np.append(self.starts[1:], len(self.cards))
        turns = np.concatenate([np.arange(len(p.cards)) % 2 for p in profiles])
        self.turns = turns[order]  # rows come in pairs: upright, turned half round
        from_art = np.concatenate([[p.from_art] * len(p.cards) for p in profiles])
        self.from_art = from_art[order]
        has_fine = all(p.fine is not None for p in profiles)
        self.fine = np.concatenate([p.fine for p in profiles])[order] if has_fine else None

    def identify(
        self, rectified: list[np.ndarray], exclude: list[int] | None = None
    ) -> list[Identification | None]:
        """One answer per card: ``None`` when it is not a card face at all.

        ``exclude`` gives, per card, a set of cards (bitmask) it cannot be — cards
        already played, say, which only the referee knows: they are neither named nor
        counted as rivals, so a card whose nearest look-alike is gone can be named.
        """
        if not rectified:
            return []
        query = np.stack([describe(r) for r in rectified])
        raw = query @ self.matrix
        answers: list[Identification | None] = []
        per_cards = np.maximum.reduceat(raw, self.starts, axis=1)
        faces = per_cards.max(axis=1) >= FACE_FLOOR
        if exclude is not None:
            codes = np.arange(36)
            for per_card, mask in zip(per_cards, exclude, strict=True):
                per_card[(mask >> codes) & 1 == 1] = -np.inf
        for r, q, row, per_card, face in zip(rectified, query, raw, per_cards, faces, strict=True):
            order = [int(o) for o in np.argsort(per_card)[::-1] if per_card[o] > -np.inf]
            if not face or not order:
                answers.append(None)
                continue
            if self.fine is None:
                best, top, margin = self._coarse(r, row, order)
            else:
                best, top, margin = self._fine(r, q, row, order[: RIVALS + 1])
            score = float(per_card[best])
            if score < (NAME_FLOOR if self.from_art[top] else ENROLLED_FLOOR):
                margin = 0.0
            confidence = margin / (margin + self.threshold) if margin > 0 else 0.0
            answers.append(
                Identification(
                    card=best if margin >= self.threshold else None,
                    best_guess=best,
                    score=score,
                    margin=margin,
                    confidence=confidence,
                    design=self.profiles[int(self.designs[top])].name,
                )
            )
        return answers

    def _coarse(
        self, card: np.ndarray, row: np.ndarray, order: list[int]
    ) -> tuple[int, int, float]:
        """Best card, its column and margin from the whole-card descriptors alone (a
        profile enrolled before fine rows existed)."""
        top = self._best_column(row, order[0])
        columns = self._columns(row, top, order[: RIVALS + 1], [top])
        templates = self.matrix[:, columns].T
        return self._judge(describe(card), describe_warps(card)[0], columns, templates)

    def _fine(
        self, card: np.ndarray, q: np.ndarray, row: np.ndarray, candidates: list[int]
    ) -> tuple[int, int, float]:
        """Best card, column and margin among the whole-card descriptors' few best
        candidates, judged on both descriptors together: the fine picture decides
        between cards the coarse one barely tells apart (a club or a spade drawn small
        in one colour), and the coarse one keeps the fine one's sensitivity to a
        pixel's misplacement in check."""
        qf = describe_fine(card) * FINE_WEIGHT
        picks = []
        for c in candidates:
            start, end = int(self.starts[c]), int(self.ends[c])
            k = start + int(np.argmax(row[start:end] + self.fine[start:end] @ qf))
            picks.append((float(row[k] + self.fine[k] @ qf), k))
        top = max(picks)[1]
        columns = self._columns(row, top, candidates, [k for _, k in picks])
        moves_c, moves_f = describe_warps(card)
        moves = np.concatenate([moves_c, moves_f * FINE_WEIGHT], axis=1)
        templates = np.stack([self._both(j) for j in columns])
        return self._judge(np.concatenate([q, qf]), moves, columns, templates)

    def _columns(
        self, row: np.ndarray, top: int, candidates: list[int], picked: list[int]
    ) -> list[int]:
        """The columns the candidates are judged on: those ``picked``, and each
        candidate's columns from :meth:`_rival_columns`."""
        found = {*picked, *(j for c in candidates for j in self._rival_columns(row, top, c))}
        return sorted(found)

    def _judge(
        self, q: np.ndarray, moves: np.ndarray, columns: list[int], templates: np.ndarray
    ) -> tuple[int, int, float]:
        """The card whose template ``q`` fits best once moved (see :func:`_fits`), its
        column, and its margin over the templates of the other cards."""
        misfits, left, coefficients, residuals = _fits(q, moves, templates)
        cards = self.cards[columns]
        first = int(np.argmin(misfits))
        bounds = _PARTS[len(left[first]) >= _PARTS]
        starts, sizes = bounds[:-1], np.diff(bounds)
        weights = sizes / np.maximum(np.add.reduceat(left[first] ** 2, starts), 1e-12)
        fits = np.add.reduceat(left * left, starts, axis=1) @ weights
        best = int(np.argmin(fits))
        others = np.nonzero(cards != cards[best])[0]
        if not len(others):
            return int(cards[best]), columns[best], self.threshold
        differences = residuals[best] - residuals[others]
        differences -= (coefficients[best] - coefficients[others]) @ moves
        square = np.add.reduceat(differences * differences, starts, axis=1) @ weights
        gain = (fits[others] - fits[best]) / 2
        separation = gain / np.maximum(square, 1e-12)
        scaled = gain / np.sqrt(np.maximum(square, 1e-12)) * Z_SCALE
        return int(cards[best]), columns[best], float(np.minimum(separation, scaled).min())

    def _both(self, column: int) -> np.ndarray:
        return np.concatenate([self.matrix[:, column], self.fine[column] * FINE_WEIGHT])

    def _rival_columns(self, row: np.ndarray, top: int, rival: int) -> list[int]:
        """The columns a read is told apart from for one rival card: the rival's best
        column, and its column in the design and turn of the read's own best. Against
        a rival of another design, the separation also counts everything in which the
        two designs differ, which says nothing about which card this is; within one
        design, only what tells the two cards apart counts (when reading a design not
        among the profiles, the look-alike in the best-fitting design is the rival to
        beat)."""
        start, end = int(self.starts[rival]), int(self.ends[rival])
        best = start + int(np.argmax(row[start:end]))
        same = np.nonzero(
            (self.designs[start:end] == self.designs[top])
            & (self.turns[start:end] == self.turns[top])
        )[0]
        if not len(same):
            return [best]
        return [best, start + int(same[np.argmax(row[start + same])])]

    def _best_column(self, row: np.ndarray, card: int) -> int:
        start = int(self.starts[card])
        end = int(self.starts[card + 1]) if card < 35 else len(self.cards)
        return start + int(np.argmax(row[start:end]))


def _fits(
    q: np.ndarray, moves: np.ndarray, templates: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """How well ``q`` fits each template once moved along ``moves`` (see
    :func:`vision.profile.describe_warps`: its outline's corners, its focus) as far as
    brings it closest to that template, by least squares: the squared distances left,
    the vectors left, the moves' coefficients and the plain differences (template − q).

    An outline a pixel off shifts every pip's edge; a print set a little off centre
    on the card does the same. Neither says which card it is, and the shifted edges
    of two cards whose pips sit a little apart (a 6 and an 8 whose side pips are
    spaced differently) would otherwise make the view look half-way between them.
    """
    gram = moves @ moves.T
    gram += np.eye(len(gram), dtype=gram.dtype) * (1e-6 * float(np.trace(gram)) + 1e-12)
    residuals = templates - q
    along = residuals @ moves.T
    coefficients = np.linalg.solve(gram, along.T).T
    left = residuals - coefficients @ moves
    return np.einsum("tn,tn->t", left, left), left, coefficients, residuals
