"""Following a game on the table: rendered game videos replayed by the tracker.

End to end through the CLI (real subprocesses): a short game per variant is rendered,
replayed, and the log the tracker wrote must be the true log, event for event. The
smaller cases are fed to the tracker in-process: a hand resting over a card, a card
read that the referee knows is impossible, a card on the wrong seat's side.

Needs the card art packages, as tests/test_vision.py does (``make test`` installs them).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

import referee
from referee.cards import codes, parse_card
from vision.art import design
from vision.buttons import Button
from vision.change import ChangeDetector
from vision.decks import identifier_for
from vision.game_compare import compare_logs
from vision.replay import run_tracker
from vision.sources import frame_of
from vision.table_geometry import Calibration, CalibrationError, calibrate, find_mat
from vision.table_scene import Camera, Pose, Sprites, Table, draw_card, draw_hand
from vision.table_video import FAST, Film, FilmOptions, true_log
from vision.tracker import Tracker

JASSREF = [sys.executable, "-m", "jassref"]


def _jassref(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*JASSREF, *args], capture_output=True, text=True, timeout=300)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def schmaus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ten tricks of Schmaus (seed 1): the turned-up trump, a rob, a weis, the draws and
    the phase change when the face-up card is taken."""
    out = tmp_path_factory.mktemp("schmaus") / "game"
    done = _jassref(
        "vision",
        "render-game",
        "--variant",
        "schmaus",
        "--seed",
        "1",
        "--out",
        str(out),
        "--tricks",
        "10",
        "--fast",
        "--design",
        "anglo",
    )
    assert done.returncode == 0, done.stderr
    return out


def test_schieber_video_replayed_to_the_true_log(tmp_path: Path) -> None:
    out = tmp_path / "game"
    done = _jassref(
        "vision",
        "render-game",
        "--variant",
        "schieber",
        "--seed",
        "2",
        "--out",
        str(out),
        "--tricks",
        "2",
        "--fast",
        "--video",
    )
    assert done.returncode == 0, done.stderr
    assert (out / "game.avi").stat().st_size > 0 and not (out / "frames").exists()
    truth = _lines(out / "truth.jsonl")
    assert [e["event"] for e in truth].count("weis") == 2  # two weis shown in trick 1
    assert sum(e["event"] == "play" for e in truth) == 8
    seen = tmp_path / "seen.jsonl"
    done = _jassref(
        "vision", "replay", str(out / "game.avi"), "--out", str(seen), "--deck", "swiss-xvii"
    )
    assert done.returncode == 0, done.stderr
    assert _lines(seen) == truth
    assert "seat 0 at the bottom" in done.stdout
    assert "too close" not in done.stdout  # each weis laid apart is read, not reported


def test_schmaus_frames_replayed_to_the_true_log(schmaus: Path, tmp_path: Path) -> None:
    truth = _lines(schmaus / "truth.jsonl")
    names = [e["event"] for e in truth]
    assert {"turnup", "rob", "weis", "draw"} <= set(names)
    last_draw = [e for e in truth if e["event"] == "draw"][-1]
    assert last_draw["card"] is not None  # the face-up card taken at the phase change
    seen = tmp_path / "seen.jsonl"
    done = _jassref("vision", "replay", str(schmaus), "--out", str(seen), "--deck", "anglo")
    assert done.returncode == 0, done.stderr
    assert compare_logs(truth, _lines(seen)).differences == []
    assert (schmaus / "table.json").exists()


@pytest.mark.parametrize(
    ("variant", "seed", "tricks", "design"),
    [("frantsfuus", 1, 8, "anglo"), ("smousjas", 4, 9, "swiss-xvii")],
)
def test_32_card_talon_games_replayed_to_the_true_log(
    variant: str, seed: int, tricks: int, design: str, tmp_path: Path
) -> None:
    """Frantsfuus and Smousjas: the trump 7 robs, phase 1 ends after 7 and 8 tricks."""
    out = tmp_path / "game"
    done = _jassref(
        "vision",
        "render-game",
        "--variant",
        variant,
        "--seed",
        str(seed),
        "--out",
        str(out),
        "--tricks",
        str(tricks),
        "--fast",
        "--design",
        design,
    )
    assert done.returncode == 0, done.stderr
    truth = _lines(out / "truth.jsonl")
    assert {"rob", "weis"} <= {e["event"] for e in truth}
    assert [e["card"][1:] for e in truth if e["event"] == "rob"] == ["7"]
    seen = tmp_path / "seen.jsonl"
    done = _jassref("vision", "replay", str(out), "--out", str(seen), "--deck", design)
    assert done.returncode == 0, done.stderr
    assert compare_logs(truth, _lines(seen)).differences == []


