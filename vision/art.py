"""Card art from the Debian packages, rendered into a cache when first needed.

The art is GPL/LGPL, so the repository holds no image of it: each card is rendered from
the installed ``.svgz`` by ``rsvg-convert`` (Debian's ``librsvg2-bin``) into
``$JASSREF_CACHE`` (default ``~/.cache/jassref``) and read from there afterwards.

Two layouts exist. ``gnome-cards-data`` (aisleriot) draws a whole deck as one sheet of
13 columns (ace, 2..10, jack, queen, king) by 5 rows (clubs, diamonds, hearts, spades,
jokers and back); aisleriot itself cuts cards out of that grid, and so do we.
``kdegames-card-data-kf5`` names one element per card (``6_heart``, ``king_club``), so a
card is rendered on its own with ``--export-id`` and trimmed to its opaque pixels.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.cards import CARDS, RANKS, card, card_code, card_rank
from vision.files import written_whole
from vision.swiss_french import REDRAWN_VERSION, swiss_french_card

AISLERIOT_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
CARD_HEIGHT = 320
"""Rendered height in pixels: enough for 1280×720 scenes where a card is ≤ 250 px tall."""
ART_VERSION = 2
"""Raised whenever the rendering changes what a card's picture holds, so that a cache
rendered before is not read (2: cards cut to their largest opaque area)."""

_SVG_SUITS = ("club", "diamond", "heart", "spade")
_FRENCH_SUIT = {"heart": 0, "diamond": 1, "spade": 2, "club": 3}
_SWISS_XVII_SUIT = {"diamond": 0, "spade": 1, "club": 2, "heart": 3}
"""DESIGN.md: club → Eicheln (S), diamond → Schellen (H), heart → Rosen (C),
spade → Schilten (D)."""
_JASS_COLUMNS = (5, 6, 7, 8, 9, 10, 11, 12, 0)
"""Sheet column of each Jass rank 6 7 8 9 10 J Q K A (column 0 is the ace)."""
_KDE_RANKS = ("6", "7", "8", "9", "10", "jack", "queen", "king", "1")
STRAY_RANKS = (2, 3, 4, 5)
"""Ranks a 52-card deck prints that a Jass deck leaves out: a player who deals Jass from
a poker deck strips them, and one left among the cards is no card of the game."""
_STRAY_JOKERS = {"joker-black": (4, 0), "joker-red": (4, 1)}
"""Sheet cells (row, column) of the two jokers in an aisleriot sheet."""


class ArtUnavailable(RuntimeError):
    """The Debian package or ``rsvg-convert`` that a design needs is not installed."""


@dataclass(frozen=True)
class Design:
    """One printed deck design: where its art is, and how its suits read in Jass."""

    name: str
    package: str
    svg: Path
    style: str  # "french" or "swiss"
    layout: str  # "sheet" (aisleriot grid) or "elements" (KDE ids)
    base: str | None = None  # the French design whose art this one redraws (SWISS_FRENCH)

    @property
    def suit_of(self) -> dict[str, int]:
        return _SWISS_XVII_SUIT if self.name == "swiss-xvii" else _FRENCH_SUIT


def _aisleriot(name: str) -> Design:
    svg = AISLERIOT_DIR / f"{name}.svgz"
    return Design(name, "gnome-cards-data", svg, "french", "sheet")


def _kde(name: str, file: str) -> Design:
    svg = KDE_DIR / f"svg-{name}" / file
    return Design(f"kde-{name}", "kdegames-card-data-kf5", svg, "french", "elements")


BUILT_IN: tuple[Design, ...] = (
    Design("swiss-xvii", "gnome-cards-data", AISLERIOT_DIR / "swiss-xvii.svgz", "swiss", "sheet"),
    *(
        _aisleriot(n)
        for n in (
            "ancient_french",
            "anglo",
            "anglo_bitmap",
            "anglo_modern",
            "anglo_poker",
            "atlasnye",
            "bellot",
            "berlin",
            "dondorf",
            "gnomangelo",
            "guyenne-classic",
            "lattmann",
            "neoclassical",
            "orell",
            "ornamental",
            "paris",
            "plastic",
            "rheinland",
            "simplistic",
            "slavic_costumes",
            "tango",
            "tango_nuevo",
            "tarocco",
            "tigullio",
        )
    ),
)
"""Designs the identifier is built and calibrated on: the Swiss-German swiss-xvii and
the French designs of ``gnome-cards-data`` (all GPL-3+, so usable). Near-duplicates
(``anglo_modern_4_color``, ``neoclassical_4_color``, ``atlasnye_skat``, the Cyrillic
copy of atlasnye, ``gnomangelo_bitmap``) are left out: they add time, not variety."""

UNSEEN: tuple[Design, ...] = (
    _kde("nicu-white", "white.svgz"),
    _kde("dondorf", "dondorf.svgz"),
    _kde("tigullio-international", "tigullio-international.svgz"),
    _kde("ancient-egyptians", "Ancient_Egyptians.svgz"),
)
"""French designs from ``kdegames-card-data-kf5`` (GPL-2+/LGPL-2+), other artists, kept
out of everything the identifier is built or calibrated on: they measure how the
reader does on a deck it has never seen, before enrollment."""


def _swiss_french(base: Design) -> Design:
    """The Swiss French-suited deck drawn from ``base``'s art (:mod:`vision.swiss_french`)."""
    return Design(
        f"swiss-french-{base.name.removeprefix('kde-')}",
        base.package,
        base.svg,
        "french",
        base.layout,
        base.name,
    )


