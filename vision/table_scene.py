"""The look of a table seen by the camera, for rendered game videos.

A game video is many frames of one table, so everything that stays the same is made
once: the table and mat under the camera (:class:`Table`), each card face resized to
its size on screen (:class:`Sprites`), a bank of sensor noise. A frame is then the
table with its resting cards (kept as one image and changed only when a card settles
or leaves), with the moving things drawn on a copy, lit by the room light of that
moment and given the camera's noise.

Positions live on the table plane in *card heights* (a card is 1.0 tall), with the
origin at the mat's centre, x to the right and y towards the bottom edge of the
picture; the camera maps the plane to pixels with a homography (a slight tilt and
turn), so the same layout works for every frame size.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from referee.cards import CARDS
from vision.art import Design, back_image, card_images

MAT_SIZE = (10.0, 5.5)
"""The mat in card heights (a card ~9 cm: a mat of ~90 × 50 cm)."""
CARD_PIXELS = 0.09
"""A card's height on screen as a share of the frame width: ~86 px at 960×540."""
FELTS = ((40, 110, 30), (110, 60, 20), (40, 40, 130), (90, 90, 90), (60, 80, 20))
"""BGR felt colours of the mat: green, blue, red, grey, olive."""
SKIN = ((120, 150, 200), (95, 135, 190), (140, 170, 220), (70, 100, 150))


@dataclass(frozen=True)
class Pose:
    """Where a card lies on the plane; ``angle`` 0 is upright (long side along y)."""

    x: float
    y: float
    angle: float

    def toward(self, other: Pose, t: float) -> Pose:
        turn = (other.angle - self.angle + math.pi) % (2 * math.pi) - math.pi
        return Pose(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
            self.angle + turn * t,
        )


