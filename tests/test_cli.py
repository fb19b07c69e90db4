"""The jassref command, run as a user runs it: a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import jassref

SAMPLE = Path(__file__).parent.parent / "jassref" / "samples" / "schieber-sample.jsonl"


def test_check_json_prints_the_contract_verdict(tmp_path):
    result = jassref("referee", "check", str(SAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert {"variant", "hands", "totals", "violations", "winner"} <= verdict.keys()
    assert verdict["variant"] == "schieber"
    assert verdict["totals"] == [sum(h["scored"][s] for h in verdict["hands"]) for s in (0, 1)]
    assert [v["rule"] for v in verdict["violations"]] == ["follow-suit"]


def test_check_without_json_prints_a_readable_report():
    result = jassref("referee", "check", str(SAMPLE))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Violations (1):" in out and "follow-suit" in out and "proven at event" in out
    assert "Winner: seats 0+2" in out and "schneider" in out
    assert "Board (tavla):" in out and "||||/" in out


def test_check_reads_standard_input():
    result = jassref("referee", "check", "-", "--json", stdin=SAMPLE.read_text())
    assert result.returncode == 0 and json.loads(result.stdout)["variant"] == "schieber"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("", "the file is empty"),
        ("not json at all\n", "not a game log"),
        ('{"event":"game","variant":"bridge"}\n', "not supported"),
        (b"\xff\xfe\x00binary", "not a text file"),
    ],
)
def test_a_file_that_is_not_a_game_log_gets_one_line_and_exit_2(tmp_path, content, message):
    path = tmp_path / "log.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    result = jassref("referee", "check", str(path))
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_violations_inside_a_log_still_exit_0(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"event":"game","variant":"schieber"}\n{"event":"play","seat":0,"card":"H11"}\n{oops\n'
    )
    result = jassref("referee", "check", str(path), "--json")
    assert result.returncode == 0
    rules = [(v["event"], v["rule"]) for v in json.loads(result.stdout)["violations"]]
    assert rules == [(1, "illegal-event"), (2, "illegal-event")]


def test_set_applies_a_house_rule_and_refuses_a_bad_one():
    ok = jassref("referee", "check", str(SAMPLE), "--json", "--set", "target=1500")
    assert json.loads(ok.stdout)["settings"]["target"] == 1500
    bad = jassref("referee", "check", str(SAMPLE), "--set", "equal_weis=maybe")
    assert bad.returncode == 2 and "equal_weis='maybe' is not allowed" in bad.stderr


def test_rules_lists_every_house_rule_with_its_default_and_seed_source():
    result = jassref("referee", "rules", "--json")
    rules = {r["name"]: r for r in json.loads(result.stdout)}
    assert {"only_trumps", "equal_weis", "four_low_cards", "match", "target"} <= rules.keys()
    assert rules["four_low_cards"]["default"] is True
    assert rules["equal_weis"]["default"] == "sequence"
    assert all(r["source"].startswith("003") for r in rules.values())
    text = jassref("referee", "rules").stdout
    assert "only_trumps = free" in text


def test_simulate_writes_a_log_that_check_reads(tmp_path):
    out = tmp_path / "game.jsonl"
    result = jassref("referee", "simulate", "--seed", "5", "--hands", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    verdict = json.loads(jassref("referee", "check", str(out), "--json").stdout)
    assert len(verdict["hands"]) == 2 and verdict["violations"] == []


def test_an_out_that_cannot_be_written_is_one_line(tmp_path):
    for out in (tmp_path, tmp_path / "missing" / "game.jsonl"):
        result = jassref("referee", "simulate", "--seed", "5", "--hands", "1", "--out", str(out))
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith(f"jassref: --out {out}: cannot write (")
        assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["serve", "--port", "-1"], "--port -1: not a port number"),
        (["serve", "--port", "70001"], "--port 70001: not a port number"),  # was taken mod 65536
        (["serve", "--threads", "0"], "--threads 0: at least 1"),  # was a server that never answers
        (["serve", "--host", "not a host"], "--host not a host: not an address"),
        (["demo", "--seconds", "nan"], "--seconds: a positive number"),
        (["demo", "--seconds", "1e300"], "--seconds: a positive number"),
        (["demo", "--port", "99999"], "--port 99999: not a port number"),
        (["serve", "--target", "0"], "--target 0: not a score to play to"),  # was a violation
    ],
)
def test_serve_and_demo_refuse_what_they_cannot_listen_with(args, words):
    result = jassref(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"jassref: {words}") and result.stderr.count("\n") == 1


def test_demo_replays_the_sample_and_shows_verdict_and_board():
    result = jassref("demo", "--replay-sample")
    assert result.returncode == 0, result.stderr
    assert "replaying a recorded Schieber game" in result.stdout
    assert "Board (tavla):" in result.stdout and "Winner:" in result.stdout


def test_no_command_prints_help_and_exits_2():
    result = jassref()
    assert result.returncode == 2 and "referee" in result.stdout


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('{"event":"play","seat":0,"card":"H6","x":' + "9" * 5000 + "}", "cannot be read"),
        (
            '{"event":"play","seat":0,"card":' + "[" * 100_000 + "]" * 100_000 + "}",
            "cannot be read",
        ),
        ('{"event":"score","points":[0,157],"match":1.0}', "'match' must be 0, 1 or null"),
        ('{"event":"weis","seat":1,"points":20.0}', "a weis is worth"),
    ],
)
def test_extreme_values_inside_a_log_are_violations_not_crashes(tmp_path, line, expected):
    path = tmp_path / "log.jsonl"
    head = '{"event":"game","variant":"schieber"}\n{"event":"hand","dealer":3}\n'
    path.write_text(head + '{"event":"trump","seat":0,"mode":"S"}\n' + line + "\n")
    result = jassref("referee", "check", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert expected in json.loads(result.stdout)["violations"][-1]["proof"]


def test_an_absurd_target_is_refused_not_overflowed(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(
        '{"event":"game","variant":"schieber","target":1' + "0" * 400 + "}\n"
        '{"event":"bedanken","seat":0}\n'
    )
    verdict = json.loads(jassref("referee", "check", str(path), "--json").stdout)
    assert verdict["settings"]["target"] == 2500
    assert "not allowed" in verdict["violations"][0]["proof"]
    bad = jassref("referee", "check", str(path), "--set", "target=" + "9" * 400)
    assert bad.returncode == 2 and "target" in bad.stderr


def test_explain_shows_the_tricks_what_each_seat_was_proven_to_hold_and_the_proofs():
    """Issue 4: "the trick-by-trick table of the hand, what was known about each seat at
    each trick, and every violation with its proof". The sample's renounce: seat 0
    played S9 on a club lead in trick 7 of hand 4 and showed C8 in trick 9; it is
    proven one event before, when seat 3's H7 leaves C8 the only card not yet seen."""
    text = jassref("referee", "explain", str(SAMPLE))
    assert text.returncode == 0, text.stderr
    assert "Hand 4:" in text.stdout and "seat 0, trick 7, clubs led: C8" in text.stdout
    assert "follow-suit, proven at event 155" in text.stdout
    assert "every card not yet seen anywhere is such a card" in text.stdout
    # issue 4: "otherwise the violation is shown and the players decide"
    assert "remedy: The rules give no remedy for this: the players decide" in text.stdout
    data = json.loads(jassref("referee", "explain", str(SAMPLE), "--json").stdout)
    hand = data["games"][0]["hands"][3]
    trick7 = next(t for t in hand["tricks"] if t["number"] == 7)
    assert trick7["cards"]["0"] == "S9"
    held = next(h for h in hand["held"] if h["seat"] == 0 and h["trick"] == 7)
    assert "C8" in held["held"] and "S9" in held["held"]
    assert [v["rule"] for v in data["violations"]] == ["follow-suit"]
    assert data["violations"][0]["remedy"]["kind"] == "players"
    assert data["violations"][0]["remedy"]["applied"] is False
    bad = jassref("referee", "explain", "/nonexistent.jsonl")
    assert bad.returncode == 2 and "no such file" in bad.stderr


