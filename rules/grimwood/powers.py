"""The powers that move, swap, discard and take combos, and a combo's points by hand (issue 13).

Powers move, discard and take other players' combos (rulebook: Summary of
Card Powers: Sorceress, Highwayman, Demon, Bride, Nymph), so those are
anyone's at the table, on any turn: a power is used by whoever plays it. The
Dragon's combo is immune from them all. A combo's points by hand are its
holder's (the printed card wins). Every command ends with ``rescore``: the
scores are recomputed from the combos each player holds now.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimwood import validate as v
from rules.grimwood.cards import ANIMAL, MALE, label, score
from rules.grimwood.combos import brief, unfrozen
from rules.grimwood.state import (
    combo_path,
    combos_path,
    find_combo,
    player_index,
    require_playing,
    require_started,
    rescore,
)
from rules.i18n import gettext as _
from rules.validate import no_change


def move(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.move {combo_id, to_seat_id?, power?}``: a combo changes hands (Sorceress, Highwayman).

    ``to_seat_id`` defaults to the sender (the Sorceress takes a combo "as
    your own"). Both players' scores are recomputed. A Dragon's combo is
    immune from powers.
    """
    p = v.fields(payload, ("combo_id", "to_seat_id", "power"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    to_seat = v.seat(p, ctx.actor, "to_seat_id")
    power = v.power(p, ("Sorceress", "Highwayman"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    to_index = player_index(ctx.state, to_seat, "to_seat_id")
    from_seat = int(ctx.state["players"][index]["seat_id"])
    if to_index == index:
        raise no_change(_("That player already holds that combo."), "to_seat_id")
    unfrozen(combo, from_seat, "moved")
    ctx.rec.move(combos_path(index), combos_path(to_index), combo)
    changed = rescore(ctx)
    return "combo.moved", {
        "combo": brief(combo),
        "from_seat_id": from_seat,
        "to_seat_id": to_seat,
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def swap(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.swap {combo_id, other_combo_id, power?}``: two players exchange a combo each (Highwayman).

    One step instead of two ``combo.move`` (one undo). Neither may hold the
    Dragon.
    """
    p = v.fields(payload, ("combo_id", "other_combo_id", "power"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    other_id = v.identifier(p, "other_combo_id", _("The other combo"))
    power = v.power(p, ("Highwayman",))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    other_index, other = find_combo(ctx.state, other_id, "other_combo_id")
    if other_index == index:
        raise RuleViolation(
            "same_player",
            _("A swap exchanges combos between two different players."),
            {"field": "other_combo_id"},
        )
    seat = int(ctx.state["players"][index]["seat_id"])
    other_seat = int(ctx.state["players"][other_index]["seat_id"])
    unfrozen(combo, seat, "swapped")
    try:
        unfrozen(other, other_seat, "swapped")
    except RuleViolation as refusal:
        refusal.extra["field"] = "other_combo_id"
        raise
    ctx.rec.move(combos_path(index), combos_path(other_index), combo)
    ctx.rec.move(combos_path(other_index), combos_path(index), other)
    changed = rescore(ctx)
    return "combo.swapped", {
        "seat_id": seat,
        "combo": brief(combo),
        "other_seat_id": other_seat,
        "other_combo": brief(other),
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def discard(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.discard {combo_id, power?}``: a combo to the discard pile (Demon; a Sorceress's sacrifice).

    A Dragon's combo is immune from powers. The Sorceress sacrifices "a set
    of owls or crows" (rulebook: Sorceress): only an animal combo.
    """
    p = v.fields(payload, ("combo_id", "power"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    power = v.power(p, ("Demon", "Sorceress"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    unfrozen(combo, seat_id, "discarded")
    if power == "Sorceress" and combo["kind"] != ANIMAL:
        raise RuleViolation(
            "not_owls_or_crows",
            _("The Sorceress sacrifices a set of Owls or Crows, not %(combo)s.")
            % {"combo": label(combo["kind"], combo["cards"])},
            {"field": "combo_id", "combo_id": combo_id},
        )
    ctx.rec.remove(combos_path(index), combo)
    changed = rescore(ctx)
    return "combo.discarded", {
        "seat_id": seat_id,
        "combo": brief(combo),
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "scores": changed,
    }


def take(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.take {combo_id, card, to_seat_id?, power?}``: one supernatural out of a combo (Bride, Nymph).

    The card goes to the hand of ``to_seat_id`` (default: the sender), who
    may then place it (``combo.place`` / ``combo.add``). The Bride takes only
    a male supernatural (rulebook: Bride). The combo keeps the rest, scored
    again from the table (a hand override is replaced); an emptied combo is
    gone. A Dragon's combo is immune.
    """
    p = v.fields(payload, ("combo_id", "card", "to_seat_id", "power"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    card = v.supernatural(p)
    to_seat = v.seat(p, ctx.actor, "to_seat_id")
    power = v.power(p, ("Bride", "Nymph"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, combo = find_combo(ctx.state, combo_id)
    to_index = player_index(ctx.state, to_seat, "to_seat_id")
    from_seat = int(ctx.state["players"][index]["seat_id"])
    if card not in combo["cards"]:
        raise RuleViolation(
            "not_in_combo",
            _("%(card)s is not in that combo (%(cards)s).")
            % {"card": card, "cards": ", ".join(combo["cards"])},
            {"field": "card", "cards": list(combo["cards"])},
        )
    if power == "Bride" and card not in MALE:
        raise RuleViolation(
            "not_male",
            _("The Bride takes only a male supernatural (%(cards)s).") % {"cards": ", ".join(MALE)},
            {"field": "card", "options": list(MALE)},
        )
    unfrozen(combo, from_seat, "taken from")
    before = brief(combo)
    rest = [c for c in combo["cards"] if c != card]
    after: dict[str, Any] | None = None
    if rest:
        _kind, points = score(rest)
        ctx.rec.remove(combo_path(index, combo_id, "cards"), card)
        ctx.rec.put(combo_path(index, combo_id, "points"), points)
        ctx.rec.set(combo_path(index, combo_id, "note"), None)
        after = brief(find_combo(ctx.state, combo_id)[1])
    else:
        ctx.rec.remove(combos_path(index), combo)
    hand_before = int(ctx.state["players"][to_index]["hand"])
    ctx.rec.add(["players", to_index, "hand"], 1)
    changed = rescore(ctx)
    return "combo.taken", {
        "card": card,
        "from_seat_id": from_seat,
        "to_seat_id": to_seat,
        "before": before,
        "combo": after,
        "power": power,
        "by_seat_id": ctx.actor.seat_id,
        "hand_before": hand_before,
        "hand_after": hand_before + 1,
        "scores": changed,
    }


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``combo.adjust {combo_id, points, note}``: a combo's points by hand; the printed card wins.

    The score follows at once. Allowed after the game is over, as a
    correction (the winners are worked out again).
    """
    p = v.fields(payload, ("combo_id", "points", "note"))
    combo_id = v.identifier(p, "combo_id", _("A combo"))
    points = v.integer(p, "points", _("The combo's points"), 0, v.MAX_POINTS)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_started(ctx.state)
    index, combo = find_combo(ctx.state, combo_id)
    seat_id = int(ctx.state["players"][index]["seat_id"])
    ctx.actor.require_edit(seat_id)
    before = int(combo["points"])
    if before == points and combo["note"] == note:
        raise no_change(_("That combo already scores %(n)s.") % {"n": points}, "points")
    ctx.rec.put(combo_path(index, combo_id, "points"), points)
    ctx.rec.set(combo_path(index, combo_id, "note"), note)
    changed = rescore(ctx)
    return "combo.adjusted", {
        "seat_id": seat_id,
        "combo": brief(combo),
        "before": before,
        "after": points,
        "note": note,
        "scores": changed,
        "winners": list(ctx.state["winner_seat_ids"]) if ctx.state["over"] else None,
    }
