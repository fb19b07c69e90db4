"""Rendered games followed by the tracker: is its log the true log, how late, how fast.

Each game is rendered (``vision.table_video``) and fed frame by frame to the tracker,
as a camera would feed it: every frame goes through JPEG at the game's quality first
(the recording), then the small grey picture is made and the tracker runs; those two
are timed, per frame. Button events reach the tracker at their frames. Run it on one
core with single-threaded BLAS, as the Pi's tracker thread would run:

    OPENBLAS_NUM_THREADS=1 taskset -c 1 .venv/bin/python benchmarks/tracker_games.py \\
        --games 20 --variants schieber,schmaus --designs swiss-xvii,anglo --json out.json
    .venv/bin/python benchmarks/tracker_games.py --report out.json   # the report again

Per variant and design it prints: logs equal to the truth; plays right of all plays;
wrong cards, wrong seats, missed and phantom events, other changed events; events
written for confirmation; latency of plays, weis, turn-ups and robs from the frame the
card settled (at rest, no hand over it) to the frame its event was written, in ms of
video time (median, p95, max); per-frame wall time (median, p95, p99, max) and the
largest lag behind a 30 fps camera if frames queue while the tracker is busy.

The machine is shared, so wall time also counts the other work the core does meanwhile.
Each frame's CPU time (the thread's own, ``time.thread_time``) is measured beside it and
is the budget figure: its median, mean and p95 in ms, the share of frames over a 30 fps
frame's 33.3 ms, and the budget share (mean CPU per frame / 33.3 ms: the part of one
core the tracker needs at 30 fps).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2

from vision.decks import identifier_for
from vision.game_compare import Comparison, compare_logs
from vision.sources import LORES_SIZE, Frame
from vision.table_geometry import calibrate
from vision.table_video import Film, FilmOptions, true_log
from vision.tracker import Tracker

TIMED_EVENTS = ("play", "weis", "turnup", "rob")
FRAME_MS = 1000 / 30
"""A 30 fps camera's time per frame: the budget."""
PI_FACTOR = 2.5
"""How much slower a Raspberry Pi 5 runs the reader (docs/benchmarks.md, card vision)."""


@dataclass
class GameResult:
    variant: str
    design: str
    seed: int
    frames: int
    equal: bool
    comparison: dict
    latency_ms: dict[str, list[float]]
    frame_ms: list[float]
    lag_ms: float
    looks: int
    confirm: int
    gathers: int
    """Tricks gathered in the video."""
    gathers_seen: int
    """Of those, how many the tracker saw end (all cards of a finished trick gone within
    a second of the gathering), in order."""
    gathers_extra: int
    """Tricks the tracker saw end that were not gathered then."""
    notices: list[str] = field(default_factory=list)
    frame_cpu_ms: list[float] = field(default_factory=list)
    """CPU time of this thread per frame: wall time less the time others had the core."""


def play_game(options: FilmOptions, deck: str | None) -> GameResult:
    events = true_log(options)
    film = Film(options, events)
    identifier = identifier_for(deck if deck is not None else None)
    quality = [cv2.IMWRITE_JPEG_QUALITY, film.jpeg]
    tracker: Tracker | None = None
    given = 0
    frame_ms: list[float] = []
    cpu_ms: list[float] = []
    for index, image in enumerate(film):
        recorded = cv2.imdecode(cv2.imencode(".jpg", image, quality)[1], cv2.IMREAD_COLOR)
        start, cpu = time.perf_counter(), time.thread_time()
        small = cv2.resize(recorded, LORES_SIZE, interpolation=cv2.INTER_AREA)
        frame = Frame(recorded, cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), str(index))
        if tracker is None:
            tracker = Tracker(identifier, calibrate(recorded), frame)
        while given < len(film.buttons) and film.buttons[given].frame <= index:
            tracker.button(film.buttons[given].event)
            given += 1
        tracker.feed(index, frame)
        frame_ms.append(1000 * (time.perf_counter() - start))
        cpu_ms.append(1000 * (time.thread_time() - cpu))
    assert tracker is not None
    tracker.finish()
    for button in film.buttons[given:]:
        tracker.button(button.event)
    seen = [e.event for e in tracker.log]
    comparison = compare_logs(events, seen)
    settled = {t["line"]: t["frame"] for t in film.timeline if "line" in t}
    latency: dict[str, list[float]] = {name: [] for name in TIMED_EVENTS}
    for truth_line, seen_line in comparison.matched:
        name = events[truth_line]["event"]
        if name in latency and truth_line in settled:
            frames = tracker.log[seen_line].frame - settled[truth_line]
            latency[name].append(1000 * frames / options.fps)
    truth_gathers = [t["frame"] for t in film.timeline if "gather" in t]
    seen_gathers, extra = _match_gathers(truth_gathers, tracker.gathers, options.fps)
    return GameResult(
        options.variant,
        options.design,
        options.seed,
        film.frame,
        comparison.equal,
        asdict(comparison) | {"matched": len(comparison.matched)},
        latency,
        frame_ms,
        _lag(frame_ms, 1000 / options.fps),
        tracker.looks,
        sum(1 for e in seen if e.get("confirm")),
        len(truth_gathers),
        seen_gathers,
        extra,
        [f"frame {n.frame}: {n.text}" for n in tracker.notices],
        cpu_ms,
    )


def _match_gathers(truth: list[int], seen: list[int], fps: float) -> tuple[int, int]:
    """How many true gatherings the tracker saw within a second after them, and how
    many it saw that match none."""
    left = sorted(seen)
    matched = 0
    for frame in truth:
        hit = next((s for s in left if frame - fps / 3 <= s <= frame + fps), None)
        if hit is not None:
            matched += 1
            left.remove(hit)
    return matched, len(left)


