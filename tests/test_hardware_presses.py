"""Debounce and press patterns (hardware/presses.py), with edges and times made up.

A real button bounces: one press gives a burst of edges within milliseconds. These
tests give the decoder such bursts and check that the table sees exactly the press
the finger made: short, long or double, once.
"""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.presses import Gesture, PressDecoder, Presses, PressTiming

TIMING = PressTiming(bounce_time=0.03, hold_time=1.0, double_time=0.35)


def bounce(
    pressed: bool, at: float, flips: int, spacing: float = 0.002
) -> list[tuple[bool, float]]:
    """A contact going to ``pressed`` at ``at``, chattering ``flips`` times first."""
    edges = [(pressed if i % 2 == 0 else not pressed, at + i * spacing) for i in range(flips)]
    return [*edges, (pressed, at + flips * spacing)]


def run(edges: list[tuple[bool, float]], until: float, step: float = 0.01) -> list:
    """Feeds ``edges`` and polls every ``step`` until ``until``: (time, gesture) seen."""
    decoder = PressDecoder(TIMING)
    seen = []
    pending = sorted(edges, key=lambda e: e[1])
    now = 0.0
    while now <= until:
        while pending and pending[0][1] <= now:
            pressed, at = pending.pop(0)
            seen += [(at, g) for g in decoder.edge(pressed, at)]
        seen += [(now, g) for g in decoder.poll(now)]
        now = round(now + step, 6)
    return seen


def test_a_bouncing_tap_is_one_short_press_reported_after_the_double_window():
    edges = bounce(True, 0.1, flips=6) + bounce(False, 0.25, flips=5)
    seen = run(edges, until=1.5)
    assert [g for _, g in seen] == [Gesture.SHORT]
    released = 0.25 + 5 * 0.002
    assert released + TIMING.double_time <= seen[0][0] < released + TIMING.double_time + 0.02


def test_holding_reports_a_long_press_while_still_held_and_nothing_on_release():
    edges = bounce(True, 0.1, flips=4) + bounce(False, 2.0, flips=4)
    seen = run(edges, until=3.0)
    assert [g for _, g in seen] == [Gesture.LONG]
    pressed = 0.1 + 4 * 0.002
    assert pressed + 1.0 <= seen[0][0] < pressed + 1.0 + 0.02


def test_two_taps_within_the_window_are_one_double_press_at_the_second_press():
    edges = (
        bounce(True, 0.1, flips=3)
        + bounce(False, 0.2, flips=3)
        + bounce(True, 0.4, flips=3)
        + bounce(False, 0.5, flips=3)
    )
    seen = run(edges, until=2.0)
    assert [g for _, g in seen] == [Gesture.DOUBLE]
    assert seen[0][0] < 0.5


def test_two_taps_further_apart_than_the_window_are_two_short_presses():
    edges = [(True, 0.1), (False, 0.2), (True, 0.8), (False, 0.9)]
    assert [g for _, g in run(edges, until=2.0)] == [Gesture.SHORT, Gesture.SHORT]


def test_a_spike_shorter_than_the_bounce_time_is_no_press():
    edges = [(True, 0.1), (False, 0.12), (True, 0.5), (False, 0.51)]
    assert run(edges, until=2.0) == []


def test_a_tap_shorter_than_a_bounce_burst_still_counts_once_settled():
    """The level counts once it held ``bounce_time``: 40 ms down is a press."""
    assert [g for _, g in run([(True, 0.1), (False, 0.14)], until=1.0)] == [Gesture.SHORT]


def test_the_deadline_names_when_to_poll_next():
    decoder = PressDecoder(TIMING)
    assert decoder.deadline() is None
    decoder.edge(True, 1.0)
    assert decoder.deadline() == 1.0 + TIMING.bounce_time
    decoder.poll(1.05)
    assert decoder.deadline() == 1.0 + TIMING.hold_time
    decoder.edge(False, 1.2)
    decoder.poll(1.3)
    assert decoder.deadline() == 1.2 + TIMING.double_time
    assert decoder.poll(1.2 + TIMING.double_time) == [Gesture.SHORT]
    assert decoder.deadline() is None


def test_a_late_edge_from_another_thread_counts_at_the_time_already_reached():
    decoder = PressDecoder(TIMING)
    decoder.poll(5.0)
    decoder.edge(True, 4.0)
    assert decoder.poll(5.0 + TIMING.hold_time) == [Gesture.LONG]


# A finger's presses: (held, pause after) in seconds, each clear of every threshold by
# more than the bounce bursts that are added, so the intended gesture is unambiguous.
held_times = st.one_of(st.floats(0.05, 0.8), st.floats(1.2, 2.0))
pause_times = st.one_of(st.floats(0.06, 0.25), st.floats(0.5, 1.0))
presses = st.lists(st.tuples(held_times, pause_times), min_size=1, max_size=6)
bursts = st.integers(0, 7)


def intended(sequence: list[tuple[float, float]]) -> list[Gesture]:
    """What a person means by these presses (the rules, written independently)."""
    out: list[Gesture] = []
    i = 0
    while i < len(sequence):
        held, pause = sequence[i]
        if held >= TIMING.hold_time:
            out.append(Gesture.LONG)
        elif pause < TIMING.double_time and i + 1 < len(sequence):
            out.append(Gesture.DOUBLE)
            i += 1
        else:
            out.append(Gesture.SHORT)
        i += 1
    return out


@settings(max_examples=150, deadline=None)
@given(presses, st.lists(bursts, min_size=12, max_size=12))
def test_bouncing_never_changes_the_gestures(sequence, flips):
    """Any chatter within the bounce time, at any press or release, gives exactly the
    gestures of the clean presses."""
    edges: list[tuple[bool, float]] = []
    now = 0.1
    for i, (held, pause) in enumerate(sequence):
        edges += bounce(True, now, flips[(2 * i) % 12])
        edges += bounce(False, now + held, flips[(2 * i + 1) % 12])
        now += held + pause
    decoder = PressDecoder(TIMING)
    seen = [g for pressed, at in edges for g in decoder.edge(pressed, at)]
    seen += decoder.poll(now + 5.0)
    assert seen == intended(sequence)


def test_presses_report_through_the_ticker_thread_in_real_time():
    got = threading.Event()
    seen = []

    def on_gesture(button, gesture):
        seen.append((button, gesture))
        got.set()

    timing = PressTiming(bounce_time=0.005, hold_time=0.05, double_time=0.03)
    presses = Presses(["seat0", "ok"], on_gesture, timing)
    presses.start()
    try:
        presses.edge("ok", True)
        assert got.wait(5.0)
        assert seen == [("ok", Gesture.LONG)]
    finally:
        presses.close()
