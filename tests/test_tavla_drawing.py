"""The chalk drawings, from numbers: the stroke counts the seeds describe, and golden
files that catch any unintended change of a board (``UPDATE_GOLDEN=1`` rewrites them
after a change that was meant; look at the screenshots before committing)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from referee.tavla import marks
from referee.tavla_styles import marks_minus
from webui.boards.lives import RoundResult, count_lives, lives_svg
from webui.boards.protocol import NotAMeld, ProtocolRow, meld_marks, protocol_svg
from webui.boards.styles import View, render_board
from webui.boards.zboard import crosses, tavla_svg

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str, svg: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), f"{name} changed; see the docstring"


def side_of(svg: str, side: int) -> str:
    """The SVG of one side's half (each half is one <g class="side"> element)."""
    match = re.search(
        rf'<g class="side" data-side="{side}"[^>]*>(.*?)</g>(?=<g class|</g></svg>)', svg
    )
    assert match, f"no half for side {side}"
    return match.group(0)


def strokes(half: str, mark: str) -> int:
    return len(re.findall(rf'data-mark="{mark}( five)?"', half))


def fives(half: str, mark: str) -> int:
    return half.count(f'data-mark="{mark} five"')


def rest(half: str) -> str | None:
    found = re.search(r'class="rest">([^<]*)<', half)
    return found.group(1) if found else None


# --- the decomposition -----------------------------------------------------------------


def test_seed_257_both_ways():
    """Seed 003: 257 is "två hundrastreck, ett femtiostreck och en fristående sju" or
    "två hundrastreck, tre tjugostreck och en fristående minus tre"."""
    m, n = marks(257), marks_minus(257)
    assert (m.hundreds, m.fifties, m.twenties, m.rest) == (2, 1, 0, 7)
    assert (n.hundreds, n.fifties, n.twenties, n.rest) == (2, 0, 3, -3)


@pytest.mark.parametrize("score", [787, 1136, 257, 0, 19, 20, 99, 100, 2500, 3113])
def test_both_styles_add_up(score):
    for m in (marks(score), marks_minus(score)):
        assert 100 * m.hundreds + 50 * m.fifties + 20 * m.twenties + m.rest == score
        assert -20 < m.rest < 20


def test_minus_style_keeps_the_written_number_small():
    assert marks_minus(787).rest == -3  # 7×100 + 50 + 2×20 − 3, not + 17
    assert marks_minus(1136).rest == -4  # 11×100 + 2×20 − 4, not + 16
    assert marks_minus(10).rest == 10  # a tie in size: fewer strokes


# --- the Z board -------------------------------------------------------------------------


def test_seed_figure_787_and_1136():
    """The seed's figure: the upper team 787, the lower 1136, the upper upside down."""
    svg = tavla_svg([1136, 787], ["Seats 0+2", "Seats 1+3"], bottom=0)
    upper, lower = side_of(svg, 1), side_of(svg, 0)
    assert "rotate(180" in upper and "rotate(180" not in lower
    # 787 = 7 hundreds (a group of five: four upright, the fifth through them) + 50 + 20 + 17
    assert (strokes(upper, "hundred"), fives(upper, "hundred")) == (7, 1)
    assert (strokes(upper, "fifty"), strokes(upper, "twenty"), rest(upper)) == (1, 1, "17")
    # 1136 = 11 hundreds (two groups of five and one) + 20 + 16
    assert (strokes(lower, "hundred"), fives(lower, "hundred")) == (11, 2)
    assert (strokes(lower, "fifty"), strokes(lower, "twenty"), rest(lower)) == (0, 1, "16")
    assert lower.count('class="figure"') == upper.count('class="figure"') == 1
    golden("tavla-z-787-1136.svg", svg)


def test_negative_remainder_is_written_with_a_minus():
    svg = tavla_svg([257, 1136], ["A", "B"], remainder="minus")
    mine = side_of(svg, 0)
    assert (strokes(mine, "hundred"), strokes(mine, "fifty"), strokes(mine, "twenty")) == (2, 0, 3)
    assert rest(mine) == "−3"
    assert rest(side_of(svg, 1)) == "−4"
    golden("tavla-z-minus-257-1136.svg", svg)


def test_the_viewer_turns_the_board():
    svg = tavla_svg([0, 100], ["A", "B"], bottom=1)
    assert "rotate(180" in side_of(svg, 0) and "rotate(180" not in side_of(svg, 1)


