"""An independent judge of audit games: what happened, and when the table proved it.

It is written from the rule texts (the seeds), not from the referee, and shares no rule
code with it: no ``referee.engine``, ``referee.variants``, ``referee.modes`` or
``referee.weis``. Cards are its own numbers (suit × 9 + rank, ranks 6 to A), tricks
are won and duties judged by its own few lines below, each quoting its seed.

**What happened** comes from the known log (with every ``deal`` and drawn card): each
event is legal or breaks exactly one rule (:func:`judge`).

**When it was proven** comes from the camera log alone (:func:`first_proofs`). The
camera sees plays, the face-up card, robs and the cards of draws it is shown; a
declaration is a claim, not a fact. A violation is proven at the first event after
which *no* deal consistent with everything observed so far would make it legal. For
the games here that set of deals is easy to describe exactly, which is what makes this
judge simple:

- Every card leaves a hand only by being played, except the robbing trump, which the
  robber lays face up. Once the last face-down card is drawn (Schieber: always) a seat
  holds its cards seen in its hand (``known``) and ``n - |known|`` others, which can be
  *any* of the cards not yet played, not face up and not seen in a hand (swapping two
  such cards between the seats changes nothing the camera saw).
- So a play that was illegal if the seat held any card of ``W`` (the one-card witnesses
  of its duty) is proven once the seat has shown a card of ``W`` after it, holds one
  known, or has more unseen cards than there are unseen cards outside ``W``.
- A declaration that the seat held the cards ``N`` at a moment ``τ`` is refuted once a
  card of ``N`` was played, robbed or seen drawn by another seat, was face up or seen
  entering the declarer's hand after ``τ`` (unless the declarer robbed with it), or once
  the cards of ``N`` the declarer has not played since ``τ`` and are not seen in its hand
  outnumber its unseen cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUITS = "HDSC"
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SIX, SEVEN, NINE, JACK, QUEEN, KING = 0, 1, 3, 5, 6, 7
ALL = (1 << 36) - 1
NO_SIXES = ALL & ~sum(1 << (s * 9 + SIX) for s in range(4))

SIDE_ORDER = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Low to high. 003: "från högst till lägst: ess, kung, dam, knekt, tio, nio, åtta, sju
och sex"; 001: "A-H-V-B-10-9-8-7"."""
TRUMP_ORDER = ("6", "7", "8", "10", "Q", "K", "A", "9", "J")
"""Low to high. 003: "knekt, nio, ess, kung, dam, tio, åtta, sju och sex"; 001:
"B-9-A-H-V-10-8-7"."""


class Undecided(Exception):
    """An event whose lawfulness this judge cannot settle; the generators avoid them."""


@dataclass(frozen=True)
class Variant:
    players: int
    deck: int
    hand_size: int
    free_tricks: int
    """Tricks with no duty at all (the talon games' first phase)."""
    duties: str
    robber: int | None


VARIANTS = {
    "schieber": Variant(4, ALL, 9, 0, "schieber", None),
    "schmaus": Variant(2, ALL, 9, 9, "follow-or-trump", SIX),
    "frantsfuus": Variant(2, NO_SIXES, 9, 7, "follow-or-trump", SEVEN),
    "smousjas": Variant(2, NO_SIXES, 8, 8, "follow-trump-overtrump", SEVEN),
}


def parse(code: object) -> int | None:
    if not isinstance(code, str) or len(code) < 2 or code[0] not in SUITS:
        return None
    if code[1:] not in RANKS:
        return None
    return SUITS.index(code[0]) * 9 + RANKS.index(code[1:])


def suit(c: int) -> int:
    return c // 9


def rank(c: int) -> int:
    return c % 9


def suit_cards(s: int) -> int:
    return 0x1FF << (9 * s)


def bits(mask: int) -> list[int]:
    return [c for c in range(36) if mask >> c & 1]


def strength(c: int, trump: int | None, undenufe: bool) -> tuple[int, int]:
    """Trumps above all; undenufe reverses the side order (003: "I undenufe är den
    omvänd ... sex, sju, åtta")."""
    name = RANKS[rank(c)]
    if suit(c) == trump:
        return (1, TRUMP_ORDER.index(name))
    order = SIDE_ORDER.index(name)
    return (0, 8 - order if undenufe else order)


