"""Card vision, as a user of the reader would notice it.

The art is rendered from the Debian card packages into the cache (``~/.cache/jassref``
or ``$JASSREF_CACHE``) on first use, so these tests need
``gnome-cards-data``, ``kdegames-card-data-kf5`` and ``librsvg2-bin`` (``make test``
installs them).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from camera_views import corner_error
from enroll_frames import PLACES, laid_frames, table_one
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import card_code, parse_card
from vision import detect
from vision.art import BUILT_IN, DESIGNS, back_image, card_images, stray_images
from vision.detect import find_cards, light_outline
from vision.enroll import INTO_VIEW, enroll
from vision.evaluate import ENROLLMENT, evaluate_design
from vision.geometry import (
    MAX_TURN,
    REFINE_REACH,
    moved_outline,
    order_corners,
    rectify,
    refine_all,
    refine_corners,
)
from vision.identify import Identifier
from vision.profile import DeckProfile, art_rectified, flatten_art
from vision.reader import ALIGN_REACH, best_outlines, channel_spread, read_frame
from vision.scenes import SceneOptions, render_scene
from vision.sources import CaptureSource, FolderSource, PicameraSource
from vision.table_scene import Pose, Sprites, Table, draw_card

ROOT = Path(__file__).resolve().parents[1]
JASSREF = [sys.executable, "-m", "jassref"]
EIGHT = ["H6", "D7", "S8", "C9", "H10", "DJ", "SQ", "CA"]


@pytest.fixture(scope="module")
def swiss() -> Identifier:
    return Identifier([DeckProfile.from_design(DESIGNS["swiss-xvii"])])


@pytest.fixture(scope="module")
def anglo() -> Identifier:
    return Identifier([DeckProfile.from_design(DESIGNS["anglo"])])


def _table(design: str, codes: list[str], mat=(40, 110, 30)) -> tuple[np.ndarray, list]:
    """Eight cards laid apart on a plain felt, each turned a different way."""
    image = np.zeros((720, 1280, 3), np.uint8)
    image[:] = mat
    art = card_images(DESIGNS[design])
    truth = []
    for index, code in enumerate(codes):
        face = flatten_art(art[parse_card(code)], 128)
        h, w = 190, round(190 * face.shape[1] / face.shape[0])
        cx, cy = 170 + (index % 4) * 310, 190 + (index // 4) * 340
        angle = np.radians(index * 47)
        u = np.array([np.cos(angle), np.sin(angle)])
        v = np.array([-u[1], u[0]])
        corners = np.float32(
            [
                (cx, cy) + sx * w / 2 * u + sy * h / 2 * v
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        source = np.float32(
            [[0, 0], [face.shape[1], 0], [face.shape[1], face.shape[0]], [0, face.shape[0]]]
        )
        matrix = cv2.getPerspectiveTransform(source, corners)
        cv2.warpPerspective(face, matrix, (1280, 720), image, borderMode=cv2.BORDER_TRANSPARENT)
        truth.append(corners)
    return image, truth


def _named(read) -> list[str]:
    return sorted(
        card_code(c.identification.card) for c in read.cards if c.identification.card is not None
    )


@pytest.mark.parametrize("design", ["swiss-xvii", "anglo"])
def test_eight_known_cards_are_found_and_never_misread(design):
    identifier = Identifier([DeckProfile.from_design(DESIGNS[design])])
    image, truth = _table(design, EIGHT)
    read = read_frame(image, identifier)
    assert len(read.cards) == 8  # all found; each named one right, at most one abstains
    assert set(_named(read)) <= set(EIGHT) and len(_named(read)) >= 7
    for card in read.cards:  # each reported outline lies on its card
        centre = card.corners.mean(axis=0)
        assert min(np.linalg.norm(t.mean(axis=0) - centre) for t in truth) < 10


def test_black_print_reaching_the_edge_on_felt_as_dark_is_found_by_its_colour():
    """tango_nuevo's big black pips run into the card's edge; on a green felt of the
    same lightness no grey edge parts pip from felt, and only colour closes the
    outline."""
    codes = ["SA", "C7", "S8", "C9", "S6", "CA", "S7", "C8"]
    image, truth = _table("tango_nuevo", codes, mat=(30, 70, 20))
    pip, felt = cv2.cvtColor(np.uint8([[[62, 58, 50], [30, 70, 20]]]), cv2.COLOR_BGR2GRAY)[0]
    assert abs(int(pip) - int(felt)) <= 8
    read = read_frame(image, Identifier([DeckProfile.from_design(DESIGNS["tango_nuevo"])]))
    assert len(read.cards) == 8
    assert set(_named(read)) <= set(codes) and len(_named(read)) >= 7
    for card in read.cards:
        centre = card.corners.mean(axis=0)
        assert min(np.linalg.norm(t.mean(axis=0) - centre) for t in truth) < 10


def test_a_strip_of_a_picture_gives_no_card_and_no_error(anglo):
    image, _ = _table("anglo", EIGHT)
    for strip in (image[180:182], image[:, 170:172], image[180:183, 100:900]):
        assert read_frame(strip, anglo).cards == []


def test_coloured_things_as_light_as_the_felt_are_no_card_faces():
    """Colour edges close a card's outline where its print meets the felt; they must
    not outline, on their own, a coloured card-sized thing with dark print on it (a
    coaster, a book cover) of the felt's lightness: read with every built-in design,
    such things were taken for unnamed card faces, which the tracker asks the players
    to confirm as plays."""
    felt = (40, 110, 30)
    lightness = int(cv2.cvtColor(np.uint8([[felt]]), cv2.COLOR_BGR2Lab)[0, 0, 0])
    every = Identifier([DeckProfile.from_design(d) for d in BUILT_IN])
    rng = np.random.default_rng(5)
    image = np.full((720, 1280, 3), felt, np.uint8)
    for k in range(6):
        centre = (180 + (k % 3) * 420, 200 + (k // 3) * 330)
        a, b = 128 + 70 * np.cos(k), 128 + 70 * np.sin(k)
        lab = np.uint8([[[lightness, round(a), round(b)]]])
        colour = [int(v) for v in cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)[0, 0]]
        corners = cv2.boxPoints((centre, (130, 190), 31 * k))
        cv2.fillConvexPoly(image, np.int32(np.round(corners)), colour, cv2.LINE_AA)
        for _ in range(12):
            p, q = (np.int32(rng.uniform(-50, 50, 2) + centre) for _ in range(2))
            cv2.line(image, tuple(map(int, p)), tuple(map(int, q)), (30, 30, 30), 3, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    image = np.clip(image + rng.normal(0, 3, image.shape), 0, 255).astype(np.uint8)
    assert read_frame(image, every).cards == []


def test_swiss_deck_reads_aces_and_faces_without_corner_letters(swiss):
    codes = ["HA", "DA", "SA", "CA", "HJ", "DQ", "SK", "C10"]
    image, _ = _table("swiss-xvii", codes)
    assert _named(read_frame(image, swiss)) == sorted(codes)


@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((720, 1280, 3), np.uint8),  # lens cap
        np.full((720, 1280, 3), 255, np.uint8),  # over-exposed
        np.full((720, 1280, 3), (40, 110, 30), np.uint8),  # an empty mat
    ],
    ids=["dark", "white", "empty-mat"],
)
def test_blank_frames_give_no_card(frame, anglo):
    assert read_frame(frame, anglo).cards == []


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    height=st.integers(1, 160),
    width=st.integers(1, 6000) | st.integers(20000, 60000),  # strips too
    content=st.sampled_from(["black", "white", "noise", "table"]),
    seed=st.integers(0, 2**16),
)
def test_a_picture_of_any_size_is_read_or_refused_without_error(
    height, width, content, seed, anglo
):
    """Tiny pictures and thin strips (a thumbnail, a scanned edge) once crashed the
    reader in its resizing and its edge search."""
    rng = np.random.default_rng(seed)
    if content == "table":
        picture = cv2.resize(_table("anglo", EIGHT)[0], (width, height))
    elif content == "noise":
        picture = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    else:
        picture = np.full((height, width, 3), 255 if content == "white" else 0, np.uint8)
    read = read_frame(picture, anglo)
    if min(height, width) < 32 or min(height, width) * 640 < 16 * max(height, width):
        assert read.problem == "too small" and read.cards == []
    named = {c.identification.card for c in read.cards} - {None}
    assert named <= ({parse_card(code) for code in EIGHT} if content == "table" else set())


def test_dark_and_blurred_tables_give_no_card_and_say_why(anglo):
    image, _ = _table("anglo", EIGHT)
    dark = (image * 0.08).astype(np.uint8)
    assert read_frame(dark, anglo).problem == "too dark"
    blurred = cv2.GaussianBlur(image, (0, 0), 12)
    read = read_frame(blurred, anglo)
    assert read.problem == "blurred" and read.cards == []


def test_a_grey_picture_gives_no_card_and_says_why(anglo, tmp_path):
    """Read in grey, red print looks black: a grey picture of a table names no card,
    where the same table in colour names every card right."""
    image, _ = _table("anglo", EIGHT)
    assert _named(read_frame(image, anglo)) == sorted(EIGHT)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    read = read_frame(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), anglo)
    assert read.problem == "no colour" and read.cards == []
    for path, picture in (
        (tmp_path / "black-and-white.jpg", grey),
        (tmp_path / "grey-in-colour.jpg", cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)),
    ):
        cv2.imwrite(str(path), picture)
        done = _run("vision", "read", str(path), "--json", "--deck", "anglo")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == {"image": str(path), "cards": [], "problem": "no colour"}


@settings(max_examples=30, deadline=None)
@given(
    st.integers(4, 300),
    st.integers(4, 300),
    st.integers(0, 2**32 - 1),
)
def test_a_grey_picture_of_any_size_shows_no_colour(height, width, seed):
    rng = np.random.default_rng(seed)
    grey = rng.integers(0, 256, (height, width), dtype=np.uint8)
    assert channel_spread(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)) == 0


def test_black_cards_alone_on_a_grey_felt_are_read():
    """Four clubs on a grey felt (simplistic, seed 7106: the least colourful of 250
    such scenes by chroma): a colour camera's picture, the frame is read."""
    only = tuple(parse_card(code) for code in ("C7", "CQ", "C9", "CK"))
    options = SceneOptions(cards=4, only=only, hand=0.0, glare=0.0)
    scene = render_scene(DESIGNS["simplistic"], 7106, options)
    identifier = Identifier([DeckProfile.from_design(DESIGNS["simplistic"])])
    read = read_frame(scene.image, identifier)
    assert read.problem is None
    assert set(_named(read)) <= {"C9", "CK", "CQ", "C7"} and len(_named(read)) >= 3


