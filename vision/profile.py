"""Deck profiles: what each of the 36 cards of one deck looks like, as descriptors.

A descriptor is made from a rectified card (see :mod:`vision.geometry`) and compares
with a dot product. It holds the whole card, not the corner index, because Swiss decks
print no rank letter on aces and faces: pip layout, face picture and colours all count.

- brightness: 32×48 grey values with a fitted plane removed, so that a light gradient
  across the card does not look like content, then zero mean and unit length;
- colour: the Lab a/b channels at 16×24, mean removed (room light tints every card
  alike), scaled by a floor so that a black-and-white card does not amplify its noise.

A profile is stored as a ``.npz`` (design name, style, card per row, descriptor rows),
both for the built-in designs (cached, rebuilt from the art) and for enrolled decks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.art import Design, cache_dir, card_images
from vision.geometry import RECT_H, RECT_W, rectify

GREY_SIZE = (32, 48)
COLOUR_SIZE = (16, 24)
GREY_WEIGHT, COLOUR_WEIGHT = 0.85, 0.5
COLOUR_FLOOR = 60.0
"""Chroma length (Lab units summed over 16×24 pixels) below which a card counts as
colourless; keeps the noise of a black spade card from voting."""
INSET = 3
"""Pixels trimmed from each side of the rectified card: the border and rounded corners,
where the table shows through and the outline fit is least sure."""
FINE_BLUR = 1.0
"""Gaussian sigma (pixels of the rectified card) smoothing the fine descriptor, so that
an outline a pixel off does not read as a different pip shape."""
PROFILE_VERSION = 3
"""Version 2 added the fine rows, version 3 whether the templates are printed art; an
older profile (an earlier enrollment: camera views) still reads, with what it holds."""

FINE_SIZE = (RECT_W - 2 * INSET) * (RECT_H - 2 * INSET)
"""Length of the fine descriptor."""

_ys, _xs = np.mgrid[0 : GREY_SIZE[1], 0 : GREY_SIZE[0]].astype(np.float32)
_PLANE = np.stack([_xs.ravel(), _ys.ravel(), np.ones(_xs.size, np.float32)], axis=1)
_PLANE_FIT = np.linalg.pinv(_PLANE)
_fy, _fx = np.mgrid[0 : RECT_H - 2 * INSET, 0 : RECT_W - 2 * INSET].astype(np.float32)
_FINE_X = (_fx - _fx.mean()) / np.linalg.norm(_fx - _fx.mean())
_FINE_Y = (_fy - _fy.mean()) / np.linalg.norm(_fy - _fy.mean())


def _corner_weights(width: int, height: int) -> np.ndarray:
    """How much each pixel of a ``width``×``height`` picture of the card's inside moves
    when one corner of the outline moves (bilinear: 1 at that corner, 0 at the others),
    one row per corner in the outline's order."""
    x = (np.arange(width, dtype=np.float32) + 0.5) / width
    y = (np.arange(height, dtype=np.float32) + 0.5) / height
    gx, gy = np.meshgrid(x, y)
    return np.stack([(1 - gx) * (1 - gy), gx * (1 - gy), gx * gy, (1 - gx) * gy]).reshape(4, -1)


_GREY_CORNERS = _corner_weights(*GREY_SIZE)
_FINE_CORNERS = _corner_weights(RECT_W - 2 * INSET, RECT_H - 2 * INSET)


def describe(card_bgr: np.ndarray) -> np.ndarray:
    """The descriptor of one rectified card (``RECT_W``×``RECT_H`` BGR)."""
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    grey = cv2.resize(
        cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY), GREY_SIZE, interpolation=cv2.INTER_AREA
    )
    g = grey.astype(np.float32).ravel()
    g -= _PLANE @ (_PLANE_FIT @ g)
    g *= GREY_WEIGHT / max(float(np.linalg.norm(g)), 1e-3)
    small = cv2.resize(inner, COLOUR_SIZE, interpolation=cv2.INTER_AREA)
    # Lab from float (a, b in the same units as 8-bit Lab's, without its +128): the
    # 8-bit conversion costs thirty times as much on an image this small.
    lab = cv2.cvtColor(small.astype(np.float32) / 255.0, cv2.COLOR_BGR2LAB)
    ab = lab[:, :, 1:].reshape(-1, 2)
    ab -= ab.mean(axis=0)
    c = ab.ravel()
    c *= COLOUR_WEIGHT / max(float(np.linalg.norm(c)), COLOUR_FLOOR)
    return np.concatenate([g, c])


def describe_fine(card_bgr: np.ndarray) -> np.ndarray:
    """The card's grey picture at the rectified resolution (plane removed, unit
    length): what tells a club from a spade, a heart from a diamond, where a design
    draws them in one colour and small. Only compared between a few candidates."""
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    grey = cv2.GaussianBlur(cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY), (0, 0), FINE_BLUR)
    g = grey.astype(np.float32)
    g -= g.mean()
    g -= _FINE_X * float((g * _FINE_X).sum()) + _FINE_Y * float((g * _FINE_Y).sum())
    return (g / max(float(np.linalg.norm(g)), 1e-3)).ravel()


