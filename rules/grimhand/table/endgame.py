"""The end of a campaign at the table: trophies and the records (§13).

``campaign.end {tie_break?: {character_id: "5 cards"}}``:

1. A multiplayer campaign with a corrupted character still in the quest first
   gives the corrupted their chance (``campaign.redeem``) and, if any stay
   corrupted, the final fight (``campaign.final_fight``): ``finale.py``.
   Until then ``campaign.end`` is refused (``redemption_needed``,
   ``final_fight_needed``).
2. If the corrupted won the final fight, Grimwold has won: nobody wins and no
   trophies are counted. Otherwise the trophies go to the victorious: most XP
   1, most gold 1, most quests completed 1, most threats killed 2, best
   equipment hand 2; ties all score; an award nobody earned goes to nobody.
   A character still corrupted takes no trophy and cannot win. An overall tie
   is broken by each tied player's best five drawn cards (typed, or the table
   deals). A single player wins by surviving (§13).
3. The record per character (XP, quests, gold, threats killed, final
   equipment hand, trophies, survived or defeated, corrupted) is kept in
   ``campaign.end`` for comparing campaigns, and the table ends with it.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.endgame import PlayerRecord, award_trophies, break_tie, draw_tie_break
from rules.grimhand.poker import HandValue, evaluate_exact
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.finale import (
    ENDING_PHASES,
    _per_character,
    is_corrupted,
    multiplayer,
    names,
    require_card_done,
)
from rules.grimhand.table.session import (
    campaign,
    is_defeated,
    party,
    require_phase,
    require_player,
    set_phase,
)
from rules.grimhand.table.state import Character
from rules.grimhand.table.typed_input import read_cards
from rules.i18n import gettext as _
from rules.i18n import gettext_noop, ngettext
from rules.validate import fields

AWARD_NAMES = {
    "xp": "most XP",
    "gold": "most gold",
    "quests": "most quests completed",
    "threats": "most threats killed",
    "equipment_hand": "best equipment hand",
}


def _hand(char: Character) -> HandValue | None:
    cards = [Card(int(i["rank"]), Affinity(i["affinity"])) for i in char["equipment"]]
    return evaluate_exact(cards) if cards else None


def _tie_break(ctx: Ctx, payload: Payload, leaders: list[str], names: dict[str, str]) -> dict[str, Any]:
    typed = _per_character(payload, "tie_break")
    if typed:
        hands: dict[str, tuple[Card, ...]] = {}
        for seat in leaders:
            try:
                hands[seat] = tuple(read_cards({"tie_break": typed.get(seat)}, "tie_break", (5,)))
            except RuleViolation as problem:
                raise RuleViolation(
                    "bad_field",
                    _("Type the 5 cards %(who)s drew, e.g. 3BL 7IR 7NA 9SH 10BO.") % {"who": names[seat]},
                    {"field": "tie_break", "problem": problem.code},
                ) from None
        everyone = [c for h in hands.values() for c in h]
        if len(set(everyone)) != len(everyone):
            raise RuleViolation(
                "bad_field", _("The tied players drew from one deck: no card twice."), {"field": "tie_break"}
            )
    else:
        hands = draw_tie_break(ctx.rng, leaders)
    winners = list(break_tie(hands))
    return {
        "hands": {s: [c.code for c in h] for s, h in hands.items()},
        "titles": {s: evaluate_exact(list(h)).title for s, h in hands.items()},
        "winners": [int(s) for s in winners],
    }


def _require_no_traitor(ctx: Ctx) -> dict[str, Any] | None:
    """The final fight's outcome, once the corrupted have had their chance and been fought (§13)."""
    finale: dict[str, Any] | None = campaign(ctx).get("finale")
    if finale is None:
        corrupted = [c for c in party(ctx) if is_corrupted(ctx, c)]
        if corrupted and multiplayer(ctx):
            raise RuleViolation(
                "redemption_needed",
                ngettext(
                    "%(who)s is corrupted: roll the redemption first (§13), and "
                    "fight whoever is still corrupted.",
                    "%(who)s are corrupted: roll the redemption first (§13), and "
                    "fight whoever is still corrupted.",
                    len(corrupted),
                )
                % {"who": said.render(names(corrupted))},
                {"field": ""},
            )
        return None
    fight: dict[str, Any] | None = finale["fight"]
    if finale["turned"] and fight is None:
        turned = [c for c in party(ctx, with_defeated=True) if int(c["id"]) in finale["turned"]]
        raise RuleViolation(
            "final_fight_needed",
            _(
                "%(who)s turned on the party: fight to the death and enter who won "
                "(§13) before the campaign ends."
            )
            % {"who": said.render(names(turned))},
            {"field": ""},
        )
    return fight


def _record(c: Character, kills: dict[str, Any]) -> PlayerRecord:
    quests = sum(1 for q in c["quests"] if q["status"] == "completed")
    return PlayerRecord(
        str(c["id"]), int(c["xp"]), int(c["gold"]), quests, len(kills.get(str(c["id"]), [])), _hand(c)
    )


