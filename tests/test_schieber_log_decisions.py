"""Schieber decisions documented in docs/game-log.md, beyond the seed's own examples.

Deal used throughout: seat 0 holds every club (so ♣7: forehand of the first hand),
seat 1 every diamond, seat 2 every spade, seat 3 every heart. In clubs trump, seat 0
wins every trick it leads; nobody can ever follow suit, so every order is legal.
"""

from conftest import game, verdict_of

SUITS_BY_SEAT = ["C", "D", "S", "H"]
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DEAL = {"event": "deal", "hands": [[s + r for r in RANKS] for s in SUITS_BY_SEAT]}


def tricks(seat0_order: list[str] | None = None) -> list[dict]:
    """Nine tricks led by seat 0 with its clubs in ``seat0_order`` (default A down)."""
    order = seat0_order or list(reversed(RANKS))
    events = []
    for number, club in enumerate(order):
        events.append({"event": "play", "seat": 0, "card": "C" + club})
        for seat in (1, 2, 3):
            events.append(
                {"event": "play", "seat": seat, "card": SUITS_BY_SEAT[seat] + RANKS[number]}
            )
    return events


def first_hand(
    *, deal: bool = True, trump_seat: int = 0, mode: str = "C", **trump: object
) -> list[dict]:
    return [
        game(),
        {"event": "hand", "dealer": 3},
        *([DEAL] if deal else []),
        {"event": "trump", "seat": trump_seat, "mode": mode, **trump},
    ]


def rules_at(v: dict) -> list[tuple[str, int]]:
    return [(x["rule"], x["event"]) for x in v["violations"]]


def test_without_a_deal_the_club_seven_shown_by_another_seat_proves_the_wrong_forehand():
    """Seed 003: "Den spelare som har sjuan i klöver är förhand i den första given"."""
    events = [*first_hand(deal=False, trump_seat=1, mode="D")]
    for number in range(9):
        for seat in (1, 2, 3, 0):
            events.append(
                {"event": "play", "seat": seat, "card": SUITS_BY_SEAT[seat] + RANKS[number]}
            )
    v = verdict_of(events)
    c7 = next(i for i, e in enumerate(events) if e.get("card") == "C7")
    assert [(x["rule"], x["event"], x.get("proven_at")) for x in v["violations"]] == [
        ("out-of-turn", 2, c7)
    ]
    assert "seat 0 played C7" in v["violations"][0]["proof"]


def test_with_a_deal_the_wrong_chooser_is_flagged_at_once_but_the_game_stands():
    v = verdict_of([*first_hand(trump_seat=1), *tricks()])
    assert rules_at(v) == [("out-of-turn", 3)]
    assert v["hands"][0]["mode"] == "C" and v["hands"][0]["scored"] == [257, 0]


def test_after_schieben_the_partner_chooses():
    """Seed 003: "skjuter över avgörandet till partnern, som då måste välja"."""
    v = verdict_of([*first_hand(trump_seat=2, pushed=True), *tricks()])
    assert v["violations"] == []
    assert v["hands"][0]["pushed"] is True and v["hands"][0]["chooser"] == 2


def test_the_forehand_of_a_hand_deals_the_next_and_a_wrong_dealer_is_flagged():
    """Seed 003: "... är förhand i den första given och givare i den andra given"."""
    first = [*first_hand(), *tricks()]
    right = [*first, {"event": "hand", "dealer": 0}]
    assert verdict_of(right)["violations"] == []
    wrong = [*first, {"event": "hand", "dealer": 2}]
    assert rules_at(verdict_of(wrong)) == [("out-of-turn", len(wrong) - 1)]


def test_a_new_hand_before_the_last_is_finished_is_refused():
    events = [*first_hand(), *tricks()[:10], {"event": "hand", "dealer": 0}]
    v = verdict_of(events)
    assert rules_at(v) == [("illegal-event", len(events) - 1)]
    assert "not finished" in v["violations"][0]["proof"]


