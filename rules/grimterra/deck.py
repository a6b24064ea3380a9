"""The deck checker (rulebook 5 Deck Construction, 6 Card Factions; spec 8; issue 12: deck checker).

``check_deck(heroes, cards)`` → ``{valid, violations: [{code, message}], heroes, cards}``:

- ``hero_count``: exactly 3 heroes;
- ``too_few_cards``: at least 60 cards;
- ``too_many_copies``: at most 4 copies of any card (entries with the same
  name, ignoring case and spaces, are added up);
- ``unusable_card``: every card's Fate must be one of the heroes' Fates;
  Tenebris is usable by all.

Every violation is reported, not only the first. A list that cannot be read
(a copies count that is not a whole number, an unknown Fate) is refused with
``RuleViolation`` naming the field, e.g. ``cards[3].copies``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RuleViolation
from rules.grimterra import validate as v
from rules.grimterra.state import DARK_FATE, HEROES_PER_PLAYER
from rules.i18n import gettext as _
from rules.i18n import pgettext

MIN_CARDS = 60
MAX_COPIES = 4
MAX_ENTRIES = 500


def _entries(value: Any, key: str, what: str) -> list[Mapping[str, Any]]:
    if value is None:
        raise v.missing(key, what)
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise RuleViolation("bad_field", _("%(what)s must be a list.") % {"what": what}, {"field": key})
    for index, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise RuleViolation(
                "bad_field",
                _("Each entry of %(what)s is an object.") % {"what": what[:1].lower() + what[1:]},
                {"field": f"{key}[{index}]"},
            )
    return value


def _name(item: Mapping[str, Any]) -> str:
    return v.text(item, "name", _("A name"), v.MAX_NAME)


def _read_heroes(raw: Any) -> list[dict[str, Any]]:
    heroes = []
    for index, item in enumerate(_entries(raw, "heroes", _("The heroes"))):
        key = f"heroes[{index}]"
        try:
            v.fields(item, ("name", "fates"))
            heroes.append({"name": _name(item), "fates": v.fates(item)})
        except RuleViolation as error:
            raise _nested(error, key) from None
    return heroes


def _read_cards(raw: Any) -> list[dict[str, Any]]:
    cards = []
    for index, item in enumerate(_entries(raw, "cards", _("The cards"))):
        key = f"cards[{index}]"
        try:
            v.fields(item, ("name", "fate", "copies"))
            name = _name(item)
            fate = v.fate(item)
            copies = v.integer(
                item, "copies", _("The copies of %(name)s") % {"name": name}, 1, v.MAX_CARDS, default=1
            )
        except RuleViolation as error:
            raise _nested(error, key) from None
        cards.append({"name": name, "fate": fate, "copies": copies})
    return cards


def _nested(error: RuleViolation, key: str) -> RuleViolation:
    """The same refusal, its field named inside the list (``cards[3].copies``)."""
    field = error.extra.get("field")
    extra = {**error.extra, "field": f"{key}.{field}" if field and not str(field).startswith(key) else key}
    return RuleViolation(error.code, error.message, extra)


def check_deck(heroes: Any, cards: Any) -> dict[str, Any]:
    """Check a deck list; every rule it breaks, in the rulebook's order (5 Deck Construction,
    then 6 Card Factions)."""
    hero_list = _read_heroes(heroes)
    card_list = _read_cards(cards)
    total = sum(int(card["copies"]) for card in card_list)
    violations = [
        *_size_violations(len(hero_list), total),
        *_copies_violations(card_list),
        *_fate_violations(hero_list, card_list),
    ]
    return {
        "valid": not violations,
        "violations": violations,
        "heroes": len(hero_list),
        "cards": total,
    }


def _violation(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def _size_violations(heroes: int, cards: int) -> list[dict[str, str]]:
    """5 Deck Construction: exactly 3 heroes and at least 60 cards."""
    found = []
    if heroes != HEROES_PER_PLAYER:
        found.append(
            _violation(
                "hero_count",
                _("A deck has exactly %(n)s heroes; this one has %(count)s.")
                % {"n": HEROES_PER_PLAYER, "count": heroes},
            )
        )
    if cards < MIN_CARDS:
        found.append(
            _violation(
                "too_few_cards",
                _("A deck has at least %(n)s cards; this one has %(count)s.")
                % {"n": MIN_CARDS, "count": cards},
            )
        )
    return found


def _card_key(card: Mapping[str, Any]) -> str:
    """Entries naming the same card, ignoring case and spaces, are one card."""
    return " ".join(str(card["name"]).split()).casefold()


def _copies_violations(cards: list[dict[str, Any]]) -> list[dict[str, str]]:
    """5 Deck Construction: at most 4 copies of any card."""
    copies: dict[str, int] = {}
    shown: dict[str, str] = {}
    for card in cards:
        key = _card_key(card)
        copies[key] = copies.get(key, 0) + int(card["copies"])
        shown.setdefault(key, str(card["name"]))
    return [
        _violation(
            "too_many_copies",
            _("%(name)s: %(count)s copies; at most %(n)s of any card.")
            % {"name": shown[key], "count": count, "n": MAX_COPIES},
        )
        for key, count in copies.items()
        if count > MAX_COPIES
    ]


def _fate_violations(heroes: list[dict[str, Any]], cards: list[dict[str, Any]]) -> list[dict[str, str]]:
    """6 Card Factions: a card's Fate is one of the heroes' Fates; Tenebris is usable by all."""
    fates = {fate for hero in heroes for fate in hero["fates"]}
    usable = ", ".join(sorted(fates)) if fates else pgettext("fates", "none")
    found = []
    reported: set[str] = set()
    for card in cards:
        key = _card_key(card)
        if card["fate"] == DARK_FATE or card["fate"] in fates or key in reported:
            continue
        reported.add(key)
        message = (
            _("%(name)s is an %(fate)s card and no hero has that Fate (the heroes' Fates: %(usable)s).")
            if card["fate"][0] in "AEIOU"
            else _("%(name)s is a %(fate)s card and no hero has that Fate (the heroes' Fates: %(usable)s).")
        )
        found.append(
            _violation(
                "unusable_card", message % {"name": card["name"], "fate": card["fate"], "usable": usable}
            )
        )
    return found
