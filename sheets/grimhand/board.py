"""What the Grim Hand campaign board shows beyond the snapshot (issue #9: the page says what happens now).

Display only: every number (ante, QP, check results, trophies, combat
attacks and odds) is computed by ``rules.grimhand``; this module names seats
and characters, picks the one or two steps the party takes next, and lists
catalogue cards for the pick lists. Each character's sheet is part of the
board (issue #8: one page, server-rendered), made ready by ``sheet.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.grimhand.campaign import ante_for_level
from rules.grimhand.table.catalogue import Catalogue
from rules.grimhand.table.combat_state import odds_view
from rules.grimhand.table.market import chooser
from rules.grimhand.table.session import CARDS_PER_LEVEL
from rules.grimhand.table.state import new_campaign
from sheets.grimhand.combat_board import combat_view
from sheets.grimhand.sheet import current_catalogue, sheet_choices, sheet_rows

AFFINITIES = ("Blood", "Bone", "Shadow", "Iron", "Nature")
DIE_FACES = "1 Blood, 2 Bone, 3 Shadow, 4 Iron, 5 Nature, 6 Wild"
AWARDS = (
    ("xp", gettext_lazy("Most XP"), 1),
    ("gold", gettext_lazy("Most gold"), 1),
    ("quests", gettext_lazy("Most quests completed"), 1),
    ("threats", gettext_lazy("Most threats killed"), 2),
    ("equipment_hand", gettext_lazy("Best equipment hand"), 2),
)


def _level_option(n: int) -> str:
    if n == 3:
        return _("3 levels (a short campaign)")
    if n == 6:
        return _("6 levels (the full deck)")
    return ngettext("%(n)s level", "%(n)s levels", n) % {"n": n}


def level_options() -> tuple[tuple[int, str], ...]:
    """A campaign's length in explore levels (§7), as the start form offers it (in the reader's words)."""
    return tuple((n, _level_option(n)) for n in range(1, 7))


REVEAL_AFFINITIES = (*((a, a) for a in AFFINITIES), ("Wild", gettext_lazy("Wild (= Nature)")))
"""An explore card typed by affinity: a Wild card reads as Nature (App. I)."""
BUY_INTO = (("equipment", gettext_lazy("the equipment row")), ("inventory", gettext_lazy("the inventory")))
THREAT_SLOTS = 6  # slots of the threat list a combat starts with (rules allow up to MAX_THREATS)


def _step(camp: Mapping[str, Any], chars: list[dict[str, Any]], state: Mapping[str, Any]) -> str:
    """The next thing the party does, for the "now" strip and its buttons."""
    phase = camp["phase"]
    if phase == "setup":
        return "create" if not chars else "start"
    if phase in ("ended", "combat", "rest", "finale"):
        return str(phase)
    if phase == "preparation":
        return "prepare"
    initiative = camp["initiative"]
    if initiative["tied"]:
        return "tied"
    card = camp["explore"][-1] if camp["explore"] else None
    if card is None or card["resolved"]:
        return "initiative" if initiative["seat_id"] is None else "reveal"
    return "event_roll" if card["events"] is None else "resolve"


def _party(
    state: Mapping[str, Any],
    camp: Mapping[str, Any],
    seats: Sequence[Any],
    names: Mapping[int, str],
    catalogue: Catalogue,
) -> list[dict[str, Any]]:
    order = {s.pk: i for i, s in enumerate(seats)}
    kills = camp.get("kills") or {}
    holder = camp["initiative"]["seat_id"]
    rows = []
    for char in state.get("characters", {}).values():
        derived = char.get("derived", {})
        stats = derived.get("stats", {})
        quests = char.get("quests", [])
        rows.append(
            {
                "char": char,
                "stats": stats,
                "defeated": int(char["id"]) in camp["defeated"],
                "corrupted": bool(derived.get("corrupted")),
                "initiative": holder == char["seat_id"],
                "kills": kills.get(str(char["id"]), []),
                "completed": sum(1 for q in quests if q["status"] == "completed"),
                "stature": derived.get("stature", ""),
                "seat_name": names.get(char["seat_id"], _("a former seat")),
                "dice_id": f"gh-check-dice-{char['id']}",
                "sheet": sheet_rows(char, catalogue),
            }
        )
    return sorted(rows, key=lambda r: (order.get(r["char"]["seat_id"], len(order)), r["char"]["name"]))


def _who(seat_id: int, party: list[dict[str, Any]], names: Mapping[int, str]) -> str:
    """The character a seat plays (the party knows characters better than phones), else the seat."""
    for row in party:
        if row["char"]["seat_id"] == seat_id:
            return str(row["char"]["name"])
    return names.get(seat_id, _("a former seat"))


def _end_screen(camp: Mapping[str, Any]) -> dict[str, Any] | None:
    end = camp.get("end")
    if not end:
        return None
    names = {r["character_id"]: r["name"] for r in end["records"]}
    awards = [
        {"label": label, "points": points, "names": [names.get(i, "?") for i in end["awards"].get(key, [])]}
        for key, label, points in AWARDS
    ]
    records = sorted(
        end["records"], key=lambda r: (not r["won"], not r.get("scored", True), -r["trophies"], r["name"])
    )
    tie = end.get("tie_break")
    tie_rows = (
        [
            {"name": names.get(int(k), "?"), "cards": v, "title": tie["titles"][k]}
            for k, v in tie["hands"].items()
        ]
        if tie
        else []
    )
    winners = [names.get(w, "?") for w in end["winners"]]
    winner_names = winners[0] if winners else ""
    for name in winners[1:]:
        winner_names = _("%(names)s and %(name)s") % {"names": winner_names, "name": name}
    return {
        "awards": awards,
        "records": records,
        "winners": winners,
        "winner_names": winner_names,
        "redemption": end["redemption"],
        "tie": tie_rows,
        "lost": (end.get("final_fight") or {}).get("outcome") == "corrupted",
    }


def _finale(camp: Mapping[str, Any], party: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The end of a multiplayer campaign (§13): who turned on the party, and the fight's outcome."""
    finale = camp.get("finale")
    if not finale:
        return None
    by_id = {r["char"]["id"]: r["char"]["name"] for r in party}
    return {
        "turned": [by_id.get(i, "?") for i in finale["turned"]],
        "fight": finale["fight"],
        "redemption": finale["redemption"],
    }


