"""Labelled test frames: card art laid on a table and photographed badly, from a seed.

Each scene draws its own random numbers from ``random.Random(seed)`` and
``numpy.random.default_rng(seed)``, so a seed names one exact frame and its truth.
The stages follow the path of light: a mat (felt or wood; a carpet or a rug on
asking), cards at any rotation with a soft drop shadow (touching or slightly
overlapping), perhaps a hand over them, room light (a gradient, a shadow, a glare
spot), the camera (perspective tilt, defocus, sensor noise, JPEG). What the scene
knows about each card — its code, its four corners in the final image and how much of
it stays visible — is the truth an evaluation compares with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from referee.cards import CARDS
from vision.art import Design, back_image, card_images, stray_images
from vision.names import MAT_NAMES

FELTS = ((40, 110, 30), (110, 60, 20), (40, 40, 130), (90, 90, 90), (60, 80, 20), (150, 150, 150))
"""BGR felt colours: green, blue, red, grey, olive, and light grey card stock."""
CARPETS = ((60, 90, 140), (50, 50, 120), (110, 80, 60), (120, 130, 140), (70, 110, 150))
"""BGR carpet colours: beige, brick red, navy, grey, sand."""
RUG_COLOURS = ((40, 40, 140), (120, 70, 30), (170, 200, 215), (40, 90, 60))
"""BGR: red, blue, cream, green."""
ANY_STRAY = "any"
"""In ``SceneOptions.strays``: a stray card of the design drawn at random."""


@dataclass
class SceneCard:
    card: int | None  # None: a card back, or a card no Jass deck holds (``stray``)
    corners: np.ndarray  # 4×2 in the final image, clockwise from the card's top-left
    visible: float  # share of the card not covered by later cards or a hand
    stray: str = ""  # the name of a card no Jass deck holds (a two to five, a joker)


@dataclass
class Scene:
    image: np.ndarray
    cards: list[SceneCard]
    seed: int
    design: str


@dataclass(frozen=True)
class SceneOptions:
    size: tuple[int, int] = (1280, 720)
    cards: int = 8
    card_height: tuple[int, int] = (150, 215)
    overlap: float = 0.08  # largest share of a card another card may cover
    hand: float = 0.3  # chance of a hand-like occluder
    back: float = 0.0  # chance that one of the cards is laid face down
    tilt: float = 0.12  # largest perspective squeeze of the far edge
    blur: float = 1.2  # largest Gaussian sigma
    noise: float = 8.0  # largest noise sigma
    jpeg: tuple[int, int] = (55, 95)
    glare: float = 0.5  # chance of a glare spot
    only: tuple[int, ...] = ()  # these cards, in this order, instead of a random draw
    # cards of the design's deck that no Jass deck holds (vision.art.stray_images: "H4",
    # "joker-red"; ANY_STRAY: one drawn at random), each in the place of a card drawn
    strays: tuple[str, ...] = ()
    mat: str = "table"  # one of MATS

    def __post_init__(self) -> None:
        if self.mat not in MATS:
            raise ValueError(f"no mat {self.mat!r}: one of {', '.join(MATS)}")


def render_scene(design: Design, seed: int, options: SceneOptions | None = None) -> Scene:
    options = options or SceneOptions()
    rnd = random.Random(seed)
    rng = np.random.default_rng(seed)
    width, height = options.size
    image = MATS[options.mat](rnd, rng, width, height)
    owner = np.zeros((height, width), np.int16)  # which card (1-based) is on top here
    art = card_images(design)
    chosen = list(options.only) or rnd.sample(list(CARDS), options.cards)
    placed: list[np.ndarray] = []
    faces: list[int | None] = []
    back_at = rnd.randrange(len(chosen)) if rnd.random() < options.back else -1
    # drawn only when asked for, so that every scene without strays stays as it was
    strays = stray_images(design) if options.strays else {}
    if options.strays and not strays:
        raise ValueError(f"{design.name}: its deck holds no card that Jass leaves out")
    unknown = sorted(set(options.strays) - {*strays, ANY_STRAY})
    if unknown:
        raise ValueError(f"{design.name} has no stray {unknown[0]!r}: one of {', '.join(strays)}")
    at = rnd.sample([k for k in range(len(chosen)) if k != back_at], len(options.strays))
    named = [rnd.choice(sorted(strays)) if s == ANY_STRAY else s for s in options.strays]
    stray_at = dict(zip(at, named, strict=True))
    laid: list[str] = []
    for index, c in enumerate(chosen):
        face = back_image(design) if index == back_at else art[c]
        face = strays[stray_at[index]] if index in stray_at else face
        corners = _place(rnd, face, placed, options, width, height)
        if corners is None:
            continue
        _draw_card(image, owner, face, corners, len(placed) + 1)
        placed.append(corners)
        faces.append(None if index == back_at or index in stray_at else c)
        laid.append(stray_at.get(index, ""))
    if rnd.random() < options.hand:
        _hand(rnd, image, owner, placed)
    image = _light(rnd, rng, image)
    image, owner, placed = _camera(rnd, rng, image, owner, placed, options)
    areas = [cv2.contourArea(q.reshape(-1, 1, 2)) for q in placed]
    visible = [float((owner == i + 1).sum()) / max(a, 1.0) for i, a in enumerate(areas)]
    cards = [
        SceneCard(f, q, min(1.0, v), s)
        for f, q, v, s in zip(faces, placed, visible, laid, strict=True)
    ]
    return Scene(image, cards, seed, design.name)


def seen_from_afar(scene: Scene, times: float) -> np.ndarray:
    """The scene's picture in the middle of a plain mat (its colour the picture's
    median) ``times`` as long and wide: the same cards, a smaller share of a larger
    picture, as a photograph of a whole table shows them."""
    height, width = scene.image.shape[:2]
    big = np.empty((int(times * height), int(times * width), 3), np.uint8)
    big[:] = np.median(scene.image.reshape(-1, 3), axis=0)
    top, left = (big.shape[0] - height) // 2, (big.shape[1] - width) // 2
    big[top : top + height, left : left + width] = scene.image
    return big


def under_lamp(image: np.ndarray, lamp: Sequence[float]) -> np.ndarray:
    """A BGR picture under a lamp scaling its blue, green and red by ``lamp``, clipped
    at full light as a camera's channels clip: under a warm bulb the camera's white
    balance does not take out, the paper's red clips where its green and blue do not
    (``benchmarks/vision_lamp.py``)."""
    return np.clip(image.astype(np.float32) * np.float32(lamp), 0, 255).astype(np.uint8)


def _table(rnd: random.Random, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """Felt (or grey card stock), or three times in ten a wooden table top."""
    if rnd.random() < 0.3:
        return _wood(rnd, rng, width, height)
    base = np.array(rnd.choice(FELTS), np.float32) * rnd.uniform(0.8, 1.2)
    fibres = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 1.2)
    mottle = cv2.resize(rng.normal(0, 1, (9, 16)).astype(np.float32), (width, height))
    texture = 1.0 + 0.10 * fibres + 0.05 * mottle
    return np.clip(base[None, None, :] * texture[:, :, None], 0, 255).astype(np.uint8)


def _wood(rnd: random.Random, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    warp = cv2.resize(rng.normal(0, 1, (6, 10)).astype(np.float32), (width, height)) * 25
    period = rnd.uniform(10, 30)
    grain = 0.5 + 0.5 * np.sin((ys + warp + 0.05 * xs) / period * 2 * np.pi)
    streaks = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 31), 0.8)
    tone = 0.75 + 0.2 * grain + 0.05 * streaks
    base = np.array([40, 90, 150], np.float32) * rnd.uniform(0.6, 1.2)
    return np.clip(base[None, None, :] * tone[:, :, None], 0, 255).astype(np.uint8)


def _carpet(rnd: random.Random, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A speckled carpet's pile: a plain colour broken everywhere by loops a pixel or
    two across, a fifth lighter or darker. Its texture draws edges wherever the
    picture is looked at closely, and they touch every card's outline."""
    base = np.array(rnd.choice(CARPETS), np.float32) * rnd.uniform(0.8, 1.2)
    loops = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 1.0)
    loops *= rnd.uniform(0.15, 0.25) / max(float(loops.std()), 1e-6)
    mottle = cv2.resize(rng.normal(0, 1, (12, 20)).astype(np.float32), (width, height))
    tone = 1.0 + loops + 0.08 * mottle
    return np.clip(base[None, None, :] * tone[:, :, None], 0, 255).astype(np.uint8)


