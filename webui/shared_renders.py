"""The live board rendered once per change and per look, shared by the watching phones.

Why: after every change each open stream re-rendered the board for its phone — 50
renders of the same page under one GIL — and on a loaded Pi the last phone waited
longest (docs/benchmarks.md). Phones that only watch (locked) differ by nothing but
their view (side, figure, remainder, faces) and language, so one render per such look
serves them all. An unlocked phone's controls carry its own CSRF token: it is always
rendered for itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable


class SharedRenders:
    """Renders kept for the latest version of the log only."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version: Hashable = None
        self._renders: dict[Hashable, dict[str, str]] = {}

    def get(
        self, version: Hashable, look: Hashable, render: Callable[[], dict[str, str]]
    ) -> dict[str, str]:
        """The render of ``look`` at ``version``, made by ``render`` by the first phone
        that asks (the others wait for it rather than render the same page again)."""
        with self._lock:
            if version != self._version:
                self._version, self._renders = version, {}
            if look not in self._renders:
                self._renders[look] = render()
            return self._renders[look]
