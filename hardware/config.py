"""The pin map and press timings: the ``[hardware]`` section of the config file.

The defaults, in ``jassref/default.toml`` (``jassref run --print-defaults``), are the
wiring in the README: BCM numbers clear of I²C, SPI, UART and the camera connector.
A part that is not wired does no harm (an open button never closes, an absent LED is
not seen), so nothing needs switching off; a pin another board needs is moved::

    [hardware]
    seat_buttons = [5, 6, 13, 19]          # seat 0, 1, 2, 3; two pins for a two-player game
    ok_button = 26
    undo_button = 21
    status_led = { red = 17, green = 27 }  # a two-colour LED (or RGB, blue unwired)
    buzzer = 22                            # an active buzzer
    pull_up = true                         # buttons close to ground (false: to 3.3 V)
    bounce_time = 0.03                     # seconds a contact must hold still
    hold_time = 1.0                        # seconds for a long press
    double_time = 0.35                     # seconds between the presses of a double

Every value has one type (the service's configuration checks each against its
default), and :meth:`HardwareConfig.from_mapping` checks the rest: pin numbers, the two
LED colours, one pin for one part, timings that can be told apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hardware.presses import PressTiming

CONTROLS = ("auto", "gpio", "keyboard", "none")


class HardwareError(Exception):
    """The buttons, light or buzzer cannot be used; the message says why, for the user."""


class HardwareConfigError(HardwareError, ValueError):
    """A ``[hardware]`` value that cannot be used; the message names the key."""


@dataclass(frozen=True)
class StatusLedPins:
    red: int = 17
    green: int = 27


@dataclass(frozen=True)
class HardwareConfig:
    """Where each part is wired (BCM GPIO numbers) and how presses are timed."""

    controls: str = "auto"
    """What takes the announcements: ``gpio``, ``keyboard``, ``none``, or ``auto`` (the
    buttons where there is GPIO, else the keyboard in a terminal, else none)."""
    seat_buttons: tuple[int, ...] = (5, 6, 13, 19)
    """One button per seat, in seat order (seat 0 first)."""
    ok_button: int = 26
    undo_button: int = 21
    status_led: StatusLedPins = field(default_factory=StatusLedPins)
    buzzer: int = 22
    pull_up: bool = True
    """Buttons close the pin to ground, with the Pi's internal pull-up (the usual
    wiring: no resistor needed)."""
    timing: PressTiming = field(default_factory=PressTiming)

    @classmethod
    def from_mapping(cls, section: Mapping[str, object]) -> HardwareConfig:
        """Reads a ``[hardware]`` table (as :mod:`tomllib` gives it).

        Raises :class:`HardwareConfigError` for an unknown key or a bad value."""
        known = {
            "controls",
            "seat_buttons",
            "ok_button",
            "undo_button",
            "status_led",
            "buzzer",
            "pull_up",
            "bounce_time",
            "hold_time",
            "double_time",
        }
        unknown = sorted(set(section) - known)
        if unknown:
            raise HardwareConfigError(
                f"hardware: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )
        default = cls()
        controls = section.get("controls", default.controls)
        if controls not in CONTROLS:
            raise HardwareConfigError(f"hardware.controls: one of {', '.join(CONTROLS)}")
        seats = section.get("seat_buttons", list(default.seat_buttons))
        if not isinstance(seats, list) or len(seats) not in (2, 4):
            raise HardwareConfigError(
                "hardware.seat_buttons: a list of 4 pins (Schieber) or 2 (two-player games)"
            )
        timing_values = {}
        for key in ("bounce_time", "hold_time", "double_time"):
            value = section.get(key, getattr(default.timing, key))
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise HardwareConfigError(f"hardware.{key}: a number of seconds, got {value!r}")
            timing_values[key] = float(value)
        try:
            timing = PressTiming(**timing_values)
        except ValueError as error:
            raise HardwareConfigError(f"hardware: {error}") from None
        pull_up = section.get("pull_up", default.pull_up)
        if not isinstance(pull_up, bool):
            raise HardwareConfigError(f"hardware.pull_up: true or false, got {pull_up!r}")
        config = cls(
            controls=str(controls),
            seat_buttons=tuple(_pin(f"seat_buttons[{i}]", p) for i, p in enumerate(seats)),
            ok_button=_pin("ok_button", section.get("ok_button", default.ok_button)),
            undo_button=_pin("undo_button", section.get("undo_button", default.undo_button)),
            status_led=_status_led(section.get("status_led", vars(default.status_led))),
            buzzer=_pin("buzzer", section.get("buzzer", default.buzzer)),
            pull_up=pull_up,
            timing=timing,
        )
        _check_unique(config)
        return config

    def pins(self) -> list[tuple[str, int]]:
        """(key, pin) of every part, in the order of the section."""
        return [
            *((f"seat_buttons[{i}]", p) for i, p in enumerate(self.seat_buttons)),
            ("ok_button", self.ok_button),
            ("undo_button", self.undo_button),
            ("status_led.red", self.status_led.red),
            ("status_led.green", self.status_led.green),
            ("buzzer", self.buzzer),
        ]


def _pin(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 53:
        raise HardwareConfigError(f"hardware.{key}: a GPIO number (BCM, 0 to 53), got {value!r}")
    return value


def _status_led(value: object) -> StatusLedPins:
    if not isinstance(value, Mapping) or set(value) != {"red", "green"}:
        raise HardwareConfigError(
            "hardware.status_led: { red = PIN, green = PIN }, the two colours' GPIO numbers"
        )
    return StatusLedPins(
        red=_pin("status_led.red", value["red"]), green=_pin("status_led.green", value["green"])
    )


def _check_unique(config: HardwareConfig) -> None:
    seen: dict[int, str] = {}
    for key, pin in config.pins():
        if pin in seen:
            raise HardwareConfigError(f"hardware.{key}: pin {pin} is already {seen[pin]}")
        seen[pin] = key
