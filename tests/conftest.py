"""Shared helpers: build game logs from event dicts and referee them in-process, find
their lines and violations; the web board's app, test client and browser."""

from __future__ import annotations

import subprocess
import sys

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


def idx(events: list[dict], **fields: object) -> int:
    """The line index of the one event having all ``fields``."""
    hits = [i for i, ev in enumerate(events) if all(ev.get(k) == v for k, v in fields.items())]
    assert len(hits) == 1, (fields, hits)
    return hits[0]


def viol(v: dict) -> list[tuple]:
    """The verdict's violations as sorted (rule, event, seat) triples."""
    return sorted((x["rule"], x["event"], x["seat"]) for x in v["violations"])


def known_and_camera(events: list[dict]) -> tuple[dict, dict, list[tuple[int, str]]]:
    """The verdicts of a log and of its camera case (the same log without its ``deal``
    events), and the known log's violations as (event, rule) with the event renumbered
    to the camera log's lines: what the camera case should prove."""
    known = referee.check(dump_log(events)).to_json()
    camera_events = [e for e in events if e["event"] != "deal"]
    camera = referee.check(dump_log(camera_events)).to_json()
    index_in_camera = {}
    for index, event in enumerate(events):
        if event["event"] != "deal":
            index_in_camera[index] = len(index_in_camera)
    expected = sorted((index_in_camera[v["event"]], v["rule"]) for v in known["violations"])
    return known, camera, expected


def plays_per_hand(events: list[dict]) -> list[list[str]]:
    """The cards played in each hand of a log, in the order played."""
    per_hand: list[list[str]] = []
    for event in events:
        if event["event"] == "hand":
            per_hand.append([])
        elif event["event"] == "play":
            per_hand[-1].append(event["card"])
    return per_hand


def jassref(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The ``jassref`` command as a user runs it, in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "jassref", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def app(tmp_path):
    """The web board on a log in ``tmp_path`` (see ``webui_helpers.config``)."""
    from webui import create_app

    from webui_helpers import config

    return create_app(config(tmp_path))


@pytest.fixture
def client(app):
    return app.test_client()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium through playwright, one per test module (playwright is loaded
    only by the tests that ask for a browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
