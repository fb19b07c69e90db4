"""The QR code that opens the board on another phone: SVG on the page, text in the
terminal (``jassref serve --qr``). Drawn by ``segno`` on the server, so the page
needs no script or CDN for it."""

from __future__ import annotations

import io
import socket
from functools import lru_cache

import segno


@lru_cache(maxsize=8)
def page_qr_svg(url: str) -> str:
    """An inline SVG of ``url``, dark on light (a dim room and a phone camera)."""
    return segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#111", light="#fffdf6", title=url, omitsize=True
    )


def terminal_qr(url: str) -> str:
    """``url`` as a QR code of text blocks, for the Pi's console."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out, compact=True, border=2)
    return out.getvalue()


def table_address(host: str, port: int) -> str:
    """The address other phones use: ``host`` if it names one, else this machine's
    address on its local network (found by routing, no packet is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}/"
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
    except OSError:
        address = socket.gethostname()
    return f"http://{address}:{port}/"
