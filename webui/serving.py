"""Stopping a waitress server that serves live boards.

Why this needs care: a live board is a stream that waits for the table to change. Were
the server's sockets closed under it, its worker thread would go on writing into them
and fail, and a server loop running in another thread would select on closed sockets
(a traceback at every stop). So the table is closed first — every stream ends at once
and the phones reconnect to the next server — then the worker threads are let go, and
the sockets are closed by the server's own loop, which then ends.
"""

from __future__ import annotations

import threading
from typing import Any

from waitress import wasyncore

from webui.table import Table

GRACE_SECONDS = 5.0


def stop_serving(server: Any, table: Table | None, loop: threading.Thread | None = None) -> None:
    """Stops ``server`` (made by ``waitress.create_server``) serving ``table``.

    :param table: the table whose live streams end first; ``None`` for a server that
        streams nothing (the enrollment page, :mod:`webui.enrollment`).
    :param loop: the thread running ``server.run()``, if it runs in one; ``None`` when
        the loop has already returned (it ran in this thread and was interrupted).
    """
    if table is not None:
        table.close()
    server.task_dispatcher.shutdown(timeout=GRACE_SECONDS)
    if loop is None or not loop.is_alive():
        server.close()
        return
    try:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
    except OSError:
        # The loop's wake-up pipe is closed already: the loop is ending on its own and
        # cannot be woken; what it has not closed yet is closed here, and its next
        # select (at most one loop timeout away) finds nothing left to serve.
        wasyncore.close_all(server._map)
    loop.join(GRACE_SECONDS)
