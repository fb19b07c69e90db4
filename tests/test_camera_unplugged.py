"""The camera unplugged mid-game and plugged in again, through the running service (issue 8).

``jassref run`` (a real process) watches a network camera: an MJPEG stream this test
serves over HTTP from frames of a rendered mat, the way an IP camera or a phone's camera
app does. The test pulls the camera (the stream stops and refuses new connections) and
puts it back. Meanwhile the buttons are the table's GPIO buttons on gpiozero's mock pin
factory, so the status light is the real :class:`hardware.StatusIndicator` on pins.

The table must see: the light turning to fault when the camera goes, the board still
answering and taking a hand entered by hand, and the light back to ok once the camera
is picked up again — with nobody restarting anything.
"""

from __future__ import annotations

import http.server
import json
import os
import queue
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import cv2
import pytest

from vision.table_scene import Camera, Table

PIN = "1234"
FPS = 15


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class NetworkCamera:
    """An MJPEG camera on ``http://127.0.0.1:PORT/video.mjpg`` that can be unplugged:
    the stream it is sending ends, and a new connection is answered 503."""

    def __init__(self) -> None:
        table = Table(random.Random(4), (960, 540))
        camera = Camera(random.Random(4), (960, 540), float(FPS))
        self.jpegs = [
            cv2.imencode(".jpg", camera.expose(table.background, k))[1].tobytes() for k in range(8)
        ]
        self.plugged = threading.Event()
        self.plugged.set()
        handler = self._handler()
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/video.mjpg"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        camera = self

        class Stream(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if not camera.plugged.is_set():
                    self.send_error(503, "unplugged")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.end_headers()
                k = 0
                try:
                    while camera.plugged.is_set():
                        jpeg = camera.jpegs[k % len(camera.jpegs)]
                        head = f"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}"
                        self.wfile.write(head.encode() + b"\r\n\r\n" + jpeg + b"\r\n")
                        k += 1
                        time.sleep(1 / FPS)
                except OSError:
                    pass
                self.close_connection = True

            def log_message(self, *args: object) -> None:
                pass

        return Stream

    def close(self) -> None:
        self.plugged.clear()
        self.server.shutdown()
        self.server.server_close()


class Service:
    """``jassref run`` with its log read line by line in a thread."""

    def __init__(self, config: str) -> None:
        env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jassref", "run", "--config", config],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 60) -> str:
        """The first new log line matching ``pattern``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                assert self.process.poll() is None, "\n".join(self.seen)
                continue
            self.seen.append(line)
            if re.search(pattern, line):
                return line
        raise AssertionError(f"no line like {pattern!r} in:\n" + "\n".join(self.seen))

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        finally:
            while not self.lines.empty():
                self.seen.append(self.lines.get())
        return "\n".join(self.seen)


def post(port: int, event: dict) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/events",
        data=json.dumps(event).encode(),
        headers={"X-Table-PIN": PIN, "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def state(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=10) as response:
        return json.load(response)


@pytest.fixture
def camera() -> NetworkCamera:
    network_camera = NetworkCamera()
    yield network_camera
    network_camera.close()


def test_a_camera_pulled_mid_game_shows_a_fault_and_is_picked_up_when_it_returns(
    tmp_path, camera: NetworkCamera
) -> None:
    port = free_port()
    config = tmp_path / "table.toml"
    config.write_text(
        f'[table]\nstore = "table.db"\npin = "{PIN}"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {port}\n'
        f'[camera]\nsource = "{camera.url}"\ndeck = "swiss-xvii"\nretry_seconds = 0.5\n'
        '[hardware]\ncontrols = "gpio"\n',
        encoding="utf-8",
    )
    service = Service(str(config))
    try:
        service.wait_for(r"status: ok \(camera .*: watching the table\)")
        assert post(port, {"event": "hand", "dealer": 3}) == 201

        camera.plugged.clear()  # the cable is pulled
        service.wait_for(r"status: fault \(camera .* lost .*looking again every 0.5 s\)")
        assert post(port, {"event": "trump", "seat": 0, "mode": "S"}) == 201
        assert post(port, {"event": "play", "seat": 0, "card": "SJ"}) == 201
        board = state(port)
        hand = board["verdict"]["hands"][0]
        assert (hand["mode"], board["live"]["hand"]["to_play"]) == ("S", 1)

        camera.plugged.set()  # and put back
        service.wait_for(r"status: ok \(camera .*: watching the table\)")
        assert state(port)["version"] == board["version"]  # nothing lost, nothing made up
    finally:
        output = service.stop()
    assert "Traceback" not in output, output
