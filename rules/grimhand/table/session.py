"""Where the party is in the campaign: the shape of ``state["campaign"]`` and its helpers (§6, §7).

The snapshot's ``campaign`` block (issue #9's contract)::

    {levels, level, card (0..5), phase, deck_rank,
     initiative: {seat_id, rolls: [[{seat_id, roll}], ...], tied: [seat_id]},
     explore: [{n, rank, affinity, name, kind, text, holder, events, resolved}],
     market: {open, cards: [{rank, affinity, name, gold, card, sold_to, out_of_turn?}], order,
              had_option: [seat_id]},
     defeated: [character_id], kills: {character_id: [threat names]},
     ante: [LE per level] (empty: level N costs N), resolved (explore cards resolved so far),
     end: null | the end-of-game record}

``phase`` is one of ``setup | explore | combat | preparation | rest | finale | ended``
(``finale``: the redemption is rolled, the final fight comes before the end: §13; the
block ``finale: {redemption, turned: [character_id], fight: null | {outcome, note}}``).
``state["combat"]`` is null outside a combat (the combat helper's block).

Everything here is a lookup or a recorded change through ``ctx.rec`` (path
ops), so undo and redo of every campaign command are the generic ones.
"""

from __future__ import annotations

from typing import Any

from rules.engine import NotAllowed
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.campaign import ante_for_level
from rules.grimhand.cards import MAX_RANK
from rules.grimhand.said import Said
from rules.grimhand.table.context import Ctx
from rules.grimhand.table.state import FIRST_DECK_RANK, Character, characters
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

PHASES = ("setup", "explore", "combat", "preparation", "rest", "finale", "ended")
CARDS_PER_LEVEL = 5
MAX_LEVELS = 6

EXPIRY_STEPS = {
    "explore": {"next_exploration": None, "next_2_explorations": "next_exploration"},
    "combat": {"next_combat": None, "next_2_combats": "next_combat"},
}
"""What a temporary modifier's expiry becomes when the boundary it names passes (None: it ends)."""


def campaign(ctx: Ctx) -> dict[str, Any]:
    block: dict[str, Any] = ctx.state["campaign"]
    return block


def phase(ctx: Ctx) -> str:
    return str(campaign(ctx)["phase"])


def require_phase(ctx: Ctx, *allowed: str, doing: str) -> None:
    """Refuse a command outside the phases it belongs to, saying what happens now.

    ``doing`` is marked where it is written (``gettext_noop``) and translated here."""
    now = phase(ctx)
    if now not in allowed:
        raise RuleViolation(
            "wrong_phase",
            _("You can't %(doing)s now: %(phase)s.")
            % {"doing": _(doing), "phase": said.render(phase_words(ctx))},
            {"phase": now, "allowed": list(allowed)},
        )


def require_player(ctx: Ctx) -> None:
    if ctx.actor.role == "spectator":
        raise NotAllowed("spectator", _("Spectators can watch but not change anything."))


def phase_words(ctx: Ctx) -> Said:
    """Where the party is, in words ("level 2, card 3 of 5"), worded when shown."""
    camp = campaign(ctx)
    now = camp["phase"]
    if now == "setup":
        return said.gettext_lazy("the campaign has not started")
    if now == "ended":
        return said.gettext_lazy("the campaign has ended")
    if now == "combat":
        return said.gettext_lazy("a combat is under way")
    if now == "finale":
        return said.gettext_lazy("the campaign is ending (redemption and the final fight)")
    where = {"level": camp["level"], "card": camp["card"], "of": CARDS_PER_LEVEL}
    if now == "preparation":
        if camp["level"]:
            return said.gettext_lazy(
                "the party is preparing (after level %(level)s, card %(card)s of %(of)s)", **where
            )
        return said.gettext_lazy("the party is preparing")
    if now == "rest":
        return said.gettext_lazy("the party is resting")
    return said.gettext_lazy("the party is exploring (level %(level)s, card %(card)s of %(of)s)", **where)


def ante(ctx: Ctx, level: int) -> int:
    """The LE each character pays at the start of ``level`` (§7.1; a campaign may set its own)."""
    progression = campaign(ctx).get("ante") or None
    return ante_for_level(level, progression)


def is_defeated(ctx: Ctx, char: Character) -> bool:
    return int(char["id"]) in campaign(ctx)["defeated"]


def seat_order(ctx: Ctx) -> list[int]:
    """The playing seats in seating order (the actor knows them; the rules keep no seat rows)."""
    return list(ctx.actor.seat_ids)


