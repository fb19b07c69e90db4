"""Files written whole or not at all.

The card art and deck profiles are cached on first use, and a power cut — or a second
process (a second test worker, the service beside a ``jassref vision`` command) reading
the cache while the first writes it — must never find half a file there: the art would
be "unreadable cached card art" until the user deleted the folder. Each file is written
under a name of its own in the same folder, then renamed into place (``os.replace``,
atomic on one file system).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np


@contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """A path beside ``path`` to write to, with the same suffix (OpenCV picks the image
    format by it); renamed to ``path`` when the block ends without an error, removed
    when it raises."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.stem}.{os.getpid()}.partial{path.suffix}")
    try:
        yield partial
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def write_npz(path: Path, **arrays: object) -> None:
    """``arrays`` compressed into one NumPy ``.npz`` file at ``path``, written whole
    (:func:`written_whole`); through a file object, so no ``.npz`` is added to a name
    that lacks it."""
    with written_whole(path) as partial, open(partial, "wb") as out:
        np.savez_compressed(out, **arrays)
