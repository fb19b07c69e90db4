"""The board of Sidi-Barrani, Differenzler and Coiffeur through Flask's test client: what
the page shows (the auction and whether the contract was made, the predictions and each
seat's points per trick, the lines of the Coiffeur board still open) and each phone
form writing its contract events, or a clear message and nothing written."""

from __future__ import annotations

import referee
from webui import create_app

from webui_helpers import config, lines, unlocked_client


def form(client, token, path, **fields) -> str:
    return client.post(path, data={"csrf": token, **fields}, follow_redirects=True).get_data(
        as_text=True
    )


def agrees_with_the_referee(client, log) -> dict:
    state = client.get("/api/state").get_json()
    assert state["verdict"] == referee.check(log.read_text()).to_json()
    return state


PLAYERS = ["Anna", "Bo", "Cla", "Dario"]
SIDI = [
    {"event": "game", "variant": "sidi-barrani", "players": PLAYERS},
    {"event": "hand", "dealer": 3},
]


def test_an_auction_from_the_phone_and_the_contract_on_the_board(tmp_path):
    client, token, log = unlocked_client(tmp_path, SIDI)
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "Anna to call" in page and "Anna calls:" in page
    form(client, token, "/bid", points="80", suit="C")
    page = form(client, token, "/bid", points="75", suit="H")  # under Anna's 80
    assert "Bid: 75 is not between 85 and 157" in page
    form(client, token, "/bid", points="100", suit="H")  # Bo
    page = client.get("/").get_data(as_text=True)
    assert "Cla calls:" in page and "highest bid 100 by Bo" in page
    form(client, token, "/pass")  # Cla: fort
    page = client.get("/").get_data(as_text=True)
    assert "it may not be raised" in page  # Dario: Bo's bid is his partner's
    assert 'name="suit"' not in page
    form(client, token, "/pass")
    form(client, token, "/pass")  # Anna: the auction is over
    assert [e["event"] for e in lines(log)[2:]] == ["bid", "bid", "pass", "pass", "pass"]
    page = client.get("/").get_data(as_text=True)
    assert "Contract: <b>Bo &amp; Dario 100 ♥</b>" in page and "0 of 100 so far" in page
    assert "Bo plays:" in page  # the last bidder leads
    form(client, token, "/score", points="27", weis0="", weis1="", stoeck="", match="")
    page = client.get("/").get_data(as_text=True)
    assert "made: 130 of 100" in page and "bid 100</small>" not in page and "✓" in page
    state = agrees_with_the_referee(client, log)
    assert state["verdict"]["totals"] == [27, 230]


def test_doubling_and_countering_from_the_phone(tmp_path):
    events = [{**SIDI[0], "settings": {"doubling": "double-counter"}}, SIDI[1]]
    client, token, log = unlocked_client(
        tmp_path, [*events, {"event": "bid", "seat": 0, "points": 90, "suit": "S"}]
    )
    page = client.get("/?lang=de").get_data(as_text=True)
    assert "Gebot von Anna doppeln" in page
    form(client, token, "/double")
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "Bo <b>doubles</b>" in page and "Counter the double (Anna &amp; Cla)" in page
    form(client, token, "/counter")
    assert lines(log)[-2:] == [{"event": "double", "seat": 1}, {"event": "counter", "seat": 0}]
    page = client.get("/").get_data(as_text=True)
    assert "doubled and countered" in page and "×4" in page
    before = log.read_text()
    assert "only a doubled contract is countered" in form(client, token, "/counter")
    assert log.read_text() == before


DIFFERENZLER = [
    {"event": "game", "variant": "differenzler", "players": PLAYERS},
    {"event": "hand", "dealer": 3},
]


def test_differenzler_trump_predictions_and_points_per_trick(tmp_path):
    client, token, log = unlocked_client(tmp_path, DIFFERENZLER)
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "Turn up the dealer&#39;s last card (trump):" in page
    form(client, token, "/turnup", card="C6")
    for points in ("30", "0", "45", "70"):  # Anna, Bo, Cla, Dario (the dealer last)
        assert "Prediction written." in form(client, token, "/predict", points=points)
    assert lines(log)[3:7] == [
        {"event": "predict", "seat": s, "points": p} for s, p in ((0, 30), (1, 0), (2, 45), (3, 70))
    ]
    for seat_card in ("HA", "H6", "DA", "C7"):  # Dario trumps: 11 + 0 + 11 + 0
        form(client, token, "/play", card=seat_card)
    state = agrees_with_the_referee(client, log)
    view = state["live"]["hand"]["predictions"]
    assert view["predictions"] == [30, 0, 45, 70] and view["per_trick"] == [[0, 0, 0, 22]]
    page = client.get("/").get_data(as_text=True)
    assert (
        '<tr class="predicted"><th>predicted</th><td>30</td><td>0</td><td>45</td><td>70</td></tr>'
        in page
    )
    assert "<th>trick 1</th><td></td><td></td><td></td><td>22</td>" in page