def test_a_saved_calibration_is_reused_and_a_moved_camera_refused(
    schmaus: Path, tmp_path: Path
) -> None:
    clip = tmp_path / "clip"
    (clip / "frames").mkdir(parents=True)
    for frame in sorted((schmaus / "frames").iterdir())[:40]:
        shutil.copy(frame, clip / "frames" / frame.name)
    shutil.copy(schmaus / "buttons.jsonl", clip / "buttons.jsonl")
    table = tmp_path / "table.json"

    def replay(name: str) -> subprocess.CompletedProcess:
        out = str(tmp_path / name)
        return _jassref("vision", "replay", str(clip), "--out", out, "--table", str(table))

    first = replay("a.jsonl")
    assert first.returncode == 0 and "saved to" in first.stdout
    again = replay("b.jsonl")
    assert again.returncode == 0 and "mat found" not in again.stdout
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    moved = Calibration.load(table)
    Calibration(moved.size, moved.mat * 0.6 + 40, moved.seat0).save(table)
    refused = replay("c.jsonl")
    assert refused.returncode == 2
    assert "does not fit the mat" in refused.stderr and "Traceback" not in refused.stderr
    assert not (tmp_path / "c.jsonl").exists()


def test_bad_input_gets_one_line_and_changes_nothing(schmaus: Path, tmp_path: Path) -> None:
    missing = _jassref("vision", "replay", str(tmp_path / "nothing"), "--out", str(tmp_path / "x"))
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr
    fake = tmp_path / "fake.avi"
    fake.write_text("not a video")
    unreadable = _jassref(
        "vision",
        "replay",
        str(fake),
        "--out",
        str(tmp_path / "x"),
        "--buttons",
        str(schmaus / "buttons.jsonl"),
    )
    assert unreadable.returncode == 2 and "video" in unreadable.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    no_frames = _jassref("vision", "replay", str(empty), "--out", str(tmp_path / "x"))
    assert no_frames.returncode == 2 and "holds no frames" in no_frames.stderr
    (empty / "frames").mkdir()
    cv2.imwrite(str(empty / "frames" / "000000.jpg"), np.zeros((54, 96, 3), np.uint8))
    no_buttons = _jassref("vision", "replay", str(empty), "--out", str(tmp_path / "x"))
    assert no_buttons.returncode == 2 and "no button events" in no_buttons.stderr
    before = sorted(p.name for p in schmaus.iterdir())
    again = _jassref(
        "vision", "render-game", "--variant", "schmaus", "--seed", "1", "--out", str(schmaus)
    )
    assert again.returncode == 2 and "already holds a rendered game" in again.stderr
    assert sorted(p.name for p in schmaus.iterdir()) == before
    size = _jassref(
        "vision",
        "render-game",
        "--variant",
        "schieber",
        "--seed",
        "1",
        "--out",
        str(tmp_path / "new"),
        "--size",
        "big",
    )
    assert size.returncode == 2 and "WIDTHxHEIGHT" in size.stderr
    assert not (tmp_path / "new").exists()
    for done in (missing, unreadable, no_frames, no_buttons, again, size):
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "x").exists()


def _follow(events: list[dict], design: str, seed: int = 5, spacing: float = 1.35) -> Tracker:
    """Renders ``events`` as a film (each weis's cards ``spacing`` card widths apart)
    and lets a tracker follow it, in-process."""
    options = FilmOptions(events[0]["variant"], seed, design, pace=FAST, weis_spacing=spacing)
    film = Film(options, events)
    frames = (frame_of(image, str(k)) for k, image in enumerate(film))
    result = run_tracker(frames, film.buttons, identifier_for(design), None)
    return result.tracker