def party(ctx: Ctx, *, with_defeated: bool = False) -> list[Character]:
    """The characters in seating order (defeated ones left out unless asked for)."""
    order = {seat: index for index, seat in enumerate(seat_order(ctx))}
    chars = [c for c in characters(ctx.state).values() if with_defeated or not is_defeated(ctx, c)]
    return sorted(chars, key=lambda c: (order.get(int(c["seat_id"]), len(order)), int(c["id"])))


def seats_in_quest(ctx: Ctx) -> list[int]:
    """The seats of the characters still in the quest, in seating order."""
    return [int(c["seat_id"]) for c in party(ctx)]


def current_card(ctx: Ctx) -> dict[str, Any] | None:
    """The explore card the party is on (the last one revealed this level), if any."""
    cards: list[dict[str, Any]] = campaign(ctx)["explore"]
    return cards[-1] if cards else None


def card_affinity(ctx: Ctx) -> str | None:
    """The affinity of the explore card the party is on, for the checks' bonus (§10)."""
    card = current_card(ctx)
    return None if card is None else str(card["affinity"])


def defeat(ctx: Ctx, char: Character) -> None:
    """``char`` leaves the quest (§7.1 ante, §7.4.7 combat): listed under ``defeated``."""
    if not is_defeated(ctx, char):
        ctx.rec.insert(["campaign", "defeated"], int(char["id"]))


def add_kill(ctx: Ctx, char: Character, threat: str) -> None:
    """The final blow keeps the threat for the trophies (§13; spec Decision)."""
    key = str(char["id"])
    kills = campaign(ctx)["kills"]
    if key not in kills:
        ctx.rec.set(["campaign", "kills", key], [])
    ctx.rec.insert(["campaign", "kills", key], threat)


def pass_boundary(ctx: Ctx, boundary: str) -> list[dict[str, Any]]:
    """Temporary modifiers reach the boundary they name ("explore" card resolved, "combat" over).

    "for the next explore card" ends; "for the next 2 explore cards" becomes
    "for the next explore card" (spec: temporary modifiers expire by themselves).
    Returns what ended, for the log.
    """
    steps = EXPIRY_STEPS[boundary]
    ended: list[dict[str, Any]] = []
    for char in characters(ctx.state).values():
        for entry in [dict(m) for m in char["modifiers"] if m.get("expiry") in steps]:
            after = steps[entry["expiry"]]
            if after is None:
                ctx.do({"op": "list_remove", "character_id": char["id"], "list": "modifiers", "entry": entry})
                ended.append({"character": char["name"], "stat": entry["stat"], "amount": entry["amount"]})
            else:
                ctx.do(
                    {
                        "op": "list_replace",
                        "character_id": char["id"],
                        "list": "modifiers",
                        "before": entry,
                        "after": {**entry, "expiry": after},
                    }
                )
    return ended


DECKS = {
    "explore": gettext_noop("explore deck"),
    "equipment": gettext_noop("equipment deck"),
    "event": gettext_noop("event deck"),
}


def require_deck_rank(ctx: Ctx, rank: int, deck: str, what: str, field: str) -> None:
    """Refuse a card of a rank its deck does not hold yet: ranks 1..5 to start, one more after each
    level (§3.1, §7.2; spec Campaign). Loot is its own deck and is not limited (§3.1)."""
    if phase(ctx) == "setup":
        return  # a sheet kept without a campaign at the table: no decks to follow
    top = int(campaign(ctx).get("deck_rank") or FIRST_DECK_RANK)
    if rank > top:
        level = top - FIRST_DECK_RANK + 1
        deck_name = _(DECKS[deck])
        if top >= MAX_RANK:
            message = _("%(what)s: the %(deck)s holds ranks 1–%(top)s now (§7.2).") % {  # noqa: RUF001
                "what": what,
                "deck": deck_name,
                "top": top,
            }
        else:
            message = _(
                "%(what)s: the %(deck)s holds ranks 1–%(top)s now (rank %(next)s "  # noqa: RUF001
                "joins after level %(level)s) (§7.2)."
            ) % {"what": what, "deck": deck_name, "top": top, "next": top + 1, "level": level}
        raise RuleViolation(
            "not_in_deck",
            message,
            {"field": field, "rank": rank, "deck_rank": top},
        )


def set_phase(ctx: Ctx, value: str) -> None:
    if value not in PHASES:
        raise RuleViolation("bad_phase", _("%(value)r is not a phase.") % {"value": value})
    ctx.rec.set(["campaign", "phase"], value)