def test_black_cards_on_a_neutral_table_seen_by_a_colour_camera_are_read(anglo):
    """Black number cards and aces alone on a neutral grey felt (faces hold colour),
    the white balance right: a colour camera's noise, each channel its own (σ 2, then
    JPEG at quality 85), keeps the frame from being taken for a grey one, and every
    card is named. Drawn without that noise, the picture is grey to the level and
    refused."""
    black = ["S6", "C7", "S8", "C9", "S10", "C10", "SA", "CA"]
    image, _ = _table("anglo", black, mat=(120, 120, 120))
    assert read_frame(image, anglo).problem == "no colour"
    noisy = image + np.random.default_rng(7).normal(0.0, 2.0, image.shape)
    _, encoded = cv2.imencode(
        ".jpg", np.clip(noisy, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85]
    )
    read = read_frame(cv2.imdecode(encoded, cv2.IMREAD_COLOR), anglo)
    assert read.problem is None and _named(read) == sorted(black)


def test_card_backs_and_a_hand_over_everything_are_no_card(anglo):
    image = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    back = flatten_art(back_image(DESIGNS["anglo"]), 128)
    for x in (100, 500, 900):
        image[200 : 200 + back.shape[0], x : x + back.shape[1]] = back
    assert _named(read_frame(image, anglo)) == []
    hand = np.full((720, 1280, 3), (120, 160, 210), np.uint8)  # skin over the whole view
    hand += np.random.default_rng(1).integers(0, 20, hand.shape, dtype=np.uint8)
    assert read_frame(hand, anglo).cards == []


def test_an_outline_fitted_far_beyond_the_picture_does_not_stop_the_read():
    """bellot, seed 6143 (held out, 2026-11-28): detection fitted one blob with two
    nearly parallel sides, which meet over a thousand pixels below the picture, and the
    reader stopped there with an internal error. The frame is read, and its seven
    whole cards are named, each right."""
    scene = render_scene(DESIGNS["bellot"], 6143, SceneOptions())
    identifier = Identifier([DeckProfile.from_design(DESIGNS["bellot"])])
    whole = [c.card for c in scene.cards if c.card is not None and c.visible >= 0.95]
    assert len(whole) == 7
    assert sorted(_named(read_frame(scene.image, identifier))) == sorted(
        card_code(c) for c in whole
    )


