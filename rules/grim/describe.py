"""One log line per GRIM event, with names and numbers (brief: describe)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

ARROW = "\u2192"

Body = Mapping[str, Any]
Names = Mapping[int, str]


def _seat(names: Names, seat_id: Any) -> str:
    if isinstance(seat_id, int) and seat_id in names:
        return names[seat_id]
    return f"Seat {seat_id}" if seat_id is not None else "Nobody"


def _grim(names: Names, seat_id: Any, name: Any) -> str:
    return f"{_seat(names, seat_id)}'s {name}"


def _knockouts(names: Names, knockouts: Any) -> str:
    parts = []
    for ko in knockouts or []:
        who = _seat(names, ko.get("seat_id"))
        line = f"{ko.get('name')} is knocked out"
        if ko.get("counts", 1) > 1:
            line += " (counts as two)"
        if ko.get("drawn"):
            draws = "a Banished" if ko["drawn"] == 1 else f"{ko['drawn']} Banished"
            line += f", {who} draws {draws} ({ko.get('banished_left')} left)"
        if ko.get("lost"):
            line += f"; {who} has no Banished left and loses the match"
        parts.append(line)
    return "; ".join(parts)


def _favored(b: Body, n: Names) -> str:
    return f"{_seat(n, b.get('seat_id'))} holds Fiend's Favor."


def _entered(b: Body, n: Names) -> str:
    g = b.get("grim", {})
    line = (
        f"{_grim(n, g.get('seat_id'), g.get('name'))} entered play: {g.get('element')}, "
        f"{g.get('health')} Health, Speed {g.get('speed')}, {g.get('stamina')} Stamina"
    )
    if g.get("attached"):
        line += f", {g['attached']} attached"
    if g.get("spirits"):
        line += f", {g['spirits']} Spirits"
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
    if b.get("light") == "choose_again":
        line += "; its Light Spirit Bonus ends, choose a new Spirit Bonus"
    elif b.get("light") == "lost":
        line += "; its Light Spirit Bonus ends"
    return line + "."


def _spirit(b: Body, n: Names) -> str:
    line = f"{_grim(n, b.get('seat_id'), b.get('name'))} attached a Spirit ({b.get('spirits')}/3)"
    if b.get("bonus_due"):
        line += ": Spirit Bonus due"
    return line + "."


def _bonus(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    line = f"{who} took the {b.get('element')} Spirit Bonus: {b.get('bonus')}"
    healed = b.get("healed")
    if healed:
        line += f" (Health {healed['before']} {ARROW} {healed['after']}, cured)"
    return line + "."


def _status(b: Body, n: Names) -> str:
    who = _grim(n, b.get("seat_id"), b.get("name"))
    if b.get("status") is None:
        return f"{who}'s {b.get('before')} was cleared."
    line = f"{who} is inflicted with {b.get('status')}"
    if b.get("before") and b.get("before") != b.get("status"):
        line += f" (replacing {b['before']})"
    return line + "."


def _attacked(b: Body, n: Names) -> str:
    attacker = _grim(n, b.get("attacker_seat_id"), b.get("attacker"))
    target = _grim(n, b.get("target_seat_id"), b.get("target"))
    head = f"{attacker} attacked {target} with {b.get('element')}"
    if b.get("missed"):
        line = f"{head}: missed, {b.get('target')} is Immune ({b.get('breakdown')})"
    else:
        line = (
            f"{head}: {b.get('damage')} damage ({b.get('breakdown')}), "
            f"Health {b.get('health_before')} {ARROW} {b.get('health_after')}"
        )
    line += f"; {b.get('cost')} Stamina spent ({b.get('stamina_before')} {ARROW} {b.get('stamina_after')})"
    cleared = [f"{c.get('name')}'s {c.get('status')}" for c in b.get("cleared") or []]
    if cleared:
        line += f"; {', '.join(cleared)} cleared"
    for s in b.get("side") or []:
        line += (
            f"; {s.get('status')}: {s.get('name')} takes {s.get('damage')} "
            f"({s.get('before')} {ARROW} {s.get('after')})"
        )
    kos = _knockouts(n, b.get("knockouts"))
    return line + (f"; {kos}" if kos else "") + "."


def _healed(b: Body, n: Names) -> str:
    spent = []
    if b.get("stamina"):
        spent.append(f"{b['stamina']} Stamina")
    if b.get("bonds"):
        spent.append(f"{b['bonds']} Bond Card{'s' if b['bonds'] != 1 else ''}")
    line = (
        f"{_grim(n, b.get('seat_id'), b.get('name'))} healed {b.get('after', 0) - b.get('before', 0)} "
        f"({' and '.join(spent)}): Health {b.get('before')} {ARROW} {b.get('after')}"
    )
    if b.get("cured"):
        line += f", {b['cured']} cured"
    return line + "."


def _reacted(b: Body, n: Names) -> str:
    return f"{_seat(n, b.get('seat_id'))} used their Reaction this Round."


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
    line = f"Round {b.get('round')} ended"
    if b.get("skipped"):
        line += f" ({', '.join(b['skipped'])} did not act)"
    if b.get("favor_to") is not None and b.get("favor_to") != b.get("favor_from"):
        line += f"; Fiend's Favor passes to {_seat(n, b['favor_to'])}"
    line += "; Reactions refresh"
    if b.get("afterworld_discarded"):
        line += f"; the {b['afterworld_discarded']} Afterworld is discarded"
    if b.get("revived"):
        line += "; every Afterworld is revived"
    return line + "."


def _afterworld(b: Body, n: Names) -> str:
    line = f"{_seat(n, b.get('seat_id'))} set the {b.get('element')} Afterworld"
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
    change = f"{b.get('before')} {ARROW} {b.get('after')}"
    return f"{_seat(n, b.get('seat_id'))}: {field} {change} by hand: {b.get('note')}."


def _reverted(b: Body, n: Names) -> str:
    of = str(b.get("of", "a change")).replace(".", " ").replace("_", " ")
    return f"Undone: {of}."


LINES: dict[str, Callable[[Body, Names], str]] = {
    "grim.favored": _favored,
    "grim.entered": _entered,
    "grim.attached": _attached,
    "grim.spirit_attached": _spirit,
    "grim.spirit_bonus_chosen": _bonus,
    "grim.status_set": _status,
    "grim.attacked": _attacked,
    "grim.healed": _healed,
    "grim.reacted": _reacted,
    "turn.advanced": _turn,
    "turn.reordered": _reordered,
    "round.ended": _round,
    "grim.afterworld_set": _afterworld,
    "grim.adjusted": _adjusted,
    "player.adjusted": _player_adjusted,
    "reverted": _reverted,
}


def describe(event_type: str, payload: Body, seat_names: Names) -> str:
    line = LINES.get(event_type)
    if line is None:
        return event_type.replace(".", " ").replace("_", " ")
    return line(payload, seat_names)
