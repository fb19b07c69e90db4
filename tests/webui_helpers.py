"""Helpers shared by the web board's tests: an app on a temporary log, and events."""

from __future__ import annotations

import re

PIN = "4711"


def config(tmp_path, **extra: object) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "TABLE_PIN": PIN,
        "LOG_PATH": str(tmp_path / "game.jsonl"),
        "CHALK_FONT": "/nonexistent/chalk.woff2",
        "STREAM_MAX_SECONDS": 2.0,
        "STREAM_KEEPALIVE_SECONDS": 0.5,
        **extra,
    }


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "the page has no form token"
    return found.group(1)


HAND_ONE = [
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "H"},
]
