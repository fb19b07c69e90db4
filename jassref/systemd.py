"""Telling systemd how the service is doing (sd_notify): ready, alive, stopping.

The unit (``systemd/jassref.service``) is ``Type=notify`` with a watchdog: systemd
counts the service as started only at ``READY=1``, and restarts it when ``WATCHDOG=1``
has not come for ``WatchdogSec``. The messages are datagrams to the socket systemd
names in ``NOTIFY_SOCKET`` (a path, or ``@name`` in the abstract namespace), sent by
the small ``sdnotify`` package, which quietly does nothing outside systemd, so the same
code runs on a laptop. What it leaves out is here: the watchdog interval
(``WATCHDOG_USEC``, meant for this process when ``WATCHDOG_PID`` is unset or names it,
as sd_watchdog_enabled(3) reads it) and a thread that pings at half of it while the
service says it is healthy.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping

from sdnotify import SystemdNotifier


def watchdog_interval(environ: Mapping[str, str], pid: int) -> float | None:
    """Seconds within which systemd wants ``WATCHDOG=1`` from process ``pid``, or
    ``None`` when it watches no process or another one."""
    usec = environ.get("WATCHDOG_USEC", "")
    owner = environ.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if owner and (not owner.isdigit() or int(owner) != pid):
        return None
    return int(usec) / 1_000_000


class ServiceNotifier:
    """The service's messages to systemd (nothing happens outside systemd).

    ``NOTIFY_SOCKET`` and the watchdog settings are read from the environment when
    this object is made."""

    def __init__(self) -> None:
        self._notifier = SystemdNotifier()
        self.interval = watchdog_interval(os.environ, os.getpid())
        """The watchdog interval in seconds, or ``None`` without a watchdog."""
        self._stop = threading.Event()
        self._pinger: threading.Thread | None = None

    def ready(self, status: str = "") -> None:
        """The service is up: the board answers and the buttons listen."""
        self._send("READY=1", status)

    def status(self, text: str) -> None:
        """One line for ``systemctl status jassref``."""
        self._send(f"STATUS={text}")

    def alive(self) -> None:
        """Resets the watchdog (``WATCHDOG=1``)."""
        self._send("WATCHDOG=1")

    def stopping(self, status: str = "") -> None:
        """The service is shutting down; stops the watchdog pings first."""
        self.stop_watchdog()
        self._send("STOPPING=1", status)

    def start_watchdog(self, healthy: Callable[[], bool]) -> None:
        """Pings at half the watchdog interval, each time ``healthy()`` says so (a
        hung pipeline must not be kept alive by this thread). Does nothing without a
        watchdog."""
        if self.interval is None or self._pinger is not None:
            return
        self._stop.clear()
        self._pinger = threading.Thread(
            target=self._ping, args=(healthy, self.interval / 2), name="jassref-watchdog"
        )
        self._pinger.daemon = True
        self._pinger.start()

    def stop_watchdog(self) -> None:
        self._stop.set()
        if self._pinger is not None:
            self._pinger.join()
            self._pinger = None

    def _ping(self, healthy: Callable[[], bool], every: float) -> None:
        while True:
            if healthy():
                self.alive()
            if self._stop.wait(every):
                return

    def _send(self, state: str, status: str = "") -> None:
        self._notifier.notify(state + (f"\nSTATUS={status}" if status else ""))