def test_cards_seen_a_little_off_and_out_of_focus_are_named_not_abstained():
    """Tango draws its clubs and spades small in one colour, and its 6 and 8 differ
    by two pips among pips spaced a little differently: with an outline a couple of
    pixels off and a lens not quite focused, such cards used to be left unnamed
    (margins 0.07-0.29). They are named now, and never as another card."""
    identifier = Identifier([DeckProfile.from_design(DESIGNS["tango"])])
    art = card_images(DESIGNS["tango"])
    codes = ["C9", "C10", "CQ", "SJ", "D6", "S7"]
    offsets = [
        [(4, 4), (0, 0), (-5, 3), (0, 0)],  # art pixels; about 1-1.5 rectified pixels
        [(7, 0), (0, 0), (0, 0), (0, 0)],
        [(0, 0), (0, 6), (0, 0), (-5, 0)],
    ]
    for code in codes:
        face = cv2.GaussianBlur(flatten_art(art[parse_card(code)], 128), (0, 0), 3)
        h, w = face.shape[:2]
        outline = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
        views = [rectify(face, outline + np.float32(off)) for off in offsets]
        answers = identifier.identify(views)
        assert answers[0].card == parse_card(code), (code, answers[0])
        assert all(a.card in (None, parse_card(code)) for a in answers), code


def test_a_card_whose_outline_runs_into_the_wood_grain_is_found(anglo):
    """On wood, the grain's edges run into a card's outline and join it to a blob of
    edges no card can be cut from; the card's face is still lighter than the wood."""
    options = SceneOptions(cards=1, card_height=(400, 400), hand=0, tilt=0.03)
    scene = render_scene(DESIGNS["anglo"], 9001, options)
    read = read_frame(scene.image, anglo)
    assert [c.identification.card for c in read.cards] == [scene.cards[0].card]
    assert np.abs(order_corners(scene.cards[0].corners) - read.cards[0].corners).max() < 4


def test_cards_on_a_speckled_carpet_are_found_as_on_a_table(monkeypatch):
    """A carpet's pile draws edges everywhere a picture is looked at closely, and they
    join every card's outline to the carpet: the edges are drawn above the carpet's
    own texture, and the cards are found about as on felt or wood, none named wrong. At the
    median's threshold alone (the texture's turned off) far fewer are found (paris,
    seeds 2000–2004: 28 and 18 of 34 whole cards, 30 of 36 on felt and wood)."""
    paris = Identifier([DeckProfile.from_design(DESIGNS["paris"])])
    seeds, carpet = range(2000, 2005), SceneOptions(mat="carpet")
    on = evaluate_design(DESIGNS["paris"], paris, seeds, carpet)
    table = evaluate_design(DESIGNS["paris"], paris, seeds)
    monkeypatch.setattr(detect, "TEXTURE_EDGES", 0.0)
    off = evaluate_design(DESIGNS["paris"], paris, seeds, carpet)
    assert on.wrong == 0, on.mistakes
    assert on.recall >= table.recall - 0.05, (on.line(), table.line())
    assert on.found >= off.found + 5, (on.line(), off.line())


def test_cards_seen_at_a_slant_are_found_and_never_misread(anglo):
    """A phone held by a player sees the table at a slant: shortened to half from near
    to far, a card lying across the view looks square, one along it three times as
    long as wide. Such cards are found (the old proportion limits found 5 of these 22)
    and none is named wrong."""
    right = wrong = visible = 0
    for seed in (2000, 2001, 2002):
        scene = render_scene(DESIGNS["anglo"], seed, SceneOptions(hand=0.0))
        h, w = scene.image.shape[:2]
        far = np.float32([[w / 8, h / 2], [w - w / 8, h / 2], [w, h], [0, h]])
        matrix = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), far)
        image = cv2.warpPerspective(scene.image, matrix, (w, h), borderMode=cv2.BORDER_REPLICATE)
        truth = {
            c.card: cv2.perspectiveTransform(np.float32(c.corners).reshape(-1, 1, 2), matrix)
            for c in scene.cards
            if c.card is not None and c.visible >= 0.95
        }
        visible += len(truth)
        for read in read_frame(image, anglo).cards:
            centre = tuple(float(v) for v in read.corners.mean(axis=0))
            hits = [c for c, q in truth.items() if cv2.pointPolygonTest(q, centre, False) >= 0]
            named = read.identification.card
            if hits and named is not None:
                right += named == hits[0]
                wrong += named != hits[0]
    assert visible == 22
    assert wrong == 0
    assert right >= 10


@pytest.mark.parametrize("seed", [9100, 9101, 9102])
def test_a_photograph_of_one_card_close_up_is_read_and_a_back_is_not(seed, anglo):
    """A phone picture of one card may show it filling half the picture, larger than a
    card on a table can be (there, so large an outline is a mat round the cards): it is
    read; a card back as close is still no card."""
    close = SceneOptions(size=(720, 1280), cards=1, card_height=(850, 850), hand=0, tilt=0.03)
    face = render_scene(DESIGNS["anglo"], seed, close)
    assert cv2.contourArea(np.float32(face.cards[0].corners)) > 0.5 * 720 * 1280
    assert [c.identification.card for c in read_frame(face.image, anglo).cards] == [
        face.cards[0].card
    ]
    back = render_scene(DESIGNS["anglo"], seed, dataclasses.replace(close, back=1.0))
    assert back.cards[0].card is None
    assert read_frame(back.image, anglo).cards == []


def test_rendered_scenes_small_evaluation_has_no_wrong_card(anglo, swiss):
    """CI's small version of 'jassref vision eval': hard floors, full run in benchmarks."""
    for name, identifier in (("anglo", anglo), ("swiss-xvii", swiss)):
        result = evaluate_design(DESIGNS[name], identifier, range(2000, 2012))
        assert result.wrong == 0 and result.twice == 0, result.mistakes
        assert result.recall >= 0.45
        assert result.correct >= 0.6 * (result.correct + result.abstained)


def test_scenes_are_deterministic_from_the_seed():
    a = render_scene(DESIGNS["anglo"], 7, SceneOptions(cards=4))
    b = render_scene(DESIGNS["anglo"], 7, SceneOptions(cards=4))
    assert np.array_equal(a.image, b.image)
    assert [c.card for c in a.cards] == [c.card for c in b.cards]


