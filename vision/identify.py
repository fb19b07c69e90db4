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

from vision.profile import DeckProfile, describe, describe_fine

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
                best, top, margin = self._coarse(q, row, order)
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

    def _coarse(self, q: np.ndarray, row: np.ndarray, order: list[int]) -> tuple[int, int, float]:
        """Best card, its column and margin from the whole-card descriptors alone (a
        profile enrolled before fine rows existed)."""
        top = self._best_column(row, order[0])
        a = self.matrix[:, top]
        margin = min(
            (
                _separation(q, a, self.matrix[:, k])
                for o in order[1 : RIVALS + 1]
                for k in self._rival_columns(row, top, o)
            ),
            default=self.threshold,
        )
        return order[0], top, margin

    def _fine(
        self, card: np.ndarray, q: np.ndarray, row: np.ndarray, candidates: list[int]
    ) -> tuple[int, int, float]:
        """Best card, column and margin among the whole-card descriptors' few best
        candidates, judged on both descriptors together: the fine picture decides
        between cards the coarse one barely tells apart (a club or a spade drawn small
        in one colour), and the coarse one keeps the fine one's sensitivity to a
        pixel's misplacement in check."""
        qf = describe_fine(card) * FINE_WEIGHT
        both = np.concatenate([q, qf])
        picks = []
        for c in candidates:
            start, end = int(self.starts[c]), int(self.ends[c])
            scores = row[start:end] + self.fine[start:end] @ qf
            k = start + int(np.argmax(scores))
            picks.append((float(scores[k - start]), c, k))
        picks.sort(reverse=True)
        _, best, top = picks[0]
        a = self._both(top)
        margin = min(
            (
                _separation(both, a, self._both(j))
                for _, c, k in picks[1:]
                for j in {k, *self._rival_columns(row, top, c)}
            ),
            default=self.threshold,
        )
        return best, top, margin

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


def _separation(q: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """Where ``q`` lies between two templates ``a`` and ``b``, along the line joining
    them: 0.5 at ``a``, 0 half-way, -0.5 at ``b``. Only the pixels where the two cards
    differ count — the one pip of an 8 against a 9, the corner index — so the
    whole-card score's small gap becomes a clear one."""
    d = a - b
    separation = float((q - (a + b) / 2) @ d / max(float(d @ d), 1e-9))
    # The same distance in units of the read's own misfit: two cards that differ in
    # one small suit sign are only told apart when the card matches its template
    # much better than that sign differs.
    noise = float(np.linalg.norm(q - a)) / np.sqrt(len(q))
    along = separation * float(np.sqrt(d @ d))
    return min(separation, along / max(noise, 1e-9) * Z_SCALE)
