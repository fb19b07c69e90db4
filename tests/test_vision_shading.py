"""Cards in a shadow: a hand or a lampshade darkens part of a card, and the reader
still names it, never as another card.

The art is rendered from the Debian card packages (see ``tests/test_vision.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import parse_card
from vision.art import DESIGNS, card_images
from vision.geometry import RECT_H, RECT_W
from vision.identify import Identifier
from vision.profile import INSET, DeckProfile, art_rectified
from vision.shading import evenly_lit, paper, white_balanced

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
def test_cards_half_in_shadow_are_named_and_never_misread(decks, design, depth):
    """A shadow over the upper half of each card, keeping 55 % or 40 % of the light:
    all but at most two of the 36 are named, none wrong (without the second look,
    tango, whose pips are small and thin, had 16 unnamed at 55 %, paris 7 at 40 %)."""
    identifier, views = decks[design]
    shaded = [_shaded(view, depth, 0.7, 0.0, 6.0) for view in views.values()]
    named = [a.card if a else None for a in identifier.identify(shaded)]
    assert [(n, c) for n, c in zip(named, views, strict=True) if n not in (None, c)] == []
    assert named.count(None) <= 2


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
    """Lifting shade where there is none changes a card by a few grey levels on average
    and leaves every card named as itself."""
    identifier, views = decks[design]
    relit = [evenly_lit(v) for v in views.values()]
    changes = [np.abs(r.astype(int) - v).mean() for r, v in zip(relit, views.values(), strict=True)]
    assert max(changes) < 6.0
    assert [a.card if a else None for a in identifier.identify(relit)] == list(views)


def _glare(view: np.ndarray, x: float, y: float, radius: float, amount: float) -> np.ndarray:
    """``view`` with a glare spot: light added, most at (``x``, ``y``)."""
    ys, xs = np.mgrid[0 : view.shape[0], 0 : view.shape[1]].astype(np.float32)
    spot = amount * np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (2 * radius**2))
    return np.clip(view + spot[:, :, None], 0, 255).astype(np.uint8)


def _shadow_over(view: np.ndarray, x: float, y: float, depth: float) -> np.ndarray:
    """``view`` with an oval shadow (40×50 pixels, its edge 2 pixels soft) about
    (``x``, ``y``), keeping ``1 - depth`` of the light."""
    ys, xs = np.mgrid[0 : view.shape[0], 0 : view.shape[1]].astype(np.float32)
    reach = np.sqrt(((xs - x) / 20) ** 2 + ((ys - y) / 25) ** 2)
    inside = 1.0 / (1.0 + np.exp(np.clip((reach - 1.0) * 10.0, -50, 50)))
    return np.clip(view * (1.0 - depth * inside)[:, :, None], 0, 255).astype(np.uint8)


def _covered(view: np.ndarray, other: np.ndarray, x: int, y: int) -> np.ndarray:
    """``view`` with ``other`` lying over it from (``x``, ``y``) to its far corner."""
    covered = view.copy()
    covered[y:, x:] = other[y:, x:]
    return covered


@pytest.mark.parametrize(
    ("design", "card", "look_alike", "seen", "over"),
    [
        (
            "tigullio",
            "H8",
            "H7",
            lambda v, o: _shaded(_glare(v, 40, 70, 14, 385), 0.58, 4.1, 10.6, 2),
            None,
        ),
        (
            "paris",
            "D8",
            "D7",
            lambda v, o: _shadow_over(_covered(v, o, 13, 54), 43, 66, 0.37),
            (13, 54),
        ),
    ],
)
def test_a_card_misread_for_glare_or_a_cover_is_not_confirmed_once_relit(
    design, card, look_alike, seen, over
):
    """A review's cases: glare (or another card over its corner) makes the first look
    guess the look-alike, and a shadow keeps it from naming it. Relit, the guess stood
    out just past the usual margin (0.29-0.34): the second look must not name it.

    Where a card lies over it, the identifier is told so (``hidden``), as the reader
    tells it of another card's outline (:func:`vision.reader._doubt_crossed`): the D8
    three quarters under a D7 shows the D7's print where the two differ most, and its
    print alone would name the D7."""
    identifier = Identifier([DeckProfile.from_design(DESIGNS[design])])
    images = card_images(DESIGNS[design])
    view = seen(
        art_rectified(images[parse_card(card)]), art_rectified(images[parse_card(look_alike)])
    )
    hidden = None
    if over is not None:
        hidden = np.zeros((RECT_H - 2 * INSET, RECT_W - 2 * INSET), np.float32)
        hidden[over[1] - INSET :, over[0] - INSET :] = 1.0
    answer = identifier.identify([view], hidden=[hidden])[0]
    assert answer is None or answer.card in (None, parse_card(card))


@pytest.fixture(scope="module")
def berlin() -> dict[int, np.ndarray]:
    """The 36 cards of berlin rectified from their printed art."""
    return {c: art_rectified(im) for c, im in card_images(DESIGNS["berlin"]).items()}


LAMPS = {"plain": (1.0, 1.0, 1.0), "warm": (0.55, 0.8, 1.0), "blue": (1.0, 0.9, 0.6)}
"""Lamps as the share of full light each of a white paper's channels (B, G, R) keeps."""


