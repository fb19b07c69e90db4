"""``jassref run`` as systemd and a laptop see it: a real process, real sockets."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from store import GameStore


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def settings(tmp_path, controls: str = "none") -> str:
    path = tmp_path / "table.toml"
    path.write_text(
        f'[table]\nstore = "table.db"\npin = "1234"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {free_port()}\n'
        f'[hardware]\ncontrols = "{controls}"\n',
        encoding="utf-8",
    )
    return str(path)


def run(config: str, **kwargs: object) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "jassref", "run", "--config", config],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **kwargs,
    )


def test_systemd_hears_ready_then_watchdog_pings_then_stopping_on_sigterm(tmp_path):
    """The unit is Type=notify with a watchdog: READY once the board answers, WATCHDOG
    at half of WATCHDOG_USEC while it does, STOPPING when systemd stops it."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify"))
    listener.settimeout(15)
    environ = {**os.environ, "NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "1000000"}
    service = run(settings(tmp_path), env=environ, stdin=subprocess.DEVNULL)
    try:
        heard = [listener.recv(512).decode()]
        assert heard[0].startswith("READY=1\nSTATUS=the tavla at http://127.0.0.1:")
        start = time.monotonic()
        while time.monotonic() - start < 2.2:
            heard.append(listener.recv(512).decode())
        assert heard.count("WATCHDOG=1") >= 3
        service.send_signal(signal.SIGTERM)
        while heard[-1] != "STOPPING=1":
            heard.append(listener.recv(512).decode())
        assert service.wait(15) == 0
    finally:
        service.kill()
        listener.close()
    assert "jassref: stopping" in (service.stdout.read() if service.stdout else "")


def test_phones_watching_the_board_do_not_hold_up_a_stop(tmp_path):
    """Each watching phone holds a live stream open; on SIGTERM the streams end at once,
    so the service stops without waiting for (or abandoning) the server's workers."""
    config = settings(tmp_path)
    port = int(re.search(r"port = (\d+)", Path(config).read_text(encoding="utf-8"))[1])
    service = run(config, stdin=subprocess.DEVNULL)
    try:
        streams = [watch(port) for _ in range(3)]
        service.send_signal(signal.SIGTERM)
        output = service.communicate(timeout=30)[0]
    finally:
        service.kill()
    assert service.returncode == 0, output
    assert "jassref: stopping" in output and "still running" not in output
    for stream in streams:
        stream.close()


def watch(port: int, tries: int = 60):
    """A live stream of the board on ``port`` (the service may still be starting)."""
    for _ in range(tries):
        try:
            stream = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stream", timeout=10)
        except OSError:
            time.sleep(0.25)
            continue
        stream.readline()  # the stream's first line: it is being served
        return stream
    raise AssertionError(f"nothing answers on port {port}")


def test_the_keyboard_stands_in_for_the_buttons_and_its_choice_is_stored(tmp_path):
    """On a laptop: seat 2's key pressed twice steps to hearts, held (Shift) chooses."""
    config = settings(tmp_path, controls="keyboard")
    service = run(config, stdin=subprocess.PIPE)
    assert service.stdin is not None and service.stdout is not None
    try:
        assert "the tavla is at" in service.stdout.readline()
        service.stdin.write("d")
        service.stdin.flush()
        time.sleep(0.8)
        service.stdin.write("D")
        service.stdin.flush()
        deadline = time.monotonic() + 15
        said = ""
        while "chooses" not in said and time.monotonic() < deadline:
            said = service.stdout.readline()
        assert said.strip() == "Seat 2 chooses ♥ hearts (Schellen)"
    finally:
        service.send_signal(signal.SIGTERM)
        service.wait(15)
    games = GameStore(tmp_path / "table.db")
    assert games.lines(games.current() or "")[1:] == [
        '{"event":"hand","dealer":1}',
        '{"event":"trump","seat":2,"mode":"H","pushed":false}',
    ]


@pytest.mark.skipif(importlib.util.find_spec("lgpio") is not None, reason="a Pi's GPIO library")
def test_buttons_asked_for_on_a_machine_without_gpio_are_refused_in_one_line(tmp_path):
    service = run(settings(tmp_path, controls="gpio"), stdin=subprocess.DEVNULL)
    output = service.communicate(timeout=30)[0]
    assert service.returncode == 2
    assert output.splitlines()[-1].startswith("jassref: hardware: no GPIO on this machine")
    assert "Traceback" not in output


def test_the_demo_runs_the_whole_table_unattended_and_exits_0(tmp_path):
    """``jassref demo --port N --seconds S --no-keyboard``: the rendered table video
    feeds the real pipeline; the board answers and fills as the camera sees cards."""
    port = free_port()
    command = ["demo", "--port", str(port), "--seconds", "12", "--no-keyboard"]
    demo = subprocess.Popen(
        [sys.executable, "-m", "jassref", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    versions = []
    deadline = time.monotonic() + 90
    while demo.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=5) as r:
                versions.append(json.load(r)["version"])
        except OSError:
            pass
        time.sleep(0.5)
    output = demo.communicate(timeout=60)[0]
    assert demo.returncode == 0, output
    assert f"the tavla is at http://127.0.0.1:{port}/" in output
    assert versions and versions[-1] > 3, versions  # the hand, the trump, cards seen
    assert "Schieber — target 2500" in output and "Traceback" not in output


def test_run_follows_a_recorded_table_with_the_camera_into_the_store(tmp_path):
    """``jassref run --camera DIR``: the frames go through the tracker into the table;
    the cards it saw are stored with the players' events, as the true log has them."""
    film = tmp_path / "film"
    render = ["render-game", "--variant", "schieber", "--seed", "7", "--tricks", "2", "--fast"]
    rendered = subprocess.run(
        [sys.executable, "-m", "jassref", "vision", *render, "--out", str(film)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert rendered.returncode == 0, rendered.stderr
    truth = (film / "truth.jsonl").read_text().splitlines()
    plays = [line for line in truth if '"play"' in line][:8]
    games = GameStore(tmp_path / "table.db")
    given = [
        json.loads(line)["event"] for line in (film / "buttons.jsonl").read_text().splitlines()
    ]
    name = games.start(json.dumps(given[0], separators=(",", ":")))
    before_plays = [e for e in given[1:] if e["event"] in ("hand", "trump")]
    games.append(name, [json.dumps(e, separators=(",", ":")) for e in before_plays])
    games.close()
    config = settings(tmp_path)
    service = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jassref",
            "run",
            "--config",
            config,
            "--camera",
            str(film / "frames"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        stored: list[str] = []
        while time.monotonic() < deadline and len(stored) < len(plays):
            time.sleep(1)
            store = GameStore(tmp_path / "table.db")
            stored = [line for line in store.lines(name) if '"play"' in line]
            store.close()
    finally:
        service.send_signal(signal.SIGTERM)
        output = service.communicate(timeout=30)[0]
    assert [json.loads(p) for p in stored] == [json.loads(p) for p in plays], output
    assert "watching the table" in output
    kept = json.loads((tmp_path / "table.json").read_text())  # beside the configuration
    assert kept["seat0"] == "bottom" and len(kept["mat"]) == 4


def test_a_seat_side_that_is_not_a_side_is_refused_in_one_line(tmp_path):
    config = settings(tmp_path)
    with open(config, "a", encoding="utf-8") as file:
        file.write('[camera]\nsource = "usb:0"\nseat0 = "north"\n')
    service = run(config, stdin=subprocess.DEVNULL)
    output = service.communicate(timeout=30)[0]
    assert service.returncode == 2, output
    assert output.splitlines()[-1] == "jassref: camera.seat0: one of bottom, right, top, left"