def winner(cards: list[int], trump: int | None, undenufe: bool) -> int:
    """Index of the card that takes the trick: 003 "Om det är ett trumfspel och trumf
    har spelats till sticket, vinner den som spelade det högsta trumfkortet. I annat
    fall vinner den som spelade det högsta kortet i den utspelade färgen"."""
    led = suit(cards[0])
    best = 0
    for i, c in enumerate(cards):
        if suit(c) not in (led, trump):
            continue
        if strength(c, trump, undenufe) > strength(cards[best], trump, undenufe):
            best = i
    return best


def broken(duties: str, trump: int | None, trick: list[int], c: int, hand: int) -> str | None:
    """The rule broken by playing ``c`` from ``hand`` (which holds ``c``) onto ``trick``."""
    led = suit(trick[0])
    played = suit(c)
    others = hand & ~(1 << c)
    puur = 1 << (trump * 9 + JACK) if trump is not None else 0
    if played == led:
        if duties == "follow-trump-overtrump" and led == trump:
            # 001: "Als de leider troef vraagt, ben je verplicht een hogere troef te
            # spelen als je dat kunt, anders een lagere troef."
            lead = strength(trick[0], trump, False)
            if strength(c, trump, False) < lead:
                higher = [x for x in bits(others & suit_cards(trump))]
                if any(strength(x, trump, False) > lead for x in higher):
                    return "must-overtrump"
        return None
    if duties == "schieber":
        if trump is None:
            # 003: "Om det är ett sangspel, måste spelarna alltid om möjligt följa färg."
            return "follow-suit" if others & suit_cards(led) else None
        if led == trump:
            # "måste spelarna om möjligt följa färg ... Trumfknekten, puur, kan aldrig
            # tvingas ut."
            return "follow-suit" if others & suit_cards(trump) & ~puur else None
        if played == trump:
            # "måste sticka alla trumfkort som dittills spelats till sticket, såvida
            # inte spelaren bara har trumf kvar på handen"
            tops = [strength(x, trump, False) for x in trick if suit(x) == trump]
            if tops and strength(c, trump, False) < max(tops):
                return "undertrump" if others & ~suit_cards(trump) else None
            return None
        # "måste en spelare som har kort i utspelsfärgen antingen följa färg eller
        # spela trumf"
        return "follow-suit" if others & suit_cards(led) else None
    # the talon games' second phase; 000/002: "i första hand måste följa färg och i
    # andra hand spela trumf ... Trumfknekten, puur, kan aldrig tvingas ut";
    # 001: "verplicht de gevraagde kleur te bedienen. Als je dit niet kunt, moet je
    # troeven" (no puur exception there)
    exempt = puur if duties == "follow-or-trump" else 0
    if led == trump:
        return "follow-suit" if others & suit_cards(trump) & ~exempt else None
    if others & suit_cards(led):
        return "follow-suit"
    if played != trump and others & suit_cards(trump) & ~exempt:
        return "must-trump"
    return None


def witnesses(duties: str, trump: int | None, trick: list[int], c: int, deck: int) -> int:
    """The cards any one of which, held with ``c``, makes the play illegal."""
    out = 0
    for x in bits(deck & ~(1 << c)):
        if x not in trick and broken(duties, trump, trick, c, (1 << c) | (1 << x)):
            out |= 1 << x
    return out


# --- what happened (the known log) ------------------------------------------------------


@dataclass
class Play:
    """A play that had a duty: who made it, the one-card witnesses of the duty, and
    the rule it broke (None: it was legal)."""

    seat: int
    witnesses: int
    rule: str | None


@dataclass
class Claim:
    """A declaration: the seat claimed to hold ``cards`` just before event ``before``;
    ``rule`` is what it broke by not holding them (None: it held them)."""

    seat: int
    cards: int
    before: int
    rule: str | None


