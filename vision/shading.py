"""A rectified card with the shade over it lifted: its paper made evenly light.

A hand, a glass or the edge of a lampshade throws a soft shadow over part of a card.
The descriptors take out a brightness *ramp* across the card (a plane), but not a
shadow's edge running through it: a shaded 7 looks like a 7 with a grey band, and its
whole-card score against its own template falls under the naming floor, or its margin
over the look-alikes shrinks. Shade multiplies the paper and the print under it alike,
so dividing by the paper's light, estimated where the card shows paper, undoes it.

Paper is where the card is light, nearly grey and the lightest within a pip's reach:
not inside black or red print, nor in a face picture's colours. Its light is averaged
over a few pixels round each place and filled in over the print from farther round; a
card lit evenly comes back nearly as it was (a few grey levels on average).

The paper's colour is the lamp's: a card's brightest fifth (:func:`paper`) is what
the white balance scales to grey (:func:`white_balanced`, and the descriptors' colour
in :mod:`vision.profile`).
"""

from __future__ import annotations

import cv2
import numpy as np

PAPER_SHARE = 0.2
"""Share of a card's pixels, the brightest, taken as its paper: its full light here,
and what :mod:`vision.profile` white-balances on and measures red print against."""
PIP_REACH = 9
"""Side (pixels of the 64×96 rectified card) of the window a paper pixel is the
lightest of, give or take ``PAPER_MATCH``: wider than a pip's stroke, so that the
edge of black print is not taken for paper in shade."""
PAPER_MATCH = 0.8
"""A paper pixel is at least this share of the lightest within ``PIP_REACH``: across a
soft shadow's edge the light falls by a quarter within the window, and at 0.9 only its
lighter side counted, so the edge stayed a dark band once relit (a tango 6 of clubs
under a shadow keeping 40 % of the light went unnamed)."""
DEEPEST_SHADE = 0.3
"""Paper in shade keeps at least this share of the card's full paper light; anything
darker is print."""
TINT_SHARE = 0.2
TINT_LEVELS = 12.0
"""Paper is nearly grey: its largest channel less its smallest stays within
``TINT_SHARE`` of its brightness plus ``TINT_LEVELS`` grey levels (room light tints it a
little; red print and a face picture's colours far more)."""
FIELD_CELLS = (16, 24)
"""The light is estimated on this grid of cells (4×4 pixels of the 64×96 rectified
card; a view of another size is divided alike)."""
FIELD_BLUR = 1.0
"""Gaussian sigma, in cells, over which paper's light is averaged: a soft shadow's
edge is followed, a pip's outline is not."""
FILL_BLUR = 3 * FIELD_BLUR
"""Sigma, in cells, from which the light is filled in where little paper is near (a
face picture, a large pip)."""
NEAR_PAPER = 0.3
"""Share of paper within ``FIELD_BLUR`` above which the near estimate alone is used."""
BALANCE_LIMIT = 16.0
"""The most :func:`white_balanced` raises one channel: a lamp that leaves a channel
with a grey level or two on paper has nothing but noise in it, which raising it 100
times makes into a picture (review). A sodium-like lamp leaving blue at 0.04 of red
needs about 12; a cap of 4 left its paper yellow and its shade unlifted, and its
enrolled cards were named less (1,428 / 2 / 730 against 1,671 / 0 / 489 in 2,160
reads of the review's camera, ten designs) — 8 and 16 read as no cap there."""
GAIN_LIMITS = (0.5, 3.0)
"""Bounds of the brightening (and darkening) applied: a patch of print taken for deep
shade is lifted at most threefold."""


def evenly_lit(card: np.ndarray) -> np.ndarray:
    """The BGR ``card`` (rectified) with each pixel scaled by its paper's full light
    over the light estimated at that place."""
    grey = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY).astype(np.float32)
    values = grey.ravel()  # full light: cut as calibrated, not by paper(), which keeps ties
    cut = int((1.0 - PAPER_SHARE) * (values.size - 1))
    full = float(np.partition(values, cut)[cut:].mean())
    channels = cv2.split(card)  # numpy's max over the colour axis costs 50 times more
    spread = cv2.subtract(
        cv2.max(cv2.max(channels[0], channels[1]), channels[2]),
        cv2.min(cv2.min(channels[0], channels[1]), channels[2]),
    ).astype(np.float32)
    lightest = cv2.dilate(grey, np.ones((PIP_REACH, PIP_REACH), np.uint8))
    paper = (
        (grey >= PAPER_MATCH * lightest)
        & (grey >= DEEPEST_SHADE * full)
        & (spread <= TINT_SHARE * grey + TINT_LEVELS)
    ).astype(np.float32)
    light = cv2.resize(grey * paper, FIELD_CELLS, interpolation=cv2.INTER_AREA)
    share = cv2.resize(paper, FIELD_CELLS, interpolation=cv2.INTER_AREA)
    near = _average(light, share, FIELD_BLUR)
    far = _average(light, share, FILL_BLUR)
    weight = np.minimum(cv2.GaussianBlur(share, (0, 0), FIELD_BLUR) / NEAR_PAPER, 1.0)
    field = weight * np.nan_to_num(near, nan=full) + (1.0 - weight) * np.nan_to_num(far, nan=full)
    gain = np.clip(full / np.maximum(field, 1.0), *GAIN_LIMITS)
    gain = cv2.resize(gain, (card.shape[1], card.shape[0]), interpolation=cv2.INTER_LINEAR)
    return cv2.multiply(card, cv2.merge([gain, gain, gain]), dtype=cv2.CV_8U)


def _average(light: np.ndarray, share: np.ndarray, sigma: float) -> np.ndarray:
    """Paper's light averaged with a Gaussian of ``sigma`` cells over paper only; NaN
    where no paper is within reach."""
    weight = cv2.GaussianBlur(share, (0, 0), sigma)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(weight > 1e-3, cv2.GaussianBlur(light, (0, 0), sigma) / weight, np.nan)


def paper(brightness: np.ndarray) -> np.ndarray:
    """Which of a card's pixels (flat ``brightness``; or one row per card) are its
    paper: the brightest ``PAPER_SHARE``, as the white balance and the red print take it."""
    cut = int((1.0 - PAPER_SHARE) * (brightness.shape[-1] - 1))
    return brightness >= np.partition(brightness, cut, axis=-1)[..., cut : cut + 1]


def paper_tints(pixels: np.ndarray) -> np.ndarray:
    """The mean colour of the paper of each card's ``pixels`` (cards × N × 3, float
    BGR; one row per card): what a white balance scales to grey."""
    on_paper = paper(pixels.sum(axis=2))
    total = (pixels * on_paper[:, :, None]).sum(axis=1)  # adding the zeros changes no sum
    return total / on_paper.sum(axis=1, keepdims=True).astype(np.float32)


def white_balanced(card: np.ndarray) -> np.ndarray:
    """The BGR ``card`` with each channel scaled so that its paper is grey (clipped at
    full light): under a tinted lamp, paper then passes :func:`evenly_lit`'s test of
    being nearly grey, where a warm lamp's paper (blue at 0.55 of red) or a blue
    lamp's did not, and parts of face pictures were lifted as paper instead. No
    channel is raised more than ``BALANCE_LIMIT`` times."""
    tint = paper_tints(card.reshape(1, -1, 3).astype(np.float32))[0]
    gains = np.minimum(float(tint.mean()) / np.maximum(tint, 1.0), BALANCE_LIMIT)
    return cv2.multiply(card, (*gains.tolist(), 1.0), dtype=cv2.CV_8U)