def test_a_weis_laid_edge_to_edge_is_reported_not_written() -> None:
    """Seat 0 lays its weis H8 H9 H10 with the cards touching: the camera outlines the
    row as one thing and cannot read it card by card. Nothing is written for it, and
    the status light asks the players to lay the cards apart (docs/tracker.md)."""
    events = true_log(FilmOptions("schieber", 2, "anglo", tricks=1))
    assert events[3] == {"event": "weis", "seat": 0, "cards": ["H8", "H9", "H10"]}
    tracker = _follow(events, "anglo", seed=2, spacing=1.0)
    written = [e.event for e in tracker.log if e.source == "camera"]
    assert all(e["event"] != "weis" or e["seat"] != 0 for e in written)
    calls = [n.text for n in tracker.notices if n.attention]
    assert calls == [
        "cards beside seat 0 lie too close together to be read one by one: "
        "lay them a finger's width apart"
    ]


SCHIEBER_HAND = (
    {"event": "game", "variant": "schieber"},
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "S"},
)
"""The buttons' events before a still scene: a Schieber hand, spades trump."""


def _still_table(seed: int) -> tuple[Table, Sprites, Camera]:
    """A bare mat, anglo's cards to lay on it and a camera, all from ``seed``."""
    rnd = random.Random(seed)
    table = Table(rnd, (960, 540))
    return table, Sprites(design("anglo"), table), Camera(rnd, (960, 540), 30.0)


def _watch(scenes: list[np.ndarray], camera: Camera, more: tuple[Button, ...] = ()) -> Tracker:
    """The tracker after the ``camera`` has filmed ``scenes``, ``SCHIEBER_HAND`` given
    at the first frame and ``more`` buttons at theirs."""
    frames = [frame_of(camera.expose(s, k), str(k)) for k, s in enumerate(scenes)]
    buttons = [Button(0, event) for event in SCHIEBER_HAND] + list(more)
    return run_tracker(frames, buttons, identifier_for("anglo"), None).tracker


@pytest.mark.parametrize("new_hand", [False, True])
def test_cards_too_close_are_told_once_per_seat_and_hand(new_hand: bool) -> None:
    """Three cards laid edge to edge beside seat 0 stay there while a hand sweeps over
    them: the seat is told once, not at every pass; once a new hand has begun, again."""
    table, sprites, camera = _still_table(2)
    row = table.background.copy()
    for k, code in enumerate(("H8", "H9", "H10")):
        pose = Pose((k - 1) * sprites.aspect, 2.0, 0.0)
        draw_card(row, sprites.faces[parse_card(code)], table.project(sprites.corners(pose)))
    scenes = [table.background] * 8 + [row] * 30
    for _ in range(2):
        for x in np.linspace(-2.5, 2.5, 12):
            swept = row.copy()
            tip, elbow = table.project(np.float32([[x, 2.0], [x, 6.0]]))
            draw_hand(swept, tip, elbow, (120, 150, 200), table.scale)
            scenes.append(swept)
        scenes += [row] * 30
    # the next hand, as its dealer's button gives it (here before a play)
    more = (Button(60, {"event": "hand", "dealer": 0}),) if new_hand else ()
    tracker = _watch(scenes, camera, more)
    told = [n for n in tracker.notices if "too close" in n.text]
    assert len(told) == (2 if new_hand else 1)
    assert all(n.attention and "beside seat 0" in n.text for n in told)


def test_a_pile_of_won_tricks_is_not_told_of() -> None:
    """Eight cards face down in an untidy pile beside seat 0 (tricks won): card-shaped,
    no card face, and no card named in any part of it, so the players are not told to
    lay anything apart."""
    table, sprites, camera = _still_table(3)
    pile = table.background.copy()
    spread = random.Random(7)
    for _ in range(8):
        x, y = 1.5 + spread.uniform(-0.3, 0.3), 2.0 + spread.uniform(-0.15, 0.15)
        pose = Pose(x, y, spread.uniform(-0.6, 0.6))
        draw_card(pile, sprites.faces[None], table.project(sprites.corners(pose)))
    tracker = _watch([table.background] * 8 + [pile] * 45, camera)
    assert tracker.not_faces  # the pile was seen, as no card face
    assert not [n for n in tracker.notices if "too close" in n.text]