@dataclass
class Judged:
    """A known log judged: every violation's rule by index, and what would prove each
    play with a duty and each declaration."""

    rules: dict[int, str] = field(default_factory=dict)
    plays: dict[int, Play] = field(default_factory=dict)
    claims: dict[int, Claim] = field(default_factory=dict)
    refused: set[int] = field(default_factory=set)
    """Plays that change nothing (impossible ones), so they are no observation."""

    def renumbered(self, mapping: dict[int, int]) -> Judged:
        """The same judgement with indices of another log (the camera log)."""
        return Judged(
            {mapping[i]: r for i, r in self.rules.items()},
            {mapping[i]: p for i, p in self.plays.items()},
            {
                mapping[i]: Claim(c.seat, c.cards, mapping[c.before], c.rule)
                for i, c in self.claims.items()
            },
            {mapping[i] for i in self.refused},
        )


@dataclass
class _Declared:
    seat: int
    cards: int
    true: bool
    booked: bool


@dataclass
class _Hand:
    """The true state of a hand, as the known log tells it."""

    start: int
    dealer: int
    number: int
    held: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    turn: int | None = None
    trump: int | None = None
    undenufe: bool = False
    face_up: int | None = None
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: int = 0
    last_trick: list[tuple[int, int]] = field(default_factory=list)
    played: int = 0
    before_play: dict[int, int] = field(default_factory=dict)
    """Card -> its player's cards just before it was played."""
    play_index: dict[int, int] = field(default_factory=dict)
    play_seat: dict[int, int] = field(default_factory=dict)
    declared: list[_Declared] = field(default_factory=list)
    stoecks: set[tuple[int, int]] = field(default_factory=set)

    def own_card(self, seat: int, trick: list[tuple[int, int]]) -> int:
        return sum(1 << c for s, c in trick if s == seat)


def judge(variant: str, events: list[dict[str, Any]]) -> Judged:
    """Every event of a known log (one with the deal) judged, by index."""
    rules = VARIANTS[variant]
    out = Judged()
    hand: _Hand | None = None
    hands = 0
    for index, event in enumerate(events):
        name = event.get("event")
        if name == "hand":
            hand = _Hand(index, event["dealer"], hands)
            hands += 1
            continue
        if hand is None:
            continue
        if name == "deal":
            hand.held = [_mask(cards) for cards in event["hands"]]
            hand.dealt = list(hand.held)
            hand.turn = _first_leader(rules, hand)
        elif name == "trump":
            mode = event["mode"]
            hand.trump = SUITS.index(mode) if mode in tuple(SUITS) else None
            hand.undenufe = mode == "undenufe"
        elif name == "turnup":
            hand.face_up = _card(event["card"])
            hand.trump = suit(hand.face_up)
        elif name == "rob":
            seat, c = event["seat"], _card(event["card"])
            assert hand.face_up is not None
            hand.held[seat] = hand.held[seat] & ~(1 << c) | (1 << hand.face_up)
            hand.face_up = c
        elif name == "draw":
            c = _card(event["card"])
            hand.held[event["seat"]] |= 1 << c
            if c == hand.face_up:
                hand.face_up = None
        elif name == "play":
            _judge_play(rules, hand, index, event, out)
        elif name == "weis":
            _judge_weis(variant, hand, index, event, out)
        elif name == "stoeck":
            _judge_stoeck(variant, hand, index, event, out)
    return out


def _first_leader(rules: Variant, hand: _Hand) -> int:
    if rules.players == 2:
        # 000: "Den spelare som inte gav är förhand"
        return 1 - hand.dealer
    if hand.number == 0:
        # 003: "Den spelare som har sjuan i klöver är förhand i den första given"
        club_seven = 3 * 9 + SEVEN
        return next(s for s in range(4) if hand.held[s] >> club_seven & 1)
    # "Turen att ge går vidare motsols": forehand sits after the dealer
    return (hand.dealer + 1) % 4


def _mask(codes: list[str]) -> int:
    return sum(1 << _card(code) for code in codes)


def _card(code: object) -> int:
    c = parse(code)
    if c is None:
        raise Undecided(f"{code!r} in a known log is not a card")
    return c


