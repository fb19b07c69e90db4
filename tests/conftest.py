"""Shared helpers: build game logs from event dicts and referee them in-process."""

from __future__ import annotations

import pytest

import referee
from referee.gamelog import dump_log


def log_text(events: list[dict]) -> str:
    """The JSON Lines text of ``events`` (give the ``game`` header yourself)."""
    return dump_log(events)


def verdict_of(events: list[dict], **overrides: object) -> dict:
    """The contract's verdict object (``jassref referee check --json``) for ``events``."""
    return referee.check(log_text(events), overrides or None).to_json()


def game(**fields: object) -> dict:
    """A Schieber ``game`` header, with extra fields such as ``settings``."""
    return {"event": "game", "variant": "schieber", "target": 2500, **fields}


@pytest.fixture
def check():
    return verdict_of