@pytest.mark.parametrize("design", ["tango", "tango_nuevo", "paris"])
def test_every_card_of_a_design_is_cut_out_to_the_same_size(design):
    """The grid cells of tango's sheet hold a sliver of the next card beside the 6, 7
    and queen: cut out with it, those cards' templates were squeezed by 2 %, and a
    6 seen on the table looked more like the 8's template than its own."""
    sizes = {card_code(c): image.shape[:2] for c, image in card_images(DESIGNS[design]).items()}
    heights = {h for h, _ in sizes.values()}
    widths = sorted(w for _, w in sizes.values())
    assert len(heights) == 1
    assert widths[-1] - widths[0] <= 1, sizes


def test_unseen_design_is_read_after_enrollment(tmp_path):
    """kde-nicu-white is not among the built-in designs: show each card once, then read."""
    unseen = DESIGNS["kde-nicu-white"]
    art = card_images(unseen)
    frames_dir = laid_frames(
        tmp_path,
        (table_one(art[c], PLACES[place])[0] for c in sorted(art) for place in range(3)),
    )
    shown, beeps = [], []
    profile = enroll(
        FolderSource(frames_dir).frames(), "my-deck", prompt=shown.append, confirm=beeps.append
    )
    assert len(shown) == 36
    assert beeps == [c for c in sorted(art) for _ in range(3)]
    path = tmp_path / "my-deck.npz"
    profile.save(path)
    identifier = Identifier([DeckProfile.load(path)])
    image, _ = _table("kde-nicu-white", EIGHT)
    read = read_frame(image, identifier)
    assert len(read.cards) == 8
    assert set(_named(read)) <= set(EIGHT) and len(_named(read)) >= 6


def test_the_guide_asks_for_the_cards_jass_leaves_out_after_the_36(tmp_path):
    """``enroll(..., strays=2)``: after the 36 cards, the guide asks for two cards of the
    deck that Jass leaves out, takes three views of each like any card (the beep told
    no card), and the profile keeps them as strays, not as cards."""
    anglo = DESIGNS["anglo"]
    art = card_images(anglo)
    strays = stray_images(anglo)
    shown_cards = [art[c] for c in sorted(art)] + [strays["H4"], strays["joker-red"]]
    frames_dir = laid_frames(
        tmp_path,
        (table_one(face, PLACES[place])[0] for face in shown_cards for place in range(3)),
    )
    shown, beeps = [], []
    profile = enroll(
        FolderSource(frames_dir).frames(),
        "my-deck",
        prompt=shown.append,
        confirm=beeps.append,
        strays=2,
    )
    assert len(shown) == 38
    assert shown[-2].startswith("show a card Jass leaves out (1 of 2: a two to five or a joker)")
    assert shown[-1].startswith("show a card Jass leaves out (2 of 2: a two to five or a joker)")
    assert beeps == [c for c in sorted(art) for _ in range(3)] + [None] * 6
    assert sorted(set(profile.cards.tolist())) == sorted(art)
    assert profile.strays is not None and len(profile.strays) == 2 * 2 * 3


def test_enroll_refuses_a_negative_count_of_strays_in_one_line(tmp_path):
    out = str(tmp_path / "x.npz")
    done = _run("enroll", "--source", str(tmp_path), "--strays", "-1", "--out", out)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--strays must be 0 or more" in done.stderr
    assert not (tmp_path / "x.npz").exists()