def test_weis_announced_by_points_is_checked_against_the_whole_hand_once_shown():
    """Without a deal, seat 0's ninth card shows its hand: a nine-card sequence (300)
    and no weis of 50, so announcing 50 is proven false there; 300 stands."""
    false = [*first_hand(deal=False), {"event": "weis", "seat": 0, "points": 50}, *tricks()]
    v = verdict_of(false)
    last_club = max(i for i, e in enumerate(false) if e.get("seat") == 0 and e["event"] == "play")
    assert [(x["rule"], x["event"], x["proven_at"]) for x in v["violations"]] == [
        ("false-weis", 3, last_club)
    ]
    assert v["hands"][0]["weis"] == [0, 0]
    true = [*first_hand(deal=False), {"event": "weis", "seat": 0, "points": 300}, *tricks()]
    assert verdict_of(true)["hands"][0]["weis"] == [300, 0]


def test_a_points_announcement_then_the_cards_count_once():
    events = [
        *first_hand(),
        {"event": "weis", "seat": 0, "points": 300},
        {"event": "weis", "seat": 0, "cards": [f"C{r}" for r in RANKS]},
        *tricks(),
    ]
    assert verdict_of(events)["hands"][0]["weis"] == [300, 0]


def test_weis_after_the_second_trick_has_begun_is_refused():
    events = [*first_hand(), *tricks()[:5], {"event": "weis", "seat": 1, "points": 300}]
    assert rules_at(verdict_of(events)) == [("illegal-event", len(events) - 1)]


def test_stoeck_announced_with_the_last_card_of_the_hand_counts():
    """Seed 003: "annonserar detta genom att högt säga 'stöck' när det andra kortet i
    kombinationen spelas" — here the queen is seat 0's last card."""
    order = ["A", "K", "J", "10", "9", "8", "7", "6", "Q"]
    events = [*first_hand(), *tricks(order), {"event": "stoeck", "seat": 0}]
    v = verdict_of(events)
    assert v["violations"] == []
    assert v["hands"][0]["stoeck"] == [20, 0] and v["totals"] == [277, 0]


def test_the_game_is_won_by_claiming_not_by_reaching_the_target_unless_the_house_says():
    """Seed 003: "Det lag som först når minst 2500 poäng och gör anspråk på segern vinner"."""
    events = [*first_hand(), *tricks()]
    events[0] = game(target=200)
    assert verdict_of(events)["winner"] is None
    reaching = verdict_of(events, win_by="reaching")
    assert reaching["winner"] == 0 and reaching["schneider"] is True
    after = [*events, {"event": "hand", "dealer": 0}]
    assert rules_at(verdict_of(after, win_by="reaching")) == [("illegal-event", len(after) - 1)]


def test_every_event_after_a_won_claim_is_refused():
    events = [*first_hand(), *tricks(), {"event": "bedanken", "seat": 2}]
    events[0] = game(target=200)
    events.append({"event": "hand", "dealer": 0})
    v = verdict_of(events)
    assert v["winner"] == 0 and v["claim"]["status"] == "won"
    assert rules_at(v) == [("illegal-event", len(events) - 1)]


def test_events_of_other_variants_are_illegal_in_schieber():
    """Spec: "Events not needed by a variant are an error for that event"."""
    events = [*first_hand(), {"event": "turnup", "card": "S10"}, {"event": "draw", "seat": 0}]
    assert rules_at(verdict_of(events)) == [("illegal-event", 4), ("illegal-event", 5)]


def test_equal_side_sequences_go_to_the_seat_that_first_received_cards():
    """Seed 003: "Av två likvärdiga sekvenser i färger som inte är trumf är den som är i
    förhand bäst (det vill säga som sitter hos den av spelarna som först fick kort i
    given)". Dealer 0 deals seat 1 first; seat 3 holds ♣7 and leads. Seat 0 and seat 1
    both hold a three-card sequence to the 8 in a side suit: seat 1's is better."""
    hands = [
        ["H6", "H7", "H8", "D6", "D8", "D10", "DQ", "S10", "SQ"],
        ["S6", "S7", "S8", "H10", "HQ", "HA", "D7", "D9", "DJ"],
        ["H9", "HJ", "HK", "DK", "C6", "C8", "C10", "CQ", "S9"],
        ["C7", "DA", "SJ", "SK", "SA", "C9", "CJ", "CK", "CA"],
    ]
    events = [
        game(),
        {"event": "hand", "dealer": 0},
        {"event": "deal", "hands": hands},
        {"event": "trump", "seat": 3, "mode": "C"},
        {"event": "play", "seat": 3, "card": "SA"},
        {"event": "weis", "seat": 0, "cards": ["H6", "H7", "H8"]},
        {"event": "play", "seat": 0, "card": "S10"},
        {"event": "weis", "seat": 1, "cards": ["S6", "S7", "S8"]},
        {"event": "play", "seat": 1, "card": "S6"},
        {"event": "play", "seat": 2, "card": "S9"},
    ]
    v = verdict_of(events)
    assert v["violations"] == []
    assert v["hands"][0]["forehand"] == 3
    assert v["hands"][0]["weis"] == [0, 20]


