"""Which of the 36 cards a rectified card is, how sure, and when to say "don't know".

Every descriptor of every profile in use is one row of a matrix; a card's scores are one
matrix product. The best score per card code (over designs and both turns) ranks the 36
candidates. Two numbers decide:

- ``best`` — how much the card looks like *some* card face at all. Below
  ``FACE_FLOOR`` the thing is dropped: a card back, a hand, a lighter, a blank patch;
  no entry, so no phantom card. Below ``NAME_FLOOR`` it is a card face too poorly
  seen to be named.
- ``margin`` — the separation from the nearest of the ``RIVALS`` next-best cards and
  any other card scoring nearly as well as the best (``SHORTLIST_REACH``; see
  ``_judge``): the view is fitted to each candidate's templates once moved by what
  says nothing about the card (its outline's corners a pixel or two off, its
  focus), and the candidate it then fits best is measured against the others along
  the difference of their templates, on the colour and the fine picture, each part
  counted in units of the view's own misfit in it. The reader names a card only when
  the margin reaches the calibrated threshold; otherwise it reports the card with
  ``null`` (the region is a card, its identity is not sure).
  A wrong card is far worse than a late one, and the next frames usually settle it.

A red number card named so must also show it in its print, whoever drew the deck: red
pips inside the card, lopsided like hearts or balanced like diamonds
(:func:`_signs_agree`). Templates of another design can fit a deck never enrolled
better than its own suit does; the print cannot be fitted so. Where the identifier
reads one deck only (a design chosen, or a deck enrolled) whose templates keep to that
rule, the print also speaks for a name: a red number card whose whole pips lie clearly
on its suit's side has no rival in the other red suit (:func:`_ruled_out`). Tango
draws its diamonds fat, and its D7 enrolled fits the H7 nearly as well as its own
template; the pips tell the two apart where the templates barely do. Among several
profiles the deck may be one never seen and drawn otherwise (kde-ancient-egyptians'
hearts skew as diamonds do): there the print only ever withholds a name. (One profile
is taken at its word: a deck shown with ``--deck`` of another design that skews
otherwise can have a card named so.) A rival left out so is left out of the margin too,
as a card the caller ``exclude``s is; where no rival is left, the card is not judged
again.

A red ace's print says less: its one big sign is past a pip's size, so only the corner
indices' small pips are measured, and they skew less surely. Its name is withheld
only where they skew clearly as the other red suit's (:func:`_contradicts`), in a
design whose own aces keep to the rule: an anglo_poker DA, its outline cut short by a
neighbour or the picture's edge, was twice named HA on held-out seeds, its indices
skewing 0.03 and 0.04 (docs/benchmarks.md).

An ace of printed art is paper with one sign, and a shadow's edge or a neighbour's
corner over it weighs as much in its whole card as the sign does: a plainly seen ace
can score under ``NAME_FLOOR``, or fall short of the margin over the other ace of its
colour, with no other card near. Reading one deck, such an ace is named by its print
where the two aces differ (:meth:`Identifier._ace_by_print`, ``ACE_FLOOR``), as
enrolled reads are below. Reading one deck, a card of printed art named by a margin
short of ``PRINT_DOUBT_MARGIN`` is withheld where the print of a look-alike judged with
it plainly leads its own (:meth:`Identifier._contradicted`): an outline a strip short
of its card can fit a look-alike's whole card past the margin.

An enrolled deck's templates are camera views, noisy as the views read against them,
and two cards that differ in small print only (a club and a spade drawn small) differ in
them by that noise as much as by the print. So its reads also answer to where their
templates differ (:mod:`vision.small_print`): a read past the margin keeps its name only
where it leads each look-alike by ``LEAD`` there, and a read the margin prefers but
leaves short is named where it leads each by ``SURE_LEAD``, the margin puts every rival
of the other colour past the threshold, and its outline fits its template
(``OUTLINE_SURE``; :meth:`Identifier._leads`). Where the margin leaves short a card
whose look-alike leads it so there, and leads each other look-alike too, the read is
named as that look-alike (:meth:`Identifier._look_alike_by_print`): the small print
chooses between cards the whole card cannot tell apart, never against a margin.

Colour tells a red card from the black card of its rank first, and where the picture's
colour is lost or turned (a photograph all but grey, a lamp whose red the camera clips
leaving black print reddish) it tells them wrong. A number card or an ace is withheld
where the fine grey picture alone, moved to fit, prefers the card of the other colour and
the same rank by ``GREY_OVERRULES`` (:meth:`Identifier._overruled`): the shapes of the
pips overrule the colour, never the other way round. Faces are not: some designs draw a
red and a black one nearly alike, and the picture of a grey frame is refused instead
(:data:`vision.reader.COLOURLESS`).

The margin is measured among the 36 cards of a Jass deck, but a table can hold a card
the deck leaves out: a poker deck's four, left among the cards, fits its six better than
any other of the 36. A profile that knows its deck's such cards (built-in ones, and an
enrollment shown them) withholds a read whose fine grey picture, moved to fit, prefers
one of them (:meth:`Identifier._stray`). Paper with a numeral written big in its middle
and small in a corner fits an ace's whole card, paper with one sign: a view named an
ace of printed art is withheld where it misfits both the sign and the corner indices
its template prints (:mod:`vision.ace_print`).

The reported confidence is ``margin / (margin + threshold)``: 0.5 is the abstention
line, larger is surer; a read named by its small print short of the margin is reported
at 0.5 (``Identification.by_print``). It orders reads; it is not a probability. A read
the reader withholds for its outline (``Identification.doubted``) is reported at 0.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from referee.cards import ACE, DIAMONDS, HEARTS, SUITS, TEN
from vision.ace_print import AcePrint, ace_print, unlike_its_print
from vision.profile import (
    GREY_SIZE,
    DeckProfile,
    RedSigns,
    View,
    coarse_views,
    describe_view,
    fine_view,
    print_redness,
    red_signs,
    unexplained,
    view_moves,
)
from vision.shading import evenly_lit
from vision.small_print import LEAD, SURE_LEAD, Contrast, Prints, Region

_GREY = GREY_SIZE[0] * GREY_SIZE[1]
"""Length of the whole-card descriptor's grey part (the colour part follows it)."""
FACE_FLOOR = 0.45
PRINT_DOUBT_MARGIN = 0.45
"""The margin under which a read of printed art named by its whole face (one deck read)
is withheld where a look-alike's print leads it by ``SURE_LEAD``
(:meth:`Identifier._contradicted`). A tigullio C8 outlined a strip short at both ends
(17–18 pixels of its 200) was named S8 at a margin of 0.315, its whole-card score
0.667, while the C8's print led by 0.75 where the two differ (held-out seed 27936). A
view that fits its own art closely has a margin near 0.5 (``vision.reader.DOUBT_MARGIN``
is this too); under it, each look-alike judged with it is compared where their art
differs."""
RIVALS = 3
"""How many runners-up each read is checked against at least (more where they score
within ``SHORTLIST_REACH`` of the best)."""
SHORTLIST_REACH = 0.1
"""How near the best whole-card score a card must score to be judged with the
candidates, past the ``RIVALS`` next-best (:func:`_shortlist`). A design whose number
cards differ only in the corner index (tango_nuevo draws one big pip on each) is
told apart by the fine picture, not the whole card: a tango_nuevo C6 enrolled under a
blue lamp scored 0.77 against its own templates, where the C7, C8, CA and C10 scored
0.79–0.84, and judged without its own card it was named C8 at a margin of 0.45 (the
review's synthetic camera, docs/benchmarks.md). Only cards scoring that near the
best are added, at most ``SHORTLIST_MOST`` in all, so a design whose cards the whole
card tells apart is judged as before; printed art can be judged otherwise too, but
the rendered scenes of seven built-in designs (tango_nuevo among them, seeds
2000–2049) were read the same, read for read."""
SHORTLIST_MOST = 2 * (RIVALS + 1)
"""The most candidates a view is judged among: a blurred face, near every card alike,
would otherwise have all 36 judged, each one's templates fitted."""
Z_SCALE = 0.02
"""Converts the misfit-relative distance to the separation's scale: a read needs
``Z_SCALE``⁻¹ × threshold = 14.5 misfit units (the view's own misfit per number, once
moved) between itself and the midpoint."""
NAME_FLOOR = 0.66
"""Whole-card score below which a card face is never named, however clear its margin:
the wrong reads of calibration matched their own template this poorly — an outline a
few pixels off, the print shifted — and a view that fits no template well is not told
from its look-alikes by the difference of two templates either. It asks more of a black
card (no colour to fit: its score stays under 0.72) than of a red one; a lower floor for
black cards, by score or by the grey part's fit alone, was tried three times and
withdrawn each time: it named a part of a card (cut by the picture's edge, or covered)
as another card (docs/benchmarks.md, the outlines squared)."""
ENROLLED_FLOOR = 0.6
"""``NAME_FLOOR`` for an enrolled deck's templates: they are camera views themselves,
noisy as the view they are compared with, so a well-outlined card scores lower against
them than against printed art (0.62–0.66 for cards named right in the enrollment test).
Checked with ``jassref vision eval --enrolled`` (six built-in designs enrolled through the
guide, three views per card, seeds 2000–2014): 0.6 and 0.66 name the same cards wrong,
so the lower floor costs nothing there; the margin threshold is the art templates'
(docs/benchmarks.md gives the enrolled figures)."""
FINE_WEIGHT = 0.5
"""Weight of the fine descriptor (unit length) beside the whole-card one (about 1)."""
MARGIN_THRESHOLD = 0.29
"""Calibrated with ``NAME_FLOOR`` on rendered scenes, seeds 2000–2049 of six built-in
designs (paris, tango, berlin, anglo_poker, bellot, swiss-xvii), every card the reader
reported (covered ones and phantoms too): no wrong guess that passed the floor there
had a margin above 0.115 (a paris D6 guessed H6, whole-card score 0.665; the next
0.072, then 0.043), and the threshold is 2.5 times that. The factor comes from the
margin before the moved fit: set at 0.15 when no wrong guess there passed 0.099, it
then named 5 tango clubs as spades on seeds 1000–1099. docs/benchmarks.md gives
figures measured on seeds from 3000 never used before."""
RELIT_MARGIN = 0.445
"""The margin an evenly lit view (the second look, :meth:`Identifier.identify`) needs:
2.5 times the largest wrong margin of such views that passed the floor in calibration
(0.178, a paris S9 read C9 against its templates enrolled through the guide; every
card reported on seeds 2000–2049 of the six calibration designs). Against printed art
the largest was 0.012 there, but a review's harder views — a glare spot and a shadow
on one card, or a card partly covered and shaded — had the second look confirm the
first look's wrong guess at 0.29–0.34 (a tigullio H8 read H7, a paris D8 read D7):
past 0.445 none of 1,512 such views was named wrong by it, and on the scenes it names
15 of the 20 cards it named at 0.29."""

