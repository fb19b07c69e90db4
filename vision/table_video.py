"""Whole games filmed on a rendered table: frames at 30 fps and the true game log.

A random legal game from the referee's simulators (with a chosen share of illegal
plays; hands unknown, as the camera sees them) is acted out on a :class:`Table`: each
card slides in from its player's side under a hand and settles in front of the player,
sometimes a hand passes over the mat, a finished trick is swept towards its winner and
off the mat, weis cards are laid face up beside the player and taken back, and in the
talon games the talon and the face-up trump card lie beside the play, the trump 6 (7)
is swapped in when the face-up card is robbed, and the face-up card is taken with the
last draw. Light drifts all the while.

What happened is written three ways: ``truth.jsonl`` (the game log, exactly the
simulator's), ``buttons.jsonl`` (the events players give by button or phone — game,
hand, trump, stöck, bedanken — each with the frame it is given at) and
``timeline.jsonl`` (the frame at which each seen event had settled, for latency, and
each trick's gathering). A tracker is given the frames and the buttons, never the
other two.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from referee import new_game
from referee.cards import parse_card
from referee.engine import Event, Game
from referee.series import Series
from referee.simulate import SimulationOptions, simulate_schieber
from referee.simulate_talon import TalonOptions, simulate_talon
from vision.art import design
from vision.buttons import Button, write_buttons
from vision.names import TALON_GAMES, VARIANTS
from vision.table_geometry import SIDE_VECTORS, seat_sides
from vision.table_scene import MAT_SIZE, SKIN, Camera, Pose, Sprites, Table, draw_card, draw_hand

BUTTON_EVENTS = frozenset({"game", "hand", "trump", "stoeck", "bedanken"})
"""Events the players give by button or phone; the camera sees all the others."""
STACK = Pose(3.9, 0.0, 0.0)
"""The talon (face down) beside the mat's right edge."""
SLOT = Pose(2.85, 0.0, 0.0)
"""The face-up trump card, beside the talon."""
GRIP = 0.45
"""How far from a card's centre the fingertips hold it, in card heights."""
CLEAR = 1.0
"""Fingertips this far from the card's centre no longer cover it (palm included)."""


@dataclass(frozen=True)
class Pace:
    """How long things take, in frames (at 30 fps)."""

    slide: int = 12
    withdraw: int = 6
    rest: int = 14
    gather: int = 16
    show: int = 36
    occlusion: float = 0.15
    """Chance that a hand passes over the mat before a play."""


FAST = Pace(slide=7, withdraw=3, rest=10, gather=8, show=24, occlusion=0.1)
"""Fewer frames per motion: for short test videos."""


@dataclass(frozen=True)
class FilmOptions:
    variant: str
    seed: int
    design: str = "swiss-xvii"
    size: tuple[int, int] = (960, 540)
    fps: float = 30.0
    hands: int | None = None
    """Hands to play; ``None``: a whole Schieber game (to the target), one talon hand."""
    tricks: int | None = None
    """Stop after this many tricks (a short video for tests)."""
    illegal: float = 0.0
    pace: Pace = field(default_factory=Pace)
    weis_spacing: float = 1.35
    """Card widths from one card of a shown weis to the next: 1.35 lays them apart; under
    1 each lies over part of the one before, as a weis laid in a fan (a card width of
    0.5 leaves each card's half with its top index in view)."""


def true_log(options: FilmOptions) -> list[Event]:
    """The simulated game (the camera case: no ``deal``, draws not seen)."""
    rng = random.Random(options.seed)
    if options.variant == "schieber":
        events = simulate_schieber(
            rng,
            SimulationOptions(hands=options.hands, known_hands=False, illegal_rate=options.illegal),
        )
    elif options.variant in TALON_GAMES:
        events = simulate_talon(
            rng,
            TALON_GAMES[options.variant],
            TalonOptions(hands=options.hands or 1, known_hands=False, illegal_rate=options.illegal),
        )
    else:
        raise ValueError(f"no video for variant {options.variant!r} (known: {', '.join(VARIANTS)})")
    return _shorten(events, options.tricks) if options.tricks is not None else events


