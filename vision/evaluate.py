"""The evaluation harness: rendered scenes read back and compared with their truth.

Per design it counts, over the cards the reader reported:

- **correct / wrong / abstained** — a reported card is matched to the scene card whose
  outline holds its centre. A named card that matches nothing (a phantom), a card back,
  or a card no Jass deck holds (a stray two to five or joker) counts as wrong: to a
  player it is a wrong card;
- **recall** — the share of fully visible cards (≥ 95 % uncovered) that were found;
- **ms per frame** — the median time of :func:`read_frame` per frame.

Partly covered cards are reported too but apart: a reader that abstains on them is
doing its job.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from referee.cards import CARDS, card_code
from vision.art import Design, stray_images
from vision.enroll import MOST_VIEWS, STEADY, enroll
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.scenes import Scene, SceneOptions, render_scene
from vision.sources import Frame, frame_of

FULLY_VISIBLE = 0.95
ENROLLMENT = SceneOptions(
    cards=1, hand=0.0, glare=0.0, tilt=0.06, blur=0.6, noise=4.0, jpeg=(85, 95)
)
"""How a player enrolls a deck: one card alone on the mat, held still, no hand over it,
from the table's camera (its frames are not JPEG-compressed hard); the room light as it
comes (gradients, shadows). Each card is a scene of its own — its own place on the mat,
light and mat — so that no one outline's error is shared by every template."""
ENROLLMENT_SEEDS = 1_000_000
"""First seed of the rendered enrollment views, far from every seed range of scenes."""
ENROLLMENT_TRIES = 2 * MOST_VIEWS
"""Places of one card the simulated player offers: enough for every view the guide may
ask for, each taken at every other place (the frames of the place after a view show
the card lying as it lay at the beep, and the guide waits for a change)."""


@dataclass
class DesignResult:
    design: str
    frames: int = 0
    visible: int = 0  # fully visible face-up cards in the scenes
    found: int = 0  # of those, found by the detector
    correct: int = 0
    wrong: int = 0
    abstained: int = 0  # fully visible cards found but not named
    covered_correct: int = 0
    covered_wrong: int = 0
    covered_abstained: int = 0
    twice: int = 0  # names of a card past its first in one frame: one card reported as two
    ms: list[float] = field(default_factory=list)
    mistakes: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.visible if self.visible else 0.0

    @property
    def named(self) -> int:
        return self.correct + self.wrong

    def line(self) -> str:
        read = self.correct + self.wrong + self.abstained
        abstain = 100 * self.abstained / read if read else 0.0
        return (
            f"{self.design:24s} frames {self.frames:4d}  visible cards {self.visible:5d}  "
            f"recall {100 * self.recall:5.1f}%  correct {self.correct:5d}  "
            f"wrong {self.wrong:3d}  abstained {self.abstained:4d} ({abstain:4.1f}%)  "
            f"covered c/w/a {self.covered_correct}/{self.covered_wrong}/"
            f"{self.covered_abstained}  median {statistics.median(self.ms or [0]):5.1f} ms/frame"
            + (f"  named twice {self.twice}" if self.twice else "")
        )


def evaluate_design(
    design: Design,
    identifier: Identifier,
    seeds: range,
    options: SceneOptions | None = None,
) -> DesignResult:
    options = options or SceneOptions()
    scenes = (render_scene(design, seed, options) for seed in seeds)
    return evaluate_scenes(design.name, scenes, identifier)


def evaluate_scenes(name: str, scenes: Iterable[Scene], identifier: Identifier) -> DesignResult:
    """:func:`evaluate_design` of scenes made by the caller: rendered, then perhaps
    photographed otherwise than the renderer does (through a lens that bends straight
    lines, ``benchmarks/vision_lens.py``), the cards' corners moved with the picture."""
    result = DesignResult(name)
    for scene in scenes:
        start = time.perf_counter()
        read = read_frame(scene.image, identifier)
        result.ms.append(1000 * (time.perf_counter() - start))
        result.frames += 1
        _score(scene, read.cards, result)
    return result