def _lag(costs: list[float], period: float) -> float:
    """The largest delay behind a camera delivering a frame every ``period`` ms, if
    frames queue while the tracker is busy: 0 when every frame is done before the next."""
    done, worst = 0.0, 0.0
    for index, cost in enumerate(costs):
        arrival = index * period
        done = max(done, arrival) + cost
        worst = max(worst, done - arrival - period)
    return max(worst, 0.0)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))] if ordered else float("nan")


def report(results: list[GameResult]) -> None:
    groups: dict[tuple[str, str], list[GameResult]] = {}
    for r in results:
        groups.setdefault((r.variant, r.design), []).append(r)
    for (variant, design), games in groups.items():
        total = Comparison()
        for g in games:
            part = Comparison(**{k: v for k, v in g.comparison.items() if k != "matched"})
            total.add(part)
        equal = sum(g.equal for g in games)
        frames = sum(g.frames for g in games)
        print(f"== {variant} / {design}: {len(games)} games, {frames} frames")
        print(
            f"   logs equal to the truth {equal}/{len(games)}; plays right "
            f"{total.plays_right}/{total.plays}; wrong card {total.wrong_card}, wrong seat "
            f"{total.wrong_seat}, missed {total.missed}, phantom {total.phantom}, changed "
            f"{total.changed}; written for confirmation {sum(g.confirm for g in games)}"
        )
        print(
            f"   trick boundaries seen {sum(g.gathers_seen for g in games)}/"
            f"{sum(g.gathers for g in games)}, seen where none was "
            f"{sum(g.gathers_extra for g in games)}"
        )
        for name in TIMED_EVENTS:
            values = [v for g in games for v in g.latency_ms[name]]
            if values:
                print(
                    f"   latency {name:6s} n={len(values):5d}  median "
                    f"{statistics.median(values):6.0f} ms  p95 {_quantile(values, 0.95):6.0f} ms"
                    f"  max {max(values):6.0f} ms"
                )
        ms = [v for g in games for v in g.frame_ms]
        slow = max(
            _lag([PI_FACTOR * c for c in (g.frame_cpu_ms or g.frame_ms)], FRAME_MS) for g in games
        )
        print(
            f"   per frame median {statistics.median(ms):.2f} ms  p95 {_quantile(ms, 0.95):.2f}"
            f"  p99 {_quantile(ms, 0.99):.2f}  max {max(ms):.1f} ms; reads "
            f"{sum(g.looks for g in games) / frames:.3f} per frame; largest lag behind "
            f"30 fps {max(g.lag_ms for g in games):.0f} ms (estimate at {PI_FACTOR:g}x the "
            f"time, a Pi 5: {slow:.0f} ms)"
        )
        cpu = [v for g in games for v in g.frame_cpu_ms]
        if cpu:
            over = sum(v > FRAME_MS for v in cpu) / len(cpu)
            mean = statistics.fmean(cpu)
            share = 100 * mean / FRAME_MS
            queued = max(_lag(g.frame_cpu_ms, FRAME_MS) for g in games)
            print(
                f"   CPU per frame median {statistics.median(cpu):.2f} ms  mean {mean:.2f}  "
                f"p95 {_quantile(cpu, 0.95):.2f}  max {max(cpu):.1f} ms; over {FRAME_MS:.1f} ms "
                f"{100 * over:.2f} % of frames; budget share {share:.1f} % of one core at 30 fps "
                f"(a Pi 5 at {PI_FACTOR:g}x: {PI_FACTOR * share:.0f} %); largest lag behind "
                f"30 fps by CPU time {queued:.0f} ms"
            )
        for g in games:
            if not g.equal:
                print(f"   seed {g.seed}: {len(g.comparison['differences'])} differences, e.g.")
                for line in g.comparison["differences"][:3]:
                    print(f"      {line}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20, help="games per variant and design")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--variants", default="schieber,schmaus")
    parser.add_argument("--designs", default="swiss-xvii,anglo")
    parser.add_argument("--schieber-hands", type=int, default=2)
    parser.add_argument("--illegal", type=float, default=0.1)
    parser.add_argument(
        "--weis-spacing", type=float, default=1.35, help="card widths between weis cards"
    )
    parser.add_argument("--all-decks", action="store_true", help="read with every profile")
    parser.add_argument("--json", help="write every game's figures to this file")
    parser.add_argument("--report", help="print the report of a --json file; run nothing")
    args = parser.parse_args()
    if args.report:
        report([GameResult(**r) for r in json.loads(Path(args.report).read_text())])
        return
    cv2.setNumThreads(1)
    results: list[GameResult] = []
    for variant in args.variants.split(","):
        for design in args.designs.split(","):
            for seed in range(args.first_seed, args.first_seed + args.games):
                options = FilmOptions(
                    variant,
                    seed,
                    design,
                    hands=args.schieber_hands if variant == "schieber" else None,
                    illegal=args.illegal,
                    weis_spacing=args.weis_spacing,
                )
                result = play_game(options, None if args.all_decks else design)
                results.append(result)
                print(
                    f"{variant} {design} seed {seed}: {'equal' if result.equal else 'DIFFERENT'}"
                    f" ({result.frames} frames, {result.confirm} to confirm)",
                    flush=True,
                )
                if args.json:
                    Path(args.json).write_text(json.dumps([asdict(r) for r in results]))
    report(results)


if __name__ == "__main__":
    main()