def _under_lamp(view: np.ndarray, tint: tuple[float, float, float]) -> np.ndarray:
    """A rectified card as a lamp of the given colour (B, G, R factors) shows it."""
    return np.clip(view.astype(np.float32) * np.float32(tint), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("spade, club", [("S6", "C6"), ("S9", "C9"), ("SK", "CK"), ("SJ", "CJ")])
def test_a_spade_is_not_taken_for_a_club_enrolled_under_the_same_lamp(spade, club):
    """Enrolled one evening under a warm lamp, but the club under a cold one: a spade
    later read under the cold lamp must not match the club for its paper's tint (tango
    draws the two suits small, alike in everything but the sign's shape)."""
    warm, cold = (0.75, 0.9, 1.05), (1.05, 0.95, 0.8)
    art = {c: art_rectified(im) for c, im in card_images(DESIGNS["tango"]).items()}
    views = {c: [_under_lamp(view, warm)] for c, view in art.items()}
    views[parse_card(club)] = [_under_lamp(art[parse_card(club)], cold)]
    identifier = Identifier([DeckProfile.from_rectified("own", "french", views)])
    answer = identifier.identify([_under_lamp(art[parse_card(spade)], cold)])[0]
    assert answer is not None and answer.card in (parse_card(spade), None)
    if spade in ("S6", "S9"):  # pips only: the lamp's colour changes nothing else
        assert answer.card == parse_card(spade)


def test_black_cards_enrolled_from_camera_views_are_named_beside_their_red_twins():
    """A deck enrolled from camera views: the camera's colour noise in a black card's
    dark print is no colour of the card, and its template must not carry it at full
    weight, or a spade later read is left unnamed for the diamond of its rank (pips laid
    out alike, and the colour then telling the two apart no better than noise). Each
    card is cut where it lies in three enrollment views of its own (paris, the mat and
    room light as they come); 30 scenes are then read with that profile alone. With
    templates keeping the noise (``COLOUR_FLOOR``) these views left 10 cards unnamed
    there, with ``ENROLLED_COLOUR_FLOOR`` 4 (another three views per card: 4 and 2)."""
    design = DESIGNS["paris"]
    alone = dataclasses.replace(ENROLLMENT, size=(640, 400))
    views = {}
    for c in range(36):
        scenes = [
            render_scene(design, 5_000_000 + 100 * c + k, dataclasses.replace(alone, only=(c,)))
            for k in range(3)
        ]
        views[c] = [rectify(s.image, np.float32(s.cards[0].corners)) for s in scenes]
    identifier = Identifier([DeckProfile.from_rectified("own", design.style, views)])
    result = evaluate_design(design, identifier, range(2000, 2030))
    assert result.wrong == 0, result.mistakes
    assert result.abstained <= 5, (result.correct, result.abstained)


def test_enrollment_keeps_only_views_that_agree_and_asks_again(tmp_path):
    """A player lays the wrong card for one of the views of the 7 of hearts: that view is
    not a template of it. The guide says the views do not look alike yet, takes another,
    and the profile names the 7 of hearts, not the card laid by mistake."""
    design = DESIGNS["kde-nicu-white"]
    art = card_images(design)
    seven, mistake = parse_card("H7"), parse_card("SK")
    frames_dir = laid_frames(
        tmp_path,
        (
            table_one(art[mistake] if (c, place) == (seven, 1) else art[c], PLACES[place % 3])[0]
            for c in sorted(art)
            for place in range(4 if c == seven else 3)
        ),
    )
    shown, beeps = [], []
    profile = enroll(
        FolderSource(frames_dir).frames(), "my-deck", prompt=shown.append, confirm=beeps.append
    )
    assert beeps.count(seven) == 4 and beeps.count(mistake) == 3
    assert [t for t in shown if t.startswith("move")] == [
        "move ♥7 again: its views do not look alike yet"
    ]
    assert list(profile.cards).count(seven) == 6  # three views, each upright and turned
    identifier = Identifier([profile])
    image, _ = table_one(art[seven], (300, 300))
    [read] = read_frame(image, identifier).cards
    assert read.identification.card == seven


def test_enrollment_takes_a_card_shown_under_a_shadow_without_asking_again(tmp_path):
    """The first view of the king of diamonds lies mostly in a lamp's shadow (a third of
    the light left, a soft edge). Its template is lifted out of the shade, so it agrees
    with the two views in full light: the player is not asked to move the card again
    (compared as the camera gave them, the views correlated 0.58 and were refused),
    and the king is named in full light and in that shade."""
    design = DESIGNS["kde-nicu-white"]
    art = card_images(design)
    king = parse_card("DK")
    laid = [(c, at, table_one(art[c], at)[0]) for c in sorted(art) for at in PLACES]
    frames_dir = laid_frames(
        tmp_path,
        [
            _in_shadow(image, at[0] + 30) if (c, at) == (king, PLACES[0]) else image
            for c, at, image in laid
        ],
    )
    shown = []
    profile = enroll(FolderSource(frames_dir).frames(), "my-deck", prompt=shown.append)
    assert not [t for t in shown if t.startswith("move")]
    assert list(profile.cards).count(king) == 6  # three views, each upright and turned
    identifier = Identifier([profile])
    lit, _ = table_one(art[king], (300, 300))
    for image in (lit, _in_shadow(lit, 330)):
        [read] = read_frame(image, identifier).cards
        assert read.identification.card == king


def test_enrollment_takes_no_view_of_a_card_at_the_pictures_edge(tmp_path):
    """The player lays the queen of spades' second view with a ninth of it beyond the
    picture's right edge, then slides it into view in two steps too small for the
    guide to see the table move, and lifts it after two frames. Cut from an outline that
    runs on past the picture, that view would carry the picture's last pixels over the
    card's corner index: the guide says once to move the card further into view, and
    takes no view there nor of the card slid in (it lay still in view two frames, not
    three); the queen's next three places give its views."""
    design = DESIGNS["kde-nicu-white"]
    art = card_images(design)
    queen = parse_card("SQ")
    across = [table_one(art[queen], (x, 300))[0] for x in (1150, 1150, 1150, 1150, 1125, 1100)]
    laid = [table_one(art[c], at)[0] for c in sorted(art) for at in PLACES]
    at = sorted(art).index(queen) * len(PLACES)
    frames_dir = laid_frames(tmp_path, [*laid[: at + 1], across, *laid[at + 1 :]])
    shown, beeps = [], []
    profile = enroll(
        FolderSource(frames_dir).frames(), "my-deck", prompt=shown.append, confirm=beeps.append
    )
    assert [t for t in shown if t.startswith("move")] == [f"move ♠Q {INTO_VIEW}"]
    assert beeps == [c for c in sorted(art) for _ in range(3)]
    identifier = Identifier([profile])
    image, _ = table_one(art[queen], (300, 300))
    [read] = read_frame(image, identifier).cards
    assert read.identification.card == queen


def test_enroll_gives_up_on_a_card_whose_views_never_agree_in_one_line(tmp_path):
    """The guide asks for the 6 of hearts, and nine different cards are laid in its
    place: no three views agree, so after the ninth `jassref enroll` stops with one line
    that names the card and what to check, and writes no profile."""
    design = DESIGNS["kde-nicu-white"]
    art = card_images(design)
    laid = ["SK", "DA", "C10", "HQ", "S7", "DJ", "C9", "H8", "SA"]
    frames_dir = laid_frames(
        tmp_path,
        (table_one(art[parse_card(code)], (300 + 90 * k, 260))[0] for k, code in enumerate(laid)),
    )
    out = tmp_path / "deck.npz"
    done = _run("enroll", "--source", str(frames_dir), "--out", str(out))
    assert done.returncode == 2 and not out.exists()
    assert done.stdout.count("move ♥6 again: its views do not look alike yet") == 7
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "♥6 looked different in each of 9 views" in done.stderr
    assert "a lamp's reflection on the card" in done.stderr


def _in_shadow(image: np.ndarray, edge: int, keep: float = 0.32) -> np.ndarray:
    """``image`` with everything right of column ``edge`` in a shadow that leaves
    ``keep`` of the light, its edge soft over a few pixels."""
    across = np.arange(image.shape[1], dtype=np.float32) - edge
    gain = 1.0 - (1.0 - keep) * 0.5 * (1.0 + np.tanh(across / 12.0))
    return np.clip(image * gain[None, :, None], 0, 255).astype(np.uint8)


class FakePicamera2:
    """The picamera2 methods the source uses, recording how it was configured; each
    capture is one completed request of the camera, numbered in both its streams."""

    def __init__(self, frame: np.ndarray):
        self.frame = frame
        self.calls: list[str] = []
        self.requests = 0

    def create_video_configuration(self, main, lores):
        self.calls.append("create_video_configuration")
        return {"main": main, "lores": lores}

    def configure(self, config):
        self.calls.append("configure")
        self.config = config

    def start(self):
        self.calls.append("start")

    def stop(self):
        self.calls.append("stop")

    def capture_arrays(self, names):
        self.requests += 1
        main = self.frame.copy()
        main[0, 0] = self.requests
        w, h = self.config["lores"]["size"]
        lores = np.full((h * 3 // 2, w), 100, np.uint8)  # YUV420: Y plane then chroma
        lores[0, 0] = self.requests
        streams = {"main": main, "lores": lores}
        return [streams[name] for name in names], {"SensorTimestamp": self.requests}


def test_picamera_source_gives_main_and_lores_frames(anglo):
    image, _ = _table("anglo", EIGHT)
    camera = FakePicamera2(image)
    source = PicameraSource(camera=camera)
    frames = source.frames()
    frame, *later = (next(frames) for _ in range(3))
    source.close()
    assert camera.calls == ["create_video_configuration", "configure", "start", "stop"]
    assert camera.config["main"]["format"] == "BGR888"
    assert frame.lores.shape == (180, 320)
    assert _named(read_frame(frame.main, anglo)) == sorted(EIGHT)
    # One request a frame: both streams of the same moment, at the camera's frame rate.
    assert camera.requests == 3
    assert [(int(f.main[0, 0, 0]), int(f.lores[0, 0])) for f in (frame, *later)] == [
        (1, 1),
        (2, 2),
        (3, 3),
    ]


def test_video_file_source_reads_every_frame(tmp_path, anglo):
    path = tmp_path / "table.avi"
    image, _ = _table("anglo", EIGHT)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, (1280, 720))
    for _ in range(4):
        writer.write(image)
    writer.release()
    frames = list(CaptureSource(str(path)).frames())
    assert len(frames) == 4
    assert _named(read_frame(frames[-1].main, anglo)) == sorted(EIGHT)


def _run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    return subprocess.run(
        [*JASSREF, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


def test_vision_read_json_is_as_specified(tmp_path):
    image, _ = _table("anglo", EIGHT)
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), image)
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.zeros((100, 100, 3), np.uint8))
    done = _run("vision", "read", str(path), str(blank), "--json", "--deck", "anglo")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["image"] for o in lines] == [str(path), str(blank)]
    assert sorted(c["card"] for c in lines[0]["cards"]) == sorted(EIGHT)
    for card in lines[0]["cards"]:
        assert set(card) == {"card", "confidence", "corners"}
        assert 0.5 <= card["confidence"] <= 1
        assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])
    assert lines[1]["cards"] == []