def test_impossible_reads_are_confirmed_and_seats_checked_not_resolved() -> None:
    events = [
        {"event": "game", "variant": "schieber", "target": 2500},
        {"event": "hand", "dealer": 3},
        {"event": "trump", "seat": 0, "mode": "H", "pushed": False},
        {"event": "play", "seat": 0, "card": "S9"},
        {"event": "play", "seat": 2, "card": "SK"},  # seat 1 is to play
        {"event": "play", "seat": 1, "card": "S9"},  # played already
    ]
    tracker = _follow(events, "swiss-xvii")
    written = [e.event for e in tracker.log if e.source == "camera"]
    assert written[0] == {"event": "play", "seat": 0, "card": "S9"}
    assert written[1] == {"event": "play", "seat": 2, "card": "SK"}
    asked = written[2].pop("read")  # the likeliest possible card, asked about
    assert written[2] == {"event": "play", "seat": 1, "card": None, "confirm": True}
    assert asked not in ("S9", "SK")
    notices = " | ".join(n.text for n in tracker.notices)
    assert "lies on seat 2's side, but seat 1 is to play" in notices
    assert "S9 was already played in this hand" in notices
    calls = [n.text for n in tracker.notices if n.attention]  # the status light's
    assert calls and all("please confirm" in text for text in calls)


def test_a_card_of_the_wrong_deck_is_not_written_as_read() -> None:
    events = [
        {"event": "game", "variant": "frantsfuus"},
        {"event": "hand", "dealer": 0},
        {"event": "turnup", "card": "DQ"},
        {"event": "play", "seat": 1, "card": "H6"},  # no sixes in 32 cards
    ]
    tracker = _follow(events, "anglo")
    written = [e.event for e in tracker.log if e.source == "camera"]
    asked = written[1].pop("read")  # the likeliest card of the deck, asked about
    assert written == [
        {"event": "turnup", "card": "DQ"},
        {"event": "play", "seat": 1, "card": None, "confirm": True},
    ]
    assert asked in codes(referee.VARIANTS["frantsfuus"].deck) and asked != "DQ"
    assert any("not in the deck frantsfuus" in n.text for n in tracker.notices)


def test_a_hand_resting_over_a_card_gives_no_event_and_loses_no_card() -> None:
    table, sprites, camera = _still_table(3)
    lying = table.background.copy()
    quad = table.project(sprites.corners(Pose(0.05, 0.8, 0.1)))
    draw_card(lying, sprites.faces[parse_card("HQ")], quad)
    tip, elbow = table.project(np.float32([[0.1, 0.85], [0.1, 5.0]]))
    covered = lying.copy()
    draw_hand(covered, tip, elbow, (120, 150, 200), table.scale)
    scenes = [table.background] * 8 + [lying] * 20 + [covered] * 40 + [lying] * 20
    tracker = _watch(scenes, camera)
    written = [e.event for e in tracker.log if e.source == "camera"]
    assert written == [{"event": "play", "seat": 0, "card": "HQ"}]
    assert [s.card for s in tracker.seen] == [parse_card("HQ")]
    assert not tracker.notices


def test_the_mat_is_found_saved_and_seats_given_by_side(tmp_path: Path) -> None:
    for seed in range(3):
        table = Table(random.Random(seed), (960, 540))
        assert np.abs(find_mat(table.background) - table.mat_corners).max() < 12
    table = Table(random.Random(9), (960, 540))
    made = calibrate(table.background)
    made.save(tmp_path / "table.json")
    loaded = Calibration.load(tmp_path / "table.json")
    assert loaded.seat0 == "bottom" and np.allclose(loaded.mat, made.mat, atol=0.1)
    assert loaded.fits(table.background)
    centre = table.project(np.float32([[0, 0]]))[0]
    sides = {
        "bottom": table.project(np.float32([[0, 1.5]]))[0],
        "right": table.project(np.float32([[3.0, 0.2]]))[0],
        "top": table.project(np.float32([[0.4, -1.5]]))[0],
        "left": table.project(np.float32([[-3.0, 0]]))[0],
    }
    assert [loaded.seat_of(p, 4) for p in sides.values()] == [0, 1, 2, 3]
    assert [loaded.seat_of(sides[s], 2) for s in ("bottom", "top")] == [0, 1]
    turned = Calibration(loaded.size, loaded.mat, "right")
    assert [turned.seat_of(p, 4) for p in sides.values()] == [3, 0, 1, 2]
    assert loaded.on_mat(centre) and not loaded.on_mat(np.float32([2, 2]))
    with pytest.raises(CalibrationError):
        find_mat(np.full((540, 960, 3), 128, np.uint8))
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(CalibrationError):
        Calibration.load(tmp_path / "bad.json")


