"""The web board through Flask's test client: API, PIN, forms, corrections, the log."""

from __future__ import annotations

import json
import threading
import time
from importlib import resources
from pathlib import Path

import cv2
import numpy as np
import pytest

import referee
import webui.api
import webui.views
from referee.live import replay
from webui import create_app

from webui_helpers import HAND_ONE, PIN, config, csrf_of


def post(client, events, pin=PIN):
    return client.post("/api/events", data=json.dumps(events), headers={"X-Table-PIN": pin})


def state(client):
    return client.get("/api/state").get_json()


def log_lines(app):
    with open(app.config["LOG_PATH"], encoding="utf-8") as log:
        return log.read().splitlines()


def unlock(client):
    page = client.get("/").get_data(as_text=True)
    client.post("/unlock", data={"pin": PIN, "csrf": csrf_of(page)})
    return csrf_of(client.get("/").get_data(as_text=True))


def test_a_new_table_shows_an_empty_board(client):
    body = state(client)
    assert body["verdict"]["totals"] == [0, 0] and body["live"]["phase"] == "deal"
    page = client.get("/").get_data(as_text=True)
    assert 'class="tavla"' in page and "Table PIN" in page


def test_events_score_a_hand_and_are_written_to_the_log(app, client):
    response = post(client, [*HAND_ONE, {"event": "score", "points": [100, 57]}])
    assert response.status_code == 201 and response.get_json()["accepted"] == [1, 2, 3]
    body = state(client)
    assert body["verdict"]["totals"] == [200, 114]  # hearts count double
    assert body["live"]["phase"] == "deal" and body["live"]["next_dealer"] == 0
    assert [json.loads(line)["event"] for line in log_lines(app)] == [
        "game",
        "hand",
        "trump",
        "score",
    ]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ("not json", 400, "not JSON"),
        ('"hand"', 422, "JSON object"),
        ('{"dealer": 3}', 422, "'event'"),
        ('{"event":"game","variant":"schieber"}', 422, "started"),
        ('{"event":"fly"}', 422, "not an event of schieber"),
        ('{"event":"play","seat":0,"card":"H11"}', 422, "is not a card"),
        ('{"event":"play","seat":0,"card":"HA"}', 422, "duplicate"),
        ('{"event":"score","points":[100,57]}', 422, "this hand has plays"),
        (
            '[{"event":"play","seat":1,"card":"H6"},{"event":"play","seat":2,"card":"Q"}]',
            422,
            "not a card",
        ),
        ("1" * 5000, 400, "not JSON"),  # past Python's 4300-digit limit
        ("[" * 30000 + "]" * 30000, 400, "not JSON"),  # deeper than the parser goes
        ('{"event":"play","seat":1,"card":"H6","note":"\\ud800"}', 422, "cannot be written"),
        ('{"event":"play","seat":1,"card":"H6","note":NaN}', 422, "cannot be written"),
        ('{"event":"play","seat":1,"card":"H6","at":Infinity}', 422, "cannot be written"),
    ],
)
def test_bad_events_are_refused_with_a_reason_and_change_nothing(app, client, body, status, words):
    post(client, [*HAND_ONE, {"event": "play", "seat": 0, "card": "HA"}])
    before, lines = state(client), log_lines(app)
    response = client.post("/api/events", data=body, headers={"X-Table-PIN": PIN})
    assert response.status_code == status
    assert words in response.get_json()["error"]
    assert state(client) == before and log_lines(app) == lines


def test_a_rule_of_play_broken_is_written_and_shown(client):
    deal = [
        ["HA", "C7", "D6", "D7", "D8", "D9", "D10", "DJ", "DQ"],
        ["H7", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "DK"],
        ["H8", "C6", "H6", "C8", "C9", "C10", "CJ", "CQ", "DA"],
        ["H9", "SK", "SA", "CK", "CA", "H10", "HJ", "HQ", "HK"],
    ]
    post(client, [{"event": "hand", "dealer": 3}, {"event": "deal", "hands": deal}])
    post(client, [{"event": "trump", "seat": 0, "mode": "S"}])
    response = post(client, [{"event": "play", "seat": 0, "card": "D6"}])
    response = post(client, [{"event": "play", "seat": 1, "card": "H7"}])  # holds DK
    assert response.status_code == 201
    assert [v["rule"] for v in response.get_json()["violations"]] == ["follow-suit"]
    assert "follow-suit" in client.get("/").get_data(as_text=True)


