"""Cards a Jass deck leaves out, lying among the cards: the two to five of a 52-card
deck that a player forgot to strip, a joker. No card of the game, they are never named
one (vision.art.stray_images, vision.identify.Identifier._stray). A red four prints its
pips where a six has its top and bottom rows, and was named the six. Nor is paper of a
card's shape with writing on it."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from camera_views import ENROLLED_OFF, PAPER_WRITINGS, art, camera, paper_with_writing
from hypothesis import given, settings
from hypothesis import strategies as st
from scene_reads import names_at_card

from referee.cards import CARDS, card_code, parse_card
from vision.art import BUILT_IN, DESIGNS, STRAY_RANKS, stray_images
from vision.decks import identifier_for
from vision.identify import Identifier
from vision.profile import DeckProfile, art_rectified
from vision.scenes import ANY_STRAY, SceneOptions, render_scene

FRENCH = sorted(d.name for d in BUILT_IN if d.style == "french")
PLAIN_STRAYS = [f"{suit}{rank}" for suit in "HDSC" for rank in STRAY_RANKS]
STRAYS = [*PLAIN_STRAYS, "joker-black", "joker-red"]
ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def stray_art(design: str, name: str) -> np.ndarray:
    """The stray card ``name`` of ``design`` as printed, rectified as a view is."""
    return art_rectified(stray_images(DESIGNS[design])[name])


@pytest.mark.parametrize(
    ("design", "seed"), [("plastic", 2002), ("plastic", 2006), ("anglo_modern", 2020)]
)
def test_a_red_four_among_the_cards_is_not_named_a_six(monkeypatch, design, seed):
    """A rendered scene with one card of the deck replaced by a red four, in full view:
    every read names its own card or none, and the four none. Without the check, it is
    named the six of its suit."""
    scene = render_scene(DESIGNS[design], seed, SceneOptions(strays=(ANY_STRAY,)))
    four = next(c for c in scene.cards if c.stray)
    assert four.stray[1:] == "4" and four.stray[0] in "HD" and four.visible > 0.95
    identifier = identifier_for(design)
    assert names_at_card(scene, identifier, four) == [None]
    monkeypatch.setattr("vision.identify.STRAY_AHEAD", float("-inf"))
    six = parse_card(four.stray[0] + "6")
    assert six in names_at_card(scene, identifier, four, others_checked=False)


@settings(max_examples=80, deadline=None)
@given(
    design=st.sampled_from(FRENCH),
    name=st.sampled_from(STRAYS),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_stray_seen_by_a_camera_is_named(design, name, seed):
    """A camera's view of any stray card of any French design (its outline up to two
    pixels off, out of focus, unevenly lit, noisy) is named no card."""
    view = camera(stray_art(design, name), np.random.default_rng(seed), 2.0)
    read = identifier_for(design).identify([view])[0]
    assert read is None or read.card is None


@settings(max_examples=80, deadline=None)
@given(
    design=st.sampled_from(FRENCH),
    card=st.sampled_from(CARDS),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_card_of_the_game_is_not_taken_for_a_stray(design, card, seed):
    """A camera's view of a Jass card is named as before the check: its print fits the
    card better than any stray of its deck."""
    view = camera(art(design, card_code(card)), np.random.default_rng(seed), 2.0)
    identifier = identifier_for(design)
    checked = identifier.identify([view])[0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("vision.identify.STRAY_AHEAD", float("-inf"))
        unchecked = identifier.identify([view])[0]
    assert checked is not None and unchecked is not None
    assert checked.card == unchecked.card


@functools.cache
def enrolled_with_strays(design: str) -> Identifier:
    """An identifier of ``design`` enrolled from three camera views of each card, and of
    each of its fours (the strays a red six was taken for)."""
    rng = np.random.default_rng(2026)
    shown = {
        c: [camera(art(design, card_code(c)), rng, ENROLLED_OFF) for _ in range(3)] for c in CARDS
    }
    fours = [
        [camera(stray_art(design, f"{suit}4"), rng, ENROLLED_OFF) for _ in range(3)]
        for suit in "HDSC"
    ]
    profile = DeckProfile.from_rectified(f"enrolled-{design}", "french", shown, strays=fours)
    return Identifier([profile])


@settings(max_examples=40, deadline=None)
@given(
    design=st.sampled_from(["plastic", "anglo_modern", "paris"]),
    suit=st.sampled_from("HDSC"),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_deck_enrolled_with_its_fours_names_no_four(design, suit, seed):
    """A deck enrolled with its fours shown as cards Jass leaves out: a camera's view
    of a four is named no card, and a view of its six is still named the six."""
    identifier = enrolled_with_strays(design)
    rng = np.random.default_rng(seed)
    four = identifier.identify([camera(stray_art(design, f"{suit}4"), rng, 2.0)])[0]
    assert four is None or four.card is None
    six = identifier.identify([camera(art(design, f"{suit}6"), rng, 2.0)])[0]
    assert six is not None and six.card in (None, parse_card(f"{suit}6"))


def test_a_deck_enrolled_without_its_fours_may_name_one_its_six():
    """Why the guide asks for them: enrolled without its fours, plastic names a
    camera's view of its four of hearts the six of hearts."""
    rng = np.random.default_rng(7)
    shown = {
        c: [camera(art("plastic", card_code(c)), rng, ENROLLED_OFF) for _ in range(3)]
        for c in CARDS
    }
    identifier = Identifier([DeckProfile.from_rectified("enrolled-plastic", "french", shown)])
    views = [camera(stray_art("plastic", "H4"), rng, 1.0) for _ in range(10)]
    names = [read.card for read in identifier.identify(views) if read is not None]
    assert parse_card("H6") in names