def board_context(
    state: Mapping[str, Any], seats: Sequence[Any], names: Mapping[int, str]
) -> Mapping[str, Any]:
    """Names, the next step, the pick lists and the combat odds for ``grimhand/board.html``."""
    camp = state.get("campaign") or new_campaign()
    catalogue = current_catalogue()
    party = _party(state, camp, seats, names, catalogue)
    with_char = {r["char"]["seat_id"] for r in party}
    card = camp["explore"][-1] if camp["explore"] else None
    level = int(camp["level"])
    progression = camp.get("ante") or None
    next_level = level + 1 if level < int(camp["levels"]) else None
    holder = camp["initiative"]["seat_id"]
    market = camp["market"]
    by_id = {r["char"]["id"]: r["char"]["name"] for r in party}
    market_cards = [{**c, "buyer": by_id.get(c["sold_to"], "")} for c in market["cards"]]
    choosing = chooser(market) if market["open"] else None
    odds = odds_view(state) if state.get("combat") else None
    standing = [r for r in party if not r["defeated"]]
    without = [s for s in seats if s.pk not in with_char and s.role != "spectator"]
    corrupted_left = len(party) > 1 and any(r["corrupted"] for r in standing)
    return {
        "camp": camp,
        "party": party,
        "step": _step(camp, [r["char"] for r in party], state),
        "cards_per_level": CARDS_PER_LEVEL,
        "card": card,
        "holder_name": _who(holder, party, names) if holder is not None else "",
        "tied_names": [_who(s, party, names) for s in camp["initiative"]["tied"]],
        "rollers": [r for r in party if not r["defeated"]],
        "without_character": without,
        "without_character_names": ", ".join(str(s.name) for s in without),
        "next_level": next_level,
        "next_ante": ante_for_level(next_level, progression) if next_level else None,
        "level_options": level_options(),
        "reveal_affinities": REVEAL_AFFINITIES,
        "buy_into": BUY_INTO,
        "explore_cards": [x for x in catalogue.exploration if x.rank <= int(camp["deck_rank"])],
        "threat_cards": [t for t in catalogue.threats if t.life and t.rank <= int(camp["deck_rank"])],
        "threat_slots": range(1, THREAT_SLOTS + 1),
        "affinities": AFFINITIES,
        "die_faces": DIE_FACES,
        "market_cards": market_cards,
        "market_turn_name": _who(choosing, party, names) if choosing is not None else "",
        "market_seat": choosing,
        "market_done": bool(market["open"]) and choosing is None,
        "corrupted_left": corrupted_left,
        "redeemers": [r for r in standing if not r["corrupted"]],
        "finale": _finale(camp, party),
        "heal_price": int(state.get("settings", {}).get("heal_gold_per_le", 2)),
        "end": _end_screen(camp),
        "combat_odds": odds,
        "combat": combat_view(state, odds) if odds is not None else None,
        "events_total": (card or {}).get("events") or {},
        "choices": sheet_choices(catalogue),
        "printed_rarity": bool(state.get("settings", {}).get("printed_rarity")),
    }