def test_two_fifties_form_an_x():
    """Seed 003: "två streck i rad bildar ett kryss"."""

    def slope(stroke: str) -> float:
        x1, y1, x2, y2 = (float(v) for v in re.findall(r'"([\d.]+)"', stroke)[:4])
        return (y2 - y1) / (x2 - x1)

    first, second = crosses(2, [(100.0, 100.0)], "fifty")
    assert slope(first) * slope(second) < 0  # through one point, leaning opposite ways


def test_rows_board_has_no_z():
    svg = tavla_svg([787, 1136], ["A", "B"], figure="rows")
    assert 'class="figure"' not in svg
    assert strokes(side_of(svg, 0), "hundred") == 7
    golden("tavla-rows-787-1136.svg", svg)


def test_many_hundreds_stay_on_the_board():
    svg = tavla_svg([3100, 0], ["A", "B"])
    xs = [float(x) for x in re.findall(r'x2="([\d.]+)"[^>]*data-mark="hundred', svg)]
    assert len(xs) == 31 and max(xs) < 380


# --- Frantsfuus protocol ------------------------------------------------------------------


def test_meld_marks_follow_seed_002():
    """Seed 002: "ett vertikalt streck för 20 ..., ett horisontellt streck för 50 ...
    och en ring för 100 ... Fyra knektar skrivs med två ringar bredvid varandra"."""
    assert meld_marks([20]) == "|"
    assert meld_marks([50]) == "-"
    assert meld_marks([100]) == "o"
    assert meld_marks([200]) == "oo"
    assert meld_marks([20, 100, 20, 50]) == "||-o"  # vertical strokes grouped together
    with pytest.raises(NotAMeld):
        meld_marks([30])


def test_protocol_board_from_numbers():
    hands = [
        [ProtocolRow(92, (20,)), ProtocolRow(70, (50, 100))],
        [ProtocolRow(112, (20, 20, 50)), ProtocolRow(50)],
        [ProtocolRow(40, (200,)), ProtocolRow(122, (20,))],
    ]
    svg = protocol_svg(hands, ["Anna", "Bo"])
    assert svg.count('data-mark="meld20"') == 4
    assert svg.count('data-mark="meld50"') == 2
    assert svg.count('data-mark="meld100"') == 3  # one ring, and two for four jacks
    assert ">554 ✓<" in svg and ">412<" in svg  # 554 passed 500; 412 did not
    golden("protocol-anna-bo.svg", svg)


def test_protocol_board_is_fed_by_a_two_player_verdict():
    verdict = {
        "variant": "frantsfuus",
        "settings": {"target": 500},
        "hands": [{"points": [100, 62], "weis": [70, 0], "stoeck": [0, 20]}],
        "totals": [170, 82],
    }
    svg = render_board(verdict, View(), ["Anna", "Bo"])
    assert svg.count('data-mark="meld20"') == 2 and svg.count('data-mark="meld50"') == 1


# --- Smousjas lives and the kip -------------------------------------------------------------


def test_lives_count_down_and_the_first_at_zero_sits_on_the_kip():
    state = count_lives(3, [RoundResult(0), RoundResult(1), RoundResult(0), RoundResult(0)])
    assert state.lives == (0, 2) and state.on_kip == 0 and state.out is None
    state = count_lives(3, [RoundResult(0)] * 4)
    assert state.out == 0  # the kip's extra life is lost too


def test_onder_jan_from_one_makes_the_kip_worthless():
    """Seed 001: the kip is "waardeloos ... als een verliezende speler op 1 staat en
    'onder Jan' is, en dus 2 punten naar beneden gaat"."""
    state = count_lives(2, [RoundResult(1), RoundResult(1, under_jan=True)])
    assert state.out == 1 and state.on_kip is None


def test_there_is_only_one_kip():
    state = count_lives(1, [RoundResult(0), RoundResult(1)])
    assert state.on_kip == 0 and state.out == 1


def test_lives_board_from_numbers():
    svg = lives_svg(count_lives(8, [RoundResult(0, under_jan=True), RoundResult(1)]), ["A", "B"])
    dice = re.findall(r'class="die" data-value="(\d)"', svg)
    assert dice == ["6", "6", "1"]  # A: 6 lives on one die; B: 7 = 6 + 1
    assert svg.count('class="pip"') == 13
    assert 'class="kip"' not in svg
    on_kip = lives_svg(count_lives(1, [RoundResult(1)]), ["A", "B"])
    assert on_kip.count('class="kip"') == 1 and "op de kip" in on_kip
    golden("lives-kip.svg", on_kip)