def test_log_comparison_names_each_kind_of_difference() -> None:
    truth = [
        {"event": "game", "variant": "schieber"},
        {"event": "play", "seat": 0, "card": "H9"},
        {"event": "play", "seat": 1, "card": "HK"},
        {"event": "play", "seat": 2, "card": "H6"},
    ]
    seen = [
        truth[0],
        {"event": "play", "seat": 0, "card": "H8"},
        truth[2],
        {"event": "play", "seat": 3, "card": "C6"},
    ]
    result = compare_logs(truth, seen)
    assert (result.plays, result.plays_right, result.wrong_card) == (3, 1, 2)
    assert result.wrong_seat == 1 and not result.equal
    assert compare_logs(truth, truth[:3]).missed == 1
    assert compare_logs(truth, [*truth, truth[1]]).phantom == 1
    assert compare_logs(truth, truth).matched == [(0, 0), (1, 1), (2, 2), (3, 3)]


def _card_at(image: np.ndarray, centre: tuple[float, float], angle: float, grey: int) -> np.ndarray:
    corners = cv2.boxPoints((centre, (19, 29), angle))
    cv2.fillConvexPoly(image, np.int32(np.round(corners)), grey)
    return corners


def _near(quad: np.ndarray, corners: np.ndarray) -> bool:
    """Two outlines of one card, to within two small-picture pixels at every corner."""
    return all(np.linalg.norm(quad - c, axis=1).min() < 2.0 for c in corners)


def test_a_partly_hidden_card_is_completed_to_a_whole_card() -> None:
    """A card laid partly over one that is followed already (their silhouettes merge),
    and a card at the edge of a moving hand (its silhouette cut short by the motion)
    are each found as a whole card."""
    mat = np.float32([[10, 10], [310, 10], [310, 170], [10, 170]])
    bare = np.full((180, 320), 90, np.uint8)
    change = ChangeDetector(mat, bare)
    lying = bare.copy()
    under = _card_at(lying, (100, 90), 20, 200)
    over = _card_at(lying, (112, 102), 20, 150)  # lies over a third of the first
    for _ in range(3):  # the cards came, then lie still
        change.update(lying)
    assert change.silhouettes() == []  # the two merge: no lone card's shape
    hidden = change.place(under, 1.0)
    found = change.silhouettes((19.0, 29.0), hidden)
    assert len(found) == 1 and _near(found[0], over)

    change = ChangeDetector(mat, bare)
    card = bare.copy()
    whole = _card_at(card, (220, 80), -10, 200)
    finger = card.copy()
    cv2.rectangle(finger, (205, 95), (235, 150), 60, -1)  # over the card's lower end
    moved = card.copy()
    cv2.rectangle(moved, (208, 99), (238, 150), 60, -1)
    for picture in (card, card, finger, moved):
        change.update(picture)
    assert change.moving[95, 220] and not change.moving[70, 220]
    assert change.silhouettes() == []  # cut short by the motion
    found = change.silhouettes((19.0, 29.0))
    assert len(found) == 1 and _near(found[0], whole)


def test_a_card_whose_print_matches_the_felt_in_places_is_one_silhouette() -> None:
    """A face's dark coat on dark felt differs from the bare mat by a few grey levels
    only, up to the card's edge: the card's silhouette is still the whole card."""
    mat = np.float32([[10, 10], [310, 10], [310, 170], [10, 170]])
    bare = np.full((180, 320), 90, np.uint8)
    change = ChangeDetector(mat, bare)
    card = bare.copy()
    whole = _card_at(card, (160, 90), 8, 200)
    corner, centre = whole[0], whole.mean(axis=0)
    coat = [corner, (corner + whole[1]) / 2, centre, (corner + whole[3]) / 2]
    cv2.fillConvexPoly(card, np.int32(np.round(coat)), 102)  # a quarter, out to two edges
    for _ in range(3):
        change.update(card)
    found = change.silhouettes()
    assert len(found) == 1 and _near(found[0], whole)
