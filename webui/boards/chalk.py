"""Chalk on a green board: the SVG pieces every board style is drawn with.

Deterministic on purpose: the same score gives the same bytes, so golden tests can
compare drawings and the phones at the table all show the same strokes. The hand-drawn
look comes from a fixed per-stroke wobble and an SVG filter, never from randomness.
"""

from __future__ import annotations

from html import escape

CHALK = "#f4f1e6"
PAINT = "#d9c98a"
"""The painted lines of the board (the Z), a little yellow, as on a real tavla."""
BOARD = "#1e3a2b"
WOOD = "#6b4423"

DEFS = f"""<defs>
<filter id="chalk" x="-5%" y="-5%" width="110%" height="110%">
<feTurbulence type="fractalNoise" baseFrequency="1.1" numOctaves="2" seed="7" result="grain"/>
<feColorMatrix in="grain" type="matrix" result="mask"
 values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 -1.6 1.25"/>
<feComposite in="SourceGraphic" in2="mask" operator="in" result="grainy"/>
<feDisplacementMap in="grainy" in2="grain" scale="1.8" xChannelSelector="R" yChannelSelector="G"/>
</filter>
<radialGradient id="slate" cx="50%" cy="45%" r="75%">
<stop offset="0" stop-color="#27493a"/><stop offset="1" stop-color="{BOARD}"/>
</radialGradient>
<filter id="smudge">
<feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="3" seed="2"/>
<feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.09 0"/></filter>
</defs>"""


def wobble(i: int, amount: float = 1.0) -> float:
    """A fixed small offset for the ``i``-th stroke, so a row of strokes looks drawn by
    hand yet every render is identical."""
    return ((i * 37 + 11) % 7 - 3) * 0.45 * amount


def line(x1: float, y1: float, x2: float, y2: float, mark: str = "", width: float = 3.6) -> str:
    data = f' data-mark="{mark}"' if mark else ""
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
        f'stroke-width="{width}"{data}/>'
    )


def text(x: float, y: float, content: str, size: float, cls: str, anchor: str = "start") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'class="{cls}">{escape(content)}</text>'
    )


def board(width: float, height: float, body: str, label: str) -> str:
    """A framed green board of ``width`` × ``height`` holding ``body``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(label)}" class="tavla">{DEFS}'
        "<style>.tavla text{font-family:'Chalk','Comic Neue','Comic Sans MS',cursive;"
        f"fill:{CHALK};font-weight:700}}.tavla line,.tavla circle,.tavla path{{stroke:{CHALK};"
        "fill:none;stroke-linecap:round}</style>"
        f'<rect x="6" y="6" width="{width - 12:.0f}" height="{height - 12:.0f}" rx="10" '
        f'fill="url(#slate)" stroke="{WOOD}" stroke-width="12"/>'
        f'<rect x="12" y="12" width="{width - 24:.0f}" height="{height - 24:.0f}" '
        'filter="url(#smudge)"/>'
        f'<g filter="url(#chalk)">{body}</g></svg>'
    )


def minus(n: int) -> str:
    """A written number, with a real minus sign when it is negative."""
    return f"−{-n}" if n < 0 else str(n)
