"""What issue 7 asks of the board beyond scoring: languages, the QR code, the PIN kept
across restarts, a new game from the phone, and the table's announcements and fixes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import VARIANTS
from webui import create_app
from webui.catalogue import CATALOGUE
from webui.names import FRENCH_SUITS

from webui_helpers import HAND_ONE, PIN, config, csrf_of, lines

WEBUI = Path(__file__).parent.parent / "webui"
MSGID = re.compile(r"""_\(\s*(['"])((?:\\.|(?!\1).)*)\1""")


def post(client, events):
    return client.post("/api/events", data=json.dumps(events), headers={"X-Table-PIN": PIN})


def unlock(client):
    page = client.get("/").get_data(as_text=True)
    client.post("/unlock", data={"pin": PIN, "csrf": csrf_of(page)})
    return csrf_of(client.get("/").get_data(as_text=True))


def fix_card(client, token, line, card) -> str:
    """The phone's correction of a misread card; the page it answers with."""
    data = {"csrf": token, "line": line, "card": card}
    return client.post("/fix-card", data=data, follow_redirects=True).get_data(as_text=True)


# --- languages ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "title", "pin_label"),
    [
        ("de-CH,de;q=0.9,en;q=0.5", "Jass-Tafel", "Tisch-PIN"),
        ("fr-CH,fr;q=0.9", "Ardoise de jass", "PIN de la table"),
        ("en-GB", "Jass tavla", "Table PIN"),
        ("it-CH", "Jass tavla", "Table PIN"),
    ],
)
def test_the_browser_language_chooses_the_page_language(client, accept, title, pin_label):
    page = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f"<h1>{title}</h1>" in page and pin_label in page


def test_the_language_can_be_switched_on_the_page_and_stays(client):
    german = {"Accept-Language": "de"}
    page = client.get("/?lang=fr", headers=german).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Ardoise de jass" in page
    again = client.get("/", headers=german).get_data(as_text=True)
    assert "Ardoise de jass" in again  # the choice outlives the browser's preference


def test_messages_of_a_refused_form_are_in_the_page_language(client):
    page = client.get("/?lang=de").get_data(as_text=True)
    done = client.post(
        "/unlock", data={"pin": "0000", "csrf": csrf_of(page)}, follow_redirects=True
    )
    assert "Falsche PIN (noch 4 Versuche)." in done.get_data(as_text=True)


def _used_strings() -> set[str]:
    found = set()
    for path in WEBUI.rglob("*"):
        if path.suffix in (".py", ".html") and path.name != "catalogue.py":
            found |= {m.group(2).replace("\\'", "'") for m in MSGID.finditer(path.read_text())}
    for cls in VARIANTS.values():
        for rule in cls.rules_class.describe():
            if rule["name"] != "target":
                found.add(rule["doc"])
                found |= {str(c) for c in rule["choices"] if not isinstance(c, bool)}
    return found | set(FRENCH_SUITS.values())


def test_every_visible_string_has_german_and_french():
    used = _used_strings()
    assert len(used) > 100
    missing = sorted(s for s in used if set(CATALOGUE.get(s, {})) != {"de", "fr"})
    assert missing == []
    for english, translated in CATALOGUE.items():
        fields = set(re.findall(r"{(\w+)}", english))
        for text in translated.values():
            assert set(re.findall(r"{(\w+)}", text)) == fields, english


# --- QR code --------------------------------------------------------------------------------


def test_the_page_has_a_qr_code_of_its_address(tmp_path):
    app = create_app(config(tmp_path, PUBLIC_URL="http://192.168.1.20:8000/"))
    page = app.test_client().get("/").get_data(as_text=True)
    assert '<svg viewBox="0 0' in page and 'class="segno"' in page
    assert "<title>http://192.168.1.20:8000/</title>" in page


# --- the PIN, kept beside the log ------------------------------------------------------------


def test_the_first_start_makes_a_pin_and_a_restart_keeps_it(tmp_path):
    settings = config(tmp_path)
    del settings["TABLE_PIN"]
    first = create_app(settings).config["TABLE_PIN"]
    assert re.fullmatch(r"\d{4}", first)
    assert create_app(settings).config["TABLE_PIN"] == first
    saved = json.loads((tmp_path / "game.table.json").read_text())
    assert saved["pin"] == first and (tmp_path / "game.table.json").stat().st_mode & 0o077 == 0
    assert create_app({**settings, "TABLE_PIN": "97531"}).config["TABLE_PIN"] == "97531"


@pytest.mark.parametrize(
    "saved",
    [
        {"pin": "1234", "log": "."},
        {"pin": "1234", "log": "a\u0000b"},
        {"pin": "1234", "log": "../elsewhere.jsonl"},
        {"pin": "\u0661\u0662\u0663\u0664", "log": "game.jsonl"},  # Arabic-Indic digits
    ],
    ids=["dot", "nul", "parent", "not-ascii-pin"],
)
def test_a_damaged_state_file_is_ignored_not_a_crash(tmp_path, saved):
    settings = config(tmp_path)
    del settings["TABLE_PIN"]
    (tmp_path / "game.table.json").write_text(json.dumps(saved), encoding="utf-8")
    app = create_app(settings)
    assert app.extensions["jassref.table"].log.name == "game.jsonl"
    pin = app.config["TABLE_PIN"]
    assert re.fullmatch(r"[0-9]{4}", pin) and (saved["pin"] == "1234") == (pin == "1234")


# --- a new game from the phone ---------------------------------------------------------------


def new_game_form(token, **fields):
    form = {
        "csrf": token,
        "variant": "schieber",
        "target": "1500",
        "player0": "Anna",
        "player1": "Beat",
        "player2": "Cla",
        "player3": "Dora",
        "rule_equal_weis": "sequence",
        "rule_four_low_cards": "false",
        "rule_only_trumps": "free",
        "rule_match": "all-tricks",
        "rule_first_forehand": "club-seven",
        "rule_win_by": "reaching",
    }
    return {**form, **fields}


def test_a_new_game_starts_a_new_log_and_leaves_the_old_one(app, client, tmp_path):
    assert post(client, [*HAND_ONE, {"event": "score", "points": [100, 57]}]).status_code == 201
    old = (tmp_path / "game.jsonl").read_text()
    token = unlock(client)
    page = client.post("/new-game", data=new_game_form(token), follow_redirects=True)
    text = page.get_data(as_text=True)
    assert "New game started." in text and "Anna &amp; Cla" in text and "to 1500" in text
    assert (tmp_path / "game.jsonl").read_text() == old  # history untouched
    header = lines(tmp_path / "game-2.jsonl")[0]
    assert header == {
        "event": "game",
        "variant": "schieber",
        "target": 1500,
        "settings": {"four_low_cards": False, "win_by": "reaching"},
        "players": ["Anna", "Beat", "Cla", "Dora"],
    }
    state = client.get("/api/state").get_json()
    assert state["verdict"]["totals"] == [0, 0] and state["game"] == "game-2.jsonl"
    assert post(client, [{"event": "hand", "dealer": 3}]).status_code == 201
    assert len(lines(tmp_path / "game-2.jsonl")) == 2
    restarted = create_app(config(tmp_path)).test_client()
    assert restarted.get("/api/state").get_json()["game"] == "game-2.jsonl"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"target": "lots"}, "Target: write a whole number"),
        ({"variant": "poker"}, "Variant: choose one of schieber"),
        (
            {"rule_match": "sometimes"},
            "sometimes&#39; is not allowed (use all-tricks, opponents-zero)",
        ),
        ({"player0": "x" * 30}, "at most 24"),
    ],
)
def test_a_bad_new_game_is_explained_and_changes_nothing(client, tmp_path, fields, message):
    token = unlock(client)
    page = client.post("/new-game", data=new_game_form(token, **fields), follow_redirects=True)
    assert message in page.get_data(as_text=True)
    assert not (tmp_path / "game-2.jsonl").exists()
    assert client.get("/api/state").get_json()["game"] == "game.jsonl"


