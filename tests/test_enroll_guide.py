"""Enrolling a deck at the table: the guide's state, the status light and buzzer that
confirm each view, and the phone page that shows the card asked for (issue 5:
"a phone page or the terminal shows which card next, the LED/phone confirms each").

The light runs on gpiozero's mock pins, the page in a real browser, and the whole
command as a player runs it, on the camera's frames from a folder.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import cv2
import numpy as np
import pytest
import waitress
from enroll_frames import PLACES, laid_frames, table_one
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from test_hardware_gpio import BUZZER, GREEN, RED, rises, wait_for

import hardware
from jassref.cli import main
from jassref.enroll import ALONE, CROWDED_COLOUR, Preview, _on_light
from referee.cards import CARDS, card_code, card_display
from vision.art import DESIGNS, card_images
from vision.enroll import CROWDED, INTO_VIEW, ONE_ONLY, EnrollmentIncomplete, enroll
from vision.enroll_guide import Change, Guide
from vision.enroll_progress import Progress, ProgressError
from vision.identify import Identifier
from vision.profile import DeckProfile
from vision.reader import read_frame
from vision.sources import FolderSource, Frame
from webui.enrollment import create_enrollment_app
from webui.serving import stop_serving

from webui_helpers import free_port

ROOT = Path(__file__).resolve().parents[1]
JASSREF = [sys.executable, "-m", "jassref"]
SHOTS = os.environ.get("WEBUI_SHOTS")


def _changes(guide: Guide) -> list[tuple[Change, int, str | None, int, str]]:
    seen: list[tuple[Change, int, str | None, int, str]] = []
    guide.listen(lambda s, change: seen.append((change, s.number, s.card, s.views, s.problem)))
    return seen


def test_the_guide_follows_the_enrollment_card_by_card():
    guide = Guide("my-deck", strays=1)
    seen = _changes(guide)
    guide.asked(CARDS[0])
    guide.prompt("show ♥6 alone, then move it after each beep")
    guide.confirm(CARDS[0])
    guide.prompt("move ♥6 further into the camera's view: it lies at the picture's edge")
    guide.confirm(CARDS[0])
    guide.asked(None)
    guide.prompt("show a card Jass leaves out (1 of 1: a two to five or a joker) alone")
    guide.confirm(None)
    guide.finish("deck profile 'my-deck' written to deck.npz")
    first = card_code(CARDS[0])
    moved = "move ♥6 further into the camera's view: it lies at the picture's edge"
    assert seen == [
        (Change.ASKED, 1, first, 0, ""),
        (Change.TAKEN, 1, first, 1, ""),
        (Change.MOVE, 1, first, 1, moved),
        (Change.TAKEN, 1, first, 2, ""),  # a view taken: the card lies where it should
        (Change.ASKED, 2, None, 0, ""),
        (Change.TAKEN, 2, None, 1, ""),
        (Change.DONE, 2, None, 1, ""),
    ]
    state = guide.state
    assert (state.total, state.taken, state.failed) == (37, 3, False)
    assert state.name == "a card Jass leaves out"
    assert state.outcome == "deck profile 'my-deck' written to deck.npz"
    assert json.loads(json.dumps(state.to_json()))["line"].startswith("show a card Jass")


def test_the_guide_names_cards_as_the_deck_does():
    guide = Guide("meine-karten", style="swiss")
    guide.asked(CARDS[4])
    assert (guide.state.card, guide.state.name) == ("H10", "Schellen Banner")
    guide.fail("the camera stopped before every card was shown")
    assert guide.state.failed and guide.state.outcome.startswith("the camera stopped")


@pytest.fixture
def light():
    factory = MockFactory()
    indicator = hardware.status_light({"hardware": {}}, factory)
    pins = {name: factory.pin(number) for name, number in (("red", RED), ("green", GREEN))}
    pins["buzzer"] = factory.pin(BUZZER)
    yield indicator, pins
    indicator.close()


def test_the_status_light_and_buzzer_confirm_each_view(light):
    """Green while a card is awaited; at each view taken the green winks and the buzzer
    beeps once; amber blinking and a beep when the card must be moved, green again at
    the next view; a long beep at the end."""
    indicator, pins = light
    guide = Guide("my-deck")
    guide.listen(lambda state, change: _on_light(indicator, state, change))
    guide.asked(CARDS[0])
    guide.prompt("show ♥6 alone, then move it after each beep")
    assert pins["green"].state and not pins["red"].state
    assert rises(pins["buzzer"]) == 0
    pins["green"].clear_states()
    guide.confirm(CARDS[0])
    assert wait_for(lambda: rises(pins["buzzer"]) == 1)
    assert wait_for(lambda: pins["green"].state)  # lit again after the wink
    assert [s.state for s in pins["green"].states][-2:] == [False, True]
    guide.prompt("move ♥6 again: its views do not look alike yet")
    assert wait_for(lambda: rises(pins["red"]) >= 2 and rises(pins["buzzer"]) == 2)
    guide.confirm(CARDS[0])
    assert wait_for(lambda: rises(pins["buzzer"]) == 3)
    assert wait_for(lambda: pins["green"].state and not pins["red"].state)
    pins["buzzer"].clear_states()
    guide.finish("deck profile 'my-deck' written to deck.npz")
    assert wait_for(lambda: rises(pins["buzzer"]) == 1 and not pins["buzzer"].state)
    assert _last_on(pins["buzzer"]) >= 0.3  # the long beep
    assert pins["green"].state


def test_the_status_light_turns_red_when_enrollment_stops(light):
    indicator, pins = light
    guide = Guide("my-deck")
    guide.listen(lambda state, change: _on_light(indicator, state, change))
    guide.asked(CARDS[0])
    guide.prompt("show ♥6 alone, then move it after each beep")
    guide.fail("the camera stopped before every card was shown")
    assert pins["red"].state and not pins["green"].state
    assert wait_for(lambda: rises(pins["buzzer"]) == 3)


def test_the_page_shows_the_card_asked_for_and_how_far_the_deck_is():
    guide = Guide("my-deck")
    client = create_enrollment_app(lambda: guide.state.to_json()).test_client()
    first = client.get("/guide.json").get_json()
    assert (first["number"], first["face"]) == (0, None)
    guide.asked(CARDS[0])
    guide.prompt("show ♥6 alone, then move it after each beep")
    guide.confirm(CARDS[0])
    shown = client.get("/guide.json").get_json()
    code = card_code(CARDS[0])
    assert (shown["card"], shown["number"], shown["total"], shown["views"]) == (code, 1, 36, 1)
    assert f'data-card="{code}"' in shown["face"]
    page = client.get("/").get_data(as_text=True)
    assert "show ♥6 alone, then move it after each beep" in page
    assert f'data-card="{code}"' in page and "card 1 of 36 · views 1 of 3" in page
    assert client.get("/camera.jpg").status_code == 404  # no camera picture given
    with pytest.raises(ValueError, match="faces must be one of"):
        create_enrollment_app(lambda: guide.state.to_json(), "tarot")


def test_the_page_shows_what_the_camera_sees():
    """Where the guide waits, the player sees why: the camera's newest picture, made
    small, under the card asked for (none before the first frame)."""
    guide = Guide("my-deck")
    preview = Preview()
    client = create_enrollment_app(lambda: guide.state.to_json(), picture=preview.jpeg)
    client = client.test_client()
    assert client.get("/camera.jpg").status_code == 404
    assert 'id="picture"' in client.get("/").get_data(as_text=True)
    art = card_images(DESIGNS["kde-nicu-white"])
    frame, _ = table_one(art[CARDS[0]], PLACES[0])
    passed = list(preview.passing([_camera_frame(frame, "0")]))
    assert len(passed) == 1
    response = client.get("/camera.jpg")
    assert response.status_code == 200 and response.mimetype == "image/jpeg"
    shown = _camera_picture(client)
    assert shown.shape == (360, 640, 3)
    assert float(np.abs(cv2.resize(frame, (640, 360)).astype(int) - shown).mean()) < 4
    assert _outlined(shown, ALONE) > 200  # the card, outlined in green
    two = np.where(frame != table_one(None)[0], frame, table_one(art[CARDS[1]], PLACES[2])[0])
    list(preview.passing([_camera_frame(two, "1")]))
    shown = _camera_picture(client)
    assert _outlined(shown, ALONE) < 20 and _outlined(shown, CROWDED_COLOUR) > 400
    edge, _ = table_one(art[CARDS[1]], (1150, 300))  # one card, a sliver past the edge
    list(preview.passing([_camera_frame(edge, "2")]))
    shown = _camera_picture(client)
    assert _outlined(shown, ALONE) < 20 and _outlined(shown, CROWDED_COLOUR) > 150


def test_a_picture_the_page_cannot_make_is_said_once(caplog):
    def broken() -> bytes:
        raise ValueError("no colour in this frame")

    client = create_enrollment_app(lambda: Guide("d").state.to_json(), picture=broken)
    client = client.test_client()
    assert [client.get("/camera.jpg").status_code for _ in range(3)] == [503] * 3
    said = [r.getMessage() for r in caplog.records if r.name == "webui.enrollment"]
    assert said == ["the camera's picture for the page failed: no colour in this frame"]


def _camera_frame(picture: np.ndarray, name: str) -> Frame:
    """A camera's frame of ``picture``, its low-resolution grey a picture of every
    eighth pixel."""
    return Frame(picture, picture[::8, ::8, 0], name)


def _camera_picture(client) -> np.ndarray:
    """The picture the page shows of the camera (``/camera.jpg``), decoded."""
    return cv2.imdecode(np.frombuffer(client.get("/camera.jpg").data, np.uint8), cv2.IMREAD_COLOR)


def _outlined(picture: np.ndarray, colour: tuple[int, int, int]) -> int:
    """Pixels of a JPEG picture near ``colour`` (BGR): an outline drawn in it."""
    near = np.abs(picture.astype(int) - np.array(colour)).max(axis=2) < 40
    return int(near.sum())


def test_a_phone_follows_the_enrollment_live(browser):
    """A phone opened on the page before the first card: it shows each card asked for
    with its face, flashes green at each view taken, shows what to fix when the card
    must be moved, and how it ended."""
    guide = Guide("my-deck", style="swiss")
    preview = Preview()
    app = create_enrollment_app(lambda: guide.state.to_json(), "swiss", preview.jpeg)
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=2)
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    try:
        page = browser.new_page(viewport={"width": 390, "height": 760})
        page.goto(f"http://127.0.0.1:{server.effective_port}/")
        assert page.inner_text("#line") == "Waiting for the camera…"
        guide.asked(CARDS[0])
        guide.prompt("show Schellen 6 alone, then move it after each beep")
        page.wait_for_selector(f'#face svg[data-card="{card_code(CARDS[0])}"]')
        assert page.inner_text("#count") == "card 1 of 36 · views 0 of 3"
        assert page.locator("#camera").is_hidden()  # no picture yet
        frame, _ = table_one(card_images(DESIGNS["kde-nicu-white"])[CARDS[0]], PLACES[0])
        list(preview.passing([_camera_frame(frame, "0")]))
        page.wait_for_selector("#camera:not([hidden])", timeout=5000)
        assert page.evaluate("document.getElementById('picture').naturalWidth") == 640
        guide.confirm(CARDS[0])
        page.wait_for_selector("#enroll.taken", timeout=3000)  # the green flash
        page.wait_for_function("document.getElementById('count').textContent.endsWith('1 of 3')")
        guide.prompt("move Schellen 6 further into the camera's view: it lies at the edge")
        page.wait_for_selector("#problem:not([hidden])")
        assert "further into the camera's view" in page.inner_text("#problem")
        assert page.inner_text("#line").startswith("show Schellen 6 alone")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / "enroll-move.png"), full_page=True)
        guide.confirm(CARDS[0])
        page.wait_for_selector("#problem[hidden]", state="attached")
        guide.asked(CARDS[1])
        guide.prompt("show Schellen 7 alone, then move it after each beep")
        page.wait_for_selector(f'#face svg[data-card="{card_code(CARDS[1])}"]')
        assert page.locator("#progress").get_attribute("value") is not None
        assert page.evaluate("document.getElementById('progress').value") == 1
        guide.finish("deck profile 'my-deck' written to deck.npz")
        page.wait_for_selector("#enroll[data-outcome=done]")
        assert page.inner_text("#outcome") == "deck profile 'my-deck' written to deck.npz"
        assert page.inner_text("#line") == "Every card is shown."
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "enroll-done.png"), full_page=True)
        page.close()
    finally:
        stop_serving(server, None, loop)


def test_enroll_shows_the_guide_on_a_phone_page_as_it_runs(tmp_path):
    """``jassref enroll --web`` as a player runs it, the camera's frames from a folder:
    a phone asking the page while the player lays the cards sees the cards asked for in
    the guide's order, views counted, and at the end the profile written."""
    art = card_images(DESIGNS["kde-nicu-white"])
    frames = laid_frames(
        tmp_path, (table_one(art[c], PLACES[place])[0] for c in CARDS for place in range(3))
    )
    port = free_port()
    settings = tmp_path / "table.toml"
    settings.write_text(
        f'[web]\nhost = "127.0.0.1"\nport = {port}\n[hardware]\ncontrols = "none"\n'
    )
    out = tmp_path / "deck.npz"
    command = ["enroll", "--source", str(frames), "--web", "--config", str(settings)]
    process = subprocess.Popen(
        [*JASSREF, *command, "--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen, pictures, failures = [], [], []
    deadline = time.monotonic() + 240
    asks = 0
    while process.poll() is None and time.monotonic() < deadline:
        asks += 1
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/guide.json", timeout=2) as r:
                seen.append(json.load(r))
            if asks % 10 == 0:  # the picture, as a phone asks for it: less often
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/camera.jpg", timeout=2) as r:
                    pictures.append(r.read())
        except urllib.error.HTTPError as error:
            failures.append(error.code)
        except OSError:
            pass
        time.sleep(0.05)  # the frames come from a folder: a card's views pass in a second
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert out.exists()
    asked = [s["card"] for s in seen if s["number"]]
    order = [card_code(c) for c in CARDS]
    assert len(set(asked)) >= 5 and asked == sorted(asked, key=order.index)
    assert any(s["views"] == 2 for s in seen)
    assert pictures and all(p.startswith(b"\xff\xd8") for p in pictures)  # JPEG
    assert set(failures) <= {404}  # before the first frame, none
    assert seen[-1]["outcome"] == f"deck profile 'my-deck' written to {out}"
    assert f"the guide is shown at http://127.0.0.1:{port}/" in stdout
    assert stdout.count("\a  got ") == 108
    assert stdout.rstrip().endswith(f"jassref: deck profile 'my-deck' written to {out}")


def test_enroll_refuses_a_busy_port_or_a_bad_config_in_one_line(tmp_path):
    """The table service still running holds the port: one line says so, and no
    profile is written; so does a settings file with a typo."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        settings = tmp_path / "table.toml"
        settings.write_text(f'[web]\nhost = "127.0.0.1"\nport = {port}\n')
        done = _enroll(tmp_path, "--web", "--config", str(settings))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert f"--web: cannot serve the page on 127.0.0.1:{port}" in done.stderr
    assert "systemctl stop jassref" in done.stderr
    for typo, said in (
        ("[hardware]\nstatus_lde = 3\n", "unknown setting hardware.status_lde"),
        ('[hardware]\ncontrols = "gpoi"\n', "hardware.controls: one of"),
        ("[web]\nport = 70000\n", "web.port: 70000 is not a port number"),
    ):
        (tmp_path / "typo.toml").write_text(typo)
        done = _enroll(tmp_path, "--config", str(tmp_path / "typo.toml"))
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert said in done.stderr and done.stdout == ""
    assert not (tmp_path / "x.npz").exists()


def test_the_guide_says_when_more_than_one_card_lies_in_view(tmp_path):
    """The player lays the 7 of hearts beside the 6, whose views are all taken, and
    both lie still for a second: the guide says once to take the other cards away (it
    used to wait without a word), then takes the 7 once it lies alone. The moment a
    player lays the next card before lifting the last is not called out."""
    art = card_images(DESIGNS["kde-nicu-white"])
    bare, _ = table_one(None)
    six, _ = table_one(art[CARDS[0]], PLACES[2])
    seven, _ = table_one(art[CARDS[1]], PLACES[0])
    both = np.where(seven != bare, seven, six)
    views = [table_one(art[c], at)[0] for c in CARDS[:2] for at in PLACES]
    for still, said in ((CROWDED + 2, [f"move {ONE_ONLY}, then show ♥7 alone"]), (CROWDED - 2, [])):
        (tmp_path / str(still)).mkdir()
        frames = laid_frames(tmp_path / str(still), [*views[:3], [both] * still, *views[3:]])
        shown, beeps = [], []
        with pytest.raises(EnrollmentIncomplete):  # the frames end after the 7's views
            enroll(FolderSource(frames).frames(), "d", prompt=shown.append, confirm=beeps.append)
        assert [line for line in shown if line.startswith("move")] == said
        assert beeps == [CARDS[0]] * 3 + [CARDS[1]] * 3


def test_each_of_the_guides_problems_is_said_once_it_arises(tmp_path):
    """Both cards lie still (said), then the 6 is slid gently off the table, too gently
    for the table to be seen moving, and the 7 is left lying at the picture's edge: that
    is said too, though the table was not seen to move between the two."""
    art = card_images(DESIGNS["kde-nicu-white"])
    bare, _ = table_one(None)
    seven, _ = table_one(art[CARDS[1]], (1150, 300))  # a sliver past the right edge
    sixes = [table_one(art[CARDS[0]], (860 + 12 * k, 180))[0] for k in range(36)]
    sliding = [np.where(seven != bare, seven, six) for six in sixes]
    views = [table_one(art[CARDS[0]], at)[0] for at in PLACES]
    frames = laid_frames(tmp_path, [*views, [sliding[0]] * (CROWDED + 2) + sliding + [seven] * 8])
    shown = []
    with pytest.raises(EnrollmentIncomplete):
        enroll(FolderSource(frames).frames(), "d", prompt=shown.append)
    assert [line for line in shown if line.startswith("move")] == [
        f"move {ONE_ONLY}, then show ♥7 alone",
        f"move ♥7 {INTO_VIEW}",
    ]


def test_the_light_shows_how_enrollment_ended_before_its_pins_are_let_go(
    tmp_path, monkeypatch, capsys
):
    """``jassref enroll --config`` (its light on gpiozero's mock pins) without ``--web``:
    the long beep at the end sounds whole, and where enrollment stops (the camera's
    frames ran out) the red light stays on a few seconds and beeps three times, before
    the pins are released. (The frames come from a folder as fast as they are read, so
    the views' beeps cut each other short; a camera's views are seconds apart.)"""
    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    settings = tmp_path / "table.toml"
    settings.write_text('[hardware]\ncontrols = "gpio"\n')
    art = card_images(DESIGNS["kde-nicu-white"])
    frames = laid_frames(
        tmp_path, (table_one(art[c], PLACES[place])[0] for c in CARDS for place in range(3))
    )
    out = tmp_path / "deck.npz"
    source = ["--source", str(frames), "--config", str(settings)]
    assert main(["enroll", *source, "--out", str(out)]) == 0
    assert out.exists()
    buzzer, red, green = (factory.pin(n) for n in (BUZZER, RED, GREEN))
    last = buzzer.states[-1]  # the long beep ended before the pins were let go
    assert not last.state and last.timestamp >= 0.3
    assert green.states[-1].state and not red.states[-1].state  # green when let go
    for pin in (buzzer, red, green):
        pin.clear_states()
    (tmp_path / "few").mkdir()
    few = laid_frames(tmp_path / "few", [table_one(art[CARDS[0]], at)[0] for at in PLACES])
    failed = main(["enroll", "--source", str(few), *source[2:], "--out", str(tmp_path / "x.npz")])
    assert failed == 2 and "the camera stopped before every card was shown" in (
        capsys.readouterr().err
    )
    beeps = [s.timestamp for s in buzzer.states if not s.state][-3:]
    assert not buzzer.states[-1].state  # three short beeps, sounded whole
    assert len(beeps) == 3 and min(beeps) >= 0.07
    assert red.states[-1].state and not green.states[-1].state


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_enrollment_in_one_line_and_writes_nothing(tmp_path, stop):
    """Ctrl-C, or a ``kill`` (a dropped ssh session's SIGHUP is taken alike). The first
    card is shown in one place, then the bare table lies in view for thousands of
    frames (links to one picture): the signal comes while the guide waits for the
    card's next view, with no card done, however slowly this test is scheduled (a whole
    deck shown at once could be enrolled before a loaded machine let the test send it;
    a card shown whole could be kept, and said so, before the signal)."""
    art = card_images(DESIGNS["kde-nicu-white"])
    frames = laid_frames(tmp_path, [table_one(art[CARDS[0]], PLACES[0])[0]])
    bare = frames / "0000.png"
    for index in range(100, 5100):
        (frames / f"{index:04d}.png").symlink_to(bare)
    out = tmp_path / "deck.npz"
    process = subprocess.Popen(
        [*JASSREF, "enroll", "--source", str(frames), "--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_from_a_terminal,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("\a  got"):
            break
    process.send_signal(stop)
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 2 and stderr == "jassref: enrollment stopped: no profile written\n"
    assert not out.exists()


def _as_from_a_terminal() -> None:
    """In the enrollment's process before it starts: Ctrl-C and ``kill`` act on it as
    on a command started from a terminal. A test process may hand on SIGINT ignored or
    blocked (whatever ran in it before), and a child inherits both: twice in full runs
    under pytest-xdist the signal did nothing (the enrollment ran on to its end)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def test_a_profile_that_cannot_be_written_is_refused_before_the_first_card(tmp_path):
    """Enrolling takes minutes: ``--out`` naming a folder, or a place nothing can be
    written, is refused in one line before the camera is opened."""
    for out, said in ((tmp_path, "a folder; name the profile file"), (Path("/proc/x.npz"), "")):
        done = subprocess.run(
            [*JASSREF, "enroll", "--source", "/nonexistent", "--out", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
        assert f"--out {out}: {said}" in done.stderr and "no such file" not in done.stderr


def test_the_page_says_when_the_guide_stops_answering(browser):
    """The command killed mid-run, or the Pi off: the phone says the guide is not
    answering rather than show the card asked for as if it still were."""
    guide = Guide("my-deck")
    guide.asked(CARDS[0])
    guide.prompt("show ♥6 alone, then move it after each beep")
    server = waitress.create_server(
        create_enrollment_app(lambda: guide.state.to_json()), host="127.0.0.1", port=0
    )
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    page = browser.new_page(viewport={"width": 390, "height": 760})
    page.goto(f"http://127.0.0.1:{server.effective_port}/")
    assert page.locator("#lost").is_hidden()
    stop_serving(server, None, loop)
    page.wait_for_selector("#lost:not([hidden])", timeout=10000)
    assert "not answering" in page.inner_text("#lost")
    page.close()


def test_an_enrollment_cut_short_goes_on_from_the_next_card(tmp_path):
    """The camera stops after the tenth card (unplugged, a power cut): the ten cards'
    views are kept beside the profile to be, and the same command run again asks for
    the eleventh card first, writes a profile that names the cards of both runs, and
    removes what it kept."""
    art = card_images(DESIGNS["kde-nicu-white"])
    laid = [[table_one(art[c], at)[0] for at in PLACES] for c in CARDS]
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    first = laid_frames(tmp_path / "first", [view for views in laid[:10] for view in views])
    second = laid_frames(tmp_path / "second", [view for views in laid[10:] for view in views])
    out = tmp_path / "deck.npz"
    kept = tmp_path / "deck.npz.enrolling"
    done = _enroll_from(first, out)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not out.exists()
    assert done.stderr == (
        "jassref: the camera stopped before every card was shown; the cards shown are "
        f"kept in {kept}: the same command goes on\n"
    )
    assert kept.exists() and done.stdout.count("\a  got ") == 30
    done = _enroll_from(second, out)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert (
        lines[0]
        == f"jassref: going on from {kept}: 10 of 36 cards shown (delete it to start again)"
    )
    assert (
        lines[1] == f"show {card_display(CARDS[10], 'french')} alone, then move it after each beep"
    )
    assert done.stdout.count("\a  got ") == 26 * 3
    assert out.exists() and not kept.exists()
    identifier = Identifier([DeckProfile.load(out)])
    for card in (CARDS[3], CARDS[20]):  # one of each run
        [read] = read_frame(table_one(art[card], (300, 300))[0], identifier).cards
        assert read.identification.card == card


def test_the_progress_of_another_deck_is_refused_in_one_line(tmp_path):
    art = card_images(DESIGNS["kde-nicu-white"])
    frames = laid_frames(tmp_path, [table_one(art[CARDS[0]], at)[0] for at in PLACES])
    out = tmp_path / "deck.npz"
    assert _enroll_from(frames, out, "--name", "ours").returncode == 2
    done = _enroll_from(frames, out, "--name", "theirs")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""
    assert "the progress of another enrollment (deck 'ours', french, 0 strays)" in done.stderr
    assert "delete it to start again" in done.stderr
    (tmp_path / "deck.npz.enrolling").write_bytes(b"not a zip")
    done = _enroll_from(frames, out)
    assert done.returncode == 2 and "not an enrollment's progress" in done.stderr


def test_progress_keeps_every_view_it_was_given(tmp_path):
    views = [np.full((12, 8, 3), k, np.uint8) for k in range(3)]
    progress = Progress("ours", "swiss", 1, {CARDS[5]: views}, [views[::-1]])
    progress.save(tmp_path / "p")
    again = Progress.load(tmp_path / "p", "ours", "swiss", 1)
    assert again.shown == 2 and list(again.cards) == [CARDS[5]]
    assert all(np.array_equal(a, b) for a, b in zip(again.cards[CARDS[5]], views, strict=True))
    assert [int(v[0, 0, 0]) for v in again.stray_views[0]] == [2, 1, 0]
    with pytest.raises(ProgressError, match="another enrollment"):
        Progress.load(tmp_path / "p", "ours", "swiss", 2)


def _enroll_from(frames: Path, out: Path, *args: str) -> subprocess.CompletedProcess:
    command = [*JASSREF, "enroll", "--source", str(frames), "--out", str(out), *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)


def _last_on(pin) -> float:
    """How long a mock pin was high the last time it went low, in seconds (gpiozero's
    mock pin records each change with the time since the one before)."""
    return [s.timestamp for s in pin.states if not s.state][-1]


def _enroll(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """``jassref enroll`` on the (empty) folder ``tmp_path``, writing ``x.npz`` there."""
    out = str(tmp_path / "x.npz")
    return subprocess.run(
        [*JASSREF, "enroll", "--source", str(tmp_path), *args, "--out", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