def test_the_pin_guards_changes_and_limits_guessing(client):
    assert post(client, HAND_ONE, pin="0000").status_code == 401
    assert client.post("/api/events", data=json.dumps(HAND_ONE)).status_code == 401
    for _ in range(3):
        assert post(client, HAND_ONE, pin="1111").status_code == 401
    locked = post(client, HAND_ONE, pin="2222")
    assert locked.status_code == 429 and int(locked.headers["Retry-After"]) > 0
    assert post(client, HAND_ONE).status_code == 429  # even the right PIN waits
    assert state(client)["version"] == 1


def test_the_lockout_ends(tmp_path):
    client = create_app(config(tmp_path, PIN_LOCKOUT_SECONDS=0.2)).test_client()
    for _ in range(5):
        post(client, HAND_ONE, pin="1")
    assert post(client, HAND_ONE).status_code == 429
    time.sleep(0.3)
    assert post(client, HAND_ONE).status_code == 201


def test_forms_need_the_pin_and_a_token(app, client):
    page = client.get("/").get_data(as_text=True)
    token = csrf_of(page)
    response = client.post("/hand", data={"dealer": "3", "csrf": token}, follow_redirects=True)
    assert "Enter the table PIN first" in response.get_data(as_text=True)
    wrong = client.post("/unlock", data={"pin": "9999", "csrf": token}, follow_redirects=True)
    assert "Wrong PIN" in wrong.get_data(as_text=True)
    token = unlock(client)
    forged = client.post("/hand", data={"dealer": "3"})
    assert forged.status_code == 400 and "expired" in forged.get_data(as_text=True)
    assert state(client)["version"] == 1
    client.post("/hand", data={"dealer": "3", "csrf": token})
    assert state(client)["live"]["phase"] == "trump"


def test_a_hand_entered_with_the_form(client):
    token = unlock(client)
    client.post("/hand", data={"dealer": "3", "csrf": token})
    client.post("/trump", data={"mode": "obenabe", "seat": "0", "csrf": token})
    page = client.post(
        "/score",
        data={"points": "90", "weis0": "50+20", "stoeck": "", "match": "", "csrf": token},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "Hand booked" in page
    assert state(client)["verdict"]["totals"] == [(90 + 70) * 3, 67 * 3]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"points": "158"}, "not between 0 and 157"),
        ({"points": "ninety"}, "whole number"),
        ({"points": "90", "weis0": "30"}, "is not a weis"),
        ({"points": "90", "match": "0"}, "all 157"),
        ({"points": "90", "stoeck": "2"}, "Stöck"),
    ],
)
def test_bad_form_values_are_explained_and_change_nothing(client, fields, words):
    token = unlock(client)
    client.post("/hand", data={"dealer": "3", "csrf": token})
    client.post("/trump", data={"mode": "H", "seat": "0", "csrf": token})
    before = state(client)
    page = client.post("/score", data={**fields, "csrf": token}, follow_redirects=True)
    assert words in page.get_data(as_text=True)
    assert state(client) == before


def test_corrections_change_the_totals(app, client):
    token = unlock(client)
    post(client, [*HAND_ONE, {"event": "score", "points": [100, 57]}])
    assert state(client)["verdict"]["totals"] == [200, 114]
    client.post("/rescore", data={"hand": "0", "points": "57", "csrf": token})
    assert state(client)["verdict"]["totals"] == [114, 200]
    client.post("/rescore", data={"hand": "0", "points": "60", "csrf": token})
    assert state(client)["verdict"]["totals"] == [120, 194]  # the latest correction wins
    client.post("/undo", data={"csrf": token})
    assert state(client)["verdict"]["totals"] == [0, 0]  # the score event is struck out
    last = json.loads(log_lines(app)[-1])
    assert last == {"event": "correction", "replaces": 3, "with": None}


