"""One log line per Grimterra event, with names and numbers (brief: describe).

"Ann's hero Vex takes 3 wounds (wounds 2 → 5 of 7); Vex flips at the end of this round."
Every number a command changes is named as before → after (the log tells the
truth, ``rules.changes``): hands, decks and discard piles, wounds, dark
counters, the combat round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.describing import (
    ARROW,
    Body,
    Line,
    Names,
    and_list,
    before_after,
    by_hand,
    describer,
    plural,
    seat_name,
)

PHASE_NAMES = {
    "draw": "Draw",
    "pre": "Pre Combat",
    "combat": "Combat",
    "post": "Post Combat",
    "discard": "Discard",
}
KIND_NAMES = {
    "spell": "Spell",
    "equipment": "Equipment",
    "power": "Power",
    "attack": "Attack",
    "defense": "Defense",
}


def _hero(names: Names, h: Any) -> str:
    """``Ann's hero Vex`` (``Ann's minion Imp``)."""
    h = h or {}
    kind = "minion" if h.get("minion") else "hero"
    return f"{seat_name(names, h.get('seat_id'))}'s {kind} {h.get('name')}"


DEATHS = {
    "dark": "dies of darkness ({dark} dark counters)",
    "wounds": "dies of its wounds",
    "left_arena": "left the arena and dies",
    "end_of_turn": "dies at the end of its player's turn",
    "by_hand": "is dead",
}


def _death(d: Mapping[str, Any]) -> str:
    what = DEATHS.get(str(d.get("cause")), "dies").format(dark=d.get("dark"))
    return f"{d.get('name')} {what}"


def _flip(f: Mapping[str, Any]) -> str:
    line = f"{f.get('name')} flips to its empowered side"
    if f.get("wounds_cleared"):
        carried = int(f.get("wounds_after") or 0)
        line += f" (wounds {before_after(f['wounds_cleared'], carried)}"
        line += f": {carried} carried over" if carried else ""
        line += f", {f.get('dark')} dark kept)" if f.get("dark") else ")"
    if f.get("died"):
        line += f"; {_death(f['died'])}"
    return line


def _outcome(n: Names, r: Any) -> list[str]:
    """The consequences a command had: flips, deaths, players out, the winner."""
    if not r:
        return []
    parts = [f"{p.get('name')} flips at the end of this round" for p in r.get("pending") or []]
    parts += [_flip(f) for f in r.get("flipped") or []]
    parts += [_death(d) for d in r.get("died") or []]
    for out in r.get("out") or []:
        if out.get("kept"):
            continue
        who = seat_name(n, out.get("seat_id"))
        if out.get("cause") == "empty_deck":
            parts.append(f"{who} must draw from an empty deck and is out")
        else:
            parts.append(f"{who} has no living hero left and is out")
    reason = r.get("win_reason")
    darks = r.get("dark_totals") or {}
    if reason == "last_standing":
        parts.append(f"{seat_name(n, r.get('winner_seat_id'))} wins")
    elif reason == "fewest_dark":
        winner = r.get("winner_seat_id")
        others = [
            f"{seat_name(n, int(seat))}'s {total}"
            for seat, total in darks.items()
            if str(seat) != str(winner)
        ]
        parts.append(
            f"no hero is left: {seat_name(n, winner)} wins with the fewest dark counters "
            f"({darks.get(str(winner))} against {and_list(others)})"
        )
    elif reason == "tie":
        tied = [seat_name(n, s) for s in r.get("tied_seat_ids") or []]
        total = darks.get(str((r.get("tied_seat_ids") or [None])[0]))
        parts.append(f"no hero is left and {and_list(tied)} tie on {total} dark counters: nobody wins")
    return parts


def _line(head: str, n: Names, result: Any) -> str:
    parts = [head, *_outcome(n, result)]
    return "; ".join(parts) + "."


def _hand_and_deck(d: Mapping[str, Any]) -> str:
    """``hand 0 → 5, deck 60 → 55`` after drawing ``drew`` cards."""
    drew = int(d.get("drew") or 0)
    hand = int(d.get("hand") or 0)
    line = f"hand {before_after(hand - drew, hand)}"
    if d.get("deck") is not None:
        line += f", deck {before_after(int(d['deck']) + drew, d['deck'])}"
    return line


def _draws(n: Names, draws: Any) -> list[str]:
    return [
        f"{seat_name(n, d.get('seat_id'))} draws {d.get('drew')} ({_hand_and_deck(d)})" for d in draws or []
    ]


def _started(b: Body, n: Names) -> str:
    head = "; ".join(
        [f"The game begins: {seat_name(n, b.get('seat_id'))} plays first", *_draws(n, b.get("draws"))]
    )
    return _line(head, n, b.get("result"))


def _added(b: Body, n: Names) -> str:
    h = b.get("hero") or {}
    kind = "minion" if h.get("minion") else "hero"
    line = (
        f"{seat_name(n, h.get('seat_id'))} brings the {kind} {h.get('name')} "
        f"({'/'.join(h.get('fates') or [])}, Health {h.get('health')}, "
        f"Empowered Health {h.get('empowered_health')}) into the {h.get('position')}"
    )
    if b.get("sent_back"):
        line += f"; {b['sent_back'].get('name')} goes to the backrow"
    return line + "."


def _hero_moved(b: Body, n: Names) -> str:
    line = f"{_hero(n, b)} moves to the {b.get('position')}"
    if b.get("note"):
        line += f" ({b['note']})"
    if b.get("sent_back"):
        line += f"; {b['sent_back'].get('name')} goes to the backrow"
    if b.get("died"):
        line += f"; {_death(b['died'])}"
    return line + "."


def _skill(b: Body, n: Names) -> str:
    return (
        f"{_hero(n, b)}: {b.get('fate')} {b.get('before')} {ARROW} {b.get('level')} "
        f"on its {b.get('side')} side."
    )


def _wounded(b: Body, n: Names) -> str:
    head = (
        f"{_hero(n, b)} takes {plural(b.get('amount'), 'wound')} "
        f"(wounds {before_after(b.get('before'), b.get('after'))}, Health {b.get('out_of')})"
    )
    return _line(head, n, b.get("result"))


def _healed(b: Body, n: Names) -> str:
    removed = int(b.get("before", 0)) - int(b.get("after", 0))
    head = (
        f"{_hero(n, b)} loses {plural(removed, 'wound')} "
        f"(wounds {before_after(b.get('before'), b.get('after'))}, Health {b.get('out_of')})"
    )
    return _line(head, n, b.get("result"))


def _darkened(b: Body, n: Names) -> str:
    head = (
        f"{_hero(n, b)} gains {plural(b.get('by'), 'dark counter')} "
        f"(dark {before_after(b.get('before'), b.get('after'))} of 6)"
    )
    return _line(head, n, b.get("result"))


def _dark_moved(b: Body, n: Names) -> str:
    f, t = b.get("from") or {}, b.get("to") or {}
    head = (
        f"{plural(b.get('count'), 'dark counter')} move from {_hero(n, f)} "
        f"({f.get('before')} {ARROW} {f.get('after')}) to {_hero(n, t)} "
        f"({t.get('before')} {ARROW} {t.get('after')})"
    )
    return _line(head, n, b.get("result"))


def _used(b: Body, n: Names) -> str:
    kind = KIND_NAMES.get(str(b.get("kind")), str(b.get("kind")))
    if b.get("passive"):
        kind = "passive Power"
    if b.get("card"):
        head = f"{_hero(n, b)} uses the {kind} {b['card']}"
    elif b.get("kind") == "power":
        head = f"{_hero(n, b)} uses its {kind}"
    else:
        head = f"{_hero(n, b)} plays {'an' if kind[0] in 'AEIOU' else 'a'} {kind} card"
    fate = b.get("fate")
    if fate == "Tenebris":
        head += (
            f" (Tenebris: +{b.get('requirement')} dark, {b.get('dark_before')} {ARROW} {b.get('dark_after')})"
        )
    elif fate is not None:
        head += f" ({fate} {b.get('requirement')}, skill {b.get('skill')})"
    if b.get("hand") is not None:
        head += f"; hand {before_after(int(b['hand']) + 1, b['hand'])}"
        if b.get("discard") is not None:
            head += f", discard pile {before_after(int(b['discard']) - 1, b['discard'])}"
    return _line(head, n, b.get("result"))


def _bluffed(b: Body, n: Names) -> str:
    hand, discard = int(b.get("hand") or 0), int(b.get("discard") or 0)
    return (
        f"{seat_name(n, b.get('seat_id'))} bluffs: a card face down to the discard pile "
        f"(hand {before_after(hand + 1, hand)}, discard pile {before_after(discard - 1, discard)})."
    )


def _illegal(b: Body, n: Names) -> str:
    hand, discard = int(b.get("hand") or 0), int(b.get("discard") or 0)
    card = f", {b['card']}" if b.get("card") else ""
    return (
        f"{seat_name(n, b.get('seat_id'))} revealed an illegal card{card}: it is discarded "
        f"(hand {before_after(hand + 1, hand)}, discard pile {before_after(discard - 1, discard)}); "
        f"{seat_name(n, b.get('other_seat_id'))} may change or retract their card, "
        "and its effects trigger this round."
    )


def _drawn(b: Body, n: Names) -> str:
    head = f"{seat_name(n, b.get('seat_id'))} draws {b.get('drew')}"
    if b.get("empty"):
        head += f" of {b.get('count')}: the deck is empty"
    return _line(f"{head} ({_hand_and_deck(b)})", n, b.get("result"))


def _discarded(b: Body, n: Names) -> str:
    count, hand, discard = (int(b.get(k) or 0) for k in ("count", "hand", "discard"))
    return (
        f"{seat_name(n, b.get('seat_id'))} discards {count} "
        f"(hand {before_after(hand + count, hand)}, discard pile {before_after(discard - count, discard)})."
    )


def _combat(b: Body, n: Names) -> str:
    return (
        f"{_hero(n, b.get('attacker'))} enters combat with {_hero(n, b.get('target'))} "
        f"(round {b.get('round')} of {b.get('rounds')})."
    )


ENDINGS = {
    "three_rounds": "combat ends after 3 rounds",
    "target_gone": "combat ends: the target is no longer in the arena",
    "attacker_gone": "combat ends: the attacker is no longer in the arena",
    "game_over": "combat ends",
    "by_hand": "combat ends early",
}


def _round(b: Body, n: Names) -> str:
    parts = [f"Combat round {b.get('round')} ends"]
    parts += [_flip(f) for f in b.get("flipped") or []]
    ended = b.get("ended")
    if ended:
        ending = ENDINGS.get(str(ended), "combat ends")
        if b.get("note"):
            ending += f" ({b['note']})"
        parts.append(ending)
    else:
        parts.append(f"round {before_after(b.get('round'), b.get('next_round'))} of 3")
    return _line("; ".join(parts), n, b.get("result"))


def _phase(b: Body, n: Names) -> str:
    phase = PHASE_NAMES.get(str(b.get("phase")), str(b.get("phase")))
    return f"{seat_name(n, b.get('seat_id'))}'s turn {b.get('number')}: {phase}."


def _began(b: Body, n: Names) -> str:
    parts = [f"{seat_name(n, b.get('ended_seat_id'))}'s turn ends"]
    parts += [_death(d) for d in b.get("minions_died") or []]
    parts.append(f"{seat_name(n, b.get('seat_id'))}'s turn {b.get('number')}: Draw")
    parts += _draws(n, b.get("draws"))
    return _line("; ".join(parts), n, b.get("result"))


def _adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field", "")).replace("_", " ")
    head = f"{_hero(n, b)}: {field} {b.get('before')} {ARROW} {b.get('after')} by hand: {b.get('note')}"
    return _line(head, n, b.get("result"))


def _deck(b: Body, n: Names) -> str:
    if b.get("cards") is None:
        return f"{seat_name(n, b.get('seat_id'))}'s deck is no longer counted."
    line = f"{seat_name(n, b.get('seat_id'))}'s deck holds {plural(b.get('cards'), 'card')}"
    if b.get("before") is not None:
        line += f" ({before_after(b['before'], b['cards'])})"
    return line + "."


def _player_adjusted(b: Body, n: Names) -> str:
    field = str(b.get("field"))
    if field in ("spell", "equipment", "power"):
        state = "used" if b.get("after") else "not used"
        what = f"this turn's {KIND_NAMES[field]} {state}"
    else:

        def count(value: Any) -> str:
            return "not counted" if value is None else str(value)

        what = f"{field} {count(b.get('before'))} {ARROW} {count(b.get('after'))}"
    return f"{seat_name(n, b.get('seat_id'))}: {by_hand(what, b)}."


LINES: dict[str, Line] = {
    "game.started": _started,
    "hero.added": _added,
    "hero.moved": _hero_moved,
    "hero.skill_set": _skill,
    "hero.wounded": _wounded,
    "hero.healed": _healed,
    "hero.darkened": _darkened,
    "hero.dark_moved": _dark_moved,
    "card.used": _used,
    "card.bluffed": _bluffed,
    "card.illegal_revealed": _illegal,
    "card.drawn": _drawn,
    "card.discarded": _discarded,
    "combat.started": _combat,
    "combat.round_ended": _round,
    "combat.ended": _round,
    "turn.phase": _phase,
    "turn.began": _began,
    "hero.adjusted": _adjusted,
    "player.deck_set": _deck,
    "player.adjusted": _player_adjusted,
}

describe = describer(LINES)