ACE_FLOOR = 0.5
"""The least whole-card score of printed art's ace named by its print
(:meth:`Identifier._ace_by_print`) rather than past ``NAME_FLOOR`` and the margin (an
enrolled deck's ace needs ``ENROLLED_FLOOR``, its name floor). On tuning seeds
2000–2099 of thirteen built-in designs, aces seen whole scored 0.44–0.86 against their
own art where the reader left them unnamed, and the views wrongly preferred as an ace
that the margin took for no other card (clubs read as spades) 0.51–0.61, each leading
the ace it was taken for by -0.6 or less; things that are no card, or another card's
part, taken for an ace scored 0.34–0.54."""
ACE_COLOURS = (0.1, 0.4)
"""Print redness (:func:`vision.profile.print_redness`) at or under which an ace's
print is plainly black, and at or over which plainly red, for its colour to tell it
from the aces of the other colour when it is named by its print
(:meth:`Identifier._in_plain_colour`). Every ace read on tuning seeds 2000–2029 of
eleven French designs (tango, berlin, paris, anglo, simplistic, orell, atlasnye,
lattmann, ancient_french, bellot, tango_nuevo), in plain light, under a warm lamp
(blue ×0.45, red ×1.3) and a hotter one (red ×2.0), clipped: black aces measured at
most 0.05, 0.12 and 0.31, red aces at least 0.48, 0.61 and 0.66. The upper bound lies
between black's most and red's least under every lamp; the lower is under every red
ace's, and leaves black aces under a warm lamp (0.1–0.12) to the margin, as before
(docs/benchmarks.md)."""
OUTLINE_SURE = 1.5
"""How far (pixels of the rectified card) the outline of a view named by its small print
alone (``SURE_LEAD``) may lie off its card's template at any corner. Synthetic camera
views of tango and simplistic enrolled with outlines up to 0.5 pixel off and read with
outlines up to 3 pixels off had clubs and spades named as each other this way, leading
by up to 0.87; with this check, far fewer (tests/test_vision_small_print.py). Not none:
simplistic C9 views 1–1.7 pixels off were later found named S9 (3 in 4,500 views drawn
as that property draws them), led there by the one large region spanning several pips,
which one shift cannot align when the outline skews the card, while its three other
regions led as the C9. At 1.0 pixel one such view is still named so (in 3,000), and the
tuning seeds lose 9 right names: not a cure (docs/benchmarks.md)."""
CONTRASTS_KEPT = 2048
"""Contrasts of enrolled look-alikes kept made (:class:`vision.small_print.Contrast`,
about 10 KB each): a deck on the table needs a few hundred, a long evening no more."""

SKEW_SPLIT = 0.16
"""The skew of whole red pips (:func:`vision.profile.red_signs`) between hearts and
diamonds: on rendered scenes of the French designs of gnome-cards-data and
kdegames-card-data, hearts of number cards measured 0.22–0.47 and diamonds 0.0–0.10
(seeds 2000–2019, every card read), except in two designs that draw theirs otherwise
(below). A red number card read as one of a design that keeps to it is named only
when its red print agrees (:func:`_signs_agree`)."""
SKEW_ROOM = 0.06
"""How far a design's own templates of number cards must keep on their sides of
``SKEW_SPLIT`` for its cards to be checked against it. tango_nuevo (hearts 0.12–0.36,
diamonds 0.0–0.24) and kde-ancient-egyptians (0.09–0.10 against 0.06–0.07) do not.
Also how far a view's own pips must lie on its suit's side for the print to rule out
the other red suit (:func:`_ruled_out`): hearts at 0.22 or more, diamonds at 0.10 or
less, the ends of what each measured on the scenes."""


RED_PRINT_LEAST = 0.2
"""The least :func:`vision.profile.print_redness` of a view named a red number card or
ace, of a design that prints its hearts and diamonds in red (:func:`_prints_red`).
Measured with the check off on rendered scenes (seeds 2000–2019 of 18 of the French
designs, every number card and ace named; print against the card's brightest paper, as
first written, rather than the paper nearby): red cards' print 0.48 and over in plain
light and 0.53 and over under a warm lamp that clips the paper's red (blue ×0.45, red
×1.3); black cards' 0.06 and under, and 0.13 and under under that lamp, where 20 of
them were named diamonds (0.065–0.108; 22 of the 24 designs' 3,005 fully visible cards
in ``benchmarks/vision_lamp.py``). Camera views of the art of all 24 under lamps from
plain to clipping red (``tests/test_vision_warm_lamp.py``): red 0.32 and over, black
0.17 and under. A warmer lamp or a brighter exposure raises black print past it (red
×1.8–2.0: 0.25), and black cards are named diamonds there by their colour, which the
shapes of their pips overrule (``GREY_OVERRULES``; docs/benchmarks.md)."""


RED_INK_LIKE = 0.9
"""How much of its design's red number cards' print redness a template must measure for
a read named its card to be checked (:meth:`Identifier._black_print`). Pips and
indices are printed in one red ink, and every red number card and ace of a design
measures alike (orell 0.52–0.54, ornamental 1.00); slavic_costumes' aces are pictures in
several colours (HA 0.62, DA 0.38, its number cards 0.81), and under a shadow's edge or
beside a neighbour's black print their views measured under ``RED_PRINT_LEAST`` (an HA
withheld in plain light on a rendered scene, in an adversarial review)."""

