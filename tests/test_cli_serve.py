"""`jassref serve` as a user runs it: a real process on 127.0.0.1, stopped and
started again on the same log."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request

import pytest

from webui_helpers import free_port, serve_process

PIN = "1357"


def start(log, port):
    return serve_process(log, port, "--pin", PIN)


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


@pytest.mark.parametrize(
    "content",
    [b"shopping list\n", b"hello world", b"\xff\xfe\x00x"],
    ids=["text", "no-last-newline", "binary"],
)
def test_serve_refuses_a_file_that_is_not_a_game_log(tmp_path, content):
    log = tmp_path / "notes.txt"
    log.write_bytes(content)
    done = subprocess.run(
        [sys.executable, "-m", "jassref", "serve", "--log", str(log), "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("jassref: ") and "not a game log" in done.stderr
    assert "Traceback" not in done.stderr and log.read_bytes() == content  # left as it was


def stop(process):
    process.terminate()
    return process.communicate(timeout=10)[0]


def test_the_pin_is_made_at_the_first_start_printed_and_kept(tmp_path):
    log = tmp_path / "game.jsonl"
    first = stop(serve_process(log, free_port()))
    pin = re.search(r"table PIN (\d{4})", first).group(1)
    again = stop(serve_process(log, free_port()))
    assert f"table PIN {pin}" in again  # a restart keeps it
    chosen = stop(serve_process(log, free_port(), "--pin", "86420"))
    assert "table PIN 86420" in chosen


def test_serve_qr_prints_a_qr_code_of_the_address(tmp_path):
    port = free_port()
    out = stop(serve_process(tmp_path / "game.jsonl", port, "--qr"))
    assert f"http://127.0.0.1:{port}/" in out
    blocks = [line for line in out.splitlines() if set(line) <= set("█▀▄ ") and len(line) > 20]
    assert len(blocks) >= 10  # a square of half-block characters
