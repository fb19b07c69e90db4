"""GPIO buttons, status LED and buzzer through gpiozero: the table's controls.

``jassref run`` needs only this::

    hw = hardware.from_config(config)           # or hardware.from_keyboard() on a laptop
    sink = hardware.TableSink(table)            # the web board's table
    hw.attach(sink, sink.view)
    hw.start()
    hw.status.fault("camera lost")              # ok() / attention() / fault() / beep()
    hw.ask(hardware.Question("seat 2 played ♠K?", [{"event": "play", ...}]))
    hw.close()

The press patterns are in :mod:`hardware.grammar`, the pin map in :mod:`hardware.config`.
"""

from hardware.config import HardwareConfig, HardwareConfigError, HardwareError
from hardware.controller import Hardware
from hardware.devices import from_config, from_keyboard, status_light
from hardware.grammar import ButtonGrammar, Outcome, Question
from hardware.presses import Gesture, PressTiming
from hardware.sink import Receipt, Sink, TableSink
from hardware.status import Status, StatusIndicator
from hardware.table_view import TableView

__all__ = [
    "ButtonGrammar",
    "Gesture",
    "Hardware",
    "HardwareConfig",
    "HardwareConfigError",
    "HardwareError",
    "Outcome",
    "PressTiming",
    "Question",
    "Receipt",
    "Sink",
    "Status",
    "StatusIndicator",
    "TableSink",
    "TableView",
    "from_config",
    "from_keyboard",
    "status_light",
]
