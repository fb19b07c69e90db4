"""A card the camera could not read surely is asked about on the table's buttons (issue 8).

A rendered film of the table feeds the service's camera adapter, which writes into a
real table; the adapter puts its unsure reads to real :class:`hardware.Hardware`, and
the OK button answers. A game therefore needs no phone even when the camera is unsure.

Needs the card art packages, as tests/test_vision.py does (``make test`` installs them).
"""

from __future__ import annotations

import re

import pytest

from hardware import Gesture, Hardware, StatusIndicator, TableSink
from hardware.grammar import buttons_for
from hardware.status import Status
from jassref.camera_table import CameraToTable
from referee.gamelog import dump_event
from vision.decks import identifier_for
from vision.identify import Identifier
from vision.sources import frame_of
from vision.table_video import FAST, Film, FilmOptions
from webui.table import Table

STILL_FRAMES = 90
SAID = [
    {"event": "game", "variant": "schieber", "target": 2500},
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "H", "pushed": False},
]


def _table_asked(plays: list[dict], identifier: Identifier) -> tuple[Table, Hardware, list[str]]:
    """Films ``plays`` after the players' events, follows the film into a table, and
    returns the table, its buttons, and what the buttons told the table."""
    table = Table([dump_event(e) for e in SAID])
    told: list[str] = []
    hw = Hardware(buttons_for(4), StatusIndicator(say=told.append), say=told.append)
    sink = TableSink(table)
    hw.attach(sink, sink.view)
    camera = CameraToTable(table, identifier, ask=hw.ask)
    film = Film(FilmOptions("schieber", 5, "swiss-xvii", pace=FAST), [*SAID, *plays])
    images = list(film)
    still = [images[-1]] * STILL_FRAMES  # the camera goes on watching the still table
    for k, image in enumerate(images + still):
        camera(frame_of(image, str(k)))
    return table, hw, told


def _trick(table: Table) -> list[tuple[int, str]]:
    """The trick on the board: (seat, card) as the referee counts it, corrections made."""
    hand = table.snapshot.live.hand
    assert hand is not None
    return hand.trick.plays if hand.trick is not None else []


def test_an_impossible_read_is_asked_as_the_likeliest_possible_card_never_written() -> None:
    plays = [
        {"event": "play", "seat": 0, "card": "S9"},
        {"event": "play", "seat": 1, "card": "S9"},  # the same card again: a misread
    ]
    table, hw, told = _table_asked(plays, identifier_for("swiss-xvii"))
    line = table.text().splitlines()[-1]
    assert line.startswith('{"event":"play","seat":1,"card":null,"confirm":true,"read":"')
    assert hw.status.state is Status.ATTENTION
    assert _trick(table) == [(0, "S9")]
    before = table.text()

    asked = []
    while hw.question is not None:  # no, it is not that card: the next likeliest is asked
        prompt = hw.question.prompt
        card = re.fullmatch(r"Seat 1 played (\S+)\? \(the camera is unsure\)", prompt)
        assert card is not None, prompt
        asked.append(card[1])
        hw.gesture("ok", Gesture.LONG)
        assert f"No: {prompt}" in told

    assert len(asked) == 3 and len(set(asked)) == 3 and "♠9" not in asked, asked
    assert table.text() == before
    unread = [v for v in table.snapshot.replay.verdict.violations if v.rule == "unknown-card"]
    assert [v.event for v in unread] == [len(before.splitlines()) - 1]  # left to correct


@pytest.mark.parametrize("answer", [Gesture.SHORT, Gesture.LONG])
def test_an_unsure_read_is_asked_and_ok_answers_yes_or_no(answer: Gesture) -> None:
    shy = identifier_for("swiss-xvii")
    shy.threshold = float("inf")  # sure of nothing: every card is asked about
    plays = [{"event": "play", "seat": 0, "card": "HA"}]
    table, hw, told = _table_asked(plays, shy)
    assert hw.question is not None
    assert hw.question.prompt == "Seat 0 played ♥A? (the camera is unsure)"
    before = table.text()

    assert _trick(table) == []

    hw.gesture("ok", answer)

    violations = [v.rule for v in table.snapshot.replay.verdict.violations]
    if answer is Gesture.SHORT:
        assert table.text().splitlines()[-1].startswith('{"event":"correction"')
        assert _trick(table) == [(0, "HA")] and violations == []
    else:
        assert table.text() == before
        assert _trick(table) == [] and violations == ["unknown-card"]
        assert "No: Seat 0 played ♥A? (the camera is unsure)" in told


def test_the_camera_follows_a_log_that_begins_with_a_byte_order_mark_and_a_blank_line() -> None:
    """The board reads such a log as the referee does; the camera's adapter once took
    its first line for the header and its thread died on it."""
    table = Table(["\ufeff" + dump_event(SAID[0]), "", *(dump_event(e) for e in SAID[1:])])
    camera = CameraToTable(table, identifier_for("swiss-xvii"))
    plays = [{"event": "play", "seat": 0, "card": "HA"}, {"event": "play", "seat": 1, "card": "H6"}]
    images = list(Film(FilmOptions("schieber", 5, "swiss-xvii", pace=FAST), [*SAID, *plays]))
    for k, image in enumerate(images + [images[-1]] * STILL_FRAMES):
        camera(frame_of(image, str(k)))
    assert _trick(table) == [(0, "HA"), (1, "H6")]
