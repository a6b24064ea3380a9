"""The GRIM table's set-up, Turn, Round and correction commands (issue: State and commands).

Each is a handler ``(ctx, payload) -> event``; the Actions (Attack, Heal,
Swap) are in ``rules.grim.actions``, Bonds, Statuses and Reactions in
``rules.grim.bonds``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs.

Who may do what: a player changes their own Grim and records (another seat's
only if the host or the table allows, ``Actor.require_edit``); an Attack is
its Attacker's player's to declare; Statuses, the turn strip and the Round
are everyone's at the table (a Status is usually inflicted by the *other*
player, as a Reaction); the Afterworld is the Favor holder's to choose.
Spectators change nothing.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from rules.changes import by_hand
from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grim import turns
from rules.grim import validate as v
from rules.grim.chart import ELEMENTS
from rules.grim.common import (
    CARD_KEYS,
    card_fields,
    check_player,
    ensure_player,
    knockouts,
    owned_grim,
    place_grim,
    settle_light,
    who,
)
from rules.grim.state import (
    IN_PLAY,
    PLAYERS,
    SPIRITS_FOR_BONUS,
    favor_seat,
    find_grim,
    grim_path,
    in_play,
    new_player,
    player_index,
    refuse_when_over,
)
from rules.i18n import gettext as _
from rules.i18n import pgettext
from rules.validate import no_change

# --- set-up ----------------------------------------------------------------------------------------------


def favor(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.favor {seat_id?}``: who holds Fiend's Favor (decided at the start; round.end passes it)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)  # decided together (coin flip), so anyone seated records it
    check_player(ctx.state, seat_id)
    before = favor_seat(ctx.state)
    if before == seat_id:
        raise no_change(_("That player already holds Fiend's Favor."), "seat_id")
    index = ensure_player(ctx, seat_id)
    for i in range(len(ctx.state["players"])):
        ctx.rec.set(["players", i, "favor"], i == index)
    turns.reorder(ctx)  # the +0.5 moved
    return "grim.favored", {"seat_id": seat_id, "before": before}


def enter(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.enter {seat_id?, name, element, health, speed, attacks?, attached?, spirits?}``.

    A Grim enters play with 5 Stamina (rulebook: The Placement), at most two
    per player. ``attached`` and ``spirits`` place it with Bond Cards (the
    free Bond on a newly placed Grim, or the Bonds a Swap carries over;
    three Spirits make a Spirit Bonus due). Entering mid-Round, it acts this
    Round only if slower than the tier now acting. The event carries a
    ``catalogue`` entry so the app can remember the card for pick lists.
    """
    p = v.fields(payload, ("seat_id", *CARD_KEYS, "attached", "spirits"))
    seat_id = v.seat(p, ctx.actor)
    card = card_fields(p)
    attached = v.element(p, "attached", nullable=True) if "attached" in p else None
    spirits = v.integer(p, "spirits", _("Spirits"), 0, SPIRITS_FOR_BONUS, default=0)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    check_player(ctx.state, seat_id)
    if len(in_play(ctx.state, seat_id)) >= IN_PLAY:
        raise RuleViolation(
            "two_in_play",
            _("That player already has two Grim in play."),
            {"field": "seat_id", "seat_id": seat_id},
        )
    ensure_player(ctx, seat_id)
    grim = place_grim(ctx, seat_id, card, attached, spirits)
    acts = turns.acts_this_round(ctx.state, grim)
    if acts:
        turns.reorder(ctx, [int(grim["id"])])
    return "grim.entered", {"grim": dict(grim), "acts_this_round": acts, "catalogue": card}


# --- turns and rounds ------------------------------------------------------------------------------------


