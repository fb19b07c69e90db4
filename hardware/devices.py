"""Building the table's controls: gpiozero devices from the pin map, or the keyboard.

gpiozero's pin factory is the seam between this code and the pins: on the Pi it is
lgpio; tests and laptops pass :class:`gpiozero.pins.mock.MockFactory` (or set
``GPIOZERO_PIN_FACTORY=mock``) and everything above the pins runs as on the Pi.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import TextIO, TypeVar

from gpiozero import Buzzer, Device, DigitalInputDevice, LEDBoard
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins import Factory

from hardware.config import HardwareConfig, HardwareConfigError, HardwareError
from hardware.controller import Hardware, log
from hardware.grammar import OK, UNDO, buttons_for, seat_button
from hardware.keyboard import Keyboard
from hardware.presses import Presses, PressTiming
from hardware.status import StatusIndicator

Made = TypeVar("Made")
NO_GPIO = (
    "no GPIO on this machine (gpiozero found no pin library; on a Pi it uses lgpio): "
    "use the keyboard instead, or set GPIOZERO_PIN_FACTORY=mock to try the pins"
)


def from_config(
    config: Mapping[str, object],
    factory: Factory | None = None,
    say: Callable[[str], None] | None = None,
    clock: Callable[[], float] | None = None,
) -> Hardware:
    """The buttons, status light and buzzer that the ``[hardware]`` section of
    ``config`` (the whole parsed config file) wires up; defaults for what it leaves out
    (see :mod:`hardware.config`).

    :param factory: gpiozero's pin factory; ``None`` takes gpiozero's default (lgpio on
        a Pi, or whatever ``GPIOZERO_PIN_FACTORY`` names).
    :param say: told one line per press and status change (default: the log).
    :param clock: seconds, monotonic (tests pass a fake clock).

    The result is not connected to a game: :meth:`Hardware.attach`, then
    :meth:`Hardware.start`. Raises :class:`HardwareError` (or its
    :class:`HardwareConfigError`) with a message for the user; no pin stays claimed."""
    settings = _settings(config)
    return _claimed(lambda made: _build(settings, factory, say, clock, made))


def status_light(
    config: Mapping[str, object],
    factory: Factory | None = None,
    say: Callable[[str], None] | None = None,
) -> StatusIndicator:
    """The status light and buzzer alone that the ``[hardware]`` section of ``config``
    wires up, no buttons: for a job that only tells the table how it goes (enrolling a
    deck, :mod:`jassref.enroll`) while the buttons' pins stay free.

    :param factory: gpiozero's pin factory, as for :func:`from_config`.
    :param say: told one line per status change (default: nothing).

    Raises :class:`HardwareError` (or its :class:`HardwareConfigError`) with a message
    for the user; no pin stays claimed."""
    settings = _settings(config)
    return _claimed(lambda made: _light(settings, factory, say, made))


def from_keyboard(
    players: int = 4,
    stream: TextIO | int | None = None,
    say: Callable[[str], None] | None = None,
    bell: TextIO | None = None,
    timing: PressTiming | None = None,
) -> Hardware:
    """The keyboard standing in for the buttons (see :mod:`hardware.keyboard`), the
    terminal for the light (a line per status) and its bell for the buzzer.

    :param stream: where keys come from (standard input by default).
    :param say: told every line (default: printed).
    :param bell: rung for each beep (default: none)."""
    tell = say or _print
    hardware = Hardware(buttons_for(players), StatusIndicator(say=tell, bell=bell), timing, tell)
    keyboard = Keyboard(hardware.presses, stream, tell, players)
    hardware.own(keyboard, start=keyboard.start)
    return hardware


def _claimed(build: Callable[[list[Device]], Made]) -> Made:
    """What ``build`` makes, each device it claims a pin for listed in the list it is
    given, so that on an error every one of them is closed: gpiozero's errors, and the
    pin library's own (lgpio says 'GPIO busy' where another program holds a pin: the
    table service, left running), become a :class:`HardwareError` with a message for
    the user, and no pin stays claimed."""
    made: list[Device] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PinFactoryFallback)
            return build(made)
    except BadPinFactory:
        _close(made)
        raise HardwareError(NO_GPIO) from None
    except Exception as error:  # gpiozero's, or a pin library's own: lgpio's 'GPIO busy'
        _close(made)
        raise HardwareError(f"GPIO: {error}") from None


def _settings(config: Mapping[str, object]) -> HardwareConfig:
    section = config.get("hardware", {})
    if not isinstance(section, Mapping):
        raise HardwareConfigError("hardware: a table of settings ([hardware] in the file)")
    return HardwareConfig.from_mapping(section)


def _light(
    settings: HardwareConfig,
    factory: Factory | None,
    say: Callable[[str], None] | None,
    made: list[Device],
) -> StatusIndicator:
    pins = settings.status_led
    led = LEDBoard(red=pins.red, green=pins.green, pin_factory=factory)
    made.append(led)
    buzzer = Buzzer(settings.buzzer, pin_factory=factory)
    made.append(buzzer)
    return StatusIndicator(led, buzzer, say)


def _build(
    settings: HardwareConfig,
    factory: Factory | None,
    say: Callable[[str], None] | None,
    clock: Callable[[], float] | None,
    made: list[Device],
) -> Hardware:
    status = _light(settings, factory, say or log.info, made)  # the journal hears it too
    wired = [(seat_button(s), pin) for s, pin in enumerate(settings.seat_buttons)]
    wired += [(OK, settings.ok_button), (UNDO, settings.undo_button)]
    hardware = Hardware([name for name, _ in wired], status, settings.timing, say, clock)
    for name, pin in wired:
        # A plain input, not gpiozero's Button: holds are timed here, so Button's hold
        # thread would be one idle thread per button.
        button = DigitalInputDevice(
            pin, pull_up=settings.pull_up, bounce_time=None, pin_factory=factory
        )
        made.append(button)
        button.when_activated = _edge(hardware.presses, name, pressed=True)
        button.when_deactivated = _edge(hardware.presses, name, pressed=False)
        hardware.own(button)
    return hardware


def _edge(presses: Presses, name: str, pressed: bool) -> Callable[[], None]:
    """gpiozero's callback for ``name`` going down or up (timed by the presses' clock)."""

    def changed() -> None:
        presses.edge(name, pressed)

    return changed


def _close(devices: list[Device]) -> None:
    for device in reversed(devices):
        device.close()


def _print(line: str) -> None:
    print(line, flush=True)
