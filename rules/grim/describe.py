"""One log line per GRIM event, with names and numbers (brief: describe)."""

from __future__ import annotations

from typing import Any

from rules.describing import ARROW, Body, Line, Names, before_after, by_hand, describer, plural, seat_name


def _grim(names: Names, seat_id: Any, name: Any) -> str:
    return f"{seat_name(names, seat_id)}'s {name}"


def _card(b: Body) -> str:
    """ "; a card allows it: <note>" when the command was recorded on a card's word (issue #31)."""
    if not b.get("card_allows"):
        return ""
    return "; a card allows it" + (f": {b['note']}" if b.get("note") else "")


def _knockouts(names: Names, knockouts: Any) -> str:
    """Each Knockout with the Banished drawn and the Knockouts suffered, before → after (events
    logged before the numbers were named keep their old words)."""
    parts = []
    for ko in knockouts or []:
        who = seat_name(names, ko.get("seat_id"))
        line = f"{ko.get('name')} is knocked out"
        if ko.get("counts", 1) > 1:
            line += " (counts as two)"
        numbers = []
        if ko.get("drawn") and "banished_before" in ko:
            numbers.append(f"Banished {before_after(ko['banished_before'], ko['banished_left'])}")
        if "knockouts_before" in ko:
            numbers.append(f"Knockouts {before_after(ko['knockouts_before'], ko['knockouts_after'])}")
        if ko.get("drawn"):
            draws = "a Banished" if ko["drawn"] == 1 else f"{ko['drawn']} Banished"
            said = ", ".join(numbers) if numbers else f"{ko.get('banished_left')} left"
            line += f", {who} draws {draws} ({said})"
        elif numbers:
            line += f" ({', '.join(numbers)})"
        if ko.get("lost"):
            line += f"; {who} has no Banished left and loses the match"
        parts.append(line)
    return "; ".join(parts)


def _favored(b: Body, n: Names) -> str:
    return f"{seat_name(n, b.get('seat_id'))} holds Fiend's Favor."


def _entered(b: Body, n: Names) -> str:
    g = b.get("grim", {})
    line = (
        f"{_grim(n, g.get('seat_id'), g.get('name'))} entered play: {g.get('element')}, "
        f"{g.get('health')} Health, Speed {g.get('speed')}, {g.get('stamina')} Stamina"
    )
    if g.get("attached"):
        line += f", {g['attached']} attached"
    if g.get("spirits"):
        line += f", {plural(g['spirits'], 'Spirit')}"
    if not b.get("acts_this_round", True):
        line += " (acts from next Round)"
    return line + "."