def manual_hand(score: dict, *extra: dict) -> list[dict]:
    return [
        game(),
        {"event": "hand", "dealer": 3},
        {"event": "trump", "seat": 0, "mode": "H"},
        *extra,
        score,
    ]


def test_a_hand_entered_by_hand_scores_like_a_played_one():
    """No camera: the table enters one side's points, the board gives 157 − x to the
    other; weis and stöck are their own events and everything is multiplied (♥ ×2)."""
    v = verdict_of(
        manual_hand(
            {"event": "score", "points": [86, 71]},
            {"event": "weis", "seat": 1, "points": 50},
            {"event": "stoeck", "seat": 1},
        )
    )
    assert v["violations"] == []
    hand = v["hands"][0]
    assert (hand["points"], hand["weis"], hand["stoeck"]) == ([86, 71], [0, 50], [0, 20])
    assert hand["scored"] == [172, 282] and hand["complete"] is True
    match = verdict_of(manual_hand({"event": "score", "points": [0, 157], "match": 1}))
    assert match["hands"][0]["scored"] == [0, 514]
    follow = [*manual_hand({"event": "score", "points": [86, 71]}), {"event": "hand", "dealer": 0}]
    assert verdict_of(follow)["violations"] == []


def test_a_hand_entry_that_does_not_add_up_is_refused():
    for bad in (
        {"event": "score", "points": [86, 70]},
        {"event": "score", "points": [86]},
        {"event": "score", "points": [157, 0], "match": 1},
        {"event": "score", "points": ["86", 71]},
    ):
        v = verdict_of(manual_hand(bad))
        assert [x["rule"] for x in v["violations"]] == ["illegal-event"]
        assert v["hands"][0]["complete"] is False and v["totals"] == [0, 0]


# Seat 0: H6-H7-H8 is its only weis; seat 1 holds SK and SQ (stöck in spades).
SMALL_DEAL = [
    ["H6", "H7", "H8", "C7", "S6", "S8", "D6", "D8", "DA"],
    ["H9", "HJ", "HK", "SK", "C8", "C10", "SQ", "D7", "DK"],
    ["H10", "HQ", "CA", "CJ", "CK", "SA", "SJ", "D9", "DQ"],
    ["HA", "C9", "CQ", "S7", "S9", "S10", "C6", "D10", "DJ"],
]
FIRST_TRICK = [
    {"event": "play", "seat": 0, "card": "H6"},
    {"event": "play", "seat": 1, "card": "H9"},
    {"event": "play", "seat": 2, "card": "H10"},
    {"event": "play", "seat": 3, "card": "HA"},
]


def small_hand(*, deal: bool = True, target: int = 2500) -> list[dict]:
    return [
        game(target=target),
        {"event": "hand", "dealer": 3},
        *([{"event": "deal", "hands": SMALL_DEAL}] if deal else []),
        {"event": "trump", "seat": 0, "mode": "S"},
    ]


def test_one_weis_declared_twice_counts_once():
    """Seed 003: each combination is booked once ("bokför denna poäng samt poängen för
    lagets övriga weis-kombinationer"). Seat 0 holds a single weis of 20."""
    shown = {"event": "weis", "seat": 0, "cards": ["H6", "H7", "H8"]}
    again = {"event": "weis", "seat": 0, "points": 20}
    for repeat in ([shown, again], [again, again]):
        v = verdict_of([*small_hand(), *repeat, *FIRST_TRICK])
        assert v["hands"][0]["weis"] == [20, 0]
        assert rules_at(v) == [("false-weis", len(small_hand()) + 1)]


