"""The table's SQLite game store, and its export/import commands (issue 8)."""

from __future__ import annotations

import csv
import io
import random
import sqlite3

import pytest

import referee
from referee.gamelog import dump_log
from referee.simulate import SimulationOptions, simulate_schieber
from referee.simulate_family import simulate_differenzler
from store import GameStore, StoreError, score_sheet_csv
from webui.table import BadEvent, Table

from conftest import jassref

HEADER = '{"event":"game","variant":"schieber","target":1000}'


def sample_log(seed: int = 3, hands: int = 3) -> str:
    return dump_log(simulate_schieber(random.Random(seed), SimulationOptions(hands=hands)))


def test_games_survive_reopening_and_the_last_started_is_current(tmp_path):
    path = tmp_path / "t.db"
    games = GameStore(path)
    first = games.start(HEADER)
    games.append(first, ['{"event":"hand","dealer":0}'])
    second = games.start(HEADER)
    games.set_setting("pin", "1234")
    games.close()

    again = GameStore(path)
    assert again.current() == second != first
    assert again.lines(first) == [HEADER, '{"event":"hand","dealer":0}']
    assert again.lines(second) == [HEADER]
    assert [(g.name, g.events) for g in again.games()] == [(first, 2), (second, 1)]
    assert again.setting("pin") == "1234"


def test_the_store_commits_through_the_write_ahead_log_with_full_sync(tmp_path):
    """WAL and ``synchronous=FULL``: a commit is on the card before it returns."""
    path = tmp_path / "t.db"
    GameStore(path).start(HEADER)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    store = GameStore(path)
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL


def test_a_file_that_is_not_a_store_is_refused_with_its_name(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("not a database at all, just some notes\n" * 50)
    with pytest.raises(StoreError, match=r"notes\.db"):
        GameStore(path)


def test_a_refused_event_is_not_stored_and_a_batch_is_stored_whole(tmp_path):
    """Bad input changes nothing: a batch with one unreadable event stores none."""
    games = GameStore(tmp_path / "t.db")
    table = Table.from_store(games, {"event": "game", "variant": "schieber", "target": 1000})
    hand = {"event": "hand", "dealer": 0}
    with pytest.raises(BadEvent):
        table.append([hand, {"event": "play", "seat": 1, "card": "X9"}])
    assert games.lines(games.current() or "") == [table.text().splitlines()[0]]
    table.append([hand])
    assert len(games.lines(games.current() or "")) == 2


def test_a_restarted_table_resumes_the_stored_game(tmp_path):
    path = tmp_path / "t.db"
    header = {"event": "game", "variant": "schieber", "target": 1000}
    Table.from_store(GameStore(path), header).append([{"event": "hand", "dealer": 2}])
    resumed = Table.from_store(GameStore(path), header)
    assert resumed.snapshot.version == 2
    assert '"dealer":2' in resumed.text()


def test_import_then_export_gives_the_log_back_unchanged(tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text(sample_log(), encoding="utf-8")
    db = str(tmp_path / "t.db")
    done = jassref("store", "--store", db, "import", str(log))
    assert done.returncode == 0, done.stderr
    assert "game-1" in done.stdout
    listed = jassref("store", "--store", db, "list")
    assert listed.stdout.startswith("* game-1")
    exported = jassref("store", "--store", db, "export")
    assert exported.returncode == 0
    assert exported.stdout == log.read_text(encoding="utf-8")


def test_the_csv_score_sheet_adds_up_to_the_verdict(tmp_path):
    text = sample_log(seed=11, hands=4)
    db = str(tmp_path / "t.db")
    assert jassref("store", "--store", db, "import", "-", stdin=text).returncode == 0
    sheet = jassref("store", "--store", db, "export", "--csv")
    assert sheet.returncode == 0, sheet.stderr
    rows = list(csv.DictReader(io.StringIO(sheet.stdout)))
    verdict = referee.check(text)
    assert len(rows) == len(verdict.hands)
    for row, hand in zip(rows, verdict.hands, strict=True):
        assert row["mode"] == hand.mode
        assert [int(row["scored_0"]), int(row["scored_1"])] == hand.scored
    assert [int(rows[-1]["total_0"]), int(rows[-1]["total_1"])] == verdict.totals


def test_the_differenzler_sheet_has_a_column_group_per_player():
    events = simulate_differenzler(random.Random(2), SimulationOptions(hands=2))
    rows = list(csv.DictReader(io.StringIO(score_sheet_csv(dump_log(events)))))
    verdict = referee.check(dump_log(events))
    assert [int(rows[-1][f"total_{seat}"]) for seat in range(4)] == verdict.totals


def test_store_commands_explain_bad_input_in_one_line(tmp_path):
    missing = jassref("store", "--store", str(tmp_path / "none.db"), "list")
    assert missing.returncode == 2
    assert (
        missing.stderr.strip()
        == f"jassref: {tmp_path / 'none.db'}: no game store here (give --store)"
    )
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    refused = jassref("store", "--store", str(tmp_path / "t.db"), "import", str(junk))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"jassref: {junk}:") and "Traceback" not in refused.stderr
    assert not (tmp_path / "t.db").exists()


def test_run_refuses_a_misspelt_setting_naming_file_and_key(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text("[web]\nprot = 8000\n", encoding="utf-8")
    done = jassref("run", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"jassref: {config}: unknown setting web.prot "
        "(known in [web]: faces, figure, host, port, threads)"
    )


def test_run_refuses_a_configuration_that_is_not_text(tmp_path):
    config = tmp_path / "table.toml"
    config.write_bytes(b"\xff\xfe[web]\n")
    done = jassref("run", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.strip() == f"jassref: {config}: not a text file, so not a configuration"


@pytest.mark.parametrize(
    "table", ["games (title TEXT)", "settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"]
)
def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path, table):
    other = tmp_path / "recipes.db"
    db = sqlite3.connect(other)
    db.execute(f"CREATE TABLE {table}")
    db.commit()
    db.close()
    before = other.read_bytes()
    done = jassref("store", "--store", str(other), "list")
    assert done.returncode == 2
    assert done.stderr.startswith(f"jassref: {other}: not a jassref game store")
    assert other.read_bytes() == before and not other.with_name("recipes.db-wal").exists()


def test_run_refuses_a_target_of_no_points(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text("[table]\ntarget = 0\n", encoding="utf-8")
    done = jassref("run", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.strip() == "jassref: table.target: 0 is not a score to play to (1 or more)"


def test_run_refuses_a_host_it_cannot_listen_on(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text('[web]\nhost = "not a host"\n', encoding="utf-8")
    done = jassref("run", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.startswith("jassref: web.host: 'not a host' is not an address to listen on")