def _shorten(events: list[Event], tricks: int) -> list[Event]:
    """The log up to the end of trick ``tricks`` (with the stöck and draws after it)."""
    game = _referee(events[0])
    kept = [events[0]]
    done = 0
    for index, event in enumerate(events[1:], start=1):
        if done >= tricks and event["event"] not in ("stoeck", "draw"):
            break
        game.push(index, event)
        kept.append(event)
        if event["event"] == "play" and _trick_complete(game.game):
            done += 1
    return kept


def _referee(header: Event) -> Series:
    game, _errors = new_game(header)
    return Series(game, type(game))


def _trick_complete(game: Game) -> bool:
    hand = game.hands[-1] if game.hands else None  # type: ignore[attr-defined]
    return bool(hand and hand.tricks and len(hand.tricks[-1].cards) == game.players)


@dataclass
class _Card:
    key: int | None  # card, or None for a back
    pose: Pose
    lift: float = 0.0


class Film:
    """Acts out a game log on a rendered table; iterate over it for the frames."""

    def __init__(self, options: FilmOptions, events: list[Event]):
        self.options = options
        self.events = events
        self.pace = options.pace
        look = random.Random(f"look-{options.seed}")
        self.rnd = random.Random(f"moves-{options.seed}")
        self.table = Table(look, options.size)
        self.sprites = Sprites(design(options.design), self.table)
        self.camera = Camera(look, options.size, options.fps)
        self.skin = look.choice(SKIN)
        self.jpeg = look.randint(78, 92)
        self.referee = _referee(events[0])
        self.players = self.referee.game.players
        self.sides = seat_sides(self.players)
        self.resting: dict[int, _Card] = {}
        self.moving: dict[int, _Card] = {}
        self.hands: list[tuple[np.ndarray, np.ndarray]] = []
        self.still = self.table.background.copy()
        self.frame = 0
        self.next_id = 0
        self.buttons: list[Button] = []
        self.timeline: list[dict] = []
        self.trick_ids: list[int] = []
        self.stack_ids: list[int] = []
        self.slot_id: int | None = None
        self.gather_due: int | None = None
        self.clear = 0

    # --- the frames --------------------------------------------------------------------

    def __iter__(self) -> Iterator[np.ndarray]:
        for _ in self._act():
            yield self._picture()
            self.frame += 1

    def _picture(self) -> np.ndarray:
        image = self.still.copy()
        for item in self.moving.values():
            draw_card(image, self._sprite(item), self._quad(item.pose), item.lift)
        for tip, elbow in self.hands:
            draw_hand(
                image,
                self.table.project(tip)[0],
                self.table.project(elbow)[0],
                self.skin,
                self.table.scale,
            )
        return self.camera.expose(image, self.frame)

    def _sprite(self, item: _Card) -> tuple[np.ndarray, np.ndarray]:
        return self.sprites.faces[item.key]

    def _quad(self, pose: Pose) -> np.ndarray:
        return self.table.project(self.sprites.corners(pose))

    def _redraw_still(self) -> None:
        self.still = self.table.background.copy()
        for item in self.resting.values():
            draw_card(self.still, self._sprite(item), self._quad(item.pose))

    # --- the stage -----------------------------------------------------------------------

    def _new(self, key: int | None, pose: Pose) -> int:
        self.next_id += 1
        self.moving[self.next_id] = _Card(key, pose, 0.3)
        return self.next_id

    def _settle(self, ident: int) -> None:
        item = self.moving.pop(ident)
        item.lift = 0.0
        self.resting[ident] = item
        draw_card(self.still, self._sprite(item), self._quad(item.pose))

    def _pick(self, ident: int) -> None:
        item = self.resting.pop(ident)
        item.lift = 0.3
        self.moving[ident] = item
        self._redraw_still()

    def _slide(self, moves: dict[int, tuple[Pose, Pose]], side: str, frames: int) -> Iterator[None]:
        """Moves cards from pose to pose with a hand from ``side`` at the first card."""
        direction = np.float32(SIDE_VECTORS[side])
        lead = next(iter(moves))
        for step in range(1, frames + 1):
            t = _ease(step / frames)
            for ident, (start, end) in moves.items():
                self.moving[ident].pose = start.toward(end, t)
            pose = self.moving[lead].pose
            tip = np.float32([pose.x, pose.y]) + GRIP * direction
            self.hands = [(tip, tip + 6 * direction)]
            yield

    def _withdraw(self, side: str) -> Iterator[None]:
        """The hand goes back; ``self.clear`` is the first frame it no longer covers the
        card it held (the card has *settled*: at rest and in full view)."""
        self.clear = self.frame
        if not self.hands:
            return
        tip, elbow = self.hands[0]
        direction = np.float32(SIDE_VECTORS[side])
        for step in range(1, self.pace.withdraw + 1):
            shift = 1.6 * step / self.pace.withdraw
            self.hands = [(tip + direction * shift, elbow + direction * shift)]
            if shift + GRIP < CLEAR:
                self.clear = self.frame + 1
            yield
        self.hands = []

    def _rest(self, frames: int) -> Iterator[None]:
        for _ in range(frames):
            yield

    def _entry(self, side: str, target: Pose) -> Pose:
        """Where a card coming from ``side`` to ``target`` starts: beyond the mat edge."""
        dx, dy = SIDE_VECTORS[side]
        reach = (MAT_SIZE[0] / 2 + 0.9) if dx else (MAT_SIZE[1] / 2 + 0.9)
        x = target.x if not dx else dx * reach
        y = target.y if not dy else dy * reach
        return Pose(x, y, target.angle + self.rnd.uniform(-0.6, 0.6))

    def _jitter(self, pose: Pose, shift: float = 0.08, turn: float = 0.18) -> Pose:
        return Pose(
            pose.x + self.rnd.uniform(-shift, shift),
            pose.y + self.rnd.uniform(-shift, shift),
            pose.angle + self.rnd.uniform(-turn, turn),
        )

    # --- the game ----------------------------------------------------------------------

    def _act(self) -> Iterator[None]:
        for index, event in enumerate(self.events):
            name = event["event"]
            if name != "stoeck" and self.gather_due is not None:
                yield from self._gather()
            if name in BUTTON_EVENTS:
                self.buttons.append(Button(self.frame, event))
                if name in ("hand", "trump"):
                    yield from self._rest(self.pace.rest)
            elif name == "play":
                yield from self._play(index, event)
            elif name == "weis":
                yield from self._weis(index, event)
            elif name == "turnup":
                yield from self._turnup(index, event)
            elif name == "rob":
                yield from self._rob(index, event)
            elif name == "draw":
                yield from self._draw(index, event)
            self.referee.push(index, event)
            if name == "play" and _trick_complete(self.referee.game):
                hand = self.referee.game.hands[-1]  # type: ignore[attr-defined]
                self.gather_due = hand.tricks[-1].winner
        if self.gather_due is not None:
            yield from self._gather()
        yield from self._rest(2 * self.pace.rest)

    def _mark(self, index: int, event: Event, frame: int | None = None) -> None:
        at = self.frame if frame is None else frame
        self.timeline.append({"line": index, "event": event["event"], "frame": at})

    def _trick_pose(self, side: str) -> Pose:
        dx, dy = SIDE_VECTORS[side]
        if self.players == 2:
            return Pose(0.0, 0.78 * dy, 0.0)
        if dx:
            return Pose(1.05 * dx, 0.0, math.pi / 2)
        return Pose(0.0, 0.8 * dy, 0.0)

    def _occlude(self) -> Iterator[None]:
        """A hand reaches over the mat (for the salt, a glass) and goes back."""
        side = self.rnd.choice(self.sides)
        direction = np.float32(SIDE_VECTORS[side])
        target = np.float32([self.rnd.uniform(-1.5, 1.5), self.rnd.uniform(-0.8, 0.8)])
        start = target + direction * 4.5
        reach = self.pace.slide + 2
        pause = [reach] * self.rnd.randrange(12)
        for step in [*range(1, reach + 1), *pause, *range(reach, -1, -1)]:
            tip = start + (target - start) * _ease(step / reach)
            self.hands = [(tip, tip + 6 * direction)]
            yield
        self.hands = []

    def _play(self, index: int, event: Event) -> Iterator[None]:
        if self.rnd.random() < self.pace.occlusion:
            yield from self._occlude()
            yield from self._rest(self.pace.rest // 2)
        side = self.sides[event["seat"]]
        rest = self._jitter(self._trick_pose(side))
        ident = self._new(parse_card(event["card"]), self._entry(side, rest))
        yield from self._slide({ident: (self.moving[ident].pose, rest)}, side, self.pace.slide)
        self._settle(ident)
        yield from self._withdraw(side)
        self.trick_ids.append(ident)
        self._mark(index, event, self.clear)
        yield from self._rest(self.pace.rest)

    def _gather(self) -> Iterator[None]:
        winner = self.gather_due
        assert winner is not None
        self.gather_due = None
        yield from self._rest(self.pace.rest)
        side = self.sides[winner]
        dx, dy = SIDE_VECTORS[side]
        reach = (MAT_SIZE[0] / 2 + 1.5) if dx else (MAT_SIZE[1] / 2 + 1.5)
        target = Pose(dx * reach, dy * reach, 0.0 if dy else math.pi / 2)
        moves = {}
        for ident in self.trick_ids:
            self._pick(ident)
            moves[ident] = (self.moving[ident].pose, self._jitter(target, 0.1, 0.2))
        yield from self._slide(moves, side, self.pace.gather)
        for ident in self.trick_ids:
            del self.moving[ident]
        self.trick_ids = []
        self.hands = []
        hand = self.referee.game.hands[-1]  # type: ignore[attr-defined]
        self.timeline.append(
            {"gather": len(hand.tricks), "hand": hand.index, "seat": winner, "frame": self.frame}
        )
        yield from self._rest(self.pace.rest // 2)

    def _weis(self, index: int, event: Event) -> Iterator[None]:
        side = self.sides[event["seat"]]
        places = self._weis_places(side, len(event["cards"]))
        moves = {}
        for code, place in zip(event["cards"], places, strict=True):
            rest = self._jitter(place, 0.04, 0.06)
            ident = self._new(parse_card(code), self._entry(side, rest))
            moves[ident] = (self.moving[ident].pose, rest)
        yield from self._slide(moves, side, self.pace.slide)
        for ident in moves:
            self._settle(ident)
        yield from self._withdraw(side)
        self._mark(index, event, self.clear)
        yield from self._rest(self.pace.show)
        back = {}
        for ident in moves:
            self._pick(ident)
            back[ident] = (self.moving[ident].pose, self._entry(side, self.moving[ident].pose))
        yield from self._slide(back, side, self.pace.slide)
        for ident in moves:
            del self.moving[ident]
        self.hands = []
        yield from self._rest(self.pace.rest)

    def _weis_places(self, side: str, n: int) -> list[Pose]:
        """Cards of a weis side by side near the player: a row along the bottom or top
        edge, columns of up to five along a left or right edge."""
        dx, dy = SIDE_VECTORS[side]
        step = self.options.weis_spacing * self.sprites.aspect
        if dy:
            return [Pose((k - (n - 1) / 2) * step, 2.0 * dy, 0.0) for k in range(n)]
        places = []
        for k in range(n):
            column, row = divmod(k, 5)
            rows = min(5, n - 5 * column)
            places.append(
                Pose(dx * (3.2 + 1.0 * column), (row - (rows - 1) / 2) * step, math.pi / 2)
            )
        return places

    def _talon_side(self) -> str:
        hand = self.referee.game.hands[-1]  # type: ignore[attr-defined]
        return self.sides[hand.dealer]

    def _turnup(self, index: int, event: Event) -> Iterator[None]:
        """The dealer lays the talon beside the mat and turns its next card up."""
        side = self._talon_side()
        self.stack_ids = []
        moves = {}
        for k in range(3):
            rest = Pose(STACK.x + 0.02 * k, STACK.y - 0.02 * k, 0.02 * k)
            ident = self._new(None, self._entry(side, rest))
            self.stack_ids.append(ident)
            moves[ident] = (self.moving[ident].pose, rest)
        yield from self._slide(moves, side, self.pace.slide)
        for ident in moves:
            self._settle(ident)
        yield from self._withdraw(side)
        yield from self._rest(self.pace.rest // 2)
        rest = self._jitter(SLOT, 0.05, 0.08)
        self.slot_id = self._new(parse_card(event["card"]), STACK)
        yield from self._slide({self.slot_id: (STACK, rest)}, side, self.pace.slide)
        self._settle(self.slot_id)
        yield from self._withdraw(side)
        self._mark(index, event, self.clear)
        yield from self._rest(self.pace.rest)

    def _rob(self, index: int, event: Event) -> Iterator[None]:
        """The robber takes the face-up card and lays the trump 6 (7) in its place."""
        side = self.sides[event["seat"]]
        assert self.slot_id is not None
        self._pick(self.slot_id)
        old = self.moving[self.slot_id].pose
        yield from self._slide({self.slot_id: (old, self._entry(side, old))}, side, self.pace.slide)
        del self.moving[self.slot_id]
        rest = self._jitter(SLOT, 0.05, 0.08)
        self.slot_id = self._new(parse_card(event["card"]), self._entry(side, rest))
        yield from self._slide(
            {self.slot_id: (self.moving[self.slot_id].pose, rest)}, side, self.pace.slide
        )
        self._settle(self.slot_id)
        yield from self._withdraw(side)
        self._mark(index, event, self.clear)
        yield from self._rest(self.pace.rest)

    def _draw(self, index: int, event: Event) -> Iterator[None]:
        side = self.sides[event["seat"]]
        hand = self.referee.game.hands[-1]  # type: ignore[attr-defined]
        if hand.hidden == 0 and self.slot_id is not None:
            ident = self.slot_id  # the last draw takes the face-up card
            self.slot_id = None
            self._pick(ident)
        else:
            if hand.hidden <= len(self.stack_ids):
                ident = self.stack_ids.pop()
                self._pick(ident)
            else:
                ident = self._new(None, self.resting[self.stack_ids[-1]].pose)
        start = self.moving[ident].pose
        yield from self._slide({ident: (start, self._entry(side, start))}, side, self.pace.slide)
        del self.moving[ident]
        self.hands = []
        self._mark(index, event)
        yield from self._rest(self.pace.rest // 2)


def _ease(t: float) -> float:
    """Smooth start and stop: a card decelerates into place."""
    return t * t * (3 - 2 * t)


def write_film(options: FilmOptions, out: Path, video: bool = False) -> Film:
    """Renders a game into ``out``: ``frames/NNNNNN.jpg`` or ``game.avi`` (MJPEG), and
    ``truth.jsonl``, ``buttons.jsonl``, ``timeline.jsonl`` and ``render.json``."""
    events = true_log(options)
    film = Film(options, events)
    out.mkdir(parents=True, exist_ok=True)
    quality = [cv2.IMWRITE_JPEG_QUALITY, film.jpeg]
    if video:
        writer = cv2.VideoWriter(
            str(out / "game.avi"), cv2.VideoWriter_fourcc(*"MJPG"), options.fps, options.size
        )
        if not writer.isOpened():
            raise OSError(f"{out / 'game.avi'}: OpenCV cannot write an MJPEG video here")
        try:
            for image in film:
                writer.write(image)
        finally:
            writer.release()
    else:
        frames = out / "frames"
        frames.mkdir(exist_ok=True)
        for image in film:
            cv2.imwrite(str(frames / f"{film.frame:06d}.jpg"), image, quality)
    _write_lines(out / "truth.jsonl", events)
    write_buttons(out / "buttons.jsonl", film.buttons)
    _write_lines(out / "timeline.jsonl", film.timeline)
    meta = {
        "variant": options.variant,
        "seed": options.seed,
        "design": options.design,
        "size": list(options.size),
        "fps": options.fps,
        "frames": film.frame,
        "illegal": options.illegal,
    }
    (out / "render.json").write_text(json.dumps(meta, indent=1) + "\n")
    return film


def _write_lines(path: Path, items: list) -> None:
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
