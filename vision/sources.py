"""Frame sources behind one small interface: a Pi camera, an OpenCV capture, a folder.

Every source yields :class:`Frame` objects: ``main`` is a BGR image for reading cards,
``lores`` a small grey image for cheap change detection (is anything moving? did a
card arrive?) so the expensive reader runs only on frames worth it. The Pi camera
delivers both streams from the sensor; the other sources scale ``main`` down.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

LORES_SIZE = (320, 180)
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


class SourceError(RuntimeError):
    """A source that cannot deliver frames; the message says which and why."""


@dataclass
class Frame:
    main: np.ndarray  # BGR
    lores: np.ndarray  # grey, small
    name: str  # file name or frame number, for messages and JSON


class FrameSource(Protocol):
    def frames(self) -> Iterator[Frame]: ...

    def close(self) -> None: ...


def _lores(main: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(
        cv2.resize(main, LORES_SIZE, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY
    )


def frame_of(main: np.ndarray, name: str) -> Frame:
    """A frame from a BGR image alone (a renderer's, a decoded file's)."""
    return Frame(main, _lores(main), name)


class FolderSource:
    """Every image file of a folder, in name order (a recorded session, test photos)."""

    def __init__(self, folder: Path):
        if not folder.is_dir():
            raise SourceError(f"{folder}: not a folder")
        self.paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)

    def frames(self) -> Iterator[Frame]:
        for path in self.paths:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise SourceError(f"{path}: not an image OpenCV can read")
            yield Frame(image, _lores(image), str(path))

    def close(self) -> None:
        """Nothing to release."""


class CaptureSource:
    """An OpenCV ``VideoCapture``: a USB camera by index or a video file by path."""

    def __init__(self, target: int | str, size: tuple[int, int] | None = None):
        self.capture = cv2.VideoCapture(target)
        if not self.capture.isOpened():
            raise SourceError(f"{target}: cannot open as a camera or video file")
        if size is not None:
            self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self.target = target

    def frames(self) -> Iterator[Frame]:
        index = 0
        while True:
            ok, image = self.capture.read()
            if not ok:
                return
            yield Frame(image, _lores(image), f"{self.target}#{index}")
            index += 1

    def close(self) -> None:
        self.capture.release()


class PicameraSource:
    """The Pi camera through picamera2 (the optional ``[pi]`` extra, imported only here).

    One video configuration with two streams: ``main`` in BGR888 at reading size and
    ``lores`` in YUV420, whose first ``height`` rows are the grey (Y) plane. Both are
    taken from one completed request (``capture_arrays``): each ``capture_array`` call
    waits for a request of its own, so two of them would halve the frame rate and give
    a ``lores`` picture a frame later than its ``main``, the change it tells of not
    that frame's.
    """

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        lores: tuple[int, int] = LORES_SIZE,
        camera: object | None = None,
    ):
        if camera is None:
            try:
                from picamera2 import Picamera2
            except ImportError:
                raise SourceError(
                    "picamera2 is not installed: pip install 'jassref[pi]' on the Pi"
                ) from None
            camera = Picamera2()
        self.camera = camera
        config = camera.create_video_configuration(
            main={"size": size, "format": "BGR888"},
            lores={"size": lores, "format": "YUV420"},
        )
        camera.configure(config)
        camera.start()
        self.lores_height = lores[1]
        self.count = 0

    def frames(self) -> Iterator[Frame]:
        while True:
            (main, lores), _ = self.camera.capture_arrays(["main", "lores"])
            yield Frame(main, lores[: self.lores_height], f"camera#{self.count}")
            self.count += 1

    def close(self) -> None:
        self.camera.stop()


NETWORK_SCHEMES = ("http://", "https://", "rtsp://")
"""A network camera's stream (an IP camera, a phone camera app serving MJPEG)."""


def is_network(spec: str) -> bool:
    return spec.startswith(NETWORK_SCHEMES)


def open_source(spec: str) -> FrameSource:
    """``picamera2`` (or ``picamera``), a USB camera (``usb:0``, or just ``0``), a
    network camera's stream (``http://…``, ``rtsp://…``), a folder, or a video file."""
    if spec in ("picamera", "picamera2"):
        return PicameraSource()
    if is_network(spec):
        return CaptureSource(spec)
    if spec.startswith("usb:") and spec[4:].isdigit():
        return CaptureSource(int(spec[4:]))
    if spec.isdigit():
        return CaptureSource(int(spec))
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if not path.exists():
        raise SourceError(f"{spec}: no such file or folder")
    return CaptureSource(spec)
