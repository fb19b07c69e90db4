"""The board of the two-player games and Schnüffler, through Flask's test client: what
the page shows of a hand, and each phone form writing its contract events (or a clear
message and nothing written)."""

from __future__ import annotations

import pytest

import referee

from webui_helpers import lines, unlocked_client


def form(client, token, path, **fields):
    return client.post(path, data={"csrf": token, **fields}, follow_redirects=True)


SCHMAUS = [
    {"event": "game", "variant": "schmaus", "players": ["Anna", "Bo"]},
    {"event": "hand", "dealer": 1},
    {"event": "turnup", "card": "SA"},
]


def test_a_schmaus_hand_is_played_drawn_and_robbed_from_the_phone(tmp_path):
    client, token, log = unlocked_client(tmp_path, SCHMAUS)
    page = client.get("/").get_data(as_text=True)
    assert "trump ♠ Spades (Eicheln)" in page and 'data-card="SA"' in page
    assert "Anna to play" in page and "Phase 1: drawing, no duty to follow" in page
    form(client, token, "/play", card="HK")  # Anna (forehand) leads
    page = form(client, token, "/play", card="h6").get_data(as_text=True)  # written as H6
    assert "Anna draws, then Bo" in page  # the king took the trick: its winner draws first
    page = form(client, token, "/draw", card="").get_data(as_text=True)
    assert "Bo draws" in page and "then" not in page
    form(client, token, "/draw", card="D7")
    page = form(client, token, "/rob", seat="0").get_data(as_text=True)
    assert "The face-up card is robbed." in page
    assert lines(log)[3:] == [
        {"event": "play", "seat": 0, "card": "HK"},
        {"event": "play", "seat": 1, "card": "H6"},
        {"event": "draw", "seat": 0, "card": None},
        {"event": "draw", "seat": 1, "card": "D7"},
        {"event": "rob", "seat": 0, "card": "S6"},
    ]
    state = client.get("/api/state").get_json()
    assert state["live"]["talon"]["turnup"] == "S6" and state["live"]["talon"]["robbed"]
    assert state["verdict"] == referee.check(log.read_text()).to_json()


def test_a_weis_and_stoeck_by_cards_and_a_wrong_card_changes_nothing(tmp_path):
    deal = {
        "event": "deal",
        "hands": [
            ["HA", "HK", "HQ", "SK", "SQ", "C6", "C7", "D6", "D7"],
            ["H6", "H7", "H8", "C8", "C9", "D8", "D9", "D10", "DJ"],
        ],
    }
    client, token, log = unlocked_client(tmp_path, [*SCHMAUS[:2], deal, SCHMAUS[2]])
    before = log.read_text()
    page = form(client, token, "/meld", seat="0", cards="HA HK XX").get_data(as_text=True)
    assert "&#39;XX&#39; is not a card" in page and log.read_text() == before
    page = form(client, token, "/meld", seat="0", cards="HA, hk HQ").get_data(as_text=True)
    assert "Meld declared." in page
    assert lines(log)[-1] == {"event": "weis", "seat": 0, "cards": ["HA", "HK", "HQ"]}
    page = client.get("/").get_data(as_text=True)
    assert "sequence of 3 from HA" in page and "(20)" in page


def test_the_schieber_score_form_sent_to_a_two_player_board_is_a_message(tmp_path):
    client, token, log = unlocked_client(tmp_path, SCHMAUS)
    before = log.read_text()
    response = form(client, token, "/score", points0="100", points1="57")
    assert response.status_code == 200
    assert "this form is not for this game" in response.get_data(as_text=True)
    assert log.read_text() == before


