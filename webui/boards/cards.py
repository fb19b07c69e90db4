"""Card faces drawn as SVG: a clean face with the rank and a suit sign.

No card art is shipped or rendered: the face says which card it is, in French signs
with the Swiss name beside it as a tooltip (the referee's codes, seed 004's pairing).
"""

from __future__ import annotations

from html import escape

from referee.cards import card_display, parse_card

SUIT_COLOURS = {"H": "#c0392b", "D": "#c0392b", "S": "#1b1b1b", "C": "#1b1b1b"}
SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}


def card_svg(code: str, width: int = 48) -> str:
    """The face of ``code`` (canonical, e.g. ``H10``): corner rank, big suit sign."""
    c = parse_card(code)
    suit, rank = code[0], code[1:]
    colour = SUIT_COLOURS[suit]
    name = escape(f"{card_display(c)} ({card_display(c, 'swiss')})")
    return (
        f'<svg class="card" data-card="{code}" viewBox="0 0 60 84" width="{width}" '
        f'role="img" aria-label="{name}" xmlns="http://www.w3.org/2000/svg"><title>{name}</title>'
        '<rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf6" stroke="#8a8070"/>'
        f'<g fill="{colour}" font-family="\'DejaVu Sans\',sans-serif" font-weight="700">'
        f'<text x="6" y="19" font-size="16">{rank}</text>'
        f'<text x="6" y="34" font-size="13">{SYMBOLS[suit]}</text>'
        f'<text x="33" y="63" font-size="34" text-anchor="middle">{SYMBOLS[suit]}</text>'
        f'<text x="54" y="78" font-size="12" text-anchor="end">{rank}</text></g></svg>'
    )
