"""The keyboard standing in for the buttons (hardware/keyboard.py).

Keys go through the same press decoder as the pins: a stroke is a short press, a
quick second stroke a double, Shift a hold. Read from a real pseudo-terminal (cbreak:
no Enter needed, the terminal's mode given back) and from a pipe.
"""

from __future__ import annotations

import os
import pty
import termios
import threading

import pytest

import hardware
from hardware.keyboard import Keyboard
from hardware.presses import Gesture, Presses, PressTiming
from webui.table import Table

FAST = PressTiming(bounce_time=0.005, hold_time=0.05, double_time=0.05)


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def keyed(keys: list[tuple[str, float]], players: int = 4):
    """Gestures and lines from typing ``keys`` (key, seconds before the next key)."""
    clock = Clock()
    seen: list[tuple[str, Gesture]] = []
    said: list[str] = []
    presses = Presses(
        [f"seat{s}" for s in range(players)] + ["ok", "undo"],
        lambda b, g: seen.append((b, g)),
        PressTiming(),
        clock,
    )
    keyboard = Keyboard(presses, stream=0, say=said.append, players=players)
    for key, pause in keys:
        keyboard.feed(key)
        clock.now += pause
        presses.poll()
    clock.now += 5
    presses.poll()
    return seen, said


def test_keys_press_the_buttons_short_double_and_held():
    seen, _ = keyed([("a", 1.0), ("D", 2.0), ("o", 0.1), ("o", 1.0), ("u", 1.0)])
    assert seen == [
        ("seat0", Gesture.SHORT),
        ("seat2", Gesture.LONG),
        ("ok", Gesture.DOUBLE),
        ("undo", Gesture.SHORT),
    ]


def test_question_mark_lists_the_keys_and_an_unknown_key_says_so():
    seen, said = keyed([("?", 0.1), ("x", 0.1), (" ", 0.1), ("f", 1.0)], players=2)
    assert said[0] == "Keys: a=seat 0 s=seat 1, o=OK, u=UNDO; Shift+key holds the button; ? help"
    assert said[1].startswith("Key 'x' is no button.")
    assert said[2].startswith("Key 'f' is no button.")  # no seat 3 with two players
    assert len(said) == 3  # a space is ignored
    assert seen == []


def test_a_terminal_is_read_key_by_key_and_its_mode_given_back():
    main, terminal = pty.openpty()
    before = termios.tcgetattr(terminal)
    assert before[3] & termios.ICANON
    lines: list[str] = []
    heard = threading.Event()

    def say(line: str) -> None:
        lines.append(line)
        if "bedanken" in line:
            heard.set()

    hw = hardware.from_keyboard(stream=terminal, say=say, timing=FAST)
    table = Table.open({"event": "game", "variant": "schieber"})
    sink = hardware.TableSink(table)
    hw.attach(sink, sink.view)
    hw.start()
    try:
        assert not termios.tcgetattr(terminal)[3] & termios.ICANON  # cbreak
        os.write(main, b"S")  # no Enter: seat 1 held
        assert heard.wait(5.0), lines
        assert lines[-1].startswith("Seat 1: claim the win (bedanken)?")
    finally:
        hw.close()
        after = termios.tcgetattr(terminal)
        os.close(main)
        os.close(terminal)
    assert after == before


def test_a_pipe_is_read_until_it_ends():
    read, write = os.pipe()
    seen: list[tuple[str, Gesture]] = []
    done = threading.Event()

    def on_gesture(button: str, gesture: Gesture) -> None:
        seen.append((button, gesture))
        done.set()

    presses = Presses(["seat0", "seat1", "ok", "undo"], on_gesture, FAST)
    keyboard = Keyboard(presses, stream=read, say=lambda line: None, players=2)
    presses.start()
    keyboard.start()
    try:
        os.write(write, b"O")
        os.close(write)
        assert done.wait(5.0)
        assert seen == [("ok", Gesture.LONG)]
    finally:
        keyboard.close()
        presses.close()
        os.close(read)


@pytest.mark.parametrize("players", [2, 4])
def test_the_keyboard_has_a_key_for_every_button(players):
    hw = hardware.from_keyboard(players=players, stream=0)
    assert len(hw.presses.buttons) == players + 2
    hw.close()