def test_a_profile_keeps_its_strays_and_an_older_one_reads_without(tmp_path):
    """A built-in profile holds a fine row for each stray card, upright and turned, and
    keeps them when saved; a profile saved without them (an enrollment, an older
    version) loads without and still reads."""
    profile = DeckProfile.from_design(DESIGNS["plastic"])
    assert profile.strays is not None and len(profile.strays) == 2 * len(STRAYS)
    profile.save(tmp_path / "plastic.npz")
    assert np.array_equal(DeckProfile.load(tmp_path / "plastic.npz").strays, profile.strays)
    profile.strays = None
    profile.save(tmp_path / "older.npz")
    older = DeckProfile.load(tmp_path / "older.npz")
    assert older.strays is None
    read = Identifier([older]).identify([art("plastic", "H6")])[0]
    assert read is not None and read.card == parse_card("H6")


def test_a_kde_design_gives_its_twos_to_fives():
    """A design drawn as named elements (kdegames-card-data-kf5) has its two to five of
    each suit as strays; its jokers are named differently per design and left out."""
    strays = stray_images(DESIGNS["kde-nicu-white"])
    assert sorted(strays) == sorted(PLAIN_STRAYS)
    assert all(image.shape[0] == strays["H4"].shape[0] for image in strays.values())


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jassref", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        timeout=300,
    )


def test_vision_eval_lays_strays_among_the_cards_and_counts_one_named_as_wrong():
    """``jassref vision eval --strays 1`` replaces one card per scene by a stray and
    says so; none is named. A count past the scene's cards is refused in one line."""
    done = _run(
        "vision", "eval", "--strays", "1", "--frames", "1", "--seed", "2002", "--designs", "plastic"
    )
    assert done.returncode == 0, done.stderr
    assert "1 of 8 cards no Jass card" in done.stdout.splitlines()[0]
    assert "plastic" in done.stdout and "wrong   0" in done.stdout
    refused = _run("vision", "eval", "--strays", "9", "--frames", "1", "--designs", "plastic")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "--strays must be 0 to 8" in refused.stderr


def test_a_scene_lays_strays_beside_its_card_back_and_refuses_one_its_deck_lacks():
    """Strays take the places of cards drawn, never the card laid face down; a stray
    the design's deck does not hold (a KDE deck's jokers) is refused by name."""
    scene = render_scene(DESIGNS["plastic"], 2002, SceneOptions(back=1.0, strays=("H4",) * 7))
    assert sorted(c.stray for c in scene.cards) == [""] + ["H4"] * 7
    assert all(c.card is None for c in scene.cards)
    with pytest.raises(ValueError, match="kde-nicu-white has no stray 'joker-red': one of "):
        render_scene(DESIGNS["kde-nicu-white"], 2002, SceneOptions(strays=("joker-red",)))


@settings(max_examples=60, deadline=None)
@given(
    design=st.sampled_from(sorted(d.name for d in BUILT_IN)),
    kind=st.sampled_from(PAPER_WRITINGS),
    red=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_card_shaped_paper_with_writing_on_it_is_named_no_card(design, kind, red, seed):
    """Beside the cards lies paper of a card's shape with something written on it
    (``camera_views.paper_with_writing``). Seen by a camera, it is named no card."""
    rng = np.random.default_rng(seed)
    slip = paper_with_writing(kind, red, rng)
    read = identifier_for(design).identify([camera(slip, rng, 1.0)])[0]
    assert read is None or read.card is None


@pytest.mark.parametrize(
    ("design", "seed", "ace"),
    [("neoclassical", 1082, "HA"), ("plastic", 27, "HA"), ("anglo_bitmap", 86, "SA")],
)
def test_a_numeral_written_big_on_paper_is_not_named_an_ace(monkeypatch, design, seed, ace):
    """Paper with a numeral written big in the middle and small in a corner fits an
    ace's whole card, paper and a blob in the middle, past the floor and the margin
    (a red "A" as neoclassical's HA, by its whole card) or by its print (a black 9 as
    anglo_bitmap's SA): it is named no card, because neither its blob nor its corner
    fits the ace's sign and indices (vision.ace_print). Without that check, it is
    named the ace."""
    rng = np.random.default_rng(seed)
    slip = paper_with_writing("big numeral", red=ace[0] in "HD", rng=rng)
    view = camera(slip, rng, 1.0)
    read = identifier_for(design).identify([view])[0]
    assert read is not None and read.card is None
    monkeypatch.setattr("vision.ace_print.MISFIT_BOTH", float("inf"))
    unchecked = identifier_for(design).identify([view])[0]
    assert unchecked is not None and unchecked.card == parse_card(ace)
