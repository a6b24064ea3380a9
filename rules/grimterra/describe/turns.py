"""The lines of the game's course: its start, each turn and phase, the combat and its rounds
(rulebook 3 Phases, 8 Combat).

"Bo's turn ends; Imp dies at the end of its player's turn; Ann's turn 4: Draw; Ann draws 2
(hand 3 → 5, deck 40 → 38)."
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, before_after, seat_name
from rules.grimterra.describe.consequences import death, draws, flip, hero, with_outcome
from rules.grimterra.words import PHASE_NAMES, word
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

ENDINGS = {
    "three_rounds": gettext_noop("combat ends after 3 rounds"),
    "target_gone": gettext_noop("combat ends: the target is no longer in the arena"),
    "attacker_gone": gettext_noop("combat ends: the attacker is no longer in the arena"),
    "game_over": gettext_noop("combat ends"),
    "by_hand": gettext_noop("combat ends early"),
}
"""Why a combat ended."""


def _started(b: Body, n: Names) -> str:
    head = "; ".join(
        [
            _("The game begins: %(who)s plays first") % {"who": seat_name(n, b.get("seat_id"))},
            *draws(n, b.get("draws")),
        ]
    )
    return with_outcome(head, n, b.get("result"))


def _phase(b: Body, n: Names) -> str:
    return _("%(who)s's turn %(number)s: %(phase)s.") % {
        "who": seat_name(n, b.get("seat_id")),
        "number": b.get("number"),
        "phase": word(PHASE_NAMES, b.get("phase")),
    }


def _began(b: Body, n: Names) -> str:
    parts = [_("%(who)s's turn ends") % {"who": seat_name(n, b.get("ended_seat_id"))}]
    parts += [death(d) for d in b.get("minions_died") or []]
    parts.append(
        _("%(who)s's turn %(number)s: %(phase)s")
        % {"who": seat_name(n, b.get("seat_id")), "number": b.get("number"), "phase": _(PHASE_NAMES["draw"])}
    )
    parts += draws(n, b.get("draws"))
    return with_outcome("; ".join(parts), n, b.get("result"))


def _combat(b: Body, n: Names) -> str:
    return _("%(attacker)s enters combat with %(target)s (round %(round)s of %(rounds)s).") % {
        "attacker": hero(n, b.get("attacker")),
        "target": hero(n, b.get("target")),
        "round": b.get("round"),
        "rounds": b.get("rounds"),
    }


def _round(b: Body, n: Names) -> str:
    parts = [_("Combat round %(round)s ends") % {"round": b.get("round")}]
    parts += [flip(f) for f in b.get("flipped") or []]
    ended = b.get("ended")
    if ended:
        ending = _(ENDINGS.get(str(ended), "combat ends"))
        if b.get("note"):
            ending += f" ({b['note']})"
        parts.append(ending)
    else:
        parts.append(_("round %(round)s of 3") % {"round": before_after(b.get("round"), b.get("next_round"))})
    return with_outcome("; ".join(parts), n, b.get("result"))


LINES: dict[str, Line] = {
    "game.started": _started,
    "turn.phase": _phase,
    "turn.began": _began,
    "combat.started": _combat,
    "combat.round_ended": _round,
    "combat.ended": _round,
}