def _attached(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    if b.get("element") is None:
        line = f"{who}'s {b.get('before')} Element was removed"
    else:
        line = f"{who}: {b.get('element')} Element attached"
        if b.get("before"):
            line += f" (replacing {b['before']})"
    if b.get("reaction"):
        owner = seat_name(n, b.get("seat_id"))
        line = f"{owner} reacts: {line} ({owner}'s Reaction is used)"
    if b.get("light") == "choose_again":
        line += "; its Light Spirit Bonus ends, choose a new Spirit Bonus"
    elif b.get("light") == "lost":
        line += "; its Light Spirit Bonus ends"
    return line + "."


def _spirit(b: Body, n: Names) -> str:
    spirits = b.get("spirits")
    said = f"Spirits {before_after(b['before'], spirits)}" if "before" in b else f"{spirits}/3"
    line = f"{_grim(n, b.get('seat_id'), b.get('name'))} attached a Spirit ({said})"
    if b.get("bonus_due"):
        line += ": Spirit Bonus due"
    return line + "."


def _bonus(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    line = f"{who} took the {b.get('element')} Spirit Bonus: {b.get('bonus')}"
    notes = []
    if "spirits_before" in b:
        if b.get("spirits_after") == b["spirits_before"]:
            notes.append("Spirits kept")
        else:
            notes.append(f"Spirits {before_after(b['spirits_before'], b.get('spirits_after'))} to Limbo")
    healed = b.get("healed")
    if healed:
        notes.append(f"Health {before_after(healed['before'], healed['after'])}, cured")
    return line + (f" ({'; '.join(notes)})" if notes else "") + "."


def _status(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    if b.get("status") is None:
        return f"{who}'s {b.get('before')} was cleared{_card(b)}."
    line = f"{who} is inflicted with {b.get('status')}"
    if b.get("before") and b.get("before") != b.get("status"):
        line += f" (replacing {b['before']})"
    if b.get("reaction_seat_id") is not None:
        reactor = seat_name(n, b["reaction_seat_id"])
        line = f"{reactor} reacts: {line} ({reactor}'s Reaction is used)"
    return line + _card(b) + "."


def _hit(h: Body) -> str:
    """One Target's share of an Attack: its damage and Health, or the miss."""
    if h.get("missed"):
        return f"missed, {h.get('target')} is Immune ({h.get('breakdown')})"
    return (
        f"{h.get('damage')} damage ({h.get('breakdown')}), "
        f"Health {before_after(h.get('health_before'), h.get('health_after'))}"
    )


def _attacked(b: Body, n: Names) -> str:
    attacker = _grim(n, b.get("attacker_seat_id"), b.get("attacker"))
    hits = b.get("hits") or [b]
    parts = []
    for i, h in enumerate(hits):
        target = _grim(n, h.get("target_seat_id"), h.get("target"))
        head = f"{attacker} attacked {target} with {b.get('element')}: " if i == 0 else f"and {target}: "
        parts.append(head + _hit(h))
    line = "; ".join(parts)
    line += (
        f"; {b.get('cost')} Stamina spent ({before_after(b.get('stamina_before'), b.get('stamina_after'))})"
    )
    cleared = [f"{c.get('name')}'s {c.get('status')}" for c in b.get("cleared") or []]
    if cleared:
        line += f"; {', '.join(cleared)} cleared"
    for side in b.get("side") or []:
        moved = before_after(side.get("before"), side.get("after"))
        line += f"; {side.get('status')}: {side.get('name')} takes {side.get('damage')} ({moved})"
    kos = _knockouts(n, b.get("knockouts"))
    if kos:
        line += f"; {kos}"
    if b.get("extra_attack"):
        line += f"; the {b['extra_attack']} Spirit Bonus's extra Attack"
    return line + _card(b) + "."


def _spent(b: Body) -> str:
    """ "3 Stamina and 2 Bond Cards (Stamina 6 → 3, Spirits 1 → 0, Water Element spent)"."""
    spent = []
    if b.get("stamina"):
        spent.append(f"{b['stamina']} Stamina")
    if b.get("bonds"):
        spent.append(plural(b["bonds"], "Bond Card"))
    numbers = []
    if b.get("stamina") and "stamina_before" in b:
        numbers.append(f"Stamina {before_after(b['stamina_before'], b.get('stamina_after'))}")
    if "spirits_before" in b and b.get("spirits_after") != b["spirits_before"]:
        numbers.append(f"Spirits {before_after(b['spirits_before'], b.get('spirits_after'))}")
    if b.get("element_spent"):
        numbers.append(f"{b['element_spent']} Element spent")
    return " and ".join(spent) + (f" ({', '.join(numbers)})" if numbers else "")


def _healing(b: Body) -> str:
    line = (
        f"healed {b.get('after', 0) - b.get('before', 0)} with {_spent(b)}: "
        f"Health {before_after(b.get('before'), b.get('after'))}"
    )
    if b.get("cured"):
        line += f", {b['cured']} cured"
    return line


def _healed(b: Body, n: Names) -> str:
    return f"{_grim(n, b.get('seat_id'), b.get('name'))} {_healing(b)}{_card(b)}."


def _swapped(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    g = b.get("incoming") or {}
    healed = b.get("healed")
    line = f"{who} {_healing(healed)}, and swapped" if healed else f"{who} swapped"
    line += (
        f" with {g.get('name')} ({g.get('element')}, {g.get('health')} Health, Speed {g.get('speed')}, "
        f"{g.get('stamina')} Stamina)"
    )
    carried = b.get("carried") or {}
    bonds = []
    if carried.get("spirits"):
        bonds.append(plural(carried["spirits"], "Spirit"))
    if carried.get("attached"):
        bonds.append(f"{carried['attached']} Element")
    if bonds:
        line += f", which takes its {' and '.join(bonds)}"
        if carried.get("spirits"):
            line += f" ({b.get('name')}'s Spirits {before_after(carried['spirits'], 0)})"
    if not b.get("acts_this_round", True):
        line += " (acts from next Round)"
    return line + _card(b) + "."


def _reacted(b: Body, n: Names) -> str:
    return f"{seat_name(n, b.get('seat_id'))} used their Reaction this Round."


def _turn(b: Body, n: Names) -> str:
    parts = []
    ended = b.get("ended")
    if ended:
        line = f"{_grim(n, ended.get('seat_id'), ended.get('name'))}'s Turn ended"
        if ended.get("cleared"):
            line += f" ({ended['cleared']} cleared)"
        parts.append(line)
    started = b.get("started")
    if started:
        line = (
            f"now {_grim(n, started.get('seat_id'), started.get('name'))}: +2 Stamina "
            f"({started.get('stamina_before')} {ARROW} {started.get('stamina_after')})"
        )
        if started.get("phase") == "paralysis":
            line += " in the Paralysis Phase"
        parts.append(line)
    else:
        parts.append("every Grim has acted this Round")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _reordered(b: Body, n: Names) -> str:
    return f"Turn order for the rest of the Round: {', '.join(str(x) for x in b.get('names') or [])}."


def _round(b: Body, n: Names) -> str:
    after = b.get("next_round")
    line = (
        f"Round {before_after(b.get('round'), after)}"
        if after is not None
        else f"Round {b.get('round')} ended"
    )
    if b.get("skipped"):
        line += f" ({', '.join(b['skipped'])} did not act)"
    if b.get("favor_to") is not None and b.get("favor_to") != b.get("favor_from"):
        line += f"; Fiend's Favor passes to {seat_name(n, b['favor_to'])}"
    line += "; Reactions refresh"
    if b.get("afterworld_discarded"):
        line += f"; the {b['afterworld_discarded']} Afterworld is discarded"
    if b.get("revived"):
        line += "; every Afterworld is revived"
    return line + "."


def _afterworld(b: Body, n: Names) -> str:
    line = f"{seat_name(n, b.get('seat_id'))} set the {b.get('element')} Afterworld"
    if b.get("before"):
        line += f" (the {b['before']} one is discarded)"
    return line + "."


def _adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field", "")).capitalize()
    by = int(b.get("by", 0))
    line = (
        f"{_grim(n, b.get('seat_id'), b.get('name'))}: {field} {b.get('before')} {ARROW} {b.get('after')} "
        f"({'+' if by >= 0 else chr(0x2212)}{abs(by)}) by hand: {b.get('note')}"
    )
    kos = _knockouts(n, b.get("knockouts"))
    return line + (f"; {kos}" if kos else "") + "."


def _player_adjusted(b: Body, n: Names) -> str:
    field = "Banished" if b.get("field") == "banished" else "Knockouts"
    change = before_after(b.get("before"), b.get("after"))
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(f'{field} {change}', b)}."


LINES: dict[str, Line] = {
    "grim.favored": _favored,
    "grim.entered": _entered,
    "grim.attached": _attached,
    "grim.spirit_attached": _spirit,
    "grim.spirit_bonus_chosen": _bonus,
    "grim.status_set": _status,
    "grim.attacked": _attacked,
    "grim.healed": _healed,
    "grim.swapped": _swapped,
    "grim.reacted": _reacted,
    "turn.advanced": _turn,
    "turn.reordered": _reordered,
    "round.ended": _round,
    "grim.afterworld_set": _afterworld,
    "grim.adjusted": _adjusted,
    "player.adjusted": _player_adjusted,
}

describe = describer(LINES)
