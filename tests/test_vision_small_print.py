"""Enrolled look-alikes told apart where their print differs (``vision.small_print``):
cards alike in all but a small sign must be judged by that sign, whatever each
camera view of them carries besides."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from camera_views import ENROLLED_OFF, art, camera, enrolled_deck, shaded
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import CARDS, CLUBS, SPADES, card_code, parse_card
from vision.geometry import RECT_H, RECT_W
from vision.identify import Identifier
from vision.profile import INSET, DeckProfile, describe_fine
from vision.small_print import LEAD, Contrast, Prints

LOOK_ALIKES = [
    ("tango", "CQ", "SQ"),
    ("tango", "SJ", "CJ"),
    ("tango", "CK", "SK"),
    ("simplistic", "CQ", "SQ"),
    ("tango_nuevo", "D6", "D8"),
    ("tango_nuevo", "H8", "H9"),
]
"""Pairs the held-out enrolled run named one for the other (docs/benchmarks.md)."""


def _contrast(own: np.ndarray, rival: np.ndarray) -> Contrast:
    """The contrast of two cards' templates (rows of fine descriptors), as an
    identifier makes it from its deck's templates."""
    prints = Prints(np.concatenate([own, rival]))
    return Contrast.of(
        prints, tuple(range(len(own))), tuple(range(len(own), len(own) + len(rival)))
    )


def _enrolled(pair: tuple[str, str, str], draw: st.DrawFn, off: float):
    """Three enrolled views of each card of ``pair`` (design, card, look-alike) and a
    later view of the card, each taken apart with outlines up to ``off`` pixels off:
    the fine descriptors of the view and of the two cards' templates."""
    design, card, twin = pair
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    own = np.stack([describe_fine(camera(art(design, card), rng, off)) for _ in range(3)])
    rival = np.stack([describe_fine(camera(art(design, twin), rng, off)) for _ in range(3)])
    return describe_fine(camera(art(design, card), rng, off)), own, rival


OFF = 0.5
"""How far (pixels) each corner of every view's outline may be off in these
properties (300 examples of each held once). At 1 pixel neither holds, as the docs
say: with two of the three enrolled views of a tango SJ with their outline's top-left
corner 1 pixel right, the CJ's exact, a later view of the SJ with its top-left corner 1
pixel left and its bottom-right 1 pixel right leads as the CJ by 0.39 (a wrong read
let through);
all three enrolled views of a tango CQ with the bottom-right corner 1 pixel in, and
the later view's 1 pixel out, lead the SQ by -0.35 (left unnamed)."""


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(LOOK_ALIKES), data=st.data())
def test_a_view_never_leads_for_a_look_alike_of_its_card(pair, data):
    """Judged as its look-alike, a view of a card never leads it by ``LEAD``, whatever
    each view carries besides (outline, focus, light, noise): the check lets no such
    wrong read through."""
    view, own, rival = _enrolled(pair, data.draw, off=OFF)
    assert _contrast(rival, own).lead(view) < LEAD


@pytest.mark.parametrize("pair", LOOK_ALIKES, ids="-".join)
def test_a_view_leads_the_look_alike_of_its_card(pair):
    """Views of a card lead its look-alike by ``LEAD`` where the two differ: the check
    leaves nearly every card it sees named. Not every one: hypothesis found a simplistic
    CQ view (its enrolled views and it drawn from seed 246305) that led the SQ by -0.18
    (-0.13 before ``apart`` was measured as it is now), where 1,500 views drawn at random
    all led (docs/benchmarks.md); 30 of 30 here."""
    rng = np.random.default_rng(7)
    leads = [
        _contrast(own, rival).lead(view)
        for view, own, rival in (
            _enrolled(pair, lambda _: int(rng.integers(2**32)), off=OFF) for _ in range(30)
        )
    ]
    assert min(leads) >= LEAD