def test_the_board_is_the_verdict_of_the_log(app, client):
    """The state shown is `jassref referee check` of the log file, byte for byte."""
    post(client, [*HAND_ONE, {"event": "score", "points": [80, 77]}])
    post(
        client,
        [
            {
                "event": "correction",
                "replaces": 3,
                "with": {"event": "score", "points": [0, 157], "match": 1},
            }
        ],
    )
    text = Path(app.config["LOG_PATH"]).read_text(encoding="utf-8")
    assert state(client)["verdict"] == referee.check(text).to_json()
    assert state(client)["verdict"]["totals"] == [0, 514]
    assert client.get("/api/log").get_data(as_text=True) == text


def test_a_restart_resumes_from_the_log(tmp_path):
    first = create_app(config(tmp_path)).test_client()
    post(first, [*HAND_ONE, {"event": "score", "points": [100, 57]}])
    again = create_app(config(tmp_path)).test_client()
    assert state(again)["verdict"]["totals"] == [200, 114] and state(again)["version"] == 4
    post(again, [{"event": "hand", "dealer": 0}])
    assert state(again)["live"]["phase"] == "trump"


def test_a_torn_last_line_is_kept_and_the_log_goes_on(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text('{"event":"game","variant":"schieber"}\n{"event":"hand","dea', encoding="utf-8")
    client = create_app(config(tmp_path)).test_client()
    assert post(client, [{"event": "hand", "dealer": 3}]).status_code == 201
    lines = path.read_text().splitlines()
    assert lines[1] == '{"event":"hand","dea' and json.loads(lines[2])["event"] == "hand"
    rules = [v["rule"] for v in state(client)["verdict"]["violations"]]
    assert rules == ["illegal-event"]  # the torn line, reported, not a crash


def test_a_log_that_begins_with_a_blank_line_or_a_byte_order_mark_is_served(tmp_path):
    """``referee check`` skips blank lines and a byte-order mark; the board once took
    the blank first line for the header and stopped the server from starting."""
    starts = (("blank", "\n"), ("bom", "\ufeff"), ("bom-blank", "\ufeff\r\n"))  # a BOM: Windows
    for name, start in starts:
        path = tmp_path / name / "game.jsonl"
        path.parent.mkdir()
        path.write_text(start + '{"event":"game","variant":"schieber","target":2500}\n')
        client = create_app({**config(tmp_path), "LOG_PATH": str(path)}).test_client()
        assert post(client, [*HAND_ONE, {"event": "score", "points": [100, 57]}]).status_code == 201
        assert state(client)["verdict"]["totals"] == [200, 114]


def test_the_stream_pushes_the_board_when_the_log_grows(app, client):
    def later():
        post(app.test_client(), HAND_ONE)

    timer = threading.Timer(0.3, later)
    timer.start()
    response = client.get("/api/stream?since=1")
    chunks = []
    for chunk in response.response:
        chunks.append(chunk if isinstance(chunk, str) else chunk.decode())
        if "event: board" in chunks[-1]:
            break
    response.close()
    timer.join()
    data = json.loads(chunks[-1].split("data: ", 1)[1])
    assert data["version"] == 3 and "Hearts" in data["board"]


def test_a_stopping_server_ends_the_live_streams_at_once(tmp_path):
    """On a stop the table closes: a phone's stream, waiting for a change, ends at once
    (the phone reconnects to the next server) instead of being cut off mid-write."""
    app = create_app(config(tmp_path, STREAM_MAX_SECONDS=30.0, STREAM_KEEPALIVE_SECONDS=10.0))
    timer = threading.Timer(0.3, app.extensions["jassref.table"].close)
    start = time.monotonic()
    timer.start()
    response = app.test_client().get("/api/stream?since=1&game=game.jsonl")  # up to date
    body = "".join(c if isinstance(c, str) else c.decode() for c in response.response)
    timer.join()
    assert body == "retry: 1000\n\n"
    assert time.monotonic() - start < 3


def first_board(client, since: int = 1) -> dict:
    """The first ``board`` event of a live stream from ``since``."""
    response = client.get(f"/api/stream?since={since}")
    for chunk in response.response:
        text = chunk if isinstance(chunk, str) else chunk.decode()
        if "event: board" in text:
            response.close()
            return json.loads(text.split("data: ", 1)[1])
    raise AssertionError("no board event")


def test_watching_phones_share_one_render_and_an_unlocked_one_gets_its_own(app, monkeypatch):
    """50 phones watching the same look cost one render per change; a phone with the PIN
    gets its own controls (its CSRF token must not reach the watching phones)."""
    post(app.test_client(), HAND_ONE)
    renders = []
    real = webui.views.fragments

    def counted(snapshot, view):
        renders.append(view)
        return real(snapshot, view)

    monkeypatch.setattr(webui.api, "fragments", counted)
    watching = [first_board(app.test_client()) for _ in range(3)]
    assert len(renders) == 1
    assert watching[0] == watching[1] == watching[2]
    assert 'name="csrf"' not in watching[0]["controls"]
    turned = app.test_client()
    turned.get("/?side=1")
    first_board(turned)
    assert len(renders) == 2  # another look: the board upside down
    owner = app.test_client()
    token = unlock(owner)
    mine = first_board(owner)
    assert len(renders) == 3
    assert token in mine["controls"]


def test_no_traceback_reaches_a_user(app, client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("webui.views.render_board", broken)
    page = client.get("/")
    assert page.status_code == 500
    text = page.get_data(as_text=True)
    assert "Traceback" not in text and "boom" not in text and "went wrong" in text


def test_replay_agrees_with_check_on_the_sample():
    from importlib import resources

    text = resources.files("jassref.samples").joinpath("schieber-sample.jsonl").read_text()
    assert replay(text).verdict.to_json() == referee.check(text).to_json()


def sample_events() -> list[dict]:
    text = resources.files("jassref.samples").joinpath("schieber-sample.jsonl").read_text()
    return [json.loads(line) for line in text.splitlines()[1:]]


def jpeg(shade: int) -> bytes:
    ok, data = cv2.imencode(".jpg", np.full((90, 160, 3), shade, np.uint8))
    assert ok
    return data.tobytes()


def test_the_camera_picture_of_a_violation_is_shown_beside_its_proof(app, client):
    """Issue 7: 'Every violation ... and, when the camera saw it, the frame of that
    moment.' The picture comes with the event (the tracker, in the same append) or
    on its own (``PUT /api/frames/N``), and is kept with the game."""
    events = sample_events()
    table = app.extensions["jassref.table"]
    offence = 148  # the sample's renounce, proven at line 156
    for event in events[: offence - 1]:
        table.append([event])
    table.append([events[offence - 1]], frames={0: jpeg(40)})
    for event in events[offence:]:
        table.append([event])
    page = client.get("/").get_data(as_text=True)
    assert f'href="/frames/game.jsonl/{offence}.jpg"' in page
    picture = client.get(f"/frames/game.jsonl/{offence}.jpg")
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    assert picture.data == jpeg(40)
    assert (Path(app.config["LOG_PATH"]).with_suffix(".frames") / f"{offence}.jpg").exists()

    put = client.put("/api/frames/156", data=jpeg(200), headers={"X-Table-PIN": PIN})
    assert put.status_code == 201
    assert client.get("/frames/game.jsonl/156.jpg").data == jpeg(200)


def test_a_picture_needs_the_pin_a_jpeg_and_an_event_of_the_log(client):
    post(client, HAND_ONE)
    assert (
        client.put("/api/frames/1", data=jpeg(9), headers={"X-Table-PIN": "0000"}).status_code
        == 401
    )
    wrong = client.put("/api/frames/1", data=b"GIF89a...", headers={"X-Table-PIN": PIN})
    assert wrong.status_code == 415 and "JPEG" in wrong.get_json()["error"]
    beyond = client.put("/api/frames/99", data=jpeg(9), headers={"X-Table-PIN": PIN})
    assert beyond.status_code == 404 and "no line 99" in beyond.get_json()["error"]
    assert client.get("/frames/game.jsonl/1.jpg").status_code == 404