GREY_OVERRULES = 0.0
"""The margin (as :func:`_judge` gives it) by which the fine grey picture alone, moved
to fit, may prefer a card of the other colour and the same rank over the number card
or ace a view is named, before the name is withheld (:meth:`Identifier._overruled`): at
0, any such preference withholds it. The colour then says one card and the shapes of
the pips another: a red card in a picture that lost its colour, or a black one under a
lamp that turned its print reddish, is named by colour against its pips. Measured on
scenes read with the check off (seeds 2000–2009 of tango, simplistic, berlin, anglo,
paris and orell in plain light; the first three under a lamp clipping red, blue ×0.45
and red ×2.0; 5000–5014 of anglo and paris with 3 % of their colour kept): every number
card and ace named right had its grey prefer it by 0.13 or more, every one named wrong
had its grey prefer the card of the other colour by 0.35 or more (18: clubs and spades
as diamonds under the lamp, red aces as black ones without colour). First set at 0.1
and for faces too; a review then found a tango S7 under the lamp (seed 29316) named D7
from an outline a few pixels off, its grey preferring the S7 by 0.046 and 0.088, and
held-out scenes then showed faces named right whose grey preferred the other colour's
(docs/benchmarks.md)."""
GREY_AHEAD = 0.02
"""How far a view's fine grey picture, as it is, must correlate better with its named
card's templates than with those of each card of the other colour and its rank for the
grey not to be fitted at all (:meth:`Identifier._overruled`): there the shapes agree
with the colour already. On the scenes of ``GREY_OVERRULES``, every card named wrong
correlated better with the card of the other colour (by 0.003 to 0.149), and of the
cards named right in plain light about four in five led by more than 0.02 (the median by
0.08), and are not fitted."""

STRAY_AHEAD = 0.05
"""How far a named view's fine grey picture, as it is, must correlate better with its
card's templates than with every stray card of the template's deck (a two to five, a
joker) for the strays not to be fitted at all (:meth:`Identifier._stray`). Measured with
the check off (rendered scenes, seeds 2000–2029 and, with one card of each replaced by
a stray, 30000–30059, of swiss-xvii, ancient_french, anglo, anglo_bitmap, anglo_modern
and atlasnye): 2,872 cards named right led by 0.084 or more; the 8 strays named (a red
four named the six of its suit) trailed their four by 0.137 to 0.206. Enrolled
tango_nuevo's cards named right lead by as little as -0.032 (its number cards differ
only in the index), and are fitted."""
STRAY_RIVALS = 3
"""How many of a deck's stray rows, those its fine picture correlates with best, a view
is fitted against: the four a red six may be, turned either way, and one more."""


class Judgement(NamedTuple):
    """Which card a view fits best among the candidates it was judged with."""

    card: int
    column: int  # its template column that fits the view best
    margin: float  # over the nearest rival
    against: np.ndarray  # per card code, the margin over it; infinite: not judged with


@dataclass(frozen=True)
class Identification:
    card: int | None  # None: abstained
    best_guess: int
    score: float
    margin: float
    confidence: float
    design: str
    floor: float  # the whole-card score below which this read is never named
    doubted: bool = False  # withheld: its outline carried on, squared or moved, or print hidden
    by_print: bool = False  # named by its small print, short of the whole-card margin
    # an enrolled read's small print, where it was judged: box and weights, per region
    print_regions: tuple[Region, ...] = field(default=(), compare=False, repr=False)