_FRENCH = {d.name: d for d in (*BUILT_IN, *UNSEEN)}
SWISS_FRENCH: tuple[Design, ...] = tuple(
    _swiss_french(_FRENCH[name]) for name in ("anglo", "kde-dondorf")
)
"""anglo's and kde-dondorf's art redrawn as a Swiss French-suited Jass deck prints its
corners (:mod:`vision.swiss_french`): no rank letter on aces and faces, the numeral
inside a number card's corner pip. Kept out of everything the identifier is built or
calibrated on, like ``UNSEEN``: read with all built-in profiles they measure how far the
reader leans on corner indices (anglo's cards are otherwise its built-in art), and
enrolled, that such a deck is read as reliably as any."""

DESIGNS: dict[str, Design] = {**_FRENCH, **{d.name: d for d in SWISS_FRENCH}}


def cache_dir() -> Path:
    return Path(os.environ.get("JASSREF_CACHE", Path.home() / ".cache" / "jassref"))


def art_dir(d: Design) -> Path:
    """Where a design's rendered cards are cached, per ``ART_VERSION`` (and, for a
    design redrawn from another, per ``vision.swiss_french.REDRAWN_VERSION``)."""
    folder = cache_dir() / "art" / f"v{ART_VERSION}"
    return folder / (d.name if d.base is None else f"{d.name}-r{REDRAWN_VERSION}")


def design(name: str) -> Design:
    try:
        return DESIGNS[name]
    except KeyError:
        known = ", ".join(DESIGNS)
        raise KeyError(f"unknown deck design {name!r} (known: {known})") from None


def card_images(d: Design) -> dict[int, np.ndarray]:
    """The 36 Jass cards of a design as BGRA images ``CARD_HEIGHT`` tall, by card."""
    folder = art_dir(d)
    paths = {c: folder / f"{card_code(c)}.png" for c in CARDS}
    if not all(p.exists() for p in paths.values()):
        _render(d, folder)
    images = {c: cv2.imread(str(p), cv2.IMREAD_UNCHANGED) for c, p in paths.items()}
    if any(im is None for im in images.values()):
        raise ArtUnavailable(f"{folder}: unreadable cached card art; delete the folder")
    return images


def stray_images(d: Design) -> dict[str, np.ndarray]:
    """The cards of a design's deck that are no Jass card, as BGRA images like
    :func:`card_images`, by name: ranks ``STRAY_RANKS`` of each suit (``H4``, its
    Jass suit's letter and the rank) and, in an aisleriot sheet, the two jokers
    (``joker-black``, ``joker-red``). A stray four, its pips where a six has its top and
    bottom rows, was named the six of its suit (docs/benchmarks.md): the identifier
    keeps these as cards never to be named (:attr:`vision.profile.DeckProfile.strays`).
    A Swiss French-suited deck (``SWISS_FRENCH``) is printed with the 36 alone: none."""
    if d.base is not None:
        return {}
    folder = art_dir(d)
    paths = sorted(folder.glob("stray-*.png"))
    if not paths:
        _render(d, folder)
        paths = sorted(folder.glob("stray-*.png"))
    images = {
        path.stem.removeprefix("stray-"): cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        for path in paths
    }
    if not images or any(im is None for im in images.values()):
        raise ArtUnavailable(f"{folder}: unreadable cached stray card art; delete the folder")
    return images


def back_image(d: Design) -> np.ndarray:
    """The card back of an aisleriot design (row 5, column 3): a thing that is no face."""
    if d.base is not None:
        return back_image(DESIGNS[d.base])
    path = art_dir(d) / "back.png"
    if not path.exists():
        _render(d, path.parent)
    image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise ArtUnavailable(f"{path}: no card back for design {d.name}")
    return image


