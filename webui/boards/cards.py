"""Card faces drawn as SVG, in the French or the Swiss pattern (the table's choice).

No card art is shipped: a face is the rank in the corners and the suit sign in the
middle, drawn here, so it looks the same on every phone and needs no font with suit
glyphs. French: ♥ ♦ ♠ ♣ and 10 J Q K A. Swiss (seed 004's pairing, the referee's
codes): Schellen (bell) for H, Schilten (shield) for D, Eicheln (acorn) for S, Rosen
(rose) for C, and Banner, Under, Ober, König, Ass for 10 J Q K A.
"""

from __future__ import annotations

from html import escape

from referee.cards import card_display, parse_card

FACES = ("french", "swiss")
SUIT_COLOURS = {"H": "#c0392b", "D": "#c0392b", "S": "#1b1b1b", "C": "#1b1b1b"}
SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SWISS_RANKS = {"10": "B", "J": "U", "Q": "O", "K": "K", "A": "A"}

FRENCH_SIGNS = {
    "H": "M0,9 C-14,-2 -11,-12 -5,-12 C-2,-12 0,-9 0,-7 C0,-9 2,-12 5,-12 C11,-12 14,-2 0,9Z",
    "D": "M0,-12 L9,0 L0,12 L-9,0Z",
    "S": "M0,-12 C-6,-4 -12,0 -9,5 C-7,8 -3,8 -1,5 L-3,11 H3 L1,5 C3,8 7,8 9,5 C12,0 6,-4 0,-12Z",
    "C": "M0,-12 A4.5,4.5 0 1 1 0,-3 A4.5,4.5 0 1 1 -2,-2 A4.5,4.5 0 1 1 -6,6 "
    "A4.5,4.5 0 0 1 -1,2 L-3,11 H3 L1,2 A4.5,4.5 0 0 1 6,6 A4.5,4.5 0 1 1 2,-2 "
    "A4.5,4.5 0 1 1 0,-3 A4.5,4.5 0 1 1 0,-12Z",
}
"""Each sign as one path centred on 0,0, about 24 units high."""

SWISS_SIGNS = {
    "H": '<circle r="10" fill="#e5b123" stroke="#6d4a06" stroke-width="1.5"/>'
    '<path d="M-10,-2 H10 M-10,2 H10" stroke="#b8321f" stroke-width="2"/>'
    '<circle cy="6" r="2" fill="#3b2a08"/>',
    "D": '<path d="M-9,-11 H9 V-1 C9,7 3,10 0,12 C-3,10 -9,7 -9,-1Z" fill="#e5b123" '
    'stroke="#6d4a06" stroke-width="1.5"/><path d="M-9,-4 H9 V2 H-9Z" fill="#b8321f"/>',
    "S": '<ellipse cy="3" rx="7" ry="9" fill="#b5762a" stroke="#5a3510" stroke-width="1.5"/>'
    '<path d="M-8,-3 C-8,-10 8,-10 8,-3Z" fill="#5a3510"/>'
    '<path d="M0,-9 V-13" stroke="#2f6b2a" stroke-width="2"/>',
    "C": '<g fill="#c0392b" stroke="#7a1d12" stroke-width="1">'
    '<circle cy="-7" r="5"/><circle cx="6.7" cy="-2" r="5"/><circle cx="4.1" cy="6" r="5"/>'
    '<circle cx="-4.1" cy="6" r="5"/><circle cx="-6.7" cy="-2" r="5"/></g>'
    '<circle r="4" fill="#e5b123"/>',
}


def _sign(suit: str, faces: str, x: float, y: float, scale: float) -> str:
    place = f'transform="translate({x},{y}) scale({scale})"'
    if faces == "swiss":
        return f"<g {place}>{SWISS_SIGNS[suit]}</g>"
    return f'<path {place} d="{FRENCH_SIGNS[suit]}" fill="{SUIT_COLOURS[suit]}"/>'


def card_svg(code: str, width: int = 48, faces: str = "french") -> str:
    """The face of ``code`` (canonical, e.g. ``H10``): corner rank, big suit sign."""
    c = parse_card(code)
    suit, rank = code[0], code[1:]
    swiss = faces == "swiss"
    shown = SWISS_RANKS.get(rank, rank) if swiss else rank
    ink = "#1b1b1b" if swiss else SUIT_COLOURS[suit]
    name = escape(card_display(c, "swiss" if swiss else "french"))
    return (
        f'<svg class="card {faces}" data-card="{code}" viewBox="0 0 60 84" width="{width}" '
        f'role="img" aria-label="{name}" xmlns="http://www.w3.org/2000/svg"><title>{name}</title>'
        '<rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf6" stroke="#8a8070"/>'
        f'<g fill="{ink}" font-family="\'DejaVu Sans\',sans-serif" font-weight="700">'
        f'<text x="5" y="18" font-size="15">{shown}</text>'
        f'<text x="55" y="79" font-size="15" text-anchor="end">{shown}</text></g>'
        f"{_sign(suit, faces, 12, 29, 0.42)}{_sign(suit, faces, 30, 50, 1.15)}</svg>"
    )
