"""German and French for every sentence of the board, keyed by its English text.

Kept in one place so a translator sees every string; ``tests/test_webui_i18n.py``
fails when a template or form uses a sentence missing here."""

from __future__ import annotations

CATALOGUE: dict[str, dict[str, str]] = {
    "{what}: write a whole number from {low} to {high}": {
        "de": "{what}: bitte eine ganze Zahl von {low} bis {high} eingeben",
        "fr": "{what} : écrivez un nombre entier de {low} à {high}",
    },
    "{what}: {value} is not between {low} and {high}": {
        "de": "{what}: {value} liegt nicht zwischen {low} und {high}",
        "fr": "{what} : {value} n'est pas entre {low} et {high}",
    },
    "Seat": {
        "de": "Platz",
        "fr": "Place",
    },
    "a new hand can start only when the last one is finished": {
        "de": "ein neues Spiel beginnt erst, wenn das letzte fertig ist",
        "fr": "une nouvelle donne ne commence que lorsque la précédente est finie",
    },
    "Dealer": {
        "de": "Geber",
        "fr": "Donneur",
    },
    "the game can be chosen only at the start of a hand": {
        "de": "der Trumpf wird nur zu Beginn eines Spiels gewählt",
        "fr": "l'atout se choisit seulement au début d'une donne",
    },
    "Game: choose one of {modes}": {
        "de": "Trumpf: wähle eines von {modes}",
        "fr": "Atout : choisissez parmi {modes}",
    },
    "Chosen by": {
        "de": "Gewählt von",
        "fr": "Choisi par",
    },
    "no card can be played now": {
        "de": "jetzt kann keine Karte gespielt werden",
        "fr": "aucune carte ne peut être jouée maintenant",
    },
    "choose a card": {
        "de": "wähle eine Karte",
        "fr": "choisissez une carte",
    },
    "a weis is announced while a hand is played": {
        "de": "ein Weis wird während des Spiels angesagt",
        "fr": "une annonce se fait pendant la donne",
    },
    "Weis": {
        "de": "Weis",
        "fr": "Annonce",
    },
    "{points} is not the value of a weis": {
        "de": "{points} ist kein Weis-Wert",
        "fr": "{points} n'est pas la valeur d'une annonce",
    },
    "stöck is announced while a hand is played": {
        "de": "Stöck wird während des Spiels angesagt",
        "fr": "le stöck s'annonce pendant la donne",
    },
    "the game is over": {
        "de": "die Partie ist vorbei",
        "fr": "la partie est terminée",
    },
    "Weis of side {side}: {part} is not a weis ({allowed}; add with +)": {
        "de": "Weis der Seite {side}: {part} ist kein Weis ({allowed}; mit + addieren)",
        "fr": "Annonce du camp {side} : {part} n'est pas une annonce ({allowed} ; additionner avec +)",
    },
    "a score is entered after the game is chosen, instead of the plays": {
        "de": "ein Resultat wird nach der Trumpfwahl statt der Karten eingegeben",
        "fr": "un résultat se saisit après le choix de l'atout, au lieu des cartes",
    },
    "Card points": {
        "de": "Kartenpunkte",
        "fr": "Points des cartes",
    },
    "Match: none, side 0 or side 1": {
        "de": "Match: keiner, Seite 0 oder Seite 1",
        "fr": "Match : aucun, camp 0 ou camp 1",
    },
    "a match means all 157 card points went to that side": {
        "de": "ein Match heisst: alle 157 Kartenpunkte gingen an diese Seite",
        "fr": "un match signifie que les 157 points sont allés à ce camp",
    },
    "Stöck: none, side 0 or side 1": {
        "de": "Stöck: keiner, Seite 0 oder Seite 1",
        "fr": "Stöck : aucun, camp 0 ou camp 1",
    },
    "Hand": {
        "de": "Spiel",
        "fr": "Donne",
    },
    "hand {n} was not entered as a score": {
        "de": "Spiel {n} wurde nicht als Resultat eingegeben",
        "fr": "la donne {n} n'a pas été saisie comme résultat",
    },
    "Card": {
        "de": "Karte",
        "fr": "Carte",
    },
    "choose a card played in this hand": {
        "de": "wähle eine in diesem Spiel gespielte Karte",
        "fr": "choisissez une carte jouée dans cette donne",
    },
    "{card} is not a card (write e.g. H10, SJ, CU)": {
        "de": "{card} ist keine Karte (z. B. H10, SJ, CU)",
        "fr": "{card} n'est pas une carte (p. ex. H10, SJ, CU)",
    },
    "that is the card already written": {
        "de": "diese Karte steht schon da",
        "fr": "c'est déjà la carte notée",
    },
    "Variant: choose one of {names}": {
        "de": "Variante: wähle eine von {names}",
        "fr": "Variante : choisissez parmi {names}",
    },
    "a name has at most {n} letters": {
        "de": "ein Name hat höchstens {n} Zeichen",
        "fr": "un nom a au plus {n} caractères",
    },
    "Target": {
        "de": "Ziel",
        "fr": "Objectif",
    },
    "Seat {n}": {
        "de": "Platz {n}",
        "fr": "Place {n}",
    },
    "Seats {a}+{b}": {
        "de": "Plätze {a}+{b}",
        "fr": "Places {a}+{b}",
    },
    "not chosen yet": {
        "de": "noch nicht gewählt",
        "fr": "pas encore choisi",
    },
    "needs {n}": {
        "de": "fehlen {n}",
        "fr": "manque {n}",
    },
    "close to the target": {
        "de": "nahe am Ziel",
        "fr": "près du but",
    },
    "target reached": {
        "de": "Ziel erreicht",
        "fr": "objectif atteint",
    },
    "to {n}": {
        "de": "auf {n}",
        "fr": "en {n}",
    },
    "{side} won": {
        "de": "{side} hat gewonnen",
        "fr": "{side} a gagné",
    },
    "the others are schneider": {
        "de": "die anderen sind Schneider",
        "fr": "les autres sont schneider",
    },
    "Hand {n}": {
        "de": "Spiel {n}",
        "fr": "Donne {n}",
    },
    "dealer": {
        "de": "Geber",
        "fr": "donneur",
    },
    "chosen by {who}": {
        "de": "gewählt von {who}",
        "fr": "choisi par {who}",
    },
    "pushed": {
        "de": "geschoben",
        "fr": "poussé",
    },
    "Trick {n}": {
        "de": "Stich {n}",
        "fr": "Pli {n}",
    },
    "leads": {
        "de": "spielt aus",
        "fr": "entame",
    },
    "to play": {
        "de": "ist am Zug",
        "fr": "doit jouer",
    },
    "takes the trick": {
        "de": "macht den Stich",
        "fr": "prend le pli",
    },
    "Card points so far": {
        "de": "Kartenpunkte bisher",
        "fr": "Points des cartes jusqu'ici",
    },
    "{n} of 9 tricks": {
        "de": "{n} von 9 Stichen",
        "fr": "{n} plis sur 9",
    },
    "weis {n}": {
        "de": "Weis {n}",
        "fr": "annonce {n}",
    },
    "stöck": {
        "de": "Stöck",
        "fr": "stöck",
    },
    "{n} rules broken": {
        "de": "{n} Regelverstösse",
        "fr": "{n} règles enfreintes",
    },
    "the camera at line {n}": {
        "de": "die Kamera bei Zeile {n}",
        "fr": "la caméra à la ligne {n}",
    },
    "No picture of that moment was kept.": {
        "de": "Von diesem Moment wurde kein Bild behalten.",
        "fr": "Aucune image de ce moment n'a été gardée.",
    },
    "1 rule broken": {
        "de": "1 Regelverstoss",
        "fr": "1 règle enfreinte",
    },
    "line {n}": {
        "de": "Zeile {n}",
        "fr": "ligne {n}",
    },
    "Hands": {
        "de": "Spiele",
        "fr": "Donnes",
    },
    "game": {
        "de": "Trumpf",
        "fr": "atout",
    },
    "match": {
        "de": "Match",
        "fr": "match",
    },
    "New hand": {
        "de": "Neues Spiel",
        "fr": "Nouvelle donne",
    },
    "{who} chooses the game.": {
        "de": "{who} wählt den Trumpf.",
        "fr": "{who} choisit l'atout.",
    },
    "schieben: the partner chooses": {
        "de": "schieben: der Partner wählt",
        "fr": "pousser : le partenaire choisit",
    },
    "Enter the hand's result": {
        "de": "Resultat des Spiels eingeben",
        "fr": "Saisir le résultat de la donne",
    },
    "Card points of {side}": {
        "de": "Kartenpunkte von {side}",
        "fr": "Points des cartes de {side}",
    },
    "Weis of {side}": {
        "de": "Weis von {side}",
        "fr": "Annonces de {side}",
    },
    "Stöck": {
        "de": "Stöck",
        "fr": "Stöck",
    },
    "none": {
        "de": "keiner",
        "fr": "aucun",
    },
    "Match": {
        "de": "Match",
        "fr": "Match",
    },
    "Book the hand": {
        "de": "Spiel schreiben",
        "fr": "Inscrire la donne",
    },
    "or play the cards one by one:": {
        "de": "oder die Karten einzeln spielen:",
        "fr": "ou jouer les cartes une à une :",
    },
    "{who} plays:": {
        "de": "{who} spielt:",
        "fr": "{who} joue :",
    },
    "{who} played a card the camera could not read (likely {card}). Which was it?": {
        "de": "{who} hat eine Karte gespielt, welche die Kamera nicht lesen konnte "
        "(wohl {card}). Welche war es?",
        "fr": "{who} a joué une carte que la caméra n’a pas pu lire (sans doute {card}). "
        "Laquelle était-ce ?",
    },
    "points": {
        "de": "Punkte",
        "fr": "points",
    },
    "Announce weis": {
        "de": "Weis ansagen",
        "fr": "Annoncer",
    },
    "Announce stöck": {
        "de": "Stöck ansagen",
        "fr": "Annoncer le stöck",
    },
    "Misread card": {
        "de": "Falsch gelesene Karte",
        "fr": "Carte mal lue",
    },
    "was really": {
        "de": "war in Wahrheit",
        "fr": "était en fait",
    },
    "Correct the card": {
        "de": "Karte korrigieren",
        "fr": "Corriger la carte",
    },
    "Bedanken (claim the win)": {
        "de": "Bedanken (Sieg anmelden)",
        "fr": "Bedanken (réclamer la victoire)",
    },
    "Claim": {
        "de": "Bedanken",
        "fr": "Réclamer",
    },
    "Correct hand": {
        "de": "Spiel korrigieren",
        "fr": "Corriger la donne",
    },
    "Correct": {
        "de": "Korrigieren",
        "fr": "Corriger",
    },
    "Undo the last event": {
        "de": "Letzten Eintrag rückgängig",
        "fr": "Annuler la dernière inscription",
    },
    "New game": {
        "de": "Neue Partie",
        "fr": "Nouvelle partie",
    },
    "Variant": {
        "de": "Variante",
        "fr": "Variante",
    },
    "Players (seats 0 and 2 play against 1 and 3)": {
        "de": "Spieler (Plätze 0 und 2 gegen 1 und 3)",
        "fr": "Joueurs (places 0 et 2 contre 1 et 3)",
    },
    "House rules": {
        "de": "Hausregeln",
        "fr": "Règles de la maison",
    },
    "yes": {
        "de": "ja",
        "fr": "oui",
    },
    "no": {
        "de": "nein",
        "fr": "non",
    },
    "Start the new game": {
        "de": "Neue Partie beginnen",
        "fr": "Commencer la nouvelle partie",
    },
    "The current game stays in its log; the new one gets its own.": {
        "de": "Die laufende Partie bleibt in ihrem Protokoll; die neue erhält ein eigenes.",
        "fr": "La partie en cours reste dans son journal ; la nouvelle a le sien.",
    },
    "Jass tavla": {
        "de": "Jass-Tafel",
        "fr": "Ardoise de jass",
    },
    "Board settings": {
        "de": "Tafel-Einstellungen",
        "fr": "Réglages de l'ardoise",
    },
    "turn the board: the other side upright": {
        "de": "Tafel drehen: die andere Seite aufrecht",
        "fr": "tourner l'ardoise : l'autre camp à l'endroit",
    },
    "turn": {
        "de": "drehen",
        "fr": "tourner",
    },
    "rows": {
        "de": "Reihen",
        "fr": "rangées",
    },
    "− rest": {
        "de": "− Rest",
        "fr": "− reste",
    },
    "+ rest": {
        "de": "+ Rest",
        "fr": "+ reste",
    },
    "Swiss cards": {
        "de": "Deutschschweizer Karten",
        "fr": "Cartes suisses",
    },
    "French cards": {
        "de": "Französische Karten",
        "fr": "Cartes françaises",
    },
    "Connection lost; reconnecting…": {
        "de": "Verbindung verloren; verbinde neu…",
        "fr": "Connexion perdue ; reconnexion…",
    },
    "Lock this phone": {
        "de": "Dieses Telefon sperren",
        "fr": "Verrouiller ce téléphone",
    },
    "Table PIN": {
        "de": "Tisch-PIN",
        "fr": "PIN de la table",
    },
    "Unlock to enter scores": {
        "de": "Entsperren zum Schreiben",
        "fr": "Déverrouiller pour inscrire",
    },
    "Open on another phone": {
        "de": "Auf einem anderen Telefon öffnen",
        "fr": "Ouvrir sur un autre téléphone",
    },
    "Download the game log": {
        "de": "Spielprotokoll herunterladen",
        "fr": "Télécharger le journal de partie",
    },
    "Back to the board": {
        "de": "Zurück zur Tafel",
        "fr": "Retour à l'ardoise",
    },
    "The chalk font is not installed (Debian package fonts-comic-neue).": {
        "de": "Die Kreideschrift ist nicht installiert (Debian-Paket fonts-comic-neue).",
        "fr": "La police craie n'est pas installée (paquet Debian fonts-comic-neue).",
    },
    "Too many wrong PINs; try again in {n} s.": {
        "de": "Zu viele falsche PINs; nochmals in {n} s.",
        "fr": "Trop de PIN erronés ; réessayez dans {n} s.",
    },
    "No PIN given.": {
        "de": "Keine PIN eingegeben.",
        "fr": "Aucun PIN saisi.",
    },
    "Wrong PIN ({n} tries left).": {
        "de": "Falsche PIN (noch {n} Versuche).",
        "fr": "PIN erroné (encore {n} essais).",
    },
    "Unlocked: this phone can now enter and correct the game.": {
        "de": "Entsperrt: dieses Telefon kann jetzt schreiben und korrigieren.",
        "fr": "Déverrouillé : ce téléphone peut maintenant inscrire et corriger.",
    },
    "Enter the table PIN first: watching is free, changing the game is not.": {
        "de": "Zuerst die Tisch-PIN eingeben: Zuschauen ist frei, Ändern nicht.",
        "fr": "Saisissez d'abord le PIN de la table : regarder est libre, modifier non.",
    },
    "Not saved: {why}": {
        "de": "Nicht gespeichert: {why}",
        "fr": "Non enregistré : {why}",
    },
    "The game log could not be written ({why}); nothing changed.": {
        "de": "Das Spielprotokoll konnte nicht geschrieben werden ({why}); nichts wurde geändert.",
        "fr": "Le journal n'a pas pu être écrit ({why}) ; rien n'a changé.",
    },
    "New hand started.": {
        "de": "Neues Spiel begonnen.",
        "fr": "Nouvelle donne commencée.",
    },
    "Game chosen.": {
        "de": "Trumpf gewählt.",
        "fr": "Atout choisi.",
    },
    "Played {card}.": {
        "de": "{card} gespielt.",
        "fr": "{card} jouée.",
    },
    "Weis announced.": {
        "de": "Weis angesagt.",
        "fr": "Annonce faite.",
    },
    "Stöck announced.": {
        "de": "Stöck angesagt.",
        "fr": "Stöck annoncé.",
    },
    "Claim written.": {
        "de": "Bedanken geschrieben.",
        "fr": "Réclamation inscrite.",
    },
    "Hand booked.": {
        "de": "Spiel geschrieben.",
        "fr": "Donne inscrite.",
    },
    "Hand corrected.": {
        "de": "Spiel korrigiert.",
        "fr": "Donne corrigée.",
    },
    "Card corrected.": {
        "de": "Karte korrigiert.",
        "fr": "Carte corrigée.",
    },
    "there is nothing to undo": {
        "de": "es gibt nichts rückgängig zu machen",
        "fr": "il n'y a rien à annuler",
    },
    "Undone: the last event is struck out (a correction in the log).": {
        "de": "Rückgängig: der letzte Eintrag ist gestrichen (eine Korrektur im Protokoll).",
        "fr": "Annulé : la dernière inscription est biffée (une correction dans le journal).",
    },
    "New game started.": {
        "de": "Neue Partie begonnen.",
        "fr": "Nouvelle partie commencée.",
    },
    "Which wins between a sequence and a four of a kind of equal value.": {
        "de": "Was gewinnt zwischen einer Folge und einem Vierling gleichen Werts.",
        "fr": "Qui l'emporte entre une suite et un carré de même valeur.",
    },
    "sequence": {
        "de": "Folge",
        "fr": "suite",
    },
    "four-of-a-kind": {
        "de": "Vierling",
        "fr": "carré",
    },
    "Whether four 6s, four 7s and four 8s are a weis worth 100.": {
        "de": "Ob vier Sechser, Siebner und Achter ein Weis von 100 sind.",
        "fr": "Si quatre 6, quatre 7 et quatre 8 sont une annonce de 100.",
    },
    "What a hand holding only trumps may play on a side-suit lead: any trump (free), or it must beat the trumps in the trick when it can (must-overtrump).": {
        "de": "Was spielen darf, wer nur noch Trumpf hat, wenn eine andere Farbe ausgespielt ist: jeden Trumpf (frei) oder, wenn möglich, einen höheren Trumpf (übertrumpfen).",
        "fr": "Ce que peut jouer une main qui n'a plus que de l'atout sur une autre couleur : n'importe quel atout (libre), ou surcouper quand elle le peut.",
    },
    "free": {
        "de": "frei",
        "fr": "libre",
    },
    "must-overtrump": {
        "de": "übertrumpfen",
        "fr": "surcouper",
    },
    "Match bonus for taking every trick, or for holding the opponents to 0 points.": {
        "de": "Matchbonus für alle Stiche, oder wenn die Gegner 0 Punkte haben.",
        "fr": "Prime de match pour tous les plis, ou quand l'adversaire a 0 point.",
    },
    "all-tricks": {
        "de": "alle Stiche",
        "fr": "tous les plis",
    },
    "opponents-zero": {
        "de": "Gegner null",
        "fr": "adversaire à zéro",
    },
    "Who leads a game's first hand: the holder of ♣7 (Rosen 7), or the dealer's right-hand neighbour as in every later hand.": {
        "de": "Wer im ersten Spiel ausspielt: wer ♣7 (Rosen 7) hat, oder wie später der rechte Nachbar des Gebers.",
        "fr": "Qui entame la première donne : le détenteur du ♣7 (Rosen 7), ou le voisin de droite du donneur comme ensuite.",
    },
    "club-seven": {
        "de": "Rosen 7",
        "fr": "sept de trèfle",
    },
    "dealer-right": {
        "de": "rechts vom Geber",
        "fr": "à droite du donneur",
    },
    "A side wins by claiming (bedanken) once it has the target, or the game ends by itself at the end of the hand in which a side reaches it (the higher side wins).": {
        "de": "Eine Seite gewinnt durch Bedanken, sobald sie das Ziel hat, oder die Partie endet von selbst mit dem Spiel, in dem eine Seite es erreicht (die höhere gewinnt).",
        "fr": "Un camp gagne en réclamant (bedanken) dès qu'il a l'objectif, ou la partie finit d'elle-même avec la donne où un camp l'atteint (le plus haut gagne).",
    },
    "claim": {
        "de": "Bedanken",
        "fr": "réclamer",
    },
    "reaching": {
        "de": "Erreichen",
        "fr": "atteindre",
    },
    "Hearts": {
        "de": "Herz",
        "fr": "Cœur",
    },
    "Diamonds": {
        "de": "Ecken",
        "fr": "Carreau",
    },
    "Spades": {
        "de": "Schaufel",
        "fr": "Pique",
    },
    "Clubs": {
        "de": "Kreuz",
        "fr": "Trèfle",
    },
    "Whether all nine tricks of phase 2 earn a match bonus of 100 (a variant).": {
        "de": "Ob alle neun Stiche der zweiten Phase einen Matsch von 100 geben (eine Variante).",
        "fr": "Si les neuf plis de la seconde phase valent un match de 100 (une variante).",
    },
    "Lives each player starts a series with; a lost game costs one, onder Jan two.": {
        "de": "Leben, mit denen jeder eine Serie beginnt; ein verlorenes Spiel kostet eines, "
        "onder Jan zwei.",
        "fr": "Vies de chaque joueur au début d'une série ; une partie perdue en coûte une, "
        "onder Jan deux.",
    },
    "A claim made when not on lead: it loses like any wrong claim, or it is refused and the game goes on.": {
        "de": "Ein Bedanken ohne Ausspiel: es verliert wie jedes falsche Bedanken, oder es "
        "wird abgewiesen und das Spiel geht weiter.",
        "fr": "Une annonce de victoire sans avoir la main : elle perd comme toute annonce "
        "fausse, ou elle est refusée et la partie continue.",
    },
    "A wrong 'Uit' (under 480, or no stuk in the hand): refused, or the caller loses.": {
        "de": "Ein falsches 'Uit' (unter 480 oder ohne Stuk in der Hand): abgewiesen, oder "
        "der Rufer verliert.",
        "fr": "Un 'Uit' faux (moins de 480, ou sans stuk dans la donne) : refusé, ou celui "
        "qui l'annonce perd.",
    },
    "loses": {"de": "verliert", "fr": "perd"},
    "refused": {"de": "abgewiesen", "fr": "refusé"},
    "'Uit' (480 or more with stuk)": {
        "de": "„Uit“ (480 oder mehr mit Stuk)",
        "fr": "« Uit » (480 ou plus avec stuk)",
    },
    "A draw.": {
        "de": "Unentschieden.",
        "fr": "Match nul.",
    },
    "Answer of {who}:": {
        "de": "Antwort von {who}:",
        "fr": "Réponse de {who} :",
    },
    "Belle": {
        "de": "Belle",
        "fr": "Belle",
    },
    "Blind cards found: {n} of {m}": {
        "de": "Gefundene Karten des Blinden: {n} von {m}",
        "fr": "Cartes du talon trouvées : {n} sur {m}",
    },
    "Call 'Uit'": {
        "de": "„Uit“ rufen",
        "fr": "Annoncer « Uit »",
    },
    "Cards named": {
        "de": "Genannte Karten",
        "fr": "Cartes nommées",
    },
    "Declare {what}": {
        "de": "{what} melden",
        "fr": "Annoncer : {what}",
    },
    "Draw written.": {
        "de": "Ziehen notiert.",
        "fr": "Pioche notée.",
    },
    "Game {n} of the series": {
        "de": "Partie {n} der Serie",
        "fr": "Partie {n} de la série",
    },
    "Guess written.": {
        "de": "Tipp notiert.",
        "fr": "Proposition notée.",
    },
    "Mariage": {
        "de": "Mariage",
        "fr": "Mariage",
    },
    "Meld": {
        "de": "Meldung",
        "fr": "Annonce",
    },
    "Meld declared.": {
        "de": "Meldung notiert.",
        "fr": "Annonce notée.",
    },
    "Next game of the series (same log)": {
        "de": "Nächste Partie der Serie (gleiches Protokoll)",
        "fr": "Partie suivante de la série (même journal)",
    },
    "Next game of the series started.": {
        "de": "Nächste Partie der Serie begonnen.",
        "fr": "Partie suivante de la série commencée.",
    },
    "No deal yet.": {
        "de": "Noch nicht gegeben.",
        "fr": "Pas encore distribué.",
    },
    "Phase 1: drawing, no duty to follow": {
        "de": "Phase 1: es wird gezogen, kein Farbzwang",
        "fr": "Phase 1 : on pioche, pas d'obligation de fournir",
    },
    "Phase 2: follow suit, else trump": {
        "de": "Phase 2: Farbe bedienen, sonst trumpfen",
        "fr": "Phase 2 : fournir, sinon couper",
    },
    "Players": {
        "de": "Spieler",
        "fr": "Joueurs",
    },
    "Question asked": {
        "de": "Frage gestellt",
        "fr": "Question posée",
    },
    "Question of {who}": {
        "de": "Frage von {who}",
        "fr": "Question de {who}",
    },
    "Question written.": {
        "de": "Frage notiert.",
        "fr": "Question notée.",
    },
    "Rob the face-up card": {
        "de": "Offene Karte rauben",
        "fr": "Prendre la retourne",
    },
    "Rob with {card}": {
        "de": "Mit {card} rauben",
        "fr": "Échanger contre {card}",
    },
    "Roem": {
        "de": "Roem",
        "fr": "Roem",
    },
    "Seats 0 and 2 play against 1 and 3.": {
        "de": "Plätze 0 und 2 spielen gegen 1 und 3.",
        "fr": "Les places 0 et 2 jouent contre 1 et 3.",
    },
    "The face-up card is robbed.": {
        "de": "Die offene Karte ist geraubt.",
        "fr": "La retourne est échangée.",
    },
    "Trump card turned.": {
        "de": "Trumpfkarte aufgedeckt.",
        "fr": "Carte d'atout retournée.",
    },
    "Turn up the trump card:": {
        "de": "Trumpfkarte aufdecken:",
        "fr": "Retourner la carte d'atout :",
    },
    "a meld has at most {n} cards": {
        "de": "eine Meldung hat höchstens {n} Karten",
        "fr": "une annonce a au plus {n} cartes",
    },
    "cards": {
        "de": "Karten",
        "fr": "cartes",
    },
    "cards (empty: stuk)": {
        "de": "Karten (leer: Stuk)",
        "fr": "cartes (vide : stuk)",
    },
    "draws": {
        "de": "zieht",
        "fr": "pioche",
    },
    "face-up card": {
        "de": "offene Karte",
        "fr": "retourne",
    },
    "give the other player's answer: in the blind, yes or no": {
        "de": "gib die Antwort des anderen an: im Blinden, ja oder nein",
        "fr": "donnez la réponse de l'autre : dans le talon, oui ou non",
    },
    "hand over": {
        "de": "Spiel fertig",
        "fr": "donne terminée",
    },
    "in the blind": {
        "de": "im Blinden",
        "fr": "dans le talon",
    },
    "jan": {
        "de": "Jan",
        "fr": "jan",
    },
    "lives": {
        "de": "Leben",
        "fr": "vies",
    },
    "melds are declared while a hand is played": {
        "de": "gemeldet wird während des Spiels",
        "fr": "les annonces se font pendant la donne",
    },
    "no winner": {
        "de": "kein Sieger",
        "fr": "pas de gagnant",
    },
    "nobody asks now": {
        "de": "jetzt fragt niemand",
        "fr": "personne ne pose de question maintenant",
    },
    "nobody draws now": {
        "de": "jetzt zieht niemand",
        "fr": "personne ne pioche maintenant",
    },
    "not in the blind": {
        "de": "nicht im Blinden",
        "fr": "pas dans le talon",
    },
    "or name the card {who} drew": {
        "de": "oder die Karte nennen, die {who} gezogen hat",
        "fr": "ou nommer la carte que {who} a piochée",
    },
    "played again": {
        "de": "wird neu gespielt",
        "fr": "rejouée",
    },
    "robbed": {
        "de": "geraubt",
        "fr": "échangée",
    },
    "the face-up card cannot be robbed now": {
        "de": "die offene Karte kann jetzt nicht geraubt werden",
        "fr": "la retourne ne peut pas être échangée maintenant",
    },
    "the face-up card is gone": {
        "de": "die offene Karte ist weg",
        "fr": "la retourne n'est plus là",
    },
    "the face-up card is taken": {
        "de": "die offene Karte ist genommen",
        "fr": "la retourne est prise",
    },
    "the next game starts once this one is decided": {
        "de": "die nächste Partie beginnt, wenn diese entschieden ist",
        "fr": "la partie suivante commence quand celle-ci est décidée",
    },
    "the other is jan (under half the target)": {
        "de": "der andere ist Jan (unter der Hälfte des Ziels)",
        "fr": "l'autre est jan (sous la moitié du but)",
    },
    "the series is over": {
        "de": "die Serie ist vorbei",
        "fr": "la série est finie",
    },
    "the trump card is turned once, right after the deal": {
        "de": "die Trumpfkarte wird einmal aufgedeckt, gleich nach dem Geben",
        "fr": "la carte d'atout se retourne une fois, juste après la donne",
    },
    "then {who}": {
        "de": "dann {who}",
        "fr": "puis {who}",
    },
    "this form is not for a game of Schieber": {
        "de": "dieses Formular ist nicht für einen Schieber",
        "fr": "ce formulaire n'est pas pour un Schieber",
    },
    "trick {n} of {m}": {
        "de": "Stich {n} von {m}",
        "fr": "pli {n} sur {m}",
    },
    "trump": {
        "de": "Trumpf",
        "fr": "atout",
    },
    "write the cards of the meld, e.g. HA HK HQ": {
        "de": "schreib die Karten der Meldung, z. B. HA HK HQ",
        "fr": "écrivez les cartes de l'annonce, p. ex. HA HK HQ",
    },
    "yes/no question": {
        "de": "Ja/Nein-Frage",
        "fr": "question oui/non",
    },
    "{n} face down": {
        "de": "{n} verdeckt",
        "fr": "{n} face cachée",
    },
    "{n} noughts": {
        "de": "{n} Nuller",
        "fr": "{n} zéros",
    },
    "{n} strokes": {
        "de": "{n} Striche",
        "fr": "{n} traits",
    },
    "{who} asks": {
        "de": "{who} fragt",
        "fr": "{who} demande",
    },
    "{who} chooses the face-up card or the last face-down one; {other} gets the other": {
        "de": "{who} wählt die offene oder die letzte verdeckte Karte; {other} bekommt die andere",
        "fr": "{who} choisit la retourne ou la dernière carte cachée ; {other} reçoit l'autre",
    },
    "{who} draws": {
        "de": "{who} zieht",
        "fr": "{who} pioche",
    },
    "{who} draws a face-down card (not seen)": {
        "de": "{who} zieht eine verdeckte Karte (nicht gesehen)",
        "fr": "{who} pioche une carte cachée (non vue)",
    },
    "{who} names a blind card": {
        "de": "{who} nennt eine Karte des Blinden",
        "fr": "{who} nomme une carte du talon",
    },
    "{who} sits on the kip": {
        "de": "{who} sitzt auf der Kip",
        "fr": "{who} est sur la kip",
    },
    "{who} takes the card that is left": {
        "de": "{who} nimmt die übrige Karte",
        "fr": "{who} prend la carte qui reste",
    },
    "{who} takes the face-up card {card}": {
        "de": "{who} nimmt die offene Karte {card}",
        "fr": "{who} prend la retourne {card}",
    },
    "{who} takes the last face-down card, {other} the face-up one": {
        "de": "{who} nimmt die letzte verdeckte Karte, {other} die offene",
        "fr": "{who} prend la dernière carte cachée, {other} la retourne",
    },
    "{who} to play": {
        "de": "{who} spielt",
        "fr": "à {who} de jouer",
    },
    "{who} won": {
        "de": "{who} hat gewonnen",
        "fr": "{who} a gagné",
    },
    "{who} won the series": {
        "de": "{who} hat die Serie gewonnen",
        "fr": "{who} a gagné la série",
    },
    "The rules give no remedy for this: the players decide (the board can give the other side points for it).": {
        "de": "Die Regeln sehen dafür keine Busse vor: die Spieler entscheiden (die Tafel kann der anderen Seite Punkte gutschreiben).",
        "fr": "Les règles ne prévoient pas de sanction : les joueurs décident (l'ardoise peut donner des points à l'autre camp).",
    },
    "The rules give no remedy for this: the players decide.": {
        "de": "Die Regeln sehen dafür keine Busse vor: die Spieler entscheiden.",
        "fr": "Les règles ne prévoient pas de sanction : les joueurs décident.",
    },
    "The claiming side loses the game.": {
        "de": "Die Seite, die sich bedankt hat, verliert die Partie.",
        "fr": "Le camp qui a réclamé la victoire perd la partie.",
    },
    "The claiming player loses the game.": {
        "de": "Wer sich bedankt hat, verliert die Partie.",
        "fr": "Le joueur qui a réclamé la victoire perd la partie.",
    },
    "The caller loses the game (house rule false_uit=loses; the seed has no rule for a wrong 'Uit').": {
        "de": "Wer «Uit» gerufen hat, verliert die Partie (Hausregel false_uit=loses; die Regel kennt kein falsches «Uit»).",
        "fr": "Celui qui a annoncé « Uit » perd la partie (règle maison false_uit=loses ; la règle ne prévoit pas de « Uit » erroné).",
    },
    "Not held, so it is none: it scores nothing (taken back once proven).": {
        "de": "Nicht in der Hand, also keiner: er zählt nichts (wird zurückgenommen, sobald bewiesen).",
        "fr": "Pas en main, donc nulle : elle ne compte rien (retirée dès qu'elle est prouvée).",
    },
    "It does not go upward, so it is not booked: it scores nothing.": {
        "de": "Er geht nicht aufwärts, wird also nicht geschrieben: er zählt nichts.",
        "fr": "Elle ne monte pas, elle n'est donc pas inscrite : elle ne compte rien.",
    },
    "Settled: {side} got {points} points (line {n}).": {
        "de": "Erledigt: {points} Punkte für {side} (Zeile {n}).",
        "fr": "Réglé : {points} points pour {side} (ligne {n}).",
    },
    "Give": {
        "de": "Gutschreiben an",
        "fr": "Donner à",
    },
    "Apply the players' decision": {
        "de": "Entscheid der Spieler eintragen",
        "fr": "Appliquer la décision des joueurs",
    },
    "The players' decision is written (an award in the log).": {
        "de": "Der Entscheid der Spieler ist eingetragen (eine Gutschrift im Protokoll).",
        "fr": "La décision des joueurs est inscrite (une attribution dans le journal).",
    },
    "choose a violation the players decide on, not yet settled": {
        "de": "bitte einen noch offenen Regelverstoss wählen, über den die Spieler entscheiden",
        "fr": "choisissez une infraction encore ouverte, sur laquelle les joueurs décident",
    },
    "Violation": {
        "de": "Regelverstoss",
        "fr": "Infraction",
    },
    "Side": {
        "de": "Seite",
        "fr": "Camp",
    },
    "Points": {
        "de": "Punkte",
        "fr": "Points",
    },
    "rule text {n}": {
        "de": "Regeltext {n}",
        "fr": "texte de règle {n}",
    },
    "A joker plays": {
        "de": "Ein Joker spielt",
        "fr": "Un joker joue",
    },
    "All four passed: nobody plays this hand.": {
        "de": "Alle vier sagten «fort»: dieses Spiel spielt niemand.",
        "fr": "Les quatre ont passé : personne ne joue cette donne.",
    },
    "Auction": {
        "de": "Bieten",
        "fr": "Enchères",
    },
    "Bid": {
        "de": "Gebot",
        "fr": "Enchère",
    },
    "Bid written.": {
        "de": "Gebot notiert.",
        "fr": "Enchère notée.",
    },
    "Contract": {
        "de": "Gebot",
        "fr": "Contrat",
    },
    "Counter the double ({side})": {
        "de": "Kontern ({side})",
        "fr": "Surcontrer ({side})",
    },
    "Countered.": {
        "de": "Gekontert.",
        "fr": "Surcontré.",
    },
    "Double the bid of {who}": {
        "de": "Gebot von {who} doppeln",
        "fr": "Contrer l'enchère de {who}",
    },
    "Doubled.": {
        "de": "Gedoppelt.",
        "fr": "Contré.",
    },
    "Enter the note": {
        "de": "Zettel eintragen",
        "fr": "Saisir le billet",
    },
    "Hands in a game; the lowest total of differences wins (a tie plays another hand).": {
        "de": "Spiele einer Partie; das kleinste Total der Differenzen gewinnt (bei Gleichstand ein Spiel mehr).",
        "fr": "Donnes d'une partie ; le plus petit total des différences gagne (en cas d'égalité, une donne de plus).",
    },
    "Hidden predictions are shown when the hand is over.": {
        "de": "Verdeckte Ansagen werden nach dem Spiel gezeigt.",
        "fr": "Les annonces cachées sont montrées à la fin de la donne.",
    },
    "How a contract is booked: made, the bidders write the bid plus their card points and the others their card points; failed, the others write the bid plus theirs and the bidders their card points (bid-plus-points), or nothing (failed-zero).": {
        "de": "Wie ein Gebot geschrieben wird: erreicht, schreiben die Bieter das Gebot plus ihre Kartenpunkte und die Gegner ihre Kartenpunkte; nicht erreicht, schreiben die Gegner das Gebot plus ihre Punkte und die Bieter ihre Kartenpunkte (bid-plus-points) oder nichts (failed-zero).",
        "fr": "Comment un contrat s'inscrit : réussi, les preneurs inscrivent l'enchère plus leurs points de cartes et les autres leurs points ; chuté, les autres inscrivent l'enchère plus leurs points et les preneurs leurs points de cartes (bid-plus-points) ou rien (failed-zero).",
    },
    "Line of the board": {
        "de": "Zeile der Tafel",
        "fr": "Ligne du tableau",
    },
    "Note of": {
        "de": "Zettel von",
        "fr": "Billet de",
    },
    "Prediction": {
        "de": "Ansage",
        "fr": "Annonce",
    },
    "Prediction written.": {
        "de": "Ansage notiert.",
        "fr": "Annonce notée.",
    },
    "Predictions said aloud in turn before the first card (open), or written on a note and shown when the hand is over (hidden).": {
        "de": "Ansagen der Reihe nach laut vor der ersten Karte (open) oder auf einem Zettel, gezeigt nach dem Spiel (hidden).",
        "fr": "Annonces dites à haute voix à tour de rôle avant la première carte (open), ou écrites sur un billet et montrées à la fin de la donne (hidden).",
    },
    "Say the prediction": {
        "de": "Ansage machen",
        "fr": "Faire l'annonce",
    },
    "Schieben goes round the table and the chooser leads (round), or to the partner as in Schieber and forehand leads (partner).": {
        "de": "Geschoben wird reihum und wer wählt, spielt aus (round), oder zum Partner wie beim Schieber und die Vorhand spielt aus (partner).",
        "fr": "On passe le choix autour de la table et qui choisit entame (round), ou au partenaire comme au Schieber et la main entame (partner).",
    },
    "Schieben goes round the table; whoever chooses leads.": {
        "de": "Geschoben wird reihum; wer wählt, spielt aus.",
        "fr": "On passe le choix autour de la table ; qui choisit entame.",
    },
    "Still open": {
        "de": "Noch offen",
        "fr": "Encore ouvert",
    },
    "The highest bid is the partner's; it may not be raised.": {
        "de": "Das höchste Gebot ist das des Partners; es darf nicht erhöht werden.",
        "fr": "La plus haute enchère est celle du partenaire ; elle ne peut pas être relevée.",
    },
    "The modes each team plays once, with their multipliers (joker: any trump suit, Obenabe or Undenufe).": {
        "de": "Die Spielarten, die jedes Team einmal spielt, mit ihren Multiplikatoren (Joker: eine Trumpffarbe, Obenabe oder Undenufe).",
        "fr": "Les jeux que chaque équipe joue une fois, avec leurs multiplicateurs (joker : une couleur d'atout, Obenabe ou Undenufe).",
    },
    "Turn up the dealer's last card (trump):": {
        "de": "Letzte Karte des Gebers aufdecken (Trumpf):",
        "fr": "Retourner la dernière carte du donneur (atout) :",
    },
    "Whether a bid may name Obenabe or Undenufe instead of a trump suit.": {
        "de": "Ob ein Gebot Obenabe oder Undenufe statt einer Trumpffarbe nennen darf.",
        "fr": "Si une enchère peut nommer Obenabe ou Undenufe au lieu d'une couleur d'atout.",
    },
    "Whether a prediction met exactly writes −10 instead of a difference of 0.": {
        "de": "Ob eine genau erreichte Ansage −10 statt einer Differenz von 0 schreibt.",
        "fr": "Si une annonce atteinte exactement inscrit −10 au lieu d'une différence de 0.",
    },
    "Whether an opponent of the highest bidder may double (it ends the auction and doubles the hand's score), and whether the bidders may counter a double (four times the score).": {
        "de": "Ob ein Gegner des Höchstbietenden doppeln darf (das beendet das Bieten und verdoppelt das Spiel) und ob die Bieter ein Doppeln kontern dürfen (vierfach).",
        "fr": "Si un adversaire du plus offrant peut contrer (cela clôt les enchères et double la donne) et si les preneurs peuvent surcontrer (quatre fois).",
    },
    "Whether taking all nine tricks earns 100 more (as in Schieber).": {
        "de": "Ob alle neun Stiche 100 mehr geben (wie beim Schieber).",
        "fr": "Si les neuf plis rapportent 100 de plus (comme au Schieber).",
    },
    "Whether weis is declared and scored as in Schieber.": {
        "de": "Ob gewiesen und der Weis wie beim Schieber gezählt wird.",
        "fr": "Si les annonces (weis) se font et comptent comme au Schieber.",
    },
    "Who deals after a hand in which all four passed: the next seat, or the same dealer again.": {
        "de": "Wer nach einem Spiel gibt, in dem alle vier «fort» sagten: der nächste Platz oder nochmals derselbe Geber.",
        "fr": "Qui donne après une donne où les quatre ont passé : la place suivante, ou le même donneur.",
    },
    "all passed": {
        "de": "alle fort",
        "fr": "tous ont passé",
    },
    "bid {n}": {
        "de": "Gebot {n}",
        "fr": "enchère {n}",
    },
    "bid-plus-points": {
        "de": "Gebot plus Punkte",
        "fr": "enchère plus points",
    },
    "choose a line of the board that is still open": {
        "de": "wähle eine Zeile der Tafel, die noch offen ist",
        "fr": "choisissez une ligne du tableau encore ouverte",
    },
    "counters": {
        "de": "kontert",
        "fr": "surcontre",
    },
    "difference": {
        "de": "Differenz",
        "fr": "différence",
    },
    "double": {
        "de": "doppeln",
        "fr": "contrer",
    },
    "double-counter": {
        "de": "doppeln und kontern",
        "fr": "contrer et surcontrer",
    },
    "doubled": {
        "de": "gedoppelt",
        "fr": "contré",
    },
    "doubled and countered": {
        "de": "gedoppelt und gekontert",
        "fr": "contré et surcontré",
    },
    "doubles": {
        "de": "doppelt",
        "fr": "contre",
    },
    "every line once per team, the higher total wins": {
        "de": "jede Zeile einmal pro Team, das höhere Total gewinnt",
        "fr": "chaque ligne une fois par équipe, le plus grand total gagne",
    },
    "failed-zero": {
        "de": "nicht erreicht: nichts",
        "fr": "chuté : rien",
    },
    "failed: {n} of {m}": {
        "de": "nicht erreicht: {n} von {m}",
        "fr": "chuté : {n} sur {m}",
    },
    "fort": {
        "de": "fort",
        "fr": "passe",
    },
    "hand {n} of {m}, the lowest total wins": {
        "de": "Spiel {n} von {m}, das kleinste Total gewinnt",
        "fr": "donne {n} sur {m}, le plus petit total gagne",
    },
    "hidden": {
        "de": "verdeckt",
        "fr": "cachée",
    },
    "highest bid {n} by {who}": {
        "de": "höchstes Gebot {n} von {who}",
        "fr": "plus haute enchère {n} par {who}",
    },
    "made: {n} of {m}": {
        "de": "erreicht: {n} von {m}",
        "fr": "réussi : {n} sur {m}",
    },
    "next-dealer": {
        "de": "nächster Geber",
        "fr": "donneur suivant",
    },
    "no bid can be doubled now": {
        "de": "jetzt kann kein Gebot gedoppelt werden",
        "fr": "aucune enchère ne peut être contrée maintenant",
    },
    "off": {
        "de": "nein",
        "fr": "non",
    },
    "only a doubled contract is countered, before the first card": {
        "de": "nur ein gedoppeltes Gebot wird gekontert, vor der ersten Karte",
        "fr": "seul un contrat contré se surcontre, avant la première carte",
    },
    "open": {
        "de": "offen",
        "fr": "ouverte",
    },
    "partner": {
        "de": "zum Partner",
        "fr": "au partenaire",
    },
    "predicted": {
        "de": "angesagt",
        "fr": "annoncé",
    },
    "predictions are said before the first card": {
        "de": "angesagt wird vor der ersten Karte",
        "fr": "les annonces se font avant la première carte",
    },
    "round": {
        "de": "reihum",
        "fr": "autour de la table",
    },
    "same-dealer": {
        "de": "derselbe Geber",
        "fr": "même donneur",
    },
    "so far": {
        "de": "bisher",
        "fr": "jusqu'ici",
    },
    "that seat's note is written already": {
        "de": "der Zettel dieses Platzes ist schon eingetragen",
        "fr": "le billet de cette place est déjà saisi",
    },
    "the auction is over": {
        "de": "das Bieten ist vorbei",
        "fr": "les enchères sont terminées",
    },
    "the dealer's last card, turned up: trump": {
        "de": "die letzte Karte des Gebers, aufgedeckt: Trumpf",
        "fr": "la dernière carte du donneur, retournée : atout",
    },
    "this form is for a game of Differenzler": {
        "de": "dieses Formular ist für einen Differenzler",
        "fr": "ce formulaire est pour un Différenzler",
    },
    "this form is for a game of Sidi-Barrani": {
        "de": "dieses Formular ist für einen Sidi-Barrani",
        "fr": "ce formulaire est pour un Sidi-Barrani",
    },
    "this form is not for this game": {
        "de": "dieses Formular ist nicht für dieses Spiel",
        "fr": "ce formulaire n'est pas pour ce jeu",
    },
    "trick {n}": {
        "de": "Stich {n}",
        "fr": "pli {n}",
    },
    "{n} of {m} so far": {
        "de": "bisher {n} von {m}",
        "fr": "{n} sur {m} jusqu'ici",
    },
    "{who} calls:": {
        "de": "{who} bietet:",
        "fr": "{who} parle :",
    },
    "{who} predicts": {
        "de": "{who} sagt an",
        "fr": "{who} annonce",
    },
    "{who} to call": {
        "de": "{who} bietet",
        "fr": "à {who} de parler",
    },
    "«fort» written.": {
        "de": "«fort» notiert.",
        "fr": "«passe» notée.",
    },
    "«fort»: no bid": {
        "de": "«fort»: kein Gebot",
        "fr": "«passe» : pas d'enchère",
    },
    "The camera has not found the mat yet.": {
        "de": "Die Kamera hat den Teppich noch nicht gefunden.",
        "fr": "La caméra n'a pas encore trouvé le tapis.",
    },
    "There is no camera at this table.": {
        "de": "An diesem Tisch gibt es keine Kamera.",
        "fr": "Il n'y a pas de caméra à cette table.",
    },
    "Seat 0 sits at the bottom, right, top or left of the picture.": {
        "de": "Platz 0 ist unten, rechts, oben oder links im Bild.",
        "fr": "La place 0 est en bas, à droite, en haut ou à gauche de l'image.",
    },
    "Seat 0 now sits at the {side} of the camera's picture.": {
        "de": "Platz 0 ist jetzt {side} im Kamerabild.",
        "fr": "La place 0 est maintenant {side} de l'image de la caméra.",
    },
    "The camera and the seats": {
        "de": "Die Kamera und die Plätze",
        "fr": "La caméra et les places",
    },
    "The camera picture with the mat and the seats drawn": {
        "de": "Das Kamerabild mit Teppich und Plätzen",
        "fr": "L'image de la caméra avec le tapis et les places",
    },
    "Seat 0 sits at the {side} of the picture; the others follow to its right.": {
        "de": "Platz 0 ist {side} im Bild; die anderen folgen zu seiner Rechten.",
        "fr": "La place 0 est {side} de l'image ; les autres suivent à sa droite.",
    },
    "Seat 0 sits at the:": {
        "de": "Platz 0 ist:",
        "fr": "La place 0 est :",
    },
    "bottom": {
        "de": "unten",
        "fr": "en bas",
    },
    "right": {
        "de": "rechts",
        "fr": "à droite",
    },
    "top": {
        "de": "oben",
        "fr": "en haut",
    },
    "left": {
        "de": "links",
        "fr": "à gauche",
    },
}