def _judge_play(
    rules: Variant, hand: _Hand, index: int, event: dict[str, Any], out: Judged
) -> None:
    seat = event["seat"]
    c = parse(event.get("card"))
    rule = None
    if c is None:
        rule = "unknown-card"
    elif not rules.deck >> c & 1:
        rule = "wrong-deck"
    elif hand.played >> c & 1:
        rule = "duplicate-card"
    elif seat != hand.turn:
        rule = "out-of-turn"
    elif not hand.held[seat] >> c & 1:
        rule = "card-not-in-hand"
    if rule is not None or c is None:
        out.rules[index] = rule or "unknown-card"
        out.refused.add(index)
        return
    cards = [x for _, x in hand.trick]
    if cards and hand.tricks >= rules.free_tricks:
        rule = broken(rules.duties, hand.trump, cards, c, hand.held[seat])
        w = witnesses(rules.duties, hand.trump, cards, c, rules.deck)
        out.plays[index] = Play(seat, w, rule)
        if rule is not None:
            out.rules[index] = rule
    hand.before_play[c] = hand.held[seat]
    hand.play_index[c] = index
    hand.play_seat[c] = seat
    hand.held[seat] &= ~(1 << c)
    hand.played |= 1 << c
    hand.trick.append((seat, c))
    if len(hand.trick) < rules.players:
        hand.turn = (seat + 1) % rules.players
        return
    cards = [x for _, x in hand.trick]
    hand.turn = hand.trick[winner(cards, hand.trump, hand.undenufe)][0]
    hand.last_trick, hand.trick = hand.trick, []
    hand.tricks += 1


def _declared_cards(event: dict[str, Any]) -> int:
    if "cards" not in event:
        raise Undecided("a weis by points only names no cards to judge")
    return _mask(event["cards"])


def _judge_weis(variant: str, hand: _Hand, index: int, event: dict[str, Any], out: Judged) -> None:
    seat = event["seat"]
    cards = _declared_cards(event)
    if variant == "schieber":
        # 003: "måste alla kort i varje enskild kombination sitta på en hand"
        held = cards & ~hand.dealt[seat] == 0
        out.claims[index] = Claim(seat, cards, hand.start, None if held else "false-weis")
    else:
        # 000: "korten i en mäld weis måste alltid finnas bland de nio korten på
        # handen"; the card the seat played to this trick is still shown with it
        needed = cards & ~hand.own_card(seat, hand.trick)
        held = needed & ~hand.held[seat] == 0
        out.claims[index] = Claim(seat, needed, index, None if held else "false-weis")
    rule = None if held else "false-weis"
    if held and variant != "schieber":
        rule = _upward(variant, hand, seat, cards)
    if rule is not None:
        out.rules[index] = rule
    hand.declared.append(_Declared(seat, cards, held, held and rule is None))


SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
"""000 (the table of seed 003): "Sekvens av tre kort 20 ... Sekvens av nio kort 300"."""


def _schmaus_value(cards: int) -> int:
    held = bits(cards)
    if len(held) == 4 and len({rank(c) for c in held}) == 1:
        # "Fyrtal i annat än knektar eller nior 100 ... Fyra nior 150 ... Fyra knektar 200"
        return {JACK: 200, NINE: 150}.get(rank(held[0]), 100)
    return SEQUENCE_VALUES[len(held)]


def _sequence_suit(cards: int) -> int | None:
    suits = {suit(c) for c in bits(cards)}
    return suits.pop() if len(suits) == 1 else None


def _upward(variant: str, hand: _Hand, seat: int, cards: int) -> str | None:
    """Whether a held declaration breaks the rule that declarations go "upward", where
    that is clear without the table's bookkeeping; :class:`Undecided` otherwise."""
    earlier = hand.declared
    if variant == "schmaus":
        # 000: "måste den mälda kombinationen vara tillräckligt hög för att kunna avvisa
        # den senast bokförda mälningen i given"
        value = _schmaus_value(cards)
        top = max((_schmaus_value(d.cards) for d in earlier), default=0)
        if value > top:
            return None
        if value < top and all(d.true for d in earlier):
            return "weis-not-upward"
        raise Undecided("a weis neither above every earlier one nor below a true one")
    own = [d for d in earlier if d.seat == seat]
    # 002: "Så fort poängen för en mälning blivit bokförd är den förbrukad"; 001: "Je
    # mag iedere roem maar één keer declareren. Je mag nooit een sequentie declareren
    # die lager is dan een sequentie die je al hebt gedeclareerd in dezelfde bloem"
    if any(d.cards == cards and d.booked for d in own):
        return "weis-not-upward"
    same_suit = _sequence_suit(cards)
    if all(d.cards & cards == 0 for d in own) and (
        same_suit is None or all(_sequence_suit(d.cards) != same_suit for d in own)
    ):
        return None
    raise Undecided("a meld sharing cards or a suit with the seat's earlier ones")