def test_the_last_pair_is_the_face_down_card_then_the_face_up_one(tmp_path):
    events = [{"event": "game", "variant": "frantsfuus"}, {"event": "hand", "dealer": 1}]
    events.append({"event": "turnup", "card": "CA"})
    ranks = ["7", "8", "9", "10", "J", "Q", "K"]
    for n in range(7):  # seven tricks: seat 0 always wins with the higher heart
        events += [
            {"event": "play", "seat": 0, "card": f"H{ranks[n]}"},
            {"event": "play", "seat": 1, "card": f"D{ranks[n]}"},
        ]
        if n < 6:
            events += [{"event": "draw", "seat": 0, "card": None}]
            events += [{"event": "draw", "seat": 1, "card": None}]
    client, token, log = unlocked_client(tmp_path, events)
    page = client.get("/").get_data(as_text=True)
    assert "Seat 0 takes the last face-down card, Seat 1 the face-up one" in page
    form(client, token, "/draw", card="")
    page = client.get("/").get_data(as_text=True)
    assert "Seat 1 takes the face-up card CA" in page
    form(client, token, "/draw", card="turnup")
    assert lines(log)[-1] == {"event": "draw", "seat": 1, "card": "CA"}
    page = client.get("/").get_data(as_text=True)
    assert "the face-up card is taken" in page and "Phase 2: follow suit, else trump" in page


def test_a_decided_smousjas_game_continues_the_series_in_the_same_log(tmp_path):
    # 'Uit' is refused without stuk: the referee's message, nothing written.
    client, token, log = unlocked_client(
        tmp_path,
        [
            {"event": "game", "variant": "smousjas", "settings": {"lives": 2}},
            {"event": "hand", "dealer": 0},
            {"event": "turnup", "card": "HA"},
        ],
    )
    before = log.read_text()
    page = form(client, token, "/bedanken", seat="1").get_data(as_text=True)
    assert "Not saved" in page and "&#39;Uit&#39; needs 480" in page
    assert log.read_text() == before
    page = form(client, token, "/next-game").get_data(as_text=True)
    assert "the next game starts once this one is decided" in page
    assert "Call &#39;Uit&#39;" in page and "Seat 0: 2" in page.replace("\n", "")


def test_schnueffler_questions_and_guesses_from_the_phone(tmp_path):
    client, token, log = unlocked_client(
        tmp_path,
        [{"event": "game", "variant": "schnueffler"}, {"event": "hand", "dealer": 1}],
    )
    form(client, token, "/question", text="Hast du ein As?")
    form(client, token, "/guess", card="HA", right="yes")
    form(client, token, "/guess", card="H6", right="no")
    page = form(client, token, "/guess", card="SK").get_data(as_text=True)
    assert "give the other player&#39;s answer" in page
    assert lines(log)[2:] == [
        {"event": "question", "seat": 0, "text": "Hast du ein As?"},
        {"event": "guess", "seat": 1, "card": "HA", "right": True},
        {"event": "guess", "seat": 0, "card": "H6", "right": False},
    ]
    page = client.get("/?lang=de").get_data(as_text=True)
    assert "Gefundene Karten des Blinden: 1 von 12" in page
    assert 'data-mark="nought"' in page and 'data-mark="stroke"' in page
    assert "Platz 1 fragt" in page


@pytest.mark.parametrize("variant", ["schmaus", "frantsfuus", "smousjas", "schnueffler"])
def test_a_new_game_of_each_variant_gets_its_own_house_rules(tmp_path, variant):
    client, token, _ = unlocked_client(tmp_path, [{"event": "game", "variant": "schieber"}])
    fields = {"variant": variant, f"target_{variant}": "777", "player0": "Anna", "player1": "Bo"}
    if variant == "frantsfuus":
        fields["rule_frantsfuus_match"] = "true"
        fields["rule_schieber_match"] = "all-tricks"  # the other variant's field is ignored
    if variant == "smousjas":
        fields["rule_smousjas_lives"] = "3"
    page = form(client, token, "/new-game", **fields).get_data(as_text=True)
    assert "New game started." in page
    header = lines(tmp_path / "game-2.jsonl")[0]
    assert header["variant"] == variant
    # Schnüffler is won by strokes: no target in its header
    assert header.get("target") == (None if variant == "schnueffler" else 777)
    assert header["players"] == ["Anna", "Bo"]
    expected = {"frantsfuus": {"match": True}, "smousjas": {"lives": 3}}.get(variant)
    assert header.get("settings") == expected
