"""The Coiffeur board: the modes each team plays once, each with its multiplier.

A table writes its board as a setting, ``"S=1 C=2 D=3 H=4 obenabe=5 undenufe=6
joker=7 joker=8"``: a mode of the game log (a trump suit letter, ``obenabe``,
``undenufe``) or ``joker`` (any of them, the team's free choice), ``=`` its
multiplier. Each entry is a *slot*; the jokers are numbered in order (``joker1``,
``joker2``) so that a hand can name the one it fills.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.modes import MODES, Mode

DEFAULT_BOARD = "S=1 C=2 D=3 H=4 obenabe=5 undenufe=6 joker=7 joker=8"
BOARD_SOURCE = (
    "https://www.jassverzeichnis.ch/index.php/blog/208-anleitung-fuer-den-coiffeur-jass "
    "(seed 004 only lists the game): Eichle oder Schaufel (welche einfach zählen), Rosen "
    "oder Kreuz (zweifach), Schilten oder Ecken (dreifach), Schellen oder Herz (vierfach), "
    "Obenaben (fünfach), Undeufe (sechsfach), Joker 1 (siebenfach), Joker 2 (achtfach)."
)
JOKER = "joker"
MAX_MULTIPLIER = 100


@dataclass(frozen=True)
class Slot:
    """One line of the board: ``name`` (a mode, or ``joker1`` …), the mode it must be
    played in (``None`` for a joker) and its multiplier."""

    name: str
    mode: Mode | None
    multiplier: int


def parse_board(text: str) -> list[Slot]:
    """The slots of a board written as ``DEFAULT_BOARD`` is; ``ValueError`` says what is
    wrong with any other text."""
    entries = text.replace(",", " ").split()
    if not entries:
        raise ValueError("the board names no mode")
    slots: list[Slot] = []
    jokers = 0
    for entry in entries:
        name, sep, factor = entry.partition("=")
        mode = name.upper() if name.lower() in ("h", "d", "s", "c") else name.lower()
        if not sep or not factor.isdigit() or not 1 <= int(factor) <= MAX_MULTIPLIER:
            raise ValueError(f"{entry!r} is not MODE=MULTIPLIER (a multiplier 1..100)")
        if mode == JOKER:
            jokers += 1
            slots.append(Slot(f"{JOKER}{jokers}", None, int(factor)))
        elif mode not in MODES:
            raise ValueError(f"{name!r} is not a mode ({', '.join(MODES)} or {JOKER})")
        elif any(s.name == mode for s in slots):
            raise ValueError(f"{mode} is on the board twice")
        else:
            slots.append(Slot(mode, mode, int(factor)))
    return slots


def board_problem(text: object) -> str | None:
    """Why ``text`` is not a board (for the house-rule check), or ``None``."""
    try:
        parse_board(str(text))
    except ValueError as error:
        return str(error)
    return None
