"""A camera that may go away and come back: the service's frame feed.

Why a supervisor around the sources: at a club table a USB cable gets pulled and a Pi
camera ribbon works loose. The board must keep running (the table goes on by hand),
the status light must say the camera is lost, and the camera must be picked up again
by itself when it returns — nobody restarts a service mid-game. A recorded video or a
folder simply ends: that is the end of the feed, not a fault.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from enum import Enum

from vision.sources import Frame, FrameSource, SourceError, is_network, open_source


class CameraStatus(Enum):
    WATCHING = "watching"
    LOST = "lost"
    ENDED = "ended"


def is_live(spec: str) -> bool:
    """A camera (which may come back), not a recording (which ends)."""
    return (
        spec in ("picamera", "picamera2")
        or spec.isdigit()
        or spec.startswith("usb:")
        or is_network(spec)
    )


class CameraFeed(threading.Thread):
    """Reads frames from ``spec`` in a thread of its own and hands each to ``on_frame``.

    :param spec: the camera as ``jassref run --camera`` takes it: ``picamera2``,
        ``usb:N``, a video file or a folder of images.
    :param on_frame: called with every frame, in this thread.
    :param on_status: called on every change of :class:`CameraStatus`, with a sentence
        for the service log.
    :param retry_seconds: how long to wait before looking for a lost camera again.
    :param opener: opens a source from ``spec`` (the tests give a fake camera).
    """

    def __init__(
        self,
        spec: str,
        on_frame: Callable[[Frame], None],
        on_status: Callable[[CameraStatus, str], None],
        retry_seconds: float = 2.0,
        opener: Callable[[str], FrameSource] = open_source,
    ) -> None:
        super().__init__(name="camera", daemon=True)
        self.spec = spec
        self.on_frame = on_frame
        self.on_status = on_status
        self.retry_seconds = retry_seconds
        self.opener = opener
        self.status: CameraStatus | None = None
        self._halt = threading.Event()

    def stop(self) -> None:
        self._halt.set()

    def run(self) -> None:
        while not self._halt.is_set():
            why = self._watch()
            if not is_live(self.spec):
                self._tell(CameraStatus.ENDED, f"camera {self.spec}: {why}")
                return
            self._tell(
                CameraStatus.LOST,
                f"camera {self.spec} lost ({why}); looking again every {self.retry_seconds:g} s",
            )
            self._halt.wait(self.retry_seconds)

    def _watch(self) -> str:
        """Reads until the source fails or ends; says why it stopped."""
        try:
            source = self.opener(self.spec)
        except (SourceError, OSError) as error:
            return str(error)
        try:
            self._tell(CameraStatus.WATCHING, f"camera {self.spec}: watching the table")
            for frame in source.frames():
                if self._halt.is_set():
                    return "stopped"
                self.on_frame(frame)
            return "no more frames"
        except (SourceError, OSError, RuntimeError) as error:
            return str(error) or type(error).__name__
        finally:
            source.close()

    def _tell(self, status: CameraStatus, sentence: str) -> None:
        if status != self.status:
            self.status = status
            self.on_status(status, sentence)
