"""Cards in a shadow: a hand or a lampshade darkens part of a card, and the reader
still names it, never as another card.

The art is rendered from the Debian card packages (see ``tests/test_vision.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import card_code
from vision.art import DESIGNS, card_images
from vision.identify import Identifier
from vision.profile import DeckProfile, art_rectified
from vision.shading import evenly_lit

DESIGNS_SHADED = ["tango", "paris"]


def _shaded(view: np.ndarray, depth: float, angle: float, at: float, soft: float) -> np.ndarray:
    """``view`` under a shadow whose soft edge (``soft`` pixels wide) runs across it at
    ``angle``, ``at`` pixels from its centre; the shade keeps ``1 - depth`` of the light."""
    h, w = view.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    across = (xs - w / 2) * np.cos(angle) + (ys - h / 2) * np.sin(angle) - at
    light = 1.0 - depth / (1.0 + np.exp(-across / soft))
    return np.clip(view * light[:, :, None], 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def decks() -> dict[str, tuple[Identifier, dict[int, np.ndarray]]]:
    """Per design, its identifier and its 36 cards rectified as the reader sees them;
    and tango as enrolled under a lamp whose light falls off across the table (its
    templates are views, not printed art)."""
    decks = {}
    for name in DESIGNS_SHADED:
        views = {c: art_rectified(im) for c, im in card_images(DESIGNS[name]).items()}
        decks[name] = Identifier([DeckProfile.from_design(DESIGNS[name])]), views
    enrolled = {c: [_shaded(v, 0.25, 0.0, 0.0, 30.0)] for c, v in decks["tango"][1].items()}
    own = DeckProfile.from_rectified("own", "french", enrolled)
    decks["tango enrolled"] = Identifier([own]), decks["tango"][1]
    return decks


@pytest.mark.parametrize("design", DESIGNS_SHADED)
@pytest.mark.parametrize("depth", [0.45, 0.6])
def test_every_card_half_in_shadow_is_named(decks, design, depth):
    """A shadow over the upper half of each card, keeping 55 % or 40 % of the light
    (tango draws its pips small and thin: half of its cards went unnamed at 55 %)."""
    identifier, views = decks[design]
    shaded = [_shaded(view, depth, 0.7, 0.0, 6.0) for view in views.values()]
    answers = identifier.identify(shaded)
    named = [card_code(a.card) if a and a.card is not None else None for a in answers]
    truth = [card_code(c) for c in views]
    assert [n for n, t in zip(named, truth, strict=True) if n != t] == []


@settings(max_examples=120, deadline=None)
@given(
    design=st.sampled_from([*DESIGNS_SHADED, "tango enrolled"]),
    card=st.integers(0, 35),
    depth=st.floats(0.0, 0.75),
    angle=st.floats(0.0, 2 * np.pi),
    at=st.floats(-40.0, 40.0),
    soft=st.floats(2.0, 15.0),
)
def test_a_card_in_any_shadow_is_never_named_as_another(
    decks, design, card, depth, angle, at, soft
):
    identifier, views = decks[design]
    answer = identifier.identify([_shaded(views[card], depth, angle, at, soft)])[0]
    assert answer is None or answer.card in (None, card)


@pytest.mark.parametrize("design", DESIGNS_SHADED)
def test_a_card_lit_evenly_is_still_itself_once_relit(decks, design):
    """Lifting shade where there is none leaves every card named as itself."""
    identifier, views = decks[design]
    answers = identifier.identify([evenly_lit(v) for v in views.values()])
    assert [a.card if a else None for a in answers] == list(views)
