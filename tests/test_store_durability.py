"""A power cut at the table loses nothing that was acknowledged (issue 8).

The real service (``jassref run``, a subprocess over a real SQLite store) is killed with
SIGKILL at 100 random moments while a simulated Schieber game is posted to it event by
event, and started again each time. After every restart the stored log must hold every
event that had been acknowledged, in order, and nothing that was not sent; at the end
the board's verdict must equal the referee's verdict of the uninterrupted game.
"""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import referee
from referee.gamelog import dump_event, dump_log
from referee.simulate import SimulationOptions, simulate_schieber

KILLS = 100
PIN = "2468"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(config: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "jassref", "run", "--config", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        return response.read().decode()


def wait_ready(port: int, process: subprocess.Popen) -> list[str]:
    """The stored log, once the restarted service answers."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read().decode()  # type: ignore[union-attr]
        try:
            return get(port, "/api/log").splitlines()
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    raise AssertionError("the service did not come up within 30 s")


class Poster(threading.Thread):
    """Posts events one by one from ``start`` on, counting the acknowledged ones, until
    the service dies under it."""

    def __init__(self, port: int, lines: list[str], start: int) -> None:
        super().__init__(daemon=True)
        self.port, self.lines, self.next = port, lines, start
        self.acknowledged = start

    def run(self) -> None:
        while self.next < len(self.lines):
            request = urllib.request.Request(
                f"http://127.0.0.1:{self.port}/api/events",
                data=self.lines[self.next].encode(),
                headers={"X-Table-PIN": PIN},
                method="POST",
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    assert response.status == 201
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return
            self.next += 1
            self.acknowledged = self.next


def test_sigkill_at_100_random_moments_loses_no_acknowledged_event(tmp_path):
    moments = random.Random(20261122)
    game = simulate_schieber(random.Random(8), SimulationOptions(hands=24, claim=False))
    lines = [dump_event(e) for e in game]
    port = free_port()
    config = tmp_path / "table.toml"
    config.write_text(
        f'[table]\nstore = "table.db"\npin = "{PIN}"\nvariant = "schieber"\n'
        f'target = {game[0]["target"]}\n[web]\nhost = "127.0.0.1"\nport = {port}\nthreads = 4\n',
        encoding="utf-8",
    )
    acknowledged = 1  # the game event, stored at the first start
    killed_mid_game = 0
    for _ in range(KILLS):
        process = start(config)
        stored = wait_ready(port, process)
        assert stored == lines[: len(stored)], "the store holds events that were never sent"
        assert len(stored) >= acknowledged, (
            f"{acknowledged - len(stored)} acknowledged event(s) lost after SIGKILL"
        )
        poster = Poster(port, lines, len(stored))
        poster.start()
        time.sleep(moments.uniform(0.0, 0.25))
        killed_mid_game += poster.next < len(lines)
        process.send_signal(signal.SIGKILL)
        process.wait()
        poster.join()
        acknowledged = poster.acknowledged

    process = start(config)
    try:
        stored = wait_ready(port, process)
        assert stored == lines[: len(stored)] and len(stored) >= acknowledged
        poster = Poster(port, lines, len(stored))
        poster.run()
        assert poster.acknowledged == len(lines)
        board = json.loads(get(port, "/api/state"))["verdict"]
    finally:
        process.terminate()
        process.wait()
    uninterrupted = referee.check(dump_log(game)).to_json()
    assert board == json.loads(json.dumps(uninterrupted))
    assert board["totals"] == uninterrupted["totals"]
    assert killed_mid_game >= KILLS * 0.9, f"only {killed_mid_game} kills fell inside the game"
