"""The camera's view on the board: the table sees the seats as the camera gives them,
and an unlocked phone says where seat 0 sits (issue 6, the calibration's one-step
confirmation on the phone).

The board is the real app with the test client; the camera is a small stand-in with
the service camera's two methods, holding a real JPEG.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from webui import create_app

from webui_helpers import PIN, config, csrf_of

TITLE = "The camera and the seats"


class Camera:
    """The service camera as the board sees it: a picture and seat 0's side."""

    def __init__(self, picture: bytes | None) -> None:
        self.picture = picture
        self.seat0 = "bottom"

    def view(self) -> bytes | None:
        return self.picture

    def seat0_at(self, side: str) -> None:
        self.seat0 = side


def jpeg() -> bytes:
    return cv2.imencode(".jpg", np.full((360, 640, 3), 90, np.uint8))[1].tobytes()


@pytest.fixture
def board(tmp_path):
    app = create_app(config(tmp_path))
    app.extensions["jassref.camera"] = Camera(jpeg())
    return app


def unlock(client) -> str:
    token = csrf_of(client.get("/").get_data(as_text=True))
    client.post("/unlock", data={"pin": PIN, "csrf": token})
    return csrf_of(client.get("/").get_data(as_text=True))


def test_a_table_without_a_camera_shows_no_camera_view(client):
    assert TITLE not in client.get("/?lang=en").get_data(as_text=True)
    missing = client.get("/camera.jpg")
    assert missing.status_code == 404
    assert "The camera has not found the mat yet." in missing.get_data(as_text=True)


def test_every_phone_sees_the_camera_picture_and_where_seat_0_sits(board):
    client = board.test_client()
    page = client.get("/?lang=en").get_data(as_text=True)
    assert TITLE in page and 'src="/camera.jpg"' in page
    assert "Seat 0 sits at the bottom of the picture" in page
    assert 'action="/seat0"' not in page  # watching phones cannot change it
    picture = client.get("/camera.jpg")
    assert picture.mimetype == "image/jpeg" and picture.data == jpeg()
    assert picture.headers["Cache-Control"] == "no-store"


def test_a_locked_phone_cannot_move_the_seats(board):
    client = board.test_client()
    token = csrf_of(client.get("/").get_data(as_text=True))
    answer = client.post("/seat0?lang=en", data={"side": "left", "csrf": token})
    assert answer.status_code == 303
    assert board.extensions["jassref.camera"].seat0 == "bottom"
    assert "Enter the table PIN first" in client.get("/?lang=en").get_data(as_text=True)


def test_an_unlocked_phone_says_where_seat_0_sits_in_one_tap(board):
    client = board.test_client()
    token = unlock(client)
    assert 'action="/seat0"' in client.get("/?lang=de").get_data(as_text=True)
    client.post("/seat0", data={"side": "left", "csrf": token})
    assert board.extensions["jassref.camera"].seat0 == "left"
    page = client.get("/?lang=de").get_data(as_text=True)
    assert "Platz 0 ist jetzt links im Kamerabild." in page
    assert "Platz 0 ist links im Bild" in page

    client.post("/seat0", data={"side": "north", "csrf": token})
    assert board.extensions["jassref.camera"].seat0 == "left"
    assert "Platz 0 ist unten, rechts, oben oder links im Bild." in client.get("/").get_data(
        as_text=True
    )


def test_no_picture_before_the_mat_is_found(board):
    board.extensions["jassref.camera"].picture = None
    assert board.test_client().get("/camera.jpg").status_code == 404
