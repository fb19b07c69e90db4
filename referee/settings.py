"""House rules as named settings, each defaulting to what the seed text says.

Jass is played with many house rules. Where a table plays differently from the seed,
it names the setting in the game log's ``game`` event (``"settings": {...}``) or on the
command line (``--set name=value``); the board and the report show which are active.
Each setting carries the seed sentence its default comes from, so a dispute about the
rule itself can be settled by reading it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.coiffeur_board import BOARD_SOURCE, DEFAULT_BOARD, board_problem

Check = Callable[[Any], "str | None"]


def _rule(
    default: object,
    choices: tuple[object, ...],
    source: str,
    doc: str,
    check: Check | None = None,
) -> Any:
    """A setting: its seed default, the allowed ``choices`` (empty: any whole number, or
    any text that ``check`` accepts), where the default comes from, what it means."""
    metadata = {"choices": choices, "source": source, "doc": doc, "check": check}
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class HouseRules:
    """The rule choices a game is refereed under; each variant has its subclass
    (Schnüffler has none)."""

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def describe(cls) -> list[dict[str, object]]:
        """Every setting with its default, choices, seed source and meaning."""
        return [
            {
                "name": f.name,
                "default": f.default,
                "choices": list(f.metadata["choices"]),
                "source": f.metadata["source"],
                "doc": f.metadata["doc"],
            }
            for f in dataclasses.fields(cls)
        ]

    def changed(self) -> dict[str, object]:
        """The settings that differ from the seed's defaults."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        }

    def with_values(self, values: dict[str, object]) -> tuple[HouseRules, list[str]]:
        """A copy with ``values`` applied, and one message per value that was refused.

        A refused value (unknown name, wrong type, not one of the choices) changes
        nothing; the caller reports the messages.
        """
        accepted: dict[str, object] = {}
        errors: list[str] = []
        by_name = {f.name: f for f in dataclasses.fields(self)}
        for name, value in values.items():
            f = by_name.get(name)
            if f is None:
                errors.append(f"unknown setting {name!r} (known: {', '.join(by_name)})")
                continue
            parsed = _coerce(value, f.default)
            choices = f.metadata["choices"]
            if parsed is None or (choices and parsed not in choices):
                allowed = (
                    ", ".join(map(str, choices)) if choices else f"a whole number 1..{MAX_NUMBER}"
                )
                errors.append(f"setting {name}={value!r} is not allowed (use {allowed})")
                continue
            check = f.metadata["check"]
            problem = check(parsed) if check is not None else None
            if problem is not None:
                errors.append(f"setting {name}={value!r} is not allowed ({problem})")
                continue
            accepted[name] = parsed
        return dataclasses.replace(self, **accepted), errors


MAX_NUMBER = 100_000
"""Targets above this are typing mistakes, not games."""


