"""Cards under a lamp warm enough for the camera to clip the paper's red channel: a
white balance on clipped paper leaves black print with a red tinge, and a black number
card must not then be named a diamond (vision.profile.print_redness,
vision.identify.Identifier._black_print)."""

from __future__ import annotations

import functools
from dataclasses import replace

import cv2
import numpy as np
from camera_views import art, camera, covered, shaded
from hypothesis import given, settings
from hypothesis import strategies as st
from scene_reads import names_at_card

from referee.cards import ACE, CARDS, DIAMONDS, HEARTS, TEN, card_code, parse_card
from vision.art import BUILT_IN, DESIGNS
from vision.decks import identifier_for
from vision.identify import RED_PRINT_LEAST, Identifier
from vision.profile import DeckProfile, print_redness
from vision.scenes import Scene, render_scene, under_lamp

FRENCH = sorted(d.name for d in BUILT_IN if d.style == "french")
PLAIN = [c for c in CARDS if c % 9 <= TEN or c % 9 == ACE]
"""Number cards and aces: their print is all of their suit's colour."""


def warm_scene(design: str, seed: int) -> Scene:
    """A rendered scene under a warm lamp: blue ×0.45, red ×1.3 (the paper's red
    clipped)."""
    scene = render_scene(DESIGNS[design], seed)
    return replace(scene, image=under_lamp(scene.image, (0.45, 1.0, 1.3)))


def test_a_black_card_under_a_warm_lamp_is_not_named_a_diamond(monkeypatch):
    """Tango's scene 2017 under the warm lamp: every card is named as itself or not at
    all, and the C8 is not named D8; without the check of its print's colour, it is."""
    scene = warm_scene("tango", 2017)
    identifier = identifier_for("tango")
    shown = next(c for c in scene.cards if c.card == parse_card("C8"))
    assert shown.visible > 0.95
    assert parse_card("D8") not in names_at_card(scene, identifier, shown)
    monkeypatch.setattr("vision.identify.RED_PRINT_LEAST", float("-inf"))
    monkeypatch.setattr("vision.identify.GREY_OVERRULES", float("inf"))
    assert parse_card("D8") in names_at_card(scene, identifier, shown, others_checked=False)


def test_black_cards_under_a_lamp_clipping_red_twice_over_are_not_named_diamonds(monkeypatch):
    """Tango's scene 2005 under a lamp whose red the camera clips at twice the light
    (blue ×0.45, red ×2.0): its clubs' print measures as red as a diamond's, and by
    their colour the C9, C7 and C6 are diamonds; the shapes of their pips say clubs, and
    no card is named as the other colour of its rank (``Identifier._overruled``). With
    that check off, a club is named the diamond of its rank."""
    scene = render_scene(DESIGNS["tango"], 2005)
    scene = replace(scene, image=under_lamp(scene.image, (0.45, 1.0, 2.0)))
    identifier = identifier_for("tango")
    wanted = [parse_card(code) for code in ("C9", "C7", "C6")]
    clubs = [next(c for c in scene.cards if c.card == card) for card in wanted]
    for shown in clubs:
        assert set(names_at_card(scene, identifier, shown)) <= {None, shown.card}
    monkeypatch.setattr("vision.identify.GREY_OVERRULES", float("inf"))
    named = {n for c in clubs for n in names_at_card(scene, identifier, c, others_checked=False)}
    assert named & {parse_card(code) for code in ("D9", "D7", "D6")}


@functools.cache
def one_deck(design: str) -> Identifier:
    return identifier_for(design)


