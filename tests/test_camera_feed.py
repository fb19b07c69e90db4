"""The service's camera feed: a lost camera is reported and picked up again (issue 8)."""

from __future__ import annotations

import threading

import numpy as np

from vision.feed import CameraFeed, CameraStatus, is_live
from vision.sources import Frame, SourceError


class FlakyCamera:
    """A camera that delivers ``frames`` frames, then fails as an unplugged one does."""

    def __init__(self, frames: int) -> None:
        self.count = frames
        self.closed = False

    def frames(self):
        image = np.zeros((4, 4, 3), np.uint8)
        for n in range(self.count):
            yield Frame(image, image[:, :, 0], f"fake#{n}")
        raise SourceError("the camera stopped answering")

    def close(self) -> None:
        self.closed = True


def test_a_lost_camera_is_reported_and_picked_up_when_it_returns():
    """Plugged in (3 frames), pulled out (two failed looks), plugged in again (2)."""
    cameras = [FlakyCamera(3), None, None, FlakyCamera(2)]
    opened: list[FlakyCamera] = []

    def opener(spec: str) -> FlakyCamera:
        camera = cameras.pop(0) if cameras else None
        if camera is None:
            raise SourceError(f"{spec}: cannot open as a camera")
        opened.append(camera)
        return camera

    frames: list[str] = []
    statuses: list[tuple[CameraStatus, str]] = []
    back = threading.Event()

    def on_status(status: CameraStatus, sentence: str) -> None:
        statuses.append((status, sentence))
        if len(statuses) == 4:
            back.set()

    feed = CameraFeed("usb:0", lambda f: frames.append(f.name), on_status, 0.01, opener)
    feed.start()
    assert back.wait(5)
    feed.stop()
    feed.join(5)
    assert frames[:5] == ["fake#0", "fake#1", "fake#2", "fake#0", "fake#1"]
    assert [s for s, _ in statuses[:4]] == [
        CameraStatus.WATCHING,
        CameraStatus.LOST,
        CameraStatus.WATCHING,
        CameraStatus.LOST,
    ]
    assert "the camera stopped answering" in statuses[1][1]
    assert all(camera.closed for camera in opened)


def test_a_recording_ends_instead_of_being_looked_for(tmp_path):
    (tmp_path / "a.png").write_bytes(b"")
    statuses: list[CameraStatus] = []
    feed = CameraFeed(str(tmp_path / "missing"), lambda f: None, lambda s, _: statuses.append(s))
    feed.run()
    assert statuses == [CameraStatus.ENDED]
    assert not is_live(str(tmp_path)) and is_live("usb:1") and is_live("picamera2")