def _rug(rnd: random.Random, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A rug woven in a pattern of four strong colours, one as light as a card: the
    pattern's own edges are as strong as a card's outline."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    period = rnd.uniform(40, 120)
    waves = np.sin(xs / period * 2 * np.pi + rnd.uniform(0, 6)) * np.sin(ys / period * 2 * np.pi)
    waves += 0.5 * np.cos((xs + ys) / period * 2 * np.pi)
    colours = np.array(RUG_COLOURS, np.float32)
    image = cv2.GaussianBlur(colours[np.digitize(waves, [-0.6, 0.0, 0.6])], (0, 0), 1.0)
    loops = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 1.0)
    image *= (1 + 0.12 * loops / max(float(loops.std()), 1e-6))[:, :, None]
    return np.clip(image, 0, 255).astype(np.uint8)


MATS = dict(zip(MAT_NAMES, (_table, _carpet, _rug), strict=True))
"""What the cards lie on: ``table`` (felt, card stock or wood, drawn at random: every
scene of the evaluation and calibration) or, on asking, a ``carpet`` or a ``rug``."""


def _place(
    rnd: random.Random,
    face: np.ndarray,
    placed: list[np.ndarray],
    options: SceneOptions,
    width: int,
    height: int,
) -> np.ndarray | None:
    h = rnd.uniform(*options.card_height)
    w = h * face.shape[1] / face.shape[0]
    for _ in range(200):
        centre = np.array([rnd.uniform(w / 2, width - w / 2), rnd.uniform(w / 2, height - w / 2)])
        angle = rnd.uniform(0, 2 * np.pi)
        u = np.array([np.cos(angle), np.sin(angle)])
        v = np.array([-u[1], u[0]])
        corners = np.float32(
            [
                centre + sx * w / 2 * u + sy * h / 2 * v
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        if corners[:, 0].min() < 2 or corners[:, 1].min() < 2:
            continue
        if corners[:, 0].max() > width - 3 or corners[:, 1].max() > height - 3:
            continue
        if all(_overlap(corners, other) <= options.overlap for other in placed):
            return corners
    return None


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a, b)
    return float(area) / cv2.contourArea(a.reshape(-1, 1, 2))


def _draw_card(
    image: np.ndarray, owner: np.ndarray, face: np.ndarray, corners: np.ndarray, label: int
):
    h, w = face.shape[:2]
    source = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    matrix = cv2.getPerspectiveTransform(source, corners)
    size = (image.shape[1], image.shape[0])
    shadow_matrix = cv2.getPerspectiveTransform(source, corners + np.float32([3, 4]))
    shadow = cv2.warpPerspective(face[:, :, 3], shadow_matrix, size).astype(np.float32) / 255
    shadow = cv2.GaussianBlur(shadow, (0, 0), 3)
    image[:] = (image * (1 - 0.35 * shadow[:, :, None])).astype(np.uint8)
    colour = cv2.warpPerspective(face[:, :, :3], matrix, size)
    alpha = cv2.warpPerspective(face[:, :, 3], matrix, size).astype(np.float32) / 255
    image[:] = (image * (1 - alpha[:, :, None]) + colour * alpha[:, :, None]).astype(np.uint8)
    owner[alpha > 0.5] = label


def _hand(rnd: random.Random, image: np.ndarray, owner: np.ndarray, placed: list[np.ndarray]):
    """A skin-toned blob with a forearm, entering from an edge over a card or not."""
    height, width = owner.shape
    target = rnd.choice(placed).mean(axis=0) if placed else np.array([width / 2, height / 2])
    tip = target + np.array([rnd.uniform(-60, 60), rnd.uniform(-60, 60)])
    edge = rnd.choice([(tip[0], height + 50), (tip[0], -50), (-50, tip[1]), (width + 50, tip[1])])
    mask = np.zeros(owner.shape, np.uint8)
    cv2.line(mask, tuple(map(int, tip)), tuple(map(int, edge)), 255, int(rnd.uniform(70, 110)))
    cv2.ellipse(mask, tuple(map(int, tip)), (55, 70), rnd.uniform(0, 180), 0, 360, 255, -1)
    skin = np.array([rnd.uniform(90, 150), rnd.uniform(130, 180), rnd.uniform(180, 230)])
    soft = cv2.GaussianBlur(mask, (0, 0), 2).astype(np.float32)[:, :, None] / 255
    shade = cv2.GaussianBlur(mask, (0, 0), 15).astype(np.float32)[:, :, None] / 255
    image[:] = np.clip(image * (1 - soft) + skin * (0.75 + 0.25 * shade) * soft, 0, 255)
    owner[mask > 127] = 0


def _light(rnd: random.Random, rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    height, width = image.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rnd.uniform(0, 2 * np.pi)
    ramp = np.cos(angle) * (xs / width - 0.5) + np.sin(angle) * (ys / height - 0.5)
    gain = rnd.uniform(0.85, 1.1) + rnd.uniform(0.1, 0.45) * ramp
    if rnd.random() < 0.5:  # a soft shadow of something out of the picture
        mask = np.zeros((height, width), np.float32)
        pts = np.int32([[rnd.uniform(0, width), rnd.uniform(0, height)] for _ in range(5)])
        cv2.fillConvexPoly(mask, cv2.convexHull(pts), 1.0)
        gain = gain * (1 - rnd.uniform(0.15, 0.4) * cv2.GaussianBlur(mask, (0, 0), 12))
    lit = image.astype(np.float32) * gain[:, :, None]
    tint = np.array([rnd.uniform(0.85, 1.0), 1.0, rnd.uniform(1.0, 1.12)], np.float32)
    lit *= tint
    if rnd.random() < 0.5:
        cx, cy = rnd.uniform(0, width), rnd.uniform(0, height)
        radius = rnd.uniform(30, 110)
        spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * radius**2))
        lit += rnd.uniform(40, 120) * spot[:, :, None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def _camera(
    rnd: random.Random,
    rng: np.random.Generator,
    image: np.ndarray,
    owner: np.ndarray,
    placed: list[np.ndarray],
    options: SceneOptions,
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """An angled camera sees a trapezoid of the table stretched to the whole frame."""
    height, width = image.shape[:2]
    squeeze = rnd.uniform(0, options.tilt) * width
    lift = rnd.uniform(0, options.tilt) * height
    frame = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    seen = np.float32([[squeeze, lift], [width - squeeze, lift], [width, height], [0, height]])
    if rnd.random() < 0.5:  # the camera may stand at any side of the table
        seen = np.roll(seen, 2, axis=0)
    matrix = cv2.getPerspectiveTransform(seen, frame)
    image = cv2.warpPerspective(image, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
    owner = cv2.warpPerspective(owner, matrix, (width, height), flags=cv2.INTER_NEAREST)
    placed = [cv2.perspectiveTransform(q.reshape(-1, 1, 2), matrix).reshape(4, 2) for q in placed]
    sigma = rnd.uniform(0, options.blur)
    if sigma > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    noisy = image.astype(np.float32) + rng.normal(0, rnd.uniform(1, options.noise), image.shape)
    image = np.clip(noisy, 0, 255).astype(np.uint8)
    quality = rnd.randint(*options.jpeg)
    _ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR), owner, placed
