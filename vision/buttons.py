"""Button and phone events with the frame they were given at (``buttons.jsonl``).

The camera sees cards; the players say the rest (the game, each hand's dealer, the
trump, stöck, a claim) with the GPIO buttons or the phone. A recording keeps those
events beside its frames, one ``{"frame": N, "event": {...}}`` per line in the order
given, so a replay can hand each to the tracker just before the frame it came at.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from referee.engine import Event


class ButtonsError(ValueError):
    """A file that is not a list of button events; the message says where."""


@dataclass(frozen=True)
class Button:
    frame: int
    event: Event

    def to_json(self) -> dict[str, object]:
        return {"frame": self.frame, "event": self.event}


def read_buttons(path: Path) -> list[Button]:
    """The button events of a recording, in the order given."""
    try:
        lines = path.read_text().splitlines()
    except OSError as error:
        raise ButtonsError(f"{path}: cannot read the button events ({error.strerror})") from None
    buttons = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            button = Button(int(item["frame"]), dict(item["event"]))
        except (ValueError, KeyError, TypeError):
            raise ButtonsError(
                f'{path}, line {number}: not a button event ({{"frame": N, "event": {{...}}}})'
            ) from None
        if not isinstance(button.event.get("event"), str):
            raise ButtonsError(f"{path}, line {number}: the event has no name")
        buttons.append(button)
    if not buttons or buttons[0].event.get("event") != "game":
        raise ButtonsError(f"{path}: the first button event must be the 'game' header")
    return buttons


def write_buttons(path: Path, buttons: list[Button]) -> None:
    path.write_text("".join(json.dumps(b.to_json()) + "\n" for b in buttons))
