"""Whether a hero may use a card now (rulebook 3 Phases, 6 Card Factions & Types, 7 Power; spec 3-4).

- Fate: a hero can only use cards of its own Fates (rulebook 6: "Heroes can
  only use cards from the faction(s) indicated by their Fate color"), and a
  card with requirement N in Fate F needs the hero's F skill on its current
  side to be at least N ("A card with 5(fist) requires a hero to have at
  least 5 strength"). Tenebris (dark) cards have no requirement and are
  usable by every hero (spec 8: "Tenebris is usable by all"); instead their
  number is the dark counters added to the hero using them.
- Timing: one Spell, one Equipment and one Power per turn, on the player's
  own turn, in pre- or post-combat; a passive Power "just happens" and does
  not count (rulebook 7). During combat only Attack and Defense cards, and
  only by the two heroes in the combat (rulebook 3, Combat).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import State
from rules.errors import RuleViolation
from rules.grimterra.state import DARK_FATE, LIMITED, Hero, player_index, skill
from rules.grimterra.words import PHASE_NAMES
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

IN_PRE_OR_POST = {
    "spell": gettext_noop("A spell is used in pre- or post-combat, not in %(phase)s."),
    "equipment": gettext_noop("An equipment is used in pre- or post-combat, not in %(phase)s."),
    "power": gettext_noop("A power is used in pre- or post-combat, not in %(phase)s."),
}
OWN_TURN = {
    "spell": gettext_noop("A spell is used only on its player's own turn."),
    "equipment": gettext_noop("An equipment is used only on its player's own turn."),
    "power": gettext_noop("A power is used only on its player's own turn."),
}
ONE_PER_TURN = {
    "spell": gettext_noop("One spell per turn: this turn's spell has already been used."),
    "equipment": gettext_noop("One equipment per turn: this turn's equipment has already been used."),
    "power": gettext_noop("One power per turn: this turn's power has already been used."),
}
IN_COMBAT = {
    "attack": gettext_noop("Attack cards are played during combat."),
    "defense": gettext_noop("Defense cards are played during combat."),
}


@dataclass(frozen=True)
class CardCheck:
    """A card the hero may use: its skill in the Fate (None for Tenebris) and the dark counters it adds."""

    skill: int | None
    dark: int


def check_fate(hero: Hero, fate: str, requirement: int) -> CardCheck:
    """The Fate and skill check alone (pure); refused with both numbers named."""
    if fate == DARK_FATE:
        return CardCheck(None, requirement)
    if fate not in hero["fates"]:
        raise RuleViolation(
            "wrong_fate",
            _("%(name)s cannot use %(fate)s cards (its Fates: %(fates)s).")
            % {"name": hero["name"], "fate": fate, "fates": ", ".join(hero["fates"])},
            {"field": "fate", "fates": list(hero["fates"])},
        )
    level = skill(hero, fate)
    if level < requirement:
        raise RuleViolation(
            "skill_too_low",
            (
                _("%(name)s has %(fate)s %(level)s on its empowered side; this card needs %(requirement)s.")
                if hero["side"] == "empowered"
                else _("%(name)s has %(fate)s %(level)s on its normal side; this card needs %(requirement)s.")
            )
            % {"name": hero["name"], "fate": fate, "level": level, "requirement": requirement},
            {"field": "requirement", "skill": level, "requirement": requirement},
        )
    return CardCheck(level, 0)


def check_timing(state: State, hero: Hero, kind: str, passive: bool) -> None:
    """The phase, the combat and the per-turn limits (refused in that order)."""
    turn = state["turn"]
    combat = turn["combat"]
    if passive:
        return  # a passive Power just happens (rulebook 7)
    if kind in LIMITED:
        if combat is not None or turn["phase"] not in ("pre", "post"):
            raise RuleViolation(
                "wrong_phase",
                _(IN_PRE_OR_POST[kind]) % {"phase": _(PHASE_NAMES[turn["phase"]])},
                {"field": "kind", "phase": turn["phase"]},
            )
        if hero["seat_id"] != turn["seat_id"]:
            raise RuleViolation(
                "not_your_turn",
                _(OWN_TURN[kind]),
                {"field": "hero_id", "turn_seat_id": turn["seat_id"]},
            )
        index = player_index(state, int(hero["seat_id"]))
        if index is not None and state["players"][index]["used"][kind]:
            raise RuleViolation(
                "already_used",
                _(ONE_PER_TURN[kind]),
                {"field": "kind", "kind": kind},
            )
        return
    if combat is None:
        raise RuleViolation(
            "not_in_combat", _(IN_COMBAT.get(kind, "Cards are played during combat.")), {"field": "kind"}
        )
    if hero["id"] not in (combat["attacker"], combat["target"]):
        raise RuleViolation(
            "not_in_this_combat",
            _("%(name)s is not in this combat.") % {"name": hero["name"]},
            {"field": "hero_id", "hero_id": hero["id"]},
        )