def test_a_new_game_needs_the_pin(client, tmp_path):
    token = csrf_of(client.get("/").get_data(as_text=True))
    page = client.post("/new-game", data=new_game_form(token), follow_redirects=True)
    assert "Enter the table PIN first" in page.get_data(as_text=True)
    assert not (tmp_path / "game-2.jsonl").exists()


def test_the_new_game_form_offers_the_variants_and_their_house_rules(client):
    unlock(client)
    page = client.get("/").get_data(as_text=True)
    for variant, cls in VARIANTS.items():
        assert f'<option value="{variant}" data-players="{cls.players}"' in page
        has_target = any(r["name"] == "target" for r in cls.rules_class.describe())
        assert (f'name="target_{variant}"' in page) == has_target
        for rule in cls.rules_class.describe():
            if rule["name"] != "target":
                # Named per variant: Schieber and Frantsfuus both have a 'match' rule.
                assert f'name="rule_{variant}_{rule["name"]}"' in page
    assert 'name="rule_smousjas_lives" inputmode="numeric" size="4" value="5"' in page


# --- the hand on the table -------------------------------------------------------------------


def test_each_card_lies_at_its_seat_and_the_leader_is_shown(client):
    assert post(client, [*HAND_ONE, {"event": "play", "seat": 0, "card": "H6"}]).status_code == 201
    assert post(client, [{"event": "play", "seat": 1, "card": "HK"}]).status_code == 201
    page = client.get("/?side=1").get_data(as_text=True)
    south = re.search(r'<div class="seat south[^"]*" data-seat="(\d)"', page).group(1)
    assert south == "1"  # the viewer's side at the bottom
    seat0 = page.split('data-seat="0"', 1)[1].split("</div>", 1)[0]
    assert 'data-card="H6"' in seat0 and "leads" in seat0
    seat1 = page.split('data-seat="1"', 1)[1].split("</div>", 1)[0]
    assert 'data-card="HK"' in seat1
    seat2 = page.split('data-seat="2"', 1)[1].split("</div>", 1)[0]
    assert "to play" in seat2