def test_hidden_notes_are_not_shown_until_the_hand_is_over(tmp_path):
    header = {**DIFFERENZLER[0], "settings": {"announcement": "hidden"}}
    client, token, log = unlocked_client(
        tmp_path, [header, DIFFERENZLER[1], {"event": "turnup", "card": "C6"}]
    )
    page = form(client, token, "/predict", seat="2", points="33")
    assert "Prediction written." in page
    assert lines(log)[-1] == {"event": "predict", "seat": 2, "points": 33}
    page = client.get("/?lang=en").get_data(as_text=True)
    assert ">33<" not in page and "<td>hidden</td>" in page
    assert (
        client.get("/api/state").get_json()["live"]["hand"]["predictions"]["predictions"]
        == [None] * 4
    )
    before = log.read_text()
    assert "that seat&#39;s note is written already" in form(
        client, token, "/predict", seat="2", points="40"
    )
    assert log.read_text() == before


COIFFEUR = [
    {"event": "game", "variant": "coiffeur", "players": PLAYERS},
    {"event": "hand", "dealer": 3},
]


def test_a_line_of_the_coiffeur_board_from_the_phone(tmp_path):
    client, token, log = unlocked_client(tmp_path, COIFFEUR)
    page = client.get("/?lang=en").get_data(as_text=True)
    assert 'name="slot" value="joker2"' in page and "whoever chooses leads" in page
    form(client, token, "/trump", seat="1", slot="joker2", joker_mode="undenufe")
    assert lines(log)[-1] == {
        "event": "trump",
        "seat": 1,
        "mode": "undenufe",
        "pushed": True,
        "slot": "joker2",
    }
    page = client.get("/").get_data(as_text=True)
    assert "Line of the board: <b>Joker ×8</b> · Bo &amp; Dario" in page
    assert "Bo plays:" in page  # the chooser leads
    form(client, token, "/score", points="57", stoeck="", match="")
    state = agrees_with_the_referee(client, log)
    assert state["verdict"]["totals"] == [0, 800]
    form(client, token, "/hand", dealer="0")
    page = client.get("/").get_data(as_text=True)
    open_lines = page[page.index('class="open-lines"') :]
    assert "Joker ×8" in open_lines.split('data-side="1"')[0]  # still open for Anna & Cla
    assert "Joker ×8" not in open_lines.split('data-side="1"')[1].split("</p>")[0]
    assert 'class="tavla"' in page and ">800<" in page


def test_the_new_game_form_starts_each_family_game_with_its_house_rules(tmp_path):
    client, token, _ = unlocked_client(tmp_path, SIDI)
    fields = {"csrf": token, "variant": "coiffeur", "rule_coiffeur_board": "H=2 joker=5"}
    fields["rule_coiffeur_push"] = "partner"
    client.post("/new-game", data=fields)
    header = lines(tmp_path / "game-2.jsonl")[0]
    assert header == {
        "event": "game",
        "variant": "coiffeur",
        "settings": {"board": "H=2 joker=5", "push": "partner"},
    }
    page = form(client, token, "/new-game", variant="coiffeur", rule_coiffeur_board="H=2 X=3")
    assert "&#39;X&#39; is not a mode" in page and not (tmp_path / "game-3.jsonl").exists()
    form(client, token, "/new-game", variant="differenzler", rule_differenzler_hands="4")
    assert lines(tmp_path / "game-3.jsonl")[0]["settings"] == {"hands": 4}
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "hand 1 of 4, the lowest total wins" in page


def test_the_log_with_hidden_notes_is_only_for_unlocked_phones_until_the_hand_is_over(tmp_path):
    """Hidden predictions are "auf einen Zettel notiert": a watching phone does not get
    the log (which holds them) while the hand is played; the table's phones do."""
    header = {**DIFFERENZLER[0], "settings": {"announcement": "hidden"}}
    events = [header, DIFFERENZLER[1], {"event": "turnup", "card": "C6"}]
    client = unlocked_client(tmp_path, [*events, {"event": "predict", "seat": 1, "points": 9}])[0]
    assert client.get("/api/log").status_code == 200  # unlocked
    watcher = create_app(config(tmp_path)).test_client()
    refused = watcher.get("/api/log")
    assert refused.status_code == 403 and "hidden predictions" in refused.get_json()["error"]
    open_game = tmp_path / "open"
    open_game.mkdir()
    unlocked_client(open_game, [DIFFERENZLER[0], DIFFERENZLER[1]])
    assert create_app(config(open_game)).test_client().get("/api/log").status_code == 200