def test_without_a_deal_a_repeated_announcement_is_proven_by_the_ninth_card():
    """Seat 0 (all clubs: one weis, the sequence of nine, 300) announces 300 twice. Not
    provable until its ninth card shows the whole hand; then the repeat is false."""
    twice = [{"event": "weis", "seat": 0, "points": 300}] * 2
    partial = verdict_of([*first_hand(deal=False), *twice, *tricks()[:4]])
    assert partial["violations"] == [] and partial["hands"][0]["weis"] == [600, 0]
    events = [*first_hand(deal=False), *twice, *tricks()]
    v = verdict_of(events)
    ninth = max(i for i, e in enumerate(events) if e.get("seat") == 0 and e["event"] == "play")
    assert [(x["rule"], x["event"], x["proven_at"]) for x in v["violations"]] == [
        ("false-weis", 4, ninth)
    ]
    assert v["hands"][0]["weis"] == [300, 0]


def test_a_stoeck_announced_during_the_stoeck_weis_stich_count_is_counted_first():
    """Seed 003: "Om det första sticket ännu inte har avslutats, måste det spelas
    färdigt. När det är gjort, räknas poängen. Om någondera sidan kan mäla en stöck,
    får den först tillgodoräkna sig poängen för denna." Target 20: seat 1's stöck (20)
    comes before seat 0's weis (20), so side 1 wins though seat 2 claimed — and that
    claim was not false, the other side simply got there first."""
    events = [
        *small_hand(deal=False, target=20),
        {"event": "bedanken", "seat": 2},
        {"event": "weis", "seat": 0, "cards": ["H6", "H7", "H8"]},
        *FIRST_TRICK,
        {"event": "stoeck", "seat": 1},
    ]
    v = verdict_of(events)
    assert (v["winner"], v["claim"]["status"], v["violations"]) == (1, "lost", [])
    assert v["hands"][0]["stoeck"] == [0, 20]
    with_deal = verdict_of([*small_hand(target=20), *events[len(small_hand(deal=False)) :]])
    assert with_deal["winner"] == 1


def test_a_claim_nothing_supports_is_false():
    """Stöck–Weis–Stich with target 200: nobody reaches it, so the claimer loses."""
    events = [*small_hand(target=200), {"event": "bedanken", "seat": 2}, *FIRST_TRICK]
    v = verdict_of(events)
    assert v["winner"] == 1 and rules_at(v) == [("false-claim", 4)]
    assert "short of 200" in v["violations"][0]["proof"]


def test_without_a_deal_the_proven_club_seven_holder_deals_the_second_hand():
    """Seat 1 chose and led, but seat 0 showed ♣7: seat 0 was forehand of the first
    hand, so seat 0 deals the second ("och givare i den andra given")."""
    events = [*first_hand(deal=False, trump_seat=1, mode="D")]
    for number in range(9):
        for seat in (1, 2, 3, 0):
            events.append(
                {"event": "play", "seat": seat, "card": SUITS_BY_SEAT[seat] + RANKS[number]}
            )
    assert [
        x["rule"] for x in verdict_of([*events, {"event": "hand", "dealer": 0}])["violations"]
    ] == ["out-of-turn"]
    wrong = verdict_of([*events, {"event": "hand", "dealer": 1}])
    assert rules_at(wrong)[-1] == ("out-of-turn", len(events))


def test_after_the_first_trick_only_the_side_with_the_best_weis_adds_weis():
    """Seed 003: "När det första sticket är avklarat, avgör man vem som har anmält högst
    poäng för weis och bokför denna poäng samt poängen för lagets övriga
    weis-kombinationer." Seat 0 announced the only weis in trick 1."""
    base = [*small_hand(), {"event": "weis", "seat": 0, "points": 20}, *FIRST_TRICK]
    shown = verdict_of([*base, {"event": "weis", "seat": 0, "cards": ["H6", "H7", "H8"]}])
    assert shown["violations"] == [] and shown["hands"][0]["weis"] == [20, 0]
    late = verdict_of([*small_hand(), *FIRST_TRICK, {"event": "weis", "seat": 0, "points": 20}])
    assert [x["rule"] for x in late["violations"]] == ["illegal-event"]
    assert late["hands"][0]["weis"] == [0, 0]