@settings(max_examples=60, deadline=None)
@given(
    card=st.integers(0, 35),
    lamp=st.sampled_from(sorted(LAMPS)),
    depth=st.floats(0.3, 0.6),
    angle=st.floats(0.0, 2 * np.pi),
    at=st.floats(-20.0, 20.0),
    soft=st.floats(9.0, 15.0),
)
def test_a_card_enrolled_half_in_shadow_under_any_lamp_is_named_in_even_light(
    berlin, card, lamp, depth, angle, at, soft
):
    """A player enrolls one card where a lamp's shade falls across it, the lamp plain,
    warm or blue: the template is of the card, not of the shadow or the lamp, and the
    card lying later in even light is named. With the shadow kept in the template, 91
    of 216 such views under a plain lamp (the 36 cards of berlin, two depths, three
    angles) went unnamed, an ace of clubs as near the ace of spades. The tinted lamps
    catch a lifting without the white balance first: their paper is not grey, so the
    shade was not lifted (berlin H6 under the blue lamp went unnamed).

    Asked of shade edges 9–15 pixels soft (the logistic's scale, on the 64-pixel-wide
    view): a sharper edge with the shade deep is not handled yet. At 4 pixels and a
    depth of 0.4–0.6, up to 6 % of such cards go unnamed and a CA was read SA; at 6
    pixels 0.9 % go unnamed, at 7.5 pixels 0.3 % (docs/benchmarks.md)."""
    tinted = np.clip(berlin[card] * np.float32(LAMPS[lamp]), 0, 255).astype(np.uint8)
    views = {c: [view] for c, view in berlin.items()}
    views[card] = [_shaded(tinted, depth, angle, at, soft)]
    identifier = Identifier([DeckProfile.from_rectified("own", "french", views)])
    answer = identifier.identify([berlin[card]])[0]
    assert answer is not None and answer.card == card


def test_white_balance_greys_a_lamps_paper_and_keeps_red_print_red(berlin):
    """Under a warm lamp the paper of an H7 comes back grey and its hearts stay red."""
    view = berlin[parse_card("H7")]
    warm = np.clip(view * np.float32(LAMPS["warm"]), 0, 255).astype(np.uint8)
    pixels = white_balanced(warm).astype(np.float32).reshape(-1, 3)
    paper_pixels = pixels[paper(pixels.sum(axis=1))].mean(axis=0)
    assert paper_pixels.max() - paper_pixels.min() <= 3.0
    printed = view.reshape(-1, 3).astype(int)
    red = pixels[printed[:, 2] - printed[:, 1] > 100]
    assert len(red) and (red[:, 2] > red[:, 1] + 60).mean() > 0.95


def test_white_balance_raises_a_nearly_empty_channel_at_most_sixteenfold(berlin):
    """A lamp that leaves blue all but empty has only noise in it: the balance raises
    it at most sixteen times rather than making a picture of the noise (about 110 times
    without the limit)."""
    lit = berlin[parse_card("H7")] * np.float32((0.005, 0.3, 1.0))
    sodium = np.clip(lit, 0, 255).astype(np.uint8)
    blue = sodium[:, :, 0].astype(np.float32)
    raised = white_balanced(sodium)[:, :, 0].astype(np.float32)
    assert (raised <= 16.0 * blue + 1).all()
