"""Swiss French-suited decks: no rank letter on aces and faces, the numeral inside the
corner pip (issue 5: "do not depend on corner indices alone").

No Debian package holds such a deck; ``vision.swiss_french`` redraws a French design's
corners so, and these tests hold that the redrawn deck differs from its base only there,
and that once enrolled it is read without a wrong card."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from referee.cards import CARDS, TEN, card_code, card_rank
from vision.art import DESIGNS, SWISS_FRENCH, ArtUnavailable, card_images, stray_images
from vision.evaluate import enrolled_profile, evaluate_design
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.scenes import ANY_STRAY, SceneOptions, render_scene
from vision.swiss_french import INDEX_BOX, INK, _paper_colour


def _corner_boxes(shape: tuple[int, ...]) -> np.ndarray:
    """Where the four corner boxes (``INDEX_BOX``) lie in a card image of ``shape``."""
    height, width = shape[:2]
    box_w, box_h = int(INDEX_BOX[0] * width), int(INDEX_BOX[1] * height)
    inside = np.zeros((height, width), bool)
    inside[:box_h, :box_w] = inside[:box_h, -box_w:] = True
    inside[-box_h:, :box_w] = inside[-box_h:, -box_w:] = True
    return inside


def _ink(image: np.ndarray) -> np.ndarray:
    """Which pixels of a BGRA card image are print (``INK`` from its paper)."""
    paper = _paper_colour(image)
    far = np.abs(image[:, :, :3].astype(np.int16) - paper).max(axis=2) > INK
    return far & (image[:, :, 3] > 128)


@pytest.mark.parametrize("design", SWISS_FRENCH, ids=lambda d: d.name)
def test_a_swiss_french_deck_is_its_base_art_but_for_the_corner_indices(design):
    """Every card is its base design's art outside the corner boxes. In the top-left box
    a face or an ace has lost print (its rank letter), and a number card's sign, grown
    round a numeral, covers more than the small sign did."""
    base = card_images(DESIGNS[design.base])
    redrawn = card_images(design)
    for c in CARDS:
        before, after = base[c], redrawn[c]
        assert after.shape == before.shape
        outside = ~_corner_boxes(before.shape)
        assert np.array_equal(after[outside], before[outside]), card_code(c)
        box_h, box_w = int(INDEX_BOX[1] * before.shape[0]), int(INDEX_BOX[0] * before.shape[1])
        ink_before = int(_ink(before)[:box_h, :box_w].sum())
        ink_after = int(_ink(after)[:box_h, :box_w].sum())
        if card_rank(c) > TEN:
            assert ink_after < ink_before, card_code(c)
        else:
            assert not np.array_equal(after[:box_h, :box_w], before[:box_h, :box_w])


def test_a_swiss_french_deck_has_no_cards_that_jass_leaves_out():
    """The deck is printed with the 36 Jass cards alone: it has no strays, its built-in
    style profile keeps none, and a scene asked to lay one is refused, not a crash."""
    design = SWISS_FRENCH[0]
    assert stray_images(design) == {}
    assert DeckProfile.from_design(design).strays is None
    with pytest.raises(ArtUnavailable, match="no card that Jass leaves out"):
        render_scene(design, 2000, SceneOptions(strays=(ANY_STRAY,)))


def test_a_swiss_french_deck_enrolled_is_read_without_a_wrong_card():
    """kde-dondorf's art redrawn Swiss French-suited (an artist the identifier was never
    built on), enrolled through the real guide, then read on rendered tables: no card
    named wrong, and nearly every card in full view named."""
    design = DESIGNS["swiss-french-dondorf"]
    identifier = Identifier([enrolled_profile(design)])
    result = evaluate_design(design, identifier, range(2000, 2010))
    assert result.wrong == 0 and result.twice == 0, result.mistakes
    assert result.correct >= 50
    assert result.abstained <= 0.05 * (result.correct + result.abstained)


def _eval(*args: str) -> subprocess.CompletedProcess:
    """``jassref vision eval`` run as a user runs it, in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "jassref", "vision", "eval", "--frames", "1", *args],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=300,
    )


def test_eval_reads_the_swiss_french_decks_apart_and_refuses_their_strays():
    """`jassref vision eval` reads a Swiss French-suited deck with every built-in profile
    under a heading of its own; asked to lay cards Jass leaves out of it, it says why it
    cannot, with no traceback."""
    run = _eval("--seed", "2000", "--designs", "swiss-french-anglo", "--max-wrong", "0")
    assert run.returncode == 0, run.stderr
    assert "-- Swiss French-suited decks (all built-in profiles" in run.stdout
    assert any(line.startswith("swiss-french-anglo ") for line in run.stdout.splitlines())
    refused = _eval("--designs", "swiss-french-anglo", "--strays", "1")
    assert refused.returncode == 2
    assert "swiss-french-anglo: its deck holds no card that Jass leaves out" in refused.stderr
    assert "Traceback" not in refused.stderr
