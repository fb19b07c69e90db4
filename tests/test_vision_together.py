"""A card reads the same whatever else is read beside it.

The identifier describes all the views of one call together (one OpenCV call per step
for all of them) and makes the fine descriptor only for views the coarse one takes for
a card face: neither may change any card's answer. Rendered art needs the Debian card
packages (``make test`` installs them).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vision.art import DESIGNS, card_images
from vision.geometry import RECT_H, RECT_W
from vision.identify import Identification, Identifier
from vision.profile import (
    COLOUR_FLOOR,
    ENROLLED_COLOUR_FLOOR,
    DeckProfile,
    art_rectified,
    coarse_views,
    describe,
    describe_view,
    fine_view,
)

DESIGN = "tango"


@pytest.fixture(scope="module")
def faces() -> list[np.ndarray]:
    return [art_rectified(image) for image in card_images(DESIGNS[DESIGN]).values()]


@pytest.fixture(scope="module")
def tango() -> Identifier:
    return Identifier([DeckProfile.from_design(DESIGNS[DESIGN])])


def _view(kind: str, face: np.ndarray, seed: int) -> np.ndarray:
    """A rectified view as the reader cuts one: a card face dimmed, tinted, blurred and
    noisy, or no face at all (a strip of felt, noise)."""
    rng = np.random.default_rng(seed)
    if kind == "felt":
        view = np.empty((RECT_H, RECT_W, 3), np.uint8)
        view[:] = rng.integers(20, 140, 3)
    elif kind == "noise":
        return rng.integers(0, 256, (RECT_H, RECT_W, 3), dtype=np.uint8)
    else:
        gains = rng.uniform(0.6, 1.1, 3)
        view = np.clip(face * gains, 0, 255).astype(np.uint8)
        view = cv2.GaussianBlur(view, (0, 0), float(rng.uniform(0.3, 1.5)))
    noise = rng.normal(0, rng.uniform(0, 12), view.shape)
    return np.clip(view + noise, 0, 255).astype(np.uint8)


def _named(answer: Identification) -> tuple[object, ...]:
    return answer.card, answer.best_guess, answer.design, answer.doubted, answer.by_print


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    picks=st.lists(
        st.tuples(
            st.sampled_from(["face", "face", "face", "felt", "noise"]),
            st.integers(0, 35),
            st.integers(0, 2**16),
        ),
        min_size=2,
        max_size=12,
    )
)
def test_each_view_gets_the_answer_it_gets_alone(picks, faces, tango):
    """The same answers, to the float arithmetic's last digits: the whole-card scores
    of several views are one matrix product, whose sums BLAS orders otherwise than
    for one view's."""
    views = [_view(kind, faces[card], seed) for kind, card, seed in picks]
    together = tango.identify(views)
    alone = [tango.identify([view])[0] for view in views]
    for (kind, _, _), mine, own in zip(picks, together, alone, strict=True):
        assert (mine is None) == (own is None) == (kind != "face")
        if own is not None:
            assert _named(mine) == _named(own)
            assert [mine.score, mine.margin, mine.confidence] == pytest.approx(
                [own.score, own.margin, own.confidence], abs=1e-5
            )


def test_descriptors_made_together_are_those_of_each_card(faces):
    """The templates of the built-in and enrolled decks are described one card at a
    time, the views of a frame together: the two must be the same numbers."""
    rng = np.random.default_rng(7)
    views = [_view("face", face, int(rng.integers(2**16))) for face in faces[:9]]
    views += [_view("felt", faces[0], 3), _view("noise", faces[0], 4)]
    for floor in (COLOUR_FLOOR, ENROLLED_COLOUR_FLOOR):
        together, greys = coarse_views(views, floor)
        assert np.array_equal(together, np.stack([describe(v, floor) for v in views]))
    for view, grey, row in zip(views, greys, together, strict=True):
        alone = describe_view(view)
        assert np.array_equal(fine_view(row, grey).fine, alone.fine)
