"""The table's calibration in the service: made once, kept, re-used after a restart (issue 6).

A club calibrates when the mat is bare; after a power cut the service starts again in
the middle of a game, with cards and hands on the mat, and must still know where the
mat and the seats are. A camera knocked aside must not silently give wrong seats.
Rendered table pictures feed the service's camera adapter writing into a real table.

Needs the card art packages, as tests/test_vision.py does (``make test`` installs them).
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from jassref.camera_table import CameraToTable
from referee.gamelog import dump_event
from vision.decks import identifier_for
from vision.sources import frame_of
from vision.table_video import FAST, Film, FilmOptions
from webui.table import Table

SAID = [
    {"event": "game", "variant": "schieber", "target": 2500},
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "H", "pushed": False},
]
PLAYS = [{"event": "play", "seat": 0, "card": "S9"}, {"event": "play", "seat": 1, "card": "HA"}]


@pytest.fixture(scope="module")
def film() -> list[np.ndarray]:
    """The bare mat, then two cards played onto it."""
    return list(Film(FilmOptions("schieber", 5, "swiss-xvii", pace=FAST), [*SAID, *PLAYS]))


@pytest.fixture(scope="module")
def identifier():
    return identifier_for("swiss-xvii")


def adapter(tmp_path, identifier, seat0: str = "bottom") -> tuple[CameraToTable, list[str]]:
    notices: list[str] = []  # "!" before the ones that call the players' attention
    camera = CameraToTable(
        Table([dump_event(e) for e in SAID]),
        identifier,
        on_notice=lambda text, attention: notices.append(f"!{text}" if attention else text),
        calibration_file=tmp_path / "table.json",
        seat0=seat0,
    )
    return camera, notices


def test_the_calibration_made_on_the_bare_mat_is_kept_and_reused_after_a_restart(
    tmp_path, film, identifier
):
    first, _ = adapter(tmp_path, identifier)
    first(frame_of(film[0], "0"))
    kept = json.loads((tmp_path / "table.json").read_text())
    assert kept["seat0"] == "bottom"

    again, notices = adapter(tmp_path, identifier)  # the service restarted mid-game:
    dark = np.zeros_like(film[0])  # the mat is not seen at all (lights off, a sleeve)
    again(frame_of(dark, "0"))
    assert again.tracker is not None and notices == []
    assert again.calibration is not None
    assert np.allclose(again.calibration.mat, np.float32(kept["mat"]), atol=0.1)


def test_a_restart_in_the_middle_of_a_hand_keeps_the_seats_and_reads_the_cards(
    tmp_path, film, identifier
):
    first, _ = adapter(tmp_path, identifier)
    first(frame_of(film[0], "0"))
    middle = len(film) // 2
    again, notices = adapter(tmp_path, identifier)
    for k, image in enumerate([*film[middle:], *[film[-1]] * 60]):
        again(frame_of(image, str(k)))
    assert not any("moved" in n or "no mat" in n for n in notices), notices
    assert again.table.text().splitlines()[len(SAID) :] == [dump_event(p) for p in PLAYS]


def test_a_moved_camera_is_noticed_and_the_mat_found_anew(tmp_path, film, identifier):
    first, _ = adapter(tmp_path, identifier)
    first(frame_of(film[0], "0"))
    before = json.loads((tmp_path / "table.json").read_text())["mat"]

    height, width = film[0].shape[:2]
    shift = np.float32([[1, 0, width * 0.12], [0, 1, height * 0.08]])
    moved = cv2.warpAffine(film[0], shift, (width, height), borderMode=cv2.BORDER_REPLICATE)
    again, notices = adapter(tmp_path, identifier)
    again(frame_of(moved, "0"))
    assert any(n.startswith("!the camera moved") for n in notices), notices  # status light
    after = json.loads((tmp_path / "table.json").read_text())["mat"]
    assert after[0][0] > before[0][0] + width * 0.1  # the new place is kept


def test_a_changed_seat_setting_is_given_to_the_kept_calibration(tmp_path, film, identifier):
    first, _ = adapter(tmp_path, identifier)
    first(frame_of(film[0], "0"))
    again, notices = adapter(tmp_path, identifier, seat0="top")
    again(frame_of(film[0], "0"))
    assert again.calibration is not None and again.calibration.seat0 == "top"
    assert json.loads((tmp_path / "table.json").read_text())["seat0"] == "top"
    assert notices == ["seat 0 now sits at the top of the mat (the setting)"]


def test_an_unreadable_calibration_file_is_reported_and_made_anew(tmp_path, film, identifier):
    (tmp_path / "table.json").write_text("not json")
    camera, notices = adapter(tmp_path, identifier)
    camera(frame_of(film[0], "0"))
    assert camera.tracker is not None
    assert notices and "not a table calibration" in notices[0]
    assert json.loads((tmp_path / "table.json").read_text())["seat0"] == "bottom"


def test_the_board_gets_the_picture_with_the_seats_and_a_tap_moves_seat_0(
    tmp_path, film, identifier
):
    camera, _ = adapter(tmp_path, identifier)
    assert camera.view() is None  # nothing seen yet
    camera(frame_of(film[0], "0"))
    view = cv2.imdecode(np.frombuffer(camera.view() or b"", np.uint8), cv2.IMREAD_COLOR)
    assert view is not None and view.shape[1] == 640
    assert not np.array_equal(view, cv2.resize(film[0], (view.shape[1], view.shape[0])))

    camera.seat0_at("left")
    assert camera.tracker is not None and camera.tracker.calibration.seat0 == "left"
    assert json.loads((tmp_path / "table.json").read_text())["seat0"] == "left"
    with pytest.raises(ValueError, match="seat 0 sits at one of bottom, right, top, left"):
        camera.seat0_at("north")
