"""`jassref serve` as a user runs it: a real process on 127.0.0.1, stopped and
started again on the same log."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request

PIN = "1357"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(log, port):
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jassref",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--pin",
            PIN,
            "--log",
            str(log),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("serve did not start: " + process.communicate()[1])


def call(port, path, events=None):
    data = json.dumps(events).encode() if events is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, headers={"X-Table-PIN": PIN}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_serve_writes_the_log_and_resumes_after_a_restart(tmp_path):
    log, port = tmp_path / "game.jsonl", free_port()
    server = start(log, port)
    try:
        events = [
            {"event": "hand", "dealer": 3},
            {"event": "trump", "seat": 0, "mode": "undenufe"},
            {"event": "score", "points": [57, 100]},
        ]
        assert call(port, "/api/events", events)["accepted"] == [1, 2, 3]
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert f"table PIN {PIN}" in out
    assert len(log.read_text().splitlines()) == 4  # on disk before the answer
    port = free_port()
    server = start(log, port)
    try:
        state = call(port, "/api/state")
        assert state["verdict"]["totals"] == [171, 300] and state["version"] == 4
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_serve_refuses_a_file_that_is_not_a_game_log(tmp_path):
    log = tmp_path / "notes.txt"
    log.write_text("shopping list\n")
    done = subprocess.run(
        [sys.executable, "-m", "jassref", "serve", "--log", str(log), "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("jassref: ") and "not a game log" in done.stderr
    assert "Traceback" not in done.stderr and log.read_text() == "shopping list\n"


SERVE = [sys.executable, "-m", "jassref", "serve", "--host", "127.0.0.1"]


def start_without_pin(log, port, *extra):
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--log", str(log), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("serve did not start: " + process.communicate()[1])


def stop(process):
    process.terminate()
    return process.communicate(timeout=10)[0]


def test_the_pin_is_made_at_the_first_start_printed_and_kept(tmp_path):
    log = tmp_path / "game.jsonl"
    first = stop(start_without_pin(log, free_port()))
    pin = re.search(r"table PIN (\d{4})", first).group(1)
    again = stop(start_without_pin(log, free_port()))
    assert f"table PIN {pin}" in again  # a restart keeps it
    chosen = stop(start_without_pin(log, free_port(), "--pin", "86420"))
    assert "table PIN 86420" in chosen


def test_serve_qr_prints_a_qr_code_of_the_address(tmp_path):
    port = free_port()
    out = stop(start_without_pin(tmp_path / "game.jsonl", port, "--qr"))
    assert f"http://127.0.0.1:{port}/" in out
    blocks = [line for line in out.splitlines() if set(line) <= set("█▀▄ ") and len(line) > 20]
    assert len(blocks) >= 10  # a square of half-block characters