def _judge_stoeck(
    variant: str, hand: _Hand, index: int, event: dict[str, Any], out: Judged
) -> None:
    seat = event["seat"]
    trump = hand.trump
    pair = 0 if trump is None else (1 << (trump * 9 + KING)) | (1 << (trump * 9 + QUEEN))
    named = _mask(event["cards"]) if "cards" in event else pair
    if (seat, named) in hand.stoecks:
        raise Undecided("a seat declared the same stöck or mariage twice")
    hand.stoecks.add((seat, named))
    if variant == "schieber":
        # 003: "stöck. Den består av kung och dam i trumf ... måste korten sitta på en
        # och samma hand"
        if not pair:
            out.rules[index] = "false-stoeck"
            return
        held = pair & ~hand.dealt[seat] == 0
        out.claims[index] = Claim(seat, pair, hand.start, None if held else "false-stoeck")
    elif variant == "schmaus":
        # 000: "Stöck mäls ... när det andra av de båda korten spelas": both held
        # together, so both just before the first of them was played
        played = [c for c in bits(pair) if hand.play_seat.get(c) == seat]
        if played:
            first = min(played, key=lambda c: hand.play_index[c])
            needed = pair & ~(1 << first)
            held = needed & ~hand.before_play[first] == 0
            before = hand.play_index[first]
        else:
            needed, held, before = pair, pair & ~hand.held[seat] == 0, index
        out.claims[index] = Claim(seat, needed, before, None if held else "false-stoeck")
    elif variant == "frantsfuus":
        # 002: "Belle får mälas när som helst så länge spelaren har kvar båda de
        # ingående korten på handen"
        held = pair & ~hand.held[seat] == 0
        out.claims[index] = Claim(seat, pair, index, None if held else "false-stoeck")
    else:
        # 001: mariages "altijd te declareren wanneer je een kaart aan de slag speelt";
        # the card played to the trick (or the last one, before the next) counts
        cards = _mask(event["cards"]) if "cards" in event else pair
        trick = hand.trick or hand.last_trick
        needed = cards & ~hand.own_card(seat, trick)
        held = needed & ~hand.held[seat] == 0
        out.claims[index] = Claim(seat, needed, index, None if held else "false-stoeck")
    if not held:
        out.rules[index] = "false-stoeck"


# --- when it was proven (the camera log) ------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What the camera log has shown of a hand after one event."""

    played_by: tuple[int, ...]
    n: tuple[int, ...]
    """Cards each seat holds."""
    known: tuple[int, ...]
    """Cards seen entering each seat's hand and not played since."""
    face_up: int | None


@dataclass
class _Observed:
    """A hand of the camera log: the state after each of its events, and what each
    event showed (a play, a rob, a card seen entering a hand)."""

    indices: list[int] = field(default_factory=list)
    seen: dict[int, Seen] = field(default_factory=dict)
    plays: dict[int, tuple[int, int]] = field(default_factory=dict)
    robs: dict[int, tuple[int, int]] = field(default_factory=dict)
    entries: dict[int, tuple[int, int]] = field(default_factory=dict)


def observe(variant: str, events: list[dict[str, Any]], refused: set[int]) -> list[_Observed]:
    """The camera log, hand by hand, as the camera saw it."""
    rules = VARIANTS[variant]
    hands: list[_Observed] = []
    played_by: list[int] = []
    n: list[int] = []
    known: list[int] = []
    face_up: int | None = None
    hidden = 0
    for index, event in enumerate(events):
        name = event.get("event")
        if name == "hand":
            hands.append(_Observed())
            played_by, known = [0] * rules.players, [0] * rules.players
            n = [rules.hand_size] * rules.players
            face_up = None
            hidden = 36 if rules.deck == ALL else 32
            hidden -= rules.players * rules.hand_size + (1 if rules.players == 2 else 0)
        if not hands:
            continue
        hand = hands[-1]
        seat = event.get("seat")
        if name == "turnup":
            face_up = parse(event["card"])
        elif name == "rob" and face_up is not None:
            c = _card(event["card"])
            known[seat] = known[seat] & ~(1 << c) | (1 << face_up)
            hand.robs[index] = (seat, c)
            hand.entries[index] = (seat, face_up)
            face_up = c
        elif name == "draw":
            n[seat] += 1
            c = parse(event.get("card"))
            if c is None and hidden == 0 and face_up is not None:
                c = face_up
            if c is None:
                hidden -= 1
            else:
                known[seat] |= 1 << c
                hand.entries[index] = (seat, c)
                if c == face_up:
                    face_up = None
                else:
                    hidden -= 1
        elif name == "play" and index not in refused:
            c = _card(event["card"])
            played_by[seat] |= 1 << c
            known[seat] &= ~(1 << c)
            n[seat] -= 1
            hand.plays[index] = (seat, c)
        hand.indices.append(index)
        hand.seen[index] = Seen(tuple(played_by), tuple(n), tuple(known), face_up)
    return hands


