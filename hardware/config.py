"""The pin map and press timings: the ``[hardware]`` section of the config file.

Every key may be left out; the defaults are the wiring in the README (BCM numbers,
clear of I²C, SPI, UART and the camera connector)::

    [hardware]
    seat_buttons = [5, 6, 13, 19]          # seat 0, 1, 2, 3; two pins for a two-player game
    ok_button = 26                         # false: no OK button
    undo_button = 21                       # false: no UNDO button
    status_led = { red = 17, green = 27 }  # false: no status light
    buzzer = 22                            # false: no buzzer
    pull_up = true                         # buttons close to ground (false: to 3.3 V)
    bounce_time = 0.03                     # seconds a contact must hold still
    hold_time = 1.0                        # seconds for a long press
    double_time = 0.35                     # seconds between the presses of a double

A pin is a BCM number or any name gpiozero knows (``"GPIO5"``, ``"BOARD29"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hardware.presses import PressTiming

Pin = int | str


class HardwareError(Exception):
    """The buttons, light or buzzer cannot be used; the message says why, for the user."""


class HardwareConfigError(HardwareError, ValueError):
    """A ``[hardware]`` value that cannot be used; the message names the key."""


@dataclass(frozen=True)
class StatusLedPins:
    red: Pin = 17
    green: Pin = 27


@dataclass(frozen=True)
class HardwareConfig:
    seat_buttons: tuple[Pin, ...] = (5, 6, 13, 19)
    """One button per seat, in seat order (seat 0 first)."""
    ok_button: Pin | None = 26
    undo_button: Pin | None = 21
    status_led: StatusLedPins | None = field(default_factory=StatusLedPins)
    buzzer: Pin | None = 22
    pull_up: bool = True
    """Buttons close the pin to ground, with the Pi's internal pull-up (the usual
    wiring: no resistor needed)."""
    timing: PressTiming = field(default_factory=PressTiming)

    @classmethod
    def from_mapping(cls, section: Mapping[str, object]) -> HardwareConfig:
        """Reads a ``[hardware]`` table (as :mod:`tomllib` gives it).

        Raises :class:`HardwareConfigError` for an unknown key or a bad value."""
        known = {
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
            seat_buttons=tuple(_pin(f"seat_buttons[{i}]", p) for i, p in enumerate(seats)),
            ok_button=_optional_pin("ok_button", section, default.ok_button),
            undo_button=_optional_pin("undo_button", section, default.undo_button),
            status_led=_status_led(section.get("status_led", True)),
            buzzer=_optional_pin("buzzer", section, default.buzzer),
            pull_up=pull_up,
            timing=timing,
        )
        _check_unique(config)
        return config

    def pins(self) -> list[tuple[str, Pin]]:
        """(key, pin) of every device, in the order of the section."""
        named: list[tuple[str, Pin | None]] = [
            *((f"seat_buttons[{i}]", p) for i, p in enumerate(self.seat_buttons)),
            ("ok_button", self.ok_button),
            ("undo_button", self.undo_button),
            ("buzzer", self.buzzer),
        ]
        if self.status_led is not None:
            named += [("status_led.red", self.status_led.red)]
            named += [("status_led.green", self.status_led.green)]
        return [(key, pin) for key, pin in named if pin is not None]


def _pin(key: str, value: object) -> Pin:
    if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
        raise HardwareConfigError(
            f"hardware.{key}: a BCM pin number or a pin name such as 'GPIO5', got {value!r}"
        )
    if isinstance(value, int) and not 0 <= value <= 53:
        raise HardwareConfigError(f"hardware.{key}: GPIO numbers go from 0 to 53, got {value}")
    return value


def _optional_pin(key: str, section: Mapping[str, object], default: Pin | None) -> Pin | None:
    value = section.get(key, default)
    return None if value is False else _pin(key, value)


def _status_led(value: object) -> StatusLedPins | None:
    if value is False:
        return None
    if value is True:
        return StatusLedPins()
    if not isinstance(value, Mapping) or set(value) != {"red", "green"}:
        raise HardwareConfigError(
            "hardware.status_led: { red = PIN, green = PIN } (a two-colour LED), or false"
        )
    return StatusLedPins(
        red=_pin("status_led.red", value["red"]), green=_pin("status_led.green", value["green"])
    )


def _check_unique(config: HardwareConfig) -> None:
    seen: dict[Pin, str] = {}
    for key, pin in config.pins():
        if pin in seen:
            raise HardwareConfigError(f"hardware.{key}: pin {pin} is already {seen[pin]}")
        seen[pin] = key
