"""The second way the seeds chalk a score: strokes past the score, a negative number.

Seed 003 (and 000) give two drawings of 257: "två hundrastreck, ett femtiostreck och en
fristående sju" — :func:`referee.tavla.marks` — and "två hundrastreck, tre tjugostreck
och en fristående minus tre". This module is the second: the hundreds as usual, then
fifties and twenties chosen so that the number written beside them is as small as
possible, negative when the strokes overshoot. A table chooses either on the board.
"""

from __future__ import annotations

from referee.tavla import TavlaMarks


def marks_minus(score: int) -> TavlaMarks:
    """257 → 2×100 + 3×20 − 3; 787 → 7×100 + 50 + 2×20 − 3; 1136 → 11×100 + 2×20 − 4.

    Within the hundred, the remainder written is the smallest in size; between equal
    sizes (95 = 50 + 2×20 + 5 or 5×20 − 5) the fewer strokes win.
    """
    hundreds, rest = divmod(max(score, 0), 100)
    candidates = [
        (abs(written), fifties + twenties, fifties, twenties, written)
        for fifties in (0, 1)
        for twenties in range(6)
        if -20 < (written := rest - 50 * fifties - 20 * twenties) < 20
    ]
    _, _, fifties, twenties, written = min(candidates)
    return TavlaMarks(hundreds, fifties, twenties, written)