def _winners(
    ctx: Ctx, payload: Payload, chars: list[Character], records: list[PlayerRecord], lost: bool
) -> tuple[dict[str, int], list[str], dict[str, Any], list[int]]:
    """Trophies (only the victorious take them), who took part in them, the awards and the
    tie-break, and the winners."""
    solo = not multiplayer(ctx)
    scored = [
        r for c, r in zip(chars, records, strict=True) if not lost and (solo or not is_corrupted(ctx, c))
    ]
    trophies = award_trophies(scored) if scored else None
    points = {r.seat: (trophies.trophies.get(r.seat, 0) if trophies else 0) for r in records}
    awards = {k: [int(s) for s in v] for k, v in trophies.awards.items()} if trophies else {}
    tie = None
    if lost or trophies is None:
        winners: list[int] = []
    elif solo:
        winners = [int(c["id"]) for c in chars if not is_defeated(ctx, c)]
    else:
        leaders = list(trophies.leaders)
        names_of = {str(c["id"]): str(c["name"]) for c in chars}
        tie = _tie_break(ctx, payload, leaders, names_of) if len(leaders) > 1 else None
        winners = tie["winners"] if tie else [int(s) for s in leaders]
    return points, [r.seat for r in scored], {"awards": awards, "tie": tie}, winners


def end_campaign(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("tie_break",))
    require_player(ctx)
    require_phase(ctx, *ENDING_PHASES, "finale", doing=gettext_noop("end the campaign"))
    require_card_done(ctx)
    fight = _require_no_traitor(ctx)
    camp = campaign(ctx)
    chars = party(ctx, with_defeated=True)
    if not chars:
        raise RuleViolation("no_characters", _("There is nobody to score."), {"field": ""})
    lost = bool(fight and fight["outcome"] == "corrupted")
    kills = camp["kills"]
    records = [_record(c, kills) for c in chars]
    points, scored, extra, winners = _winners(ctx, payload, chars, records, lost)
    finale = camp.get("finale") or {}
    turned = finale.get("turned") or []
    rows = []
    for char, record in zip(chars, records, strict=True):
        hand = record.equipment_hand
        rows.append({
            "character_id": char["id"], "seat_id": char["seat_id"], "name": char["name"], "xp": record.xp,
            "gold": record.gold, "quests": record.quests, "threats": record.threats,
            "kills": list(kills.get(str(char["id"]), [])), "equipment_hand": hand.title if hand else None,
            "stature": char["derived"]["stature"], "trophies": points[record.seat],
            "scored": record.seat in scored, "survived": not is_defeated(ctx, char),
            "corrupted": is_corrupted(ctx, char), "turned": int(char["id"]) in turned,
            "won": int(char["id"]) in winners, "level": int(camp["level"]),
        })  # fmt: skip
    end = {
        "redemption": finale.get("redemption"),
        "final_fight": {**fight, "corrupted": turned} if fight else None,
        "awards": extra["awards"],
        "tie_break": extra["tie"],
        "winners": winners,
        "records": rows,
    }
    ctx.rec.set(["campaign", "end"], end)
    set_phase(ctx, "ended")
    line = _end_words(rows, extra["tie"], winners, lost)
    return said.event("campaign.ended", {**end, "ends_table": True}, line)


def _end_words(rows: list[dict[str, Any]], tie: dict[str, Any] | None, winners: list[int], lost: bool) -> Any:
    if lost:
        return said.gettext_lazy(
            "The campaign ends: the corrupted won the final fight. Grimwold has won: nobody wins."
        )
    by_id = {int(r["character_id"]): str(r["name"]) for r in rows}
    trophies = said.join(
        f"{r['name']} {r['trophies']}"
        if r["scored"]
        else said.gettext_lazy(
            "%(who)s %(trophies)s (corrupted: none)", who=r["name"], trophies=r["trophies"]
        )
        for r in rows
    )
    parts: list[Any] = [said.gettext_lazy("The campaign ends. Trophies: %(trophies)s.", trophies=trophies)]
    if tie:
        titles = said.join(f"{by_id[int(s)]} {t}" for s, t in tie["titles"].items())
        parts.append(said.gettext_lazy("Tie broken by the drawn hands: %(titles)s.", titles=titles))
    if not winners:
        parts.append(said.gettext_lazy("Nobody wins."))
    else:
        parts.append(
            said.ngettext_lazy(
                "%(who)s wins.", "%(who)s win.", len(winners), who=said.and_list(by_id[w] for w in winners)
            )
        )
    return said.join(parts, " ")


def results(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The play record per seat (issue #14): trophies as the score, the tie-broken winner first, the
    corrupted (who took no trophy) after every victorious player; when nobody won (Grimwold did, or a
    lone player fell) nobody is placed, and when the corrupted won no trophies were counted."""
    end = (state.get("campaign") or {}).get("end")
    if not end:
        return []
    rows = end["records"]
    lost = (end.get("final_fight") or {}).get("outcome") == "corrupted"

    def rank(row: dict[str, Any]) -> tuple[bool, bool, int]:
        return bool(row["won"]), bool(row.get("scored", True)), int(row["trophies"])

    out = []
    for row in rows:
        place = 1 + sum(1 for other in rows if rank(other) > rank(row)) if end["winners"] else None
        out.append({
            "seat_id": row["seat_id"], "score": None if lost else row["trophies"], "place": place,
            "won": row["won"], "details": row,
        })  # fmt: skip
    return out