@settings(max_examples=120, deadline=None)
@given(
    design=st.sampled_from(FRENCH),
    card=st.sampled_from(PLAIN),
    colour=st.floats(0.0, 0.04),
    seed=st.integers(0, 2**16),
)
def test_a_card_seen_with_next_to_no_colour_is_named_as_itself_or_not_at_all(
    design, card, colour, seed
):
    """A camera's view of a number card or an ace of a French design, its colour all
    but gone (0–4 % of it kept): a red card looks black, and its colour would name it
    the black card of its rank (25 of 183 such views named, with the check off); the
    shapes of its pips overrule that."""
    view = camera(art(design, card_code(card)), np.random.default_rng(seed), 1.0)
    grey = cv2.cvtColor(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    faded = grey + colour * (view.astype(np.float32) - grey)
    read = one_deck(design).identify([np.clip(faded, 0, 255).round().astype(np.uint8)])[0]
    assert read is None or read.card in (None, card)


@settings(max_examples=150, deadline=None)
@given(
    design=st.sampled_from(FRENCH),
    card=st.sampled_from(PLAIN),
    blue=st.floats(0.45, 1.0),
    green=st.floats(0.85, 1.0),
    red=st.floats(1.0, 1.3),
    exposure=st.floats(0.9, 1.15),
    seed=st.integers(0, 2**16),
)
def test_print_says_its_colour_under_any_lamp(design, card, blue, green, red, exposure, seed):
    """A camera's view of any number card or ace of a French design, under a lamp from
    plain to warm enough to clip the paper's red: red print measures at least
    ``RED_PRINT_LEAST``, black print less. An ace's one pip, printed pale and small,
    can hold too few dark pixels to measure (orell's DA, in about half its views): it
    then says nothing (NaN), and the read is not checked. So can a red card's light ink
    where the lamp clips the paper's green too (neoclassical's hearts, their green 0.31
    of the paper's, rise past ``PRINT_DARK`` at 1.1 times the light): not checked, the
    safe way, as black ink (about 0.1) stays print."""
    view = camera(art(design, card_code(card)), np.random.default_rng(seed), 1.0)
    lamp = (blue * exposure, green * exposure, red * exposure)
    redness = print_redness(under_lamp(view, lamp))
    red_ink_clipped = card // 9 in (HEARTS, DIAMONDS) and green * exposure > 1.0
    if np.isnan(redness) and (card % 9 == ACE or red_ink_clipped):
        return
    assert (redness >= RED_PRINT_LEAST) == (card // 9 in (HEARTS, DIAMONDS))


@functools.cache
def four_colour_tango() -> Identifier:
    """Tango's art with its diamonds printed blue, as a four-colour deck enrolled."""
    views = {}
    for card in CARDS:
        view = art("tango", card_code(card))
        views[card] = [view[:, :, ::-1].copy() if card // 9 == DIAMONDS else view]
    return Identifier([DeckProfile.from_rectified("four colours", "french", views, True)])


def blue_diamonds() -> tuple[list[int], list[np.ndarray]]:
    """The four-colour deck's number diamonds and ace, and a camera's view of each."""
    rng = np.random.default_rng(3)
    diamonds = [c for c in PLAIN if c // 9 == DIAMONDS]
    views = [camera(art("tango", card_code(c))[:, :, ::-1].copy(), rng, 0.5) for c in diamonds]
    return diamonds, views


def test_a_deck_printing_diamonds_blue_is_not_asked_for_red_print():
    """Its blue diamonds are named as themselves: only a deck whose templates print
    hearts and diamonds red has its red cards' print checked."""
    identifier = four_colour_tango()
    assert identifier.prints_red == [False]
    assert identifier_for("tango").prints_red == [True]
    diamonds, views = blue_diamonds()
    assert [a.card if a else None for a in identifier.identify(views)] == diamonds


def test_print_redness_is_kept_with_a_profile_and_an_older_one_leaves_blue_unnamed(tmp_path):
    """A profile keeps each template's print redness (version 8). One saved before it
    (an earlier enrollment) is taken as printed red where its red cards show red pips,
    which blue pips do too: the four-colour deck's blue diamonds are then left unnamed,
    none named as another card."""
    profile = four_colour_tango().profiles[0]
    profile.save(tmp_path / "four.npz")
    again = DeckProfile.load(tmp_path / "four.npz")
    assert np.array_equal(again.rednesses, profile.rednesses, equal_nan=True)
    older = Identifier([replace(profile, rednesses=None)])
    assert older.prints_red == [True]
    diamonds, views = blue_diamonds()
    assert [a.card if a else None for a in older.identify(views)] == [None] * len(diamonds)


def test_a_picture_ace_is_not_asked_for_red_print(monkeypatch):
    """slavic_costumes' aces are pictures in several colours (their print measures 0.62
    and 0.38 against its number cards' 0.81): under a shadow's edge, a band of a black
    card's print across one end, many measure under ``RED_PRINT_LEAST``, and each is
    named as it is without the check; its number cards are still checked."""
    identifier = identifier_for("slavic_costumes")
    checked = {int(c) for c in identifier.cards[identifier.red_ink]}
    assert parse_card("H7") in checked and parse_card("HA") not in checked
    rng = np.random.default_rng(5)
    views = [
        covered(
            shaded(camera(art("slavic_costumes", code), rng, 1.0), rng),
            camera(art("slavic_costumes", "S8"), rng, 1.0),
            rng,
        )
        for code in ("HA", "DA")
        for _ in range(30)
    ]
    assert sum(print_redness(v) < RED_PRINT_LEAST for v in views) >= 10
    named = [a.card if a else None for a in identifier.identify(views)]
    monkeypatch.setattr("vision.identify.RED_PRINT_LEAST", float("-inf"))
    assert [a.card if a else None for a in identifier.identify(views)] == named


def test_a_red_card_in_deep_shade_still_shows_red_print():
    """Camera views of every red number card and ace of four French designs under a
    soft shadow's edge keeping 0.3 of the light: the shaded paper is measured against
    the shaded paper round it, not taken for black print: 4 of these 48 measure under
    ``RED_PRINT_LEAST`` (against the card's brightest paper, 246 of 288 such views of
    the 24 designs did)."""
    rng = np.random.default_rng(8)
    red = [c for c in PLAIN if c // 9 in (HEARTS, DIAMONDS)]
    views = [
        shaded(camera(art(design, card_code(card)), rng, 1.0), rng, keep=0.3)
        for design in ("tango", "anglo", "orell", "neoclassical")
        for card in red
    ]
    assert sum(print_redness(v) < RED_PRINT_LEAST for v in views) <= len(views) // 5
