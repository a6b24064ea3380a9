"""Laying the flop down before it is scored (§7.4.2 Timing, §7.4.4; issue #33 item 7), and a Legend's re-deal.

``combat.show_flop {cards}`` lays the flop face up and scores nothing: the
players may now swap (1 AP, §7.4.4: "players may spend AP to increase their
hand strength by swapping inactive cards into active slots") with the odds
of that flop before them; ``combat.street`` then scores it as it lies. The
flop may still be typed and scored in one step (``combat.street {cards}``).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Card
from rules.grimhand.said import Said
from rules.grimhand.table.combat_state import (
    active_threats,
    block,
    cards_of,
    char_of,
    codes,
    players,
    refuse_seen,
    require_host,
    side_of,
)
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.typed_input import read_cards
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields

CARDS_PER_STREET = {"flop": 3, "turn": 1, "river": 1}


def show_flop(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.show_flop {cards}``: the flop face up, to be scored once the swaps are made (§7.4.4)."""
    fields(payload, ("cards",))
    require_host(ctx, gettext_noop("lay down the community cards"))
    combat = block(ctx)
    if combat["street"] != "deal" or combat.get("shown"):
        raise RuleViolation("not_dealing", _("The flop is laid once per round, after the deal."))
    cards = read_cards(payload, "cards", (CARDS_PER_STREET["flop"],))
    refuse_seen(combat, cards, "cards")
    waiting = [s["name"] for s in (*players(combat), *active_threats(combat)) if not s["active"]]
    if waiting:
        raise RuleViolation(
            "missing_hole_cards",
            _("%(value)s first: the flop comes after the deal.") % {"value": ", ".join(waiting)},
            {"field": "cards"},
        )
    ctx.rec.set(["combat", "shown"], codes(cards))
    line = said.gettext_lazy(
        "Flop shown: %(cards)s; swaps now, then the host scores it", cards=" ".join(codes(cards))
    )
    return said.event("combat.flop_shown", {"cards": codes(cards)}, line)


def street_cards(ctx: Ctx, combat: dict[str, Any], payload: Payload, name: str) -> list[Card]:
    """The cards a street scores: the flop shown (then no ``cards``), or those typed now."""
    shown = combat.get("shown") or []
    if name == "flop" and shown:
        if payload.get("cards") is not None:
            raise RuleViolation(
                "flop_shown",
                _("The flop is shown: score it as it lies, or undo its line first."),
                {"field": "cards"},
            )
        ctx.rec.delete(["combat", "shown"])
        return list(cards_of(shown))
    cards = read_cards(payload, "cards", (CARDS_PER_STREET[name],))
    refuse_seen(combat, cards, "cards")
    return cards


def redeal(
    ctx: Ctx, combat: dict[str, Any], payload: Payload, name: str, flop: list[Card]
) -> tuple[Said, list[Card]] | None:
    """A Legend re-deals the flop once per combat (spec Stature): the first three are set aside for
    the round and the new three are scored. Its words and the new cards, or None."""
    raw = payload.get("redeal")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RuleViolation("bad_field", _("redeal is {side_id, cards}."), {"field": "redeal"})
    fields(raw, ("side_id", "cards"))
    if name != "flop":
        raise RuleViolation("flop_only", _("Only the flop can be re-dealt."), {"field": "redeal"})
    side = side_of(combat, raw.get("side_id"))
    legend = side["kind"] == "player" and side["status"] == "fighting"
    if not legend or not char_of(ctx, side)["derived"].get("redeal_flop"):
        raise RuleViolation(
            "not_a_legend",
            _("%(side)s is no Legend: only a Legend re-deals the flop.") % {"side": side["name"]},
            {"field": "redeal"},
        )
    if side["id"] in combat.get("redealt", []):
        raise RuleViolation(
            "redeal_used",
            _("%(side)s has re-dealt a flop in this combat already (once per combat).")
            % {"side": side["name"]},
            {"field": "redeal"},
        )
    cards = read_cards(raw, "cards", (CARDS_PER_STREET["flop"],))
    refuse_seen(combat, cards, "redeal")
    if {c.index for c in cards} & {c.index for c in flop}:
        raise RuleViolation("card_already_seen", _("The re-dealt flop is new cards."), {"field": "redeal"})
    ctx.rec.set(["combat", "redealt"], [*combat.get("redealt", []), side["id"]])
    ctx.rec.set(["combat", "discarded"], [*combat.get("discarded", []), *codes(flop)])
    return said.gettext_lazy(
        "%(side)s re-deals the flop %(cards)s", side=side["name"], cards=" ".join(codes(flop))
    ), cards