class Table:
    """The table and mat as the camera sees them, made once per game from a seed."""

    def __init__(self, rnd: random.Random, size: tuple[int, int]):
        self.size = size
        width, height = size
        self.scale = CARD_PIXELS * width
        mat_w, mat_h = MAT_SIZE
        plane = np.float32([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * np.float32([mat_w, mat_h]) / 2
        squeeze = rnd.uniform(0.0, 0.05)  # the far (top) edge looks shorter
        turn = math.radians(rnd.uniform(-1.5, 1.5))
        centre = np.float32([width / 2 + rnd.uniform(-8, 8), height / 2 + rnd.uniform(-4, 4)])
        pixels = plane * self.scale
        pixels[:2, 0] *= 1 - squeeze
        pixels[:2, 1] *= 1 - squeeze / 2
        rotation = np.float32([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
        image_corners = pixels @ rotation.T + centre
        self.homography = cv2.getPerspectiveTransform(plane, image_corners.astype(np.float32))
        self.mat_corners = image_corners
        self.background = self._background(rnd, image_corners)

    def project(self, points: np.ndarray) -> np.ndarray:
        """Plane points (N×2) to pixels."""
        pts = np.asarray(points, np.float32).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    def _background(self, rnd: random.Random, corners: np.ndarray) -> np.ndarray:
        width, height = self.size
        rng = np.random.default_rng(rnd.randrange(1 << 30))
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        warp = cv2.resize(rng.normal(0, 1, (6, 10)).astype(np.float32), (width, height)) * 20
        grain = 0.5 + 0.5 * np.sin((ys + warp + 0.04 * xs) / rnd.uniform(8, 20) * 2 * np.pi)
        wood = np.array([40, 80, 140], np.float32) * rnd.uniform(0.7, 1.1)
        image = wood[None, None, :] * (0.75 + 0.25 * grain)[:, :, None]
        felt = np.array(rnd.choice(FELTS), np.float32) * rnd.uniform(0.85, 1.15)
        fibres = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 1)
        mottle = cv2.resize(rng.normal(0, 1, (8, 14)).astype(np.float32), (width, height))
        texture = 1.0 + 0.06 * fibres + 0.04 * mottle
        mask = np.zeros((height, width), np.uint8)
        cv2.fillConvexPoly(mask, np.int32(np.round(corners * 16)), 255, cv2.LINE_AA, 4)
        alpha = cv2.GaussianBlur(mask, (0, 0), 0.8).astype(np.float32)[:, :, None] / 255
        mat = felt[None, None, :] * texture[:, :, None]
        image = image * (1 - alpha) + mat * alpha
        return np.clip(image, 0, 255).astype(np.uint8)


class Sprites:
    """Card faces (and the back) of one design, resized once to their size on screen."""

    def __init__(self, design: Design, table: Table):
        height = round(1.6 * table.scale)
        self.faces: dict[int | None, tuple[np.ndarray, np.ndarray]] = {}
        art = card_images(design)
        for c in CARDS:
            self.faces[c] = _shrink(art[c], height)
        face = art[CARDS[0]]
        self.aspect = face.shape[1] / face.shape[0]
        # The KDE decks hold no back: they get one drawn here.
        sheet = design.layout == "sheet"
        back = back_image(design) if sheet else _plain_back(face.shape[:2])
        self.faces[None] = _shrink(back, height)

    def corners(self, pose: Pose) -> np.ndarray:
        """A card's four plane corners, clockwise from its top-left."""
        u = np.array([math.cos(pose.angle), math.sin(pose.angle)])
        v = np.array([-u[1], u[0]])
        w, h = self.aspect / 2, 0.5
        centre = np.array([pose.x, pose.y])
        return np.float32(
            [centre + sx * w * u + sy * h * v for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        )


def _plain_back(size: tuple[int, int]) -> np.ndarray:
    """A dark blue card back with a white border and a lattice, BGRA."""
    height, width = size
    back = np.zeros((height, width, 4), np.uint8)
    back[:] = (255, 255, 255, 255)
    inner = back[height // 20 : -height // 20, width // 14 : -width // 14]
    inner[:] = (120, 40, 20, 255)
    for k in range(-height, width, 14):
        cv2.line(inner, (k, 0), (k + height, height), (170, 90, 60, 255), 2)
        cv2.line(inner, (k + height, 0), (k, height), (170, 90, 60, 255), 2)
    return back


def _shrink(image: np.ndarray, height: int) -> tuple[np.ndarray, np.ndarray]:
    width = round(image.shape[1] * height / image.shape[0])
    small = cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(small[:, :, :3]), np.ascontiguousarray(small[:, :, 3])


def draw_card(
    image: np.ndarray, sprite: tuple[np.ndarray, np.ndarray], quad: np.ndarray, lift: float = 0.0
) -> None:
    """Lays a sprite on ``image`` inside ``quad`` (pixels) with a soft drop shadow;
    ``lift`` > 0 (a card in a hand's grip) casts the shadow further."""
    colour, alpha = sprite
    height, width = image.shape[:2]
    margin = 6 + 8 * lift
    x0 = max(int(quad[:, 0].min() - margin), 0)
    y0 = max(int(quad[:, 1].min() - margin), 0)
    x1 = min(int(quad[:, 0].max() + margin) + 1, width)
    y1 = min(int(quad[:, 1].max() + margin) + 1, height)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    h, w = alpha.shape
    source = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    local = quad - np.float32([x0, y0])
    size = (x1 - x0, y1 - y0)
    shadow_at = local + np.float32([2 + 5 * lift, 3 + 6 * lift])
    shadow = cv2.warpPerspective(alpha, cv2.getPerspectiveTransform(source, shadow_at), size)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 2.0 + 3 * lift).astype(np.float32) / 255
    matrix = cv2.getPerspectiveTransform(source, local)
    face = cv2.warpPerspective(colour, matrix, size, flags=cv2.INTER_LINEAR)
    cover = cv2.warpPerspective(alpha, matrix, size).astype(np.float32) / 255
    roi = image[y0:y1, x0:x1].astype(np.float32)
    roi *= 1 - (0.4 - 0.15 * lift) * shadow[:, :, None]
    roi = roi * (1 - cover[:, :, None]) + face * cover[:, :, None]
    image[y0:y1, x0:x1] = roi.astype(np.uint8)


def draw_hand(
    image: np.ndarray, tip: np.ndarray, elbow: np.ndarray, colour: tuple, scale: float
) -> None:
    """A hand and forearm reaching from ``elbow`` (off the mat) to ``tip`` (pixels)."""
    thickness = max(int(0.55 * scale), 3)
    a = (int(elbow[0]), int(elbow[1]))
    b = (int(tip[0]), int(tip[1]))
    shade = tuple(0.8 * c for c in colour)
    cv2.line(image, a, b, shade, thickness + 4, cv2.LINE_AA)
    cv2.line(image, a, b, colour, thickness, cv2.LINE_AA)
    direction = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    palm = (int(0.42 * scale), int(0.3 * scale))
    cv2.ellipse(image, b, palm, direction, 0, 360, shade, -1, cv2.LINE_AA)
    cv2.ellipse(image, b, (palm[0] - 2, palm[1] - 2), direction, 0, 360, colour, -1, cv2.LINE_AA)


class Camera:
    """Room light that drifts slowly and the sensor's noise, applied per frame."""

    def __init__(self, rnd: random.Random, size: tuple[int, int], fps: float):
        self.size = size
        self.fps = fps
        self.phase = [rnd.uniform(0, 2 * math.pi) for _ in range(3)]
        self.period = [rnd.uniform(12, 25), rnd.uniform(20, 40), rnd.uniform(30, 60)]
        self.depth = rnd.uniform(0.06, 0.14)
        self.slope = rnd.uniform(0.05, 0.2)
        rng = np.random.default_rng(rnd.randrange(1 << 30))
        sigma = rnd.uniform(1.5, 4.0)
        self.noise = []
        for _ in range(12):
            n = rng.normal(0, sigma, (size[1], size[0], 3))
            self.noise.append(
                (np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8))
            )
        self.rnd = random.Random(rnd.randrange(1 << 30))
        ys, xs = np.mgrid[0:9, 0:16].astype(np.float32)
        self.ramp_x, self.ramp_y = xs / 15 - 0.5, ys / 8 - 0.5

    def expose(self, scene: np.ndarray, frame: int) -> np.ndarray:
        t = frame / self.fps
        waves = zip(self.period, self.phase, strict=True)
        wave = [math.sin(2 * math.pi * t / p + f) for p, f in waves]
        gain = 1.0 + self.depth * wave[0]
        angle = self.phase[2] + 0.6 * wave[1]
        ramp = math.cos(angle) * self.ramp_x + math.sin(angle) * self.ramp_y
        field = (gain + self.slope * (0.7 + 0.3 * wave[2]) * ramp) * 128
        light = cv2.resize(
            cv2.merge([field, field, field]).astype(np.float32), self.size, cv2.INTER_LINEAR
        )
        lit = cv2.multiply(scene, light.astype(np.uint8), scale=1 / 128, dtype=cv2.CV_8U)
        plus, minus = self.noise[self.rnd.randrange(len(self.noise))]
        return cv2.subtract(cv2.add(lit, plus), minus)
