"""The tracker between the camera and the table: frames in, events on the board.

Why an adapter and not the tracker writing to the table itself: the tracker is a pure
follower of frames (``vision/``) that the replay command also runs offline; the live
service adds the two things a table needs. Events the players give (buttons, phones)
reach the tracker, so its referee knows the trump and whose turn it is; events the
camera decides reach the table with the picture of that moment, the proof shown beside
a violation.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable

import cv2

from vision.identify import Identifier
from vision.sources import Frame
from vision.table_geometry import Calibration, CalibrationError, calibrate
from vision.tracker import Tracker
from webui.table import BadEvent, Table

PICTURE_WIDTH = 640
PICTURE_QUALITY = 75
log = logging.getLogger("jassref.camera")


class CameraToTable:
    """Feeds each frame to the tracker and writes what it decides into ``table``.

    :param table: the table the phones and buttons write to.
    :param identifier: the deck profiles the cards are read with.
    :param calibration: the saved table geometry, or ``None`` to calibrate from the
        first frame (the bare mat).
    :param on_notice: told every notice of the tracker (a disagreement, a card to
        confirm), for the service log and the status light.
    """

    def __init__(
        self,
        table: Table,
        identifier: Identifier,
        calibration: Calibration | None = None,
        on_notice: Callable[[str], None] | None = None,
    ) -> None:
        self.table = table
        self.identifier = identifier
        self.calibration = calibration
        self.on_notice = on_notice or log.info
        self.tracker: Tracker | None = None
        self.frames = 0
        self._written = 0
        self._told = 0
        self._given = 1  # the table's lines looked at (the game header is given at start)
        self._mine: set[int] = set()
        self._lock = threading.Lock()

    def __call__(self, frame: Frame) -> None:
        with self._lock:
            if self.tracker is None and not self._start(frame):
                return
            assert self.tracker is not None
            self._forward_table_events()
            self.tracker.feed(self.frames, frame)
            self.frames += 1
            self._write_camera_events(frame)
            for notice in self.tracker.notices[self._told :]:
                self.on_notice(f"frame {notice.frame}: {notice.text}")
            self._told = len(self.tracker.notices)

    def _start(self, frame: Frame) -> bool:
        if self.calibration is None:
            try:
                self.calibration = calibrate(frame.main)
            except CalibrationError as error:
                self.on_notice(f"no mat found yet ({error})")
                return False
        self.tracker = Tracker(self.identifier, self.calibration, frame)
        header = json.loads(self.table.text().splitlines()[0])
        self.tracker.button(header)
        self._written = len(self.tracker.log)
        return True

    def _forward_table_events(self) -> None:
        """What the players gave since the last frame goes to the tracker."""
        assert self.tracker is not None
        lines = self.table.text().splitlines()
        for index in range(self._given, len(lines)):
            if index not in self._mine:
                self.tracker.button(json.loads(lines[index]))
        self._given = len(lines)
        self._written = len(self.tracker.log)

    def _write_camera_events(self, frame: Frame) -> None:
        assert self.tracker is not None
        new = [e.event for e in self.tracker.log[self._written :] if e.source == "camera"]
        self._written = len(self.tracker.log)
        if not new:
            return
        try:
            done = self.table.append(new, frames={len(new) - 1: picture(frame)})
        except (BadEvent, OSError) as error:
            self.on_notice(f"the camera's {new[-1].get('event')} was not written: {error}")
            return
        self._mine.update(done.indices)
        for violation in done.violations:
            self.on_notice(f"violation: {violation.rule}: {violation.proof}")


def picture(frame: Frame) -> bytes:
    """The frame as a small JPEG for the board."""
    height, width = frame.main.shape[:2]
    scale = PICTURE_WIDTH / width
    size = (PICTURE_WIDTH, round(height * scale))
    small = cv2.resize(frame.main, size, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, PICTURE_QUALITY])
    return data.tobytes() if ok else b""
