"""Grimwood's cards, deck and combo table, as data (rulebook: Card Breakdown; Types of Combos & Scoring).

Cards are named as in the spec, singular: ``Owl``, ``Crow``, ``Swamp``,
``Path``, ``Clearing``, ``Rune``, ``Amulet`` or one of the 24 supernaturals
(each printed once). A combo is scored from this table alone, so a player's
score can always be recomputed from the combos they hold now (spec: Combo
scoring).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.errors import RuleViolation
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext

SUPERNATURALS: tuple[str, ...] = (
    "Amazon",
    "Boogeyman",
    "Bride",
    "Centaur",
    "Dark Unicorn",
    "Demon",
    "Dracula",
    "Dragon",
    "Dwarf",
    "Elf",
    "Faeries",
    "Ghouls",
    "Giant",
    "Goblins",
    "Highwayman",
    "Hydra",
    "Mage",
    "Nymph",
    "Shadow Queen",
    "Sorceress",
    "The Eternals",
    "The Laraki",
    "Troll",
    "Werewolf",
)
"""The 24 supernaturals, one card each (spec: Deck, for pick lists)."""

MALE: tuple[str, ...] = ("Boogeyman", "Demon", "Dracula", "Dwarf", "Giant", "Mage", "Troll", "Werewolf")
"""The male supernaturals, the only ones the Bride may take (rulebook: Summary of Card Powers, Bride)."""

DRAGON = "Dragon"
"""Protects and freezes the combo it is part of (rulebook: Dragon)."""

OWL, CROW, SWAMP, PATH, CLEARING, RUNE, AMULET = "Owl", "Crow", "Swamp", "Path", "Clearing", "Rune", "Amulet"
OTHERS: tuple[str, ...] = (OWL, CROW, SWAMP, PATH, CLEARING, RUNE, AMULET)
CARDS: tuple[str, ...] = SUPERNATURALS + OTHERS

PLURALS: dict[str, str] = {f"{name.casefold()}s": name for name in OTHERS}
"""``Owls`` names the Owl card, as the rulebook's combo table writes them."""

DECK: dict[str, int] = {
    **dict.fromkeys(SUPERNATURALS, 1),
    OWL: 9,
    CROW: 9,
    SWAMP: 6,
    PATH: 6,
    CLEARING: 6,
    AMULET: 4,
    RUNE: 4,
}
"""How many of each card a 3+ player deck holds (rulebook: Card Breakdown, minus the 6 Short Rules)."""

PRINTED = 74
SHORT_RULES = 6
PLAYABLE = PRINTED - SHORT_RULES
"""68 playable cards: the 6 short-rules cards are not played (spec: Deck)."""

TWO_PLAYER_REMOVED: dict[str, int] = {RUNE: 2, AMULET: 2}
"""With 2 players remove 2 Runes and 2 Amulets (rulebook: Alternate Modes of Play)."""

DEAL = 3
HAND_LIMIT = 7
TURN_ACTIONS = 2
RUNE_ACTIONS = 2
"""3 cards dealt; at most 7 in hand at a turn's end; 2 actions a turn, a Rune 2 more (rulebook: Starting
the Game, Rune)."""

PLAY_FIRST, DRAW_FIRST = "play_first", "draw_first"
TURN_ORDERS: tuple[str, ...] = (PLAY_FIRST, DRAW_FIRST)
"""The turn's order, a table option: play then close with a draw or a steal (rulebook: Turn Overview),
or draw or steal first, then play (German rules: Alternativen zum Spiel)."""

FREE, ACTION = "free", "action"
SUPERNATURAL_PLAYS: tuple[str, ...] = (FREE, ACTION)
"""How supernaturals reach the table, a table option: placed freely like any combo (rulebook: About
Placing Combos) or each played as an action (German rules: Spielzugüberblick, 1.) and 2.))."""

MIN_PLAYERS = 2
MAX_PLAYERS = 10
"""Two or more players (spec); the rulebook gives no maximum, 10 keeps 3 cards each well inside the deck."""

SUPERNATURAL = "supernatural"
ANIMAL = "animal"
SETTINGS = "settings"
KINDS: tuple[str, ...] = (SUPERNATURAL, ANIMAL, SETTINGS)

MAX_SUPERNATURALS = 5
SUPERNATURAL_POINTS: dict[int, int] = {1: 1, 2: 2, 3: 5, 4: 10, 5: 15}
"""Supernatural combos: 1 → 1, 2 → 2, 3 → 5, 4 → 10, 5 → 15 points (rulebook: Supernatural combos)."""

SET_COMBOS: dict[tuple[str, ...], tuple[str, int]] = {
    (OWL, OWL, OWL): (ANIMAL, 10),
    (CROW, CROW, CROW): (ANIMAL, 10),
    (CLEARING, PATH, SWAMP): (SETTINGS, 5),
    (SWAMP, SWAMP, SWAMP): (SETTINGS, 3),
    (PATH, PATH, PATH): (SETTINGS, 3),
    (CLEARING, CLEARING, CLEARING): (SETTINGS, 3),
}
"""Animal and settings combos, keyed by their cards sorted (rulebook: Animal combos, Settings combos)."""