@dataclass
class Proofs:
    """When each violation of a camera log was proven (None: never), and, as the
    judge's self-check, what it would claim to prove of every lawful play with a duty
    and every true declaration (it must be None for each)."""

    violations: dict[int, int | None]
    lawful: dict[int, int | None]


def first_proofs(variant: str, events: list[dict[str, Any]], judged: Judged) -> Proofs:
    """The first event after which no deal consistent with what was seen makes each
    event of ``judged`` (renumbered to the camera log ``events``) lawful. Violations
    with nothing hidden to prove (an impossible play, a weis not upward) are proven at
    their own event."""
    deck = VARIANTS[variant].deck
    found: dict[int, int | None] = {}
    for hand in observe(variant, events, judged.refused):
        members = set(hand.indices)
        for index, play in judged.plays.items():
            if index in members:
                found[index] = _prove_play(deck, hand, index, play)
        for index, claim in judged.claims.items():
            if index in members:
                found[index] = _refute(hand, index, claim)
    items: dict[int, Play | Claim] = {**judged.plays, **judged.claims}
    violations = {
        i: found[i] if i in items and items[i].rule is not None else i for i in judged.rules
    }
    lawful = {i: found[i] for i, item in items.items() if item.rule is None}
    return Proofs(violations, lawful)


def _prove_play(deck: int, hand: _Observed, e: int, play: Play) -> int | None:
    s, w = play.seat, play.witnesses
    base = hand.seen[e].played_by[s]
    for t in hand.indices:
        if t < e:
            continue
        seen = hand.seen[t]
        shown = seen.played_by[s] & ~base
        known = seen.known[s]
        placed = sum(seen.played_by) | sum(seen.known)
        if seen.face_up is not None:
            placed |= 1 << seen.face_up
        unseen = deck & ~placed
        room = seen.n[s] - known.bit_count()
        if (shown | known) & w or (unseen & ~w).bit_count() < room:
            return t
    return None


def _refute(hand: _Observed, d: int, claim: Claim) -> int | None:
    s, cards = claim.seat, claim.cards
    start = claim.before
    earlier = [t for t in hand.indices if t < start]
    before = hand.seen[earlier[-1]] if earlier else hand.seen[hand.indices[0]]
    elsewhere = sum(before.played_by)
    for seat, known in enumerate(before.known):
        if seat != s:
            elsewhere |= known
    if cards & elsewhere or (before.face_up is not None and cards >> before.face_up & 1):
        return d
    remaining, robbed_away = cards, 0
    for t in hand.indices:
        if t < start:
            continue
        seen = hand.seen[t]
        if t in hand.plays:
            seat, c = hand.plays[t]
            if seat == s:
                remaining &= ~(1 << c)
            elif cards >> c & 1 and not robbed_away >> c & 1:
                return max(t, d)
        if t in hand.robs:
            seat, c = hand.robs[t]
            if seat == s:
                remaining &= ~(1 << c)
                robbed_away |= (1 << c) & cards
            elif cards >> c & 1:
                return max(t, d)
        if t in hand.entries:
            seat, c = hand.entries[t]
            if cards >> c & 1 and not robbed_away >> c & 1:
                return max(t, d)
        if seen.face_up is not None and (cards & ~robbed_away) >> seen.face_up & 1:
            return max(t, d)
        room = seen.n[s] - seen.known[s].bit_count()
        if (remaining & ~seen.known[s]).bit_count() > room:
            return max(t, d)
    return None