def test_swiss_faces_are_the_tables_choice_and_each_phones(tmp_path):
    client = create_app(config(tmp_path, CARD_FACES="swiss")).test_client()
    assert post(client, [*HAND_ONE, {"event": "play", "seat": 0, "card": "H10"}]).status_code == 201
    page = client.get("/").get_data(as_text=True)
    assert 'class="card swiss" data-card="H10"' in page and "Schellen Banner" in page
    page = client.get("/?faces=french").get_data(as_text=True)
    assert 'class="card french" data-card="H10"' in page


def test_weis_stoeck_and_bedanken_from_the_phone(app, client):
    post(client, HAND_ONE)
    token = unlock(client)
    client.post("/weis", data={"csrf": token, "seat": "1", "points": "50"})
    client.post("/stoeck", data={"csrf": token, "seat": "0"})
    page = client.get("/").get_data(as_text=True)
    assert "weis 50" in page and "stöck (20)" in page
    client.post("/bedanken", data={"csrf": token, "seat": "2"})
    events = lines(app.config["LOG_PATH"])[3:]
    assert events == [
        {"event": "weis", "seat": 1, "points": 50},
        {"event": "stoeck", "seat": 0},
        {"event": "bedanken", "seat": 2},
    ]
    bad = client.post(
        "/weis", data={"csrf": token, "seat": "1", "points": "60"}, follow_redirects=True
    )
    assert "60 is not the value of a weis" in bad.get_data(as_text=True)
    assert len(lines(app.config["LOG_PATH"])) == 6


def test_a_misread_card_is_corrected_by_a_correction(app, client):
    post(client, [*HAND_ONE, {"event": "play", "seat": 0, "card": "H6"}])
    token = unlock(client)
    done = fix_card(client, token, "3", "hu")
    assert "Card corrected." in done
    assert lines(app.config["LOG_PATH"])[-1] == {
        "event": "correction",
        "replaces": 3,
        "with": {"event": "play", "seat": 0, "card": "HJ"},
    }
    live = client.get("/api/state").get_json()["live"]
    assert live["hand"]["trick"]["plays"] == [[0, "HJ"]]
    bad = fix_card(client, token, "3", "H11")
    assert "is not a card" in bad
    assert len(lines(app.config["LOG_PATH"])) == 5


def test_a_card_the_camera_could_not_read_is_confirmed_from_the_phone(app, client):
    unread = {"event": "play", "seat": 0, "card": None, "confirm": True, "read": "S8"}
    assert post(client, [*HAND_ONE, unread]).status_code == 201
    page = client.get("/").get_data(as_text=True)
    assert "the card was not read; a correction gives it" in page
    token = unlock(client)
    controls = client.get("/").get_data(as_text=True)
    assert re.search(r'<option value="3">[^<]*: S8\?</option>', controls)
    done = fix_card(client, token, "3", "S9")
    assert "Card corrected." in done
    assert lines(app.config["LOG_PATH"])[-1] == {
        "event": "correction",
        "replaces": 3,
        "with": {"event": "play", "seat": 0, "card": "S9"},
    }
    state = client.get("/api/state").get_json()
    assert state["live"]["hand"]["trick"]["plays"] == [[0, "S9"]]
    assert state["verdict"]["violations"] == []
    without_confirm = {"event": "play", "seat": 0, "card": None}
    assert post(client, [without_confirm]).status_code == 422  # a phone's typo is refused


def test_the_card_picker_answers_the_camera_for_the_seat_it_could_not_read(app, client):
    unread = {"event": "play", "seat": 0, "card": None, "confirm": True, "read": "S8"}
    post(client, [*HAND_ONE, unread])
    token = unlock(client)
    page = client.get("/").get_data(as_text=True)
    assert "played a card the camera could not read (likely S8). Which was it?" in page
    client.post("/play", data={"csrf": token, "card": "S8"})
    assert lines(app.config["LOG_PATH"])[-1] == {
        "event": "correction",
        "replaces": 3,
        "with": {"event": "play", "seat": 0, "card": "S8"},
    }
    client.post("/play", data={"csrf": token, "card": "S9"})  # the next seat: a play
    assert lines(app.config["LOG_PATH"])[-1] == {"event": "play", "seat": 1, "card": "S9"}
    state = client.get("/api/state").get_json()
    assert state["live"]["hand"]["trick"]["plays"] == [[0, "S8"], [1, "S9"]]