VALID_COMBOS = gettext_noop(
    "1 to 5 supernaturals (1, 2, 5, 10 or 15 points), exactly 3 Owls or 3 Crows (10 points), "
    "Swamp + Path + Clearing (5 points), or 3 Swamps, 3 Paths or 3 Clearings (3 points each)"
)
"""The valid combos in a refusal's words (English: translated where shown, ``_(VALID_COMBOS)``)."""


def deck_counts(players: int) -> dict[str, int]:
    """Each card's count in the deck for this many players."""
    counts = dict(DECK)
    if players == MIN_PLAYERS:
        for name, removed in TWO_PLAYER_REMOVED.items():
            counts[name] -= removed
    return counts


def deck_total(players: int) -> int:
    """68 playable cards, 64 with 2 players (spec: Deck)."""
    return sum(deck_counts(players).values())


def canonical(name: str) -> str | None:
    """The card a player typed: case and surrounding spaces do not matter, ``Owls`` is ``Owl``."""
    wanted = " ".join(name.split()).casefold()
    for card in CARDS:
        if card.casefold() == wanted:
            return card
    return PLURALS.get(wanted)


def label(kind: str, cards: Sequence[str]) -> str:
    """A combo in the log: ``3 Owls``, ``Swamp + Path + Clearing``, ``2 supernaturals (Elf, Troll)``."""
    n = len(cards)
    if kind == SUPERNATURAL:
        return ngettext("%(n)s supernatural (%(cards)s)", "%(n)s supernaturals (%(cards)s)", n) % {
            "n": n,
            "cards": ", ".join(cards),
        }
    if len(set(cards)) == 1 and cards:
        # The card's printed name, in English plural ("3 Owls"); the German keeps the name.
        return ngettext("%(n)s %(card)s", "%(n)s %(card)ss", n) % {"n": n, "card": cards[0]}
    return " + ".join(cards)


NOT_A_COMBO = "not_a_combo"
RUNES_AND_AMULETS, ONLY_SUPERNATURALS = "runes_and_amulets", "only_supernaturals"


def _not_a_combo(cards: Sequence[str], why: str = "") -> RuleViolation:
    words = {"cards": " + ".join(cards), "valid": _(VALID_COMBOS)}
    if not cards:
        message = _("No cards is not a combo. Valid combos: %(valid)s.") % words
    elif why == RUNES_AND_AMULETS:
        message = (
            _(
                "%(cards)s is not a combo (Runes and Amulets are never part of a combo). "
                "Valid combos: %(valid)s."
            )
            % words
        )
    elif why == ONLY_SUPERNATURALS:
        message = (
            _(
                "%(cards)s is not a combo (supernaturals only combine with supernaturals). "
                "Valid combos: %(valid)s."
            )
            % words
        )
    else:
        message = _("%(cards)s is not a combo. Valid combos: %(valid)s.") % words
    return RuleViolation(NOT_A_COMBO, message, {"field": "cards", "cards": list(cards)})


def score(cards: Sequence[str]) -> tuple[str, int]:
    """The combo's kind and points by the table; anything else is refused naming the valid combos.

    More than 5 supernaturals is not in the rulebook (spec: refuse it with a
    clear message); a supernatural is printed once, so it cannot be twice in a
    combo.
    """
    if not cards:
        raise _not_a_combo(cards)
    if all(card in SUPERNATURALS for card in cards):
        if len(cards) > MAX_SUPERNATURALS:
            raise RuleViolation(
                "combo_too_big",
                _(
                    "A supernatural combo holds at most %(max)s cards (15 points); "
                    "%(n)s is not in the rulebook."
                )
                % {"max": MAX_SUPERNATURALS, "n": len(cards)},
                {"field": "cards", "max": MAX_SUPERNATURALS},
            )
        twice = sorted(name for name, count in Counter(cards).items() if count > 1)
        if twice:
            raise RuleViolation(
                "duplicate_card",
                ngettext(
                    "%(cards)s is printed only once, so it cannot be in a combo twice.",
                    "%(cards)s are printed only once, so they cannot be in a combo twice.",
                    len(twice),
                )
                % {"cards": ", ".join(twice)},
                {"field": "cards", "cards": twice},
            )
        return SUPERNATURAL, SUPERNATURAL_POINTS[len(cards)]
    found = SET_COMBOS.get(tuple(sorted(cards)))
    if found is None:
        if any(card in (RUNE, AMULET) for card in cards):
            raise _not_a_combo(cards, RUNES_AND_AMULETS)
        if any(card in SUPERNATURALS for card in cards):
            raise _not_a_combo(cards, ONLY_SUPERNATURALS)
        raise _not_a_combo(cards)
    return found
