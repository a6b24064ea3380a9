"""The last challenge of a multiplayer campaign: redemption and the final fight (§13).

- ``campaign.redeem {order?: [character_id], dice?: {character_id: [5 faces]}}``:
  every uncorrupted character still in the quest rolls 5 affinity dice (or
  types them); dice of its own affinity succeed, Wilds do NOT count. The pool
  lowers the corrupted characters' Corruption in the order the party chooses
  (default: seating order). The campaign is then ending (phase ``finale``):
  no more levels. Those still corrupted have turned on the party.
- ``campaign.final_fight {outcome: "party" | "corrupted", note?}``: §13 "Any
  corrupted players left after the Affinity check stage will now fight to
  the death. All players play combat as normal": the players fight it out with
  their cards and enter who won. The losers die (they join ``defeated``).
  Reading: the combat helper's opposition are threats (a rank for base attack,
  a mob's shared pool, gold and XP per kill, no AP or hole cards of their
  own), so a corrupted character cannot be one without a second,
  player-against-player helper: the outcome is entered, with a note.

Readings: a single-player campaign has no party to turn on, so it has no
redemption or final fight (§13: a single player "must just survive"); with
nobody uncorrupted left standing, nobody can redeem or fight the corrupted:
Grimwold has won.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Affinity
from rules.grimhand.endgame import redeem, redemption_successes
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    campaign,
    defeat,
    party,
    require_phase,
    require_player,
    set_phase,
)
from rules.grimhand.table.state import Character, characters
from rules.grimhand.table.typed_input import affinity_dice, face_names
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields

ENDING_PHASES = ("explore", "preparation", "rest")
OUTCOMES = ("party", "corrupted")


def threshold(ctx: Ctx) -> int:
    return int(ctx.settings.get("corruption_threshold", 4))


def is_corrupted(ctx: Ctx, char: Character) -> bool:
    return int(char["corruption"]) >= threshold(ctx)


def multiplayer(ctx: Ctx) -> bool:
    return len(characters(ctx.state)) > 1


def names(chars: list[Character]) -> Any:
    """ "Ann, Bob and Cat", worded when shown (``said.render`` it for a refusal)."""
    return said.and_list(str(c["name"]) for c in chars)


def require_card_done(ctx: Ctx) -> None:
    camp = campaign(ctx)
    card = camp["explore"][-1] if camp["explore"] else None
    if camp["phase"] == "explore" and card is not None and not card["resolved"]:
        raise RuleViolation(
            "card_unresolved", _("Resolve %(card)s first.") % {"card": card["name"]}, {"field": ""}
        )


def _per_character(payload: Payload, key: str) -> dict[str, Any]:
    raw = payload.get(key)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RuleViolation(
            "bad_field", _("%(key)s maps each character's id to its values.") % {"key": key}, {"field": key}
        )
    return {str(k): v for k, v in raw.items()}


def _rolls(ctx: Ctx, rollers: list[Character], payload: Payload) -> list[dict[str, Any]]:
    typed = _per_character(payload, "dice")
    for key in typed:
        if key not in {str(c["id"]) for c in rollers}:
            raise RuleViolation(
                "bad_field", _("Only uncorrupted characters roll for redemption."), {"field": "dice"}
            )
    rolls = []
    for char in rollers:
        dice = affinity_dice(
            ctx.rng,
            {"dice": typed.get(str(char["id"]))},
            5,
            _("%(who)s's redemption roll") % {"who": char["name"]},
        )
        rolls.append({
            "character_id": char["id"], "character": char["name"], "dice": [d.value for d in dice],
            "faces": face_names(dice), "successes": redemption_successes(dice, Affinity(char["affinity"])),
        })  # fmt: skip
    return rolls


def _redemption(ctx: Ctx, payload: Payload, corrupted: list[Character]) -> dict[str, Any]:
    """§13: the uncorrupted's successes (Wilds do not count) lower the corrupted's Corruption."""
    rollers = [c for c in party(ctx) if not is_corrupted(ctx, c)]
    rolls = _rolls(ctx, rollers, payload)
    pool = sum(int(r["successes"]) for r in rolls)
    by_id = {int(c["id"]): c for c in corrupted}
    order_raw = payload.get("order")
    if order_raw is None:
        order = list(by_id)
    else:
        if not isinstance(order_raw, list) or sorted(map(str, order_raw)) != sorted(map(str, by_id)):
            raise RuleViolation(
                "bad_field", _("The order names each corrupted character once."), {"field": "order"}
            )
        order = [int(x) for x in order_raw]
    result = redeem(
        {str(k): int(c["corruption"]) for k, c in by_id.items()},
        pool,
        [str(k) for k in order],
        threshold(ctx),
    )
    changes = []
    for cid in order:
        char = by_id[cid]
        before, after = int(char["corruption"]), int(result.corruption[str(cid)])
        if after != before:
            ctx.do(counter_op(char, "corruption", after))
        changes.append({"character_id": cid, "character": char["name"], "before": before, "after": after,
                        "corrupted": after >= threshold(ctx)})  # fmt: skip
    return {
        "pool": pool,
        "rolls": rolls,
        "changes": changes,
        "unused": result.unused,
        "still_corrupted": [int(s) for s in result.still_corrupted],
    }


def redeem_corrupted(ctx: Ctx, payload: Payload) -> EventBody:
    """``campaign.redeem``: the corrupted get one chance before they turn on the party (§13)."""
    fields(payload, ("order", "dice"))
    require_player(ctx)
    require_phase(ctx, *ENDING_PHASES, doing=gettext_noop("roll the redemption"))
    require_card_done(ctx)
    corrupted = [c for c in party(ctx) if is_corrupted(ctx, c)]
    if not corrupted or not multiplayer(ctx):
        raise RuleViolation(
            "nobody_corrupted",
            "Nobody in the party is corrupted"
            + ("" if multiplayer(ctx) else " against anyone: a single player has no party to turn on")
            + ": end the campaign.",
            {"field": ""},
        )
    redemption = _redemption(ctx, payload, corrupted)
    turned = [c for c in corrupted if int(c["id"]) in redemption["still_corrupted"]]
    standing = [c for c in party(ctx) if c not in turned]
    fight = None
    if turned and not standing:
        fight = {"outcome": "corrupted", "note": "nobody was left to stand against them"}
    finale = {"redemption": redemption, "turned": [int(c["id"]) for c in turned], "fight": fight}
    ctx.rec.set(["campaign", "finale"], finale)
    set_phase(ctx, "finale")
    line = _words(redemption, turned, fight)
    return said.event("campaign.redeemed", {"finale": finale, "redemption": redemption}, line)


def _words(redemption: dict[str, Any], turned: list[Character], fight: dict[str, Any] | None) -> Any:
    rolls = [f"{r['character']} {r['successes']}" for r in redemption["rolls"]]
    rolled = said.join(rolls) if rolls else said.gettext_lazy("nobody rolls")
    parts: list[Any] = [
        said.gettext_lazy(
            "Redemption (§13): %(rolls)s; pool %(pool)s.", rolls=rolled, pool=redemption["pool"]
        )
    ]
    for change in redemption["changes"]:
        if change["before"] != change["after"]:
            values = {"who": change["character"], "change": f"{change['before']} \u2192 {change['after']}"}
            if change["corrupted"]:
                parts.append(said.gettext_lazy("%(who)s Corruption %(change)s.", **values))
            else:
                parts.append(said.gettext_lazy("%(who)s Corruption %(change)s: redeemed.", **values))
    if fight is not None:
        parts.append(
            said.gettext_lazy("Nobody is left to stand against %(who)s: Grimwold has won.", who=names(turned))
        )
    elif turned:
        parts.append(
            said.ngettext_lazy(
                "%(who)s is still corrupted and turns on the party: fight to the death, "
                "then enter who won (the final fight).",
                "%(who)s are still corrupted and turn on the party: fight to the death, "
                "then enter who won (the final fight).",
                len(turned),
                who=names(turned),
            )
        )
    else:
        parts.append(said.gettext_lazy("Nobody is corrupted any more: end the campaign for the trophies."))
    return said.join(parts, " ")


def final_fight(ctx: Ctx, payload: Payload) -> EventBody:
    """``campaign.final_fight {outcome, note?}``: who won the fight to the death (§13)."""
    fields(payload, ("outcome", "note"))
    require_player(ctx)
    finale = campaign(ctx).get("finale")
    if campaign(ctx)["phase"] != "finale" or not finale or not finale["turned"]:
        raise RuleViolation(
            "no_final_fight",
            _(
                "There is no final fight: only corrupted players left after the "
                "redemption (campaign.redeem) turn on the party (§13)."
            ),
            {"field": "outcome"},
        )
    if finale["fight"] is not None:
        raise RuleViolation(
            "fight_recorded", _("The final fight's outcome is already entered (undo it to change it)."),
            {"field": "outcome"},
        )  # fmt: skip
    outcome = payload.get("outcome")
    if outcome not in OUTCOMES:
        raise RuleViolation(
            "bad_field", _("Who won the final fight: the party or the corrupted?"), {"field": "outcome"}
        )
    note = payload.get("note")
    if note is not None and (not isinstance(note, str) or len(note.strip()) > 120):
        raise RuleViolation("bad_field", _("A note is text of at most 120 characters."), {"field": "note"})
    note = (note or "").strip()
    turned = [c for c in party(ctx) if int(c["id"]) in finale["turned"]]
    standing = [c for c in party(ctx) if int(c["id"]) not in finale["turned"]]
    losers = turned if outcome == "party" else standing
    for char in losers:
        defeat(ctx, char)  # a fight to the death
    ctx.rec.set(["campaign", "finale", "fight"], {"outcome": outcome, "note": note})
    who = names(turned)
    if outcome == "party" and note:
        line = said.gettext_lazy("The final fight: the party defeats %(who)s (%(note)s).", who=who, note=note)
    elif outcome == "party":
        line = said.gettext_lazy("The final fight: the party defeats %(who)s.", who=who)
    elif note:
        line = said.ngettext_lazy(
            "The final fight: %(who)s defeats the party (%(note)s). Grimwold has won: the souls of the "
            "corrupted are absorbed into the land.",
            "The final fight: %(who)s defeat the party (%(note)s). Grimwold has won: the souls of the "
            "corrupted are absorbed into the land.",
            len(turned),
            who=who,
            note=note,
        )
    else:
        line = said.ngettext_lazy(
            "The final fight: %(who)s defeats the party. Grimwold has won: the souls of the "
            "corrupted are absorbed into the land.",
            "The final fight: %(who)s defeat the party. Grimwold has won: the souls of the "
            "corrupted are absorbed into the land.",
            len(turned),
            who=who,
        )
    return said.event("campaign.final_fight", {"outcome": outcome, "note": note}, line)
