"""Which of the 36 cards a rectified card is, how sure, and when to say "don't know".

Every descriptor of every profile in use is one row of a matrix; a card's scores are one
matrix product. The best score per card code (over designs and both turns) ranks the 36
candidates. Two numbers decide:

- ``best`` — how much the card looks like *some* card face at all. Below
  ``FACE_FLOOR`` the thing is dropped: a card back, a hand, a lighter, a blank patch;
  no entry, so no phantom card.
- ``margin`` — the separation from the nearest of the ``RIVALS`` next-best cards,
  measured along the difference of the two templates (see ``_separation``). The
  reader names a card only when the margin reaches the calibrated threshold; otherwise
  it reports the card with ``null`` (the region is a card, its identity is not sure).
  A wrong card is far worse than a late one, and the next frames usually settle it.

The reported confidence is ``margin / (margin + threshold)``: 0.5 is the abstention
line, larger is surer. It orders reads; it is not a probability.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.profile import DeckProfile, describe

FACE_FLOOR = 0.45
RIVALS = 3
"""How many runners-up each read is checked against."""
Z_SCALE = 0.02
"""Converts the misfit-relative distance to the separation's scale: a read needs
``Z_SCALE``⁻¹ × threshold = 10 misfit units between itself and the midpoint."""
MARGIN_THRESHOLD = 0.2
"""Set by hand from a few rendered scenes (anglo, swiss-xvii, tango), where no wrong card
remained at this value; not yet calibrated on a held-out seed range (docs/benchmarks.md
gives the abstention it costs)."""


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
        for q, row, per_card, face in zip(query, raw, per_cards, faces, strict=True):
            order = [int(o) for o in np.argsort(per_card)[::-1] if per_card[o] > -np.inf]
            if not face or not order:
                answers.append(None)
                continue
            best = order[0]
            score = float(per_card[best])
            top = self._best_column(row, best)
            margin = min(
                (
                    self._separation(q, top, self._best_column(row, o))
                    for o in order[1 : RIVALS + 1]
                ),
                default=self.threshold,
            )
            if score < FACE_FLOOR:
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

    def _best_column(self, row: np.ndarray, card: int) -> int:
        start = int(self.starts[card])
        end = int(self.starts[card + 1]) if card < 35 else len(self.cards)
        return start + int(np.argmax(row[start:end]))

    def _separation(self, q: np.ndarray, mine: int, rival: int) -> float:
        """Where ``q`` lies between two templates, along the line joining them: 0.5 at
        ``mine``, 0 half-way, -0.5 at ``rival``. Only the pixels where the two cards
        differ count — the one pip of an 8 against a 9, the corner index — so the
        whole-card score's small gap becomes a clear one."""
        a, b = self.matrix[:, mine], self.matrix[:, rival]
        d = a - b
        separation = float((q - (a + b) / 2) @ d / max(float(d @ d), 1e-9))
        # The same distance in units of the read's own misfit: two cards that differ in
        # one small suit sign are only told apart when the card matches its template
        # much better than that sign differs.
        noise = float(np.linalg.norm(q - a)) / np.sqrt(len(q))
        along = separation * float(np.sqrt(d @ d))
        return min(separation, along / max(noise, 1e-9) * Z_SCALE)
