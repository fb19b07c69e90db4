"""An enrollment's progress, kept on disk card by card, so that one cut short goes on.

Enrolling a deck is 36 cards (and the strays asked for) shown three times each: ten
minutes at the table. A camera unplugged at card 30, a power cut, a Ctrl-C to fetch a
card from another room must not throw those minutes away. After each card whose views
agree, the views agreed so far are written whole (:func:`vision.files.write_npz`)
beside the profile to be; the same command run again goes on from the next card, and
the file is removed once the profile is written.

The file holds the camera's views as they were cut (the templates are made from them
only at the end, :meth:`vision.profile.DeckProfile.from_rectified`), with the deck's
name, style and number of strays: a progress file of another deck is refused, not
mixed in.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.cards import card_code, parse_card
from vision.files import write_npz

PROGRESS_VERSION = 1


class ProgressError(ValueError):
    """A progress file that cannot be gone on from; the message says why."""


@dataclass
class Progress:
    """The views agreed so far: each card's (by card code), then each stray's in order.

    :param name: the deck's name, as the profile will keep it.
    :param style: ``"french"`` or ``"swiss"``.
    :param strays: cards Jass leaves out that this enrollment asks for.
    """

    name: str
    style: str
    strays: int
    cards: dict[int, list[np.ndarray]] = field(default_factory=dict)
    stray_views: list[list[np.ndarray]] = field(default_factory=list)

    @property
    def shown(self) -> int:
        """Cards (and strays) whose views are agreed."""
        return len(self.cards) + len(self.stray_views)

    def save(self, path: Path) -> None:
        """Writes the progress to ``path``, whole or not at all."""
        arrays = {f"card_{card_code(c)}": np.stack(v) for c, v in self.cards.items()}
        arrays |= {f"stray_{k}": np.stack(v) for k, v in enumerate(self.stray_views)}
        write_npz(
            path,
            version=PROGRESS_VERSION,
            name=self.name,
            style=self.style,
            strays=self.strays,
            **arrays,
        )

    @classmethod
    def load(cls, path: Path, name: str, style: str, strays: int) -> Progress:
        """The progress kept at ``path`` by an enrollment of the deck ``name`` in
        ``style`` asking for ``strays`` cards Jass leaves out; :class:`ProgressError`
        where the file is no such progress."""
        try:
            with np.load(path, allow_pickle=False) as data:
                kept = {key: data[key] for key in data.files}
        except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
            raise ProgressError(f"not an enrollment's progress ({error})") from None
        if int(kept.get("version", -1)) != PROGRESS_VERSION:
            raise ProgressError("kept by another version of jassref")
        found = (str(kept["name"]), str(kept["style"]), int(kept["strays"]))
        if found != (name, style, strays):
            raise ProgressError(
                f"the progress of another enrollment (deck {found[0]!r}, {found[1]}, "
                f"{found[2]} strays)"
            )
        progress = cls(name, style, strays)
        for key, views in kept.items():
            if key.startswith("card_"):
                progress.cards[parse_card(key[5:])] = list(views)
        count = sum(key.startswith("stray_") for key in kept)
        progress.stray_views = [list(kept[f"stray_{k}"]) for k in range(count)]
        return progress