def _check_tools(d: Design) -> None:
    if shutil.which("rsvg-convert") is None:
        raise ArtUnavailable("rsvg-convert is missing: install Debian's librsvg2-bin")
    if not d.svg.exists():
        raise ArtUnavailable(f"{d.svg} is missing: install Debian's {d.package}")


def _render(d: Design, folder: Path) -> None:
    if d.base is not None:
        cards = _render_swiss_french(d.base)  # its base's art checks the tools, if needed
    else:
        _check_tools(d)
        cards = _render_sheet(d) if d.layout == "sheet" else _render_elements(d)
    folder.mkdir(parents=True, exist_ok=True)
    for name, image in cards.items():
        with written_whole(folder / f"{name}.png") as path:
            cv2.imwrite(str(path), image)


def _rsvg(args: list[str]) -> np.ndarray:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.png"
        subprocess.run(
            ["rsvg-convert", *args, "-o", str(out)], check=True, capture_output=True, timeout=120
        )
        image = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        raise ArtUnavailable(f"rsvg-convert {' '.join(args)} gave no RGBA image")
    return image


def _trim(image: np.ndarray) -> np.ndarray:
    """Cuts an RGBA render to its card, the largest connected area of opaque pixels,
    then scales it to ``CARD_HEIGHT``. Not to all its opaque pixels: a sheet's grid
    cell can hold a sliver of the next card (tango's 6, 7 and queen hold a one-pixel
    line of it, four pixels off), which would widen the card by that much."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        np.uint8(image[:, :, 3] > 40), connectivity=8
    )
    if count < 2:
        raise ArtUnavailable("a card rendered fully transparent")
    x, y, w, h = stats[1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA])), :4]
    cut = image[y : y + h, x : x + w]
    width = round(cut.shape[1] * CARD_HEIGHT / cut.shape[0])
    return cv2.resize(cut, (width, CARD_HEIGHT), interpolation=cv2.INTER_AREA)


def _render_sheet(d: Design) -> dict[str, np.ndarray]:
    sheet = _rsvg(["-h", str(5 * (CARD_HEIGHT + 8)), str(d.svg)])
    cell_w, cell_h = sheet.shape[1] / 13, sheet.shape[0] / 5

    def cell(row: int, column: int) -> np.ndarray:
        y0, x0 = round(row * cell_h), round(column * cell_w)
        return _trim(sheet[y0 : round(y0 + cell_h), x0 : round(x0 + cell_w)])

    out = {
        card_code(card(d.suit_of[suit], rank)): cell(row, _JASS_COLUMNS[rank])
        for row, suit in enumerate(_SVG_SUITS)
        for rank in RANKS
    }
    out["back"] = cell(4, 2)
    for row, suit in enumerate(_SVG_SUITS):
        for rank in STRAY_RANKS:
            out[f"stray-{_suit_letter(d, suit)}{rank}"] = cell(row, rank - 1)
    for name, (row, column) in _STRAY_JOKERS.items():
        out[f"stray-{name}"] = cell(row, column)
    return out


def _render_swiss_french(base_name: str) -> dict[str, np.ndarray]:
    """The cards of the design ``base_name``, each corner index redrawn (``SWISS_FRENCH``)."""
    base = card_images(DESIGNS[base_name])
    return {card_code(c): swiss_french_card(image, card_rank(c)) for c, image in base.items()}


def _suit_letter(d: Design, svg_suit: str) -> str:
    """The letter of the Jass suit that an art suit (``club``, …) stands for in ``d``."""
    return card_code(card(d.suit_of[svg_suit], 0))[0]


def _render_elements(d: Design) -> dict[str, np.ndarray]:
    out = {}
    for suit in _SVG_SUITS:
        for rank in RANKS:
            out[card_code(card(d.suit_of[suit], rank))] = _element(d, f"{_KDE_RANKS[rank]}_{suit}")
        for rank in STRAY_RANKS:
            out[f"stray-{_suit_letter(d, suit)}{rank}"] = _element(d, f"{rank}_{suit}")
    return out


def _element(d: Design, element: str) -> np.ndarray:
    """One element of a KDE design rendered about ``1.5 * CARD_HEIGHT`` tall, trimmed."""
    first = _trim_box(_rsvg([f"--export-id={element}", "-z", "1", str(d.svg)]))
    zoom = max(1.0, 1.5 * CARD_HEIGHT / first)
    return _trim(_rsvg([f"--export-id={element}", "-z", f"{zoom:.3f}", str(d.svg)]))


def _trim_box(image: np.ndarray) -> int:
    ys = np.nonzero((image[:, :, 3] > 40).any(axis=1))[0]
    return int(ys.max() - ys.min() + 1) if len(ys) else 1