def _coerce(value: object, default: object) -> object | None:
    """Reads ``value`` as the type of ``default``; also accepts command-line text."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        return {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}.get(
            text
        )
    if isinstance(default, int):
        if isinstance(value, bool):
            return None
        try:
            number = int(str(value))
        except ValueError:
            return None
        return number if 0 < number <= MAX_NUMBER else None
    return value if isinstance(value, str) else None


@dataclass(frozen=True)
class TargetRules(HouseRules):
    """Games won at a number of points."""

    target: int = _rule(
        2500,
        (),
        "003: Det lag som först når minst 2500 poäng och gör anspråk på segern vinner.",
        "Points a side needs to win; schneider is under half of it.",
    )


def _only_trumps() -> Any:
    return _rule(
        "free",
        ("free", "must-overtrump"),
        "003: En spelare med bara trumf kvar får alltid spela vilket kort som helst.",
        "What a hand holding only trumps may play on a side-suit lead: any trump (free), "
        "or it must beat the trumps in the trick when it can (must-overtrump).",
    )


def _match() -> Any:
    return _rule(
        "all-tricks",
        ("all-tricks", "opponents-zero"),
        "003: Ett lag som tar alla nio sticken har gjort match och får 100 poäng i bonus.",
        "Match bonus for taking every trick, or for holding the opponents to 0 points.",
    )


def _win_by() -> Any:
    return _rule(
        "claim",
        ("claim", "reaching"),
        "003: Det lag som först når minst 2500 poäng och gör anspråk på segern vinner.",
        "A side wins by claiming (bedanken) once it has the target, or the game ends by "
        "itself at the end of the hand in which a side reaches it (the higher side wins).",
    )


def _equal_weis() -> Any:
    return _rule(
        "sequence",
        ("sequence", "four-of-a-kind"),
        "003, 000: Om poängen är 100, 150 eller 200 ... Sekvens är alltid bättre.",
        "Which wins between a sequence and a four of a kind of equal value.",
    )


def _four_low_cards() -> Any:
    return _rule(
        True,
        (True, False),
        "003, 000: Fyrtal i annat än knektar eller nior: 100 (so four 6s, 7s and 8s count).",
        "Whether four 6s, four 7s and four 8s are a weis worth 100.",
    )


@dataclass(frozen=True)
class WeisRules(TargetRules):
    """The choices of the Schieber weis table, shared by the games that use it."""

    equal_weis: str = _equal_weis()
    four_low_cards: bool = _four_low_cards()


@dataclass(frozen=True)
class SchieberRules(WeisRules):
    """Schieber (seed 003)."""

    only_trumps: str = _only_trumps()
    match: str = _match()
    first_forehand: str = _rule(
        "club-seven",
        ("club-seven", "dealer-right"),
        "003: Den spelare som har sjuan i klöver är förhand i den första given.",
        "Who leads a game's first hand: the holder of ♣7 (Rosen 7), or the dealer's "
        "right-hand neighbour as in every later hand.",
    )
    win_by: str = _win_by()


@dataclass(frozen=True)
class SchmausRules(WeisRules):
    """Schmaus (seed 000)."""

    target: int = _rule(
        1500,
        (),
        "000: Den är vanligen 1500, men kan också sättas till 1000 eller annan "
        "överenskommen summa.",
        "Points a player needs to claim the game.",
    )


@dataclass(frozen=True)
class FrantsfuusRules(TargetRules):
    """Frantsfuus (seed 002)."""

    target: int = _rule(
        501,
        (),
        "002: Målet är att först överskrida 500 poäng, det vill säga att minst ha "
        "sammanlagt 501 poäng i protokollet.",
        "Points a player needs to claim the game; the loser under half is 'jan'.",
    )
    match: bool = _rule(
        False,
        (True, False),
        "002 (Varianter): om någon av spelarna har tagit alla nio sticken i den andra "
        "fasen, har spelaren vunnit match. Det är värt 100 poäng extra.",
        "Whether all nine tricks of phase 2 earn a match bonus of 100 (a variant).",
    )
    claim_off_lead: str = _rule(
        "loses",
        ("loses", "refused"),
        "002: En spelare får bara göra anspråk på segern när hen är inne ... Om en spelare "
        "felaktigt gör anspråk på segern, har motparten vunnit.",
        "A claim made when not on lead: it loses like any wrong claim, or it is refused "
        "and the game goes on.",
    )


@dataclass(frozen=True)
class SmousjasRules(TargetRules):
    """Smousjas (seed 001)."""

    target: int = _rule(
        500,
        (),
        "001: de eerste die 500 bereikt wint een ronde.",
        "Points that win the game at the end of a hand; the loser under half is 'onder Jan'.",
    )
    lives: int = _rule(
        5,
        (),
        "001: Spelpunten kun je bijhouden met dobbelstenen, start op een bepaald aantal "
        "'levens' (the number is not given; 5 here).",
        "Lives each player starts a series with; a lost game costs one, onder Jan two.",
    )
    false_uit: str = _rule(
        "refused",
        ("refused", "loses"),
        "001: Als iemand ... op 480 of meer punten staat en 'Stuk' declareert tijdens de "
        "hand, dan mag hij roepen 'Uit' en wint (no rule for a wrong 'Uit').",
        "A wrong 'Uit' (under 480, or no stuk in the hand): refused, or the caller loses.",
    )


SIDI_PAGE = "https://jassverzeichnis.ch/sidi-barrani/"
PAGAT_SIDI = "https://www.pagat.com/jass/sidi_barrani.html"


@dataclass(frozen=True)
class SidiBarraniRules(WeisRules):
    """Sidi-Barrani (seed 004); where the seed is silent, the Swiss rule page
    jassverzeichnis.ch (``SIDI_PAGE``)."""

    target: int = _rule(
        1500,
        (),
        f"{SIDI_PAGE} (seed 004 gives none): Eine Partie geht auf 1'500 oder 2'000 Punkte.",
        "Points a side needs to win; schneider is under half of it.",
    )
    only_trumps: str = _only_trumps()
    win_by: str = _win_by()
    contract: str = _rule(
        "bid-plus-points",
        ("bid-plus-points", "failed-zero"),
        f"{SIDI_PAGE} (seed 004 gives none): Schafft Sie dies, kann Sie die Zielpunktzahl "
        "und ihre erspielten Kartenpunkte notieren. Wenn die Zielpunktzahl nicht erreicht "
        "wird, kann die Zielpunktzahl das gegnerische Team notieren.",
        "How a contract is booked: made, the bidders write the bid plus their card points "
        "and the others their card points; failed, the others write the bid plus theirs "
        "and the bidders their card points (bid-plus-points), or nothing (failed-zero).",
    )
    doubling: str = _rule(
        "off",
        ("off", "double", "double-counter"),
        "004: Auch ob mit «Doppeln» und «Kontern» gespielt werden soll, kann vereinbart "
        f"werden. {PAGAT_SIDI}: a double immediately ends the auction.",
        "Whether an opponent of the highest bidder may double (it ends the auction and "
        "doubles the hand's score), and whether the bidders may counter a double (four "
        "times the score).",
    )
    sang_bids: bool = _rule(
        False,
        (True, False),
        "004: Beim Bieten werden eine Punktzahl und die Trumpffarbe angesagt. "
        f"{PAGAT_SIDI} also allows Obenabe and Undenufe.",
        "Whether a bid may name Obenabe or Undenufe instead of a trump suit.",
    )
    match_bonus: bool = _rule(
        False,
        (True, False),
        f"{SIDI_PAGE} (seed 004 gives none): Ein Match ergibt 157 Punkte.",
        "Whether taking all nine tricks earns 100 more (as in Schieber).",
    )
    passed_out: str = _rule(
        "next-dealer",
        ("next-dealer", "same-dealer"),
        "004: Die folgenden Spiele werden der Reihe nach in Spielrichtung gegeben (nothing "
        "on a hand where all four pass).",
        "Who deals after a hand in which all four passed: the next seat, or the same dealer again.",
    )


DIFFERENZLER_PAGE = "https://jassverzeichnis.ch/index.php/differenzler"


@dataclass(frozen=True)
class DifferenzlerRules(HouseRules):
    """Differenzler (listed in seed 004 with open and hidden announcement; the rules from
    ``DIFFERENZLER_PAGE``)."""

    announcement: str = _rule(
        "open",
        ("open", "hidden"),
        "004 lists «Differenzler mit offener Ansage» and «mit verdeckter Ansage»; "
        f"{DIFFERENZLER_PAGE}: Beim Differenzler mit verdeckter Ansage, müssen die Punkte "
        "auf einen Zettel notiert werden.",
        "Predictions said aloud in turn before the first card (open), or written on a note "
        "and shown when the hand is over (hidden).",
    )
    hands: int = _rule(
        12,
        (),
        f"{DIFFERENZLER_PAGE}: Nach 12 Runden ist der Spieler mit dem kleinsten Total der "
        "Differenzen der Sieger.",
        "Hands in a game; the lowest total of differences wins (a tie plays another hand).",
    )
    exact_bonus: bool = _rule(
        False,
        (True, False),
        f"{DIFFERENZLER_PAGE} has none; https://www.jasswelt.ch/blogs/neuigkeiten/"
        "differenzler-jassregel: Wer seine vorausgesagte Punktzahl genau erreicht hat, "
        "erhält 10 Bonuspunkte.",
        "Whether a prediction met exactly writes −10 instead of a difference of 0.",
    )
    only_trumps: str = _only_trumps()


COIFFEUR_PAGE = "https://www.swisslos.ch/de/jass/informationen/jass-regeln/coiffeur-jass.html"


@dataclass(frozen=True)
class CoiffeurRules(HouseRules):
    """Coiffeur-Schieber (listed in seed 004; the rules from ``COIFFEUR_PAGE`` and the
    board from ``BOARD_SOURCE``)."""

    board: str = _rule(
        DEFAULT_BOARD,
        (),
        BOARD_SOURCE,
        "The modes each team plays once, with their multipliers (joker: any trump suit, "
        "Obenabe or Undenufe).",
        board_problem,
    )
    push: str = _rule(
        "round",
        ("round", "partner"),
        f"{COIFFEUR_PAGE}: Das Schieben erfolgt nicht wie beim Schieber zum Partner, "
        "sondern im Gegenuhrzeigersinn zum nächsten Mitspieler. ... Derjenige Spieler, "
        "welcher die Trumpfart bestimmt hat, startet mit dem Ablegen der ersten Karte.",
        "Schieben goes round the table and the chooser leads (round), or to the partner "
        "as in Schieber and forehand leads (partner).",
    )
    weis: bool = _rule(
        False,
        (True, False),
        f"{COIFFEUR_PAGE}: Der Coiffeur wird ohne Weisen gespielt.",
        "Whether weis is declared and scored as in Schieber.",
    )
    equal_weis: str = _equal_weis()
    four_low_cards: bool = _four_low_cards()
    only_trumps: str = _only_trumps()
    match: str = _match()
