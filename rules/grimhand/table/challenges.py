"""Quest challenges resolved at the table, not just rolled (§9.1).

``quest.resolve {character_id, quest?, check?, dice?, cards?, card?}`` reads
the challenge the 4d6 picked and decides it:

- Fate Roll: a Strength or Agility check (``check``, ``dice?``); a success
  passes; a failure costs 1 LE and 1 AP.
- Affinity Check: 5 dice against the quest's affinity, 3 successes pass; a
  failure gives 1 Corruption and 1 Doubt.
- Poker Hand Challenge: the 5 cards drawn (``cards``, "3BL 3IR 7NA 9SH 10BO"):
  a pair or better passes; else -2 LE.
- Sacrifice Equipment: the equipped item discarded (``card``), no refund.
- Gold Offering: explore level x 5 gold paid; refused without the gold.
- Threat Manifestation: fought as a solo combat (``combat.start`` with
  ``solo``); the combat's end decides it through ``finish_challenge``.

A passed challenge completes the quest with its reward; a failed one applies
the quest's penalty and the quest waits for the next explore card.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import parse_cards
from rules.grimhand.poker import Category, evaluate_exact
from rules.grimhand.table import items, words
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op, owner_of
from rules.grimhand.table.quest_outcomes import settle_quest
from rules.grimhand.table.quests import Entry, active_quest, replace_quest
from rules.grimhand.table.rest import check_words, run_check
from rules.grimhand.table.state import Character, maximum
from rules.grimhand.table.typed_input import read_cards
from rules.i18n import gettext as _
from rules.validate import fields

PENALTIES: dict[str, dict[str, int]] = {
    "Fate Roll": {"le": -1, "ap": -1},
    "Affinity Check": {"corruption": 1, "doubt": 1},
    "Poker Hand Challenge": {"le": -2},
}


def _bump(ctx: Ctx, char: Character, stat: str, by: int) -> dict[str, int] | None:
    before = int(char[stat])
    top = maximum(char, stat)
    after = max(0, before + by)
    after = after if top is None else min(top, after)
    if after == before:
        return None
    ctx.do(counter_op(char, stat, after))
    return {"before": before, "after": after}


def _sacrifice(ctx: Ctx, char: Character, payload: Payload) -> dict[str, Any]:
    if not char["equipment"]:
        raise RuleViolation(
            "nothing_equipped",
            _("%(who)s has no equipped item to sacrifice.") % {"who": char["name"]},
            {"field": "card"},
        )
    raw = payload.get("card")
    try:
        cards = parse_cards(raw) if isinstance(raw, str) else ()
    except RuleViolation:
        cards = ()
    if len(cards) != 1:
        raise RuleViolation("missing_field", _("Choose the equipped item to sacrifice."), {"field": "card"})
    key = f"{cards[0].affinity.value}-{cards[0].rank}"
    held = owner_of(ctx.state, key)
    if held is None or held[0] is not char or held[1] != "equipment":
        raise RuleViolation(
            "not_equipped", _("%(who)s has no such item equipped.") % {"who": char["name"]}, {"field": "card"}
        )
    item = dict(char["equipment"][held[2]])
    items.move(ctx, item, items.where(char, "equipment", held[2]), items.where(None, None))
    return {"sacrificed": item}


def _decide(ctx: Ctx, char: Character, quest: Entry, payload: Payload) -> tuple[bool, dict[str, Any], Any]:
    """Whether the challenge passed, what it recorded, and its words."""
    kind = quest["challenge"]["challenge"]
    if kind == "Fate Roll":
        check = payload.get("check")
        if check not in ("strength", "agility"):
            raise RuleViolation(
                "bad_field", _("A Fate Roll is a Strength or Agility check."), {"field": "check"}
            )
        result = run_check(ctx, char, str(check), payload)
        return bool(result["passed"]), {"check": result}, check_words(char, result, stop=False)
    if kind == "Affinity Check":
        result = run_check(ctx, char, "affinity", payload, str(quest["affinity"]))
        return bool(result["passed"]), {"check": result}, check_words(char, result, stop=False)
    if kind == "Poker Hand Challenge":
        cards = read_cards(payload, "cards", (5,))  # the 5 cards drawn, e.g. 3BL 3IR 7NA 9SH 10BO
        hand = evaluate_exact(cards)
        passed = hand.category >= Category.PAIR
        drew = said.gettext_lazy("drew %(hand)s", hand=hand.title)
        return passed, {"cards": [c.code for c in cards], "hand": hand.title}, drew
    if kind == "Sacrifice Equipment":
        done = _sacrifice(ctx, char, payload)
        return True, done, said.gettext_lazy("sacrificed %(item)s", item=done["sacrificed"]["name"])
    if kind == "Gold Offering":
        price = int(quest["challenge"].get("gold", 5))
        if int(char["gold"]) < price:
            raise RuleViolation(
                "not_enough_gold",
                _("The offering is %(price)s gold; %(who)s has %(gold)s. Fail the quest instead.")
                % {"price": price, "who": char["name"], "gold": char["gold"]},
                {"field": "", "price": price},
            )
        before = int(char["gold"])
        ctx.do(counter_op(char, "gold", before - price))
        offered = said.gettext_lazy(
            "offered %(price)s gold (gold %(change)s)",
            price=price,
            change=f"{before} \u2192 {before - price}",
        )
        return True, {"gold": price}, offered
    if kind == "Threat Manifestation":
        rank = quest["challenge"].get("threat_rank")
        raise RuleViolation(
            "fight_it",
            _("Fight it: start a solo combat against a rank %(rank)s threat (combat.start with solo).")
            % {"rank": rank},
            {"field": "", "threat_rank": rank},
        )
    raise RuleViolation(
        "unknown_challenge", _("%(kind)r is not a challenge the companion knows.") % {"kind": kind}
    )


def finish_challenge(ctx: Ctx, char: Character, quest_name: str, passed: bool, *, how: Any = "") -> EventBody:
    """Record a decided challenge: its own penalty on a failure, then the quest's reward or penalty."""
    index, quest = active_quest(char, {"quest": quest_name})
    kind = quest["challenge"]["challenge"] if quest["challenge"] else ""
    penalty = {}
    if not passed:
        for stat, by in PENALTIES.get(kind, {}).items():
            change = _bump(ctx, char, stat, by)
            if change:
                penalty[stat] = change
    replace_quest(ctx, char, quest, {**quest, "challenge": {**quest["challenge"], "passed": passed}})
    event_type, body = settle_quest(ctx, char, index, passed)
    names = {"who": char["name"], "kind": kind, "quest": quest_name}
    if passed:
        line = said.gettext_lazy("%(who)s passes the %(kind)s of %(quest)s", **names)
    else:
        line = said.gettext_lazy("%(who)s fails the %(kind)s of %(quest)s", **names)
    if how:
        line = said.gettext_lazy("%(line)s (%(how)s)", line=line, how=how)
    if penalty:
        line = said.gettext_lazy(
            "%(line)s; the %(kind)s's penalty: %(changes)s",
            line=line,
            kind=kind,
            changes=words.changes(penalty),
        )
    effects = words.effects(body["effects"], char["id"])
    if passed and effects:
        line = said.gettext_lazy(
            "%(line)s. %(quest)s completed: %(effects)s.", line=line, quest=quest_name, effects=effects
        )
    elif passed:
        line = said.gettext_lazy("%(line)s. %(quest)s completed.", line=line, quest=quest_name)
    elif effects:
        line = said.gettext_lazy(
            (
                "%(line)s. %(quest)s failed; its penalty: %(effects)s; it can be tried "
                "again after the next explore card."
            ),
            line=line,
            quest=quest_name,
            effects=effects,
        )
    else:
        line = said.gettext_lazy(
            "%(line)s. %(quest)s failed; it can be tried again after the next explore card.",
            line=line,
            quest=quest_name,
        )
    body = {**body, "challenge": kind, "passed": passed, "penalty": penalty}
    return said.event(event_type, body, line)


def resolve(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("character_id", "quest", "check", "dice", "cards", "card"))
    char = ctx.owned(payload)
    _unused, quest = active_quest(char, payload)
    if quest["challenge"] is None:
        raise RuleViolation(
            "not_rolled",
            _("Roll %(quest)s's challenge first (quest.challenge_roll).") % {"quest": quest["name"]},
            {"field": ""},
        )
    passed, recorded, how = _decide(ctx, char, quest, payload)
    event_type, body = finish_challenge(ctx, char, quest["name"], passed, how=how)
    return event_type, {**body, **recorded, **{"character": head(char)["character"]}}