def describe_warps(card_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How the descriptor and the fine descriptor of a rectified card change as its
    outline's corners move and as its focus changes (rows, in the descriptors' own
    units; the colour part does not move).

    Rows: x and y of each of the four corners (the view moves with that corner,
    bilinearly), then a blur (the Laplacian: the change as the picture softens). An
    outline a pixel or two off, a print set a little off centre on the card, a lens
    not quite focused: each of these moves the view along these rows, and none says
    which card it is. Linear: true for moves of about the blur's width.
    """
    inner = card_bgr[INSET : RECT_H - INSET, INSET : RECT_W - INSET]
    grey = cv2.cvtColor(inner, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, GREY_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    coarse = _moves(small, _GREY_CORNERS, GREY_SIZE[0] / (RECT_W - 2 * INSET))
    coarse -= (coarse @ _PLANE_FIT.T) @ _PLANE.T
    plain = small.ravel() - _PLANE @ (_PLANE_FIT @ small.ravel())
    coarse *= GREY_WEIGHT / max(float(np.linalg.norm(plain)), 1e-3)
    colourless = np.zeros((len(coarse), COLOUR_SIZE[0] * COLOUR_SIZE[1] * 2), np.float32)
    fine_grey = cv2.GaussianBlur(grey, (0, 0), FINE_BLUR).astype(np.float32)
    fine = _moves(fine_grey, _FINE_CORNERS, 1.0)
    fine -= fine.mean(axis=1, keepdims=True)
    for ramp in (_FINE_X.ravel(), _FINE_Y.ravel()):
        fine -= np.outer(fine @ ramp, ramp)
    g = fine_grey.ravel() - fine_grey.mean()
    g -= _FINE_X.ravel() * float(g @ _FINE_X.ravel()) + _FINE_Y.ravel() * float(g @ _FINE_Y.ravel())
    fine /= max(float(np.linalg.norm(g)), 1e-3)
    return np.concatenate([coarse, colourless], axis=1), fine


def _moves(grey: np.ndarray, corners: np.ndarray, scale: float) -> np.ndarray:
    """Rows of :func:`describe_warps` for one grey picture whose pixel is ``1/scale``
    of a rectified card's, per rectified pixel of move and pixel² of blur, before the
    descriptor's own plane removal and scaling."""
    h = 0.5 * scale
    dx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=1, scale=h).ravel()
    dy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=1, scale=h).ravel()
    blur = cv2.Laplacian(grey, cv2.CV_32F, scale=0.5 * scale * scale).ravel()
    return np.concatenate([corners * dx, corners * dy, blur[None]])


def describe_turns(card_bgr: np.ndarray) -> np.ndarray:
    """Descriptors of a card upright and turned half round (2 rows)."""
    return np.stack([describe(card_bgr), describe(cv2.rotate(card_bgr, cv2.ROTATE_180))])


def describe_fine_turns(card_bgr: np.ndarray) -> np.ndarray:
    """Fine descriptors of a card upright and turned half round (2 rows)."""
    turned = cv2.rotate(card_bgr, cv2.ROTATE_180)
    return np.stack([describe_fine(card_bgr), describe_fine(turned)])


def flatten_art(image: np.ndarray, background: float = 128.0) -> np.ndarray:
    """An RGBA card render on a neutral grey, as BGR: where the render is transparent
    (rounded corners) a real table shows something, and grey is the least biased guess."""
    if image.shape[2] == 3:
        return image
    alpha = image[:, :, 3:4].astype(np.float32) / 255.0
    return (image[:, :, :3] * alpha + background * (1.0 - alpha)).astype(np.uint8)


def art_rectified(image: np.ndarray) -> np.ndarray:
    """A card render rectified exactly as the reader rectifies a card on the table."""
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return rectify(flatten_art(image), corners)


@dataclass
class DeckProfile:
    """One deck: ``cards[i]`` is the card whose descriptor is ``descriptors[i]``."""

    name: str
    style: str
    cards: np.ndarray  # int, one per row
    descriptors: np.ndarray  # float32, rows
    fine: np.ndarray | None = None  # float32, one fine row per descriptor row
    from_art: bool = False  # templates cut from printed art, not camera views (enrolled)

    @classmethod
    def from_rectified(cls, name: str, style: str, cards: dict[int, list[np.ndarray]]):
        """A profile from rectified views of each card (enrollment gives one or more)."""
        rows, fine, labels = [], [], []
        for c, views in sorted(cards.items()):
            for view in views:
                rows.append(describe_turns(view))
                fine.append(describe_fine_turns(view))
                labels += [c, c]
        return cls(
            name,
            style,
            np.array(labels),
            np.concatenate(rows).astype(np.float32),
            np.concatenate(fine).astype(np.float32),
        )

    @classmethod
    def from_design(cls, design: Design) -> DeckProfile:
        """The profile of a built-in design, cached beside its rendered art."""
        path = cache_dir() / "profiles" / f"{design.name}-v{PROFILE_VERSION}.npz"
        if path.exists():
            return cls.load(path)
        images = card_images(design)
        views = {c: [art_rectified(im)] for c, im in images.items()}
        profile = cls.from_rectified(design.name, design.style, views)
        profile.from_art = True
        profile.save(path)
        return profile

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            np.savez_compressed(
                out,
                version=PROFILE_VERSION,
                name=self.name,
                style=self.style,
                cards=self.cards,
                descriptors=self.descriptors,
                from_art=self.from_art,
                **({} if self.fine is None else {"fine": self.fine}),
            )

    @classmethod
    def load(cls, path: Path) -> DeckProfile:
        """Reads a profile; ``ValueError`` with the reason when it is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if int(data["version"]) not in range(1, PROFILE_VERSION + 1):
                    raise ValueError(
                        f"profile version {int(data['version'])}, not {PROFILE_VERSION}"
                    )
                return cls(
                    str(data["name"]),
                    str(data["style"]),
                    data["cards"].astype(int),
                    data["descriptors"].astype(np.float32),
                    data["fine"].astype(np.float32) if "fine" in data.files else None,
                    bool(data["from_art"]) if "from_art" in data.files else False,
                )
        except (OSError, KeyError, EOFError) as error:
            raise ValueError(f"not a deck profile ({error})") from None