def _score(scene: Scene, reads: list, result: DesignResult) -> None:
    """Counts a frame's reads against its cards. A card is found once, whatever number
    of reads fall on it: it is correct where one of them names it, abstained where none
    names anything, and each read naming another card is wrong. Each name past the
    first is counted as named twice: one card reported as two, where a tool counting
    the reads would see a card more than lies on the table."""
    for truth in scene.cards:
        if truth.card is not None and truth.visible >= FULLY_VISIBLE:
            result.visible += 1
    names: dict[int, list[int | None]] = {}
    for read in reads:
        truth_index = _match(scene, read.corners)
        named = read.identification.card
        if truth_index is None or scene.cards[truth_index].card is None:
            if named is not None:
                stray = "" if truth_index is None else scene.cards[truth_index].stray
                what = f"stray {stray} named" if stray else "phantom"
                result.wrong += 1
                result.mistakes.append(f"seed {scene.seed}: {what} {card_code(named)}")
            continue
        names.setdefault(truth_index, []).append(named)
    for truth_index, cards in names.items():
        truth = scene.cards[truth_index]
        full = truth.visible >= FULLY_VISIBLE
        named = [card for card in cards if card is not None]
        result.found += full
        if not named:
            result.abstained += full
            result.covered_abstained += not full
        if truth.card in named:
            result.correct += full
            result.covered_correct += not full
        for card in named:
            if card != truth.card:
                result.wrong += full
                result.covered_wrong += not full
                result.mistakes.append(
                    f"seed {scene.seed}: {card_code(truth.card)} read as {card_code(card)}"
                )
        if len(named) > 1:
            result.twice += len(named) - 1
            result.mistakes.append(
                f"seed {scene.seed}: {card_code(truth.card)} named {len(named)} times"
            )


def _match(scene: Scene, corners: np.ndarray) -> int | None:
    centre = tuple(float(v) for v in corners.mean(axis=0))
    area = cv2.contourArea(np.float32(corners).reshape(-1, 1, 2))
    for index in reversed(range(len(scene.cards))):  # the top card first
        quad = np.float32(scene.cards[index].corners).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(quad, centre, False) >= 0:
            ratio = area / max(cv2.contourArea(quad), 1.0)
            return index if 0.6 <= ratio <= 1.4 else None
    return None


def enrolled_profile(design: Design, strays: bool = False) -> DeckProfile:
    """The profile ``jassref enroll`` writes for a deck shown to the camera one card at
    a time: each card rendered alone on a mat, in a few places, and passed frame by
    frame through the real enrollment, which decides when the card has lain still and
    cuts it out. With ``strays``, every card of the design's deck that Jass leaves out
    (:func:`vision.art.stray_images`) is shown after the 36, as ``jassref enroll
    --strays`` asks.

    Reading scenes with this profile alone measures the issue's promise that an
    enrolled deck is read as reliably as a built-in one — for any design, also one the
    identifier was never built or tuned on."""
    asked: list[str] = []
    left_out = sorted(stray_images(design)) if strays else []
    return enroll(
        _shown(design, asked, left_out),
        f"enrolled-{design.name}",
        design.style,
        asked.append,
        strays=len(left_out),
    )


def _shown(design: Design, asked: list[str], strays: list[str]) -> Iterator[Frame]:
    """The camera's frames while a player shows each card in turn, then each of
    ``strays``: each place of the card held for a moment, then another place (and
    light), until the guide has ``asked`` for the next card. A player out of places
    stops, as the camera would: the next card's frames must not be taken as this
    card's views."""

    def moved_on(index: int) -> bool:
        return sum(text.startswith("show ") for text in asked) > index + 1

    shows = [((card,), (), card_code(card)) for card in CARDS]
    shows += [((CARDS[0],), (name,), name) for name in strays]
    for index, (only, stray, label) in enumerate(shows):
        for attempt in range(ENROLLMENT_TRIES):
            if moved_on(index):
                break
            seed = ENROLLMENT_SEEDS + 1000 * attempt + index
            scene = render_scene(design, seed, replace(ENROLLMENT, only=only, strays=stray))
            frame = frame_of(scene.image, f"{design.name} {label} view {attempt}")
            for _ in range(STEADY + 1):
                yield frame
        if not moved_on(index):
            return
