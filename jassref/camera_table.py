"""The tracker between the camera and the table: frames in, events on the board.

Why an adapter and not the tracker writing to the table itself: the tracker is a pure
follower of frames (``vision/``) that the replay command also runs offline; the live
service adds what a table needs. Events the players give (buttons, phones) reach the
tracker, so its referee knows the trump and whose turn it is; events the camera decides
reach the table with the picture of that moment, the proof shown beside a violation; and
a card the camera could not read surely is put to the table's buttons as a question
("Seat 2 played ♠K?"), so a game needs no phone even then.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from hardware.grammar import Question
from referee.cards import card_display, parse_card
from referee.gamelog import first_line, read_line
from vision.identify import Identifier
from vision.names import SIDES
from vision.sources import Frame
from vision.table_geometry import Calibration, CalibrationError, calibrate, draw_seats
from vision.tracker import Tracker
from webui.table import BadEvent, Table

PICTURE_WIDTH = 640
PICTURE_QUALITY = 75
log = logging.getLogger("jassref.camera")


class CameraToTable:
    """Feeds each frame to the tracker and writes what it decides into ``table``.

    :param table: the table the phones and buttons write to.
    :param identifier: the deck profiles the cards are read with.
    :param calibration: the table geometry, or ``None`` for the one saved in
        ``calibration_file`` (checked against the first frame) or else one made from the
        first frame showing the mat.
    :param calibration_file: where the calibration is kept between restarts: read at
        the start, written when a calibration is made (``None``: kept in memory only).
    :param seat0: the side of the picture seat 0 sits at (``bottom``, ``right``, ``top``,
        ``left``); a saved calibration with another side is given this one.
    :param on_notice: told every notice (a disagreement, a card to confirm, a rule
        broken, the camera moved) with whether it needs the players' attention, for the
        service log and the status light.
    :param ask: puts a question to the table's buttons (``Hardware.ask``): asked for
        every event the camera wrote unread but with a likely card; a yes writes the
        ``correction`` that gives the line that card.
    """

    def __init__(
        self,
        table: Table,
        identifier: Identifier,
        calibration: Calibration | None = None,
        on_notice: Callable[[str, bool], None] | None = None,
        ask: Callable[[Question], None] | None = None,
        calibration_file: Path | None = None,
        seat0: str = "bottom",
    ) -> None:
        self.table = table
        self.identifier = identifier
        self.calibration = calibration
        self.calibration_file = calibration_file
        self.seat0 = seat0
        self.on_notice = on_notice or _log_notice
        self.ask = ask
        self.tracker: Tracker | None = None
        self.frames = 0
        self._written = 0
        self._told = 0
        self._given = 1  # the table's lines looked at (the game header is given at start)
        self._mine: set[int] = set()
        self._lock = threading.Lock()
        self._latest: Frame | None = None

    def __call__(self, frame: Frame) -> None:
        self._latest = frame
        with self._lock:
            if self.tracker is None and not self._start(frame):
                return
            assert self.tracker is not None
            self._forward_table_events()
            self.tracker.feed(self.frames, frame)
            self.frames += 1
            self._write_camera_events(frame)
            for notice in self.tracker.notices[self._told :]:
                self.on_notice(f"frame {notice.frame}: {notice.text}", notice.attention)
            self._told = len(self.tracker.notices)

    def _start(self, frame: Frame) -> bool:
        if self.calibration is None:
            self.calibration = self._calibrate(frame)
            if self.calibration is None:
                return False
        header = first_line(self.table.text())
        if header is None or header.event is None:
            return False  # no game header to follow (the board says what is wrong)
        self.tracker = Tracker(self.identifier, self.calibration, frame)
        self.tracker.button(header.event)
        self._given = header.index + 1
        self._written = len(self.tracker.log)
        return True

    def view(self) -> bytes | None:
        """The latest picture with the mat and the seats drawn, as a JPEG for the
        board, so the table can see that the camera gives each player the right seat;
        ``None`` before the mat is found."""
        frame, tracker = self._latest, self.tracker
        if frame is None or tracker is None:
            return None
        drawn = draw_seats(frame.main, tracker.calibration, tracker.referee.players, PICTURE_WIDTH)
        return jpeg(drawn) or None

    def seat0_at(self, side: str) -> None:
        """Seat 0 sits at ``side`` of the picture (the others follow counter-clockwise):
        the table's one-step answer when the drawn seats are wrong. Kept with the
        calibration; the cards played from now on are given their seats by it."""
        if side not in SIDES:
            raise ValueError(f"seat 0 sits at one of {', '.join(SIDES)}")
        with self._lock:
            self.seat0 = side
            if self.calibration is not None:
                self.calibration = self._keep(replace(self.calibration, seat0=side))
                if self.tracker is not None:
                    self.tracker.calibration = self.calibration
        log.info("seat 0 now sits at the %s of the mat (set on the board)", side)

    def _calibrate(self, frame: Frame) -> Calibration | None:
        """The saved calibration where the mat is still where it says — also when the
        mat cannot be seen now (a restart in the middle of a game, cards and hands on
        it) — else a new one from this frame, saved. ``None`` while neither exists."""
        saved = self._saved()
        if saved is not None and saved.seat0 != self.seat0:
            self.on_notice(f"seat 0 now sits at the {self.seat0} of the mat (the setting)", False)
            saved = self._keep(replace(saved, seat0=self.seat0))
        if saved is not None and saved.fits(frame.main):
            log.info(
                "the mat is where %s has it; seat 0 at the %s", self.calibration_file, saved.seat0
            )
            return saved
        try:
            made = calibrate(frame.main, self.seat0)
        except CalibrationError as error:
            if saved is not None:
                log.info("the mat is not in view (%s): %s is used", error, self.calibration_file)
                return saved
            self.on_notice(f"no mat found yet ({error})", False)
            return None
        if saved is not None:
            self.on_notice(
                "the camera moved: the mat is not where the saved calibration has it; "
                f"found it anew with seat 0 at the {self.seat0} (check the seats)",
                True,
            )
        else:
            kept = f" (kept in {self.calibration_file})" if self.calibration_file else ""
            log.info("the mat is found; seat 0 at the %s%s", made.seat0, kept)
        return self._keep(made)

    def _saved(self) -> Calibration | None:
        if self.calibration_file is None or not self.calibration_file.exists():
            return None
        try:
            return Calibration.load(self.calibration_file)
        except CalibrationError as error:
            self.on_notice(f"{error}; the mat is looked for anew", False)
            return None

    def _keep(self, calibration: Calibration) -> Calibration:
        """``calibration``, written to the calibration file for the next start."""
        if self.calibration_file is not None:
            try:
                calibration.save(self.calibration_file)
            except OSError as error:
                self.on_notice(
                    f"{self.calibration_file}: the calibration cannot be kept ({error.strerror})",
                    True,
                )
        return calibration

    def _forward_table_events(self) -> None:
        """What the players gave since the last frame goes to the tracker."""
        assert self.tracker is not None
        lines = self.table.text().split("\n")[:-1]  # the table's text ends each line
        for index in range(self._given, len(lines)):  # only the new ones, every frame
            line = read_line(index, lines[index])
            if index not in self._mine and line.event is not None:  # blank, torn: no event
                self.tracker.button(line.event)
        self._given = len(lines)
        self._written = len(self.tracker.log)

    def _write_camera_events(self, frame: Frame) -> None:
        assert self.tracker is not None
        new = [e for e in self.tracker.log[self._written :] if e.source == "camera"]
        self._written = len(self.tracker.log)
        if not new:
            return
        try:
            done = self.table.append([e.event for e in new], frames={len(new) - 1: picture(frame)})
        except (BadEvent, OSError) as error:
            self.on_notice(
                f"the camera's {new[-1].event.get('event')} was not written: {error}", True
            )
            return
        self._mine.update(done.indices)
        for violation in done.violations:
            self.on_notice(f"violation: {violation.rule}: {violation.proof}", True)
        for emitted, line in zip(new, done.indices, strict=True):
            self._ask(emitted.event, line, list(emitted.candidates))

    def _ask(self, event: dict, line: int, candidates: list[str]) -> None:
        """Puts the camera's likeliest card for an unread ``event`` at ``line`` to the
        buttons; a no asks about the next likeliest, until none is left (the line then
        waits on the board for its correction)."""
        if self.ask is None or not event.get("confirm") or event.get("read") is None:
            return
        read = candidates.pop(0) if candidates else event["read"]
        question = confirmation(event, line, read)

        def answered(yes: bool) -> None:
            if not yes and candidates and self.ask is not None:
                self._ask(event, line, candidates)

        self.ask(replace(question, on_answer=answered))


def _log_notice(text: str, attention: bool) -> None:
    """Notices go to the log when nobody else takes them (no service, no status light)."""
    (log.warning if attention else log.info)("%s", text)


def confirmation(event: dict, line: int, read: str | list[str]) -> Question:
    """The question for a camera ``event`` at ``line`` written unread (``"confirm"``):
    is ``read`` the card (a weis: the cards)? A yes writes the ``correction``."""
    given = {key: value for key, value in event.items() if key not in ("confirm", "read")}
    given["cards" if event["event"] == "weis" else "card"] = read
    shown = [read] if isinstance(read, str) else read
    names = " ".join(card_display(parse_card(code)) for code in shown)
    seat = event.get("seat")
    prompt = {
        "play": f"Seat {seat} played {names}?",
        "weis": f"Seat {seat} shows the weis {names}?",
        "turnup": f"The face-up card is {names}?",
        "rob": f"Seat {seat} robbed with {names}?",
    }.get(event["event"], f"{event['event']} {names}?")
    correction = {"event": "correction", "replaces": line, "with": given}
    return Question(f"{prompt} (the camera is unsure)", [correction])


def picture(frame: Frame) -> bytes:
    """The frame as a small JPEG for the board."""
    height, width = frame.main.shape[:2]
    scale = PICTURE_WIDTH / width
    size = (PICTURE_WIDTH, round(height * scale))
    return jpeg(cv2.resize(frame.main, size, interpolation=cv2.INTER_AREA))


def jpeg(image: np.ndarray) -> bytes:
    """``image`` as the board's JPEG (empty when it cannot be encoded)."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, PICTURE_QUALITY])
    return data.tobytes() if ok else b""
