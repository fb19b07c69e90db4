"""Where the mat is and which side of it each seat sits at: the table's calibration.

The mat is found from its outline: a large, evenly coloured quadrilateral in the middle
of the picture (felt on a table). Its four sides are named as the picture shows them
(``bottom`` is the edge nearest the picture's lower border), and seats are given to
sides in playing order, counter-clockwise as seen from above — on the picture too,
since the camera looks down: seat 0 at the bottom, then right, top, left (two players:
bottom and top). Which side seat 0 has is the one fact the outline cannot tell; it is
the calibration's setting (``seat0``), confirmed once by the table and saved.

The calibration is a small JSON file, written once and read after every restart; a
saved one is checked against the mat in the picture, so a moved camera is noticed
rather than silently giving wrong seats.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.names import SIDES

SIDE_VECTORS = {"bottom": (0.0, 1.0), "right": (1.0, 0.0), "top": (0.0, -1.0), "left": (-1.0, 0.0)}
"""Each side's direction from the mat's centre, in picture axes (y down)."""
CALIBRATION_VERSION = 1
MIN_MAT_SHARE = 0.2
"""A mat covers at least this share of the picture, or it is not the mat."""
MIN_CONTRAST = 12.0
"""Colour distance (Lab) by which the table must differ from the mat somewhere."""
MAX_MAT_SHARE = 0.95
"""Some table must show round the mat for its outline to be seen."""
FIT_LIMIT = 0.9
"""A saved calibration fits a picture when its mat overlaps the mat seen by this much
(intersection over union)."""


class CalibrationError(ValueError):
    """No mat could be found, or a calibration file is not one: the message says why."""


def seat_sides(players: int, seat0: str = "bottom") -> tuple[str, ...]:
    """The side of each seat, in playing order (counter-clockwise from ``seat0``)."""
    start = SIDES.index(seat0)
    if players == 4:
        return tuple(SIDES[(start + k) % 4] for k in range(4))
    return (SIDES[start], SIDES[(start + 2) % 4])


@dataclass(frozen=True)
class Calibration:
    """The mat's corners in the picture (clockwise from top-left) and seat 0's side."""

    size: tuple[int, int]
    mat: np.ndarray  # 4×2 float32
    seat0: str = "bottom"

    def __post_init__(self) -> None:
        unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
        object.__setattr__(self, "_to_unit", cv2.getPerspectiveTransform(self.mat, unit))
        top, right, bottom, left = (
            float(np.linalg.norm(self.mat[(k + 1) % 4] - self.mat[k])) for k in range(4)
        )
        object.__setattr__(self, "extent", ((top + bottom) / 2, (left + right) / 2))

    def mat_point(self, point: np.ndarray) -> tuple[float, float]:
        """A picture point in mat coordinates: (0, 0) at the mat's centre, in pixels of
        the mat's mean width and height, y towards the bottom side."""
        p = cv2.perspectiveTransform(np.float32(point).reshape(1, 1, 2), self._to_unit)[0, 0]
        width, height = self.extent
        return (float(p[0]) - 0.5) * width, (float(p[1]) - 0.5) * height

    def on_mat(self, point: np.ndarray, margin: float = 0.0) -> bool:
        x, y = self.mat_point(point)
        width, height = self.extent
        return abs(x) <= width / 2 - margin and abs(y) <= height / 2 - margin

    def side_of(self, point: np.ndarray, players: int) -> str:
        """The side of the mat a point lies towards. With four players the mat is cut
        along its diagonals; with two, across the middle (seats face each other)."""
        x, y = self.mat_point(point)
        width, height = self.extent
        vertical = "bottom" if y >= 0 else "top"
        horizontal = "right" if x >= 0 else "left"
        sides = seat_sides(players, self.seat0)
        if players == 2:
            if vertical in sides:
                return vertical
            return horizontal
        return vertical if abs(y) / height >= abs(x) / width else horizontal

    def seat_of(self, point: np.ndarray, players: int) -> int:
        """The seat whose side of the mat a point lies on."""
        side = self.side_of(point, players)
        return seat_sides(players, self.seat0).index(side)

    def fits(self, frame: np.ndarray) -> bool:
        """Whether the mat seen in ``frame`` is where this calibration says."""
        try:
            seen = find_mat(frame)
        except CalibrationError:
            return False
        return _overlap(seen, self.mat, frame.shape[:2]) >= FIT_LIMIT

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "version": CALIBRATION_VERSION,
            "size": list(self.size),
            "mat": [[round(float(x), 1), round(float(y), 1)] for x, y in self.mat],
            "seat0": self.seat0,
        }
        path.write_text(json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> Calibration:
        try:
            data = json.loads(path.read_text())
            if data.get("version") != CALIBRATION_VERSION:
                raise CalibrationError(f"{path}: not a table calibration of this version")
            mat = np.float32(data["mat"]).reshape(4, 2)
            size = (int(data["size"][0]), int(data["size"][1]))
            seat0 = str(data.get("seat0", "bottom"))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
            if isinstance(error, CalibrationError):
                raise
            raise CalibrationError(f"{path}: not a table calibration ({error})") from None
        if seat0 not in SIDES:
            raise CalibrationError(f"{path}: seat0 must be one of {', '.join(SIDES)}")
        return cls(size, mat, seat0)


def find_mat(frame: np.ndarray) -> np.ndarray:
    """The mat's four corners (clockwise from top-left) in a BGR picture.

    The mat's colour is taken from the middle of the picture; every pixel near that
    colour (in Lab, with Otsu's threshold on the distance, so felt and table separate
    whatever their colours) is mat; holes (cards) are closed and the region holding
    the centre is reduced to four corners.
    """
    height, width = frame.shape[:2]
    small = cv2.resize(frame, (320, round(320 * height / width)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 2)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    middle = lab[h * 3 // 8 : h * 5 // 8, w * 3 // 8 : w * 5 // 8].reshape(-1, 3)
    colour = np.median(middle, axis=0)
    weights = np.float32([0.5, 1.0, 1.0])
    distance = np.sqrt((((lab - colour) * weights) ** 2).sum(axis=2))
    if float(np.percentile(distance, 95)) < MIN_CONTRAST:
        raise CalibrationError("nothing round the middle of the picture differs from it: no mat")
    scaled = np.clip(distance * 4, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(  # outside the picture is not mat: no closing across the border
        mask,
        cv2.MORPH_CLOSE,
        np.ones((15, 15), np.uint8),
        borderType=cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    label = labels[h // 2, w // 2]
    if count < 2 or label == 0:
        raise CalibrationError("no evenly coloured mat in the middle of the picture")
    region = np.uint8(labels == label) * 255
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    if cv2.contourArea(hull) < MIN_MAT_SHARE * h * w:
        raise CalibrationError("the region in the middle of the picture is too small for a mat")
    if cv2.contourArea(hull) > MAX_MAT_SHARE * h * w:
        raise CalibrationError("no table shows round the mat, so its outline cannot be found")
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            break
    else:
        raise CalibrationError("the mat's outline is not a quadrilateral")
    outline = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float32)
    corners = _fit_sides(outline, _clockwise(approx.reshape(4, 2).astype(np.float32)))
    return corners * np.float32([width / w, height / h])


def _fit_sides(outline: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Corners as the crossings of straight lines fitted to the middle of each side of
    the outline: closing and blurring round the corners off, the sides stay straight."""
    lines = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        length = float(np.linalg.norm(b - a))
        along_unit = (b - a) / length
        rel = outline - a
        along = rel @ along_unit
        across = np.abs(rel @ np.float32([-along_unit[1], along_unit[0]]))
        near = outline[(along > 0.2 * length) & (along < 0.8 * length) & (across < 4)]
        if len(near) < 5:
            return corners
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    crossings = []
    for k in range(4):
        (p, u), (q, v) = lines[k - 1], lines[k]
        matrix = np.float32([[u[0], -v[0]], [u[1], -v[1]]])
        if abs(float(np.linalg.det(matrix))) < 1e-6:
            return corners
        t = np.linalg.solve(matrix, q - p)[0]
        crossings.append(p + t * u)
    return np.float32(crossings)


def calibrate(frame: np.ndarray, seat0: str = "bottom") -> Calibration:
    if seat0 not in SIDES:
        raise CalibrationError(f"seat0 must be one of {', '.join(SIDES)}")
    height, width = frame.shape[:2]
    return Calibration((width, height), find_mat(frame), seat0)


def _clockwise(corners: np.ndarray) -> np.ndarray:
    """Corners ordered clockwise (y down) starting at the top-left one."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    ordered = corners[np.argsort(angles)]
    first = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -first, axis=0)


def _overlap(a: np.ndarray, b: np.ndarray, shape: tuple[int, int]) -> float:
    masks = []
    for quad in (a, b):
        mask = np.zeros(shape, np.uint8)
        cv2.fillConvexPoly(mask, np.int32(np.round(quad)), 1)
        masks.append(mask)
    union = int(np.count_nonzero(masks[0] | masks[1]))
    return int(np.count_nonzero(masks[0] & masks[1])) / max(union, 1)


SIDE_LABEL_AT = {
    "bottom": (0.5, 0.88),
    "right": (0.88, 0.5),
    "top": (0.5, 0.12),
    "left": (0.12, 0.5),
}
"""Where each side's seat is written, in mat coordinates from (0, 0) top-left to (1, 1)."""


def draw_seats(
    frame: np.ndarray, calibration: Calibration, players: int, width: int = 640
) -> np.ndarray:
    """The picture with the mat's outline and each seat's number at its side, ``width``
    pixels wide: what the table looks at to check that the camera gives the right seats."""
    scale = width / frame.shape[1]
    view = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    mat = calibration.mat * scale
    cv2.polylines(view, [np.int32(mat)], True, (60, 220, 60), 2, cv2.LINE_AA)
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_view = cv2.getPerspectiveTransform(unit, np.float32(mat))
    for seat, side in enumerate(seat_sides(players, calibration.seat0)):
        at = np.float32([[SIDE_LABEL_AT[side]]])
        x, y = cv2.perspectiveTransform(at, to_view)[0, 0]
        text = f"Seat {seat}"
        (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.7, 2)
        corner = (int(x - w / 2), int(y + h / 2))
        cv2.rectangle(
            view,
            (corner[0] - 4, corner[1] - h - 6),
            (corner[0] + w + 4, corner[1] + 6),
            (30, 30, 30),
            -1,
        )
        cv2.putText(
            view, text, corner, cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 2, cv2.LINE_AA
        )
    return view