class Identifier:
    """Matches rectified cards against one or more deck profiles."""

    def __init__(self, profiles: list[DeckProfile], threshold: float = MARGIN_THRESHOLD):
        if not profiles:
            raise ValueError("no deck profile to identify cards with")
        self.profiles = profiles
        self.threshold = threshold
        cards = np.concatenate([p.cards for p in profiles])
        designs = np.concatenate([[i] * len(p.cards) for i, p in enumerate(profiles)])
        order = np.argsort(cards, kind="stable")  # columns grouped by card code
        self.cards, self.designs = cards[order], designs[order]
        if set(self.cards.tolist()) != set(range(36)):
            raise ValueError("a deck profile must hold all 36 cards")
        self.matrix = np.concatenate([p.descriptors for p in profiles])[order].T.copy()
        self.starts = np.searchsorted(self.cards, np.arange(36))
        self.ends = np.append(self.starts[1:], len(self.cards))
        turns = np.concatenate([np.arange(len(p.cards)) % 2 for p in profiles])
        self.turns = turns[order]  # rows come in pairs: upright, turned half round
        from_art = np.concatenate([[p.from_art] * len(p.cards) for p in profiles])
        self.from_art = from_art[order]
        has_fine = all(p.fine is not None for p in profiles)
        self.fine = np.concatenate([p.fine for p in profiles])[order] if has_fine else None
        self.strays = [p.strays for p in profiles]  # per design: its cards no Jass card
        self.rows = self.matrix.T.copy()  # one template per row, to gather a few
        self.kind = self.designs * 2 + self.turns  # design and turn in one number
        width = int((self.ends - self.starts).max())
        slots = self.starts[:, None] + np.arange(width)
        self.slots = np.minimum(slots, self.ends[:, None] - 1)  # per card, its columns
        self.spare = slots >= self.ends[:, None]  # slots that repeat a card's last column
        self.red_checked = [_checks_red_signs(p) for p in profiles]
        self.aces_checked = [_checks_red_aces(p) for p in profiles]
        self.prints_red = [_prints_red(p) for p in profiles]
        self.red_ink = np.concatenate([_in_red_ink(p) for p in profiles])[order]
        self.rednesses = np.concatenate([_rednesses(p) for p in profiles])[order]
        self._prints = None if self.fine is None else Prints(self.fine)
        art_aces = (self.cards % 9 == ACE) & self.from_art & (self.fine is not None)
        self.ace_prints: dict[int, AcePrint] = {
            column: ace_print(self.fine[column]) for column in np.flatnonzero(art_aces).tolist()
        }
        self._contrast = functools.lru_cache(maxsize=CONTRASTS_KEPT)(self._contrast_of)

    def identify(
        self,
        rectified: list[np.ndarray],
        exclude: list[int] | None = None,
        threshold: float | None = None,
        second_look: bool = True,
        hidden: list[np.ndarray | None] | None = None,
        covered: list[np.ndarray | None] | None = None,
    ) -> list[Identification | None]:
        """One answer per card: ``None`` when it is not a card face at all.

        ``hidden`` gives, per card, where in its fine picture something else may lie
        over it (1; another card, the picture's edge): its small print is judged only
        outside (:meth:`vision.small_print.Contrast.lead`).

        ``covered`` gives, per card, where other cards' outlines (or the picture's
        edge) lie over its fine picture, none of them known to lie beneath it (1). A
        read of printed art named past the margin (one deck read; ``covered`` is not
        used otherwise) must then lead each look-alike whose print that tells them
        apart ``covered`` covers (:meth:`vision.small_print.Contrast.covered_by`) by
        ``LEAD`` with that print left out, or by ``SURE_LEAD`` over its whole view: print
        under another card can read as another card's, so it must read plainly as the
        card's own (a card lying on top shows its own), and a card beneath can show
        enough elsewhere.

        ``threshold`` is the margin a card needs to be named, when not the identifier's
        own: views of which part is guessed rather than seen need more. Without
        ``second_look``, an unnamed face is not looked at again in even light (below): a
        caller trying many outlines of one card has the one it keeps looked at again.

        ``exclude`` gives, per card, a set of cards (bitmask) it cannot be — cards
        already played, say, which only the referee knows: they are neither named nor
        counted as rivals, so a card whose nearest look-alike is gone can be named.

        A face that is not named is looked at once more with its paper evenly lit
        (:func:`vision.shading.evenly_lit`): a card half in a shadow. It is named if
        it then can be, and only as the card it already looked most like: the second
        look confirms a guess, it never overturns one (on the enrolled calibration
        scenes, 5 relit views came out another card than the first look's guess: a view
        and its relit self that disagree confirm neither). Only unnamed faces are looked at
        again: the lifting costs time, and a read that stands needs no confirming.
        A card named so carries the score and margin of its relit view.
        """
        answers = self._identify(rectified, exclude, threshold, hidden=hidden, covered=covered)
        if not second_look:
            return answers
        shaded = [i for i, a in enumerate(answers) if a is not None and a.card is None]
        if shaded:
            again = self._identify(
                [evenly_lit(rectified[i]) for i in shaded],
                None if exclude is None else [exclude[i] for i in shaded],
                threshold,
                relit=True,
                hidden=None if hidden is None else [hidden[i] for i in shaded],
                covered=None if covered is None else [covered[i] for i in shaded],
            )
            for i, answer in zip(shaded, again, strict=True):
                if answer is not None and answer.card == answers[i].best_guess:
                    answers[i] = answer
        return answers

    def _identify(
        self,
        rectified: list[np.ndarray],
        exclude: list[int] | None,
        threshold: float | None,
        relit: bool = False,
        hidden: list[np.ndarray | None] | None = None,
        covered: list[np.ndarray | None] | None = None,
    ) -> list[Identification | None]:
        """:meth:`identify`'s answers for the views as they are; ``relit`` views are
        named only past ``RELIT_MARGIN``."""
        if not rectified:
            return []
        query, greys = coarse_views(rectified)
        raw = query @ self.matrix
        answers: list[Identification | None] = []
        per_cards = np.maximum.reduceat(raw, self.starts, axis=1)
        faces = per_cards.max(axis=1) >= FACE_FLOOR
        described = zip(query, greys, faces, strict=True)
        views = [fine_view(q, grey) if face else None for q, grey, face in described]
        if exclude is not None:
            codes = np.arange(36)
            for per_card, mask in zip(per_cards, exclude, strict=True):
                per_card[(mask >> codes) & 1 == 1] = -np.inf
        hides = [None] * len(views) if hidden is None else hidden
        covers = [None] * len(views) if covered is None else covered
        for card_bgr, view, row, per_card, face, hide, cover in zip(
            rectified, views, raw, per_cards, faces, hides, covers, strict=True
        ):
            order = _ranked(per_card) if face else []
            if not order:
                answers.append(None)
                continue
            judged = self._judge(view, row, _shortlist(order, per_card))
            best, top, margin = judged.card, judged.column, judged.margin
            score = float(per_card[best])
            floor = NAME_FLOOR if self.from_art[top] else ENROLLED_FLOOR
            if score < floor:
                margin = 0.0
            needed = self.threshold if threshold is None else threshold
            needed = max(needed, RELIT_MARGIN) if relit else needed
            if score >= floor and self._checked(best, top):
                judged = self._weigh_print(card_bgr, view, row, per_card, order, judged, needed)
                top, margin = judged.column, judged.margin
            elif margin >= needed and self._ace_checked(best, top):
                margin = 0.0 if _contradicts(red_signs(card_bgr), best) else margin
            named = margin >= needed
            leading: tuple[Contrast, ...] | None = None
            small_print = not self.from_art[top] and self.fine is not None
            cover = cover if self._art_print(top) else None
            judged_in_part = hide is not None or cover is not None
            if named and (small_print or (judged_in_part and self._art_print(top))):
                leading = self._leads(view, judged, needed, LEAD, hide, cover)
                named = leading is not None
                margin = margin if named else 0.0
            elif named and margin < PRINT_DOUBT_MARGIN and self._art_print(top):
                named = not self._contradicted(view, judged)
                margin = margin if named else 0.0
            elif small_print and threshold is None and not relit and margin > 0:
                leading = self._sure_by_print(view, judged, hide)
                named = leading is not None
            if small_print and not named and margin > 0 and threshold is None and not relit:
                instead = self._look_alike_by_print(card_bgr, view, per_card, judged, hide)
                if instead is not None:
                    best, top, leading = instead
                    margin, named, score = 0.0, True, float(per_card[best])
            if (
                not named
                and self.one_deck
                and self.fine is not None
                and threshold is None
                and not relit
            ):
                by_art = margin > 0 and self.from_art[top]
                leading = self._art_by_print(card_bgr, view, judged, hide) if by_art else None
                if leading is None:
                    leading = self._ace_by_print(card_bgr, view, per_card, judged, hide)
                named = leading is not None
            if named and self._black_print(card_bgr, best, top):
                named, margin = False, 0.0
            if named and self._overruled(view, row, best):
                named, margin = False, 0.0
            if named and self._stray(view, row, best, top):
                named, margin = False, 0.0
            if named and self._unlike_ace(view, top):
                named, margin = False, 0.0
            answers.append(
                Identification(
                    card=best if named else None,
                    best_guess=best,
                    score=score,
                    margin=margin,
                    confidence=confidence(max(margin, needed) if named else margin, needed),
                    design=self.profiles[int(self.designs[top])].name,
                    floor=floor,
                    by_print=named and margin < needed,
                    print_regions=_print_regions(leading or ()),
                )
            )
        return answers

    def _leads(
        self,
        view: View,
        judged: Judgement,
        needed: float,
        lead: float,
        hidden: np.ndarray | None = None,
        covered: np.ndarray | None = None,
    ) -> tuple[Contrast, ...] | None:
        """The contrasts by which a view ``judged`` from an enrolled template leads by
        ``lead`` each rival of its colour it was judged against, where the two cards'
        templates of that deck differ (:class:`vision.small_print.Contrast`); ``None``
        where it does not: enrolled templates carry their views' noise, which the
        whole-card margin cannot tell from small print. A rival of the other colour is
        told apart by colour, which the grey small print cannot see: the margin must put
        it ``needed`` behind. Where ``covered`` is given (:meth:`identify`), only the
        rivals whose telling print it covers are judged, each led by ``lead`` with
        what it covers left out or by ``SURE_LEAD`` over the whole view."""
        card, top = judged.card, judged.column
        own = self._turned(view.fine, card, top)
        leading = []
        for rival in np.flatnonzero(np.isfinite(judged.against)).tolist():
            if not _alike(rival, card):
                if judged.against[rival] >= needed:
                    continue
                return None
            contrast = self._contrast_against(own, rival, top)
            if covered is not None and not contrast.covered_by(covered):
                continue
            if covered is None:
                if contrast.lead(view.fine, hidden) < lead:
                    return None
            elif (
                contrast.lead(view.fine, covered) < lead
                and contrast.lead(view.fine, hidden) < SURE_LEAD
            ):
                return None
            leading.append(contrast)
        return tuple(leading)

    def _contradicted(self, view: View, judged: Judgement) -> bool:
        """Whether a look-alike judged with a view of printed art leads it by
        ``SURE_LEAD`` where their art differs (:meth:`_leads`' contrasts): the print
        plainly says the other card, as it names one read by its print alone."""
        own = self._turned(view.fine, judged.card, judged.column)
        return any(
            self._contrast_against(own, rival, judged.column).lead(view.fine) <= -SURE_LEAD
            for rival in np.flatnonzero(np.isfinite(judged.against)).tolist()
            if _alike(rival, judged.card)
        )

    def _look_alike_by_print(
        self,
        card_bgr: np.ndarray,
        view: View,
        per_card: np.ndarray,
        judged: Judgement,
        hidden: np.ndarray | None,
    ) -> tuple[int, int, tuple[Contrast, ...]] | None:
        """The look-alike a view of an enrolled deck is named as, with its template
        column and contrasts, where the whole card prefers another card of its colour
        by less than the margin and the small print says the look-alike as surely as a
        name by print alone asks: of the cards of the preferred one's colour judged with
        it, exactly one is within the margin of it, scores past the floor, fits its
        template (``OUTLINE_SURE``), leads each other one (the preferred among them) by
        ``SURE_LEAD`` where the two differ, and has its red print agree where that is
        checked (:meth:`_weigh_print`); and the margin puts each card of the other
        colour judged past the threshold.

        Two number cards of one suit that differ in a row of pips (tango_nuevo's H8
        and H9, S6 and S8) differ in their enrolled templates as much by each view's
        light and blur as by that row, and the whole card can prefer the wrong one: on
        tuning seeds 2000–2049 (29 designs enrolled), 16 fully visible cards left
        unnamed were preferred as a look-alike that led them by -0.5 or less there, 6
        of them with an outline fitting their own template. ``None`` where any of that
        fails: this names only the card the print says (docs/benchmarks.md)."""
        preferred = judged.card
        judged_with = np.flatnonzero(np.isfinite(judged.against)).tolist()
        same = [preferred] + [c for c in judged_with if _alike(c, preferred)]
        if any(judged.against[c] < self.threshold for c in judged_with if c not in same):
            return None
        found = []
        for card in same[1:]:
            if (
                judged.against[card] >= self.threshold
                or per_card[card] < ENROLLED_FLOOR
                or not self._outline_sure(view, card)
            ):
                continue
            own = self._turned(view.fine, card, judged.column)
            contrasts = tuple(
                self._contrast_against(own, rival, judged.column) for rival in same if rival != card
            )
            if all(c.lead(view.fine, hidden) >= SURE_LEAD for c in contrasts):
                found.append((card, own[0], contrasts))
        if len(found) != 1:
            return None
        card, column, _ = found[0]
        if self._checked(card, column) and not _signs_agree(red_signs(card_bgr), card):
            return None
        if self._ace_checked(card, column) and _contradicts(red_signs(card_bgr), card):
            return None
        return found[0]

    def _sure_by_print(
        self, view: View, judged: Judgement, hidden: np.ndarray | None
    ) -> tuple[Contrast, ...] | None:
        """The contrasts by which a view the whole card prefers short of the margin (at
        the identifier's own threshold) is named by its print alone: its outline fits
        its card's template (``OUTLINE_SURE``) and it leads each rival of its colour by
        ``SURE_LEAD`` (:meth:`_leads`); ``None`` otherwise."""
        if not self._outline_sure(view, judged.card):
            return None
        return self._leads(view, judged, self.threshold, SURE_LEAD, hidden)

    def _art_by_print(
        self,
        card_bgr: np.ndarray,
        view: View,
        judged: Judgement,
        hidden: np.ndarray | None,
    ) -> tuple[Contrast, ...] | None:
        """The contrasts by which a view of printed art, past the name floor but short of
        the margin, is named by its print as an enrolled one is (:meth:`_sure_by_print`:
        its outline fits, it leads each card of its colour, the margin puts each card of
        the other colour past the threshold), where its red print agrees too where that
        is checked. ``None`` otherwise."""
        card, top = judged.card, judged.column
        leading = self._sure_by_print(view, judged, hidden)
        if leading is None:
            return None
        if self._checked(card, top) and not _signs_agree(red_signs(card_bgr), card):
            return None
        if self._ace_checked(card, top) and _contradicts(red_signs(card_bgr), card):
            return None
        return leading

    def _ace_by_print(
        self,
        card_bgr: np.ndarray,
        view: View,
        per_card: np.ndarray,
        judged: Judgement,
        hidden: np.ndarray | None,
    ) -> tuple[Contrast, ...] | None:
        """The contrast by which a view of an ace, printed art's or an enrolled deck's, left
        unnamed, is named by its print: the whole card prefers an ace scoring at least
        ``ACE_FLOOR`` (``ENROLLED_FLOOR`` for an enrolled deck), the margin puts every card
        judged with it past the threshold but the other ace of its colour (or the aces of
        the other colour too, where its print plainly shows its colour:
        :meth:`_in_plain_colour`), and the view
        leads that ace by ``SURE_LEAD`` where the two templates differ (the big sign, the
        corner indices; :mod:`vision.small_print`). Only where the identifier reads one deck
        (:attr:`one_deck`): a deck never seen, read among all the built-in designs, is
        printed otherwise than either template, and kde-tigullio-international's SA, so
        read, led another design's CA (held-out seed 19006). A red ace of a design whose
        aces keep to ``SKEW_SPLIT`` must not skew clearly as the other red suit
        (:func:`_contradicts`). ``None`` otherwise.

        An ace is paper with one sign: a shadow's edge or a neighbour's corner over it
        weighs as much in its whole-card descriptor as its print does, so a plainly
        seen ace scores under ``NAME_FLOOR`` (black aces 0.55–0.66 on tuning seeds
        2000–2099) and its margin over the other ace of its colour, which differs in
        that one sign, falls short, while no other card comes near. Aces were about
        half of the built-in designs' abstentions there (docs/benchmarks.md). An
        enrolled deck's aces fare alike against its camera-view templates: on tuning
        seeds 2000–2049, 8 of the 9 fully visible cards enrolled simplistic and
        anglo_modern left unnamed were aces scoring 0.55–0.9. They must score past
        ``ENROLLED_FLOOR`` (4 of them do, and are named so, none wrong): another
        design's black aces, read with an enrolled deck, scored 0.52–0.62 against it,
        and past ``ACE_FLOOR`` 21 of them in 16,000 synthetic views led as the other
        black ace (a review, docs/benchmarks.md); past ``ENROLLED_FLOOR``, 3. Their
        outline is not asked to fit as an enrolled card named by its print alone is
        (``OUTLINE_SURE``): an ace's big sign, aligned by itself, does not move with the
        outline as a row of pips does, and every ace so named there was one whose
        outline did not fit."""
        ace = judged.card
        floor = ACE_FLOOR if self.from_art[judged.column] else ENROLLED_FLOOR
        if ace % 9 != ACE or per_card[ace] < floor:
            return None
        judged_with = np.flatnonzero(np.isfinite(judged.against)).tolist()
        twins = [c for c in judged_with if c % 9 == ACE and _alike(c, ace)]
        if len(twins) != 1:
            return None
        near = [c for c in judged_with if c != twins[0] and judged.against[c] < self.threshold]
        if near and not (
            all(c % 9 == ACE for c in near) and self._in_plain_colour(card_bgr, ace, judged)
        ):
            return None
        own = self._turned(view.fine, ace, judged.column)
        contrast = self._contrast_against(own, twins[0], judged.column)
        if contrast.lead(view.fine, hidden) < SURE_LEAD:
            return None
        if self._ace_checked(ace, judged.column) and _contradicts(red_signs(card_bgr), ace):
            return None
        return (contrast,)

    def _in_plain_colour(self, card_bgr: np.ndarray, ace: int, judged: Judgement) -> bool:
        """Whether a view judged the ``ace`` of a design that prints its hearts and
        diamonds red (:func:`_prints_red`) shows print plainly of the ace's colour, as
        its template does: print redness (:func:`vision.profile.print_redness`) at or
        over the upper of ``ACE_COLOURS`` for a red ace, at or under the lower for a
        black one. The aces of the other colour are then told from it by colour, which
        the whole-card margin weighs with everything else in view: a red ace with a
        hand over its end (tuning seed 2031, four designs) and a black one (lattmann's
        SA, seed 2061) had an ace of the other colour within the margin, while their
        print led the other ace of their colour by 0.7–1.0 where the two differ."""
        design = int(self.designs[judged.column])
        if not self.prints_red[design]:
            return False
        black, red = ACE_COLOURS
        measured = (float(self.rednesses[judged.column]), print_redness(card_bgr))
        if ace // 9 in (HEARTS, DIAMONDS):
            return all(m >= red for m in measured)
        return all(m <= black for m in measured)

    def _outline_sure(self, view: View, card: int) -> bool:
        """Whether a view's outline fits its card's template to within ``OUTLINE_SURE``
        at every corner (:meth:`outline_moves`): a view cut on an outline pixels off
        shows each region of small print moved and skewed, where a look-alike's can fit
        as well as its own (docs/benchmarks.md)."""
        return bool(np.abs(self._outline_moves(view, card)).max() <= OUTLINE_SURE)

    def _contrast_against(self, own: tuple[int, ...], rival: int, top: int) -> Contrast:
        """The contrast of a card's templates ``own`` (fine rows, turned as the view
        lies, :meth:`_turned`) with the card ``rival``'s in the design of column
        ``top``, turned as the card's own templates lie."""
        like = self.fine[list(own)].mean(axis=0)
        return self._contrast(own, self._turned(like, rival, top))

    def _contrast_of(self, own: tuple[int, ...], rival: tuple[int, ...]) -> Contrast:
        """The contrast of two cards' templates (fine rows ``own`` and ``rival``); kept
        (``CONTRASTS_KEPT``, as ``_contrast``): a card lying on the table is judged
        against its rivals every frame."""
        return Contrast.of(self._prints, own, rival)

    def _turned(self, fine: np.ndarray, card: int, top: int) -> tuple[int, ...]:
        """The fine rows of ``card``'s templates in the design of column ``top``, each
        of its views in the turn (upright or half round) that fits the fine picture
        ``fine`` better. A rival is turned as the card's own templates lie, not as the
        view: a face drawn once, not mirrored (kde-ancient-egyptians), differs from
        itself turned round far more than from its look-alike, and a view cut short by
        the picture's edge can fit either turn of a card."""
        columns = np.arange(self.starts[card], self.ends[card])
        pairs = columns[self.designs[columns] == self.designs[top]].reshape(-1, 2)
        turn = np.argmax(self.fine[pairs] @ fine, axis=1)
        return tuple(int(c) for c in pairs[np.arange(len(pairs)), turn])

    def _weigh_print(
        self,
        card_bgr: np.ndarray,
        view: View,
        row: np.ndarray,
        per_card: np.ndarray,
        order: list[int],
        judged: Judgement,
        needed: float,
    ) -> Judgement:
        """A red number card ``judged`` (:meth:`_checked`, above the floor) once its red
        print is weighed: under the margin, reading one deck, it is judged again without
        the red suit its pips rule out (:func:`_ruled_out`), where a rival is left;
        named so, it keeps the name only where its print agrees (:func:`_signs_agree`);
        otherwise its margin is 0."""
        best = judged.card
        signs = None
        if judged.margin < needed and self.one_deck:
            signs = red_signs(card_bgr)
            ruled = _ruled_out(signs, best)
            rest = (
                [] if ruled is None else _shortlist([o for o in order if o // 9 != ruled], per_card)
            )
            if len(rest) > 1:
                again = self._judge(view, row, rest)
                if again.card == best:
                    judged = again
        if judged.margin >= needed:
            signs = red_signs(card_bgr) if signs is None else signs
            if not _signs_agree(signs, best):
                judged = judged._replace(margin=0.0)
        return judged

    def _art_print(self, top: int) -> bool:
        """Whether a read from template column ``top`` is of printed art whose small
        print can be judged (one deck read, its fine templates kept): a view of which
        part is ``hidden`` (:meth:`identify`) is then named only where its print seen
        leads each look-alike as an enrolled read's must (:meth:`_leads`). The
        whole card counts the part unseen too: beyond the picture's edge, the
        picture's last pixels drawn out, which can fit another card's print there."""
        return self.from_art[top] and self.one_deck and self.fine is not None

    @property
    def one_deck(self) -> bool:
        """Whether the identifier reads one deck only, taken to be the one on the table
        (module docstring)."""
        return len(self.profiles) == 1

    def _checked(self, card: int, top: int) -> bool:
        """Whether a view named ``card`` from template column ``top`` is checked
        against its red print: a red number card of a design whose hearts and diamonds
        keep to ``SKEW_SPLIT``. Black cards are not: a red card lying over one puts red
        print inside it, and some designs frame their black cards in red (ornamental)."""
        red = card // 9 in (HEARTS, DIAMONDS)
        return red and card % 9 <= TEN and self.red_checked[int(self.designs[top])]

    def _ace_checked(self, card: int, top: int) -> bool:
        """Whether a view named ``card`` from template column ``top`` is a red ace of a
        design whose red aces keep to ``SKEW_SPLIT`` (:func:`_checks_red_aces`)."""
        red = card // 9 in (HEARTS, DIAMONDS)
        return red and card % 9 == ACE and self.aces_checked[int(self.designs[top])]

    def _black_print(self, card_bgr: np.ndarray, card: int, top: int) -> bool:
        """Whether a view named ``card`` from template column ``top``, a red number card
        or ace of a design that prints them red (:func:`_prints_red`), shows print
        plainly not red (:func:`vision.profile.print_redness` under
        ``RED_PRINT_LEAST``): a black card under a lamp whose warmth the white balance
        could not take out. Faces are not checked, nor an ace whose template's print is
        not its design's red ink alone (:func:`_in_red_ink`): their pictures hold other
        colours."""
        red = card // 9 in (HEARTS, DIAMONDS)
        plain = card % 9 <= TEN or card % 9 == ACE
        if not (red and plain and self.prints_red[int(self.designs[top])] and self.red_ink[top]):
            return False
        return print_redness(card_bgr) < RED_PRINT_LEAST

    def _overruled(self, view: View, row: np.ndarray, card: int) -> bool:
        """Whether the fine grey picture of a view named ``card`` (its whole-card scores
        per template ``row``), alone and moved to fit (:func:`_judge`), prefers a card
        of the other colour and the same rank by ``GREY_OVERRULES``: the view's colour
        named it, and the shapes of its print say another card. The cards are fitted
        with the templates they would be judged on (:meth:`_columns`), unless the
        view's fine picture, unmoved, correlates better with the card's templates than
        with each other's by ``GREY_AHEAD``. Faces are not checked: some designs draw a
        red and a black one nearly alike, and in grey a tango_nuevo SJ named right
        preferred the DJ by 0.26 (held-out seed 28286). Nor is a profile without fine
        rows (an older enrollment)."""
        rank = card % 9
        if self.fine is None or TEN < rank < ACE:
            return False
        rivals = [suit * 9 + rank for suit in SUITS if not _alike(suit * 9 + rank, card)]
        own, *others = (
            float((self.fine[self.starts[c] : self.ends[c]] @ view.fine).max())
            for c in (card, *rivals)
        )
        if own - max(others) >= GREY_AHEAD:
            return False
        columns = self._columns(view, row, [card, *rivals])
        cards = self.cards[columns]
        best, margins = _judge([], (self.fine[columns] - view.fine, *view.moves), cards)
        return int(cards[best]) != card and float(margins[cards == card].min()) >= GREY_OVERRULES

    def _stray(self, view: View, row: np.ndarray, card: int, top: int) -> bool:
        """Whether a view named ``card`` from template ``top`` may be a card of that
        template's deck that is no Jass card (:attr:`vision.profile.DeckProfile.strays`:
        a two to five, a joker): its fine grey picture, moved to fit (:func:`_judge`),
        prefers one of the ``STRAY_RIVALS`` strays it correlates with best over the
        card. Not fitted where the picture, unmoved, correlates better with the card's
        templates than with every stray by ``STRAY_AHEAD``. A profile without strays
        (an enrollment without ``--strays``, an older one) is not checked.

        Any preference withholds the name. On the scenes of ``STRAY_AHEAD``, right
        reads preferred their card by a margin of 0.241 or more, the strays named
        preferred their four by 0.454 or more. A deck enrolled from camera views leads
        by less: enrolled tango_nuevo, whose number cards differ only in the index,
        named 199 cards right on seeds 2000–2039 (a stray each) by 0.056 or more, where
        its two strays named (twos as sevens) preferred the two by 0.468 or more; a bar
        of 0.1 withheld four of those right reads (docs/benchmarks.md)."""
        strays = self.strays[int(self.designs[top])]
        if strays is None or self.fine is None:
            return False
        near = strays @ view.fine
        own = float((self.fine[self.starts[card] : self.ends[card]] @ view.fine).max())
        if own - float(near.max()) >= STRAY_AHEAD:
            return False
        columns = self._columns(view, row, [card])
        nearest = np.argsort(near)[-STRAY_RIVALS:]
        rows = np.concatenate([self.fine[columns], strays[nearest]])
        cards = np.concatenate([self.cards[columns], np.full(len(nearest), -1)])
        best, _ = _judge([], (rows - view.fine, *view.moves), cards)
        return int(cards[best]) != card

    def _unlike_ace(self, view: View, top: int) -> bool:
        """Whether a view named an ace from template column ``top``, of printed art,
        misfits both the sign and the corner indices its template prints
        (:mod:`vision.ace_print`): paper with a numeral written on it, big in the
        middle and small in a corner, fits an ace's whole card past the margin. An
        enrolled deck's aces are not checked: their templates are camera views, noisy
        as the view, and were not measured so. One least-squares fit, about 0.4 ms per
        view named an ace (a sixth of identifying it), so only named aces are checked."""
        where = self.ace_prints.get(top)
        return where is not None and unlike_its_print(view, self.fine[top], where)

    def unexplained(self, rectified: np.ndarray, card: int) -> np.ndarray | None:
        """Per pixel of a view's fine picture, what the template of ``card`` its fine
        picture correlates with best leaves unexplained once the view is moved to fit
        it (:func:`vision.profile.unexplained`), in grey levels (squared) of the view's
        picture, so that two views of the same pixels compare; ``None`` for profiles
        without fine rows (an older enrollment)."""
        if self.fine is None:
            return None
        view = describe_view(rectified)
        return unexplained(view, self._nearest_template(view, card)) / view.fine_scale**2

    def outline_moves(self, rectified: np.ndarray, card: int) -> np.ndarray | None:
        """How far each corner of the outline a card was rectified from should move
        (4×2, pixels of the rectified card) for its view to fit the template of
        ``card`` its fine picture correlates with best: a least-squares move as
        :func:`_judge` fits, along the perspective warp's own motions of the outline's
        corners (:func:`vision.profile.view_moves`). ``None`` for profiles without
        fine rows (an older enrollment).

        Linear in the move, so true for moves about the fine picture's blur; the
        caller bounds it."""
        if self.fine is None:
            return None
        return self._outline_moves(describe_view(rectified), card)

    def _outline_moves(self, view: View, card: int) -> np.ndarray:
        """:meth:`outline_moves` of a view described."""
        template = self._nearest_template(view, card)
        rows, gram = view_moves(view, perspective=True)
        along = (rows @ (template - view.fine)).astype(np.float64)
        coefficients = np.linalg.solve(_regularised(gram), along)
        return np.stack([coefficients[:4], coefficients[4:8]], axis=1)

    def _nearest_template(self, view: View, card: int) -> np.ndarray:
        """The fine row of ``card`` (any design, either turn) a view's fine picture
        correlates with best."""
        templates = self.fine[self.starts[card] : self.ends[card]]
        return templates[int(np.argmax(templates @ view.fine))]

    def _judge(self, view: View, row: np.ndarray, candidates: list[int]) -> Judgement:
        """The best card among the whole-card descriptors' few best ``candidates``:
        each candidate's templates (see :meth:`_columns`) are fitted to the view moved
        (see :func:`_judge`)."""
        columns = self._columns(view, row, candidates)
        colour = self.rows[columns, _GREY:] - view.descriptor[_GREY:]
        cards = self.cards[columns]
        if self.fine is None:  # no fine rows (an older enrollment): the coarse grey, unmoved
            grey = self.rows[columns, :_GREY] - view.descriptor[:_GREY]
            best, margins = _judge([colour, grey], None, cards)
        else:
            moving = (self.fine[columns] - view.fine, *view.moves)
            best, margins = _judge([colour], moving, cards)
        against = np.full(36, np.inf)
        np.minimum.at(against, cards, margins)
        margin = float(against.min()) if np.isfinite(against).any() else 1.0
        return Judgement(int(cards[best]), columns[best], margin, against)

    def _columns(self, view: View, row: np.ndarray, candidates: list[int]) -> list[int]:
        """The templates the ``candidates`` are judged on: each one's best on the
        whole-card and the fine descriptors together (the fine picture tells apart
        cards the coarse one barely does: a club or a spade drawn small in one
        colour), its best on the whole-card one, and its best in the design and turn
        of the best of all. Against a rival of another design, a difference also
        counts everything in which the two designs differ, which says nothing about
        which card this is; within one design, only what tells the two cards apart
        counts (when reading a design not among the profiles, the look-alike in the
        best-fitting design is the rival to beat)."""
        slots, spare = self.slots[candidates], self.spare[candidates]
        plain = np.where(spare, -np.inf, row[slots])
        both = plain
        if self.fine is not None:
            qf = view.fine * FINE_WEIGHT
            fine = np.zeros(slots.shape, np.float32)  # the spare slots are -inf anyway
            for line, c in enumerate(candidates):  # slices: no copy of the fine rows
                start, end = self.starts[c], self.ends[c]
                fine[line, : end - start] = self.fine[start:end] @ qf
            both = plain + fine
        lines = np.arange(len(candidates))
        picks = slots[lines, np.argmax(both, axis=1)]
        top = picks[np.argmax(both.max(axis=1))]
        same = np.where(self.kind[slots] == self.kind[top], plain, -np.inf)
        kin = np.argmax(same, axis=1)
        found = same[lines, kin] > -np.inf
        chosen = {*picks, *slots[lines, np.argmax(plain, axis=1)], *slots[lines[found], kin[found]]}
        return sorted(int(k) for k in chosen)


def _alike(card: int, other: int) -> bool:
    """Whether two cards are printed in one colour (both red or both black): only such
    look-alikes are checked where their templates differ
    (:meth:`Identifier._leads`), whose fine pictures are grey. A red and a black card
    the whole-card descriptor's colour tells apart; in grey a diamond's jack and a
    spade's, in kde-ancient-egyptians, differ too little to say either (on tuning seeds
    2000–2029, 3 of its right reads led the other colour's jack or ace by less than
    ``LEAD``)."""
    return (card // 9 in (HEARTS, DIAMONDS)) == (other // 9 in (HEARTS, DIAMONDS))


def _print_regions(contrasts: tuple[Contrast, ...]) -> tuple[Region, ...]:
    """The regions of a view's fine picture where its card's templates differ from
    each look-alike's (``contrasts``, as :meth:`Identifier._leads` judged them): all an
    enrolled read's name rests on, beside the whole card."""
    return tuple((inside, where) for c in contrasts for inside, _, _, where in c.regions)


def _ranked(per_card: np.ndarray) -> list[int]:
    """The cards by a view's whole-card score ``per_card``, best first, but those
    excluded (scored minus infinity)."""
    ranked = np.argsort(per_card)[::-1]
    return ranked[per_card[ranked] > -np.inf].tolist()


def _shortlist(order: list[int], per_card: np.ndarray) -> list[int]:
    """The cards a view is judged among, from ``order`` (cards by their whole-card
    score ``per_card``, best first): the ``RIVALS`` + 1 best, and any further card
    within ``SHORTLIST_REACH`` of the best, up to ``SHORTLIST_MOST``. A card left out
    is no rival, so the margin only means something when the view's own card is
    among them. ``order`` is never empty (a view no card can be is not judged)."""
    near = per_card[order] >= per_card[order[0]] - SHORTLIST_REACH
    return order[: min(max(RIVALS + 1, int(near.sum())), SHORTLIST_MOST)]


def confidence(margin: float, needed: float) -> float:
    """The confidence reported with a read of ``margin`` where ``needed`` names a card
    (module docstring): 0.5 at the line, 0 without a margin."""
    return margin / (margin + needed) if margin > 0 else 0.0


def _checks_red_signs(profile: DeckProfile) -> bool:
    """Whether a profile's hearts and diamonds (number cards) keep to ``SKEW_SPLIT``
    (:func:`_keeps_to_split`) with at least half the templates of each red suit
    measured: an enrolled view whose blur runs the pips of a 10 together has none."""
    return _keeps_to_split(profile, profile.cards % 9 <= TEN, least_measured=0.5)


def _checks_red_aces(profile: DeckProfile) -> bool:
    """Whether a profile's red aces keep to ``SKEW_SPLIT`` (:func:`_keeps_to_split`),
    each of their templates measured. Of the built-in designs, ancient_french (its HA
    0.15), ornamental, slavic_costumes, tango and tango_nuevo (their DA 0.14-0.30) do
    not, nor neoclassical and plastic, whose aces show no whole pip."""
    return _keeps_to_split(profile, profile.cards % 9 == ACE, least_measured=1.0)


def _prints_red(profile: DeckProfile) -> bool:
    """Whether a profile's hearts and diamonds are printed red: French, and the median
    :func:`vision.profile.print_redness` of each red suit's number-card templates
    reaches ``RED_PRINT_LEAST`` (version 8). Every French design built in does; a deck
    printing its diamonds blue (four colours), enrolled, does not, and its cards'
    print is then not asked to be red (:meth:`Identifier._black_print`). A profile
    made before version 8 (an earlier enrollment) is taken as printed red where at
    least half of each red suit's number-card templates show red pips
    (:func:`vision.profile.red_signs`, version 5): blue pips pass that test too (blue
    lies on the red side of Lab's *a*), so a four-colour deck enrolled before then has
    its blue diamonds left unnamed, never misnamed, until enrolled again."""
    if profile.style != "french":
        return False
    if profile.rednesses is not None:
        measured = [_number_rednesses(profile, (suit,)) for suit in (HEARTS, DIAMONDS)]
        return all(len(m) > 0 and float(np.median(m)) >= RED_PRINT_LEAST for m in measured)
    if profile.skews is None:
        return False
    rows = [_number_rows(profile, (suit,)) for suit in (HEARTS, DIAMONDS)]
    return all(float(np.isfinite(profile.skews[row]).mean()) >= 0.5 for row in rows)


def _rednesses(profile: DeckProfile) -> np.ndarray:
    """Per template row, its print redness; NaN where not measured (a profile before
    version 8): such a row's print is taken as of no plain colour."""
    if profile.rednesses is None:
        return np.full(len(profile.cards), np.nan, np.float32)
    return profile.rednesses


def _in_red_ink(profile: DeckProfile) -> np.ndarray:
    """Per template row, whether its print redness reaches ``RED_INK_LIKE`` of the
    median over the profile's red number cards' templates: printed in the design's red
    ink alone, as pips and indices are. All rows of a profile without rednesses (before
    version 8)."""
    every = np.ones(len(profile.cards), bool)
    if profile.rednesses is None:
        return every
    measured = _number_rednesses(profile, (HEARTS, DIAMONDS))
    if not len(measured):
        return every
    return profile.rednesses >= RED_INK_LIKE * float(np.median(measured))


def _number_rows(profile: DeckProfile, suits: tuple[int, ...]) -> np.ndarray:
    """Which of a profile's template rows are of number cards (6 to 10) of ``suits``."""
    return np.isin(profile.cards // 9, suits) & (profile.cards % 9 <= TEN)


def _number_rednesses(profile: DeckProfile, suits: tuple[int, ...]) -> np.ndarray:
    """The print rednesses measured (not NaN) of a profile's number cards of ``suits``."""
    values = profile.rednesses[_number_rows(profile, suits)]
    return values[np.isfinite(values)]


def _keeps_to_split(profile: DeckProfile, ranks: np.ndarray, least_measured: float) -> bool:
    """Whether a profile's templates of hearts and diamonds among ``ranks`` (a mask of
    its rows) keep ``SKEW_ROOM`` on their sides of ``SKEW_SPLIT``: French, with skews
    (version 5), of each red suit some templates and at least ``least_measured`` of
    them measured, and all of those measured on their side."""
    if profile.style != "french" or profile.skews is None:
        return False
    suits = profile.cards // 9
    hearts = profile.skews[ranks & (suits == HEARTS)]
    diamonds = profile.skews[ranks & (suits == DIAMONDS)]
    measured = [skews[~np.isnan(skews)] for skews in (hearts, diamonds)]
    return bool(
        all(
            len(m) >= least_measured * len(s) and len(s) > 0
            for m, s in zip(measured, (hearts, diamonds), strict=True)
        )
        and np.all(measured[0] >= SKEW_SPLIT + SKEW_ROOM)
        and np.all(measured[1] <= SKEW_SPLIT - SKEW_ROOM)
    )


def _clear_suit(signs: RedSigns) -> int | None:
    """The red suit a view's whole pips say clearly, ``SKEW_ROOM`` past ``SKEW_SPLIT``
    on its side (hearts lopsided, diamonds balanced); ``None`` where they say neither
    clearly, or there are none."""
    if signs.ink == 0 or np.isnan(signs.skew):
        return None
    if signs.skew >= SKEW_SPLIT + SKEW_ROOM:
        return HEARTS
    if signs.skew <= SKEW_SPLIT - SKEW_ROOM:
        return DIAMONDS
    return None


def _contradicts(signs: RedSigns, card: int) -> bool:
    """Whether the whole pips of a view named ``card`` (a red ace) say the other red
    suit clearly (:func:`_clear_suit`). On calibration seeds 2000–2099 of eight
    designs, 4 of 300 red aces named right measured on the wrong side of the split
    itself (0.12–0.24), 1 of them this far."""
    suit = _clear_suit(signs)
    return suit is not None and suit != card // 9


def _signs_agree(signs: RedSigns, card: int) -> bool:
    """Whether a view named ``card`` (a red number card, :meth:`Identifier._checked`)
    may keep the name as far as its red print goes: red print inside the card, and its
    whole pips (where any are whole) on its suit's side of ``SKEW_SPLIT``."""
    if signs.ink == 0:
        return False
    return bool(np.isnan(signs.skew) or (signs.skew > SKEW_SPLIT) == (card // 9 == HEARTS))


def _ruled_out(signs: RedSigns, card: int) -> int | None:
    """The red suit that a view read as ``card`` (a red number card) cannot be, by its
    print: the other red suit, where its whole pips say ``card``'s own clearly
    (:func:`_clear_suit`); else ``None``."""
    if _clear_suit(signs) != card // 9:
        return None
    return DIAMONDS if card // 9 == HEARTS else HEARTS


def _regularised(gram: np.ndarray) -> np.ndarray:
    """The moves' inner products in double precision, a trace's millionth added to the
    diagonal: a view without print (a plain back) moves along nothing, and the fit must
    still be solvable."""
    gram = gram.astype(np.float64)
    return gram + np.eye(len(gram)) * (1e-6 * float(np.trace(gram)) + 1e-12)


def _judge(
    still: list[np.ndarray],
    moving: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
    cards: np.ndarray,
) -> tuple[int, np.ndarray]:
    """Which template (row) a view fits best once moved, and its margin over each
    template (infinite over the rows of its own card of ``cards``).

    ``still`` holds, per descriptor part that does not move (colour at 16×24), the
    templates less the view (rows); ``moving`` the same for the fine grey picture,
    with the view's moves along which it may be shifted (rows, see
    :func:`vision.profile.view_moves`) and their inner products. For each template
    the view is moved, by least squares, as far as brings it closest: an outline a
    pixel off shifts every pip's edge, and so does a print set a little off centre
    on the card; neither says which card it is, and the shifted edges of two cards
    whose pips sit a little apart (a 6 and an 8 whose side pips are spaced
    differently) would otherwise make the view look half-way between them. Only what
    no move explains counts — the middle pips of the 8, the shape of a suit sign —
    both in the distances and in the difference of two templates.

    Each part's squared distances are counted in units of the view's own misfit in
    that part (per number, once moved to the template that fits it best): the
    evidence of a part that fits badly counts less. A black card's colour, all noise,
    then no longer drowns the few pixels in which a club differs from a spade.

    The margin over a template is where the view lies between its best template and
    that one along the line joining them (0.5 at the best, 0 half-way, -0.5 at the
    rival), or when smaller, that distance in misfit units (× ``Z_SCALE``): two cards
    that differ in one small suit sign are only told apart when the view matches its
    template much better than that sign differs.
    """
    parts = [*still, *([] if moving is None else [moving[0]])]
    sizes = np.array([r.shape[1] for r in parts], np.float64)
    products = np.array([r @ r.copy().T for r in parts], np.float64)  # numpy's own is slower
    lengths = np.diagonal(products, axis1=1, axis2=2)
    misfits = lengths.copy()
    if moving is not None:
        residuals, moves, gram = moving
        along = (residuals @ moves.T).astype(np.float64)
        gram = _regularised(gram)
        coefficients = np.linalg.solve(gram, along.T).T
        misfits[-1] -= np.einsum("km,km->k", coefficients, 2 * along - coefficients @ gram)
    first = int(np.argmin(misfits.sum(axis=0)))
    weights = sizes / np.maximum(misfits[:, first], 1e-12)
    total = weights @ misfits
    best = int(np.argmin(total))
    margins = np.full(len(cards), np.inf)
    others = np.nonzero(cards != cards[best])[0]
    if not len(others):
        return best, margins
    square = lengths[:, [best]] + lengths[:, others] - 2 * products[:, best, others]
    if moving is not None:
        change = coefficients[best] - coefficients[others]
        square[-1] -= np.einsum(
            "km,km->k", change, 2 * (along[best] - along[others]) - change @ gram
        )
    square = weights @ square
    gain = (total[others] - total[best]) / 2
    separation = gain / np.maximum(square, 1e-12)
    scaled = gain / np.sqrt(np.maximum(square, 1e-12)) * Z_SCALE
    margins[others] = np.minimum(separation, scaled)
    return best, margins
