"""Running the tracker over a recorded game: frames and button events in, the game log out.

A recording is a folder of frames or a video file, plus the events the players gave by
button or phone (:mod:`vision.buttons`). Each button event reaches the tracker just
before the frame it was given at, as it would live.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2

from referee.engine import Event
from vision.buttons import Button
from vision.identify import Identifier
from vision.sources import Frame
from vision.table_geometry import Calibration, calibrate
from vision.tracker import Tracker


class ReplayError(ValueError):
    """A recording that cannot be replayed; the message says why."""


@dataclass
class ReplayResult:
    tracker: Tracker
    frames: int
    ms: list[float] = field(default_factory=list)
    """Time the tracker took for each frame (change detection, reading, events)."""

    @property
    def events(self) -> list[Event]:
        return [e.event for e in self.tracker.log]


def run_tracker(
    frames: Iterable[Frame],
    buttons: Sequence[Button],
    identifier: Identifier,
    calibration: Calibration | None,
) -> ReplayResult:
    """Feeds every frame and button event to a tracker; times each frame.

    Without a ``calibration`` the table is calibrated from the first frame (the bare
    mat). ``buttons`` is read as the frames go, so a renderer may still be adding to it.
    """
    cv2.setNumThreads(1)
    stream = iter(frames)
    first = next(stream, None)
    if first is None:
        raise ReplayError("the recording holds no frame")
    tracker = Tracker(identifier, calibration or calibrate(first.main), first)
    given = 0
    ms: list[float] = []
    index = -1
    for index, frame in enumerate(itertools.chain([first], stream)):
        while given < len(buttons) and buttons[given].frame <= index:
            tracker.button(buttons[given].event)
            given += 1
        start = time.perf_counter()
        tracker.feed(index, frame)
        ms.append((time.perf_counter() - start) * 1000)
    tracker.finish()
    for button in buttons[given:]:
        tracker.button(button.event)
    return ReplayResult(tracker, index + 1, ms)


def write_log(path: Path, events: list[Event]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