@pytest.mark.parametrize(
    ("variant", "line"),
    [("sidi-barrani", "bid — "), ("differenzler", "predicted — "), ("coiffeur", "slot — ")],
)
def test_the_schieber_family_is_simulated_checked_and_reported(tmp_path, variant, line):
    out = tmp_path / "game.jsonl"
    made = jassref(
        "referee",
        "simulate",
        "--variant",
        variant,
        "--seed",
        "3",
        "--hands",
        "2",
        "--out",
        str(out),
    )
    assert made.returncode == 0, made.stderr
    verdict = json.loads(jassref("referee", "check", str(out), "--json").stdout)
    assert verdict["variant"] == variant and verdict["violations"] == []
    assert len(verdict["hands"]) == 2 and all("contract" in h for h in verdict["hands"])
    report = jassref("referee", "check", str(out)).stdout
    assert report.count(line) == 2
    explained = jassref("referee", "explain", str(out)).stdout
    assert explained.count("Played for: ") == 2


def test_the_family_house_rules_name_their_sources():
    sidi = {
        r["name"]: r
        for r in json.loads(jassref("referee", "rules", "sidi-barrani", "--json").stdout)
    }
    assert sidi["contract"]["default"] == "bid-plus-points"
    assert "jassverzeichnis.ch/sidi-barrani" in sidi["contract"]["source"]
    assert sidi["doubling"]["source"].startswith("004:") and sidi["target"]["default"] == 1500
    text = jassref("referee", "rules", "coiffeur").stdout
    assert "board = S=1 C=2 D=3 H=4 obenabe=5 undenufe=6 joker=7 joker=8   (text)" in text
    assert "push = round   (round | partner)" in text and "swisslos.ch" in text
    assert (
        "announcement = open   (open | hidden)"
        in jassref("referee", "rules", "differenzler").stdout
    )


def test_a_variant_without_a_simulator_or_a_bad_board_is_one_line(tmp_path):
    result = jassref("referee", "simulate", "--variant", "schnueffler")
    assert result.returncode == 2 and "no simulator for 'schnueffler'" in result.stderr
    log = tmp_path / "c.jsonl"
    log.write_text('{"event": "game", "variant": "coiffeur"}\n', encoding="utf-8")
    bad = jassref("referee", "check", str(log), "--set", "board=H=2 H=3")
    assert bad.returncode == 2 and "H is on the board twice" in bad.stderr


def test_commands_that_read_no_card_start_without_opencv():
    """OpenCV and numpy take about half a second to load here, more on a Pi: a check, or
    the table service restarting after a power cut, must not wait for them."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "jassref", "referee", "check", str(SAMPLE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    loaded = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    assert "jassref.cli" in loaded and "referee" in loaded
    assert not loaded & {"cv2", "numpy"}, "a card-free command loaded OpenCV"
    reading = jassref("vision", "read", str(SAMPLE), "--json")
    assert reading.returncode == 2 and "not an image this program can read" in reading.stderr
