"""The Grim Hand deck: 50 cards, ranks 1..10 in five affinities (§5).

The five suits are called *affinities* (Blood, Bone, Shadow, Iron, Nature).
With five suits a natural Five of a Kind exists, and straights run from 1-5 to
6-10 without wrapping (§5.1).

Every card also has a dense integer *index* (0..49) that the fast poker
evaluator and the odds code use instead of objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from rules.errors import RuleViolation
from rules.i18n import gettext as _

MIN_RANK = 1
MAX_RANK = 10
DECK_SIZE = 50
WILD = "wild"
"""The data's sixth suit name, read as Nature (spec Decision)."""


class Affinity(Enum):
    """One of the five primal forces; the suit of a card and a character's bond (§4, §5).

    ``Affinity("blood")``, ``Affinity("BLOOD")``, the two-letter code
    ``Affinity("BL")`` and ``Affinity("Wild")`` (Nature) all work: this is the
    one reading of an affinity's name, so every command reads it alike.
    """

    BLOOD = "Blood"
    BONE = "Bone"
    SHADOW = "Shadow"
    IRON = "Iron"
    NATURE = "Nature"

    @classmethod
    def _missing_(cls, value: object) -> Affinity | None:
        if isinstance(value, str):
            key = value.strip().lower()
            if key == WILD:
                # Spec Decision: the suit "Wild" printed on explore and threat cards is Nature
                # (its icon is Nature's); Wild is otherwise only the 6th face of the affinity die.
                return cls.NATURE
            for member in cls:
                if key in (member.value.lower(), member.code.lower()):
                    return member
        return None

    @property
    def code(self) -> str:
        """Two-letter code used in compact card notation ("7BL")."""
        return _CODES[self]

    @property
    def order(self) -> int:
        """Position 0..4; also the affinity die face minus one (Appendix I)."""
        return _ORDER[self]

    @classmethod
    def parse(cls, text: str) -> Affinity:
        """Read an affinity typed by a person or printed on a card; ``RuleViolation`` if unknown.

        Spec **Decision**: "Wild" reads as Nature, for cards and people alike.
        """
        try:
            return cls(text)
        except ValueError:
            raise RuleViolation(
                "bad_affinity",
                _("unknown affinity %(text)r; expected Blood, Bone, Shadow, Iron or Nature") % {"text": text},
                {"value": text},
            ) from None


_CODES: dict[Affinity, str] = {
    Affinity.BLOOD: "BL",
    Affinity.BONE: "BO",
    Affinity.SHADOW: "SH",
    Affinity.IRON: "IR",
    Affinity.NATURE: "NA",
}
_ORDER: dict[Affinity, int] = {member: i for i, member in enumerate(Affinity)}
AFFINITIES: tuple[Affinity, ...] = tuple(Affinity)


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the Grim Hand deck (§5): a rank 1..10 and an affinity."""

    rank: int
    affinity: Affinity
    # Cached so that hot paths never recompute it; excluded from equality.
    index: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        rank = self.rank
        if isinstance(rank, bool) or not isinstance(rank, int) or not MIN_RANK <= rank <= MAX_RANK:
            raise RuleViolation(
                "bad_rank", _("card rank must be 1..10, got %(rank)r") % {"rank": rank}, {"rank": repr(rank)}
            )
        if not isinstance(self.affinity, Affinity):
            raise RuleViolation(
                "bad_affinity",
                _("card affinity must be an Affinity, got %(affinity)r") % {"affinity": self.affinity},
                {"affinity": repr(self.affinity)},
            )
        object.__setattr__(self, "index", card_index(rank, self.affinity))

    @property
    def code(self) -> str:
        """Compact notation, e.g. ``"7BL"``."""
        return f"{self.rank}{self.affinity.code}"

    def __str__(self) -> str:
        return f"{self.rank} {self.affinity.value}"


def card_index(rank: int, affinity: Affinity) -> int:
    """Dense index 0..49: affinity-major, so one affinity's ranks are contiguous."""
    return affinity.order * MAX_RANK + (rank - 1)


DECK: tuple[Card, ...] = tuple(
    Card(rank, affinity) for affinity in AFFINITIES for rank in range(MIN_RANK, MAX_RANK + 1)
)
"""The full 50-card deck in index order: ``DECK[card.index] == card``."""


def card_from_index(index: int) -> Card:
    """The card with the given dense index (0..49)."""
    if not 0 <= index < DECK_SIZE:
        raise RuleViolation("bad_card", _("card index must be 0..49, got %(index)s") % {"index": index})
    return DECK[index]


_COMPACT = re.compile(r"^(\d+)([a-z]+)$")
_SEPARATORS = re.compile(r"[,;\s]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards typed by a person (§5), e.g. ``"7 Blood, 10 Nature"`` or ``"7BL 10NA"``.

    Case-insensitive; cards are separated by commas, semicolons or spaces; a
    card is a rank followed by an affinity name or two-letter code, with or
    without a space. Raises ``RuleViolation`` (code ``bad_card``) naming the
    token that could not be read. Duplicates are not checked here: the hand
    evaluator refuses them.
    """
    tokens = [t for t in _SEPARATORS.split(text.strip().lower()) if t]
    cards: list[Card] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        match = _COMPACT.match(token)
        if match:
            rank_text, affinity_text = match.groups()
            shown = token
            i += 1
        elif token.isdigit() and i + 1 < len(tokens) and tokens[i + 1].isalpha():
            rank_text, affinity_text = token, tokens[i + 1]
            shown = f"{token} {tokens[i + 1]}"
            i += 2
        else:
            raise RuleViolation(
                "bad_card", _("cannot read card %(token)r") % {"token": token}, {"token": token}
            )
        try:
            affinity = Affinity(affinity_text)
        except ValueError:
            raise RuleViolation(
                "bad_card", _("unknown affinity in card %(shown)r") % {"shown": shown}, {"token": shown}
            ) from None
        rank = int(rank_text)
        if not MIN_RANK <= rank <= MAX_RANK:
            raise RuleViolation(
                "bad_card", _("rank out of 1..10 in card %(shown)r") % {"shown": shown}, {"token": shown}
            )
        cards.append(Card(rank, affinity))
    return tuple(cards)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Compact notation for a list of cards, the inverse of ``parse_cards``."""
    return " ".join(card.code for card in cards)