def turn_next(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.next {}``: the acting Grim's Turn ends and the next in ``turn_order`` starts (+2 Stamina).

    The first ``turn.next`` of a Round starts its first Turn. After the last
    Turn, ``turn.next`` ends it and leaves nobody acting; then only
    ``round.end`` moves on (``round_over``).
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    coming = turns.upcoming(state)
    if state["acting"] is None and not coming:
        if state["acted"]:
            raise RuleViolation("round_over", _("Every Grim has had its Turn: end the Round."))
        raise RuleViolation("nobody_to_act", _("No Grim is in play yet."))
    ended = turns.end_turn(ctx)
    started = turns.start_turn(ctx, coming[0]) if coming else None
    if started is None:
        ctx.rec.set(["phase"], "normal")
    turns.reorder(
        ctx
    )  # a cleared Paralysis or Freeze changes nothing for those who acted, but keep it sorted
    return "turn.advanced", {"round": state["round"], "ended": ended, "started": started}


def turn_order(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.order {grim_ids}``: the players order exact ties among the Grim still to act (spec §1).

    ``grim_ids`` lists some (or all) of the Grim still to act in the order
    wanted; they take those places among themselves, and the result must
    still be in Speed order, so only exact ties can change places.
    """
    p = v.fields(payload, ("grim_ids",))
    ids = p.get("grim_ids")
    if "grim_ids" not in p or ids is None:
        raise RuleViolation("missing_field", _("List the Grim in the order wanted."), {"field": "grim_ids"})
    if (
        not isinstance(ids, list)
        or not ids
        or any(isinstance(i, bool) or not isinstance(i, int) for i in ids)
        or len(set(ids)) != len(ids)
    ):
        raise RuleViolation("bad_field", _("List each Grim once, by its id."), {"field": "grim_ids"})
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    coming = turns.upcoming(state)
    strangers = [i for i in ids if i not in coming]
    if strangers:
        raise RuleViolation(
            "not_upcoming",
            _("Only Grim still to act this Round can be reordered."),
            {"field": "grim_ids", "grim_ids": strangers},
        )
    wanted = iter(ids)
    chosen = set(ids)
    new_coming = [next(wanted) if gid in chosen else gid for gid in coming]
    keys = [turns.order_key(state, find_grim(state, gid)) for gid in new_coming]
    if any(a > b for a, b in pairwise(keys)):
        raise RuleViolation(
            "not_a_tie", _("Only Grim with exactly the same Speed can swap places."), {"field": "grim_ids"}
        )
    if new_coming == coming:
        raise no_change(_("That is already the order."), "grim_ids")
    acted = set(state["acted"])
    ctx.rec.set(["turn_order"], [gid for gid in state["turn_order"] if gid in acted] + new_coming)
    names = [find_grim(state, gid)["name"] for gid in new_coming]
    return "turn.reordered", {"grim_ids": new_coming, "names": names}


def round_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``round.end {}``: the Round ends (rulebook: The Rounds; Replace Depleted Decks).

    The acting Grim's Turn ends; Fiend's Favor passes to the other player;
    Reactions refresh; the Afterworld goes to the discard and, once all 11
    are discarded, all are revived; Dark Spirit Bonuses ("this Round") lapse.
    The next Round's order is every Grim in play; the Favor holder then
    chooses the Afterworld with ``grim.afterworld``. Grim that had not yet
    acted are listed as skipped (the table may end a Round early, e.g. a
    Passive that skips a Turn).
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    skipped = [find_grim(state, gid)["name"] for gid in turns.upcoming(state)]
    ended = turns.end_turn(ctx)
    holder = favor_seat(state)
    to = holder
    if holder is not None and len(state["players"]) == PLAYERS:
        for i, player in enumerate(state["players"]):
            ctx.rec.set(["players", i, "favor"], player["seat_id"] != holder)
        to = favor_seat(state)
    for i in range(len(state["players"])):
        ctx.rec.set(["players", i, "reaction"], True)
    discarded = state["afterworld"]
    revived = False
    if discarded is not None:
        ctx.rec.insert(["afterworlds_discarded"], discarded)
        ctx.rec.set(["afterworld"], None)
    if len(state["afterworlds_discarded"]) >= len(ELEMENTS):
        ctx.rec.set(["afterworlds_discarded"], [])
        revived = True
    for grim in state["grims"]:
        if grim["spirit_bonus"] == "Dark":
            ctx.rec.set(grim_path(grim["id"], "spirit_bonus"), None)
    ended_round = int(state["round"])
    next_round = ctx.rec.add(["round"], 1)
    ctx.rec.set(["acted"], [])
    ctx.rec.set(["phase"], "normal")
    ctx.rec.set(["tier_speed"], None)
    ids = [gid for gid in state["turn_order"] if find_grim(state, gid, in_play=False)["in_play"]]
    ids += sorted(g["id"] for g in in_play(state) if g["id"] not in ids)
    ctx.rec.set(["turn_order"], turns.sorted_ids(state, ids))
    return "round.ended", {
        "round": ended_round,
        "next_round": next_round,
        "ended": ended,
        "favor_from": holder,
        "favor_to": to,
        "afterworld_discarded": discarded,
        "revived": revived,
        "skipped": skipped,
    }


def afterworld(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.afterworld {element, revive?}``: the Favor holder sets the Afterworld.

    One per Element; a discarded one cannot be chosen unless ``revive`` (the
    Psychic Spirit Bonus: "even with a discarded Afterworld"). An active
    Afterworld being replaced goes to the discard (Key Terms: Replace).
    """
    p = v.fields(payload, ("element", "revive"))
    element = v.required_element(p)
    revive = v.flag(p, "revive", _("Revive"))
    refuse_when_over(ctx.state)
    state = ctx.state
    holder = favor_seat(state)
    if holder is None:
        v.participant(ctx.actor)
    else:
        ctx.actor.require_edit(holder)
    if state["afterworld"] == element:
        raise no_change(_("The %(element)s Afterworld is already active.") % {"element": element}, "element")
    if element in state["afterworlds_discarded"] and not revive:
        raise RuleViolation(
            "afterworld_discarded",
            _("The %(element)s Afterworld has been discarded this cycle.") % {"element": element},
            {"field": "element"},
        )
    before = state["afterworld"]
    if element in state["afterworlds_discarded"]:
        ctx.rec.remove(["afterworlds_discarded"], element)
    if before is not None:
        ctx.rec.insert(["afterworlds_discarded"], before)
    ctx.rec.set(["afterworld"], element)
    turns.reorder(ctx)  # the Wind Afterworld sends Electric Grim to the Paralysis Phase
    return "grim.afterworld_set", {"element": element, "before": before, "seat_id": holder}


# --- corrections by hand ---------------------------------------------------------------------------------

GRIM_FIELDS = ("health", "stamina", "speed", "spirits")


def _field_word(field: str) -> str:
    """A number's name in a refusal, as the English always said it ("health"), in the reader's words."""
    words = {
        "health": pgettext("a number of a Grim", "health"),
        "stamina": pgettext("a number of a Grim", "stamina"),
        "speed": pgettext("a number of a Grim", "speed"),
        "spirits": pgettext("a number of a Grim", "spirits"),
        "banished": pgettext("a number of a player", "banished"),
        "knockouts": pgettext("a number of a player", "knockouts"),
    }
    return words.get(field, field)


PLAYER_FIELDS = ("banished", "knockouts")


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.adjust {grim_id, field, by, note}``: the printed card wins; a hand change with a note.

    Health, Stamina, Speed and Spirits; none goes below 0, Spirits not above
    3. Health brought to 0 knocks the Grim out; a third Spirit makes a Spirit
    Bonus due; a new Speed re-sorts the Turn order.
    """
    p = v.fields(payload, ("grim_id", "field", "by", "note"))
    field = v.choice(p, "field", GRIM_FIELDS, _("The field"))
    by = v.integer(p, "by", _("The change"), -v.MAX_NUMBER, v.MAX_NUMBER)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE)
    refuse_when_over(ctx.state)
    grim = owned_grim(ctx, p)
    gid = int(grim["id"])
    before = int(grim[field])
    hi = SPIRITS_FOR_BONUS if field == "spirits" else None
    after = max(0, before + by) if hi is None else min(hi, max(0, before + by))
    if after == before:
        raise no_change(
            _("%(grim)s's %(field)s would stay %(before)s.")
            % {"grim": grim["name"], "field": _field_word(field), "before": before},
            "by",
        )
    ctx.rec.put(grim_path(gid, field), after)
    knocked: list[dict[str, Any]] = []
    light = None
    if field == "health" and after <= 0:
        knocked = knockouts(ctx, [(grim, 1)])
    if field == "spirits":
        due = after >= SPIRITS_FOR_BONUS and grim["spirit_bonus"] != "Light"
        ctx.rec.set(grim_path(gid, "spirit_bonus_due"), due)
        light = settle_light(ctx, gid)
    turns.reorder(ctx)
    return "grim.adjusted", {
        **who(grim),
        **by_hand(field, before, after, note),
        "knockouts": knocked,
        "light": light,
    }


def player_adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.adjust {seat_id?, field, by, note}``: the Banished pile or the knockouts, by hand.

    For card effects that touch the pile (a revealed Banished played as a
    Reaction) or a miscount. Allowed after the match is decided, as a
    correction; it never decides the match itself.
    """
    p = v.fields(payload, ("seat_id", "field", "by", "note"))
    seat_id = v.seat(p, ctx.actor)
    field = v.choice(p, "field", PLAYER_FIELDS, _("The field"))
    by = v.integer(p, "by", _("The change"), -v.MAX_NUMBER, v.MAX_NUMBER)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE)
    ctx.actor.require_edit(seat_id)
    check_player(ctx.state, seat_id)
    index = player_index(ctx.state, seat_id)
    before = (
        int(ctx.state["players"][index][field])
        if index is not None
        else int(new_player(ctx.state, seat_id)[field])
    )
    after = max(0, before + by)
    if after == before:
        raise no_change(
            _("The %(field)s would stay %(before)s.") % {"field": _field_word(field), "before": before}, "by"
        )
    index = ensure_player(ctx, seat_id)
    ctx.rec.put(["players", index, field], after)
    return "player.adjusted", {"seat_id": seat_id, **by_hand(field, before, after, note)}