def test_vision_read_bad_input_is_one_line(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not an image")
    for args in ([str(tmp_path / "missing.png")], [str(text)], [str(text), "--deck", "nope"]):
        done = _run("vision", "read", *args)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_vision_eval_and_debug_refuse_a_count_of_no_frames(tmp_path):
    for args in (
        ["eval", "--frames", "0", "--designs", "anglo"],
        ["debug", "x.png", "--frames", "-2"],
    ):
        done = _run("vision", *args)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.endswith("must be 1 or more\n") and "Traceback" not in done.stderr


def test_vision_eval_reads_cards_on_a_carpet_and_refuses_an_unknown_mat():
    done = _run("vision", "eval", "--mat", "carpet", "--frames", "1", "--designs", "anglo")
    assert done.returncode == 0, done.stderr
    assert "cards on a carpet" in done.stdout.splitlines()[0]
    assert "anglo" in done.stdout and "wrong   0" in done.stdout
    refused = _run("vision", "eval", "--mat", "sofa", "--frames", "1", "--designs", "anglo")
    assert refused.returncode == 2 and refused.stdout == ""
    assert "invalid choice: 'sofa'" in refused.stderr and "Traceback" not in refused.stderr


def test_vision_read_goes_on_past_an_unreadable_image(tmp_path):
    image, _ = _table("anglo", EIGHT)
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), image)
    broken = tmp_path / "IMG_0001.heic"
    broken.write_bytes(b"ftypheic not decodable here")
    done = _run("vision", "read", str(broken), str(path), "--json", "--deck", "anglo")
    assert done.returncode == 2
    assert done.stderr == f"jassref: {broken}: not an image this program can read\n"
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["image"] for o in lines] == [str(path)]
    assert sorted(c["card"] for c in lines[0]["cards"]) == sorted(EIGHT)


