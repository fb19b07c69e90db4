"""The Pi service: the unit file as systemd reads it, its install script, and the
sd_notify messages (READY, WATCHDOG, STOPPING) received on a socket the test opens.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hardware import HardwareConfig
from jassref import config
from jassref.systemd import ServiceNotifier, watchdog_interval

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "jassref.service"
INSTALLED = "/opt/jassref/venv/bin/jassref"
"""Where install.sh puts the program, and so what the unit runs."""


def unit_problems(text: str, tmp_path: Path) -> str:
    """What ``systemd-analyze verify`` says of a unit, with its exit status when not 0.

    It prints warnings (an unknown key, a bad value) and still exits 0, so any output
    at all is a problem."""
    assert shutil.which("systemd-analyze"), "systemd-analyze is missing (Debian: systemd)"
    path = tmp_path / "jassref.service"
    path.write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "SYSTEMD_LOG_COLOR": "0"},
        timeout=60,
    )
    status = f"exit status {result.returncode}\n" if result.returncode else ""
    return status + result.stdout + result.stderr


def as_here(text: str) -> str:
    """The unit with this checkout's ``jassref`` in place of the installed one.

    verify checks that ExecStart names an executable file, and ``/opt/jassref/venv``
    exists only on an installed Pi; everything else is verified as shipped."""
    here = Path(sys.executable).parent / "jassref"
    assert here.exists(), here
    assert text.count(INSTALLED) == 1
    return text.replace(INSTALLED, str(here))


def test_the_service_unit_passes_systemd_analyze_verify_without_a_word(tmp_path):
    assert unit_problems(as_here(UNIT.read_text()), tmp_path) == ""


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("ProtectSystem=strict", "ProtectSytem=strict"), "Unknown key 'ProtectSytem'"),
        (("WatchdogSec=30s", "WatchdogSec=half a minute"), "Failed to parse sec value"),
    ],
)
def test_the_check_catches_what_verify_only_warns_about(tmp_path, change, said):
    text = as_here(UNIT.read_text()).replace(*change)
    assert said in unit_problems(text, tmp_path)


def test_the_check_catches_a_program_that_is_not_there(tmp_path):
    assert "is not executable" in unit_problems(UNIT.read_text(), tmp_path)


def test_the_unit_runs_a_notifying_watched_hardened_service_as_its_own_user():
    settings = {}
    for line in UNIT.read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            settings[key] = value
    assert settings["Type"] == "notify" and settings["Restart"] == "on-failure"
    assert settings["WatchdogSec"] == "30s" and settings["User"] == "jassref"
    assert settings["ExecStart"] == f"{INSTALLED} run --config /etc/jassref/jassref.toml"
    for option in ("NoNewPrivileges", "ProtectHome", "PrivateTmp"):
        assert settings[option] == "yes"
    assert settings["ProtectSystem"] == "strict" and settings["StateDirectory"] == "jassref"


def test_the_install_script_passes_shellcheck():
    assert shutil.which("shellcheck"), "shellcheck is missing (Debian: shellcheck)"
    script = ROOT / "systemd" / "install.sh"
    result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, "")
    assert os.access(script, os.X_OK)


def test_the_installed_settings_load_and_store_games_where_the_service_may_write():
    """``jassref run`` reads /etc/jassref/jassref.toml over the defaults: the example
    must load, keep its store and the camera's calibration in the unit's
    StateDirectory (all else is read-only under ProtectSystem=strict), and name the
    README's pin map, the defaults."""
    settings = config.load(ROOT / "systemd" / "jassref.toml")
    assert settings["table"]["store"] == "/var/lib/jassref/jassref.db"
    written = {settings[section][key] for section, key in config.PATH_KEYS}
    assert all(path.startswith("/var/lib/jassref/") for path in written), written
    assert settings["camera"]["source"] == "picamera2"
    assert HardwareConfig.from_mapping(settings["hardware"]) == HardwareConfig()
    assert HardwareConfig.from_mapping(config.defaults()["hardware"]) == HardwareConfig()


# --- sd_notify ---------------------------------------------------------------------


@pytest.fixture(params=["path", "abstract"])
def notify_socket(request, tmp_path, monkeypatch):
    """A datagram socket standing in for systemd's, named in NOTIFY_SOCKET: a file,
    or ``@name`` in the abstract namespace."""
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if request.param == "path":
        address = str(tmp_path / "notify")
        server.bind(address)
        monkeypatch.setenv("NOTIFY_SOCKET", address)
    else:
        name = f"jassref-test-{os.getpid()}-{time.monotonic_ns()}"
        server.bind("\0" + name)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    server.settimeout(5.0)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    yield server
    server.close()


def received(server: socket.socket) -> str:
    return server.recv(4096).decode()


def drain(server: socket.socket, quiet: float, limit: int = 20) -> list[str]:
    """The messages until none comes for ``quiet`` seconds (at most ``limit``)."""
    server.settimeout(quiet)
    messages: list[str] = []
    try:
        while len(messages) < limit:
            messages.append(received(server))
    except TimeoutError:
        pass
    finally:
        server.settimeout(5.0)
    return messages


def test_ready_status_and_stopping_reach_the_socket(notify_socket):
    notifier = ServiceNotifier()
    notifier.ready("board on http://192.0.2.1:8000")
    assert received(notify_socket) == "READY=1\nSTATUS=board on http://192.0.2.1:8000"
    notifier.status("camera lost")
    assert received(notify_socket) == "STATUS=camera lost"
    notifier.stopping()
    assert received(notify_socket) == "STOPPING=1"


def test_the_watchdog_is_pinged_at_half_its_interval_while_healthy(notify_socket, monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "300000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    notifier = ServiceNotifier()
    assert notifier.interval == 0.3
    healthy = [True]
    notifier.start_watchdog(lambda: healthy[0])
    times = []
    for _ in range(3):
        assert received(notify_socket) == "WATCHDOG=1"
        times.append(time.monotonic())
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(0.14 <= gap < 0.27 for gap in gaps), gaps  # half the interval, not all of it
    healthy[0] = False  # a hung pipeline: no more pings, systemd restarts the service
    assert len(drain(notify_socket, quiet=0.35)) <= 1  # one may have been on its way
    notifier.stopping()
    assert received(notify_socket) == "STOPPING=1"


def test_stopping_ends_the_pings(notify_socket, monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "100000")
    notifier = ServiceNotifier()
    notifier.start_watchdog(lambda: True)
    assert received(notify_socket) == "WATCHDOG=1"
    notifier.stopping()
    messages = drain(notify_socket, quiet=0.3)
    assert messages[-1] == "STOPPING=1" and set(messages[:-1]) <= {"WATCHDOG=1"}
    assert len(messages) <= 2


def test_outside_systemd_nothing_is_sent_and_nothing_fails(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    notifier = ServiceNotifier()
    notifier.ready()
    notifier.start_watchdog(lambda: True)
    notifier.stopping()
    assert notifier.interval is None


@pytest.mark.parametrize(
    ("environ", "interval"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 30.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4242"}, 30.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "99"}, None),  # meant for another
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_the_watchdog_interval_follows_sd_watchdog_enabled(environ, interval):
    assert watchdog_interval(environ, pid=4242) == interval