def test_every_violation_is_listed_with_its_proof(client):
    post(client, HAND_ONE)
    post(client, [{"event": "stoeck", "seat": 1}, {"event": "play", "seat": 0, "card": "HQ"}])
    post(client, [{"event": "stoeck", "seat": 3}, {"event": "play", "seat": 1, "card": "HK"}])
    page = client.get("/").get_data(as_text=True)
    assert "2 rules broken" in page
    assert "seat 1 announced stöck, but seat 0 played HQ" in page
    assert "seat 3 announced stöck (HQ-HK), but seat 0 played HQ" in page


def test_totals_say_who_is_close_to_the_target(tmp_path):
    client = create_app(config(tmp_path, TARGET=500)).test_client()
    post(client, [*HAND_ONE, {"event": "score", "points": [157, 0], "match": 0}])
    page = client.get("/").get_data(as_text=True)
    assert "target reached" in page  # (157 + 100) × 2 = 514
    assert "needs 500" in page and "close to the target" not in page


# --- remedies (issue 4) ---------------------------------------------------------------------

RENOUNCE = [
    {"event": "hand", "dealer": 3},
    {"event": "trump", "seat": 0, "mode": "obenabe"},
    *(
        {"event": "play", "seat": seat, "card": card}
        for seat, card in [(0, "SA"), (1, "H6"), (2, "S7"), (3, "S8"), (0, "S9"), (1, "S6")]
    ),
]
"""Seat 1 throws H6 on the spade lead (line 4) and shows S6 (line 8): a renounce, for
which the seeds give no remedy."""


def test_the_players_decision_needs_the_pin_and_an_open_violation(app, client):
    """Issue 4: "otherwise the violation is shown and the players decide (the board
    offers to apply a correction)" — behind the table PIN, like every change."""
    post(client, RENOUNCE)
    page = client.get("/").get_data(as_text=True)
    assert "the players decide" in page and 'action="/award"' not in page
    written = len(lines(app.config["LOG_PATH"]))
    locked = client.post(
        "/award", data={"csrf": csrf_of(page), "for": "4", "side": "0", "points": "157"}
    )
    assert locked.status_code == 303 and len(lines(app.config["LOG_PATH"])) == written
    token = unlock(client)
    assert 'action="/award"' in client.get("/").get_data(as_text=True)
    for wrong, message in [
        ({"for": "3"}, "choose a violation the players decide on"),
        ({"points": "0"}, "Points: 0 is not between 1 and 100000"),
        ({"side": "2"}, "Side: 2 is not between 0 and 1"),
    ]:
        form = {"csrf": token, "for": "4", "side": "0", "points": "157", **wrong}
        answer = client.post("/award", data=form, follow_redirects=True).get_data(as_text=True)
        assert message in answer
    assert len(lines(app.config["LOG_PATH"])) == written
    form = {"csrf": token, "for": "4", "side": "0", "points": "157"}
    done = client.post("/award", data=form, follow_redirects=True).get_data(as_text=True)
    assert "The players&#39; decision is written" in done
    assert lines(app.config["LOG_PATH"])[-1] == {
        "event": "award",
        "side": 0,
        "points": 157,
        "for": 4,
    }
    state = client.get("/api/state").get_json()
    assert state["verdict"]["totals"] == [57 + 157, 0]
    assert state["verdict"]["violations"][0]["remedy"]["award"] == written
    again = client.post("/award", data=form, follow_redirects=True).get_data(as_text=True)
    assert "not yet settled" in again
    assert len(lines(app.config["LOG_PATH"])) == written + 1


def test_every_remedy_the_referee_gives_has_german_and_french():
    """The board translates the referee's remedy sentences (the seed quotes stay in the
    seed's language)."""
    from referee import remedies

    texts = {
        remedies.PLAYERS_DECIDE.text,
        remedies.PLAYERS_DECIDE_ONLY.text,
        remedies.remedy_for("schieber", "false-weis", False).text,
        remedies.remedy_for("schmaus", "weis-not-upward", False).text,
        *(remedies.remedy_for(v, "false-claim", False).text for v in VARIANTS),
    }
    assert all(set(CATALOGUE.get(text, {})) == {"de", "fr"} for text in texts)