def test_vision_debug_of_a_thin_strip_says_it_is_too_small(tmp_path):
    strip = tmp_path / "strip.png"
    cv2.imwrite(str(strip), np.full((3, 4000, 3), 200, np.uint8))
    done = _run("vision", "debug", str(strip), "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("no card (too small)")
    drawn = cv2.imread(str(tmp_path / "strip-000-debug.png"))
    assert drawn is not None and drawn.shape[0] >= 120  # room for the refusal's line


def test_vision_debug_writes_an_image_of_every_stage(tmp_path):
    image, _ = _table("swiss-xvii", EIGHT)
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), image)
    done = _run("vision", "debug", str(path), "--deck", "swiss-xvii", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    debug = cv2.imread(str(tmp_path / "table-000-debug.png"))
    assert debug.shape[1] == 1280 and debug.shape[0] > 360  # frame + edges, then card strip


def _rendered_table(design: str) -> tuple[Table, np.ndarray, list[np.ndarray]]:
    """Eight cards on a mat seen whole on a wooden table (vision.table_scene)."""
    table = Table(random.Random(2), (960, 540))
    sprites = Sprites(DESIGNS[design], table)
    image = table.background.copy()
    corners = []
    for k, c in enumerate(range(0, 36, 5)):
        quad = table.project(sprites.corners(Pose(-3 + 0.9 * k, 0.8 * (-1) ** k, 0.4 * k)))
        draw_card(image, sprites.faces[c], quad)
        corners.append(order_corners(quad))
    return table, image, corners


MOSTLY_BLACK = ["S8", "C7", "SA", "C10", "S6", "C9", "SQ", "CK"]
TWO_CORNERS_OFF = np.float32([[4, 3], [0, 0], [-3, 4], [0, 0]])
"""Pixels an outline is off, corner by corner: two of its corners a few pixels out."""


def test_a_card_outlined_a_few_pixels_off_is_named_once_its_outline_fits_its_print(anglo):
    """Black cards have no colour to carry their score: an outline four pixels off at two
    corners leaves some below the name floor. Moved as their view's fit to the best
    guess says, the outlines come closer to the cards (their worst corners, on the
    whole) and every card is named right."""
    image, truth = _table("anglo", MOSTLY_BLACK)
    unnamed, before, after = 0, [], []
    for code, corners in zip(MOSTLY_BLACK, truth, strict=True):
        corners = order_corners(corners)
        outline = corners + TWO_CORNERS_OFF
        view = rectify(image, outline)
        first = anglo.identify([view])[0]
        unnamed += first.card is None
        moves = anglo.outline_moves(view, first.best_guess)
        assert float(np.abs(moves).max()) <= ALIGN_REACH
        moved = moved_outline(outline, moves)
        again = anglo.identify([rectify(image, moved)])[0]
        assert again.card == parse_card(code)
        assert again.score > first.score
        before.append(np.abs(outline - corners).max())  # the worst corner, in pixels
        after.append(np.abs(moved - corners).max())
    assert unnamed >= 2  # the outlines as given leave cards unnamed
    assert np.mean(after) < 0.8 * np.mean(before)


def test_the_reader_moves_the_outlines_of_unnamed_cards_to_fit(monkeypatch, anglo):
    """Through the reader: where refinement cannot place an outline (here it is turned
    off, and so is the outline from the card's light face), black cards outlined a few
    pixels off are still named, and named right."""
    image, truth = _table("anglo", MOSTLY_BLACK)
    outlines = [order_corners(corners) + TWO_CORNERS_OFF for corners in truth]
    monkeypatch.setattr(
        "vision.reader.refine_all", lambda grey, quads, *limits, nearest=False: list(quads)
    )
    monkeypatch.setattr("vision.reader.light_outline", lambda grey, quad: None)
    read = best_outlines(image, outlines, anglo)
    named = [answer.card for _, _, answer in read]
    assert named == [parse_card(code) for code in MOSTLY_BLACK]
    monkeypatch.setattr("vision.reader.ALIGN_REACH", 0.0)  # the outlines as given
    assert None in [answer.card for _, _, answer in best_outlines(image, outlines, anglo)]


WIDE_CODES = ["H8", "S7", "DA", "C10", "HQ", "S9", "DK", "CJ"]


def _pulled_corner(corners: np.ndarray) -> np.ndarray:
    """One corner 17 pixels off, as wood grain or a neighbour's edge pulls it: the side
    turned a few degrees."""
    return order_corners(corners) + np.float32([[0, 0], [14, -10], [0, 0], [0, 0]])


def _side_moved_out(corners: np.ndarray) -> np.ndarray:
    """One long side 18 pixels out, parallel to the card's edge: beyond the first
    refinement's reach."""
    quad = order_corners(corners)
    side = quad[2] - quad[1]
    normal = np.float32([side[1], -side[0]]) / np.linalg.norm(side)
    if normal @ (quad[1] - quad.mean(axis=0)) < 0:
        normal = -normal
    return quad + np.outer([0, 1, 1, 0], 18 * normal).astype(np.float32)


@pytest.mark.parametrize("off", [_pulled_corner, _side_moved_out])
def test_an_outline_off_beyond_the_first_refinement_is_refined_again_farther_out(
    monkeypatch, anglo, off
):
    """A side found turned a few degrees, or lying further out than the first
    refinement searches, leaves some cards so outlined unnamed; refined again with a
    wider reach and turn, all are named, and named right (on this plain felt the
    card's light face would also outline it: that step is turned off for the check)."""
    image, truth = _table("anglo", WIDE_CODES)
    outlines = [off(corners) for corners in truth]
    read = best_outlines(image, outlines, anglo)
    assert [answer.card for _, _, answer in read] == [parse_card(code) for code in WIDE_CODES]
    monkeypatch.setattr("vision.reader.WIDE_REACH", REFINE_REACH)  # no wider than the first
    monkeypatch.setattr("vision.reader.WIDE_TURN", MAX_TURN)
    monkeypatch.setattr("vision.reader.light_outline", lambda grey, quad: None)
    monkeypatch.setattr("vision.reader.SQUARE_DEFECT", float("inf"))  # no corner squared
    monkeypatch.setattr("vision.reader.overrun_outlines", lambda *given: [])  # nor cut back
    narrow = best_outlines(image, outlines, anglo)
    assert any(answer is None or answer.card is None for _, _, answer in narrow)


def _corner_far_off(corners: np.ndarray) -> np.ndarray:
    """One corner 36 pixels off, pulled out onto the table by wood grain or a shadow:
    beyond even the second refinement's reach."""
    return order_corners(corners) + np.float32([[0, 0], [30, -20], [0, 0], [0, 0]])


def test_a_card_outlined_with_a_corner_far_off_is_read_from_its_light_face(monkeypatch, anglo):
    """A card on a darker table whose outline has one corner far out on the table is
    still a light face of a card's shape. Of eight cards so outlined, some stay unnamed
    without that; outlined from their light faces (to within 3 pixels), all are named,
    and named right."""
    image, truth = _table("anglo", WIDE_CODES)
    outlines = [_corner_far_off(corners) for corners in truth]
    read = best_outlines(image, outlines, anglo)
    assert [answer.card for _, _, answer in read] == [parse_card(code) for code in WIDE_CODES]
    monkeypatch.setattr("vision.reader.light_outline", lambda grey, quad: None)
    unlit = best_outlines(image, outlines, anglo)
    unnamed = [k for k, (_, _, answer) in enumerate(unlit) if answer is None or answer.card is None]
    assert unnamed
    for k in unnamed:
        assert corner_error(read[k][0], truth[k]) < 3.0


def test_a_light_face_is_outlined_alone_and_nothing_else_is():
    """The light face round an outline with a corner far off is the card, within 4
    pixels of its corners (before refinement); on a table lighter than the cards, and
    for a card the frame's edge cuts, there is no light face of one card's shape."""
    image, truth = _table("anglo", WIDE_CODES)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    for corners in truth:
        found = light_outline(grey, _corner_far_off(corners))
        assert found is not None and corner_error(found, corners) < 4.0
    light_table, truth = _table("anglo", WIDE_CODES, mat=(245, 245, 245))
    light_grey = cv2.cvtColor(light_table, cv2.COLOR_BGR2GRAY)
    assert all(light_outline(light_grey, corners) is None for corners in truth)
    cut = grey[115:]  # the first card's top 20 pixels out of the picture: still card-shaped
    assert light_outline(cut, truth[0] - np.float32([0, 115])) is None


def test_cards_inside_a_mats_printed_border_are_found(swiss):
    """A mat's printed border draws one closed outline round every card on it; the
    cards inside must still be found (they were not, before)."""
    table, image, _ = _rendered_table("swiss-xvii")
    frame = table.project(np.float32([[-4.7, -2.5], [4.7, -2.5], [4.7, 2.5], [-4.7, 2.5]]))
    cv2.polylines(image, [np.int32(frame)], True, (200, 200, 200), 2, cv2.LINE_AA)
    assert _named(read_frame(image, swiss)) == sorted(card_code(c) for c in range(0, 36, 5))


@pytest.mark.parametrize("design", ["swiss-xvii", "anglo"])
def test_corners_found_a_few_pixels_off_are_refined_to_the_card_edge(design):
    """Found at working size, a card's outline may be 2-3 pixels off; refined on the
    full picture it lies on the card's edge again (within the dark printed border)."""
    _, image, exact = _rendered_table(design)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    rng = np.random.default_rng(4)
    for corners in exact:
        off = corners + rng.uniform(-3, 3, corners.shape).astype(np.float32)
        refined = refine_corners(grey, off)
        assert np.abs(refined - corners).max() < 1.5 < 2.5 < np.abs(off - corners).max()


@pytest.mark.parametrize("design", ["swiss-xvii", "anglo"])
def test_a_side_found_well_outside_the_card_is_brought_back_to_its_edge(design):
    """At working size a side is sometimes found 3-4 of its pixels outside the card
    (7.5 here, in a 960-pixel frame): refinement still finds the card's edge and does
    not keep the outline on the table."""
    _, image, exact = _rendered_table(design)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    for k, corners in enumerate(exact):
        side = k % 4
        a, b = corners[side], corners[(side + 1) % 4]
        normal = np.float32([b[1] - a[1], a[0] - b[0]]) / np.linalg.norm(b - a)
        if np.dot((a + b) / 2 - corners.mean(axis=0), normal) < 0:
            normal = -normal
        off = corners.copy()
        off[[side, (side + 1) % 4]] += 7.5 * normal
        refined = refine_corners(grey, off)
        assert np.abs(refined - corners).max() < 1.5, (k, refined - corners)


@pytest.mark.parametrize("shift", [0.6, 0.7])
def test_a_card_lying_half_over_another_is_found(shift, anglo):
    """Two cards stacked, the upper pushed along the lower by 0.6-0.7 of a card, make one
    outline of a single card's shape seen at a slant; the upper card inside it is still
    found and named (a trick's cards often lie so)."""
    sprites = Sprites(DESIGNS["anglo"], Table(random.Random(2), (1280, 720)))
    image = np.zeros((720, 1280, 3), np.uint8)
    image[:] = (40, 110, 30)
    lower, upper = parse_card("H9"), parse_card("D7")
    height, angle = 200.0, 0.3
    width = height * sprites.aspect
    across = np.array([np.cos(angle), np.sin(angle)])
    along = np.array([-across[1], across[0]])  # the long side's direction
    for card, centre in ((lower, (640.0, 260.0)), (upper, (640.0, 260.0) + shift * height * along)):
        quad = np.float32(
            [
                centre + sx * width / 2 * across + sy * height / 2 * along
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        draw_card(image, sprites.faces[card], quad)
    named = [c.identification.card for c in read_frame(image, anglo).cards]
    assert upper in named
    assert set(named) <= {upper, lower, None}


def test_cards_refined_together_are_refined_as_one_by_one():
    """Refining a frame's cards in one batch is only a speed-up: each card's corners
    come out exactly as when it is refined alone."""
    _, image, exact = _rendered_table("anglo")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    rng = np.random.default_rng(5)
    found = [c + rng.uniform(-3, 3, c.shape).astype(np.float32) for c in exact]
    together = refine_all(grey, found)
    assert refine_all(grey, []) == []
    for quad, refined in zip(found, together, strict=True):
        assert np.array_equal(refine_corners(grey, quad), refined)


@pytest.mark.parametrize("design", ["anglo", "swiss-xvii"])
def test_cards_touching_at_an_angle_are_found_one_by_one(design):
    """A trick pushed together: each card touches the next at a corner or along part of
    a side, turned a little against it; every card is found and none is misread."""
    image = np.zeros((720, 1280, 3), np.uint8)
    image[:] = (40, 110, 30)
    art = card_images(DESIGNS[design])
    codes = ["H6", "S8", "DJ", "CA"]
    for index, code in enumerate(codes):
        face = flatten_art(art[parse_card(code)], 128)
        h = 200
        w = h * face.shape[1] / face.shape[0]
        angle = np.radians(-12 + 9 * index)
        u = np.array([np.cos(angle), np.sin(angle)])
        v = np.array([-u[1], u[0]])
        centre = np.array([330 + index * (w + 4), 330 + 40 * (index % 2)])
        corners = np.float32(
            [
                centre + sx * w / 2 * u + sy * h / 2 * v
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        source = np.float32(
            [[0, 0], [face.shape[1], 0], [face.shape[1], face.shape[0]], [0, face.shape[0]]]
        )
        matrix = cv2.getPerspectiveTransform(source, corners)
        cv2.warpPerspective(face, matrix, (1280, 720), image, borderMode=cv2.BORDER_TRANSPARENT)
    identifier = Identifier([DeckProfile.from_design(DESIGNS[design])])
    read = read_frame(image, identifier)
    assert len(read.cards) == 4
    assert set(_named(read)) <= set(codes) and len(_named(read)) >= 3


def test_eval_measures_an_enrolled_deck_through_the_real_enrollment():
    """`jassref vision eval --enrolled`: each design read with its own profile, enrolled
    one card at a time through the enrollment guide, as a player would."""
    done = _run(
        "vision",
        "eval",
        "--enrolled",
        "--frames",
        "2",
        "--seed",
        "2000",
        "--designs",
        "anglo",
        "--max-wrong",
        "0",
    )
    assert done.returncode == 0, done.stderr
    assert "-- enrolled decks" in done.stdout
    line = next(x for x in done.stdout.splitlines() if x.startswith("anglo "))
    correct = int(line.split("correct")[1].split()[0])
    assert correct >= 5


@pytest.mark.parametrize(
    ("seed", "centre"),
    [
        (2000, (399, 415)),  # a notch in its top side; a neighbour's corner under it
        (2017, (231, 168)),  # wood grain runs into its outline on both long sides
        (2018, (870, 359)),  # cut free one erosion later than the card it touches
    ],
)
def test_visible_cards_with_a_broken_or_joined_outline_are_found(seed, centre):
    """A card in plain view whose outline a notch, strands of wood grain or a card
    touching it leave ragged is still found, its corners within 4 pixels at working
    size (none was found near it before)."""
    scene = render_scene(DESIGNS["swiss-xvii"], seed, SceneOptions())
    card = min(scene.cards, key=lambda c: np.linalg.norm(np.float32(c.corners).mean(0) - centre))
    truth = order_corners(np.float32(card.corners))
    errors = [np.abs(order_corners(q) - truth).max() for q in find_cards(scene.image).quads]
    assert min(errors) < 8.0
