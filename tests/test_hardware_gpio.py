"""The buttons, light and buzzer on gpiozero's mock pins (``MockFactory``), as on a Pi.

The pins are driven the way a bouncing contact drives them; a fake clock times the
presses, so a hold of one second takes no second. The light and buzzer run gpiozero's
own background threads (real time, a fraction of a second).
"""

from __future__ import annotations

import importlib.util
import itertools
import time

import pytest
from gpiozero import LED, Button, Buzzer, Device, LEDBoard
from gpiozero.pins.mock import MockFactory

import hardware
from hardware import HardwareConfigError, HardwareError, Status, StatusIndicator, TableSink
from webui.table import Table

SEAT_PINS = (5, 6, 13, 19)
OK_PIN, UNDO_PIN, RED, GREEN, BUZZER = 26, 21, 17, 27, 22


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def wait_for(condition, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def rises(pin) -> int:
    """How often the pin went high (beeps of the buzzer, flashes of a LED)."""
    states = [s.state for s in pin.states]
    return sum(1 for a, b in itertools.pairwise(states) if b and not a)


class Table4:
    """A Schieber table with the default pin map on mock pins."""

    def __init__(self, section: dict | None = None) -> None:
        self.factory = MockFactory()
        self.clock = Clock()
        self.said: list[str] = []
        config = {"hardware": section or {}}
        self.hw = hardware.from_config(config, self.factory, self.said.append, self.clock)
        self.table = Table.open({"event": "game", "variant": "schieber"})
        sink = TableSink(self.table)
        self.hw.attach(sink, sink.view)

    def chatter(self, pin: int, pressed: bool, flips: int) -> None:
        """The contact goes to ``pressed`` (low: buttons close to ground), bouncing."""
        mock = self.factory.pin(pin)
        for i in range(flips + 1):
            closed = pressed if (flips - i) % 2 == 0 else not pressed
            mock.drive_low() if closed else mock.drive_high()
            self.clock.advance(0.002)

    def tap(self, pin: int, held: float = 0.12, flips: int = 5) -> None:
        self.chatter(pin, True, flips)
        self.clock.advance(held)
        self.hw.presses.poll()
        self.chatter(pin, False, flips)
        self.clock.advance(0.5)  # past the double-press window
        self.hw.presses.poll()

    def hold(self, pin: int) -> None:
        self.tap(pin, held=1.2)

    def double(self, pin: int) -> None:
        self.chatter(pin, True, 3)
        self.clock.advance(0.1)
        self.chatter(pin, False, 3)
        self.clock.advance(0.1)
        self.hw.presses.poll()
        self.tap(pin)

    def lines(self) -> list[str]:
        return self.table.text().splitlines()


def test_bouncing_seat_buttons_choose_the_game_and_the_buzzer_counts_the_steps():
    t = Table4()
    try:
        seat2, beeper = SEAT_PINS[2], t.factory.pin(BUZZER)
        t.tap(seat2)
        assert wait_for(lambda: rises(beeper) == 1 and not beeper.state)  # step 1: one beep
        t.tap(seat2)
        assert wait_for(lambda: rises(beeper) == 1 + 2)  # step 2: two more
        assert t.lines() == ['{"event":"game","variant":"schieber"}']  # taps write nothing
        t.hold(seat2)
        assert t.lines()[1:] == [
            '{"event":"hand","dealer":1}',
            '{"event":"trump","seat":2,"mode":"D","pushed":false}',
        ]
        assert t.said[-1] == "Seat 2 chooses ♦ diamonds (Schilten)"
    finally:
        t.hw.close()


def test_a_violation_from_the_buttons_blinks_the_light_amber_and_beeps():
    """Stöck in obenabe is false (no trump): written, flagged, and shown."""
    t = Table4()
    try:
        t.hw.status.ok()
        assert (t.factory.pin(GREEN).state, t.factory.pin(RED).state) == (True, False)
        for _ in range(5):  # ♥ ♦ ♠ ♣ obenabe
            t.tap(SEAT_PINS[0])
        t.hold(SEAT_PINS[0])
        assert '"mode":"obenabe"' in t.lines()[-1]
        t.double(SEAT_PINS[1])
        assert t.lines()[-1] == '{"event":"stoeck","seat":1}'
        assert t.hw.status.state == Status.ATTENTION
        assert any(line.startswith("Violation: false-stoeck") for line in t.said)
        red, green = t.factory.pin(RED), t.factory.pin(GREEN)
        assert wait_for(lambda: red.state and green.state)  # amber: both together
        assert wait_for(lambda: not red.state and not green.state)  # and blinking
    finally:
        t.hw.close()


def test_undo_held_strikes_out_the_last_event_and_a_refusal_beeps_three_times():
    t = Table4()
    try:
        t.hold(UNDO_PIN)
        assert t.said[-1] == "Nothing to undo" and len(t.lines()) == 1
        assert wait_for(lambda: rises(t.factory.pin(BUZZER)) == 3)
        t.tap(SEAT_PINS[3])
        t.hold(SEAT_PINS[3])
        t.hold(UNDO_PIN)
        assert t.lines()[-1] == '{"event":"correction","replaces":2,"with":null}'
    finally:
        t.hw.close()


def test_ok_confirms_the_read_the_camera_asked_about():
    t = Table4()
    try:
        t.tap(SEAT_PINS[0])
        t.hold(SEAT_PINS[0])
        play = {"event": "play", "seat": 0, "card": "H6"}
        answers = []
        t.hw.ask(hardware.Question("Seat 0 played ♥6?", [play], answers.append))
        assert t.hw.status.state == Status.ATTENTION
        assert t.hw.question is not None and t.hw.question.prompt == "Seat 0 played ♥6?"
        t.tap(OK_PIN)
        assert answers == [True] and t.hw.question is None
        assert t.lines()[-1] == '{"event":"play","seat":0,"card":"H6"}'
        assert t.hw.status.state == Status.OK  # nothing left to look at
    finally:
        t.hw.close()


def test_buttons_wired_to_3v3_are_pressed_when_the_pin_goes_high():
    t = Table4({"pull_up": False, "seat_buttons": [5, 6]})
    try:
        assert t.hw.presses.buttons == ("seat0", "seat1", "ok", "undo")
        mock = t.factory.pin(6)
        mock.drive_high()
        t.clock.advance(1.2)
        t.hw.presses.poll()
        mock.drive_low()
        assert "seat 1" in t.said[-1].lower() and "bedanken" in t.said[-1]
    finally:
        t.hw.close()


def test_the_presses_ticker_reports_a_hold_in_real_time():
    factory = MockFactory()
    said: list[str] = []
    section = {"hold_time": 0.05, "double_time": 0.05, "bounce_time": 0.005}
    hw = hardware.from_config({"hardware": section}, factory, said.append)
    table = Table.open({"event": "game", "variant": "schieber"})
    sink = TableSink(table)
    hw.attach(sink, sink.view)
    hw.start()
    try:
        factory.pin(SEAT_PINS[0]).drive_low()
        assert wait_for(lambda: any("bedanken" in line for line in said))
    finally:
        hw.close()


def test_the_pin_factory_named_in_the_environment_is_used(monkeypatch):
    """``GPIOZERO_PIN_FACTORY=mock``: gpiozero's own seam, no factory passed."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setattr(Device, "pin_factory", None)
    hw = hardware.from_config({})
    try:
        assert isinstance(Device.pin_factory, MockFactory)
        assert Device.pin_factory.pin(SEAT_PINS[0]).function == "input"
    finally:
        hw.close()
        Device.pin_factory.close()


@pytest.mark.skipif(importlib.util.find_spec("lgpio") is not None, reason="a Pi's GPIO library")
def test_a_machine_without_gpio_gets_a_message_not_a_traceback(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)
    with pytest.raises(HardwareError, match=r"no GPIO on this machine .* keyboard"):
        hardware.from_config({})


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ({"seat_buttons": [5, 6, 13]}, "seat_buttons: a list of 4 pins"),
        ({"buzzer": 5}, r"hardware.buzzer: pin 5 is already seat_buttons\[0\]"),
        ({"status_led": {"red": 17}}, "status_led: { red = PIN, green = PIN }"),
        ({"hold_time": "long"}, "hold_time: a number of seconds"),
        ({"bounce_time": 2.0}, "bounce_time must be shorter"),
        ({"ok_button": 99}, r"ok_button: a GPIO number \(BCM, 0 to 53\), got 99"),
        ({"buzzer": "GPIO22"}, "buzzer: a GPIO number"),
        ({"buzzer": False}, "buzzer: a GPIO number"),
        ({"seat_button": [1, 2]}, "unknown key 'seat_button'"),
        ({"pull_up": "yes"}, "pull_up: true or false"),
    ],
)
def test_a_bad_hardware_section_is_named_in_the_message(section, message):
    with pytest.raises(HardwareConfigError, match=message):
        hardware.from_config({"hardware": section}, MockFactory())


def test_a_pin_already_taken_claims_no_pin_and_says_so():
    factory = MockFactory()
    taken = Button(BUZZER, pin_factory=factory)
    with pytest.raises(HardwareError, match="GPIO: "):
        hardware.from_config({}, factory)
    LED(RED, pin_factory=factory).close()  # the light built before the failure let go
    taken.close()


def test_the_status_light_fault_and_attention_during_a_fault():
    """Fault: red and three beeps once; a violation meanwhile beeps but stays red;
    ok: green, silent."""
    factory = MockFactory()
    led = LEDBoard(red=RED, green=GREEN, pin_factory=factory)
    buzzer = Buzzer(BUZZER, pin_factory=factory)
    said: list[str] = []
    status = StatusIndicator(led, buzzer, said.append, blink_time=0.02)
    red, green, beeper = factory.pin(RED), factory.pin(GREEN), factory.pin(BUZZER)
    try:
        status.fault("camera lost")
        status.fault("camera lost")
        assert (red.state, green.state) == (True, False)
        assert wait_for(lambda: rises(beeper) == 3)
        time.sleep(0.3)
        assert rises(beeper) == 3  # the second report of the same fault is silent
        status.attention("follow-suit")
        assert status.state == Status.FAULT and (red.state, green.state) == (True, False)
        assert wait_for(lambda: rises(beeper) == 4)
        status.ok()
        assert (red.state, green.state) == (False, True)
        assert said == [
            "status: fault (camera lost)",
            "status: attention (follow-suit)",
            "status: ok",
        ]
    finally:
        status.close()


class BusyFactory(MockFactory):
    """Mock pins of which some are held by another program, as lgpio says so: with its
    own error, not gpiozero's."""

    def __init__(self, busy: set[int]) -> None:
        super().__init__()
        self.busy = busy

    def pin(self, name, pin_class=None, **kwargs):
        if name in self.busy:
            raise RuntimeError("GPIO busy")
        return super().pin(name, pin_class, **kwargs)


def test_a_pin_another_program_holds_is_one_message_and_frees_the_others():
    """The table service left running holds the light's pins when a deck is enrolled:
    lgpio's 'GPIO busy' becomes a HardwareError, and the pins claimed before it are
    released (the light can be built once the pin is free)."""
    factory = BusyFactory({GREEN})
    with pytest.raises(HardwareError, match="GPIO: GPIO busy"):
        hardware.status_light({"hardware": {}}, factory)
    with pytest.raises(HardwareError, match="GPIO: GPIO busy"):
        hardware.from_config({"hardware": {}}, factory)
    factory.busy.clear()
    hardware.status_light({"hardware": {}}, factory).close()