def _half_under_a_look_alike(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Three enrolled views each of tango's CQ and SQ, and a view of the CQ whose top
    half lies under print like the SQ's (another card over it, say), as fine pictures,
    with where that half lies (1: hidden)."""
    rng = np.random.default_rng(seed)
    own = np.stack([describe_fine(camera(art("tango", "CQ"), rng, OFF)) for _ in range(3)])
    rival = np.stack([describe_fine(camera(art("tango", "SQ"), rng, OFF)) for _ in range(3)])
    view = camera(art("tango", "CQ"), rng, OFF)
    view[: RECT_H // 2] = camera(art("tango", "SQ"), rng, OFF)[: RECT_H // 2]
    hidden = np.zeros((RECT_H - 2 * INSET, RECT_W - 2 * INSET), np.float32)
    hidden[: RECT_H // 2 - INSET + 2] = 1
    return own, rival, describe_fine(view), hidden


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_print_another_card_may_hide_never_leads_for_the_look_alike(seed):
    """With the half under the SQ-like print hidden, the SQ never leads the CQ: the
    print in view is judged alone, and no wrong name gets through."""
    own, rival, fine, hidden = _half_under_a_look_alike(seed)
    assert _contrast(rival, own).lead(fine, hidden) < LEAD


def test_print_another_card_may_hide_is_left_out_of_the_lead():
    """With that half hidden, the CQ's print in view leads the SQ: the card stays
    named. Not always: of the views drawn from seeds 0-999, one (seed 718) led by only
    0.12; 30 of 30 here."""
    leads = [
        _contrast(own, rival).lead(fine, hidden)
        for own, rival, fine, hidden in (_half_under_a_look_alike(seed) for seed in range(30))
    ]
    assert min(leads) >= LEAD


def test_a_lead_with_all_its_print_hidden_says_nothing():
    """Where every region the two cards differ in is hidden, neither card leads."""
    rng = np.random.default_rng(3)
    own = np.stack([describe_fine(camera(art("tango", "CQ"), rng, OFF)) for _ in range(3)])
    rival = np.stack([describe_fine(camera(art("tango", "SQ"), rng, OFF)) for _ in range(3)])
    view = describe_fine(camera(art("tango", "CQ"), rng, OFF))
    everything = np.ones((RECT_H - 2 * INSET, RECT_W - 2 * INSET), np.float32)
    assert _contrast(own, rival).lead(view) >= LEAD
    assert _contrast(own, rival).lead(view, everything) == -np.inf


def test_cards_whose_templates_are_the_same_are_never_told_apart():
    """Two cards enrolled from the same pictures (a player showing one card for two):
    nothing in their templates tells them apart, so neither leads, and the identifier
    names neither."""
    templates = np.stack([describe_fine(art("tango", "CQ"))] * 3)
    view = describe_fine(art("tango", "CQ"))
    assert _contrast(templates, templates.copy()).lead(view) == -np.inf


def test_an_enrolled_card_the_margin_leaves_unnamed_is_named_by_its_small_print():
    """Views of tango's clubs and spades, which differ in small signs only, read with a
    deck enrolled from camera views: some fall short of the whole-card margin, and those
    the small print tells apart are named (each as its own card), not left unnamed."""
    identifier = enrolled_deck("tango")
    rng = np.random.default_rng(7)
    codes = [c for c in CARDS if c // 9 in (CLUBS, SPADES)]
    views = [(c, camera(art("tango", card_code(c)), rng, 1.0)) for c in codes for _ in range(5)]
    reads = identifier.identify([v for _, v in views])
    named = [(c, r) for (c, _), r in zip(views, reads, strict=True) if r and r.card is not None]
    assert all(r.card == c for c, r in named)
    short = [r for _, r in named if r.margin < identifier.threshold]
    assert len(short) >= 3
    assert all(r.confidence == 0.5 and r.by_print and r.print_regions for r in short)
    assert not any(r.by_print for _, r in named if r.margin >= identifier.threshold)


def _dulled(view: np.ndarray) -> np.ndarray:
    """A camera view taken out of focus and under a light falling off to 70 % across
    the card: how one card's enrolled views can differ from the rest of its deck's."""
    blurred = cv2.GaussianBlur(view.astype(np.float32), (0, 0), 1.5)
    fall = np.linspace(1.0, 0.7, RECT_W, dtype=np.float32)[None, :, None]
    return np.clip(blurred * fall, 0, 255).astype(np.uint8)


def test_a_look_alike_the_whole_card_prefers_is_overruled_by_the_small_print(monkeypatch):
    """A tango_nuevo deck whose H9 was enrolled out of focus and in a dimmer light than
    its other cards: a later, sharp view of the H9 looks over the whole card more like
    the H8's sharp templates, by less than the margin, and was left unnamed. Where the
    two differ (the middle row of pips) it is the H9, past ``SURE_LEAD``, and it is named
    so by its small print, at the abstention line; never as another card."""
    rng = np.random.default_rng(2026)
    shown = {
        c: [camera(art("tango_nuevo", card_code(c)), rng, ENROLLED_OFF) for _ in range(3)]
        for c in CARDS
    }
    nine = parse_card("H9")
    shown[nine] = [_dulled(view) for view in shown[nine]]
    identifier = Identifier([DeckProfile.from_rectified("enrolled-dull-H9", "french", shown)])
    views = [camera(art("tango_nuevo", "H9"), np.random.default_rng(s), OFF) for s in range(40)]
    with monkeypatch.context() as patched:
        patched.setattr(Identifier, "_look_alike_by_print", lambda *args: None)
        before = identifier.identify(views)
    after = identifier.identify(views)
    overruled = [
        read
        for first, read in zip(before, after, strict=True)
        if first.best_guess == parse_card("H8") and first.card is None and read.card == nine
    ]
    assert len(overruled) >= 15
    assert all(r.by_print and r.confidence == 0.5 and r.print_regions for r in overruled)
    assert all(r.card in (None, nine) for r in after)


@settings(max_examples=60, deadline=None)
@given(
    pair=st.sampled_from([*LOOK_ALIKES, ("simplistic", "C9", "S9")]),
    off=st.floats(0.0, OFF),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_view_named_by_its_small_print_is_its_own_card(pair, off, seed):
    """A later view of a card of an enrolled deck, its outline up to half a pixel off (as
    for the properties above), named short of the whole-card margin is named as its own
    card. Farther off it can be named wrong: simplistic C9 views 1–1.7 pixels off were
    named S9 (3 in 4,500 views drawn from 0–3 pixels; docs/benchmarks.md), and past the
    margin views 2.5 pixels off as before."""
    design, card, _ = pair
    identifier = enrolled_deck(design)
    read = identifier.identify([camera(art(design, card), np.random.default_rng(seed), off)])[0]
    if read is not None and read.card is not None and read.margin < identifier.threshold:
        assert read.card == parse_card(card)


@pytest.mark.parametrize(
    ("card", "seed", "off"), [("SJ", 85, 2.5), ("SJ", 142, 3.0), ("SQ", 36, 3.0), ("S7", 29, 3.0)]
)
def test_a_view_cut_pixels_off_is_not_named_by_its_small_print(card, seed, off):
    """Views of tango cards cut on outlines 2.5–3 pixels off, which lead their
    look-alike (the CJ, CQ, C7) where the two differ: their whole-card margin falls short,
    and their outline does not fit their template to within ``OUTLINE_SURE``, so they
    are left unnamed (named by the lead alone, each was the look-alike)."""
    view = camera(art("tango", card), np.random.default_rng(seed), off)
    read = enrolled_deck("tango").identify([view])[0]
    assert read is not None and read.card in (None, parse_card(card))


ACES = ("HA", "DA", "CA", "SA")


def test_an_enrolled_ace_left_unnamed_by_the_margin_is_named_by_its_print(monkeypatch):
    """An ace is paper with one sign: seen with its outline a pixel off under a
    shadow's edge, an enrolled simplistic CA or SA scores low against its camera-view
    templates and its margin over the other black ace falls short. Where it scores past
    ``ENROLLED_FLOOR``, its print (the big sign, the corner indices) names it, as it
    names printed art's aces (:meth:`vision.identify.Identifier._ace_by_print`); with
    that left to printed art, fewer are named."""
    identifier = enrolled_deck("simplistic")

    def reads() -> list[int | None]:
        names = []
        for code in ("CA", "SA"):
            for seed in range(20):
                view = shaded(
                    camera(art("simplistic", code), np.random.default_rng(seed), 1.0),
                    np.random.default_rng(seed + 1000),
                )
                read = identifier.identify([view])[0]
                names.append(None if read is None else read.card)
        return names

    truth = [parse_card(code) for code in ("CA", "SA") for _ in range(20)]
    named = reads()
    assert all(n in (None, t) for n, t in zip(named, truth, strict=True))
    by_art_only = Identifier._ace_by_print

    def printed_art_only(self, card_bgr, view, per_card, judged, hidden):
        if not self.from_art[judged.column]:
            return None
        return by_art_only(self, card_bgr, view, per_card, judged, hidden)

    monkeypatch.setattr(Identifier, "_ace_by_print", printed_art_only)
    before = reads()
    # 2026-12-06: 15 of the 40 named, against 9
    assert sum(n is not None for n in named) >= sum(n is not None for n in before) + 4


@settings(max_examples=60, deadline=None)
@given(
    design=st.sampled_from(["simplistic", "anglo_modern", "tango", "paris"]),
    code=st.sampled_from(ACES),
    off=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
)
def test_an_enrolled_ace_is_never_named_as_another_card(design, code, off, seed):
    """A view of an enrolled deck's ace, its outline up to a pixel off, under a
    shadow's edge, is named as itself or not at all (1,500 such views of six designs,
    drawn as here: 1,205 named, none wrong; docs/benchmarks.md)."""
    rng = np.random.default_rng(seed)
    read = enrolled_deck(design).identify([shaded(camera(art(design, code), rng, off), rng)])[0]
    assert read is None or read.card in (None, parse_card(code))
